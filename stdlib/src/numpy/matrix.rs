//! `np.matrix`, `np.asmatrix` and `np.bmat` (numpy/matrixlib/defmatrix.py).
//! NumPy writes the class in Python as a subclass of `ndarray`, so here it
//! is a class like a user's ([`crate::py::class::Class`], module `numpy`)
//! whose base is `np.ndarray` (so `isinstance(m, np.ndarray)` holds) and
//! whose methods are the table entries of the `matrix` module below, as for
//! `np.poly1d` and `np.ma.MaskedArray`. An instance's `__dict__` holds
//! `_data`, the two-dimensional array it is (views share its memory).
//!
//! Every array a method makes passes through [`finalize`], NumPy's
//! `matrix.__array_finalize__` (a matrix is always two-dimensional); the
//! reductions keep their dimensions and collapse to a scalar without an
//! axis (`_collapse`, `_align`); `*` is the matrix product and `**` the
//! matrix power. NumPy's functions meet a matrix through [`intercept`]:
//! the reductions call the method, the ufuncs and the functions NumPy
//! writes with `asanyarray` wrap their result back into a matrix.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use super::compose::{call_in, np, np_kw, shape_value};
use super::subclass::Subclass;
use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::py::class::{Attrs, Class};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// `np.matrix` itself (for `:help`; the module's `matrix` is the class),
/// `np.asmatrix` and `np.bmat`.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Function, NumpyLinalg, "numpy", "matrix", "(data, dtype=None, copy=True)", construct,
        "A two-dimensional array (a class, an ndarray subclass) where * is the matrix product and ** the matrix power; from an array, nested lists or a string '1 2; 3 4'.",
        ["np.matrix([[1, 2], [3, 4]]) * np.matrix([[1, 2], [3, 4]])  # matrix([[ 7, 10],\n        [15, 22]])", "np.matrix([[1, 2], [3, 4]]).sum(axis=0)  # matrix([[4, 6]])", "np.matrix([1, 2]).T.shape  # (2, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Function, NumpyLinalg, "numpy", "asmatrix", "(data, dtype=None)", asmatrix_fn,
        "The input as a matrix without copying (matrix(data, copy=False)): a view of an array's memory.",
        ["np.asmatrix(np.arange(3))  # matrix([[0, 1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Function, NumpyLinalg, "numpy", "bmat", "(obj, ldict=None, gdict=None)", bmat_fn,
        "A matrix built from blocks: nested lists of arrays or matrices, or a string 'A B; C D' naming matrices in the caller's globals.",
        ["np.bmat([[np.eye(1), np.zeros((1, 1))]])  # matrix([[1., 0.]])"]),
];

