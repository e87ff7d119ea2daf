//! `numpy.ma`: NumPy's masked arrays (numpy/ma/core.py). NumPy writes the
//! module in Python, so `MaskedArray` is a class like a user's
//! ([`crate::py::class::Class`], module `numpy.ma`) whose methods are the
//! table entries of the `MaskedArray` module below, as for `np.poly1d`.
//! An instance's `__dict__` holds `_data` (the array), `_mask` (a bool
//! array of the data's shape, or `None` for NumPy's `nomask`) and
//! `_fill_value` (a 0-d array, or `None` until first read: NumPy sets it
//! lazily, and results of operations copy it from their first masked
//! operand, as `_update_from` does).
//!
//! `np.sin(m)` and the other ufuncs reach [`intercept`] from
//! [`crate::table::call`]: they run on the data and carry the masks as
//! NumPy's `__array_wrap__` does (OR of the inputs' masks, plus the
//! ufunc's domain); `np.sum(m)` and the other reductions call the method.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};
use xpush_npu::{DType, Scalar};

use super::compose::{attr, bin, cmp, item, np, np_kw, truth};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::host::Kwargs;
use crate::py::class::{Class, Instance};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// The functions of `numpy.ma`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyCreate, "numpy.ma", "array", "(data, dtype=None, copy=False, order=None, mask=None, fill_value=None, keep_mask=True, hard_mask=False, shrink=True, subok=True, ndmin=0)", array_fn,
        "A masked array: the data with a mask (True where an element is invalid) and a fill value.",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).sum()  # np.int64(4)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "getmask", "(a)", getmask_fn,
        "The mask of a masked array, or nomask (np.False_).",
        ["np.ma.getmask([1, 2])  # np.False_"]),
    entry!(Function, NumpyCreate, "numpy.ma", "getmaskarray", "(arr)", getmaskarray_fn,
        "The mask as a full bool array (all False for nomask or a plain array).",
        ["np.ma.getmaskarray([1, 2])  # array([False, False])"]),
    entry!(Function, NumpyCreate, "numpy.ma", "getdata", "(a, subok=True)", getdata_fn,
        "The data of a masked array as an ndarray (a plain input as an array).",
        ["np.ma.getdata(np.ma.array([1, 2], mask=[0, 1]))  # array([1, 2])"]),
    entry!(Function, NumpyCreate, "numpy.ma", "is_masked", "(x)", is_masked_fn,
        "Whether x is a masked array with at least one masked element.",
        ["np.ma.is_masked(np.ma.array([1, 2], mask=[0, 1]))  # True"]),
    entry!(Function, NumpyCreate, "numpy.ma", "isMaskedArray", "(x)", is_ma_fn,
        "Whether x is a MaskedArray.",
        ["np.ma.isMaskedArray(np.ma.array([1]))  # True"]),
    entry!(Function, NumpyCreate, "numpy.ma", "isMA", "(x)", is_ma_fn,
        "Whether x is a MaskedArray (isMaskedArray).",
        ["np.ma.isMA([1])  # False"]),
    entry!(Function, NumpyCreate, "numpy.ma", "isarray", "(x)", is_ma_fn,
        "Whether x is a MaskedArray (isMaskedArray).",
        ["np.ma.isarray(np.ma.array([1]))  # True"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_where", "(condition, a, copy=True)", masked_where_fn,
        "a as a masked array, masked where condition is True (and where a was masked).",
        ["np.ma.masked_where([True, False], [1, 2]).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_equal", "(x, value, copy=True)", masked_equal_fn,
        "x masked where it equals value; value becomes the fill value.",
        ["np.ma.masked_equal([1, 2, 1], 1).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_not_equal", "(x, value, copy=True)", masked_not_equal_fn,
        "x masked where it differs from value.",
        ["np.ma.masked_not_equal([1, 2, 1], 1).count()  # np.int64(2)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_greater", "(x, value, copy=True)", masked_greater_fn,
        "x masked where it is greater than value.",
        ["np.ma.masked_greater([1, 2, 3], 1).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_greater_equal", "(x, value, copy=True)", masked_greater_equal_fn,
        "x masked where it is greater than or equal to value.",
        ["np.ma.masked_greater_equal([1, 2, 3], 2).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_less", "(x, value, copy=True)", masked_less_fn,
        "x masked where it is less than value.",
        ["np.ma.masked_less([1, 2, 3], 2).count()  # np.int64(2)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_less_equal", "(x, value, copy=True)", masked_less_equal_fn,
        "x masked where it is less than or equal to value.",
        ["np.ma.masked_less_equal([1, 2, 3], 2).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_inside", "(x, v1, v2, copy=True)", masked_inside_fn,
        "x masked inside the closed interval [v1, v2] (the bounds in either order).",
        ["np.ma.masked_inside([1, 2, 3, 4], 3, 2).count()  # np.int64(2)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_outside", "(x, v1, v2, copy=True)", masked_outside_fn,
        "x masked outside the closed interval [v1, v2].",
        ["np.ma.masked_outside([1, 2, 3, 4], 2, 3).count()  # np.int64(2)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_invalid", "(a, copy=True)", masked_invalid_fn,
        "a masked where it is NaN or infinite.",
        ["np.ma.masked_invalid([1.0, np.nan, np.inf]).count()  # np.int64(1)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "filled", "(a, fill_value=None)", filled_fn,
        "The data with the masked elements replaced by fill_value (the array's fill value by default).",
        ["np.ma.filled(np.ma.array([1, 2], mask=[0, 1]), 0)  # array([1, 0])"]),    entry!(Function, NumpyUfunc, "numpy.ma", "exp", "(x)", exp_f,
        "The elementwise exp of the data, the mask carried.",
        ["np.ma.exp(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([1., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "conjugate", "(x)", conjugate_f,
        "The elementwise conjugate of the data, the mask carried.",
        ["np.ma.conjugate(np.ma.array([1.5, 2.0], mask=[0, 1])).filled(0)  # array([1.5, 0. ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "sin", "(x)", sin_f,
        "The elementwise sin of the data, the mask carried.",
        ["np.ma.sin(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "cos", "(x)", cos_f,
        "The elementwise cos of the data, the mask carried.",
        ["np.ma.cos(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([1., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arctan", "(x)", arctan_f,
        "The elementwise arctan of the data, the mask carried.",
        ["np.ma.arctan(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arcsinh", "(x)", arcsinh_f,
        "The elementwise arcsinh of the data, the mask carried.",
        ["np.ma.arcsinh(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "sinh", "(x)", sinh_f,
        "The elementwise sinh of the data, the mask carried.",
        ["np.ma.sinh(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "cosh", "(x)", cosh_f,
        "The elementwise cosh of the data, the mask carried.",
        ["np.ma.cosh(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([1., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "tanh", "(x)", tanh_f,
        "The elementwise tanh of the data, the mask carried.",
        ["np.ma.tanh(np.ma.array([0.0, 1.0], mask=[0, 1])).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "absolute", "(x)", absolute_f,
        "The elementwise absolute of the data, the mask carried.",
        ["np.ma.absolute(np.ma.array([-2, 3], mask=[0, 1])).filled(0)  # array([2, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "abs", "(x)", absolute_f,
        "The elementwise abs of the data, the mask carried.",
        ["np.ma.abs(np.ma.array([-2, 3], mask=[0, 1])).filled(0)  # array([2, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "angle", "(x)", angle_f,
        "The elementwise angle of the data, the mask carried.",
        ["np.ma.angle(np.ma.array([-1.0, 1.0], mask=[0, 1])).filled(0)  # array([3.14159265, 0.        ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "fabs", "(x)", fabs_f,
        "The elementwise fabs of the data, the mask carried.",
        ["np.ma.fabs(np.ma.array([-2.5, 1.0], mask=[0, 1])).filled(0)  # array([2.5, 0. ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "negative", "(x)", negative_f,
        "The elementwise negative of the data, the mask carried.",
        ["np.ma.negative(np.ma.array([1, 2], mask=[0, 1])).filled(0)  # array([-1,  0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "floor", "(x)", floor_f,
        "The elementwise floor of the data, the mask carried.",
        ["np.ma.floor(np.ma.array([1.5, 2.5], mask=[0, 1])).filled(0)  # array([1., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "ceil", "(x)", ceil_f,
        "The elementwise ceil of the data, the mask carried.",
        ["np.ma.ceil(np.ma.array([1.5, 2.5], mask=[0, 1])).filled(0)  # array([2., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "around", "(x)", around_f,
        "The elementwise around of the data, the mask carried.",
        ["np.ma.around(np.ma.array([1.4, 2.6], mask=[0, 1])).filled(0)  # array([1., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "logical_not", "(x)", logical_not_f,
        "The elementwise logical_not of the data, the mask carried.",
        ["np.ma.logical_not(np.ma.array([0, 1], mask=[0, 1])).filled(0)  # array([ True, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "sqrt", "(x)", sqrt_f,
        "The elementwise sqrt of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.sqrt([4.0, -1.0, 9.0]).filled(0)  # array([2., 0., 3.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "log", "(x)", log_f,
        "The elementwise log of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.log([1.0, 0.0]).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "log2", "(x)", log2_f,
        "The elementwise log2 of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.log2([4.0, -1.0]).filled(0)  # array([2., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "log10", "(x)", log10_f,
        "The elementwise log10 of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.log10([100.0, 0.0]).filled(0)  # array([2., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "tan", "(x)", tan_f,
        "The elementwise tan of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.tan([0.0, 1.0]).filled(0)  # array([0.        , 1.55740772])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arcsin", "(x)", arcsin_f,
        "The elementwise arcsin of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.arcsin([0.0, 2.0]).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arccos", "(x)", arccos_f,
        "The elementwise arccos of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.arccos([1.0, 2.0]).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arccosh", "(x)", arccosh_f,
        "The elementwise arccosh of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.arccosh([1.0, 0.0]).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arctanh", "(x)", arctanh_f,
        "The elementwise arctanh of the data, masked where the input is masked or outside the domain (or the result is not finite).",
        ["np.ma.arctanh([0.0, 1.0]).filled(0)  # array([0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "add", "(a, b)", add_f,
        "The elementwise add of the data, masked where either operand is masked.",
        ["np.ma.add(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 2).filled(0)  # array([6, 7, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "subtract", "(a, b)", subtract_f,
        "The elementwise subtract of the data, masked where either operand is masked.",
        ["np.ma.subtract(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 2).filled(0)  # array([2, 3, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "multiply", "(a, b)", multiply_f,
        "The elementwise multiply of the data, masked where either operand is masked.",
        ["np.ma.multiply(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 2).filled(0)  # array([ 8, 10,  0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "arctan2", "(a, b)", arctan2_f,
        "The elementwise arctan2 of the data, masked where either operand is masked.",
        ["np.ma.arctan2(np.ma.array([3.0, 1.0, 0.0], mask=[0, 0, 1]), 1.0).filled(0)  # array([1.24904577, 0.78539816, 0.        ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "equal", "(a, b)", equal_f,
        "The elementwise equal of the data, masked where either operand is masked.",
        ["np.ma.equal(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([ True, False, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "not_equal", "(a, b)", not_equal_f,
        "The elementwise not_equal of the data, masked where either operand is masked.",
        ["np.ma.not_equal(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([False,  True, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "less_equal", "(a, b)", less_equal_f,
        "The elementwise less_equal of the data, masked where either operand is masked.",
        ["np.ma.less_equal(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([ True, False, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "greater_equal", "(a, b)", greater_equal_f,
        "The elementwise greater_equal of the data, masked where either operand is masked.",
        ["np.ma.greater_equal(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([ True,  True, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "less", "(a, b)", less_f,
        "The elementwise less of the data, masked where either operand is masked.",
        ["np.ma.less(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([False, False, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "greater", "(a, b)", greater_f,
        "The elementwise greater of the data, masked where either operand is masked.",
        ["np.ma.greater(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 4).filled(0)  # array([False,  True, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "logical_and", "(a, b)", logical_and_f,
        "The elementwise logical_and of the data, masked where either operand is masked.",
        ["np.ma.logical_and(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 0).filled(0)  # array([False, False, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "logical_or", "(a, b)", logical_or_f,
        "The elementwise logical_or of the data, masked where either operand is masked.",
        ["np.ma.logical_or(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 0).filled(0)  # array([ True,  True, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "logical_xor", "(a, b)", logical_xor_f,
        "The elementwise logical_xor of the data, masked where either operand is masked.",
        ["np.ma.logical_xor(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 1).filled(0)  # array([False, False, False])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "bitwise_and", "(a, b)", bitwise_and_f,
        "The elementwise bitwise_and of the data, masked where either operand is masked.",
        ["np.ma.bitwise_and(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 6).filled(0)  # array([4, 4, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "bitwise_or", "(a, b)", bitwise_or_f,
        "The elementwise bitwise_or of the data, masked where either operand is masked.",
        ["np.ma.bitwise_or(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 1).filled(0)  # array([5, 5, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "bitwise_xor", "(a, b)", bitwise_xor_f,
        "The elementwise bitwise_xor of the data, masked where either operand is masked.",
        ["np.ma.bitwise_xor(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 5).filled(0)  # array([1, 0, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "hypot", "(a, b)", hypot_f,
        "The elementwise hypot of the data, masked where either operand is masked.",
        ["np.ma.hypot(np.ma.array([3.0, 1.0, 0.0], mask=[0, 0, 1]), 4.0).filled(0)  # array([5.        , 4.12310563, 0.        ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "divide", "(a, b)", divide_f,
        "The elementwise divide of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.divide(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([2, 0, 1])).filled(0)  # array([2., 0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "true_divide", "(a, b)", true_divide_f,
        "The elementwise true_divide of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.true_divide(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([2, 0, 1])).filled(0)  # array([2., 0., 0.])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "floor_divide", "(a, b)", floor_divide_f,
        "The elementwise floor_divide of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.floor_divide(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([2, 0, 1])).filled(0)  # array([2, 0, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "remainder", "(a, b)", remainder_f,
        "The elementwise remainder of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.remainder(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([3, 0, 1])).filled(0)  # array([1, 0, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "fmod", "(a, b)", fmod_f,
        "The elementwise fmod of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.fmod(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([3, 0, 1])).filled(0)  # array([1, 0, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "mod", "(a, b)", mod_f,
        "The elementwise mod of the data, masked where either operand is masked, the divisor is 0 or the result is not finite.",
        ["np.ma.mod(np.ma.array([4, 5, 6], mask=[0, 0, 1]), np.array([3, 0, 1])).filled(0)  # array([1, 0, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "power", "(a, b)", power_f,
        "The elementwise power of the data, masked where either operand is masked or the result is not finite.",
        ["np.ma.power(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 2).filled(0)  # array([16, 25,  0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "left_shift", "(a, b)", left_shift_f,
        "The elementwise left_shift of the data, masked where either operand is masked.",
        ["np.ma.left_shift(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 1).filled(0)  # array([ 8, 10,  0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "right_shift", "(a, b)", right_shift_f,
        "The elementwise right_shift of the data, masked where either operand is masked.",
        ["np.ma.right_shift(np.ma.array([4, 5, 6], mask=[0, 0, 1]), 1).filled(0)  # array([2, 2, 0])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "sum", "(a, axis=None, dtype=None, out=None, keepdims=False)", sum_f,
        "The sum of the unmasked elements (MaskedArray.sum).",
        ["np.ma.sum(np.ma.array([1, 2, 3], mask=[0, 1, 0]))  # np.int64(4)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "prod", "(a, axis=None, dtype=None, out=None, keepdims=False)", prod_f,
        "The product of the unmasked elements (MaskedArray.prod).",
        ["np.ma.prod(np.ma.array([2, 5, 3], mask=[0, 1, 0]))  # np.int64(6)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "product", "(a, axis=None, dtype=None, out=None, keepdims=False)", prod_f,
        "The product of the unmasked elements (prod).",
        ["np.ma.product(np.ma.array([2, 5, 3], mask=[0, 1, 0]))  # np.int64(6)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "mean", "(a, axis=None, dtype=None, out=None, keepdims=False)", mean_f,
        "The mean of the unmasked elements (MaskedArray.mean).",
        ["np.ma.mean(np.ma.array([1, 2, 5], mask=[0, 1, 0]))  # np.float64(3.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "var", "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", var_f,
        "The variance of the unmasked elements (MaskedArray.var).",
        ["np.ma.var(np.ma.array([1, 2, 5], mask=[0, 1, 0]))  # np.float64(4.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "std", "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", std_f,
        "The standard deviation of the unmasked elements (MaskedArray.std).",
        ["np.ma.std(np.ma.array([1, 2, 5], mask=[0, 1, 0]))  # np.float64(2.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "min", "(obj, axis=None, out=None, fill_value=None, keepdims=False)", min_f,
        "The minimum of the unmasked elements (MaskedArray.min).",
        ["np.ma.min(np.ma.array([3, 0, 5], mask=[0, 1, 0]))  # np.int64(3)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "max", "(obj, axis=None, out=None, fill_value=None, keepdims=False)", max_f,
        "The maximum of the unmasked elements (MaskedArray.max).",
        ["np.ma.max(np.ma.array([3, 9, 5], mask=[0, 1, 0]))  # np.int64(5)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "amin", "(obj, axis=None, out=None, fill_value=None, keepdims=False)", min_f,
        "The minimum of the unmasked elements (min).",
        ["np.ma.amin(np.ma.array([3, 0, 5], mask=[0, 1, 0]))  # np.int64(3)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "amax", "(obj, axis=None, out=None, fill_value=None, keepdims=False)", max_f,
        "The maximum of the unmasked elements (max).",
        ["np.ma.amax(np.ma.array([3, 9, 5], mask=[0, 1, 0]))  # np.int64(5)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "argmin", "(a, axis=None, fill_value=None, out=None, keepdims=False)", argmin_f,
        "The index of the minimum among the unmasked elements.",
        ["np.ma.argmin(np.ma.array([3, 0, 5], mask=[0, 1, 0]))  # np.int64(0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "argmax", "(a, axis=None, fill_value=None, out=None, keepdims=False)", argmax_f,
        "The index of the maximum among the unmasked elements.",
        ["np.ma.argmax(np.ma.array([3, 9, 5], mask=[0, 1, 0]))  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "count", "(self, axis=None, keepdims=False)", count_f,
        "The number of unmasked elements (along axis).",
        ["np.ma.count(np.ma.array([3, 9, 5], mask=[0, 1, 0]))  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "compressed", "(x)", compressed_f,
        "The unmasked elements as a 1-D array.",
        ["np.ma.compressed(np.ma.array([3, 9, 5], mask=[0, 1, 0]))  # array([3, 5])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "count_masked", "(arr, axis=None)", count_masked_fn,
        "The number of masked elements (along axis).",
        ["np.ma.count_masked(np.ma.array([3, 9, 5], mask=[0, 1, 1]))  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "make_mask", "(m, copy=False, shrink=True, dtype=None)", make_mask_fn,
        "m as a bool mask; nomask when nothing is True and shrink.",
        ["np.ma.make_mask([0, 1])  # array([False,  True])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "make_mask_none", "(newshape, dtype=None)", make_mask_none_fn,
        "A mask of the shape with nothing masked.",
        ["np.ma.make_mask_none((2,))  # array([False, False])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "mask_or", "(m1, m2, copy=False, shrink=True)", mask_or_fn,
        "The union of two masks (nomask when nothing is masked and shrink).",
        ["np.ma.mask_or(np.array([False, True]), np.array([True, False]))  # array([ True,  True])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "is_mask", "(m)", is_mask_fn,
        "Whether m is a valid mask: a bool array (or nomask).",
        ["np.ma.is_mask(np.array([True]))  # True"]),
    entry!(Function, NumpyReduce, "numpy.ma", "fix_invalid", "(a, mask=None, copy=True, fill_value=None)", fix_invalid_fn,
        "a masked where it is NaN or infinite, those data replaced by the fill value.",
        ["np.ma.fix_invalid([1.0, np.nan]).data  # array([1.e+00, 1.e+20])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "masked_values", "(x, value, rtol=1e-05, atol=1e-08, copy=True, shrink=True)", masked_values_fn,
        "x masked where it is close to value (equal for non-floats); value becomes the fill value.",
        ["np.ma.masked_values([1.0, 1.1, 2.0], 1.1).count()  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "default_fill_value", "(obj)", default_fill_value_fn,
        "The default fill value of a dtype, array or scalar: 1e20, 999999, True, 'N/A'.",
        ["np.ma.default_fill_value(np.array([1.0]))  # 1e+20"]),
    entry!(Function, NumpyReduce, "numpy.ma", "minimum_fill_value", "(obj)", minimum_fill_value_fn,
        "The fill value min uses: the largest value of the dtype.",
        ["np.ma.minimum_fill_value(np.array([1], dtype=np.int8))  # 127"]),
    entry!(Function, NumpyReduce, "numpy.ma", "maximum_fill_value", "(obj)", maximum_fill_value_fn,
        "The fill value max uses: the smallest value of the dtype.",
        ["np.ma.maximum_fill_value(np.array([1.0]))  # -inf"]),
    entry!(Function, NumpyReduce, "numpy.ma", "set_fill_value", "(a, fill_value)", set_fill_value_fn,
        "Sets the fill value of a masked array (nothing for another object).",
        ["np.ma.set_fill_value(np.ma.array([1]), 0)  # None"]),
    entry!(Function, NumpyReduce, "numpy.ma", "zeros", "(shape, dtype=None, order=None)", zeros_fn,
        "A masked array of zeros (nothing masked).",
        ["np.ma.zeros(2).sum()  # np.float64(0.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "ones", "(shape, dtype=None, order=None)", ones_fn,
        "A masked array of ones (nothing masked).",
        ["np.ma.ones(2).sum()  # np.float64(2.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "zeros_like", "(a, dtype=None)", zeros_like_fn,
        "Zeros shaped like a (a masked array's mask kept).",
        ["np.ma.zeros_like(np.ma.array([1, 2], mask=[0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "ones_like", "(a, dtype=None)", ones_like_fn,
        "Ones shaped like a (a masked array's mask kept).",
        ["np.ma.ones_like(np.ma.array([1, 2], mask=[0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "arange", "(start, stop=None, step=None, dtype=None)", arange_fn,
        "np.arange as a masked array (nothing masked).",
        ["np.ma.arange(4).sum()  # np.int64(6)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "concatenate", "(arrays, axis=0)", concatenate_fn,
        "The arrays joined along axis, their masks with them.",
        ["np.ma.concatenate([np.ma.array([1, 2], mask=[0, 1]), np.array([3])]).count()  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "sort", "(a, axis=-1, kind=None, order=None, endwith=True, fill_value=None, *, stable=None)", super::ma_methods::sort_fn,
        "A sorted copy (MaskedArray.sort); masked elements go last (first with endwith=False, where fill_value sorts with fill_value).",
        ["np.ma.sort(np.ma.array([3, 1, 2], mask=[0, 1, 0])).data  # array([2, 3, 1])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "argsort", "(a, axis=<no value>, kind=None, order=None, endwith=True, fill_value=None, *, stable=None)", super::ma_methods::argsort_fn,
        "The indices that sort a (MaskedArray.argsort), masked elements last; axis defaults to None (with a warning) for 2-d and more.",
        ["np.ma.argsort(np.ma.array([3, 1, 2], mask=[0, 1, 0]))  # array([2, 0, 1])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "cumsum", "(a, axis=None, dtype=None, out=None)", cumsum_fn,
        "The cumulative sum, masked elements counted as 0 and kept masked.",
        ["np.ma.cumsum(np.ma.array([3, 1, 2], mask=[0, 1, 0])).data  # array([3, 3, 5])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "cumprod", "(a, axis=None, dtype=None, out=None)", cumprod_fn,
        "The cumulative product, masked elements counted as 1 and kept masked.",
        ["np.ma.cumprod(np.ma.array([3, 1, 2], mask=[0, 1, 0])).data  # array([3, 3, 6])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "shape", "(obj)", shape_fn,
        "The shape of the data.",
        ["np.ma.shape(np.ma.array([[1, 2]]))  # (1, 2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "size", "(obj, axis=None)", size_fn,
        "The number of elements (along axis).",
        ["np.ma.size(np.ma.array([[1, 2]]))  # 2"]),
    entry!(Function, NumpyReduce, "numpy.ma", "ndim", "(obj)", ndim_fn,
        "The number of dimensions.",
        ["np.ma.ndim(np.ma.array([[1, 2]]))  # 2"]),
    entry!(Function, NumpyManip, "numpy.ma", "ravel", "(a, order=None)", ravel_fn,
        "The data and mask flattened.",
        ["np.ma.ravel(np.ma.array([[1, 2]], mask=[[0, 1]])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "reshape", "(a, new_shape, order=None)", reshape_fn,
        "The data and mask in a new shape.",
        ["np.ma.reshape(np.ma.array([1, 2], mask=[0, 1]), (2, 1)).shape  # (2, 1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "transpose", "(a, axes=None)", transpose_fn,
        "The data and mask with their axes permuted.",
        ["np.ma.transpose(np.ma.array([[1, 2]], mask=[[0, 1]])).shape  # (2, 1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "squeeze", "(a, axis=None)", squeeze_fn,
        "The data and mask without their length-1 axes.",
        ["np.ma.squeeze(np.ma.array([[1, 2]], mask=[[0, 1]])).shape  # (2,)"]),
    entry!(Function, NumpyManip, "numpy.ma", "swapaxes", "(a, axis1, axis2)", swapaxes_fn,
        "The data and mask with two axes swapped.",
        ["np.ma.swapaxes(np.ma.array([[1, 2]]), 0, 1).shape  # (2, 1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "expand_dims", "(a, axis)", expand_dims_fn,
        "The data and mask with a new axis.",
        ["np.ma.expand_dims(np.ma.array([1, 2]), 0).shape  # (1, 2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "take", "(a, indices, axis=None, out=None, mode='raise')", take_fn,
        "The elements at indices, their mask with them.",
        ["np.ma.take(np.ma.array([1, 2, 3], mask=[0, 1, 0]), [1, 2]).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "repeat", "(a, repeats, axis=None)", repeat_fn,
        "Each element repeated, its mask with it.",
        ["np.ma.repeat(np.ma.array([1, 2], mask=[0, 1]), 2).count()  # np.int64(2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "copy", "(a, order='K')", copy_fn,
        "A copy of the data and the mask.",
        ["np.ma.copy(np.ma.array([1, 2], mask=[0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "clip", "(a, a_min, a_max, out=None)", clip_fn,
        "The data limited to [a_min, a_max], the mask kept.",
        ["np.ma.clip(np.ma.array([1, 5, 9], mask=[0, 0, 1]), 2, 4).data  # array([2, 4, 4])"]),
    entry!(Function, NumpyManip, "numpy.ma", "where", "(condition, x=None, y=None)", where_fn,
        "x where condition is True, else y, masked where the chosen one (or the condition) is.",
        ["np.ma.where([True, False], np.ma.array([1, 2], mask=[1, 0]), 5).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "masked_all", "(shape, dtype=None)", masked_all_fn,
        "A masked array of the shape with every element masked.",
        ["np.ma.masked_all((3,)).count()  # np.int64(0)"]),
    entry!(Function, NumpyManip, "numpy.ma", "masked_all_like", "(arr)", masked_all_like_fn,
        "A masked array shaped like arr with every element masked.",
        ["np.ma.masked_all_like(np.array([1, 2])).count()  # np.int64(0)"]),
    entry!(Function, NumpyManip, "numpy.ma", "allequal", "(a, b, fill_value=True)", allequal_fn,
        "Whether a and b are equal everywhere (masked elements count as equal unless fill_value=False).",
        ["np.ma.allequal(np.ma.array([1, 2], mask=[0, 1]), [1, 5])  # np.True_"]),
    entry!(Function, NumpyManip, "numpy.ma", "empty", "(shape, dtype=None, order=None)", empty_fn,
        "An uninitialised masked array (nothing masked).",
        ["np.ma.empty((2, 3)).shape  # (2, 3)"]),
    entry!(Function, NumpyManip, "numpy.ma", "empty_like", "(prototype, dtype=None)", empty_like_fn,
        "An uninitialised masked array shaped like the prototype.",
        ["np.ma.empty_like([1, 2]).shape  # (2,)"]),
    entry!(Function, NumpyManip, "numpy.ma", "identity", "(n, dtype=None)", identity_fn,
        "The n x n identity as a masked array.",
        ["np.ma.identity(2).sum()  # np.float64(2.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "median", "(a, axis=None, out=None, overwrite_input=False, keepdims=False)", median_fn,
        "The median of the unmasked elements (along axis); masked where none is left.",
        ["np.ma.median(np.ma.array([1, 2, 3, 4], mask=[0, 0, 0, 1]))  # np.float64(2.0)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "average", "(a, axis=None, weights=None, returned=False, keepdims=False)", average_fn,
        "The (weighted) average of the unmasked elements; returned=True adds the sum of the weights.",
        ["np.ma.average(np.ma.array([1, 2, 3, 4], mask=[0, 0, 0, 1]), weights=[1, 2, 3, 4])  # np.float64(2.3333333333333335)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "anom", "(a, axis=None, dtype=None)", anom_fn,
        "The anomalies: the deviations from the mean along axis.",
        ["np.ma.anom(np.ma.array([1, 2, 3])).data  # array([-1.,  0.,  1.])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "anomalies", "(a, axis=None, dtype=None)", anom_fn,
        "The anomalies (anom).",
        ["np.ma.anomalies(np.ma.array([1, 2, 3])).data  # array([-1.,  0.,  1.])"]),
];

/// The methods and properties of `MaskedArray`.
pub const METHODS: &[FuncDef] = &[
    entry!(Method, NumpyCreate, "MaskedArray", "__init__", "(self, data=None, mask=None, dtype=None, copy=False, subok=True, ndmin=0, fill_value=None, keep_mask=True, hard_mask=None, shrink=True, order=None)", init,
        "Initialises a masked array from data, a mask and a fill value.",
        ["np.ma.MaskedArray([1, 2], mask=[1, 0]).count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__repr__", "(self)", repr_m,
        "masked_array(data=..., mask=..., fill_value=...) as NumPy prints it.",
        ["repr(np.ma.masked)  # 'masked'"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__str__", "(self)", str_m,
        "The data printed with -- for the masked elements.",
        ["str(np.ma.array([1, 2], mask=[0, 1]))  # '[1 --]'"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__array__", "(self, dtype=None, copy=None)", array_m,
        "The data as an ndarray (the mask dropped), for NumPy's functions.",
        ["np.asarray(np.ma.array([1, 2], mask=[0, 1]))  # array([1, 2])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__len__", "(self)", len_m,
        "The length of the first axis.",
        ["len(np.ma.array([1, 2, 3]))  # 3"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__getitem__", "(self, indx)", getitem_m,
        "An element (masked if it is masked) or a masked sub-array.",
        ["np.ma.array([1, 2], mask=[0, 1])[0]  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__setitem__", "(self, indx, value)", setitem_m,
        "Sets elements; assigning np.ma.masked masks them.",
        ["m = np.ma.array([1, 2]); m.__setitem__(0, np.ma.masked); m.count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__iter__", "(self)", iter_m,
        "An iterator over the first axis (masked elements as masked).",
        ["list(np.ma.array([1, 2]))  # [np.int64(1), np.int64(2)]"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__add__", "(self, other)", add_m,
        "The sum, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) + 1).sum()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__radd__", "(self, other)", radd_m,
        "The sum, masked where either operand is.",
        ["(1 + np.ma.array([1, 2], mask=[0, 1])).sum()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__sub__", "(self, other)", sub_m,
        "The difference, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) - 1).sum()  # np.int64(0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rsub__", "(self, other)", rsub_m,
        "The difference, masked where either operand is.",
        ["(5 - np.ma.array([1, 2], mask=[0, 1])).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__mul__", "(self, other)", mul_m,
        "The product, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) * 3).sum()  # np.int64(3)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rmul__", "(self, other)", rmul_m,
        "The product, masked where either operand is.",
        ["(3 * np.ma.array([1, 2], mask=[0, 1])).sum()  # np.int64(3)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__truediv__", "(self, other)", truediv_m,
        "The quotient, masked where either operand is or the divisor is 0.",
        ["(np.ma.array([1, 2]) / np.array([0, 1])).count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rtruediv__", "(self, other)", rtruediv_m,
        "The quotient, masked where either operand is or the divisor is 0.",
        ["(1 / np.ma.array([0, 2])).count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__floordiv__", "(self, other)", floordiv_m,
        "The floor quotient, masked where either operand is or the divisor is 0.",
        ["(np.ma.array([3, 4]) // 0).count()  # np.int64(0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rfloordiv__", "(self, other)", rfloordiv_m,
        "The floor quotient, masked where either operand is or the divisor is 0.",
        ["(7 // np.ma.array([0, 2])).sum()  # np.int64(3)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__mod__", "(self, other)", mod_m,
        "The remainder, masked where either operand is or the divisor is 0.",
        ["(np.ma.array([3, 4]) % np.array([0, 3])).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rmod__", "(self, other)", rmod_m,
        "The remainder, masked where either operand is or the divisor is 0.",
        ["(7 % np.ma.array([0, 4])).sum()  # np.int64(3)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__pow__", "(self, other)", pow_m,
        "The power, masked where either operand is or the result is not finite.",
        ["(np.ma.array([2, 3], mask=[0, 1]) ** 2).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rpow__", "(self, other)", rpow_m,
        "other to the power self, masked where either operand is or the result is not finite.",
        ["(2 ** np.ma.array([2, 3], mask=[0, 1])).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__and__", "(self, other)", and_m,
        "The bitwise and (`&`), masked where either operand is.",
        ["(np.ma.array([6, 3], mask=[0, 1]) & 5).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rand__", "(self, other)", rand_m,
        "The bitwise and with the operands swapped, masked where either operand is.",
        ["(5 & np.ma.array([6, 3], mask=[0, 1])).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__or__", "(self, other)", or_m,
        "The bitwise or (`|`), masked where either operand is.",
        ["(np.ma.array([6, 3], mask=[0, 1]) | 1).sum()  # np.int64(7)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__ror__", "(self, other)", ror_m,
        "The bitwise or with the operands swapped, masked where either operand is.",
        ["(1 | np.ma.array([6, 3], mask=[0, 1])).sum()  # np.int64(7)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__xor__", "(self, other)", xor_m,
        "The bitwise exclusive or (`^`), masked where either operand is.",
        ["(np.ma.array([6, 3], mask=[0, 1]) ^ 2).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rxor__", "(self, other)", rxor_m,
        "The bitwise exclusive or with the operands swapped, masked where either operand is.",
        ["(2 ^ np.ma.array([6, 3], mask=[0, 1])).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__lshift__", "(self, other)", lshift_m,
        "The left shift (`<<`), masked where either operand is.",
        ["(np.ma.array([1, 3], mask=[0, 1]) << 2).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rlshift__", "(self, other)", rlshift_m,
        "The left shift with the operands swapped, masked where either operand is.",
        ["(1 << np.ma.array([2, 3], mask=[0, 1])).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rshift__", "(self, other)", rshift_m,
        "The right shift (`>>`), masked where either operand is.",
        ["(np.ma.array([8, 3], mask=[0, 1]) >> 2).sum()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__rrshift__", "(self, other)", rrshift_m,
        "The right shift with the operands swapped, masked where either operand is.",
        ["(8 >> np.ma.array([2, 3], mask=[0, 1])).sum()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__invert__", "(self)", invert_m,
        "The bitwise inversion (`~`; logical not of booleans), the mask kept.",
        ["np.ma.array([True, False], mask=[0, 1]).__invert__().sum()  # np.int64(0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__neg__", "(self)", neg_m,
        "The negation (the mask kept).",
        ["(-np.ma.array([1, 2], mask=[0, 1])).sum()  # np.int64(-1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__pos__", "(self)", pos_m,
        "The array itself.",
        ["np.ma.array([1, 2], mask=[0, 1]).__pos__().sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__abs__", "(self)", abs_m,
        "The absolute value (the mask kept).",
        ["abs(np.ma.array([-1, 2], mask=[0, 1])).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__eq__", "(self, other)", eq_m,
        "Elementwise ==, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) == 1).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__ne__", "(self, other)", ne_m,
        "Elementwise !=, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) != 1).sum()  # np.int64(0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__lt__", "(self, other)", lt_m,
        "Elementwise <, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) < 2).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__le__", "(self, other)", le_m,
        "Elementwise <=, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) <= 2).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__gt__", "(self, other)", gt_m,
        "Elementwise >, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) > 0).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "__ge__", "(self, other)", ge_m,
        "Elementwise >=, masked where either operand is.",
        ["(np.ma.array([1, 2], mask=[0, 1]) >= 1).sum()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "filled", "(self, fill_value=None)", filled_m,
        "The data with the masked elements replaced by fill_value (the fill value by default).",
        ["np.ma.array([1, 2], mask=[0, 1]).filled(0)  # array([1, 0])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "compressed", "(self)", compressed_m,
        "The unmasked elements as a 1-D array.",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).compressed()  # array([1, 3])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "count", "(self, axis=None, keepdims=False)", count_m,
        "The number of unmasked elements (along axis).",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).count()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "sum", "(self, axis=None, dtype=None, out=None, keepdims=False)", sum_m,
        "The sum of the unmasked elements; masked if all are masked.",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).sum()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "prod", "(self, axis=None, dtype=None, out=None, keepdims=False)", prod_m,
        "The product of the unmasked elements; masked if all are masked.",
        ["np.ma.array([2, 5, 3], mask=[0, 1, 0]).prod()  # np.int64(6)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "mean", "(self, axis=None, dtype=None, out=None, keepdims=False)", mean_m,
        "The mean of the unmasked elements; masked if all are masked.",
        ["np.ma.array([1, 2, 5], mask=[0, 1, 0]).mean()  # np.float64(3.0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "var", "(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", var_m,
        "The variance of the unmasked elements.",
        ["np.ma.array([1, 2, 5], mask=[0, 1, 0]).var()  # np.float64(4.0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "std", "(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", std_m,
        "The standard deviation of the unmasked elements.",
        ["np.ma.array([1, 2, 5], mask=[0, 1, 0]).std()  # np.float64(2.0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "min", "(self, axis=None, out=None, fill_value=None, keepdims=False)", min_m,
        "The minimum of the unmasked elements; masked if all are masked.",
        ["np.ma.array([1, 0, 5], mask=[0, 1, 0]).min()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "max", "(self, axis=None, out=None, fill_value=None, keepdims=False)", max_m,
        "The maximum of the unmasked elements; masked if all are masked.",
        ["np.ma.array([1, 9, 5], mask=[0, 1, 0]).max()  # np.int64(5)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "argmin", "(self, axis=None, fill_value=None, out=None, keepdims=False)", argmin_m,
        "The index of the minimum among the unmasked elements.",
        ["np.ma.array([1, 0, 5], mask=[0, 1, 0]).argmin()  # np.int64(0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "argmax", "(self, axis=None, fill_value=None, out=None, keepdims=False)", argmax_m,
        "The index of the maximum among the unmasked elements.",
        ["np.ma.array([1, 9, 5], mask=[0, 1, 0]).argmax()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "set_fill_value", "(self, value=None)", set_fill_value_m,
        "Sets the fill value (None: the dtype's default); also `m.fill_value = value`.",
        ["m = np.ma.array([1.0]); m.set_fill_value(-1); m.fill_value  # np.float64(-1.0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "harden_mask", "(self)", harden_mask_m,
        "Makes the mask hard: assigning no longer unmasks elements. Returns the array.",
        ["m = np.ma.array([1, 2], mask=[0, 1]).harden_mask(); m.__setitem__(1, 5); m.count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "soften_mask", "(self)", soften_mask_m,
        "Makes the mask soft (the default): assigning unmasks elements. Returns the array.",
        ["m = np.ma.array([1, 2], mask=[0, 1]).soften_mask(); m.__setitem__(1, 5); m.count()  # np.int64(2)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "hardmask", "(self, /)", hardmask_p,
        "Whether the mask is hard (harden_mask).",
        ["np.ma.array([1, 2]).hardmask  # False"]),
    entry!(Property, NumpyCreate, "MaskedArray", "data", "(self, /)", data_p,
        "The underlying data as an ndarray.",
        ["np.ma.array([1, 2], mask=[0, 1]).data  # array([1, 2])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "mask", "(self, /)", mask_p,
        "The mask: a bool array, or nomask (np.False_) when nothing is masked.",
        ["np.ma.array([1, 2], mask=[0, 1]).mask  # array([False,  True])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "fill_value", "(self, /)", fill_value_p,
        "The fill value (by default 1e20 for floats, 999999 for ints, 'N/A' for strings).",
        ["np.ma.array([1.0]).fill_value  # np.float64(1e+20)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "shape", "(self, /)", shape_p,
        "The shape of the data.",
        ["np.ma.array([[1, 2]]).shape  # (1, 2)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "dtype", "(self, /)", dtype_p,
        "The dtype of the data.",
        ["np.ma.array([1.0]).dtype  # dtype('float64')"]),
    entry!(Property, NumpyCreate, "MaskedArray", "ndim", "(self, /)", ndim_p,
        "The number of dimensions.",
        ["np.ma.array([[1, 2]]).ndim  # 2"]),
    entry!(Property, NumpyCreate, "MaskedArray", "size", "(self, /)", size_p,
        "The number of elements.",
        ["np.ma.array([[1, 2]]).size  # 2"]),
];

thread_local! {
    static PRINT_DISPLAY: RefCell<String> = RefCell::new("--".to_string());
    static PRINT_ENABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    static CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
    static MASKED: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// The class `numpy.ma.MaskedArray` (one per thread, built on first use).
pub fn class() -> Result<Rc<Class>> {
    if let Some(c) = CLASS.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let mut attrs = super::poly1d::table_attrs("MaskedArray", &[]);
    attrs.set("__hash__", Value::None);
    // The properties that can be assigned, with the method that sets them.
    for (name, setter) in [
        ("fill_value", "set_fill_value"),
        ("flat", "_set_flat"),
        ("recordmask", "_set_recordmask"),
    ] {
        if let (Some(get), Some(set)) = (
            table::lookup("MaskedArray", name),
            table::lookup("MaskedArray", setter),
        ) {
            let prop = crate::py::class::descriptor(crate::py::class::Descriptor::Property {
                get: Value::Builtin(get),
                set: Value::Builtin(set),
                del: Value::None,
            });
            attrs.set(name, prop);
        }
    }
    let mut c = Class::new("MaskedArray", "MaskedArray", "numpy.ma", Vec::new(), attrs)?;
    // An ndarray subclass, as NumPy's: `isinstance(m, np.ndarray)`, and an
    // array on the left of an operator gives the masked array's reflected
    // method the first turn.
    if let Some(id) = table::lookup("numpy", "ndarray") {
        c.bases = vec![Value::Builtin(id)];
    }
    let c = Rc::new(c);
    CLASS.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

pub(super) fn blank(class: Rc<Class>) -> Value {
    Value::Instance(Rc::new(Instance {
        class,
        attrs: RefCell::new(crate::py::class::Attrs::default()),
        args: RefCell::new(Vec::new()),
    }))
}

/// `np.ma.masked`: the masked constant (a 0-d masked array printed `--`).
pub fn masked() -> Result<Value> {
    if let Some(m) = MASKED.with(|m| m.borrow().clone()) {
        return Ok(m);
    }
    let attrs = crate::py::class::Attrs::default();
    let c = Rc::new(Class::new(
        "MaskedConstant",
        "MaskedConstant",
        "numpy.ma",
        vec![Value::Class(class()?)],
        attrs,
    )?);
    let v = blank(c);
    if let Value::Instance(i) = &v {
        let mut a = i.attrs.borrow_mut();
        a.set(
            "_data",
            super::conv::wrap(xpush_npu::Array::from_scalar(Scalar::Float64(0.0))),
        );
        a.set(
            "_mask",
            super::conv::wrap(xpush_npu::Array::from_scalar(Scalar::Bool(true))),
        );
        a.set("_fill_value", Value::None);
    }
    MASKED.with(|slot| *slot.borrow_mut() = Some(v.clone()));
    Ok(v)
}

pub(super) fn is_masked_const(v: &Value) -> bool {
    match (v, MASKED.with(|m| m.borrow().clone())) {
        (Value::Instance(a), Some(Value::Instance(b))) => Rc::ptr_eq(a, &b),
        _ => false,
    }
}

/// `nomask`: NumPy's `np.False_`.
pub(super) fn nomask() -> Value {
    super::conv::scalar(Scalar::Bool(false))
}

/// `isinstance(v, MaskedArray)`.
pub fn is_ma(v: &Value) -> bool {
    match v {
        Value::Instance(i) => class().is_ok_and(|c| i.class.is_subclass(&c)),
        _ => false,
    }
}

fn inst(v: &Value) -> Result<&Rc<Instance>> {
    match v {
        Value::Instance(i) if is_ma(v) => Ok(i),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.ma.MaskedArray' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

pub(super) fn get_attr(v: &Value, name: &str) -> Result<Value> {
    Ok(inst(v)?
        .attrs
        .borrow()
        .get(name)
        .cloned()
        .unwrap_or(Value::None))
}

pub(super) fn set_attr(v: &Value, name: &str, x: Value) -> Result<()> {
    inst(v)?.attrs.borrow_mut().set(name, x);
    Ok(())
}

/// The data and the mask (`None` for nomask) of a masked array.
pub(super) fn parts(v: &Value) -> Result<(Value, Option<Value>)> {
    let d = get_attr(v, "_data")?;
    let m = get_attr(v, "_mask")?;
    Ok((d, if m.is_none() { None } else { Some(m) }))
}

/// A new masked array of `data` with `mask` and the stored fill value `fill`.
pub(super) fn new_ma(data: Value, mask: Option<Value>, fill: Value) -> Result<Value> {
    let v = blank(class()?);
    set_attr(&v, "_data", data)?;
    set_attr(&v, "_mask", mask.unwrap_or(Value::None))?;
    set_attr(&v, "_fill_value", fill)?;
    Ok(v)
}

pub(super) fn is_array(v: &Value) -> bool {
    match v {
        Value::Array(_) => true,
        Value::HostArray(h) => h.ndim() > 0,
        _ => false,
    }
}

/// A result of `data` and `mask`: the masked constant or the plain scalar
/// when it is a scalar, else a masked array.
pub(super) fn wrap(
    host: &mut dyn Host,
    data: Value,
    mask: Option<Value>,
    fill: Value,
) -> Result<Value> {
    if !is_array(&data) {
        return match &mask {
            Some(m) if truth(&np(host, "any", vec![m.clone()])?)? => masked(),
            _ => Ok(data),
        };
    }
    new_ma(data, mask, fill)
}

/// `getdata(v)`: the data of a masked array, `np.asarray(v)` otherwise.
pub(super) fn getdata(host: &mut dyn Host, v: &Value) -> Result<Value> {
    if is_ma(v) {
        return get_attr(v, "_data");
    }
    np(host, "asarray", vec![v.clone()])
}

/// The data of a masked array, other operands as they are.
pub(super) fn data_or_self(v: &Value) -> Result<Value> {
    if is_ma(v) {
        return get_attr(v, "_data");
    }
    Ok(v.clone())
}

pub(super) fn getmask(v: &Value) -> Result<Option<Value>> {
    if is_ma(v) {
        return Ok(parts(v)?.1);
    }
    Ok(None)
}

pub(super) fn bool_dtype() -> Value {
    Value::DType(DType::Bool)
}

pub(super) fn zeros_mask(host: &mut dyn Host, data: &Value) -> Result<Value> {
    let shape = np(host, "shape", vec![data.clone()])?;
    np_kw(host, "zeros", vec![shape], &[("dtype", bool_dtype())])
}

pub(super) fn getmaskarray(host: &mut dyn Host, v: &Value) -> Result<Value> {
    match getmask(v)? {
        Some(m) => Ok(m),
        None => {
            let d = data_or_self(v)?;
            zeros_mask(host, &d)
        }
    }
}

/// Python-level `a.NAME(*args, **kwargs)`.
pub(super) fn meth(
    host: &mut dyn Host,
    v: &Value,
    name: &str,
    args: Vec<Value>,
    kw: &[(&str, Value)],
) -> Result<Value> {
    let f = crate::ops::getattr(v, name)?;
    let kw = kw.iter().map(|(k, v)| (Rc::from(*k), v.clone())).collect();
    crate::ops::call(host, &f, args, kw)
}

pub(super) fn kind_of(data: &Value) -> Result<String> {
    Ok(crate::ops::to_str(&attr(&attr(data, "dtype")?, "kind")?))
}

/// NumPy's `_check_fill_value(None, dtype)`: the default fill value as a 0-d array.
pub(super) fn default_fill(host: &mut dyn Host, data: &Value) -> Result<Value> {
    let v = match kind_of(data)?.as_str() {
        "b" => Value::Bool(true),
        "i" => Value::Int(999_999),
        "u" => {
            let u = np_kw(
                host,
                "array",
                vec![Value::Int(999_999)],
                &[("dtype", Value::DType(DType::UInt64))],
            )?;
            return Ok(u);
        }
        "f" => Value::Float(1e20),
        "c" => np(host, "complex128", vec![Value::Float(1e20)])?,
        "U" => Value::str("N/A"),
        "S" => Value::Bytes(Rc::from(&b"N/A"[..])),
        _ => Value::str("?"),
    };
    np(host, "array", vec![v])
}

/// NumPy's `_check_fill_value(value, dtype)` for a given value.
pub(super) fn check_fill(host: &mut dyn Host, value: &Value, data: &Value) -> Result<Value> {
    if value.is_none() {
        return default_fill(host, data);
    }
    let kind = kind_of(data)?;
    if matches!(value, Value::Str(_)) && !matches!(kind.as_str(), "O" | "S" | "U" | "T" | "V") {
        return Err(Error::type_error(format!(
            "Cannot set fill value of string with array of dtype {}",
            crate::ops::to_str(&attr(data, "dtype")?)
        )));
    }
    let dt = attr(data, "dtype")?;
    np_kw(host, "array", vec![value.clone()], &[("dtype", dt)]).map_err(|_| {
        Error::type_error(format!(
            "Cannot convert fill_value {} to dtype {}",
            crate::ops::to_str(value),
            crate::ops::to_str(&attr(data, "dtype").unwrap_or(Value::None))
        ))
    })
}

/// `m.fill_value` (setting the default on first read, as NumPy does).
pub(super) fn fill_value(host: &mut dyn Host, this: &Value) -> Result<Value> {
    let mut fv = get_attr(this, "_fill_value")?;
    if fv.is_none() {
        let data = get_attr(this, "_data")?;
        fv = default_fill(host, &data)?;
        set_attr(this, "_fill_value", fv.clone())?;
    }
    item(&fv, Value::tuple(Vec::new()))
}

/// A result takes the `_sharedmask` flag of its first masked operand, as
/// NumPy's `_update_from` copies it.
pub(super) fn inherit_shared(r: &Value, ops: &[&Value]) -> Result<()> {
    if !is_ma(r) {
        return Ok(());
    }
    if let Some(src) = ops.iter().find(|v| is_ma(v)) {
        set_attr(r, "_sharedmask", get_attr(src, "_sharedmask")?)?;
    }
    Ok(())
}

/// The stored fill value of the first masked operand (`_update_from`).
pub(super) fn inherited_fill(ops: &[&Value]) -> Result<Value> {
    for v in ops {
        if is_ma(v) {
            return get_attr(v, "_fill_value");
        }
    }
    Ok(Value::None)
}

// ---- construction ----

/// NumPy's `MaskedArray.__new__` on the instance `this`.
#[allow(clippy::too_many_arguments)]
pub(super) fn init_with(
    host: &mut dyn Host,
    this: &Value,
    data: &Value,
    mask: &Value,
    dtype: &Value,
    copy: &Value,
    fill_value: &Value,
    keep_mask: &Value,
    hard_mask: &Value,
    shrink: &Value,
) -> Result<()> {
    let (src_data, src_mask, src_fill) = if is_ma(data) {
        let (d, m) = parts(data)?;
        (d, m, get_attr(data, "_fill_value")?)
    } else {
        (data.clone(), None, Value::None)
    };
    let mut args = vec![src_data];
    if !dtype.is_none() {
        args.push(dtype.clone());
    }
    let d = if truth(copy)? {
        np_kw(host, "array", args, &[("copy", Value::Bool(true))])?
    } else {
        np(host, "asarray", args)?
    };
    let keep = truth(keep_mask)?;
    let mut m = if keep {
        match &src_mask {
            Some(sm) if truth(copy)? => Some(np(host, "array", vec![sm.clone()])?),
            other => other.clone(),
        }
    } else {
        None
    };
    let given_nomask = mask.is_none() || matches!(mask, Value::Scalar(Scalar::Bool(false)));
    if !given_nomask {
        let mut mk = np_kw(
            host,
            "array",
            vec![mask.clone()],
            &[("dtype", bool_dtype())],
        )?;
        let dshape = np(host, "shape", vec![d.clone()])?;
        let mshape = np(host, "shape", vec![mk.clone()])?;
        if !truth(&cmp(CmpOp::Eq, &dshape, &mshape)?)? {
            let (nd, nm) = (
                crate::py::num::index_i64(&np(host, "size", vec![d.clone()])?)?,
                crate::py::num::index_i64(&np(host, "size", vec![mk.clone()])?)?,
            );
            if nm == 1 {
                mk = np(host, "resize", vec![mk, dshape])?;
            } else if nm == nd {
                mk = np(host, "reshape", vec![mk, dshape])?;
            } else {
                return Err(Error::new(
                    crate::ExcKind::MaskError,
                    format!("Mask and data not compatible: data size is {nd}, mask size is {nm}."),
                ));
            }
        }
        m = Some(match m {
            Some(old) if keep => np(host, "logical_or", vec![mk, old])?,
            _ => mk,
        });
    } else if m.is_none() && !truth(shrink)? {
        m = Some(zeros_mask(host, &d)?);
    }
    let fill = if !fill_value.is_none() {
        check_fill(host, fill_value, &d)?
    } else if !src_fill.is_none() {
        check_fill(host, &item(&src_fill, Value::tuple(Vec::new()))?, &d)?
    } else {
        Value::None
    };
    set_attr(this, "_data", d)?;
    set_attr(this, "_mask", m.unwrap_or(Value::None))?;
    set_attr(this, "_fill_value", fill)?;
    set_attr(this, "_hardmask", Value::Bool(truth(hard_mask)?))?;
    // NumPy's `_sharedmask`: not copied, the mask may be another array's
    // (an array's data, or the mask given); a list's data, a source mask
    // combined with the one given, or one dropped are not shared.
    let shared = if given_nomask {
        keep && !matches!(data, Value::List(_) | Value::Tuple(_)) && !truth(copy)?
    } else {
        !(truth(copy)? || keep && src_mask.is_some())
    };
    set_attr(this, "_sharedmask", Value::Bool(shared))?;
    Ok(())
}

fn init(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    init_with(
        host,
        &this,
        &a.get(1).clone(),
        &a.get(2).clone(),
        &a.get(3).clone(),
        &a.get(4).clone(),
        &a.get(7).clone(),
        &a.get(8).clone(),
        &a.get(9).clone(),
        &a.get(10).clone(),
    )?;
    Ok(Value::None)
}

/// `np.ma.array(data, mask=...)`: a new masked array.
pub fn make(host: &mut dyn Host, data: &Value, mask: &Value, fill: &Value) -> Result<Value> {
    let v = blank(class()?);
    init_with(
        host,
        &v,
        data,
        mask,
        &Value::None,
        &Value::Bool(false),
        fill,
        &Value::Bool(true),
        &Value::Bool(false),
        &Value::Bool(true),
    )?;
    Ok(v)
}

fn array_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = blank(class()?);
    init_with(
        host,
        &v,
        &a.get(0).clone(),
        &a.get(4).clone(),
        &a.get(1).clone(),
        &a.get(2).clone(),
        &a.get(5).clone(),
        &a.get(6).clone(),
        &a.get(7).clone(),
        &a.get(8).clone(),
    )?;
    Ok(v)
}

// ---- printing ----

fn opts() -> xpush_npu::print::PrintOptions {
    super::printopts::get()
}

/// The data's text with `--` for the masked elements (NumPy's
/// `_insert_masked_print` then `array2string`).
fn data_text(
    host: &mut dyn Host,
    this: &Value,
    sep: &str,
    prefix: &str,
    width: usize,
) -> Result<String> {
    let (data, mask) = parts(this)?;
    let (data, mask) = match mask {
        Some(_) if !print_enabled() => (filled_with(host, this, &Value::None)?, None),
        m => (data, m),
    };
    let display = print_display();
    let o = opts();
    let Some(mask) = mask else {
        return Ok(match &data {
            Value::Array(_) => {
                let x = as_array(&data)?;
                xpush_npu::print::array2string(&x, &o, sep, prefix, width)
            }
            Value::HostArray(h) if h.ndim() > 0 => h.text(sep, prefix, width, &|c| h.elem_text(c)),
            other => crate::py::class::repr(host, other)?,
        });
    };
    let obj = super::host::object::from_value(&data)?;
    let flags: Vec<bool> = as_array(&mask)?
        .to_host()?
        .to_scalars()
        .iter()
        .map(|s| matches!(s, Scalar::Bool(true)))
        .collect();
    let cells: Vec<super::host::Cell> = obj
        .cells()
        .into_iter()
        .zip(flags.iter().chain(std::iter::repeat(&false)))
        .map(|(c, &m)| {
            if m {
                super::host::Cell::Obj(Value::None)
            } else {
                c
            }
        })
        .collect();
    let marks: Vec<bool> = flags.clone();
    let shown = super::host::HostArray::new(super::host::HostDType::object(), cells, obj.shape())?;
    let text = |c: &super::host::Cell| match c {
        super::host::Cell::Obj(v) => super::host::object::elem_repr(None, v),
        other => shown.elem_text(other),
    };
    if shown.ndim() == 0 {
        return Ok(if marks.first().copied().unwrap_or(false) {
            display.clone()
        } else {
            text(&shown.cells()[0])
        });
    }
    // Masked cells hold None (numeric and text data have no None).
    let masked_text = |c: &super::host::Cell| match c {
        super::host::Cell::Obj(Value::None) => display.clone(),
        other => text(other),
    };
    Ok(shown.text(sep, prefix, width, &masked_text))
}

fn dtype_needed(host: &mut dyn Host, this: &Value) -> Result<bool> {
    let (data, mask) = parts(this)?;
    let implied = match &data {
        Value::Array(a) => matches!(
            a.dtype(),
            DType::Int64 | DType::Float64 | DType::Complex128 | DType::Bool
        ),
        _ => false,
    };
    let all_masked = match &mask {
        Some(m) => truth(&np(host, "all", vec![m.clone()])?)?,
        None => false,
    };
    let size = crate::py::num::index_i64(&np(host, "size", vec![data])?)?;
    Ok(!implied || all_masked || size == 0)
}

fn dtype_short(data: &Value) -> Result<String> {
    Ok(match data {
        Value::Array(a) => a.dtype().name().to_string(),
        _ => {
            let dt = attr(data, "dtype")?;
            let s = crate::ops::to_str(&dt);
            if kind_of(data)? == "O" {
                s
            } else {
                format!("'{s}'")
            }
        }
    })
}

fn fill_repr(host: &mut dyn Host, this: &Value) -> Result<String> {
    let fv = fill_value(host, this)?;
    let stored = get_attr(this, "_fill_value")?;
    let data = get_attr(this, "_data")?;
    let (fk, dk) = (kind_of(&stored)?, kind_of(&data)?);
    if (fk == "S" || fk == "U") && fk == dk {
        let it = meth(host, &stored, "item", Vec::new(), &[])?;
        return crate::py::class::repr(host, &it);
    }
    let same = truth(&cmp(
        CmpOp::Eq,
        &attr(&stored, "dtype")?,
        &attr(&data, "dtype")?,
    )?)?;
    if same && dk != "O" {
        crate::py::class::to_str(host, &fv)
    } else {
        crate::py::class::repr(host, &fv)
    }
}

/// NumPy 1.13's `masked_array(data = ..., mask = ..., fill_value = ...)`
/// (`_legacy_print_templates`, with their final newline).
fn legacy_repr_text(host: &mut dyn Host, this: &Value) -> Result<String> {
    let data = get_attr(this, "_data")?;
    let (ndim, structured) = match &data {
        Value::Array(a) => (a.ndim(), false),
        Value::HostArray(h) => (h.ndim(), h.dtype().kind.is_record()),
        _ => (0, false),
    };
    let data_s = crate::py::class::to_str(host, this)?;
    let mask_s = match parts(this)?.1 {
        None => "False".to_string(),
        Some(m) => crate::py::class::to_str(host, &m)?,
    };
    let fv = fill_value(host, this)?;
    let fill_s = crate::py::class::to_str(host, &fv)?;
    let sep = if ndim > 1 { "\n " } else { " " };
    let mut s = format!(
        "masked_array(data ={sep}{data_s},\n             mask ={sep}{mask_s},\n       fill_value = {fill_s}"
    );
    if structured {
        let dt = crate::py::class::to_str(host, &attr(&data, "dtype")?)?;
        s.push_str(&format!(",\n            dtype = {dt}"));
    }
    s.push_str(")\n");
    Ok(s)
}

fn repr_text(host: &mut dyn Host, this: &Value) -> Result<String> {
    if is_masked_const(this) {
        return Ok("masked".to_string());
    }
    if super::printopts::legacy() <= 113 {
        return legacy_repr_text(host, this);
    }
    let prefix = "masked_array(";
    let need_dtype = dtype_needed(host, this)?;
    let mut keys = vec!["data", "mask", "fill_value"];
    if need_dtype {
        keys.push("dtype");
    }
    let data = get_attr(this, "_data")?;
    let shape: Vec<usize> = match &data {
        Value::Array(a) => a.shape().to_vec(),
        Value::HostArray(h) => h.shape().to_vec(),
        _ => Vec::new(),
    };
    let one_row = shape.len() < 2 || shape[..shape.len() - 1].iter().all(|&d| d == 1);
    let indent = |k: &str| -> String {
        if one_row {
            if k == keys[0] {
                prefix.to_string()
            } else {
                " ".repeat(2.max((prefix.len() + keys[0].len()).saturating_sub(k.len())))
            }
        } else {
            "  ".to_string()
        }
    };
    let width = opts().linewidth.saturating_sub(1);
    let data_s = data_text(host, this, ", ", &format!("{}data=", indent("data")), width)?;
    let mask_s = match parts(this)?.1 {
        None => "False".to_string(),
        Some(m) => {
            let x = as_array(&m)?;
            let p = format!("{}mask=", indent("mask"));
            xpush_npu::print::array2string(&x, &opts(), ", ", &p, width)
        }
    };
    let fill_s = fill_repr(host, this)?;
    let mut fields = vec![
        format!("{}data={data_s}", indent("data")),
        format!("{}mask={mask_s}", indent("mask")),
        format!("{}fill_value={fill_s}", indent("fill_value")),
    ];
    if need_dtype {
        fields.push(format!("{}dtype={}", indent("dtype"), dtype_short(&data)?));
    }
    let head = if one_row { "" } else { "masked_array(\n" };
    Ok(format!("{head}{})", fields.join(",\n")))
}

fn repr_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(repr_text(host, a.get(0))?))
}

fn str_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    if is_masked_const(&this) {
        return Ok(Value::str(print_display()));
    }
    let (data, mask) = parts(&this)?;
    if mask.is_some() && !print_enabled() {
        let f = filled_with(host, &this, &Value::None)?;
        return Ok(Value::str(crate::py::class::to_str(host, &f)?));
    }
    if mask.is_none() {
        return Ok(Value::str(crate::py::class::to_str(host, &data)?));
    }
    let width = opts().linewidth;
    Ok(Value::str(data_text(host, &this, " ", "", width)?))
}

// ---- indexing ----

fn array_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = get_attr(a.get(0), "_data")?;
    match a.get(1) {
        Value::None => Ok(d),
        dt => np(host, "asarray", vec![d, dt.clone()]),
    }
}

fn len_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = get_attr(a.get(0), "_data")?;
    call_builtin(host, "len", vec![d])
}

pub(super) fn call_builtin(host: &mut dyn Host, name: &str, args: Vec<Value>) -> Result<Value> {
    let id = table::lookup_builtin(name)
        .ok_or_else(|| Error::runtime_error(format!("no builtin {name}")))?;
    table::call(host, id, args, Vec::new())
}

fn getitem_at(host: &mut dyn Host, this: &Value, idx: &Value) -> Result<Value> {
    let (data, mask) = parts(this)?;
    let dout = item(&data, idx.clone())?;
    let mout = match &mask {
        Some(m) => Some(item(m, idx.clone())?),
        None => None,
    };
    if !is_array(&dout) {
        return match mout {
            Some(m) if truth(&np(host, "any", vec![m.clone()])?)? => masked(),
            _ => Ok(dout),
        };
    }
    let shared = mout.is_some();
    let r = new_ma(dout, mout, get_attr(this, "_fill_value")?)?;
    // A slice shares its mask with the array (NumPy's `_sharedmask`).
    set_attr(&r, "_sharedmask", Value::Bool(shared))?;
    Ok(r)
}

fn getitem_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, idx) = (a.get(0).clone(), a.get(1).clone());
    getitem_at(host, &this, &idx)
}

fn setitem_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, idx, value) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    setitem_at(host, &this, &idx, &value)?;
    Ok(Value::None)
}

/// `this[idx] = value` (NumPy's `MaskedArray.__setitem__`).
pub(super) fn setitem_at(
    host: &mut dyn Host,
    this: &Value,
    idx: &Value,
    value: &Value,
) -> Result<()> {
    let (this, idx, value) = (this.clone(), idx.clone(), value.clone());
    if is_masked_const(&this) {
        return Err(Error::value_error("masked constant is read-only"));
    }
    let (data, mask) = parts(&this)?;
    if is_masked_const(&value) {
        let m = match mask {
            Some(m) => m,
            None => {
                let m = zeros_mask(host, &data)?;
                set_attr(&this, "_mask", m.clone())?;
                m
            }
        };
        crate::ops::setitem(&m, &idx, Value::Bool(true))?;
        return Ok(());
    }
    if truth(&get_attr(&this, "_hardmask")?)? {
        if let Some(m) = &mask {
            // A hard mask: the masked elements keep their data.
            let old = item(m, idx.clone())?;
            let vm = match getmask(&value)? {
                Some(vm) => np(host, "logical_or", vec![old.clone(), vm])?,
                None => np(host, "asarray", vec![old.clone()])?,
            };
            let cur = np(host, "array", vec![item(&data, idx.clone())?])?;
            let new = np(host, "where", vec![old, cur, data_or_self(&value)?])?;
            crate::ops::setitem(&data, &idx, new)?;
            crate::ops::setitem(m, &idx, vm)?;
            return Ok(());
        }
    }
    crate::ops::setitem(&data, &idx, data_or_self(&value)?)?;
    let vmask = getmask(&value)?;
    match (mask, vmask) {
        (None, None) => {}
        (Some(m), None) => crate::ops::setitem(&m, &idx, Value::Bool(false))?,
        (m, Some(vm)) => {
            let m = match m {
                Some(m) => m,
                None => {
                    let m = zeros_mask(host, &data)?;
                    set_attr(&this, "_mask", m.clone())?;
                    m
                }
            };
            crate::ops::setitem(&m, &idx, vm)?;
        }
    }
    Ok(())
}

fn iter_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let n =
        crate::py::num::index_i64(&call_builtin(host, "len", vec![get_attr(&this, "_data")?])?)?;
    let mut items = Vec::new();
    for i in 0..n {
        items.push(getitem_at(host, &this, &Value::Int(i))?);
    }
    call_builtin(host, "iter", vec![Value::list(items)])
}

// ---- arithmetic ----

/// NumPy's name of a binary operator's masked function.
fn op_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "subtract",
        BinOp::Mul => "multiply",
        BinOp::Div => "true_divide",
        BinOp::FloorDiv => "floor_divide",
        BinOp::Mod => "remainder",
        BinOp::Pow => "power",
        BinOp::BitAnd => "bitwise_and",
        BinOp::BitOr => "bitwise_or",
        BinOp::BitXor => "bitwise_xor",
        BinOp::LShift => "left_shift",
        BinOp::RShift => "right_shift",
        _ => "matmul",
    }
}

/// `a op b` for masked operands.
pub(super) fn binop(host: &mut dyn Host, op: BinOp, x: &Value, y: &Value) -> Result<Value> {
    binary(host, op_name(op), x, y)
}

/// The division functions, masked where the divisor is 0 or the result
/// is not finite (NumPy's `_DomainedBinaryOperation`).
fn divides(name: &str) -> bool {
    matches!(
        name,
        "divide" | "true_divide" | "floor_divide" | "remainder" | "mod" | "fmod"
    )
}

/// `np.ma.NAME(x, y)` for a binary ufunc (NumPy's
/// `_MaskedBinaryOperation`, `_DomainedBinaryOperation` and `power`): the
/// ufunc on the data, the masks OR'ed, the first operand's data put back
/// where masked.
pub(super) fn binary(host: &mut dyn Host, name: &str, x: &Value, y: &Value) -> Result<Value> {
    let fill = inherited_fill(&[x, y])?;
    let (dx, dy) = (getdata(host, x)?, getdata(host, y)?);
    let result = super::fperr::ignoring(|| np(host, name, vec![dx.clone(), dy.clone()]))?;
    let (mx, my) = (getmask(x)?, getmask(y)?);
    let mut m = match (&mx, &my) {
        (None, None) => None,
        _ => {
            let (ax, ay) = (getmaskarray(host, x)?, getmaskarray(host, y)?);
            Some(np(host, "logical_or", vec![ax, ay])?)
        }
    };
    let invalid = if divides(name) || name == "power" {
        let fin = np(host, "isfinite", vec![result.clone()])?;
        let mut bad = np(host, "logical_not", vec![fin])?;
        if divides(name) {
            let zero = cmp(CmpOp::Eq, &dy, &Value::Int(0))?;
            bad = np(host, "logical_or", vec![bad, zero])?;
        }
        Some(bad)
    } else {
        None
    };
    if let Some(d) = invalid {
        if divides(name) || truth(&np(host, "any", vec![d.clone()])?)? {
            m = Some(match m {
                Some(m) => np(host, "logical_or", vec![m, d])?,
                None => {
                    let z = np_kw(
                        host,
                        "zeros_like",
                        vec![result.clone()],
                        &[("dtype", bool_dtype())],
                    )?;
                    np(host, "logical_or", vec![z, d])?
                }
            });
        }
    }
    if is_array(&result) {
        if let Some(m) = &m {
            if truth(&np(host, "any", vec![m.clone()])?)? {
                // Put back the first operand's data where masked.
                let _ = np_kw(
                    host,
                    "copyto",
                    vec![result.clone(), dx.clone()],
                    &[("casting", Value::str("unsafe")), ("where", m.clone())],
                );
            }
        }
    }
    let r = wrap(host, result, m, fill)?;
    inherit_shared(&r, &[x, y])?;
    Ok(r)
}

/// The unary functions with a domain (NumPy's `_MaskedUnaryOperation`
/// with one): masked there and where the result is not finite.
fn unary_domained(name: &str) -> bool {
    matches!(
        name,
        "sqrt" | "log" | "log2" | "log10" | "tan" | "arcsin" | "arccos" | "arccosh" | "arctanh"
    )
}

/// `np.ma.NAME(x)` for a unary function (NumPy's `_MaskedUnaryOperation`).
fn unary(host: &mut dyn Host, name: &str, x: &Value) -> Result<Value> {
    let fill = inherited_fill(&[x])?;
    let d = getdata(host, x)?;
    let result = super::fperr::ignoring(|| np(host, name, vec![d.clone()]))?;
    let mut m = getmask(x)?;
    if unary_domained(name) {
        let fin = np(host, "isfinite", vec![result.clone()])?;
        let mut bad = np(host, "logical_not", vec![fin])?;
        if let Some((dom, _)) =
            super::fperr::ignoring(|| domain(host, name, std::slice::from_ref(&d)))?
        {
            bad = np(host, "logical_or", vec![bad, dom])?;
        }
        m = Some(match m {
            Some(mm) => np(host, "logical_or", vec![bad, mm])?,
            None => bad,
        });
    }
    if is_array(&result) {
        if let Some(mm) = &m {
            if truth(&np(host, "any", vec![mm.clone()])?)? {
                let _ = np_kw(
                    host,
                    "copyto",
                    vec![result.clone(), d.clone()],
                    &[("casting", Value::str("unsafe")), ("where", mm.clone())],
                );
            }
        }
    }
    let r = wrap(host, result, m, fill)?;
    inherit_shared(&r, &[x])?;
    Ok(r)
}

macro_rules! ma_unary {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                let x = a.get(0).clone();
                unary(host, $name, &x)
            }
        )*
    };
}

macro_rules! ma_binary {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                let (x, y) = (a.get(0).clone(), a.get(1).clone());
                binary(host, $name, &x, &y)
            }
        )*
    };
}

ma_unary! {
    exp_f => "exp", conjugate_f => "conjugate", sin_f => "sin", cos_f => "cos",
    arctan_f => "arctan", arcsinh_f => "arcsinh", sinh_f => "sinh", cosh_f => "cosh",
    tanh_f => "tanh", absolute_f => "absolute", angle_f => "angle", fabs_f => "fabs",
    negative_f => "negative", floor_f => "floor", ceil_f => "ceil", around_f => "round",
    logical_not_f => "logical_not", sqrt_f => "sqrt", log_f => "log", log2_f => "log2",
    log10_f => "log10", tan_f => "tan", arcsin_f => "arcsin", arccos_f => "arccos",
    arccosh_f => "arccosh", arctanh_f => "arctanh",
}

ma_binary! {
    add_f => "add", subtract_f => "subtract", multiply_f => "multiply", arctan2_f => "arctan2",
    equal_f => "equal", not_equal_f => "not_equal", less_equal_f => "less_equal",
    greater_equal_f => "greater_equal", less_f => "less", greater_f => "greater",
    logical_and_f => "logical_and", logical_or_f => "logical_or", logical_xor_f => "logical_xor",
    bitwise_and_f => "bitwise_and", bitwise_or_f => "bitwise_or", bitwise_xor_f => "bitwise_xor",
    hypot_f => "hypot", divide_f => "divide", true_divide_f => "true_divide",
    floor_divide_f => "floor_divide", remainder_f => "remainder", fmod_f => "fmod",
    mod_f => "remainder", power_f => "power", left_shift_f => "left_shift",
    right_shift_f => "right_shift",
}

macro_rules! binops {
    ($($name:ident, $rname:ident, $op:expr);* $(;)?) => {
        $(
            fn $name(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                let (x, y) = (a.get(0).clone(), a.get(1).clone());
                binop(host, $op, &x, &y)
            }
            fn $rname(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                let (x, y) = (a.get(0).clone(), a.get(1).clone());
                binop(host, $op, &y, &x)
            }
        )*
    };
}

binops! {
    add_m, radd_m, BinOp::Add;
    sub_m, rsub_m, BinOp::Sub;
    mul_m, rmul_m, BinOp::Mul;
    truediv_m, rtruediv_m, BinOp::Div;
    floordiv_m, rfloordiv_m, BinOp::FloorDiv;
    mod_m, rmod_m, BinOp::Mod;
    pow_m, rpow_m, BinOp::Pow;
    and_m, rand_m, BinOp::BitAnd;
    or_m, ror_m, BinOp::BitOr;
    xor_m, rxor_m, BinOp::BitXor;
    lshift_m, rlshift_m, BinOp::LShift;
    rshift_m, rrshift_m, BinOp::RShift;
}

fn unop(host: &mut dyn Host, this: &Value, f: impl Fn(&Value) -> Result<Value>) -> Result<Value> {
    let (data, mask) = parts(this)?;
    let r = f(&data)?;
    let mask = match mask {
        Some(m) => Some(np(host, "array", vec![m])?),
        None => None,
    };
    wrap(host, r, mask, get_attr(this, "_fill_value")?)
}

fn neg_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    unop(host, &this, |d| crate::ops::unary(UnaryOp::Neg, d))
}

fn invert_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    unop(host, &this, |d| crate::ops::unary(UnaryOp::Invert, d))
}

fn pos_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(a.get(0).clone())
}

fn abs_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let (data, _) = parts(&this)?;
    let r = np(host, "absolute", vec![data])?;
    unop(host, &this, |_| Ok(r.clone()))
}

/// A comparison (NumPy's `_comparison`): the masks OR'ed (nomask when
/// nothing is masked), the fill value cast to bool; under the mask `==`
/// and `!=` compare the masks (equal when masked in both).
pub(super) fn compare(host: &mut dyn Host, op: CmpOp, x: &Value, y: &Value) -> Result<Value> {
    let (dx, dy) = (getdata(host, x)?, getdata(host, y)?);
    let mut result = cmp(op, &dx, &dy)?;
    let (mx, my) = (getmask(x)?, getmask(y)?);
    let m = match (&mx, &my) {
        (None, None) => None,
        _ => {
            let (ax, ay) = (getmaskarray(host, x)?, getmaskarray(host, y)?);
            let m = np(host, "logical_or", vec![ax.clone(), ay.clone()])?;
            if truth(&np(host, "any", vec![m.clone()])?)? {
                if matches!(op, CmpOp::Eq | CmpOp::NotEq) && is_array(&result) {
                    let both = cmp(op, &ax, &ay)?;
                    result = np(host, "where", vec![m.clone(), both, result])?;
                }
                Some(m)
            } else {
                None
            }
        }
    };
    let fill = match inherited_fill(&[x])? {
        Value::None => Value::None,
        f => np_kw(host, "array", vec![f], &[("dtype", bool_dtype())])
            .or_else(|_| np(host, "array", vec![Value::Bool(true)]))?,
    };
    let r = wrap(host, result, m, fill)?;
    inherit_shared(&r, &[x, y])?;
    Ok(r)
}

macro_rules! cmpops {
    ($($name:ident, $op:expr);* $(;)?) => {
        $(
            fn $name(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                let (x, y) = (a.get(0).clone(), a.get(1).clone());
                compare(host, $op, &x, &y)
            }
        )*
    };
}

cmpops! {
    eq_m, CmpOp::Eq;
    ne_m, CmpOp::NotEq;
    lt_m, CmpOp::Lt;
    le_m, CmpOp::LtE;
    gt_m, CmpOp::Gt;
    ge_m, CmpOp::GtE;
}

// ---- filling and reductions ----

/// `m.filled(fill_value)`: the data with the masked elements replaced.
pub(super) fn filled_with(host: &mut dyn Host, this: &Value, fv: &Value) -> Result<Value> {
    let (data, mask) = parts(this)?;
    let Some(mask) = mask else {
        return Ok(data);
    };
    let fv = if fv.is_none() {
        fill_value(host, this)?
    } else {
        // NumPy's `_check_fill_value`: a string for numbers, a value the
        // dtype cannot hold, are TypeErrors.
        check_fill(host, fv, &data)?
    };
    if !is_array(&data) {
        return Ok(if truth(&mask)? {
            np_kw(host, "array", vec![fv], &[("dtype", attr(&data, "dtype")?)])?
        } else {
            data
        });
    }
    let r = np(host, "array", vec![data])?;
    np_kw(
        host,
        "copyto",
        vec![r.clone(), fv],
        &[("casting", Value::str("unsafe")), ("where", mask)],
    )?;
    Ok(r)
}

fn filled_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, fv) = (a.get(0).clone(), a.get(1).clone());
    filled_with(host, &this, &fv)
}

fn compressed_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (data, mask) = parts(a.get(0))?;
    let flat = np(host, "ravel", vec![data])?;
    match mask {
        None => Ok(flat),
        Some(m) => {
            let flat_mask = np(host, "ravel", vec![m])?;
            let keep = np(host, "logical_not", vec![flat_mask])?;
            item(&flat, keep)
        }
    }
}

pub(super) fn kw_axis(axis: &Value, keepdims: &Value) -> Result<Vec<(&'static str, Value)>> {
    let mut kw = vec![("axis", axis.clone())];
    if truth(keepdims)? {
        kw.push(("keepdims", Value::Bool(true)));
    }
    Ok(kw)
}

pub(super) fn count_of(
    host: &mut dyn Host,
    this: &Value,
    axis: &Value,
    keepdims: &Value,
) -> Result<Value> {
    let (data, mask) = parts(this)?;
    let masked_any = mask.is_some();
    let valid = match mask {
        Some(m) => np(host, "logical_not", vec![m])?,
        None => np_kw(host, "ones_like", vec![data], &[("dtype", bool_dtype())])?,
    };
    let kw = kw_axis(axis, keepdims)?;
    let n = meth(host, &valid, "sum", Vec::new(), &kw)?;
    if axis.is_none() && !truth(keepdims)? && !masked_any {
        return Ok(Value::Int(crate::py::num::index_i64(&n)?));
    }
    Ok(n)
}

fn count_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, axis, keep) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    count_of(host, &this, &axis, &keep)
}

pub(super) fn no_out(out: &Value) -> Result<()> {
    if out.is_none() {
        Ok(())
    } else {
        Err(Error::new(
            crate::ExcKind::NotImplementedError,
            "out= is not supported for masked arrays yet",
        ))
    }
}

/// The mask of a reduction along `axis`: all of the reduced elements masked.
fn reduced_mask(
    host: &mut dyn Host,
    mask: &Option<Value>,
    axis: &Value,
    keepdims: &Value,
) -> Result<Option<Value>> {
    match mask {
        None => Ok(None),
        Some(m) => {
            let kw = kw_axis(axis, keepdims)?;
            Ok(Some(meth(host, m, "all", Vec::new(), &kw)?))
        }
    }
}

/// `sum`/`prod`: the data filled with the identity, reduced.
fn fill_reduce(host: &mut dyn Host, a: &Args, name: &str, identity: i64) -> Result<Value> {
    let this = a.get(0).clone();
    let (axis, dtype, keep) = (a.get(1).clone(), a.get(2).clone(), a.get(4).clone());
    no_out(a.get(3))?;
    let (_, mask) = parts(&this)?;
    let filled = filled_with(host, &this, &Value::Int(identity))?;
    let mut kw = kw_axis(&axis, &keep)?;
    if !dtype.is_none() {
        kw.push(("dtype", dtype));
    }
    let r = meth(host, &filled, name, Vec::new(), &kw)?;
    let nm = reduced_mask(host, &mask, &axis, &keep)?;
    wrap(host, r, nm, Value::None)
}

fn sum_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    fill_reduce(host, a, "sum", 0)
}

pub(super) fn prod_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    fill_reduce(host, a, "prod", 1)
}

pub(super) fn mean_of(
    host: &mut dyn Host,
    this: &Value,
    axis: &Value,
    dtype: &Value,
    keep: &Value,
) -> Result<Value> {
    let (data, mask) = parts(this)?;
    if mask.is_none() {
        let mut kw = kw_axis(axis, keep)?;
        if !dtype.is_none() {
            kw.push(("dtype", dtype.clone()));
        }
        let r = meth(host, &data, "mean", Vec::new(), &kw)?;
        return wrap(host, r, None, get_attr(this, "_fill_value")?);
    }
    let filled = filled_with(host, this, &Value::Int(0))?;
    let mut kw = kw_axis(axis, keep)?;
    if !dtype.is_none() {
        kw.push(("dtype", dtype.clone()));
    }
    let s = meth(host, &filled, "sum", Vec::new(), &kw)?;
    let nm = reduced_mask(host, &mask, axis, keep)?;
    let dsum = wrap(host, s, nm, Value::None)?;
    let cnt = count_of(host, this, axis, keep)?;
    if matches!(cnt, Value::Int(0)) {
        return masked();
    }
    let scaled = if is_ma(&dsum) {
        binop(host, BinOp::Mul, &dsum, &Value::Float(1.0))?
    } else {
        bin(BinOp::Mul, &dsum, &Value::Float(1.0))?
    };
    if is_ma(&scaled) {
        binop(host, BinOp::Div, &scaled, &cnt)
    } else {
        bin(BinOp::Div, &scaled, &cnt)
    }
}

fn mean_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(3))?;
    let (this, axis, dtype, keep) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(4).clone(),
    );
    mean_of(host, &this, &axis, &dtype, &keep)
}

fn var_of(host: &mut dyn Host, a: &Args) -> Result<Value> {
    no_out(a.get(3))?;
    let this = a.get(0).clone();
    let (axis, dtype, ddof, keep) = (
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(4).clone(),
        a.get(5).clone(),
    );
    let (data, mask) = parts(&this)?;
    let Some(mask) = mask else {
        let mut kw = kw_axis(&axis, &keep)?;
        kw.push(("ddof", ddof));
        if !dtype.is_none() {
            kw.push(("dtype", dtype));
        }
        let r = meth(host, &data, "var", Vec::new(), &kw)?;
        return wrap(host, r, None, get_attr(&this, "_fill_value")?);
    };
    let cnt = count_of(host, &this, &axis, &keep)?;
    let cnt = bin(BinOp::Sub, &cnt, &ddof)?;
    // The mean with the reduced axes kept, as an array.
    let mean = mean_of(host, &this, &axis, &dtype, &Value::Bool(true))?;
    if is_masked_const(&mean) {
        return masked();
    }
    let mean = getdata(host, &mean)?;
    let dev = super::fperr::ignoring(|| bin(BinOp::Sub, &data, &mean))?;
    let sq = if kind_of(&data)? == "c" {
        let ab = np(host, "absolute", vec![dev])?;
        bin(BinOp::Mul, &ab, &ab)?
    } else {
        bin(BinOp::Mul, &dev, &dev)?
    };
    let z = np_kw(host, "zeros_like", vec![sq.clone()], &[])?;
    let sq = np(host, "where", vec![mask.clone(), z, sq])?;
    let kw = kw_axis(&axis, &keep)?;
    let s = meth(host, &sq, "sum", Vec::new(), &kw)?;
    let r = super::fperr::ignoring(|| bin(BinOp::Div, &s, &cnt))?;
    let all = reduced_mask(host, &Some(mask), &axis, &keep)?;
    if is_array(&r) {
        let le = cmp(CmpOp::LtE, &cnt, &Value::Int(0))?;
        let m = match all {
            Some(m) => np(host, "logical_or", vec![m, le])?,
            None => le,
        };
        let m = if truth(&np(host, "any", vec![m.clone()])?)? {
            Some(m)
        } else {
            None
        };
        return new_ma(r, m, Value::None);
    }
    if truth(&cmp(CmpOp::LtE, &cnt, &Value::Int(0))?)? {
        return masked();
    }
    Ok(r)
}

fn var_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    var_of(host, a)
}

fn std_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = var_of(host, a)?;
    if is_masked_const(&v) {
        return Ok(v);
    }
    if is_ma(&v) {
        let (d, m) = parts(&v)?;
        let r = super::fperr::ignoring(|| np(host, "sqrt", vec![d]))?;
        return new_ma(r, m, Value::None);
    }
    np(host, "sqrt", vec![v])
}

/// The value a masked element takes in `min` (`largest`: the dtype's
/// largest) or `max`: NumPy's `minimum_fill_value`/`maximum_fill_value`.
pub(super) fn extreme_fill(host: &mut dyn Host, data: &Value, largest: bool) -> Result<Value> {
    Ok(match kind_of(data)?.as_str() {
        "b" => Value::Bool(largest),
        "i" | "u" => {
            let info = np(host, "iinfo", vec![attr(data, "dtype")?])?;
            attr(&info, if largest { "max" } else { "min" })?
        }
        _ => Value::Float(if largest {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        }),
    })
}

fn extreme(host: &mut dyn Host, a: &Args, name: &str, largest: bool) -> Result<Value> {
    let this = a.get(0).clone();
    let (axis, fv, keep) = (a.get(1).clone(), a.get(3).clone(), a.get(4).clone());
    no_out(a.get(2))?;
    let (data, mask) = parts(&this)?;
    let fv = if fv.is_none() {
        extreme_fill(host, &data, largest)?
    } else {
        fv
    };
    let filled = filled_with(host, &this, &fv)?;
    let kw = kw_axis(&axis, &keep)?;
    let r = meth(host, &filled, name, Vec::new(), &kw)?;
    let nm = reduced_mask(host, &mask, &axis, &keep)?;
    wrap(host, r, nm, Value::None)
}

fn min_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    extreme(host, a, "min", true)
}

fn max_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    extreme(host, a, "max", false)
}

fn arg_extreme(host: &mut dyn Host, a: &Args, name: &str, largest: bool) -> Result<Value> {
    let this = a.get(0).clone();
    let (axis, fv, keep) = (a.get(1).clone(), a.get(2).clone(), a.get(4).clone());
    no_out(a.get(3))?;
    let data = get_attr(&this, "_data")?;
    let fv = if fv.is_none() {
        extreme_fill(host, &data, largest)?
    } else {
        fv
    };
    let filled = filled_with(host, &this, &fv)?;
    let kw = kw_axis(&axis, &keep)?;
    meth(host, &filled, name, Vec::new(), &kw)
}

fn argmin_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arg_extreme(host, a, "argmin", true)
}

fn argmax_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arg_extreme(host, a, "argmax", false)
}

// ---- properties ----

fn harden_mask_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    set_attr(a.get(0), "_hardmask", Value::Bool(true))?;
    Ok(a.get(0).clone())
}

fn soften_mask_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    set_attr(a.get(0), "_hardmask", Value::Bool(false))?;
    Ok(a.get(0).clone())
}

fn hardmask_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(truth(&get_attr(a.get(0), "_hardmask")?)?))
}

fn data_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    get_attr(a.get(0), "_data")
}

fn mask_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(parts(a.get(0))?.1.unwrap_or_else(nomask))
}

fn fill_value_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    fill_value(host, &this)
}

fn shape_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(host, "shape", vec![get_attr(a.get(0), "_data")?])
}

fn dtype_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    attr(&get_attr(a.get(0), "_data")?, "dtype")
}

fn ndim_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(host, "ndim", vec![get_attr(a.get(0), "_data")?])
}

fn size_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(host, "size", vec![get_attr(a.get(0), "_data")?])
}

// ---- module functions ----

fn getmask_fn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(getmask(a.get(0))?.unwrap_or_else(nomask))
}

fn getmaskarray_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0).clone();
    if is_ma(&v) {
        return getmaskarray(host, &v);
    }
    let d = np(host, "asarray", vec![v])?;
    zeros_mask(host, &d)
}

fn getdata_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0).clone();
    getdata(host, &v)
}

fn is_masked_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(match getmask(a.get(0))? {
        None => false,
        Some(m) => truth(&np(host, "any", vec![m])?)?,
    }))
}

fn is_ma_fn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(is_ma(a.get(0))))
}

/// NumPy's `masked_where(condition, a, copy)` with the fill value `fill`
/// (`None`: a's own).
fn masked_where(
    host: &mut dyn Host,
    cond: &Value,
    a: &Value,
    copy: &Value,
    fill: Option<Value>,
) -> Result<Value> {
    let cond = match getmask(cond)? {
        Some(cm) => {
            let cd = get_attr(cond, "_data")?;
            np(host, "logical_or", vec![cd, cm])?
        }
        None => np_kw(
            host,
            "array",
            vec![cond.clone()],
            &[("dtype", bool_dtype())],
        )?,
    };
    let (data, mask, old_fill) = if is_ma(a) {
        let (d, m) = parts(a)?;
        (d, m, get_attr(a, "_fill_value")?)
    } else {
        (np(host, "asarray", vec![a.clone()])?, None, Value::None)
    };
    let data = if truth(copy)? {
        np(host, "array", vec![data])?
    } else {
        data
    };
    let (cs, ds) = (
        np(host, "shape", vec![cond.clone()])?,
        np(host, "shape", vec![data.clone()])?,
    );
    if !truth(&cmp(CmpOp::Eq, &cs, &ds)?)? {
        return Err(Error::new(
            crate::ExcKind::IndexError,
            format!(
                "Inconsistent shape between the condition and the input (got {} and {})",
                crate::ops::repr(&cs),
                crate::ops::repr(&ds)
            ),
        ));
    }
    let m = match mask {
        Some(m) => np(host, "logical_or", vec![cond, m])?,
        None => cond,
    };
    let out = new_ma(data.clone(), Some(m), old_fill)?;
    if let Some(f) = fill {
        let f = check_fill(host, &f, &data)?;
        set_attr(&out, "_fill_value", f)?;
    }
    Ok(out)
}

fn masked_where_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (c, x, copy) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    masked_where(host, &c, &x, &copy, None)
}

fn masked_cmp(host: &mut dyn Host, a: &Args, op: CmpOp, fill: bool) -> Result<Value> {
    let (x, value, copy) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let d = getdata(host, &x)?;
    let c = cmp(op, &d, &value)?;
    masked_where(host, &c, &x, &copy, fill.then_some(value))
}

fn masked_equal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::Eq, true)
}

fn masked_not_equal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::NotEq, false)
}

fn masked_greater_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::Gt, false)
}

fn masked_greater_equal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::GtE, false)
}

fn masked_less_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::Lt, false)
}

fn masked_less_equal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    masked_cmp(host, a, CmpOp::LtE, false)
}

fn interval(host: &mut dyn Host, a: &Args, inside: bool) -> Result<Value> {
    let (x, mut v1, mut v2, copy) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
    );
    if truth(&cmp(CmpOp::Lt, &v2, &v1)?)? {
        std::mem::swap(&mut v1, &mut v2);
    }
    let xf = if is_ma(&x) {
        filled_with(host, &x, &Value::None)?
    } else {
        np(host, "asarray", vec![x.clone()])?
    };
    let c = if inside {
        let lo = cmp(CmpOp::GtE, &xf, &v1)?;
        let hi = cmp(CmpOp::LtE, &xf, &v2)?;
        np(host, "logical_and", vec![lo, hi])?
    } else {
        let lo = cmp(CmpOp::Lt, &xf, &v1)?;
        let hi = cmp(CmpOp::Gt, &xf, &v2)?;
        np(host, "logical_or", vec![lo, hi])?
    };
    masked_where(host, &c, &x, &copy, None)
}

fn masked_inside_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    interval(host, a, true)
}

fn masked_outside_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    interval(host, a, false)
}

fn masked_invalid_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, copy) = (a.get(0).clone(), a.get(1).clone());
    let d = getdata(host, &x)?;
    let fin = np(host, "isfinite", vec![d])?;
    let c = np(host, "logical_not", vec![fin])?;
    masked_where(host, &c, &x, &copy, None)
}

fn filled_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, fv) = (a.get(0).clone(), a.get(1).clone());
    if is_ma(&x) {
        return filled_with(host, &x, &fv);
    }
    match x {
        Value::Array(_) | Value::HostArray(_) => Ok(x),
        other => np(host, "array", vec![other]),
    }
}

// ---- NumPy functions meeting masked arrays ----

/// The domain of a ufunc (`ufunc_domain`): where its result is masked, and
/// the value the data takes there (`ufunc_fills`).
fn domain(host: &mut dyn Host, name: &str, inputs: &[Value]) -> Result<Option<(Value, Value)>> {
    let x = || inputs.first().cloned().unwrap_or(Value::None);
    let ab = |host: &mut dyn Host| np(host, "absolute", vec![x()]);
    Ok(match name {
        "divide" | "true_divide" | "floor_divide" | "remainder" | "mod" | "fmod" => {
            let y = inputs.get(1).cloned().unwrap_or(Value::None);
            Some((cmp(CmpOp::Eq, &y, &Value::Int(0))?, Value::Int(1)))
        }
        "sqrt" => Some((cmp(CmpOp::Lt, &x(), &Value::Int(0))?, Value::Float(0.0))),
        "log" | "log2" | "log10" => {
            Some((cmp(CmpOp::LtE, &x(), &Value::Int(0))?, Value::Float(1.0)))
        }
        "log1p" => Some((cmp(CmpOp::LtE, &x(), &Value::Int(-1))?, Value::Float(0.0))),
        "arcsin" | "arccos" | "asin" | "acos" => {
            let a = ab(host)?;
            Some((cmp(CmpOp::Gt, &a, &Value::Float(1.0))?, Value::Float(0.0)))
        }
        "arccosh" | "acosh" => Some((cmp(CmpOp::Lt, &x(), &Value::Float(1.0))?, Value::Float(1.0))),
        "arctanh" | "atanh" => {
            let a = ab(host)?;
            Some((
                cmp(CmpOp::Gt, &a, &Value::Float(1.0 - 1e-15))?,
                Value::Float(0.0),
            ))
        }
        _ => None,
    })
}

/// A NumPy ufunc on masked operands (`MaskedArray.__array_wrap__`).
fn ufunc(
    host: &mut dyn Host,
    id: table::FnId,
    nin: usize,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    let d = table::get(id);
    let inputs: Vec<Value> = args.iter().take(nin).cloned().collect();
    let fill = inherited_fill(&inputs.iter().collect::<Vec<_>>())?;
    let datas: Vec<Value> = inputs
        .iter()
        .map(|v| getdata(host, v))
        .collect::<Result<_>>()?;
    let rest: Vec<Value> = args.iter().skip(nin).cloned().collect();
    let call_args: Vec<Value> = datas.iter().cloned().chain(rest).collect();
    let result = super::fperr::ignoring(|| table::call(host, id, call_args, kwargs))?;
    if !is_array(&result) && !matches!(result, Value::Scalar(_)) {
        return Ok(result);
    }
    let mut m: Option<Value> = None;
    for v in &inputs {
        let ma = getmaskarray(host, v)?;
        m = Some(match m {
            None => ma,
            Some(prev) => np(host, "logical_or", vec![prev, ma])?,
        });
    }
    if let Some((dom, dfill)) = super::fperr::ignoring(|| domain(host, d.name, &datas))? {
        if truth(&np(host, "any", vec![dom.clone()])?)? {
            if is_array(&result) {
                np_kw(
                    host,
                    "copyto",
                    vec![result.clone(), dfill],
                    &[("casting", Value::str("unsafe")), ("where", dom.clone())],
                )?;
            }
            m = Some(match m {
                None => dom,
                Some(prev) => np(host, "logical_or", vec![prev, dom])?,
            });
        }
    }
    if !is_array(&result) {
        if let Some(mm) = &m {
            if truth(&np(host, "any", vec![mm.clone()])?)? {
                return masked();
            }
        }
        let r = np(host, "asarray", vec![result])?;
        return new_ma(r, m, fill);
    }
    // The mask in the result's shape.
    let m = match m {
        Some(mm) => {
            let shape = np(host, "shape", vec![result.clone()])?;
            let b = np(host, "broadcast_to", vec![mm, shape])?;
            Some(np(host, "array", vec![b])?)
        }
        None => None,
    };
    new_ma(result, m, fill)
}

/// The NumPy reductions that call a masked array's own method.
const METHOD_FUNCS: [(&str, &str); 11] = [
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
];

/// For [`crate::table::call`]: a NumPy entry called with a masked array,
/// run as NumPy runs it on one (`None`: the entry takes the data through
/// `__array__`).
pub fn intercept(
    host: &mut dyn Host,
    id: table::FnId,
    args: &[Value],
    kwargs: &Kwargs,
) -> Result<Option<Value>> {
    let d = table::get(id);
    if d.module != "numpy" || d.kind != table::Kind::Function {
        return Ok(None);
    }
    if !args.iter().chain(kwargs.iter().map(|(_, v)| v)).any(is_ma) {
        return Ok(None);
    }
    if let Some(info) = super::ufuncs::ufunc_info(d.name).filter(|_| super::ufuncs::is_ufunc(d)) {
        if info.nout == 1 && info.signature == "None" {
            return ufunc(host, id, info.nin, args.to_vec(), kwargs.clone()).map(Some);
        }
        return Ok(None);
    }
    if matches!(d.name, "sort" | "argsort" | "partition" | "argpartition")
        && args.first().is_some_and(is_ma)
    {
        return super::ma_methods::np_sorting(host, d.name, args, kwargs).map(Some);
    }
    if let Some((_, m)) = METHOD_FUNCS.iter().find(|(n, _)| *n == d.name) {
        if let Some(Value::Instance(first)) = args.first().filter(|v| is_ma(v)) {
            if let Some(Value::Builtin(mid)) = first.class.lookup(m) {
                return table::call(host, mid, args.to_vec(), kwargs.clone()).map(Some);
            }
        }
    }
    Ok(None)
}

/// The module `numpy.ma`.
pub fn build(_: &mut dyn Host) -> Result<Value> {
    let v = crate::modules::from_table("numpy.ma");
    if let Value::Module(m) = &v {
        let c = Value::Class(class()?);
        m.set("MaskedArray", c.clone());
        m.set("masked_array", c);
        m.set("masked", masked()?);
        m.set("masked_singleton", masked()?);
        m.set("mr_", super::ma_extras::mr()?);
        m.set("masked_print_option", print_option()?);
        m.set("nomask", nomask());
        m.set("mvoid", Value::Class(super::ma_records::class()?));
        let core = super::info::ma_submodule(m, false);
        let extras = super::info::ma_submodule(m, true);
        m.set("core", core);
        m.set("extras", extras);
        if let Some(id) = table::lookup("numpy", "bool") {
            m.set("MaskType", Value::Builtin(id));
            m.set("bool_", Value::Builtin(id));
        }
    }
    Ok(v)
}

// ---- more module functions ----

/// `masked_array(v)` for a plain operand, `v` itself for a masked one.
pub(super) fn to_ma(host: &mut dyn Host, v: &Value) -> Result<Value> {
    if is_ma(v) {
        return Ok(v.clone());
    }
    make(host, v, &Value::None, &Value::None)
}

/// `np.ma.NAME(a, *rest)` as `asanyarray(a).NAME(*rest)`.
fn as_method(host: &mut dyn Host, name: &str, a: &Args) -> Result<Value> {
    let id = table::lookup("MaskedArray", name)
        .ok_or_else(|| Error::attribute_error(format!("no method {name}")))?;
    let first = to_ma(host, a.get(0))?;
    let args: Vec<Value> = std::iter::once(first)
        .chain(a.values.iter().skip(1).cloned())
        .collect();
    table::call(host, id, args, Vec::new())
}

macro_rules! ma_methods {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(
            fn $f(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                as_method(host, $name, a)
            }
        )*
    };
}

ma_methods! {
    sum_f => "sum", prod_f => "prod", mean_f => "mean", var_f => "var", std_f => "std",
    min_f => "min", max_f => "max", argmin_f => "argmin", argmax_f => "argmax",
    count_f => "count", compressed_f => "compressed",
}

fn count_masked_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (a.get(0).clone(), a.get(1).clone());
    let m = getmaskarray(host, &x)?;
    meth(host, &m, "sum", Vec::new(), &[("axis", axis)])
}

/// NumPy's `make_mask(m, shrink=shrink)` (`None` for nomask).
pub(super) fn make_mask(host: &mut dyn Host, m: &Value, shrink: bool) -> Result<Option<Value>> {
    if matches!(m, Value::Scalar(Scalar::Bool(false))) {
        return Ok(None);
    }
    let filled = if is_ma(m) {
        filled_with(host, m, &Value::Bool(true))?
    } else {
        m.clone()
    };
    let r = np_kw(host, "array", vec![filled], &[("dtype", bool_dtype())])?;
    if shrink && !truth(&np(host, "any", vec![r.clone()])?)? {
        return Ok(None);
    }
    Ok(Some(r))
}

fn make_mask_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (m, shrink) = (a.get(0).clone(), truth(a.get(2))?);
    Ok(make_mask(host, &m, shrink)?.unwrap_or_else(nomask))
}

fn make_mask_none_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np_kw(
        host,
        "zeros",
        vec![a.get(0).clone()],
        &[("dtype", bool_dtype())],
    )
}

fn mask_or_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (m1, m2, shrink) = (a.get(0).clone(), a.get(1).clone(), truth(a.get(3))?);
    let is_no = |v: &Value| matches!(v, Value::Scalar(Scalar::Bool(false)) | Value::Bool(false));
    let r = if is_no(&m1) {
        make_mask(host, &m2, shrink)?
    } else if is_no(&m2) {
        make_mask(host, &m1, shrink)?
    } else {
        let both = np(host, "logical_or", vec![m1, m2])?;
        make_mask(host, &both, shrink)?
    };
    Ok(r.unwrap_or_else(nomask))
}

fn is_mask_fn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(match a.get(0) {
        Value::Array(x) => x.dtype() == DType::Bool,
        Value::Scalar(Scalar::Bool(_)) => true,
        _ => false,
    }))
}

fn fix_invalid_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, mask, copy, fv) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
    );
    let v = blank(class()?);
    init_with(
        host,
        &v,
        &x,
        &mask,
        &Value::None,
        &copy,
        &Value::None,
        &Value::Bool(true),
        &Value::Bool(false),
        &Value::Bool(true),
    )?;
    let data = get_attr(&v, "_data")?;
    let fin = np(host, "isfinite", vec![data.clone()])?;
    let invalid = np(host, "logical_not", vec![fin])?;
    let old = getmaskarray(host, &v)?;
    let m = np(host, "logical_or", vec![old, invalid.clone()])?;
    set_attr(&v, "_mask", m)?;
    if truth(&np(host, "any", vec![invalid.clone()])?)? {
        let f = if fv.is_none() {
            fill_value(host, &v)?
        } else {
            fv
        };
        crate::ops::setitem(&data, &invalid, f)?;
    }
    Ok(v)
}

fn masked_values_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, value, rtol, atol, copy, shrink) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
        a.get(4).clone(),
        truth(a.get(5))?,
    );
    let xnew = if is_ma(&x) {
        filled_with(host, &x, &value)?
    } else {
        np(host, "asarray", vec![x.clone()])?
    };
    let mask = if kind_of(&xnew)? == "f" {
        np_kw(
            host,
            "isclose",
            vec![xnew.clone(), value.clone()],
            &[("atol", atol), ("rtol", rtol)],
        )?
    } else {
        cmp(CmpOp::Eq, &xnew, &value)?
    };
    let v = blank(class()?);
    init_with(
        host,
        &v,
        &xnew,
        &mask,
        &Value::None,
        &copy,
        &value,
        &Value::Bool(true),
        &Value::Bool(false),
        &Value::Bool(true),
    )?;
    if shrink {
        if let Some(m) = parts(&v)?.1 {
            if !truth(&np(host, "any", vec![m])?)? {
                set_attr(&v, "_mask", Value::None)?;
            }
        }
    }
    Ok(v)
}

/// The dtype-kind character of a dtype, an array or a scalar.
fn kind_of_any(host: &mut dyn Host, v: &Value) -> Result<(String, Value)> {
    let data = match v {
        Value::DType(_) | Value::HostDType(_) => {
            np_kw(host, "zeros", vec![Value::Int(0)], &[("dtype", v.clone())])?
        }
        _ if is_ma(v) => get_attr(v, "_data")?,
        _ => np(host, "asarray", vec![v.clone()])?,
    };
    Ok((kind_of(&data)?, data))
}

fn default_fill_value_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (_, data) = kind_of_any(host, a.get(0))?;
    let f = default_fill(host, &data)?;
    meth(host, &f, "item", Vec::new(), &[])
}

fn minimum_fill_value_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (_, data) = kind_of_any(host, a.get(0))?;
    extreme_fill_item(host, &data, true)
}

fn maximum_fill_value_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (_, data) = kind_of_any(host, a.get(0))?;
    extreme_fill_item(host, &data, false)
}

/// [`extreme_fill`] as a Python number (NumPy's tables hold them so).
fn extreme_fill_item(host: &mut dyn Host, data: &Value, largest: bool) -> Result<Value> {
    let k = kind_of(data)?;
    if !matches!(k.as_str(), "b" | "i" | "u" | "f") {
        return Err(Error::type_error(format!(
            "Unsuitable type {} for calculating {}.",
            crate::ops::to_str(&attr(data, "dtype")?),
            if largest { "minimum" } else { "maximum" }
        )));
    }
    let v = extreme_fill(host, data, largest)?;
    match v {
        Value::Scalar(_) => meth(host, &v, "item", Vec::new(), &[]),
        other => Ok(other),
    }
}

fn set_fill_value_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, value) = (a.get(0).clone(), a.get(1).clone());
    let data = get_attr(&this, "_data")?;
    let f = check_fill(host, &value, &data)?;
    set_attr(&this, "_fill_value", f)?;
    Ok(Value::None)
}

fn set_fill_value_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, value) = (a.get(0).clone(), a.get(1).clone());
    if is_ma(&x) {
        let data = get_attr(&x, "_data")?;
        let f = check_fill(host, &value, &data)?;
        set_attr(&x, "_fill_value", f)?;
    }
    Ok(Value::None)
}

/// `np.ma.zeros(...)` and the other creators: NumPy's function, as a
/// masked array with nomask.
fn creator(host: &mut dyn Host, name: &str, a: &Args, keys: &[&str]) -> Result<Value> {
    let mut args = vec![a.get(0).clone()];
    let kw: Vec<(&str, Value)> = keys
        .iter()
        .enumerate()
        .filter(|(i, _)| !a.get(i + 1).is_none())
        .map(|(i, k)| (*k, a.get(i + 1).clone()))
        .collect();
    if name == "arange" {
        args = vec![a.get(0).clone()];
    }
    let r = np_kw(host, name, args, &kw)?;
    new_ma(r, None, Value::None)
}

fn zeros_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    creator(host, "zeros", a, &["dtype"])
}

fn ones_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    creator(host, "ones", a, &["dtype"])
}

fn zeros_like_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = getdata(host, a.get(0))?;
    let mut b = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    b.values[0] = x;
    let r = creator(host, "zeros_like", &b, &["dtype"])?;
    if let Some(m) = getmask(a.get(0))? {
        let m = np(host, "array", vec![m])?;
        set_attr(&r, "_mask", m)?;
        set_attr(&r, "_fill_value", get_attr(a.get(0), "_fill_value")?)?;
    }
    Ok(r)
}

fn ones_like_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = getdata(host, a.get(0))?;
    let mut b = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    b.values[0] = x;
    let r = creator(host, "ones_like", &b, &["dtype"])?;
    if let Some(m) = getmask(a.get(0))? {
        let m = np(host, "array", vec![m])?;
        set_attr(&r, "_mask", m)?;
        set_attr(&r, "_fill_value", get_attr(a.get(0), "_fill_value")?)?;
    }
    Ok(r)
}

fn arange_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    creator(host, "arange", a, &["stop", "step", "dtype"])
}

pub(super) fn concatenate_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (arrays, axis) = (a.get(0).clone(), a.get(1).clone());
    let items = crate::py::iter::to_vec(&arrays)?;
    let datas = items
        .iter()
        .map(|v| getdata(host, v))
        .collect::<Result<Vec<_>>>()?;
    let d = np_kw(
        host,
        "concatenate",
        vec![Value::list(datas)],
        &[("axis", axis.clone())],
    )?;
    let fill = inherited_fill(&items.iter().collect::<Vec<_>>())?;
    if items
        .iter()
        .all(|v| getmask(v).map(|m| m.is_none()).unwrap_or(true))
    {
        return new_ma(d, None, fill);
    }
    let masks = items
        .iter()
        .map(|v| getmaskarray(host, v))
        .collect::<Result<Vec<_>>>()?;
    let dm = np_kw(
        host,
        "concatenate",
        vec![Value::list(masks)],
        &[("axis", axis)],
    )?;
    let shape = np(host, "shape", vec![d.clone()])?;
    let dm = np(host, "reshape", vec![dm, shape])?;
    let m = if truth(&np(host, "any", vec![dm.clone()])?)? {
        Some(dm)
    } else {
        None
    };
    new_ma(d, m, fill)
}

/// `cumsum`/`cumprod`: the data filled with the identity, accumulated;
/// the mask kept.
fn accumulate(host: &mut dyn Host, a: &Args, name: &str, identity: i64) -> Result<Value> {
    let x = to_ma(host, a.get(0))?;
    let (axis, dtype) = (a.get(1).clone(), a.get(2).clone());
    let filled = filled_with(host, &x, &Value::Int(identity))?;
    let mut kw = vec![("axis", axis.clone())];
    if !dtype.is_none() {
        kw.push(("dtype", dtype));
    }
    let r = meth(host, &filled, name, Vec::new(), &kw)?;
    let m = match parts(&x)?.1 {
        Some(m) if axis.is_none() => Some(np(host, "ravel", vec![m])?),
        other => other,
    };
    new_ma(r, m, Value::None)
}

pub(super) fn cumsum_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    accumulate(host, a, "cumsum", 0)
}

pub(super) fn cumprod_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    accumulate(host, a, "cumprod", 1)
}

fn shape_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = getdata(host, a.get(0))?;
    np(host, "shape", vec![d])
}

fn size_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = getdata(host, a.get(0))?;
    match a.get(1) {
        Value::None => np(host, "size", vec![d]),
        axis => {
            let shape = np(host, "shape", vec![d])?;
            item(&shape, axis.clone())
        }
    }
}

fn ndim_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = getdata(host, a.get(0))?;
    np(host, "ndim", vec![d])
}

// ---- shape functions and where ----

/// `np.NAME(x, *args, **kw)` on the data and on the mask alike.
pub(super) fn structural(
    host: &mut dyn Host,
    name: &str,
    x: &Value,
    args: Vec<Value>,
    kw: &[(&str, Value)],
) -> Result<Value> {
    let x = to_ma(host, x)?;
    let (d, m) = parts(&x)?;
    let kw: Vec<(&str, Value)> = kw.iter().filter(|(_, v)| !v.is_none()).cloned().collect();
    let run = |host: &mut dyn Host, v: Value| {
        let all: Vec<Value> = std::iter::once(v).chain(args.iter().cloned()).collect();
        np_kw(host, name, all, &kw)
    };
    let d = run(host, d)?;
    let m = match m {
        Some(m) => Some(run(host, m)?),
        None => None,
    };
    let r = wrap(host, d, m, get_attr(&x, "_fill_value")?)?;
    inherit_shared(&r, &[&x])?;
    Ok(r)
}

pub(super) fn ravel_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    structural(
        host,
        "ravel",
        a.get(0),
        Vec::new(),
        &[("order", a.get(1).clone())],
    )
}

pub(super) fn reshape_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let shape = a.get(1).clone();
    structural(
        host,
        "reshape",
        a.get(0),
        vec![shape],
        &[("order", a.get(2).clone())],
    )
}

pub(super) fn transpose_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    structural(
        host,
        "transpose",
        a.get(0),
        Vec::new(),
        &[("axes", a.get(1).clone())],
    )
}

pub(super) fn squeeze_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    structural(
        host,
        "squeeze",
        a.get(0),
        Vec::new(),
        &[("axis", a.get(1).clone())],
    )
}

pub(super) fn swapaxes_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(1).clone(), a.get(2).clone());
    structural(host, "swapaxes", a.get(0), vec![x, y], &[])
}

fn expand_dims_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let axis = a.get(1).clone();
    structural(host, "expand_dims", a.get(0), vec![axis], &[])
}

pub(super) fn take_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let idx = a.get(1).clone();
    structural(
        host,
        "take",
        a.get(0),
        vec![idx],
        &[("axis", a.get(2).clone())],
    )
}

pub(super) fn repeat_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = a.get(1).clone();
    structural(
        host,
        "repeat",
        a.get(0),
        vec![r],
        &[("axis", a.get(2).clone())],
    )
}

pub(super) fn copy_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    structural(host, "copy", a.get(0), Vec::new(), &[])
}

pub(super) fn clip_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (lo, hi) = (a.get(1).clone(), a.get(2).clone());
    let x = to_ma(host, a.get(0))?;
    let (d, m) = parts(&x)?;
    let r = np(host, "clip", vec![d, lo, hi])?;
    let m = match m {
        Some(m) => Some(np(host, "array", vec![m])?),
        None => None,
    };
    wrap(host, r, m, get_attr(&x, "_fill_value")?)
}

pub(super) fn where_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (cond, x, y) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    match (x.is_none(), y.is_none()) {
        (true, true) => {
            let c = if is_ma(&cond) {
                filled_with(host, &cond, &Value::Bool(false))?
            } else {
                cond
            };
            return np(host, "nonzero", vec![c]);
        }
        (false, false) => {}
        _ => {
            return Err(Error::value_error(
                "Must provide both 'x' and 'y' or neither.",
            ))
        }
    }
    let cf = if is_ma(&cond) {
        filled_with(host, &cond, &Value::Bool(false))?
    } else {
        np(host, "asarray", vec![cond.clone()])?
    };
    let cm = getmaskarray(host, &cond)?;
    let (mut xd, mut xm) = (getdata(host, &x)?, getmaskarray(host, &x)?);
    let (mut yd, mut ym) = (getdata(host, &y)?, getmaskarray(host, &y)?);
    let (xc, yc) = (is_masked_const(&x), is_masked_const(&y));
    if xc && !yc {
        xd = np_kw(
            host,
            "zeros",
            vec![Value::tuple(Vec::new())],
            &[("dtype", attr(&yd, "dtype")?)],
        )?;
        xm = np_kw(
            host,
            "ones",
            vec![Value::tuple(Vec::new())],
            &[("dtype", bool_dtype())],
        )?;
    } else if yc && !xc {
        yd = np_kw(
            host,
            "zeros",
            vec![Value::tuple(Vec::new())],
            &[("dtype", attr(&xd, "dtype")?)],
        )?;
        ym = np_kw(
            host,
            "ones",
            vec![Value::tuple(Vec::new())],
            &[("dtype", bool_dtype())],
        )?;
    }
    let data = np(host, "where", vec![cf.clone(), xd, yd])?;
    let mask = np(host, "where", vec![cf, xm, ym])?;
    let mask = np(host, "logical_or", vec![cm, mask])?;
    let shape = np(host, "shape", vec![data.clone()])?;
    let mask = np(host, "broadcast_to", vec![mask, shape])?;
    let mask = np(host, "array", vec![mask])?;
    let m = if truth(&np(host, "any", vec![mask.clone()])?)? {
        mask
    } else {
        nomask()
    };
    make(host, &data, &m, &Value::None)
}

fn masked_all_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = match a.get(1) {
        Value::None => Value::DType(DType::Float64),
        d => d.clone(),
    };
    let d = np_kw(host, "zeros", vec![a.get(0).clone()], &[("dtype", dtype)])?;
    let m = np_kw(
        host,
        "ones",
        vec![a.get(0).clone()],
        &[("dtype", bool_dtype())],
    )?;
    new_ma(d, Some(m), Value::None)
}

fn masked_all_like_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = getdata(host, a.get(0))?;
    let d = np(host, "zeros_like", vec![x.clone()])?;
    let m = np_kw(host, "ones_like", vec![x], &[("dtype", bool_dtype())])?;
    new_ma(d, Some(m), Value::None)
}

fn allequal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y, fill) = (a.get(0).clone(), a.get(1).clone(), truth(a.get(2))?);
    let (dx, dy) = (getdata(host, &x)?, getdata(host, &y)?);
    let eq = cmp(CmpOp::Eq, &dx, &dy)?;
    match (getmask(&x)?, getmask(&y)?) {
        (None, None) => np(host, "all", vec![eq]),
        _ if fill => {
            let (mx, my) = (getmaskarray(host, &x)?, getmaskarray(host, &y)?);
            let m = np(host, "logical_or", vec![mx, my])?;
            let ok = np(host, "logical_or", vec![eq, m])?;
            np(host, "all", vec![ok])
        }
        _ => Ok(Value::Bool(false)),
    }
}

fn empty_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    creator(host, "empty", a, &["dtype"])
}

fn empty_like_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = getdata(host, a.get(0))?;
    let mut b = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    b.values[0] = x;
    creator(host, "empty_like", &b, &["dtype"])
}

fn identity_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    creator(host, "identity", a, &["dtype"])
}

// ---- statistics: median, average, anom ----

fn median_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (axis, keep) = (a.get(1).clone(), a.get(4).clone());
    no_out(a.get(2))?;
    let x = to_ma(host, a.get(0))?;
    let (d, m) = parts(&x)?;
    let Some(m) = m else {
        let r = np_kw(host, "median", vec![d], &kw_axis(&axis, &keep)?)?;
        return wrap(host, r, None, Value::None);
    };
    if axis.is_none() {
        let c = compressed_of(host, &x)?;
        if crate::py::num::index_i64(&np(host, "size", vec![c.clone()])?)? == 0 {
            return masked();
        }
        return np(host, "median", vec![c]);
    }
    // Sorted along axis with the masked elements last; the middle of
    // each lane's unmasked elements.
    let big = extreme_fill(host, &d, true)?;
    let filled = filled_with(host, &x, &big)?;
    let sorted = np_kw(host, "sort", vec![filled], &[("axis", axis.clone())])?;
    let valid = np(host, "logical_not", vec![m.clone()])?;
    let counts = meth(
        host,
        &valid,
        "sum",
        Vec::new(),
        &[("axis", axis.clone()), ("keepdims", Value::Bool(true))],
    )?;
    let h = bin(BinOp::FloorDiv, &counts, &Value::Int(2))?;
    let odd = cmp(
        CmpOp::Eq,
        &bin(BinOp::Mod, &counts, &Value::Int(2))?,
        &Value::Int(1),
    )?;
    let h1 = bin(BinOp::Sub, &h, &Value::Int(1))?;
    let lo = np(host, "where", vec![odd, h.clone(), h1])?;
    let lo = np(host, "maximum", vec![lo, Value::Int(0)])?;
    let n = item(&np(host, "shape", vec![d.clone()])?, axis.clone())?;
    let top = bin(BinOp::Sub, &n, &Value::Int(1))?;
    let hi = np(host, "minimum", vec![h, top])?;
    let low = np(
        host,
        "take_along_axis",
        vec![sorted.clone(), lo, axis.clone()],
    )?;
    let high = np(host, "take_along_axis", vec![sorted, hi, axis.clone()])?;
    let sum = super::fperr::ignoring(|| np(host, "add", vec![low, high]))?;
    let med = super::fperr::ignoring(|| np(host, "true_divide", vec![sum, Value::Float(2.0)]))?;
    let empty = cmp(CmpOp::Eq, &counts, &Value::Int(0))?;
    let (med, empty) = if truth(&keep)? {
        (med, empty)
    } else {
        (
            np(host, "squeeze", vec![med, axis.clone()])?,
            np(host, "squeeze", vec![empty, axis])?,
        )
    };
    wrap(host, med, Some(empty), Value::None)
}

pub(super) fn compressed_of(host: &mut dyn Host, x: &Value) -> Result<Value> {
    let id = table::lookup("MaskedArray", "compressed")
        .ok_or_else(|| Error::attribute_error("no method compressed"))?;
    table::call(host, id, vec![x.clone()], Vec::new())
}

fn average_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (axis, weights, returned, keep) = (
        a.get(1).clone(),
        a.get(2).clone(),
        truth(a.get(3))?,
        a.get(4).clone(),
    );
    let x = to_ma(host, a.get(0))?;
    let (avg, scl) = if weights.is_none() {
        let avg = mean_of(host, &x, &axis, &Value::None, &keep)?;
        let cnt = count_of(host, &x, &axis, &keep)?;
        let scl = np_kw(
            host,
            "asarray",
            vec![cnt],
            &[("dtype", Value::DType(DType::Float64))],
        )?;
        let scl = item(&scl, Value::tuple(Vec::new()))?;
        (avg, scl)
    } else {
        let (d, m) = parts(&x)?;
        let mut w = np_kw(
            host,
            "asarray",
            vec![weights],
            &[("dtype", Value::DType(DType::Float64))],
        )?;
        let (wnd, dnd) = (
            crate::py::num::index_i64(&np(host, "ndim", vec![w.clone()])?)?,
            crate::py::num::index_i64(&np(host, "ndim", vec![d.clone()])?)?,
        );
        if wnd != dnd {
            if axis.is_none() {
                return Err(Error::type_error(
                    "Axis must be specified when shapes of a and weights differ.",
                ));
            }
            if wnd != 1 {
                return Err(Error::type_error(
                    "1D weights expected when shapes of a and weights differ.",
                ));
            }
            let ax = crate::py::num::index_i64(&axis)?;
            let ax = if ax < 0 { ax + dnd } else { ax };
            let mut shape = vec![Value::Int(1); usize::try_from(dnd).unwrap_or(0)];
            if let Some(slot) = usize::try_from(ax).ok().and_then(|i| shape.get_mut(i)) {
                *slot = Value::Int(-1);
            }
            w = np(host, "reshape", vec![w, Value::tuple(shape)])?;
        }
        let shape = np(host, "shape", vec![d.clone()])?;
        let mut w = np(host, "broadcast_to", vec![w, shape])?;
        if let Some(m) = &m {
            let valid = np(host, "logical_not", vec![m.clone()])?;
            w = np(host, "multiply", vec![w, valid])?;
        }
        let kw = kw_axis(&axis, &keep)?;
        let scl = meth(host, &w, "sum", Vec::new(), &kw)?;
        let filled = filled_with(host, &x, &Value::Int(0))?;
        let prod = np(host, "multiply", vec![filled, w])?;
        let num = meth(host, &prod, "sum", Vec::new(), &kw)?;
        let r = super::fperr::ignoring(|| bin(BinOp::Div, &num, &scl))?;
        let nm = reduced_mask(host, &m, &axis, &keep)?;
        (wrap(host, r, nm, Value::None)?, scl)
    };
    if returned {
        return Ok(Value::tuple(vec![avg, scl]));
    }
    Ok(avg)
}

pub(super) fn anom_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (axis, dtype) = (a.get(1).clone(), a.get(2).clone());
    let x = to_ma(host, a.get(0))?;
    let m = mean_of(host, &x, &axis, &dtype, &Value::Bool(false))?;
    if axis.is_none() {
        return binop(host, BinOp::Sub, &x, &m);
    }
    let m = if is_ma(&m) {
        structural(host, "expand_dims", &m, vec![axis], &[])?
    } else {
        np(host, "expand_dims", vec![m, axis])?
    };
    binop(host, BinOp::Sub, &x, &m)
}

// ---- masked_print_option ----

/// What a masked element prints as (`masked_print_option.display()`).
pub(super) fn print_display() -> String {
    PRINT_DISPLAY.with(|d| d.borrow().clone())
}

/// Whether masked elements print as the display (else the data is printed
/// filled with the fill value).
pub(super) fn print_enabled() -> bool {
    PRINT_ENABLED.with(|e| e.get())
}

/// The methods of `np.ma.masked_print_option`'s class.
pub const PRINT_METHODS: &[FuncDef] = &[
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "display", "(self)", print_display_m,
        "What masked elements print as ('--' by default).",
        ["np.ma.masked_print_option.display()  # '--'"]),
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "set_display", "(self, s)", print_set_display_m,
        "Sets what masked elements print as.",
        ["np.ma.masked_print_option.set_display('--')  # None"]),
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "enabled", "(self)", print_enabled_m,
        "Whether masked elements print as the display string (else the data filled with the fill value).",
        ["np.ma.masked_print_option.enabled()  # True"]),
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "enable", "(self, shrink=1)", print_enable_m,
        "Turns the display of masked elements on (shrink true) or off.",
        ["np.ma.masked_print_option.enable()  # None"]),
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "__str__", "(self)", print_display_m,
        "The display string.",
        ["str(np.ma.masked_print_option)  # '--'"]),
    entry!(Method, NumpyPrint, "_MaskedPrintOption", "__repr__", "(self)", print_display_m,
        "The display string.",
        ["repr(np.ma.masked_print_option)  # '--'"]),
];

thread_local! {
    static PRINT_OPTION: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// `np.ma.masked_print_option`: the one `_MaskedPrintOption` instance.
fn print_option() -> Result<Value> {
    if let Some(v) = PRINT_OPTION.with(|m| m.borrow().clone()) {
        return Ok(v);
    }
    let attrs = super::poly1d::table_attrs("_MaskedPrintOption", &[]);
    let c = Rc::new(Class::new(
        "_MaskedPrintOption",
        "_MaskedPrintOption",
        "numpy.ma.core",
        Vec::new(),
        attrs,
    )?);
    let v = blank(c);
    PRINT_OPTION.with(|slot| *slot.borrow_mut() = Some(v.clone()));
    Ok(v)
}

fn print_display_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::str(print_display()))
}

fn print_set_display_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = crate::ops::to_str(a.get(1));
    PRINT_DISPLAY.with(|d| *d.borrow_mut() = s);
    Ok(Value::None)
}

fn print_enabled_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Bool(print_enabled()))
}

fn print_enable_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let on = truth(a.get(1))?;
    PRINT_ENABLED.with(|e| e.set(on));
    Ok(Value::None)
}