/// The methods and properties of the class (module `matrix`).
pub const METHODS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__init__", "(self, data, dtype=None, copy=True)", init,
        "Initialises a matrix from an array, a matrix, nested lists or a string.",
        ["np.matrix([1, 2]).shape  # (1, 2)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__array__", "(self, dtype=None, copy=None)", array_m,
        "The matrix as a two-dimensional ndarray (optionally of dtype).",
        ["np.asarray(np.matrix([1, 2]))  # array([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__repr__", "(self)", repr_m,
        "matrix([[...]]): the array repr under the class name.",
        ["repr(np.matrix([1, 2]))  # 'matrix([[1, 2]])'"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__str__", "(self)", str_m,
        "The array's str.",
        ["str(np.matrix([1, 2]))  # '[[1 2]]'"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__len__", "(self)", len_m,
        "The number of rows.",
        ["len(np.matrix([[1, 2], [3, 4]]))  # 2"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__iter__", "(self)", iter_m,
        "Iterates over the rows, each a 1xN matrix.",
        ["list(np.matrix([[1, 2], [3, 4]]))[1]  # matrix([[3, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__bool__", "(self)", bool_m,
        "The truth of a one-element matrix (ValueError for more elements).",
        ["bool(np.matrix([[1]]))  # True"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__getitem__", "(self, index)", getitem_m,
        "Indexing that stays two-dimensional: a row is 1xN, a column Nx1, one element a scalar.",
        ["np.matrix([[1, 2], [3, 4]]).__getitem__((slice(None), 1))  # matrix([[2],\n        [4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__setitem__", "(self, index, value)", setitem_m,
        "Assigns into the matrix's memory as for an ndarray.",
        ["m = np.matrix([[1, 2], [3, 4]]); m.__setitem__((0, 0), 9); m[0]  # matrix([[9, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__getattr__", "(self, name)", getattr_m,
        "The ndarray attributes of the matrix's array (shape, dtype, strides, ...), arrays as matrices.",
        ["np.matrix([1, 2]).dtype  # dtype('int64')"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__mul__", "(self, other)", mul_m,
        "The matrix product (np.dot) with another matrix, array or list; times a scalar elementwise.",
        ["np.matrix([[1, 2], [3, 4]]) * [[1], [1]]  # matrix([[3],\n        [7]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rmul__", "(self, other)", rmul_m,
        "other * self as the matrix product np.dot(other, self).",
        ["2 * np.matrix([1, 2])  # matrix([[2, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__imul__", "(self, other)", imul_m,
        "self = self * other in place (the matrix product).",
        ["m = np.matrix([[1, 2], [3, 4]]); m.__imul__(m)[0]  # matrix([[ 7, 10]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__pow__", "(self, other)", pow_m,
        "The matrix power (np.linalg.matrix_power).",
        ["np.matrix([[1, 1], [0, 1]]) ** 3  # matrix([[1, 3],\n        [0, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__ipow__", "(self, other)", ipow_m,
        "self = self ** other in place (the matrix power).",
        ["np.matrix([[1, 1], [0, 1]]).__ipow__(2)[0]  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rpow__", "(self, other)", rpow_m,
        "NotImplemented: a matrix is no exponent.",
        ["np.matrix([1]).__rpow__(2)  # NotImplemented"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__matmul__", "(self, other)", matmul_m,
        "The matrix product (np.matmul), as a matrix.",
        ["np.matrix([[1, 2], [3, 4]]) @ np.array([1, 1])  # matrix([[3, 7]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rmatmul__", "(self, other)", rmatmul_m,
        "other @ self, as a matrix.",
        ["np.array([1, 1]) @ np.matrix([[1, 2], [3, 4]])  # matrix([[4, 6]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__add__", "(self, other)", add_m,
        "Elementwise sum, as a matrix.",
        ["np.matrix([1, 2]) + 1  # matrix([[2, 3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__radd__", "(self, other)", radd_m,
        "Elementwise sum, as a matrix.",
        ["1 + np.matrix([1, 2])  # matrix([[2, 3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__iadd__", "(self, other)", iadd_m,
        "Elementwise sum in place.",
        ["np.matrix([1, 2]).__iadd__(1)  # matrix([[2, 3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__sub__", "(self, other)", sub_m,
        "Elementwise difference, as a matrix.",
        ["np.matrix([1, 2]) - 1  # matrix([[0, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rsub__", "(self, other)", rsub_m,
        "Elementwise difference, as a matrix.",
        ["1 - np.matrix([1, 2])  # matrix([[ 0, -1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__isub__", "(self, other)", isub_m,
        "Elementwise difference in place.",
        ["np.matrix([1, 2]).__isub__(1)  # matrix([[0, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__truediv__", "(self, other)", truediv_m,
        "Elementwise quotient, as a matrix.",
        ["np.matrix([1, 2]) / 2  # matrix([[0.5, 1. ]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rtruediv__", "(self, other)", rtruediv_m,
        "Elementwise quotient, as a matrix.",
        ["2 / np.matrix([1, 2])  # matrix([[2., 1.]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__itruediv__", "(self, other)", itruediv_m,
        "Elementwise quotient in place.",
        ["np.matrix([1.0, 2.0]).__itruediv__(2)  # matrix([[0.5, 1. ]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__floordiv__", "(self, other)", floordiv_m,
        "Elementwise floor quotient, as a matrix.",
        ["np.matrix([3, 4]) // 2  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rfloordiv__", "(self, other)", rfloordiv_m,
        "Elementwise floor quotient, as a matrix.",
        ["7 // np.matrix([3, 4])  # matrix([[2, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__mod__", "(self, other)", mod_m,
        "Elementwise remainder, as a matrix.",
        ["np.matrix([3, 4]) % 2  # matrix([[1, 0]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rmod__", "(self, other)", rmod_m,
        "Elementwise remainder, as a matrix.",
        ["7 % np.matrix([3, 4])  # matrix([[1, 3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__and__", "(self, other)", and_m,
        "Elementwise and, as a matrix.",
        ["np.matrix([3, 4]) & 1  # matrix([[1, 0]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rand__", "(self, other)", rand_m,
        "Elementwise and, as a matrix.",
        ["1 & np.matrix([3, 4])  # matrix([[1, 0]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__or__", "(self, other)", or_m,
        "Elementwise or, as a matrix.",
        ["np.matrix([2, 4]) | 1  # matrix([[3, 5]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__ror__", "(self, other)", ror_m,
        "Elementwise or, as a matrix.",
        ["1 | np.matrix([2, 4])  # matrix([[3, 5]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__xor__", "(self, other)", xor_m,
        "Elementwise exclusive or, as a matrix.",
        ["np.matrix([3, 4]) ^ 1  # matrix([[2, 5]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__rxor__", "(self, other)", rxor_m,
        "Elementwise exclusive or, as a matrix.",
        ["1 ^ np.matrix([3, 4])  # matrix([[2, 5]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__neg__", "(self)", neg_m,
        "Elementwise negation, as a matrix.",
        ["-np.matrix([1, 2])  # matrix([[-1, -2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__pos__", "(self)", pos_m,
        "A copy, as a matrix.",
        ["np.matrix([1, 2]).__pos__()  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__abs__", "(self)", abs_m,
        "Elementwise absolute value, as a matrix.",
        ["abs(np.matrix([-1, 2]))  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__invert__", "(self)", invert_m,
        "Elementwise inversion, as a matrix.",
        ["np.matrix([True, False]).__invert__()  # matrix([[False,  True]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__eq__", "(self, other)", eq_m,
        "Elementwise ==, as a bool matrix.",
        ["np.matrix([1, 2]) == 2  # matrix([[False,  True]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__ne__", "(self, other)", ne_m,
        "Elementwise !=, as a bool matrix.",
        ["np.matrix([1, 2]) != 2  # matrix([[ True, False]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__lt__", "(self, other)", lt_m,
        "Elementwise <, as a bool matrix.",
        ["np.matrix([1, 2]) < 2  # matrix([[ True, False]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__le__", "(self, other)", le_m,
        "Elementwise <=, as a bool matrix.",
        ["np.matrix([1, 2]) <= 1  # matrix([[ True, False]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__gt__", "(self, other)", gt_m,
        "Elementwise >, as a bool matrix.",
        ["np.matrix([1, 2]) > 1  # matrix([[False,  True]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "__ge__", "(self, other)", ge_m,
        "Elementwise >=, as a bool matrix.",
        ["np.matrix([1, 2]) >= 2  # matrix([[False,  True]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyLinalg, "matrix", "T", "(self, /)", t_p,
        "The transpose, as a matrix.",
        ["np.matrix([1, 2]).T  # matrix([[1],\n        [2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyLinalg, "matrix", "H", "(self, /)", h_p,
        "The conjugate transpose, as a matrix.",
        ["np.matrix([1j, 2]).H  # matrix([[0.-1.j],\n        [2.-0.j]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyLinalg, "matrix", "I", "(self, /)", i_p,
        "The inverse (np.linalg.inv; the pseudo-inverse pinv when not square), as a matrix.",
        ["np.matrix([[2, 0], [0, 4]]).I  # matrix([[0.5 , 0.  ],\n        [0.  , 0.25]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyLinalg, "matrix", "A", "(self, /)", a_p,
        "The matrix as a two-dimensional ndarray (a view).",
        ["np.matrix([1, 2]).A  # array([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyLinalg, "matrix", "A1", "(self, /)", a1_p,
        "The matrix as a flattened one-dimensional ndarray.",
        ["np.matrix([[1, 2], [3, 4]]).A1  # array([1, 2, 3, 4])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "getT", "(self)", t_p,
        "The transpose (the T property).",
        ["np.matrix([1, 2]).getT().shape  # (2, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "getH", "(self)", h_p,
        "The conjugate transpose (the H property).",
        ["np.matrix([1, 2]).getH().shape  # (2, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "getI", "(self)", i_p,
        "The inverse (the I property).",
        ["np.matrix([[2.0]]).getI()  # matrix([[0.5]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "getA", "(self)", a_p,
        "The matrix as an ndarray (the A property).",
        ["np.matrix([1, 2]).getA()  # array([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "getA1", "(self)", a1_p,
        "The matrix as a flat ndarray (the A1 property).",
        ["np.matrix([1, 2]).getA1()  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "tolist", "(self)", tolist_m,
        "The matrix as nested lists of Python scalars.",
        ["np.matrix([1, 2]).tolist()  # [[1, 2]]"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "sum", "(self, axis=None, dtype=None, out=None)", sum_m,
        "The sum: a scalar without an axis, else a 1xN (axis 0) or Nx1 (axis 1) matrix.",
        ["np.matrix([[1, 2], [3, 4]]).sum(axis=1)  # matrix([[3],\n        [7]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "prod", "(self, axis=None, dtype=None, out=None)", prod_m,
        "The product: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).prod(axis=0)  # matrix([[3, 8]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "mean", "(self, axis=None, dtype=None, out=None)", mean_m,
        "The mean: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).mean(axis=0)  # matrix([[2., 3.]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "std", "(self, axis=None, dtype=None, out=None, ddof=0)", std_m,
        "The standard deviation: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).std(axis=0)  # matrix([[1., 1.]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "var", "(self, axis=None, dtype=None, out=None, ddof=0)", var_m,
        "The variance: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).var(axis=0)  # matrix([[1., 1.]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "max", "(self, axis=None, out=None)", max_m,
        "The maximum: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).max(axis=0)  # matrix([[3, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "min", "(self, axis=None, out=None)", min_m,
        "The minimum: a scalar without an axis, else a matrix keeping two dimensions.",
        ["np.matrix([[1, 2], [3, 4]]).min(axis=1)  # matrix([[1],\n        [3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "any", "(self, axis=None, out=None)", any_m,
        "Whether any element is true: a scalar without an axis, else a bool matrix.",
        ["np.matrix([[0, 1], [0, 0]]).any(axis=1)  # matrix([[ True],\n        [False]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "all", "(self, axis=None, out=None)", all_m,
        "Whether every element is true: a scalar without an axis, else a bool matrix.",
        ["np.matrix([[0, 1], [1, 1]]).all(axis=0)  # matrix([[False,  True]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "argmax", "(self, axis=None, out=None)", argmax_m,
        "The index of the maximum: flat without an axis, else a 1xN (axis 0) or Nx1 (axis 1) matrix.",
        ["np.matrix([[1, 5], [3, 4]]).argmax(axis=1)  # matrix([[1],\n        [1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "argmin", "(self, axis=None, out=None)", argmin_m,
        "The index of the minimum: flat without an axis, else a 1xN (axis 0) or Nx1 (axis 1) matrix.",
        ["np.matrix([[1, 5], [3, 4]]).argmin(axis=0)  # matrix([[0, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "ptp", "(self, axis=None, out=None)", ptp_m,
        "The range max - min: a scalar without an axis, else a 1xN or Nx1 matrix.",
        ["np.matrix([[1, 5], [3, 4]]).ptp(axis=0)  # matrix([[2, 1]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "ravel", "(self, order='C')", ravel_m,
        "The elements as a 1xN matrix.",
        ["np.matrix([[1, 2], [3, 4]]).ravel()  # matrix([[1, 2, 3, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "flatten", "(self, order='C')", flatten_m,
        "A copy of the elements as a 1xN matrix.",
        ["np.matrix([[1, 2], [3, 4]]).flatten()  # matrix([[1, 2, 3, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "squeeze", "(self, axis=None)", squeeze_m,
        "The matrix without length-one axes, still two-dimensional.",
        ["np.matrix([[1, 2]]).squeeze()  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "transpose", "(self, *axes)", transpose_m,
        "The transpose, as a matrix.",
        ["np.matrix([1, 2]).transpose().shape  # (2, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "copy", "(self, *args, **kwargs)", copy_m,
        "A copy, as a matrix (ndarray.copy's arguments).",
        ["np.matrix([1, 2]).copy()  # matrix([[1, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "astype", "(self, *args, **kwargs)", astype_m,
        "The matrix cast to a dtype, as a matrix (ndarray.astype's arguments).",
        ["np.matrix([1, 2]).astype(float)  # matrix([[1., 2.]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "reshape", "(self, *args, **kwargs)", reshape_m,
        "The matrix in a new two-dimensional shape, as a matrix.",
        ["np.matrix([[1, 2], [3, 4]]).reshape(4, 1).shape  # (4, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "conj", "(self)", conj_m,
        "The complex conjugate, as a matrix.",
        ["np.matrix([1j]).conj()  # matrix([[0.-1.j]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "conjugate", "(self)", conj_m,
        "The complex conjugate, as a matrix.",
        ["np.matrix([1j]).conjugate()  # matrix([[0.-1.j]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "round", "(self, *args, **kwargs)", round_m,
        "Rounded to the given decimals: a matrix, but an ndarray for a float matrix and nonzero decimals (as NumPy gives).",
        ["np.matrix([1.26]).round(1)  # array([[1.3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "clip", "(self, *args, **kwargs)", clip_m,
        "Clipped to [min, max], as a matrix.",
        ["np.matrix([1, 5]).clip(2, 4)  # matrix([[2, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "cumsum", "(self, *args, **kwargs)", cumsum_m,
        "The cumulative sum, as a matrix (1xN without an axis).",
        ["np.matrix([[1, 2], [3, 4]]).cumsum()  # matrix([[ 1,  3,  6, 10]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "cumprod", "(self, *args, **kwargs)", cumprod_m,
        "The cumulative product, as a matrix (1xN without an axis).",
        ["np.matrix([[1, 2], [3, 4]]).cumprod(axis=0)  # matrix([[1, 2],\n        [3, 8]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "diagonal", "(self, *args, **kwargs)", diagonal_m,
        "The diagonal, as a 1xN matrix.",
        ["np.matrix([[1, 2], [3, 4]]).diagonal()  # matrix([[1, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "dot", "(self, *args, **kwargs)", dot_m,
        "The matrix product, as a matrix.",
        ["np.matrix([[1, 2], [3, 4]]).dot([[1], [0]])  # matrix([[1],\n        [3]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "repeat", "(self, *args, **kwargs)", repeat_m,
        "The elements repeated (flattened to 1xN without an axis), as a matrix.",
        ["np.matrix([1, 2]).repeat(2)  # matrix([[1, 1, 2, 2]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "take", "(self, *args, **kwargs)", take_m,
        "The elements at the indices, as a matrix.",
        ["np.matrix([[1, 2], [3, 4]]).take([0, 3])  # matrix([[1, 4]])"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "swapaxes", "(self, *args, **kwargs)", swapaxes_m,
        "The two axes swapped, as a matrix.",
        ["np.matrix([1, 2]).swapaxes(0, 1).shape  # (2, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyLinalg, "matrix", "argsort", "(self, *args, **kwargs)", argsort_m,
        "The indices that sort each row (or the given axis), as a matrix.",
        ["np.matrix([3, 1, 2]).argsort()  # matrix([[1, 2, 0]])"]),
];

thread_local! {
    static CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
}

/// `np.matrix`, an ndarray subclass of the shared model.
static MATRIX: Subclass = Subclass {
    name: "matrix",
    priority: 10.0,
    cache: &CLASS,
};

/// The class `numpy.matrix` (one per thread, built on first use): its base
/// is `np.ndarray`.
pub fn class() -> Result<Rc<Class>> {
    MATRIX.class()
}

/// `np.matrix` as the module holds it.
pub fn class_value() -> Result<Value> {
    Ok(Value::Class(class()?))
}

/// `isinstance(v, np.matrix)`.
pub fn is_matrix(v: &Value) -> bool {
    MATRIX.is(v)
}

/// The array of a matrix.
fn data(v: &Value) -> Result<Value> {
    MATRIX.data(v)
}

/// A matrix operand as its array; anything else as it is.
fn operand(v: &Value) -> Result<Value> {
    MATRIX.operand(v)
}

fn shape_of(v: &Value) -> Vec<usize> {
    match v {
        Value::Array(a) => a.shape().to_vec(),
        _ => Vec::new(),
    }
}

/// A new matrix instance holding a two-dimensional array.
fn make(arr: Value) -> Result<Value> {
    let mut attrs = Attrs::default();
    attrs.set("_data", arr);
    MATRIX.instance(attrs)
}

fn reshape(host: &mut dyn Host, arr: &Value, shape: &[usize]) -> Result<Value> {
    super::compose::method(host, arr, "reshape", vec![shape_value(shape)])
}

/// NumPy's `matrix.__array_finalize__`: an array as a matrix, made
/// two-dimensional (0-d is 1x1, 1-d is 1xN, more dimensions squeezed to
/// two or `ValueError`). Values that are not arrays pass through.
pub fn finalize(host: &mut dyn Host, v: Value) -> Result<Value> {
    let shape = match &v {
        Value::Array(a) => a.shape().to_vec(),
        _ => return Ok(v),
    };
    let arr = match shape.len() {
        2 => v,
        0 => reshape(host, &v, &[1, 1])?,
        1 => reshape(host, &v, &[1, shape[0]])?,
        _ => {
            let kept: Vec<usize> = shape.iter().copied().filter(|&n| n > 1).collect();
            match kept.len() {
                2 => reshape(host, &v, &kept)?,
                0 => reshape(host, &v, &[1, 1])?,
                1 => reshape(host, &v, &[1, kept[0]])?,
                _ => return Err(Error::value_error("shape too large to be a matrix.")),
            }
        }
    };
    make(arr)
}

// ---- construction ----

fn construct(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arr = build(host, a.get(0), a.get(1), a.get(2))?;
    make(arr)
}

fn init(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arr = build(host, a.get(1), a.get(2), a.get(3))?;
    if let Value::Instance(i) = a.get(0) {
        i.attrs.borrow_mut().set("_data", arr);
    }
    Ok(Value::None)
}

/// The two-dimensional array of `matrix(data, dtype, copy)`, as NumPy's
/// `matrix.__new__` makes it.
fn build(host: &mut dyn Host, data_v: &Value, dtype: &Value, copy: &Value) -> Result<Value> {
    let copy = crate::ops::truthy(copy)?;
    if is_matrix(data_v) {
        let d = data(data_v)?;
        return match dtype {
            Value::None if !copy => Ok(d),
            Value::None => super::compose::method(host, &d, "copy", Vec::new()),
            dt => {
                let same = np(host, "dtype", vec![dt.clone()])?;
                let cur = super::compose::attr(&d, "dtype")?;
                if !copy && crate::ops::truthy(&crate::ops::compare(CmpOp::Eq, &same, &cur)?)? {
                    Ok(d)
                } else {
                    super::compose::method(host, &d, "astype", vec![dt.clone()])
                }
            }
        };
    }
    if let Value::Array(_) = data_v {
        let mut arr = data_v.clone();
        if !matches!(dtype, Value::None) {
            let want = np(host, "dtype", vec![dtype.clone()])?;
            let cur = super::compose::attr(&arr, "dtype")?;
            if !crate::ops::truthy(&crate::ops::compare(CmpOp::Eq, &want, &cur)?)? {
                arr = super::compose::method(host, &arr, "astype", vec![want])?;
                return data(&finalize(host, arr)?);
            }
        }
        if copy {
            arr = super::compose::method(host, &arr, "copy", Vec::new())?;
        }
        return data(&finalize(host, arr)?);
    }
    let source = match data_v {
        Value::Str(s) => from_string(s)?,
        other => other.clone(),
    };
    let arr = np_kw(
        host,
        "array",
        vec![source],
        &[("dtype", dtype.clone()), ("copy", Value::Bool(copy))],
    )?;
    let shape = shape_of(&arr);
    match shape.len() {
        0 => reshape(host, &arr, &[1, 1]),
        1 => reshape(host, &arr, &[1, shape[0]]),
        2 => Ok(arr),
        _ => Err(Error::value_error("matrix must be 2-dimensional")),
    }
}

/// One token of a matrix string as `ast.literal_eval` reads it: an int,
/// a float, a complex or a bool.
fn literal(tok: &str) -> Result<Value> {
    let t = tok.replace('_', "");
    if let Ok(i) = t.parse::<i64>() {
        return Ok(Value::Int(i));
    }
    if let Some(rest) = t
        .strip_prefix('+')
        .or(Some(&t))
        .filter(|r| r.parse::<i64>().is_ok())
    {
        return Ok(Value::Int(rest.parse::<i64>().unwrap_or(0)));
    }
    if !t.contains(|c: char| c.is_ascii_alphabetic() && !matches!(c, 'e' | 'E'))
        || matches!(t.to_ascii_lowercase().as_str(), "inf" | "nan")
    {
        if let Ok(f) = t.parse::<f64>() {
            if t.chars().any(|c| c.is_ascii_digit()) {
                return Ok(Value::Float(f));
            }
        }
    }
    if let Some(im) = t.strip_suffix(['j', 'J']) {
        if let Ok(f) = im.parse::<f64>() {
            return Ok(Value::Complex(num_complex::Complex64::new(0.0, f)));
        }
    }
    match tok {
        "True" => Ok(Value::Bool(true)),
        "False" => Ok(Value::Bool(false)),
        "None" => Ok(Value::None),
        _ => Err(Error::value_error(format!(
            "malformed node or string on line 1: {tok:?}"
        ))),
    }
}

/// NumPy's `_convert_from_string`: `'1 2; 3 4'` as nested lists.
fn from_string(s: &str) -> Result<Value> {
    let text: String = s.chars().filter(|c| !matches!(c, '[' | ']')).collect();
    let mut rows = Vec::new();
    let mut ncols = 0;
    for (count, row) in text.split(';').enumerate() {
        let mut newrow = Vec::new();
        for col in row.split(',') {
            for tok in col.split_whitespace() {
                newrow.push(literal(tok)?);
            }
        }
        if count == 0 {
            ncols = newrow.len();
        } else if newrow.len() != ncols {
            return Err(Error::value_error("Rows not the same size."));
        }
        rows.push(Value::list(newrow));
    }
    Ok(Value::list(rows))
}

fn asmatrix_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arr = build(host, a.get(0), a.get(1), &Value::Bool(false))?;
    make(arr)
}

fn concat(host: &mut dyn Host, items: Vec<Value>, axis: i64) -> Result<Value> {
    np_kw(
        host,
        "concatenate",
        vec![Value::list(items)],
        &[("axis", Value::Int(axis))],
    )
}

fn is_ndarray(v: &Value) -> bool {
    matches!(v, Value::Array(_)) || is_matrix(v)
}

fn bmat_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let obj = a.get(0).clone();
    match &obj {
        Value::Str(s) => {
            let (ldict, gdict) = (a.get(1).clone(), a.get(2).clone());
            let globals = host.globals();
            // NumPy reads the caller's frame when gdict is None (ldict is
            // then ignored), else ldict and gdict.
            let lookup = |name: &str| -> Result<Value> {
                if matches!(gdict, Value::None) {
                    if let Some((_, v)) = globals.iter().find(|(n, _)| &**n == name) {
                        return Ok(v.clone());
                    }
                } else {
                    for d in [&ldict, &gdict] {
                        if let Value::Dict(d) = d {
                            if let Some(v) = d.borrow().get(&Value::str(name))? {
                                return Ok(v);
                            }
                        }
                    }
                }
                Err(Error::name_error(format!(
                    "name {} is not defined",
                    crate::ops::repr(&Value::str(name))
                )))
            };
            let mut rows = Vec::new();
            for row in s.split(';') {
                let mut cols = Vec::new();
                for part in row.split(',') {
                    for name in part.split_whitespace() {
                        cols.push(operand(&lookup(name.trim())?)?);
                    }
                }
                rows.push(concat(host, cols, -1)?);
            }
            let arr = concat(host, rows, 0)?;
            make(build(host, &arr, &Value::None, &Value::Bool(true))?)
        }
        Value::List(_) | Value::Tuple(_) => {
            let rows: Vec<Value> = crate::ops::iterate(&obj)?.collect();
            let mut arr_rows = Vec::new();
            for row in &rows {
                if is_ndarray(row) {
                    let items = rows.iter().map(operand).collect::<Result<_>>()?;
                    let arr = concat(host, items, -1)?;
                    return make(build(host, &arr, &Value::None, &Value::Bool(true))?);
                }
                let items: Vec<Value> = crate::ops::iterate(row)?
                    .map(|v| operand(&v))
                    .collect::<Result<_>>()?;
                arr_rows.push(concat(host, items, -1)?);
            }
            let arr = concat(host, arr_rows, 0)?;
            make(build(host, &arr, &Value::None, &Value::Bool(true))?)
        }
        v if is_ndarray(v) => {
            let d = operand(v)?;
            make(build(host, &d, &Value::None, &Value::Bool(true))?)
        }
        _ => Ok(Value::None),
    }
}

// ---- the class's methods ----

fn this(a: &Args) -> Result<Value> {
    data(a.get(0))
}

fn array_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MATRIX.array(host, a)
}

fn repr_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MATRIX.repr(host, a)
}

fn str_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MATRIX.str(a)
}

fn len_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(
        shape_of(&this(a)?).first().copied().unwrap_or(0) as i64,
    ))
}

fn iter_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let n = shape_of(&this(a)?).first().copied().unwrap_or(0);
    let mut rows = Vec::with_capacity(n);
    for i in 0..n {
        rows.push(getitem(host, &me, &Value::Int(i as i64))?);
    }
    let id = table::lookup_builtin("iter").ok_or_else(|| Error::runtime_error("no iter"))?;
    table::call(host, id, vec![Value::list(rows)], Vec::new())
}

fn bool_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MATRIX.truth(a)
}

fn is_scalar_index(v: &Value) -> bool {
    matches!(
        v,
        Value::Int(_)
            | Value::BigInt(_)
            | Value::Bool(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::Bytes(_)
            | Value::Scalar(_)
    )
}

/// NumPy's `matrix.__getitem__`.
fn getitem(host: &mut dyn Host, me: &Value, index: &Value) -> Result<Value> {
    let out = crate::ops::getitem(&data(me)?, &operand(index)?)?;
    let shape = match &out {
        Value::Array(a) => a.shape().to_vec(),
        _ => return Ok(out),
    };
    match shape.len() {
        0 => crate::ops::getitem(&out, &Value::tuple(Vec::new())),
        1 => {
            let second = match index {
                Value::Tuple(t) if t.len() > 1 => Some(t[1].clone()),
                Value::List(l) if l.borrow().len() > 1 => Some(l.borrow()[1].clone()),
                _ => None,
            };
            let shape = if second.as_ref().is_some_and(is_scalar_index) {
                [shape[0], 1]
            } else {
                [1, shape[0]]
            };
            make(reshape(host, &out, &shape)?)
        }
        _ => finalize(host, out),
    }
}

fn getitem_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (me, index) = (a.get(0).clone(), a.get(1).clone());
    getitem(host, &me, &index)
}

fn setitem_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let value = operand(a.get(2))?;
    crate::ops::setitem(&this(a)?, &operand(a.get(1))?, value)?;
    Ok(Value::None)
}

fn getattr_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = crate::ops::to_str(a.get(1));
    match MATRIX.array_attr(a, &name)? {
        v @ Value::Array(_) => finalize(host, v),
        v => Ok(v),
    }
}

/// `self op other` elementwise, as a matrix.
fn binop(host: &mut dyn Host, op: BinOp, a: &Args, reflected: bool) -> Result<Value> {
    let (x, y) = (this(a)?, operand(a.get(1))?);
    let r = if reflected {
        crate::ops::binary(op, &y, &x)?
    } else {
        crate::ops::binary(op, &x, &y)?
    };
    finalize(host, r)
}

/// `self op= other` in place through the ufunc with `out=` (NumPy's
/// casting rules and errors), returning self.
fn inplace(host: &mut dyn Host, ufunc: &str, a: &Args) -> Result<Value> {
    MATRIX.inplace(host, ufunc, a)
}

macro_rules! binops {
    ($($f:ident => $op:ident, $refl:expr);* $(;)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                binop(host, BinOp::$op, a, $refl)
            }
        )*
    };
}

binops! {
    add_m => Add, false; radd_m => Add, true;
    sub_m => Sub, false; rsub_m => Sub, true;
    truediv_m => Div, false; rtruediv_m => Div, true;
    floordiv_m => FloorDiv, false; rfloordiv_m => FloorDiv, true;
    mod_m => Mod, false; rmod_m => Mod, true;
    and_m => BitAnd, false; rand_m => BitAnd, true;
    or_m => BitOr, false; ror_m => BitOr, true;
    xor_m => BitXor, false; rxor_m => BitXor, true;
    matmul_m => MatMul, false; rmatmul_m => MatMul, true;
}

fn iadd_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "add", a)
}

fn isub_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "subtract", a)
}

fn itruediv_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "true_divide", a)
}

fn cmpop(host: &mut dyn Host, op: CmpOp, a: &Args) -> Result<Value> {
    let (x, y) = (this(a)?, operand(a.get(1))?);
    let r = crate::ops::compare(op, &x, &y)?;
    finalize(host, r)
}

macro_rules! cmpops {
    ($($f:ident => $op:ident),* $(,)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                cmpop(host, CmpOp::$op, a)
            }
        )*
    };
}

cmpops! {
    eq_m => Eq, ne_m => NotEq, lt_m => Lt, le_m => LtE, gt_m => Gt, ge_m => GtE,
}

fn unop(host: &mut dyn Host, op: UnaryOp, a: &Args) -> Result<Value> {
    let r = crate::ops::unary(op, &this(a)?)?;
    finalize(host, r)
}

fn neg_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    unop(host, UnaryOp::Neg, a)
}

fn pos_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    unop(host, UnaryOp::Pos, a)
}

fn invert_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    unop(host, UnaryOp::Invert, a)
}

fn abs_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = np(host, "absolute", vec![this(a)?])?;
    finalize(host, r)
}

/// `self * other`: NumPy's `matrix.__mul__`, the matrix product.
fn mul(host: &mut dyn Host, x: &Value, other: &Value) -> Result<Value> {
    let y = match other {
        v if is_matrix(v) => data(v)?,
        Value::Array(_) | Value::List(_) | Value::Tuple(_) => data(&make(build(
            host,
            other,
            &Value::None,
            &Value::Bool(false),
        )?)?)?,
        v => v.clone(),
    };
    let r = np(host, "dot", vec![x.clone(), y])?;
    finalize(host, r)
}

fn mul_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = this(a)?;
    let other = a.get(1).clone();
    if crate::py::class::is_instance(&other)
        && !is_matrix(&other)
        && crate::py::class::special_of(&other, "__rmul__")
    {
        return Ok(crate::value::Object::not_implemented());
    }
    mul(host, &x, &other)
}

fn rmul_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (this(a)?, operand(a.get(1))?);
    let r = np(host, "dot", vec![y, x])?;
    finalize(host, r)
}

fn imul_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let x = this(a)?;
    let r = data(&mul(host, &x, a.get(1))?)?;
    crate::ops::setitem(&x, &Value::Ellipsis, r)?;
    Ok(me)
}

fn pow_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = call_in(
        host,
        "numpy.linalg",
        "matrix_power",
        vec![this(a)?, a.get(1).clone()],
        &[],
    )?;
    finalize(host, r)
}

fn ipow_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let x = this(a)?;
    let r = pow_m(host, a)?;
    crate::ops::setitem(&x, &Value::Ellipsis, data(&r)?)?;
    Ok(me)
}

fn rpow_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(crate::value::Object::not_implemented())
}

fn t_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = super::compose::method(host, &this(a)?, "transpose", Vec::new())?;
    finalize(host, r)
}

fn h_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = this(a)?;
    let complex = matches!(&d, Value::Array(x) if x.dtype().is_complex());
    let mut r = super::compose::method(host, &d, "transpose", Vec::new())?;
    if complex {
        r = super::compose::method(host, &r, "conjugate", Vec::new())?;
    }
    finalize(host, r)
}

fn i_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = this(a)?;
    let shape = shape_of(&d);
    let f = if shape.first() == shape.get(1) {
        "inv"
    } else {
        "pinv"
    };
    let r = call_in(host, "numpy.linalg", f, vec![d], &[])?;
    finalize(host, r)
}

fn a_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)
}

fn a1_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    super::compose::method(host, &this(a)?, "ravel", Vec::new())
}

fn tolist_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    super::compose::method(host, &this(a)?, "tolist", Vec::new())
}

/// `data.NAME(*args, **kwargs)`.
fn call_data(
    host: &mut dyn Host,
    d: &Value,
    name: &str,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    let m = crate::ops::getattr(d, name)?;
    crate::ops::call(host, &m, args, kwargs)
}

/// A keyword argument unless it is `None` (the ndarray methods' defaults).
fn kw(out: &mut Kwargs, name: &str, v: &Value) {
    if !matches!(v, Value::None) {
        out.push((name.into(), v.clone()));
    }
}

/// NumPy's `_collapse`: the element of a full reduction, else the matrix.
fn collapse(host: &mut dyn Host, r: Value, axis: &Value) -> Result<Value> {
    let m = finalize(host, r)?;
    if matches!(axis, Value::None) && is_matrix(&m) {
        let idx = Value::tuple(vec![Value::Int(0), Value::Int(0)]);
        return crate::ops::getitem(&data(&m)?, &idx);
    }
    Ok(m)
}

/// A reduction with `keepdims=True`, collapsed (`sum`, `mean`, ...).
fn keep_reduce(host: &mut dyn Host, name: &str, a: &Args, names: &[&str]) -> Result<Value> {
    let d = this(a)?;
    let mut kwargs = Kwargs::new();
    for (i, n) in names.iter().enumerate() {
        kw(&mut kwargs, n, a.get(i + 1));
    }
    kwargs.push(("keepdims".into(), Value::Bool(true)));
    let r = call_data(host, &d, name, Vec::new(), kwargs)?;
    collapse(host, r, a.get(1))
}

fn sum_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "sum", a, &["axis", "dtype", "out"])
}

fn prod_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "prod", a, &["axis", "dtype", "out"])
}

fn mean_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "mean", a, &["axis", "dtype", "out"])
}

fn std_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "std", a, &["axis", "dtype", "out", "ddof"])
}

fn var_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "var", a, &["axis", "dtype", "out", "ddof"])
}

fn max_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "max", a, &["axis", "out"])
}

fn min_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "min", a, &["axis", "out"])
}

fn any_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "any", a, &["axis", "out"])
}

fn all_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keep_reduce(host, "all", a, &["axis", "out"])
}

/// NumPy's `_align`: the element without an axis, the row matrix for
/// axis 0, its transpose for axis 1.
fn align(host: &mut dyn Host, r: Value, axis: &Value) -> Result<Value> {
    let m = finalize(host, r)?;
    if !is_matrix(&m) {
        return Ok(m);
    }
    match axis {
        Value::None => {
            let idx = Value::tuple(vec![Value::Int(0), Value::Int(0)]);
            crate::ops::getitem(&data(&m)?, &idx)
        }
        ax if crate::py::num::index_i64(ax).is_ok_and(|n| n == 1 || n == -1) => {
            let t = super::compose::method(host, &data(&m)?, "transpose", Vec::new())?;
            make(t)
        }
        _ => Ok(m),
    }
}

fn arg_reduce(host: &mut dyn Host, name: &str, a: &Args) -> Result<Value> {
    let d = this(a)?;
    let mut kwargs = Kwargs::new();
    kw(&mut kwargs, "axis", a.get(1));
    kw(&mut kwargs, "out", a.get(2));
    let r = if name == "ptp" {
        call_in(host, "numpy", "ptp", vec![d], &[("axis", a.get(1).clone())])?
    } else {
        call_data(host, &d, name, Vec::new(), kwargs)?
    };
    align(host, r, a.get(1))
}

fn argmax_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arg_reduce(host, "argmax", a)
}

fn argmin_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arg_reduce(host, "argmin", a)
}

fn ptp_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arg_reduce(host, "ptp", a)
}

fn ravel_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = call_data(host, &this(a)?, "ravel", vec![a.get(1).clone()], Vec::new())?;
    finalize(host, r)
}

fn flatten_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = call_data(
        host,
        &this(a)?,
        "flatten",
        vec![a.get(1).clone()],
        Vec::new(),
    )?;
    finalize(host, r)
}

fn squeeze_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut kwargs = Kwargs::new();
    kw(&mut kwargs, "axis", a.get(1));
    let r = call_data(host, &this(a)?, "squeeze", Vec::new(), kwargs)?;
    finalize(host, r)
}

fn transpose_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = call_data(host, &this(a)?, "transpose", a.rest.clone(), Vec::new())?;
    finalize(host, r)
}

fn conj_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = call_data(host, &this(a)?, "conjugate", Vec::new(), Vec::new())?;
    finalize(host, r)
}

/// The ndarray method `name` with the call's own arguments (a signature
/// `(self, *args, **kwargs)`), its array result as a matrix.
fn passthrough(host: &mut dyn Host, name: &str, a: &Args) -> Result<Value> {
    let kwargs: Kwargs = match a.get(1) {
        Value::Dict(d) => d
            .borrow()
            .iter()
            .map(|(k, v)| (Rc::from(crate::ops::to_str(k).as_str()), v.clone()))
            .collect(),
        _ => Kwargs::new(),
    };
    let r = call_data(host, &this(a)?, name, a.rest.clone(), kwargs)?;
    finalize(host, r)
}

macro_rules! passthroughs {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                passthrough(host, $name, a)
            }
        )*
    };
}

passthroughs! {
    copy_m => "copy", astype_m => "astype", reshape_m => "reshape",
    clip_m => "clip", cumsum_m => "cumsum", cumprod_m => "cumprod", diagonal_m => "diagonal",
    repeat_m => "repeat", take_m => "take", swapaxes_m => "swapaxes", argsort_m => "argsort",
}

/// `ndarray.round` on a matrix: NumPy rounds a float matrix to nonzero
/// decimals through a multiply and divide that give an ndarray, else it
/// stays a matrix.
fn round_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = this(a)?;
    let inexact = matches!(&d, Value::Array(x) if x.dtype().is_inexact());
    let decimals = match (a.rest.first(), a.get(1)) {
        (Some(v), _) => v.clone(),
        (None, Value::Dict(k)) => k
            .borrow()
            .get(&Value::str("decimals"))?
            .unwrap_or(Value::Int(0)),
        _ => Value::Int(0),
    };
    let nonzero = crate::ops::truthy(&decimals).unwrap_or(true);
    let kwargs: Kwargs = match a.get(1) {
        Value::Dict(d) => d
            .borrow()
            .iter()
            .map(|(k, v)| (Rc::from(crate::ops::to_str(k).as_str()), v.clone()))
            .collect(),
        _ => Kwargs::new(),
    };
    let r = call_data(host, &d, "round", a.rest.clone(), kwargs)?;
    if inexact && nonzero {
        return Ok(r);
    }
    finalize(host, r)
}

fn dot_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let args: Vec<Value> = a.rest.iter().map(operand).collect::<Result<_>>()?;
    let mut all = vec![this(a)?];
    all.extend(args);
    let r = np(host, "dot", all)?;
    finalize(host, r)
}

// ---- NumPy's functions on matrices ----

/// NumPy functions that call the matrix's own method (`np.sum(m)` is
/// `m.sum()`), by function name and method name.
const METHOD_FUNCS: [(&str, &str); 18] = [
    ("sum", "sum"),
    ("prod", "prod"),
    ("mean", "mean"),
    ("std", "std"),
    ("var", "var"),
    ("min", "min"),
    ("max", "max"),
    ("amin", "min"),
    ("amax", "max"),
    ("argmin", "argmin"),
    ("argmax", "argmax"),
    ("any", "any"),
    ("all", "all"),
    ("ptp", "ptp"),
    ("cumsum", "cumsum"),
    ("cumprod", "cumprod"),
    ("round", "round"),
    ("around", "round"),
];

/// NumPy functions whose result keeps the matrix class (they take their
/// input with `asanyarray`, or wrap their result with `__array_wrap__`).
const WRAPPING: &[(&str, &str)] = &[
    ("numpy", "dot"),
    ("numpy", "matmul"),
    ("numpy", "transpose"),
    ("numpy", "squeeze"),
    ("numpy", "sort"),
    ("numpy", "asanyarray"),
    ("numpy", "concatenate"),
    ("numpy", "clip"),
    ("numpy", "diff"),
    ("numpy", "flip"),
    ("numpy", "fliplr"),
    ("numpy", "flipud"),
    ("numpy", "vstack"),
    ("numpy", "hstack"),
    ("numpy", "kron"),
    ("numpy", "tile"),
    ("numpy", "repeat"),
    ("numpy", "reshape"),
    ("numpy", "argsort"),
    ("numpy", "zeros_like"),
    ("numpy", "ones_like"),
    ("numpy", "empty_like"),
    ("numpy", "full_like"),
    ("numpy.linalg", "inv"),
    ("numpy.linalg", "solve"),
    ("numpy.linalg", "cholesky"),
    ("numpy.linalg", "pinv"),
    ("numpy.linalg", "matrix_power"),
];

/// Whether `v` is a matrix or a list or tuple holding one directly
/// (`np.concatenate([m, m])`; deeper nesting is not looked into, so a
/// large nested list costs one pass over its rows).
fn has_matrix(v: &Value) -> bool {
    match v {
        Value::List(items) => items.borrow().iter().any(is_matrix),
        Value::Tuple(items) => items.iter().any(is_matrix),
        v => is_matrix(v),
    }
}

/// For [`crate::table::call`]: a NumPy function called with a matrix, run
/// as NumPy runs it on one (`None`: the entry takes the array through
/// `__array__` and returns an ndarray).
pub fn intercept(
    host: &mut dyn Host,
    id: table::FnId,
    args: &[Value],
    kwargs: &Kwargs,
) -> Result<Option<Value>> {
    let d = table::get(id);
    if d.kind != table::Kind::Function || !(d.module == "numpy" || d.module == "numpy.linalg") {
        return Ok(None);
    }
    if !args
        .iter()
        .chain(kwargs.iter().map(|(_, v)| v))
        .any(has_matrix)
    {
        return Ok(None);
    }
    if d.module == "numpy" {
        if let Some((_, m)) = METHOD_FUNCS.iter().find(|(n, _)| *n == d.name) {
            if let Some(first) = args.first().filter(|v| is_matrix(v)) {
                if let Some(mid) = table::lookup("matrix", m) {
                    return table::call(host, mid, args.to_vec(), kwargs.clone()).map(Some);
                }
                let _ = first;
            }
        }
    }
    let ufunc = d.module == "numpy"
        && super::ufuncs::ufunc_info(d.name).is_some()
        && super::ufuncs::is_ufunc(d);
    if !ufunc && !WRAPPING.contains(&(d.module, d.name)) {
        return Ok(None);
    }
    let plain = |v: &Value| -> Result<Value> {
        match v {
            Value::List(items) => {
                let items = items.borrow().clone();
                Ok(Value::list(
                    items.iter().map(operand).collect::<Result<_>>()?,
                ))
            }
            Value::Tuple(items) => Ok(Value::tuple(
                items.iter().map(operand).collect::<Result<_>>()?,
            )),
            v => operand(v),
        }
    };
    let args: Vec<Value> = args.iter().map(plain).collect::<Result<_>>()?;
    let kwargs: Kwargs = kwargs
        .iter()
        .map(|(k, v)| Ok((k.clone(), plain(v)?)))
        .collect::<Result<_>>()?;
    let r = table::call(host, id, args, kwargs)?;
    match r {
        Value::Tuple(items) => Ok(Some(Value::tuple(
            items
                .iter()
                .map(|v| finalize(host, v.clone()))
                .collect::<Result<_>>()?,
        ))),
        r => finalize(host, r).map(Some),
    }
}
