//! More of `numpy.ma` (numpy/ma/extras.py and the rest of core.py): the
//! join and stack functions NumPy writes as "the NumPy function on the
//! data and on the mask" (`_fromnxfunction_*`), the row/column masking and
//! compressing of 2-D arrays, and the masked edges and clumps. They build on
//! the masked array of [`super::ma`].

use std::rc::Rc;

use xpush_npu::Scalar;

use super::compose::{item, np, np_kw, truth};
use super::conv::as_array;
use super::ma::{
    binary, binop, compressed_of, concatenate_fn, filled_with, getdata, getmask, getmaskarray,
    is_ma, kw_axis, make, meth, new_ma, no_out, parts, structural, to_ma, where_fn, wrap,
};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};
use xpush_lang::ast::BinOp;

/// The functions of `numpy.ma` defined here.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy.ma", "hstack", "(tup, *, dtype=None, casting='same_kind')", hstack_fn,
        "The arrays joined column-wise (np.hstack), their masks with them.",
        ["np.ma.hstack([np.ma.array([1, 2], mask=[0, 1]), np.array([3])]).mask  # array([False,  True, False])"]),
    entry!(Function, NumpyManip, "numpy.ma", "vstack", "(tup, *, dtype=None, casting='same_kind')", vstack_fn,
        "The arrays stacked row-wise (np.vstack), their masks with them.",
        ["np.ma.vstack([np.ma.array([1, 2], mask=[0, 1]), [3, 4]]).count()  # np.int64(3)"]),
    entry!(Function, NumpyManip, "numpy.ma", "row_stack", "(tup, *, dtype=None, casting='same_kind')", vstack_fn,
        "The arrays stacked row-wise (vstack).",
        ["np.ma.row_stack([np.ma.array([1, 2], mask=[0, 1]), [3, 4]]).shape  # (2, 2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "column_stack", "(tup)", column_stack_fn,
        "1-D arrays as the columns of a 2-D array (np.column_stack), their masks with them.",
        ["np.ma.column_stack([np.ma.array([1, 2], mask=[0, 1]), [3, 4]]).mask[1]  # array([ True, False])"]),
    entry!(Function, NumpyManip, "numpy.ma", "dstack", "(tup)", dstack_fn,
        "The arrays stacked depth-wise (np.dstack), their masks with them.",
        ["np.ma.dstack([np.ma.array([1, 2], mask=[0, 1]), [3, 4]]).shape  # (1, 2, 2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "stack", "(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')", stack_fn,
        "The arrays joined along a new axis (np.stack), their masks with them.",
        ["np.ma.stack([np.ma.array([1, 2], mask=[0, 1]), [3, 4]], axis=1).mask[1]  # array([ True, False])"]),
    entry!(Function, NumpyManip, "numpy.ma", "atleast_1d", "(*arys)", atleast_1d_fn,
        "Each input as a masked array of at least one dimension (a tuple for several).",
        ["np.ma.atleast_1d(5).shape  # (1,)"]),
    entry!(Function, NumpyManip, "numpy.ma", "atleast_2d", "(*arys)", atleast_2d_fn,
        "Each input as a masked array of at least two dimensions (a tuple for several).",
        ["np.ma.atleast_2d(np.ma.array([1, 2], mask=[0, 1])).shape  # (1, 2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "atleast_3d", "(*arys)", atleast_3d_fn,
        "Each input as a masked array of at least three dimensions (a tuple for several).",
        ["np.ma.atleast_3d(np.ma.array([1, 2], mask=[0, 1])).shape  # (1, 2, 1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "hsplit", "(ary, indices_or_sections)", hsplit_fn,
        "np.hsplit on the data and the mask, the pieces stacked into one masked array.",
        ["np.ma.hsplit(np.ma.array([[1, 2, 3, 4]]), 2).shape  # (2, 1, 2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "diagflat", "(v, k=0)", diagflat_fn,
        "A 2-D masked array with the flattened input on the k-th diagonal.",
        ["np.ma.diagflat(np.ma.array([1, 2], mask=[0, 1])).mask[1]  # array([False,  True])"]),
    entry!(Function, NumpyManip, "numpy.ma", "diag", "(v, k=0)", diag_fn,
        "The k-th diagonal of a 2-D array, or a 2-D array with a 1-D one on it; the mask with it.",
        ["np.ma.diag(np.ma.array([[1, 2], [3, 4]], mask=[[0, 0], [0, 1]])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "diagonal", "(a, offset=0, axis1=0, axis2=1)", diagonal_fn,
        "The diagonal of the data and of the mask.",
        ["np.ma.diagonal(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]])).count()  # np.int64(1)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "trace", "(a, offset=0, axis1=0, axis2=1, dtype=None, out=None)", trace_fn,
        "The sum of the unmasked diagonal elements (as float64 unless dtype is given).",
        ["np.ma.trace(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]))  # np.float64(4.0)"]),
    entry!(Function, NumpyManip, "numpy.ma", "append", "(a, b, axis=None)", append_fn,
        "b appended to a (flattened when axis is None), the masks with them.",
        ["np.ma.append(np.ma.array([1, 2], mask=[0, 1]), [3]).count()  # np.int64(2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "mask_rowcols", "(a, axis=None)", mask_rowcols_fn,
        "A 2-D masked array with every row (axis=0), column (axis=1) or both (None) holding a masked element masked.",
        ["np.ma.mask_rowcols(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "mask_rows", "(a, axis=None)", mask_rows_fn,
        "A 2-D masked array with every row holding a masked element masked.",
        ["np.ma.mask_rows(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]])).count()  # np.int64(2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "mask_cols", "(a, axis=None)", mask_cols_fn,
        "A 2-D masked array with every column holding a masked element masked.",
        ["np.ma.mask_cols(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]])).count()  # np.int64(2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "compress_nd", "(x, axis=None)", compress_nd_fn,
        "The data without the slices (along the given axes, all by default) holding a masked element.",
        ["np.ma.compress_nd(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]))  # array([[4]])"]),
    entry!(Function, NumpyManip, "numpy.ma", "compress_rowcols", "(x, axis=None)", compress_rowcols_fn,
        "The data of a 2-D array without the rows (axis=0), columns (axis=1) or both holding a masked element.",
        ["np.ma.compress_rowcols(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]), 0)  # array([[3, 4]])"]),
    entry!(Function, NumpyManip, "numpy.ma", "compress_rows", "(a)", compress_rows_fn,
        "The data of a 2-D array without the rows holding a masked element.",
        ["np.ma.compress_rows(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]))  # array([[3, 4]])"]),
    entry!(Function, NumpyManip, "numpy.ma", "compress_cols", "(a)", compress_cols_fn,
        "The data of a 2-D array without the columns holding a masked element.",
        ["np.ma.compress_cols(np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]))  # array([[2],\n       [4]])"]),
    entry!(Function, NumpyManip, "numpy.ma", "flatnotmasked_edges", "(a)", flatnotmasked_edges_fn,
        "The flat indices of the first and last unmasked elements (None if all are masked).",
        ["np.ma.flatnotmasked_edges(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1]))  # array([1, 2])"]),
    entry!(Function, NumpyManip, "numpy.ma", "notmasked_edges", "(a, axis=None)", notmasked_edges_fn,
        "The indices of the first and last unmasked elements (along axis: a list of two index tuples).",
        ["np.ma.notmasked_edges(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1]))  # array([1, 2])"]),
    entry!(Function, NumpyManip, "numpy.ma", "flatnotmasked_contiguous", "(a)", flatnotmasked_contiguous_fn,
        "The runs of unmasked elements of the flattened array, as slices.",
        ["np.ma.flatnotmasked_contiguous(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1]))  # [slice(1, 3, None)]"]),
    entry!(Function, NumpyManip, "numpy.ma", "notmasked_contiguous", "(a, axis=None)", notmasked_contiguous_fn,
        "The runs of unmasked elements as slices (along axis of a 2-D array: a list per lane).",
        ["np.ma.notmasked_contiguous(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1]))  # [slice(1, 3, None)]"]),
    entry!(Function, NumpyManip, "numpy.ma", "clump_masked", "(a)", clump_masked_fn,
        "The runs of masked elements of the flattened array, as slices.",
        ["len(np.ma.clump_masked(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1])))  # 2"]),
    entry!(Function, NumpyManip, "numpy.ma", "clump_unmasked", "(a)", clump_unmasked_fn,
        "The runs of unmasked elements of the flattened array, as slices.",
        ["len(np.ma.clump_unmasked(np.ma.array([1, 2, 3, 4], mask=[1, 0, 0, 1])))  # 1"]),
    entry!(Function, NumpyReduce, "numpy.ma", "all", "(self, axis=None, out=None, keepdims=False)", all_fn,
        "Whether all unmasked elements are true (along axis); masked where all are masked.",
        ["np.ma.all(np.ma.array([1, 0], mask=[0, 1]))  # np.True_"]),
    entry!(Function, NumpyReduce, "numpy.ma", "any", "(self, axis=None, out=None, keepdims=False)", any_fn,
        "Whether any unmasked element is true (along axis); masked where all are masked.",
        ["np.ma.any(np.ma.array([0, 1], mask=[0, 1]))  # np.False_"]),
    entry!(Function, NumpyReduce, "numpy.ma", "alltrue", "(target, axis=0, dtype=None)", alltrue_fn,
        "logical_and reduced along axis (0 by default), the masked elements counted as True.",
        ["np.ma.alltrue(np.ma.array([1, 0], mask=[0, 1]))  # np.True_"]),
    entry!(Function, NumpyReduce, "numpy.ma", "sometrue", "(target, axis=0, dtype=None)", sometrue_fn,
        "logical_or reduced along axis (0 by default), the masked elements counted as False.",
        ["np.ma.sometrue(np.ma.array([0, 1], mask=[0, 1]))  # np.False_"]),
    entry!(Function, NumpyReduce, "numpy.ma", "ptp", "(obj, axis=None, out=None, fill_value=None, keepdims=False)", ptp_fn,
        "The range (max - min) of the unmasked elements (along axis).",
        ["np.ma.ptp(np.ma.array([1, 9, 5], mask=[0, 1, 0]))  # np.int64(4)"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "round_", "(a, decimals=0, out=None)", round_fn,
        "The data rounded to the given number of decimals, the mask kept (a plain input gives a plain array).",
        ["np.ma.round_(np.ma.array([1.26, 2.5], mask=[0, 1]), 1).filled(0)  # array([1.3, 0. ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "round", "(a, decimals=0, out=None)", round_fn,
        "The data rounded to the given number of decimals (round_).",
        ["np.ma.round(np.ma.array([1.26, 2.5], mask=[0, 1]), 1).filled(0)  # array([1.3, 0. ])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "maximum", "(a, b)", maximum_fn,
        "The elementwise maximum, masked where either operand is masked.",
        ["np.ma.maximum(np.ma.array([1, 5], mask=[0, 1]), 3).filled(0)  # array([3, 0])"]),
    entry!(Function, NumpyUfunc, "numpy.ma", "minimum", "(a, b)", minimum_fn,
        "The elementwise minimum, masked where either operand is masked.",
        ["np.ma.minimum(np.ma.array([1, 5], mask=[0, 1]), 3).filled(0)  # array([1, 0])"]),
    entry!(Function, NumpyManip, "numpy.ma", "nonzero", "(self)", nonzero_fn,
        "The indices of the unmasked non-zero elements, one array per dimension.",
        ["np.ma.nonzero(np.ma.array([0, 2, 3], mask=[0, 0, 1]))  # (array([1]),)"]),
    entry!(Function, NumpyManip, "numpy.ma", "put", "(a, indices, values, mode='raise')", put_fn,
        "Sets the elements at the flat indices to values, in place (unmasking them unless values is masked or the mask is hard).",
        ["m = np.ma.array([1, 2], mask=[0, 1]); np.ma.put(m, [1], [7]); m.count()  # 2"]),
    entry!(Function, NumpyManip, "numpy.ma", "putmask", "(a, mask, values)", putmask_fn,
        "Sets a to values where mask is True, in place, values' mask with them.",
        ["m = np.ma.array([1, 2, 3]); np.ma.putmask(m, [True, False, True], 0); m.data  # array([0, 2, 0])"]),
    entry!(Function, NumpyManip, "numpy.ma", "choose", "(indices, choices, out=None, mode='raise')", choose_fn,
        "np.choose on the data; masked where the chosen element or the index is masked.",
        ["np.ma.choose([0, 1], [np.ma.array([1, 2], mask=[1, 0]), [5, 6]]).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "resize", "(x, new_shape)", resize_fn,
        "The data and the mask repeated to fill the new shape (np.resize).",
        ["np.ma.resize(np.ma.array([1, 2], mask=[0, 1]), 3).count()  # np.int64(2)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "indices", "(dimensions, dtype=None, sparse=False)", indices_fn,
        "np.indices as a masked array (nothing masked).",
        ["np.ma.indices((2,)).data  # array([[0, 1]])"]),
    entry!(Function, NumpyCreate, "numpy.ma", "fromfunction", "(function, shape, *, dtype=None, like=None, **kwargs)", fromfunction_fn,
        "np.fromfunction as a masked array (nothing masked).",
        ["np.ma.fromfunction(np.add, (2, 2)).data  # array([[0., 1.],\n       [1., 2.]])"]),
    entry!(Function, NumpyCreate, "numpy.ma", "asarray", "(a, dtype=None, order=None)", asarray_fn,
        "a as a masked array (always a new MaskedArray object, sharing the data).",
        ["np.ma.asarray([1, 2]).count()  # 2"]),
    entry!(Function, NumpyCreate, "numpy.ma", "asanyarray", "(a, dtype=None, order=None)", asanyarray_fn,
        "a as a masked array (a masked array of the dtype itself).",
        ["np.ma.asanyarray([1, 2]).count()  # 2"]),
    entry!(Function, NumpyCreate, "numpy.ma", "harden_mask", "(self)", harden_mask_fn,
        "Makes the mask of a masked array hard (assigning no longer unmasks); returns it.",
        ["np.ma.harden_mask(np.ma.array([1, 2])).hardmask  # True"]),
    entry!(Function, NumpyCreate, "numpy.ma", "soften_mask", "(self)", soften_mask_fn,
        "Makes the mask of a masked array soft; returns it.",
        ["np.ma.soften_mask(np.ma.array([1, 2])).hardmask  # False"]),
    entry!(Function, NumpyCreate, "numpy.ma", "common_fill_value", "(a, b)", common_fill_value_fn,
        "The fill value of a and b if they have the same one, else None.",
        ["np.ma.common_fill_value(np.ma.array([1.0]), np.ma.array([2.0]))  # np.float64(1e+20)"]),
    entry!(Function, NumpyCreate, "numpy.ma", "flatten_mask", "(mask)", flatten_mask_fn,
        "The mask flattened to a 1-D bool array.",
        ["np.ma.flatten_mask([[True, False]])  # array([ True, False])"]),
    entry!(Function, NumpyCreate, "numpy.ma", "masked_object", "(x, value, copy=True, shrink=True)", masked_object_fn,
        "x masked where it equals value; value becomes the fill value (object arrays are not taken yet).",
        ["np.ma.masked_object(np.array([1.5, 2.0, 1.5]), 1.5).count()  # np.int64(1)"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "dot", "(a, b, strict=False, out=None)", dot_fn,
        "The dot product with the masked elements as 0; masked where no unmasked pair contributes (strict: where any masked one does).",
        ["np.ma.dot(np.ma.array([1, 2], mask=[0, 1]), [3, 4]).data  # array(3)"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "inner", "(a, b)", inner_fn,
        "The inner product with the masked elements as 0.",
        ["np.ma.inner(np.ma.array([1, 2], mask=[0, 1]), [3, 4])  # np.int64(3)"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "innerproduct", "(a, b)", inner_fn,
        "The inner product with the masked elements as 0 (inner).",
        ["np.ma.innerproduct(np.ma.array([1, 2], mask=[0, 1]), [3, 4])  # np.int64(3)"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "outer", "(a, b)", outer_fn,
        "The outer product of the flattened inputs, masked in the rows and columns of masked elements.",
        ["np.ma.outer(np.ma.array([1, 2], mask=[0, 1]), [3, 4]).count()  # np.int64(2)"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "outerproduct", "(a, b)", outer_fn,
        "The outer product (outer).",
        ["np.ma.outerproduct(np.ma.array([1, 2], mask=[0, 1]), [3, 4]).count()  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "diff", "(a, /, n=1, axis=-1, prepend=None, append=None)", diff_fn,
        "The n-th differences along axis; a difference is masked where either element is.",
        ["np.ma.diff(np.ma.array([1, 4, 9], mask=[0, 0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "ediff1d", "(arr, to_end=None, to_begin=None)", ediff1d_fn,
        "The differences of the flattened array, with to_begin and to_end around them.",
        ["np.ma.ediff1d(np.ma.array([1, 4, 9], mask=[0, 0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "convolve", "(a, v, mode='full', propagate_mask=True)", convolve_fn,
        "The discrete convolution; masked where a masked element takes part (propagate_mask) or where none unmasked does.",
        ["np.ma.convolve(np.ma.array([1, 2, 3], mask=[0, 1, 0]), [1, 1]).count()  # np.int64(2)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "correlate", "(a, v, mode='valid', propagate_mask=True)", correlate_fn,
        "The cross-correlation; masked where a masked element takes part (propagate_mask) or where none unmasked does.",
        ["np.ma.correlate(np.ma.array([1, 2, 3], mask=[0, 1, 0]), [1, 1], propagate_mask=False).data  # array([1, 3])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "vander", "(x, n=None)", vander_fn,
        "The Vandermonde matrix of x (np.vander), the rows of masked elements zeroed.",
        ["np.ma.vander(np.ma.array([2, 3], mask=[0, 1]))  # array([[2, 1],\n       [0, 0]])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "allclose", "(a, b, masked_equal=True, rtol=1e-05, atol=1e-08)", allclose_fn,
        "Whether a and b are equal within a tolerance; masked elements count as equal (masked_equal) or not.",
        ["np.ma.allclose(np.ma.array([1.0, 2.0], mask=[0, 1]), [1.0, 5.0])  # np.True_"]),
    entry!(Function, NumpyManip, "numpy.ma", "unique", "(ar1, return_index=False, return_inverse=False)", unique_fn,
        "The sorted unique elements of the flattened array, the masked ones as one masked element at the end.",
        ["np.ma.unique(np.ma.array([3, 1, 3, 2], mask=[0, 0, 0, 1])).count()  # np.int64(2)"]),
    entry!(Function, NumpyManip, "numpy.ma", "intersect1d", "(ar1, ar2, assume_unique=False)", intersect1d_fn,
        "The sorted unique elements in both arrays (masked elements as one value).",
        ["np.ma.intersect1d(np.ma.array([1, 2, 3]), [2, 3, 4]).data  # array([2, 3])"]),
    entry!(Function, NumpyManip, "numpy.ma", "union1d", "(ar1, ar2)", union1d_fn,
        "The sorted unique elements in either array.",
        ["np.ma.union1d(np.ma.array([1, 2]), [2, 3]).data  # array([1, 2, 3])"]),
    entry!(Function, NumpyManip, "numpy.ma", "setdiff1d", "(ar1, ar2, assume_unique=False)", setdiff1d_fn,
        "The sorted unique elements of ar1 that are not in ar2.",
        ["np.ma.setdiff1d(np.ma.array([1, 2, 3]), [2]).data  # array([1, 3])"]),
    entry!(Function, NumpyManip, "numpy.ma", "setxor1d", "(ar1, ar2, assume_unique=False)", setxor1d_fn,
        "The sorted unique elements in exactly one of the arrays.",
        ["np.ma.setxor1d(np.ma.array([1, 2, 3]), [2, 4]).data  # array([1, 3, 4])"]),
    entry!(Function, NumpyManip, "numpy.ma", "in1d", "(ar1, ar2, assume_unique=False, invert=False)", in1d_fn,
        "Whether each element of the flattened ar1 is in ar2, masked where it is masked.",
        ["np.ma.in1d(np.ma.array([1, 2, 3], mask=[0, 0, 1]), [2]).count()  # np.int64(3)"]),
    entry!(Function, NumpyManip, "numpy.ma", "isin", "(element, test_elements, assume_unique=False, invert=False)", isin_fn,
        "Whether each element is in test_elements (in1d in element's shape).",
        ["np.ma.isin(np.ma.array([[1, 2]]), [2]).data  # array([[False,  True]])"]),
    entry!(Function, NumpyReduce, "numpy.ma", "cov", "(x, y=None, rowvar=True, bias=False, allow_masked=True, ddof=None)", cov_fn,
        "The covariance matrix from the unmasked pairs of observations (masked where fewer than ddof+1 are left).",
        ["np.ma.cov(np.ma.array([1.0, 2.0, 4.0, 9.0], mask=[0, 0, 0, 1])).data  # array(2.33333333)"]),
    entry!(Function, NumpyReduce, "numpy.ma", "corrcoef", "(x, y=None, rowvar=True, allow_masked=True)", corrcoef_fn,
        "The correlation coefficients from the unmasked pairs of observations (cov over the outer product of the deviations).",
        ["np.ma.corrcoef([1.0, 2.0, 4.0], [2.0, 4.0, 8.0]).mask  # array([[False, False],\n       [False, False]])"]),
    entry!(Function, NumpyLinalg, "numpy.ma", "polyfit", "(x, y, deg, rcond=None, full=False, w=None, cov=False)", polyfit_fn,
        "np.polyfit on the points that are unmasked in x, y (a row of a 2-D y masks the point) and w.",
        ["np.ma.polyfit(np.ma.array([0.0, 1.0, 2.0, 3.0], mask=[0, 0, 0, 1]), [1.0, 3.0, 5.0, 0.0], 1).round(6)  # array([2., 1.])"]),
    entry!(Function, NumpyManip, "numpy.ma", "compress", "(condition, a, axis=None, out=None)", compress_fn,
        "The elements (or slices along axis) where condition is True, their mask with them.",
        ["np.ma.compress([True, False, True], np.ma.array([1, 2, 3], mask=[0, 0, 1])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "apply_along_axis", "(func1d, axis, arr, *args, **kwargs)", apply_along_axis_fn,
        "func1d applied to the 1-D masked slices along axis; a masked result masks its place.",
        ["np.ma.apply_along_axis(np.ma.sum, 1, np.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [1, 1]])).count()  # np.int64(1)"]),
    entry!(Function, NumpyManip, "numpy.ma", "apply_over_axes", "(func, a, axes)", apply_over_axes_fn,
        "func(a, axis) applied over each axis in turn, the reduced axes kept.",
        ["np.ma.apply_over_axes(np.ma.sum, np.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]), [0, 1]).data  # array([[8]])"]),
    entry!(Function, NumpyManip, "numpy.ma", "ndenumerate", "(a, compressed=True)", ndenumerate_fn,
        "An iterator of (index, value) over the unmasked elements (the masked ones as masked with compressed=False).",
        ["list(np.ma.ndenumerate(np.ma.array([5, 6], mask=[1, 0])))  # [((1,), np.int64(6))]"]),
    entry!(Function, NumpyCreate, "numpy.ma", "frombuffer", "(buffer, dtype=None, count=-1, offset=0)", frombuffer_fn,
        "np.frombuffer as a masked array (nothing masked).",
        ["np.ma.frombuffer(b'\\x01\\x02', dtype=np.uint8).data  # array([1, 2], dtype=uint8)"]),
    entry!(Function, NumpyTypes, "numpy.ma", "make_mask_descr", "(ndtype)", make_mask_descr_fn,
        "The dtype of a mask for data of ndtype: bool (structured dtypes are not taken yet).",
        ["np.ma.make_mask_descr(np.float32)  # dtype('bool')"]),
];

// ---- NumPy's function on the data and on the mask ----

/// `kw` without its `None` values.
fn given<'a>(kw: &[(&'a str, Value)]) -> Vec<(&'a str, Value)> {
    kw.iter().filter(|(_, v)| !v.is_none()).cloned().collect()
}

/// NumPy's `_fromnxfunction_seq`: `np.NAME` on the tuple of the data and
/// on the tuple of the masks.
fn nx_seq(
    host: &mut dyn Host,
    name: &str,
    arrays: &Value,
    args: Vec<Value>,
    kw: &[(&str, Value)],
) -> Result<Value> {
    let items = crate::py::iter::to_vec(arrays)?;
    let mut datas = Vec::new();
    let mut masks = Vec::new();
    for v in &items {
        datas.push(getdata(host, v)?);
        masks.push(getmaskarray(host, v)?);
    }
    let kw = given(kw);
    let dtype = kw
        .iter()
        .find(|(k, _)| *k == "dtype")
        .map(|(_, v)| v.clone());
    let kw: Vec<(&str, Value)> = kw.into_iter().filter(|(k, _)| *k != "dtype").collect();
    let mut dargs = vec![Value::tuple(datas)];
    dargs.extend(args.iter().cloned());
    let mut d = np_kw(host, name, dargs, &kw)?;
    if let Some(dt) = dtype {
        // The join in dtype, under the 'same_kind' casting rule.
        let want = np(host, "dtype", vec![dt])?;
        let have = super::compose::attr(&d, "dtype")?;
        let ok = np_kw(
            host,
            "can_cast",
            vec![have.clone(), want.clone()],
            &[("casting", Value::str("same_kind"))],
        )?;
        if !truth(&ok)? {
            return Err(Error::type_error(format!(
                "Cannot cast array data from {} to {} according to the rule 'same_kind'",
                crate::ops::repr(&have),
                crate::ops::repr(&want)
            )));
        }
        d = np_kw(host, "asarray", vec![d], &[("dtype", want)])?;
    }
    let mut margs = vec![Value::tuple(masks)];
    margs.extend(args);
    let m = np_kw(host, name, margs, &kw)?;
    make(host, &d, &m, &Value::None)
}

/// NumPy's `_fromnxfunction_single`: `np.NAME(data, *args)` and
/// `np.NAME(mask, *args)`.
fn nx_single(host: &mut dyn Host, name: &str, x: &Value, args: Vec<Value>) -> Result<Value> {
    let d = getdata(host, x)?;
    let m = getmaskarray(host, x)?;
    let mut dargs = vec![d];
    dargs.extend(args.iter().cloned());
    let d = np(host, name, dargs)?;
    let mut margs = vec![m];
    margs.extend(args);
    let m = np(host, name, margs)?;
    make(host, &d, &m, &Value::None)
}

fn hstack_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let kw = [("dtype", a.get(1).clone())];
    nx_seq(host, "hstack", &a.get(0).clone(), Vec::new(), &kw)
}

fn vstack_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let kw = [("dtype", a.get(1).clone())];
    nx_seq(host, "vstack", &a.get(0).clone(), Vec::new(), &kw)
}

fn column_stack_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nx_seq(host, "column_stack", &a.get(0).clone(), Vec::new(), &[])
}

fn dstack_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nx_seq(host, "dstack", &a.get(0).clone(), Vec::new(), &[])
}

fn stack_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(2))?;
    let kw = [("axis", a.get(1).clone()), ("dtype", a.get(3).clone())];
    nx_seq(host, "stack", &a.get(0).clone(), Vec::new(), &kw)
}

/// NumPy's `_fromnxfunction_allargs`: each argument through `np.NAME`,
/// one result or a tuple of them.
fn nx_allargs(host: &mut dyn Host, name: &str, a: &Args) -> Result<Value> {
    let mut out = Vec::new();
    for x in &a.rest {
        out.push(nx_single(host, name, x, Vec::new())?);
    }
    if out.len() == 1 {
        return Ok(out.remove(0));
    }
    Ok(Value::tuple(out))
}

fn atleast_1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nx_allargs(host, "atleast_1d", a)
}

fn atleast_2d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nx_allargs(host, "atleast_2d", a)
}

fn atleast_3d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nx_allargs(host, "atleast_3d", a)
}

fn hsplit_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let ios = a.get(1).clone();
    nx_single(host, "hsplit", &a.get(0).clone(), vec![ios])
}

fn diagflat_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let k = a.get(1).clone();
    nx_single(host, "diagflat", &a.get(0).clone(), vec![k])
}

fn diag_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (v, k) = (a.get(0).clone(), a.get(1).clone());
    let d = getdata(host, &v)?;
    let d = np(host, "diag", vec![d, k.clone()])?;
    let m = match getmask(&v)? {
        Some(m) => Some(np(host, "diag", vec![m, k])?),
        None => None,
    };
    new_ma(d, m, Value::None)
}

fn diagonal_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let kw = [
        ("offset", a.get(1).clone()),
        ("axis1", a.get(2).clone()),
        ("axis2", a.get(3).clone()),
    ];
    structural(host, "diagonal", &a.get(0).clone(), Vec::new(), &kw)
}

fn trace_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(5))?;
    let x = to_ma(host, a.get(0))?;
    let dtype = match a.get(4) {
        Value::None => Value::DType(xpush_npu::DType::Float64),
        d => d.clone(),
    };
    let kw = [
        ("offset", a.get(1).clone()),
        ("axis1", a.get(2).clone()),
        ("axis2", a.get(3).clone()),
    ];
    let diag = structural(host, "diagonal", &x, Vec::new(), &kw)?;
    let filled = filled_with(host, &diag, &Value::Int(0))?;
    let cast = np_kw(host, "asarray", vec![filled], &[("dtype", dtype)])?;
    np_kw(host, "sum", vec![cast], &[("axis", Value::Int(-1))])
}

fn append_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arrays = Value::list(vec![a.get(0).clone(), a.get(1).clone()]);
    let mut b = Args {
        values: vec![arrays, a.get(2).clone()],
        rest: Vec::new(),
    };
    concatenate_fn(host, &mut b)
}

/// `MaskedArray.NAME(*args)` (the table's method).
fn ma_method(host: &mut dyn Host, name: &str, args: Vec<Value>) -> Result<Value> {
    let id = crate::table::lookup("MaskedArray", name)
        .ok_or_else(|| Error::attribute_error(format!("no method {name}")))?;
    crate::table::call(host, id, args, Vec::new())
}

// ---- rows and columns of 2-D arrays ----

fn not_2d(name: &str) -> Error {
    Error::new(
        crate::ExcKind::NotImplementedError,
        format!("{name} works for 2D arrays only."),
    )
}

fn ndim_of(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let d = getdata(host, v)?;
    crate::py::num::index_i64(&np(host, "ndim", vec![d])?)
}

/// NumPy's `mask_rowcols(a, axis)`: `axis` None for both, 0 for the rows,
/// 1 or -1 for the columns.
fn mask_rowcols(host: &mut dyn Host, x: &Value, axis: &Value) -> Result<Value> {
    let a = make(host, x, &Value::None, &Value::None)?;
    if ndim_of(host, &a)? != 2 {
        return Err(not_2d("mask_rowcols"));
    }
    let Some(m) = getmask(&a)? else {
        return Ok(a);
    };
    if !truth(&np(host, "any", vec![m.clone()])?)? {
        return Ok(a);
    }
    let nz = np(host, "nonzero", vec![m.clone()])?;
    let m = np(host, "array", vec![m])?;
    super::ma::set_attr(&a, "_mask", m.clone())?;
    let ax = match axis {
        Value::None => None,
        v => Some(crate::py::num::index_i64(v)?),
    };
    if ax.is_none() || ax == Some(0) {
        let rows = np(host, "unique", vec![item(&nz, Value::Int(0))?])?;
        crate::ops::setitem(&m, &rows, Value::Bool(true))?;
    }
    if matches!(ax, None | Some(1) | Some(-1)) {
        let cols = np(host, "unique", vec![item(&nz, Value::Int(1))?])?;
        let key = Value::tuple(vec![super::compose::slice(None, None, None), cols]);
        crate::ops::setitem(&m, &key, Value::Bool(true))?;
    }
    Ok(a)
}

fn mask_rowcols_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (a.get(0).clone(), a.get(1).clone());
    mask_rowcols(host, &x, &axis)
}

fn mask_rows_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    mask_rowcols(host, &x, &Value::Int(0))
}

fn mask_cols_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    mask_rowcols(host, &x, &Value::Int(1))
}

/// NumPy's `compress_nd(x, axis)`.
fn compress_nd(host: &mut dyn Host, x: &Value, axis: &Value) -> Result<Value> {
    let x = to_ma(host, x)?;
    let (data, m) = parts(&x)?;
    let nd = as_array(&data)?.ndim();
    let axes: Vec<usize> = match axis {
        Value::None => (0..nd).collect(),
        Value::Tuple(_) | Value::List(_) => {
            let mut out = Vec::new();
            for v in crate::py::iter::to_vec(axis)? {
                let ax = crate::py::num::index_i64(&v)?;
                let ax = xpush_npu::layout::normalize_axis(ax as isize, nd)?;
                if out.contains(&ax) {
                    return Err(Error::value_error("repeated axis"));
                }
                out.push(ax);
            }
            out
        }
        v => {
            let ax = crate::py::num::index_i64(v)?;
            vec![xpush_npu::layout::normalize_axis(ax as isize, nd)?]
        }
    };
    let Some(m) = m else {
        return Ok(data);
    };
    if !truth(&np(host, "any", vec![m.clone()])?)? {
        return Ok(data);
    }
    if truth(&np(host, "all", vec![m.clone()])?)? {
        return np(host, "array", vec![Value::list(Vec::new())]);
    }
    let mut data = data;
    for ax in axes {
        let others: Vec<Value> = (0..nd)
            .filter(|&d| d != ax)
            .map(|d| Value::Int(d as i64))
            .collect();
        let any = meth(
            host,
            &m,
            "any",
            Vec::new(),
            &[("axis", Value::tuple(others))],
        )?;
        let keep = np(host, "logical_not", vec![any])?;
        let mut key = vec![super::compose::slice(None, None, None); ax];
        key.push(keep);
        data = item(&data, Value::tuple(key))?;
    }
    Ok(data)
}

fn compress_nd_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (a.get(0).clone(), a.get(1).clone());
    compress_nd(host, &x, &axis)
}

fn compress_rowcols_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (a.get(0).clone(), a.get(1).clone());
    if ndim_of(host, &x)? != 2 {
        return Err(not_2d("compress_rowcols"));
    }
    compress_nd(host, &x, &axis)
}

fn compress_rows_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    if ndim_of(host, &x)? != 2 {
        return Err(not_2d("compress_rows"));
    }
    compress_nd(host, &x, &Value::Int(0))
}

fn compress_cols_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    if ndim_of(host, &x)? != 2 {
        return Err(not_2d("compress_cols"));
    }
    compress_nd(host, &x, &Value::Int(1))
}

// ---- edges and runs ----

/// The flags of a mask, flattened.
fn flags(m: &Value) -> Result<Vec<bool>> {
    Ok(as_array(m)?
        .to_host()?
        .to_scalars()
        .iter()
        .map(|s| matches!(s, Scalar::Bool(true)))
        .collect())
}

fn size_of(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let d = getdata(host, v)?;
    crate::py::num::index_i64(&np(host, "size", vec![d])?)
}

/// `slice(start, stop)`.
fn slice_of(start: Value, stop: Value) -> Value {
    Value::Slice(Rc::new(crate::value::SliceObj {
        start,
        stop,
        step: Value::None,
    }))
}

fn flatnotmasked_edges(host: &mut dyn Host, x: &Value) -> Result<Value> {
    let m = getmask(x)?;
    let fl = match &m {
        Some(m) => flags(m)?,
        None => Vec::new(),
    };
    if !fl.iter().any(|&b| b) {
        let n = size_of(host, x)?;
        return np(
            host,
            "array",
            vec![Value::list(vec![Value::Int(0), Value::Int(n - 1)])],
        );
    }
    let valid: Vec<i64> = (0..fl.len() as i64).filter(|&i| !fl[i as usize]).collect();
    match (valid.first(), valid.last()) {
        (Some(&f), Some(&l)) => np(
            host,
            "array",
            vec![Value::list(vec![Value::Int(f), Value::Int(l)])],
        ),
        _ => Ok(Value::None),
    }
}

fn flatnotmasked_edges_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    flatnotmasked_edges(host, &x)
}

fn notmasked_edges_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (to_ma(host, a.get(0))?, a.get(1).clone());
    let nd = ndim_of(host, &x)?;
    if axis.is_none() || nd == 1 {
        return flatnotmasked_edges(host, &x);
    }
    let m = getmaskarray(host, &x)?;
    let d = getdata(host, &x)?;
    let shape = np(host, "shape", vec![d])?;
    let idx = np(host, "indices", vec![shape])?;
    let mut mins = Vec::new();
    let mut maxs = Vec::new();
    for i in 0..nd {
        let lane = item(&idx, Value::Int(i))?;
        let mi = make(host, &lane, &m, &Value::None)?;
        for (name, out) in [("min", &mut mins), ("max", &mut maxs)] {
            let r = ma_method(host, name, vec![mi.clone(), axis.clone()])?;
            let r = to_ma(host, &r)?;
            out.push(compressed_of(host, &r)?);
        }
    }
    Ok(Value::list(vec![Value::tuple(mins), Value::tuple(maxs)]))
}

/// NumPy's `flatnotmasked_contiguous`: the runs of False in the mask.
fn flat_contiguous(host: &mut dyn Host, x: &Value) -> Result<Value> {
    let Some(m) = getmask(x)? else {
        let n = size_of(host, x)?;
        return Ok(Value::list(vec![slice_of(Value::Int(0), Value::Int(n))]));
    };
    let fl = flags(&m)?;
    let mut out = Vec::new();
    let mut i = 0;
    while i < fl.len() {
        let mut j = i;
        while j < fl.len() && fl[j] == fl[i] {
            j += 1;
        }
        if !fl[i] {
            out.push(slice_of(Value::Int(i as i64), Value::Int(j as i64)));
        }
        i = j;
    }
    Ok(Value::list(out))
}

fn flatnotmasked_contiguous_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    flat_contiguous(host, &x)
}

fn notmasked_contiguous_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, axis) = (to_ma(host, a.get(0))?, a.get(1).clone());
    let nd = ndim_of(host, &x)?;
    if nd > 2 {
        return Err(Error::new(
            crate::ExcKind::NotImplementedError,
            "Currently limited to at most 2D array.",
        ));
    }
    if axis.is_none() || nd == 1 {
        return flat_contiguous(host, &x);
    }
    let ax = crate::py::num::index_i64(&axis)?;
    let other = (ax + 1).rem_euclid(2) as usize;
    let here = ax.rem_euclid(2) as usize;
    let d = getdata(host, &x)?;
    let shape = np(host, "shape", vec![d])?;
    let n = crate::py::num::index_i64(&item(&shape, Value::Int(other as i64))?)?;
    let mut out = Vec::new();
    for i in 0..n {
        let mut key = vec![Value::Int(0), Value::Int(0)];
        key[other] = Value::Int(i);
        key[here] = super::compose::slice(None, None, None);
        let lane = ma_method(host, "__getitem__", vec![x.clone(), Value::tuple(key)])?;
        out.push(flat_contiguous(host, &lane)?);
    }
    Ok(Value::list(out))
}

/// NumPy's `_ezclump(mask)`: the runs of True, as slices (the inner
/// bounds as np.int64, as NumPy's `nonzero` gives them).
fn ezclump(fl: &[bool]) -> Value {
    let n = fl.len();
    let edges: Vec<usize> = (1..n).filter(|&i| fl[i] != fl[i - 1]).collect();
    let np_int = |i: usize| Value::Scalar(Scalar::Int64(i as i64));
    let mut out = Vec::new();
    if n == 0 {
        return Value::list(out);
    }
    if fl[0] {
        if edges.is_empty() {
            return Value::list(vec![slice_of(Value::Int(0), Value::Int(n as i64))]);
        }
        out.push(slice_of(Value::Int(0), np_int(edges[0])));
        let mut k = 1;
        while k + 1 < edges.len() {
            out.push(slice_of(np_int(edges[k]), np_int(edges[k + 1])));
            k += 2;
        }
    } else {
        if edges.is_empty() {
            return Value::list(out);
        }
        let mut k = 0;
        while k + 1 < edges.len() {
            out.push(slice_of(np_int(edges[k]), np_int(edges[k + 1])));
            k += 2;
        }
    }
    if fl[n - 1] {
        if let Some(&last) = edges.last() {
            out.push(slice_of(np_int(last), Value::Int(n as i64)));
        }
    }
    Value::list(out)
}

fn clump_masked_fn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Some(m) = getmask(a.get(0))? else {
        return Ok(Value::list(Vec::new()));
    };
    Ok(ezclump(&flags(&m)?))
}

fn clump_unmasked_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    let m = if is_ma(&x) { parts(&x)?.1 } else { None };
    let Some(m) = m else {
        let n = size_of(host, &x)?;
        return Ok(Value::list(vec![slice_of(Value::Int(0), Value::Int(n))]));
    };
    let fl: Vec<bool> = flags(&m)?.into_iter().map(|b| !b).collect();
    Ok(ezclump(&fl))
}

// ---- reductions and elementwise functions ----

/// `MaskedArray.all`/`any`: the data filled with the neutral element,
/// reduced; masked where every reduced element is.
fn all_any(host: &mut dyn Host, a: &Args, all: bool) -> Result<Value> {
    no_out(a.get(2))?;
    let x = to_ma(host, a.get(0))?;
    let (axis, keep) = (a.get(1).clone(), a.get(3).clone());
    let (_, m) = parts(&x)?;
    let filled = filled_with(host, &x, &Value::Bool(all))?;
    let kw = kw_axis(&axis, &keep)?;
    let name = if all { "all" } else { "any" };
    let r = meth(host, &filled, name, Vec::new(), &kw)?;
    let m = match m {
        Some(m) => Some(meth(host, &m, "all", Vec::new(), &kw)?),
        None => None,
    };
    wrap(host, r, m, Value::None)
}

fn all_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_any(host, a, true)
}

fn any_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_any(host, a, false)
}

/// `logical_and.reduce`/`logical_or.reduce` of `_MaskedBinaryOperation`:
/// the masked elements filled with the neutral element.
fn logical_reduce(host: &mut dyn Host, a: &Args, all: bool) -> Result<Value> {
    let (x, axis) = (a.get(0).clone(), a.get(1).clone());
    let mut t = if is_ma(&x) {
        filled_with(host, &x, &Value::Int(i64::from(all)))?
    } else {
        np(host, "asarray", vec![x.clone()])?
    };
    let mut m = getmask(&x)?;
    if crate::py::num::index_i64(&np(host, "ndim", vec![t.clone()])?)? == 0 {
        t = np(host, "atleast_1d", vec![t])?;
        m = match m {
            Some(m) => Some(np(host, "atleast_1d", vec![m])?),
            None => None,
        };
    }
    let name = if all { "all" } else { "any" };
    let tr = np_kw(host, name, vec![t], &[("axis", axis.clone())])?;
    let mr = match m {
        Some(m) => Some(np_kw(host, "all", vec![m], &[("axis", axis)])?),
        None => None,
    };
    wrap(host, tr, mr, Value::None)
}

fn alltrue_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    logical_reduce(host, a, true)
}

fn sometrue_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    logical_reduce(host, a, false)
}

fn ptp_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(2))?;
    let x = to_ma(host, a.get(0))?;
    let rest = vec![
        a.get(1).clone(),
        Value::None,
        a.get(3).clone(),
        a.get(4).clone(),
    ];
    let mut args = vec![x.clone()];
    args.extend(rest.iter().cloned());
    let hi = ma_method(host, "max", args)?;
    let mut args = vec![x];
    args.extend(rest);
    let lo = ma_method(host, "min", args)?;
    binop(host, BinOp::Sub, &hi, &lo)
}

fn round_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(2))?;
    let (x, decimals) = (a.get(0).clone(), a.get(1).clone());
    if !is_ma(&x) {
        return np(host, "round", vec![x, decimals]);
    }
    let (d, m) = parts(&x)?;
    let r = np(host, "round", vec![d, decimals])?;
    let fill = super::ma::get_attr(&x, "_fill_value")?;
    wrap(host, r, m, fill)
}

/// `maximum(a, b)`/`minimum(a, b)`: `where(greater(a, b), a, b)`.
fn extremum(host: &mut dyn Host, a: &Args, cmp_name: &str) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let c = binary(host, cmp_name, &x, &y)?;
    let mut b = Args {
        values: vec![c, x, y],
        rest: Vec::new(),
    };
    where_fn(host, &mut b)
}

fn maximum_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    extremum(host, a, "greater")
}

fn minimum_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    extremum(host, a, "less")
}

fn nonzero_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = to_ma(host, a.get(0))?;
    let f = filled_with(host, &x, &Value::Int(0))?;
    np(host, "nonzero", vec![f])
}

// ---- in-place setters ----

fn put_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, mut indices, mut values, mode) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
    );
    if !is_ma(&x) {
        let d = np(host, "asarray", vec![x])?;
        np_kw(host, "put", vec![d, indices, values], &[("mode", mode)])?;
        return Ok(Value::None);
    }
    let (data, mask) = parts(&x)?;
    let hard = truth(&super::ma::get_attr(&x, "_hardmask")?)?;
    if let (true, Some(m)) = (hard, &mask) {
        let flat = np(host, "ravel", vec![m.clone()])?;
        let idx = np(host, "asarray", vec![indices])?;
        let hit = item(&flat, idx.clone())?;
        let keep = np(host, "logical_not", vec![hit])?;
        let shape = np(host, "shape", vec![idx.clone()])?;
        let (vd, vm) = (getdata(host, &values)?, getmaskarray(host, &values)?);
        let vd = np(host, "resize", vec![vd, shape.clone()])?;
        let vm = np(host, "resize", vec![vm, shape])?;
        indices = item(&idx, keep.clone())?;
        let vd = item(&vd, keep.clone())?;
        let vm = item(&vm, keep)?;
        values = make(host, &vd, &vm, &Value::None)?;
    }
    let vdata = super::ma::data_or_self(&values)?;
    np_kw(
        host,
        "put",
        vec![data.clone(), indices.clone(), vdata],
        &[("mode", mode.clone())],
    )?;
    let vmask = getmask(&values)?;
    if mask.is_none() && vmask.is_none() {
        return Ok(Value::None);
    }
    let m = getmaskarray(host, &x)?;
    let m = np(host, "array", vec![m])?;
    let put = vmask.unwrap_or(Value::Bool(false));
    np_kw(
        host,
        "put",
        vec![m.clone(), indices, put],
        &[("mode", mode)],
    )?;
    let m = super::ma::make_mask(host, &m, true)?;
    super::ma::set_attr(&x, "_mask", m.unwrap_or(Value::None))?;
    Ok(Value::None)
}

fn putmask_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, mask, values) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let where_ = np_kw(
        host,
        "asarray",
        vec![mask],
        &[("dtype", Value::DType(xpush_npu::DType::Bool))],
    )?;
    let valdata = getdata(host, &values)?;
    let valmask = getmask(&values)?;
    let copyto = |host: &mut dyn Host, dst: &Value, src: Value| {
        np_kw(
            host,
            "copyto",
            vec![dst.clone(), src],
            &[("casting", Value::str("unsafe")), ("where", where_.clone())],
        )
    };
    if !is_ma(&x) {
        copyto(host, &x, valdata)?;
        return Ok(Value::None);
    }
    let (data, m) = parts(&x)?;
    let hard = truth(&super::ma::get_attr(&x, "_hardmask")?)?;
    match (m, valmask) {
        (None, None) => {}
        (None, Some(vm)) => {
            let nm = super::ma::zeros_mask(host, &data)?;
            copyto(host, &nm, vm)?;
            super::ma::set_attr(&x, "_mask", nm)?;
        }
        (Some(m), vm) if hard => {
            if let Some(vm) = vm {
                let c = np(host, "array", vec![m.clone()])?;
                copyto(host, &c, vm)?;
                let u = np(host, "logical_or", vec![m, c])?;
                super::ma::set_attr(&x, "_mask", u)?;
            }
        }
        (Some(m), vm) => {
            let vm = match vm {
                Some(vm) => vm,
                None => getmaskarray(host, &values)?,
            };
            copyto(host, &m, vm)?;
        }
    }
    copyto(host, &data, valdata)?;
    Ok(Value::None)
}

fn choose_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(2))?;
    let (indices, choices, mode) = (a.get(0).clone(), a.get(1).clone(), a.get(3).clone());
    let c = if is_ma(&indices) {
        filled_with(host, &indices, &Value::Int(0))?
    } else {
        np(host, "asarray", vec![indices.clone()])?
    };
    let mut masks = Vec::new();
    let mut datas = Vec::new();
    for x in crate::py::iter::to_vec(&choices)? {
        if super::ma::is_masked_const(&x) {
            masks.push(Value::Bool(true));
            datas.push(Value::Bool(true));
            continue;
        }
        masks.push(getmask(&x)?.unwrap_or(Value::Bool(false)));
        datas.push(if is_ma(&x) {
            filled_with(host, &x, &Value::None)?
        } else {
            np(host, "asarray", vec![x])?
        });
    }
    let kw = [("mode", mode)];
    let om = np_kw(host, "choose", vec![c.clone(), Value::list(masks)], &kw)?;
    let om = match getmask(&indices)? {
        Some(im) => np(host, "logical_or", vec![om, im])?,
        None => om,
    };
    let om = super::ma::make_mask(host, &om, true)?;
    let d = np_kw(host, "choose", vec![c, Value::list(datas)], &kw)?;
    new_ma(d, om, Value::None)
}

fn resize_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, shape) = (a.get(0).clone(), a.get(1).clone());
    let d = getdata(host, &x)?;
    let d = np(host, "resize", vec![d, shape.clone()])?;
    let m = match getmask(&x)? {
        Some(m) => Some(np(host, "resize", vec![m, shape])?),
        None => None,
    };
    new_ma(d, m, Value::None)
}

// ---- constructors ----

fn indices_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut kw = given(&[("dtype", a.get(1).clone())]);
    if truth(a.get(2))? {
        kw.push(("sparse", Value::Bool(true)));
    }
    let r = np_kw(host, "indices", vec![a.get(0).clone()], &kw)?;
    if super::ma::is_array(&r) {
        return new_ma(r, None, Value::None);
    }
    Ok(r)
}

fn fromfunction_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let id = crate::table::lookup("numpy", "fromfunction")
        .ok_or_else(|| Error::attribute_error("no numpy.fromfunction"))?;
    let mut kw: Vec<(Rc<str>, Value)> = Vec::new();
    if !a.get(2).is_none() {
        kw.push((Rc::from("dtype"), a.get(2).clone()));
    }
    if let Value::Dict(d) = a.get(4) {
        for (k, v) in d.borrow().pairs() {
            kw.push((Rc::from(crate::ops::to_str(&k).as_str()), v));
        }
    }
    let r = crate::table::call(host, id, vec![a.get(0).clone(), a.get(1).clone()], kw)?;
    if super::ma::is_array(&r) {
        return new_ma(r, None, Value::None);
    }
    Ok(r)
}

/// `masked_array(a, dtype=dtype, copy=False, keep_mask=True)`.
fn as_masked(host: &mut dyn Host, x: &Value, dtype: &Value) -> Result<Value> {
    let v = super::ma::blank(super::ma::class()?);
    super::ma::init_with(
        host,
        &v,
        x,
        &Value::None,
        dtype,
        &Value::Bool(false),
        &Value::None,
        &Value::Bool(true),
        &Value::Bool(false),
        &Value::Bool(true),
    )?;
    if is_ma(x) {
        let hard = super::ma::get_attr(x, "_hardmask")?;
        super::ma::set_attr(&v, "_hardmask", hard)?;
    }
    Ok(v)
}

fn asarray_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, dtype) = (a.get(0).clone(), a.get(1).clone());
    as_masked(host, &x, &dtype)
}

fn asanyarray_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, dtype) = (a.get(0).clone(), a.get(1).clone());
    if is_ma(&x) {
        let same = dtype.is_none() || {
            let d = super::ma::get_attr(&x, "_data")?;
            let want = np(host, "dtype", vec![dtype.clone()])?;
            truth(&super::compose::cmp(
                xpush_lang::ast::CmpOp::Eq,
                &super::compose::attr(&d, "dtype")?,
                &want,
            )?)?
        };
        if same {
            return Ok(x);
        }
    }
    as_masked(host, &x, &dtype)
}

fn harden_mask_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = to_ma(host, a.get(0))?;
    ma_method(host, "harden_mask", vec![x])
}

fn soften_mask_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = to_ma(host, a.get(0))?;
    ma_method(host, "soften_mask", vec![x])
}

/// NumPy's `get_fill_value(a)`: a masked array's fill value, else the
/// default of the dtype.
fn get_fill_value(host: &mut dyn Host, x: &Value) -> Result<Value> {
    if is_ma(x) {
        return super::ma::fill_value(host, x);
    }
    super::compose::call_in(host, "numpy.ma", "default_fill_value", vec![x.clone()], &[])
}

fn common_fill_value_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let (t1, t2) = (get_fill_value(host, &x)?, get_fill_value(host, &y)?);
    if truth(&super::compose::cmp(xpush_lang::ast::CmpOp::Eq, &t1, &t2)?)? {
        return Ok(t1);
    }
    Ok(Value::None)
}

fn flatten_mask_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = np(host, "ravel", vec![a.get(0).clone()])?;
    np_kw(
        host,
        "array",
        vec![m],
        &[("dtype", Value::DType(xpush_npu::DType::Bool))],
    )
}

fn masked_object_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, value, copy, shrink) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        truth(a.get(3))?,
    );
    let d = getdata(host, &x)?;
    let cond = np(host, "equal", vec![d, value.clone()])?;
    let cm = super::ma::make_mask(host, &cond, shrink)?;
    let mask = match (getmask(&x)?, cm) {
        (Some(m), Some(c)) => np(host, "logical_or", vec![m, c])?,
        (Some(m), None) => m,
        (None, Some(c)) => c,
        (None, None) => Value::Bool(false),
    };
    let v = super::ma::blank(super::ma::class()?);
    super::ma::init_with(
        host,
        &v,
        &x,
        &mask,
        &Value::None,
        &copy,
        &value,
        &Value::Bool(true),
        &Value::Bool(false),
        &Value::Bool(true),
    )?;
    Ok(v)
}

// ---- products, differences, convolutions ----

/// `filled(v, fill)` for any operand (a plain one as an array).
fn filled_any(host: &mut dyn Host, v: &Value, fill: &Value) -> Result<Value> {
    if is_ma(v) {
        return filled_with(host, v, fill);
    }
    np(host, "asarray", vec![v.clone()])
}

fn ndim_any(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let d = getdata(host, v)?;
    crate::py::num::index_i64(&np(host, "ndim", vec![d])?)
}

/// NumPy's `_mask_propagate(a, axis)`: the mask spread along `axis`.
fn mask_propagate(host: &mut dyn Host, x: &Value, axis: i64) -> Result<Value> {
    let a = make(host, x, &Value::None, &Value::None)?;
    let Some(m) = getmask(&a)? else {
        return Ok(a);
    };
    if !truth(&np(host, "any", vec![m.clone()])?)? {
        return Ok(a);
    }
    let any = meth(
        host,
        &m,
        "any",
        Vec::new(),
        &[("axis", Value::Int(axis)), ("keepdims", Value::Bool(true))],
    )?;
    let nm = np(host, "logical_or", vec![m, any])?;
    super::ma::set_attr(&a, "_mask", nm)?;
    Ok(a)
}

/// `~np.dot(~ma, ~mb)` (and `outer`, `convolve`) on masks: where no pair of
/// unmasked elements meets.
fn none_valid(
    host: &mut dyn Host,
    name: &str,
    x: &Value,
    y: &Value,
    kw: &[(&str, Value)],
) -> Result<Value> {
    let int = Value::DType(xpush_npu::DType::Int64);
    let vx = np(host, "logical_not", vec![x.clone()])?;
    let vy = np(host, "logical_not", vec![y.clone()])?;
    let vx = np_kw(host, "asarray", vec![vx], &[("dtype", int.clone())])?;
    let vy = np_kw(host, "asarray", vec![vy], &[("dtype", int)])?;
    let r = np_kw(host, name, vec![vx, vy], kw)?;
    super::compose::cmp(xpush_lang::ast::CmpOp::Eq, &r, &Value::Int(0))
}

fn dot_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(3))?;
    let (mut x, mut y) = (a.get(0).clone(), a.get(1).clone());
    if truth(a.get(2))? {
        let (nx, ny) = (ndim_any(host, &x)?, ndim_any(host, &y)?);
        if nx != 0 && ny != 0 {
            x = mask_propagate(host, &x, nx - 1)?;
            y = mask_propagate(host, &y, if ny == 1 { 0 } else { ny - 2 })?;
        }
    }
    let (mx, my) = (getmaskarray(host, &x)?, getmaskarray(host, &y)?);
    let fx = filled_any(host, &x, &Value::Int(0))?;
    let fy = filled_any(host, &y, &Value::Int(0))?;
    let d = np(host, "dot", vec![fx, fy])?;
    let m = none_valid(host, "dot", &mx, &my, &[])?;
    let d = np(host, "asarray", vec![d])?;
    if !super::ma::is_array(&m) && !truth(&m)? {
        // A scalar False is NumPy's nomask itself.
        return new_ma(d, None, Value::None);
    }
    let m = np(host, "asarray", vec![m])?;
    new_ma(d, Some(m), Value::None)
}

fn inner_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut fs = Vec::new();
    for v in [a.get(0).clone(), a.get(1).clone()] {
        let f = filled_any(host, &v, &Value::Int(0))?;
        fs.push(np(host, "atleast_1d", vec![f])?);
    }
    let r = np(host, "inner", fs)?;
    if super::ma::is_array(&r) {
        return new_ma(r, None, Value::None);
    }
    Ok(r)
}

fn outer_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let fx = filled_any(host, &x, &Value::Int(0))?;
    let fy = filled_any(host, &y, &Value::Int(0))?;
    let fx = np(host, "ravel", vec![fx])?;
    let fy = np(host, "ravel", vec![fy])?;
    let d = np(host, "outer", vec![fx, fy])?;
    if getmask(&x)?.is_none() && getmask(&y)?.is_none() {
        return new_ma(d, None, Value::None);
    }
    let (mx, my) = (getmaskarray(host, &x)?, getmaskarray(host, &y)?);
    let mx = np(host, "ravel", vec![mx])?;
    let my = np(host, "ravel", vec![my])?;
    let m = none_valid(host, "outer", &mx, &my, &[])?;
    let m = super::ma::make_mask(host, &m, true)?;
    new_ma(d, m, Value::None)
}

/// `x[key]` along `axis` for a masked array: `key` in that axis, `:` in
/// the others.
fn along(host: &mut dyn Host, x: &Value, nd: usize, axis: usize, key: Value) -> Result<Value> {
    let mut k = vec![super::compose::slice(None, None, None); nd];
    k[axis] = key;
    ma_method(host, "__getitem__", vec![x.clone(), Value::tuple(k)])
}

/// `prepend`/`append` of `diff`: a scalar broadcast to one slice of `a`.
fn diff_edge(host: &mut dyn Host, v: &Value, shape: &[usize], axis: usize) -> Result<Value> {
    let v = to_ma(host, v)?;
    if ndim_any(host, &v)? != 0 {
        return Ok(v);
    }
    let mut sh: Vec<usize> = shape.to_vec();
    sh[axis] = 1;
    let d = getdata(host, &v)?;
    np(
        host,
        "broadcast_to",
        vec![d, super::compose::shape_value(&sh)],
    )
}

fn diff_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, n) = (a.get(0).clone(), crate::py::num::index_i64(a.get(1))?);
    let (prepend, append) = (a.get(3).clone(), a.get(4).clone());
    if n == 0 {
        return Ok(x);
    }
    if n < 0 {
        return Err(Error::value_error(format!(
            "order must be non-negative but got {n}"
        )));
    }
    let mut x = to_ma(host, &x)?;
    let shape = as_array(&getdata(host, &x)?)?.shape().to_vec();
    let nd = shape.len();
    if nd == 0 {
        return Err(Error::value_error(
            "diff requires input that is at least one dimensional",
        ));
    }
    let ax = crate::py::num::index_i64(a.get(2))?;
    let axis = xpush_npu::layout::normalize_axis(ax as isize, nd)?;
    if !prepend.is_none() || !append.is_none() {
        let mut parts_ = Vec::new();
        if !prepend.is_none() {
            parts_.push(diff_edge(host, &prepend, &shape, axis)?);
        }
        parts_.push(x.clone());
        if !append.is_none() {
            parts_.push(diff_edge(host, &append, &shape, axis)?);
        }
        let mut b = Args {
            values: vec![Value::list(parts_), Value::Int(axis as i64)],
            rest: Vec::new(),
        };
        x = concatenate_fn(host, &mut b)?;
    }
    let boolean = super::ma::kind_of(&getdata(host, &x)?)? == "b";
    for _ in 0..n {
        let hi = along(
            host,
            &x,
            nd,
            axis,
            super::compose::slice(Some(1), None, None),
        )?;
        let lo = along(
            host,
            &x,
            nd,
            axis,
            super::compose::slice(None, Some(-1), None),
        )?;
        x = if boolean {
            binary(host, "not_equal", &hi, &lo)?
        } else {
            binop(host, BinOp::Sub, &hi, &lo)?
        };
    }
    Ok(x)
}

fn ediff1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, to_end, to_begin) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let x = to_ma(host, &x)?;
    let flat = structural(host, "ravel", &x, Vec::new(), &[])?;
    let flat = to_ma(host, &flat)?;
    let hi = ma_method(
        host,
        "__getitem__",
        vec![flat.clone(), super::compose::slice(Some(1), None, None)],
    )?;
    let lo = ma_method(
        host,
        "__getitem__",
        vec![flat, super::compose::slice(None, Some(-1), None)],
    )?;
    let ed = binop(host, BinOp::Sub, &hi, &lo)?;
    if to_end.is_none() && to_begin.is_none() {
        return Ok(ed);
    }
    let mut arrays = Vec::new();
    if !to_begin.is_none() {
        arrays.push(to_begin);
    }
    arrays.push(ed);
    if !to_end.is_none() {
        arrays.push(to_end);
    }
    nx_seq(host, "hstack", &Value::list(arrays), Vec::new(), &[])
}

/// NumPy's `_convolve_or_correlate`.
fn conv(host: &mut dyn Host, a: &Args, name: &str) -> Result<Value> {
    let (x, v, mode, propagate) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        truth(a.get(3))?,
    );
    let kw = [("mode", mode)];
    let (mx, mv) = (getmaskarray(host, &x)?, getmaskarray(host, &v)?);
    let (data, mask) = if propagate {
        let int = Value::DType(xpush_npu::DType::Int64);
        let ones = |host: &mut dyn Host, m: &Value| {
            np_kw(
                host,
                "ones_like",
                vec![m.clone()],
                &[("dtype", int.clone())],
            )
        };
        let ix = np_kw(host, "asarray", vec![mx.clone()], &[("dtype", int.clone())])?;
        let iv = np_kw(host, "asarray", vec![mv.clone()], &[("dtype", int.clone())])?;
        let (ox, ov) = (ones(host, &mx)?, ones(host, &mv)?);
        let m1 = np_kw(host, name, vec![ix, ov], &kw)?;
        let m2 = np_kw(host, name, vec![ox, iv], &kw)?;
        let m = np(host, "add", vec![m1, m2])?;
        let m = super::compose::cmp(xpush_lang::ast::CmpOp::Gt, &m, &Value::Int(0))?;
        let (dx, dv) = (getdata(host, &x)?, getdata(host, &v)?);
        (np_kw(host, name, vec![dx, dv], &kw)?, m)
    } else {
        let m = none_valid(host, name, &mx, &mv, &kw)?;
        let fx = filled_any(host, &x, &Value::Int(0))?;
        let fv = filled_any(host, &v, &Value::Int(0))?;
        (np_kw(host, name, vec![fx, fv], &kw)?, m)
    };
    make(host, &data, &mask, &Value::None)
}

fn convolve_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    conv(host, a, "convolve")
}

fn correlate_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    conv(host, a, "correlate")
}

fn vander_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, n) = (a.get(0).clone(), a.get(1).clone());
    let d = getdata(host, &x)?;
    let v = np(host, "vander", vec![d, n])?;
    if let Some(m) = getmask(&x)? {
        crate::ops::setitem(&v, &m, Value::Int(0))?;
    }
    Ok(v)
}

fn allclose_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use xpush_lang::ast::CmpOp;
    let (meq, rtol, atol) = (a.get(2).clone(), a.get(3).clone(), a.get(4).clone());
    let x = make(host, a.get(0), &Value::None, &Value::None)?;
    let y = make(host, a.get(1), &Value::None, &Value::None)?;
    let xd = getdata(host, &x)?;
    let mut yd = getdata(host, &y)?;
    if super::ma::kind_of(&yd)? != "m" {
        let dt = np(host, "result_type", vec![yd.clone(), Value::Float(1.0)])?;
        yd = np_kw(host, "asarray", vec![yd], &[("dtype", dt)])?;
    }
    let (mx, my) = (getmaskarray(host, &x)?, getmaskarray(host, &y)?);
    let m = np(host, "logical_or", vec![mx, my.clone()])?;
    let not = |host: &mut dyn Host, v: Value| np(host, "logical_not", vec![v]);
    let valid = not(host, m.clone())?;
    let xi = np(host, "isinf", vec![xd.clone()])?;
    let xinf = np(host, "logical_and", vec![xi, valid])?;
    let yi = np(host, "isinf", vec![yd.clone()])?;
    let yvalid = not(host, my)?;
    let yinf = np(host, "logical_and", vec![yi, yvalid])?;
    let same = super::compose::cmp(CmpOp::Eq, &xinf, &yinf)?;
    if !truth(&np(host, "all", vec![same])?)? {
        return Ok(Value::Bool(false));
    }
    let close = |host: &mut dyn Host, xd: Value, yd: Value, m: Value| -> Result<Value> {
        let diff = super::fperr::ignoring(|| np(host, "subtract", vec![xd, yd.clone()]))?;
        let lhs = np(host, "absolute", vec![diff])?;
        let ay = np(host, "absolute", vec![yd])?;
        let tol = np(host, "multiply", vec![rtol.clone(), ay])?;
        let rhs = np(host, "add", vec![atol.clone(), tol])?;
        let le = super::compose::cmp(CmpOp::LtE, &lhs, &rhs)?;
        let d = np(host, "where", vec![m, meq.clone(), le])?;
        np(host, "all", vec![d])
    };
    if !truth(&np(host, "any", vec![xinf.clone()])?)? {
        return close(host, xd, yd, m);
    }
    let shape = np(host, "shape", vec![xinf.clone()])?;
    let xd = np(host, "broadcast_to", vec![xd, shape.clone()])?;
    let yd = np(host, "broadcast_to", vec![yd, shape.clone()])?;
    let m = np(host, "broadcast_to", vec![m, shape])?;
    let eq = super::compose::cmp(
        CmpOp::Eq,
        &item(&xd, xinf.clone())?,
        &item(&yd, xinf.clone())?,
    )?;
    if !truth(&np(host, "all", vec![eq])?)? {
        return Ok(Value::Bool(false));
    }
    let keep = not(host, xinf)?;
    let (xd, yd, m) = (
        item(&xd, keep.clone())?,
        item(&yd, keep.clone())?,
        item(&m, keep)?,
    );
    close(host, xd, yd, m)
}

// ---- set operations ----

/// The data and mask of `v` (a masked array), flattened.
fn flat_parts(host: &mut dyn Host, v: &Value) -> Result<(Value, Option<Value>, Value)> {
    let x = to_ma(host, v)?;
    let (d, m) = parts(&x)?;
    let d = np(host, "ravel", vec![d])?;
    let m = match m {
        Some(m) => Some(np(host, "ravel", vec![m])?),
        None => None,
    };
    Ok((d, m, super::ma::get_attr(&x, "_fill_value")?))
}

/// NumPy's `np.unique` on a masked array: sorted with the masked elements
/// last, those counted as one value.
fn unique(
    host: &mut dyn Host,
    v: &Value,
    want_index: bool,
    want_inverse: bool,
) -> Result<(Value, Option<Value>, Option<Value>)> {
    let (d, m, fill) = flat_parts(host, v)?;
    let Some(m) = m else {
        let r = np_kw(
            host,
            "unique",
            vec![d],
            &[
                ("return_index", Value::Bool(want_index)),
                ("return_inverse", Value::Bool(want_inverse)),
            ],
        )?;
        if !want_index && !want_inverse {
            return Ok((new_ma(r, None, fill)?, None, None));
        }
        let items = crate::py::iter::to_vec(&r)?;
        let first = new_ma(items[0].clone(), None, fill)?;
        let idx = want_index.then(|| items[1].clone());
        let inv = want_inverse.then(|| items[items.len() - 1].clone());
        return Ok((first, idx, inv));
    };
    let perm = np(
        host,
        "lexsort",
        vec![Value::tuple(vec![d.clone(), m.clone()])],
    )?;
    let (ad, am) = (item(&d, perm.clone())?, item(&m, perm.clone())?);
    let n = crate::py::num::index_i64(&np(host, "size", vec![ad.clone()])?)?;
    let flag = if n == 0 {
        np_kw(
            host,
            "zeros",
            vec![Value::Int(0)],
            &[("dtype", Value::DType(xpush_npu::DType::Bool))],
        )?
    } else {
        use xpush_lang::ast::CmpOp;
        let hi = super::compose::slice(Some(1), None, None);
        let lo = super::compose::slice(None, Some(-1), None);
        let (dh, dl) = (item(&ad, hi.clone())?, item(&ad, lo.clone())?);
        let (mh, ml) = (item(&am, hi)?, item(&am, lo)?);
        let nd = super::compose::cmp(CmpOp::NotEq, &dh, &dl)?;
        let nm = super::compose::cmp(CmpOp::NotEq, &mh, &ml)?;
        let either = np(host, "logical_or", vec![mh, ml])?;
        let ne = np(host, "where", vec![either, nm, nd])?;
        let head = np(host, "array", vec![Value::list(vec![Value::Bool(true)])])?;
        np(host, "concatenate", vec![Value::list(vec![head, ne])])?
    };
    let out = new_ma(
        item(&ad, flag.clone())?,
        Some(item(&am, flag.clone())?),
        fill,
    )?;
    let idx = if want_index {
        Some(item(&perm, flag.clone())?)
    } else {
        None
    };
    let inv = if want_inverse {
        let c = np(host, "cumsum", vec![flag.clone()])?;
        let imask = super::compose::bin(BinOp::Sub, &c, &Value::Int(1))?;
        let inv = np_kw(
            host,
            "empty",
            vec![Value::Int(n)],
            &[("dtype", Value::DType(xpush_npu::DType::Int64))],
        )?;
        crate::ops::setitem(&inv, &perm, imask)?;
        Some(inv)
    } else {
        None
    };
    Ok((out, idx, inv))
}

fn unique_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, ri, rv) = (a.get(0).clone(), truth(a.get(1))?, truth(a.get(2))?);
    let (u, idx, inv) = unique(host, &x, ri, rv)?;
    if !ri && !rv {
        return Ok(u);
    }
    let mut out = vec![u];
    out.extend(idx);
    out.extend(inv);
    Ok(Value::tuple(out))
}

fn unique_of(host: &mut dyn Host, v: &Value) -> Result<Value> {
    Ok(unique(host, v, false, false)?.0)
}

/// `ma.concatenate(items, axis)`.
fn ma_concat(host: &mut dyn Host, items: Vec<Value>, axis: Value) -> Result<Value> {
    let mut b = Args {
        values: vec![Value::list(items), axis],
        rest: Vec::new(),
    };
    concatenate_fn(host, &mut b)
}

fn ma_get(host: &mut dyn Host, x: &Value, key: Value) -> Result<Value> {
    ma_method(host, "__getitem__", vec![x.clone(), key])
}

/// `x[1:] OP x[:-1]` for a 1-D masked array, NumPy's comparison.
fn adjacent(host: &mut dyn Host, x: &Value, op: xpush_lang::ast::CmpOp) -> Result<Value> {
    let hi = ma_get(host, x, super::compose::slice(Some(1), None, None))?;
    let lo = ma_get(host, x, super::compose::slice(None, Some(-1), None))?;
    super::ma::compare(host, op, &hi, &lo)
}

fn ma_sorted(host: &mut dyn Host, x: &Value) -> Result<Value> {
    super::compose::call_in(host, "numpy.ma", "sort", vec![x.clone()], &[])
}

fn intersect1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y, assume) = (a.get(0).clone(), a.get(1).clone(), truth(a.get(2))?);
    let items = if assume {
        vec![x, y]
    } else {
        vec![unique_of(host, &x)?, unique_of(host, &y)?]
    };
    let aux = ma_concat(host, items, Value::Int(0))?;
    let aux = ma_sorted(host, &aux)?;
    let eq = adjacent(host, &aux, xpush_lang::ast::CmpOp::Eq)?;
    let key = getdata(host, &eq)?;
    let lo = ma_get(host, &aux, super::compose::slice(None, Some(-1), None))?;
    ma_get(host, &lo, key)
}

fn union1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = vec![a.get(0).clone(), a.get(1).clone()];
    let aux = ma_concat(host, items, Value::None)?;
    unique_of(host, &aux)
}

fn setxor1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use xpush_lang::ast::CmpOp;
    let (mut x, mut y, assume) = (a.get(0).clone(), a.get(1).clone(), truth(a.get(2))?);
    if !assume {
        x = unique_of(host, &x)?;
        y = unique_of(host, &y)?;
    }
    let aux = ma_concat(host, vec![x, y], Value::None)?;
    if size_of(host, &aux)? == 0 {
        return Ok(aux);
    }
    let aux = ma_sorted(host, &aux)?;
    let auxf = filled_with(host, &aux, &Value::None)?;
    let hi = item(&auxf, super::compose::slice(Some(1), None, None))?;
    let lo = item(&auxf, super::compose::slice(None, Some(-1), None))?;
    let ne = super::compose::cmp(CmpOp::NotEq, &hi, &lo)?;
    let t = np(host, "array", vec![Value::list(vec![Value::Bool(true)])])?;
    let flag = np(
        host,
        "concatenate",
        vec![Value::list(vec![t.clone(), ne, t])],
    )?;
    let f1 = item(&flag, super::compose::slice(Some(1), None, None))?;
    let f0 = item(&flag, super::compose::slice(None, Some(-1), None))?;
    let flag2 = super::compose::cmp(CmpOp::Eq, &f1, &f0)?;
    ma_get(host, &aux, flag2)
}

/// NumPy's `in1d` on masked arrays.
fn in1d(host: &mut dyn Host, x: &Value, y: &Value, assume: bool, invert: bool) -> Result<Value> {
    use xpush_lang::ast::CmpOp;
    let (x, y, rev) = if assume {
        (to_ma(host, x)?, to_ma(host, y)?, None)
    } else {
        let (u, _, inv) = unique(host, x, false, true)?;
        (u, unique_of(host, y)?, inv)
    };
    let n1 = size_of(host, &x)?;
    let ar = ma_concat(host, vec![x, y], Value::Int(0))?;
    let order = super::compose::call_in(
        host,
        "numpy.ma",
        "argsort",
        vec![ar.clone()],
        &[("kind", Value::str("mergesort"))],
    )?;
    let sar = ma_get(host, &ar, order.clone())?;
    let op = if invert { CmpOp::NotEq } else { CmpOp::Eq };
    let bool_ar = adjacent(host, &sar, op)?;
    let tail = np(host, "array", vec![Value::list(vec![Value::Bool(invert)])])?;
    let flag = ma_concat(host, vec![bool_ar, tail], Value::Int(0))?;
    let back = np_kw(
        host,
        "argsort",
        vec![order],
        &[("kind", Value::str("mergesort"))],
    )?;
    let indx = item(&back, super::compose::slice(None, Some(n1), None))?;
    let r = ma_get(host, &flag, indx)?;
    match rev {
        Some(rev) => ma_get(host, &r, rev),
        None => Ok(r),
    }
}

fn in1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    in1d(host, &x, &y, truth(a.get(2))?, truth(a.get(3))?)
}

fn isin_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let x = as_masked(host, &x, &Value::None)?;
    let r = in1d(host, &x, &y, truth(a.get(2))?, truth(a.get(3))?)?;
    let d = getdata(host, &x)?;
    let shape = np(host, "shape", vec![d])?;
    structural(host, "reshape", &r, vec![shape], &[])
}

fn setdiff1d_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y, assume) = (a.get(0).clone(), a.get(1).clone(), truth(a.get(2))?);
    let (x, y) = if assume {
        let m = as_masked(host, &x, &Value::None)?;
        (structural(host, "ravel", &m, Vec::new(), &[])?, y)
    } else {
        (unique_of(host, &x)?, unique_of(host, &y)?)
    };
    let keep = in1d(host, &x, &y, true, true)?;
    let key = getdata(host, &keep)?;
    let x = to_ma(host, &x)?;
    ma_get(host, &x, key)
}

// ---- covariance and fits ----

/// `ma.array(v, ndmin=2, dtype=float)`.
fn float_2d(host: &mut dyn Host, v: &Value) -> Result<Value> {
    let x = as_masked(host, v, &Value::DType(xpush_npu::DType::Float64))?;
    let (d, m) = parts(&x)?;
    if as_array(&d)?.ndim() >= 2 {
        return Ok(x);
    }
    let d = np(host, "atleast_2d", vec![d])?;
    let m = match m {
        Some(m) => Some(np(host, "atleast_2d", vec![m])?),
        None => None,
    };
    new_ma(d, m, Value::None)
}

/// NumPy's `cov` (with `_covhelper`): the data centred on the means of
/// the unmasked elements, masked elements as 0, over the counts of the
/// pairs left.
fn cov(
    host: &mut dyn Host,
    x: &Value,
    y: &Value,
    rowvar: bool,
    ddof: &Value,
    allow_masked: bool,
) -> Result<Value> {
    use xpush_lang::ast::CmpOp;
    let masked_err = || Error::value_error("Cannot process masked data.");
    let x = float_2d(host, x)?;
    let mut xmask = getmaskarray(host, &x)?;
    if !allow_masked && truth(&np(host, "any", vec![xmask.clone()])?)? {
        return Err(masked_err());
    }
    let shape = as_array(&getdata(host, &x)?)?.shape().to_vec();
    let rowvar = rowvar || shape[0] == 1;
    let axis = Value::Int(if rowvar { 0 } else { 1 });
    let (data, mask) = if y.is_none() {
        (getdata(host, &x)?, xmask)
    } else {
        let y = float_2d(host, y)?;
        let mut ymask = getmaskarray(host, &y)?;
        if !allow_masked && truth(&np(host, "any", vec![ymask.clone()])?)? {
            return Err(masked_err());
        }
        let yshape = as_array(&getdata(host, &y)?)?.shape().to_vec();
        let any = np(host, "logical_or", vec![xmask.clone(), ymask.clone()])?;
        if truth(&np(host, "any", vec![any])?)? && yshape == shape {
            let common = np(host, "logical_or", vec![xmask, ymask])?;
            xmask = common.clone();
            ymask = common;
        }
        let (xd, yd) = (getdata(host, &x)?, getdata(host, &y)?);
        let d = np_kw(
            host,
            "concatenate",
            vec![Value::list(vec![xd, yd])],
            &[("axis", axis.clone())],
        )?;
        let m = np_kw(
            host,
            "concatenate",
            vec![Value::list(vec![xmask, ymask])],
            &[("axis", axis.clone())],
        )?;
        (d, m)
    };
    let notmask = np(host, "logical_not", vec![mask.clone()])?;
    let notmask = np_kw(
        host,
        "asarray",
        vec![notmask],
        &[("dtype", Value::DType(xpush_npu::DType::Float32))],
    )?;
    // The means along the observations, masked where a variable has none.
    let xm = new_ma(data.clone(), Some(mask.clone()), Value::None)?;
    let mean_axis = Value::Int(if rowvar { 1 } else { 0 });
    let mean = super::ma::mean_of(host, &xm, &mean_axis, &Value::None, &Value::Bool(true))?;
    let mean = to_ma(host, &mean)?;
    let mean_d = getdata(host, &mean)?;
    let mean_m = getmaskarray(host, &mean)?;
    let total = np(host, "logical_or", vec![mask, mean_m])?;
    let centred = super::fperr::ignoring(|| np(host, "subtract", vec![data, mean_d]))?;
    let zero = Value::Float(0.0);
    let centred = np(host, "where", vec![total, zero, centred])?;
    let t = |host: &mut dyn Host, v: &Value| np(host, "transpose", vec![v.clone()]);
    let (nt, ct) = (t(host, &notmask)?, t(host, &centred)?);
    let (fact, prod) = if rowvar {
        (
            np(host, "dot", vec![notmask, nt])?,
            np(host, "dot", vec![centred, ct])?,
        )
    } else {
        (
            np(host, "dot", vec![nt, notmask])?,
            np(host, "dot", vec![ct, centred])?,
        )
    };
    let fact = np(host, "subtract", vec![fact, ddof.clone()])?;
    let m = super::compose::cmp(CmpOp::LtE, &fact, &Value::Int(0))?;
    let d = super::fperr::ignoring(|| np(host, "true_divide", vec![prod, fact]))?;
    let r = make(host, &d, &m, &Value::None)?;
    structural(host, "squeeze", &r, Vec::new(), &[])
}

fn cov_args(a: &Args, bias: bool) -> Result<Value> {
    match a.get(5) {
        Value::None => Ok(Value::Int(if bias { 0 } else { 1 })),
        v => {
            let f = crate::py::num::to_f64(v)?;
            if f.fract() != 0.0 {
                return Err(Error::value_error("ddof must be an integer"));
            }
            Ok(Value::Int(f as i64))
        }
    }
}

fn cov_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let ddof = cov_args(a, truth(a.get(3))?)?;
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    cov(host, &x, &y, truth(a.get(2))?, &ddof, truth(a.get(4))?)
}

fn corrcoef_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let corr = cov(
        host,
        &x,
        &y,
        truth(a.get(2))?,
        &Value::Int(1),
        truth(a.get(3))?,
    )?;
    if ndim_any(host, &corr)? < 2 {
        return super::ma::masked();
    }
    let diag = structural(host, "diagonal", &corr, Vec::new(), &[])?;
    let std = super::compose::call_in(host, "numpy.ma", "sqrt", vec![diag], &[])?;
    let std = to_ma(host, &std)?;
    let sd = filled_with(host, &std, &Value::None)?;
    let so = np(host, "outer", vec![sd.clone(), sd])?;
    let outer = match getmask(&std)? {
        Some(m) => {
            let col = np(host, "expand_dims", vec![m.clone(), Value::Int(1)])?;
            let mo = np(host, "logical_or", vec![col, m])?;
            new_ma(so, Some(mo), Value::None)?
        }
        None => so,
    };
    binop(host, BinOp::Div, &corr, &outer)
}

fn polyfit_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y, deg) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let (rcond, full, w, covv) = (
        a.get(3).clone(),
        a.get(4).clone(),
        a.get(5).clone(),
        a.get(6).clone(),
    );
    let x = as_masked(host, &x, &Value::None)?;
    let y = as_masked(host, &y, &Value::None)?;
    let mut m = getmask(&x)?;
    let or = |host: &mut dyn Host, m: Option<Value>, n: Option<Value>| -> Result<Option<Value>> {
        Ok(match (m, n) {
            (Some(a), Some(b)) => Some(np(host, "logical_or", vec![a, b])?),
            (a, b) => a.or(b),
        })
    };
    match ndim_any(host, &y)? {
        1 => {
            let my = getmask(&y)?;
            m = or(host, m, my)?;
        }
        2 => {
            let rows = mask_rowcols(host, &y, &Value::Int(0))?;
            if let Some(my) = getmask(&rows)? {
                let key =
                    Value::tuple(vec![super::compose::slice(None, None, None), Value::Int(0)]);
                let col = item(&my, key)?;
                m = or(host, m, Some(col))?;
            }
        }
        _ => return Err(Error::type_error("Expected a 1D or 2D array for y!")),
    }
    let mut w = w;
    if !w.is_none() {
        let wm = as_masked(host, &w, &Value::None)?;
        if ndim_any(host, &wm)? != 1 {
            return Err(Error::type_error("expected a 1-d array for weights"));
        }
        let yd = getdata(host, &y)?;
        let ylen = as_array(&yd)?.shape().first().copied().unwrap_or(0) as i64;
        if size_of(host, &wm)? != ylen {
            return Err(Error::type_error(
                "expected w and y to have the same length",
            ));
        }
        let mw = getmask(&wm)?;
        m = or(host, m, mw)?;
        w = getdata(host, &wm)?;
    }
    let (mut xd, mut yd) = (getdata(host, &x)?, getdata(host, &y)?);
    let m = match m {
        Some(m) if truth(&np(host, "any", vec![m.clone()])?)? => Some(m),
        _ => None,
    };
    if let Some(m) = m {
        let keep = np(host, "logical_not", vec![m])?;
        xd = item(&xd, keep.clone())?;
        yd = item(&yd, keep.clone())?;
        if !w.is_none() {
            w = item(&w, keep)?;
        }
    }
    np_kw(
        host,
        "polyfit",
        vec![xd, yd, deg],
        &[("rcond", rcond), ("full", full), ("w", w), ("cov", covv)],
    )
}

// ---- compress, apply, enumerate ----

fn compress_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    no_out(a.get(3))?;
    let (cond, x, axis) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let x = to_ma(host, &x)?;
    let (d, m) = parts(&x)?;
    let cond = np(host, "asarray", vec![cond])?;
    let kw = [("axis", axis)];
    let d = np_kw(host, "compress", vec![cond.clone(), d], &kw)?;
    let m = match m {
        Some(m) => Some(np_kw(host, "compress", vec![cond, m], &kw)?),
        None => None,
    };
    new_ma(d, m, super::ma::get_attr(&x, "_fill_value")?)
}

/// The `**kwargs` dict of a call, as keyword arguments.
fn kwargs_of(v: &Value) -> Vec<(Rc<str>, Value)> {
    match v {
        Value::Dict(d) => d
            .borrow()
            .pairs()
            .into_iter()
            .map(|(k, v)| (Rc::from(crate::ops::to_str(&k).as_str()), v))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether a result of `func1d` counts as a scalar (`np.isscalar`, or no `len`).
fn scalar_result(v: &Value) -> Result<bool> {
    if super::ma::is_masked_const(v) {
        return Ok(true);
    }
    if is_ma(v) {
        let d = super::ma::get_attr(v, "_data")?;
        return Ok(!super::ma::is_array(&d));
    }
    Ok(match v {
        Value::Array(x) => x.ndim() == 0,
        Value::HostArray(h) => h.ndim() == 0,
        Value::List(_) | Value::Tuple(_) => false,
        _ => true,
    })
}

fn apply_along_axis_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    let arr = make(host, a.get(2), &Value::None, &Value::None)?;
    let extra = a.rest.clone();
    let kw = kwargs_of(a.get(3));
    let shape = as_array(&getdata(host, &arr)?)?.shape().to_vec();
    let nd = shape.len();
    let ax = crate::py::num::index_i64(a.get(1))?;
    let axis = xpush_npu::layout::normalize_axis(ax as isize, nd)?;
    let outer: Vec<usize> = (0..nd).filter(|&d| d != axis).map(|d| shape[d]).collect();
    let lanes = super::compose::c_order_indices(&outer);
    let key_of = |ind: &[usize]| {
        let mut k: Vec<Value> = ind.iter().map(|&i| Value::Int(i as i64)).collect();
        k.insert(axis, super::compose::slice(None, None, None));
        Value::tuple(k)
    };
    let mut results = Vec::new();
    for ind in &lanes {
        let lane = ma_get(host, &arr, key_of(ind))?;
        let mut args = vec![lane];
        args.extend(extra.iter().cloned());
        results.push(crate::ops::call(host, &func, args, kw.clone())?);
    }
    let Some(first) = results.first() else {
        return Err(Error::value_error(
            "Cannot apply_along_axis when any iteration dimensions are 0",
        ));
    };
    let f64 = Value::DType(xpush_npu::DType::Float64);
    if scalar_result(first)? {
        let mut datas = Vec::new();
        let mut flags = Vec::new();
        let mut dtypes = Vec::new();
        for r in &results {
            if super::ma::is_masked_const(r) {
                datas.push(Value::Int(0));
                flags.push(Value::Bool(true));
                dtypes.push(f64.clone());
            } else {
                let d = getdata(host, r)?;
                dtypes.push(super::compose::attr(&d, "dtype")?);
                datas.push(d);
                flags.push(Value::Bool(false));
            }
        }
        let dt = np(host, "result_type", dtypes)?;
        let oshape = super::compose::shape_value(&outer);
        let d = np_kw(host, "array", vec![Value::list(datas)], &[("dtype", dt)])?;
        let d = np(host, "reshape", vec![d, oshape.clone()])?;
        let any = flags.iter().any(|f| matches!(f, Value::Bool(true)));
        let m = if any {
            let m = np(host, "array", vec![Value::list(flags)])?;
            Some(np(host, "reshape", vec![m, oshape])?)
        } else {
            None
        };
        return new_ma(d, m, Value::None);
    }
    let mut rs = Vec::new();
    let mut dtypes = Vec::new();
    let mut any_mask = false;
    for r in &results {
        let r = as_masked(host, r, &Value::None)?;
        let d = getdata(host, &r)?;
        dtypes.push(super::compose::attr(&d, "dtype")?);
        any_mask |= getmask(&r)?.is_some();
        rs.push(r);
    }
    let dt = np(host, "result_type", dtypes)?;
    let n = size_of(host, &rs[0])?;
    let mut oshape = shape.clone();
    oshape[axis] = n as usize;
    let oshape = super::compose::shape_value(&oshape);
    let d = np_kw(host, "zeros", vec![oshape.clone()], &[("dtype", dt)])?;
    let m = if any_mask {
        Some(np_kw(
            host,
            "zeros",
            vec![oshape],
            &[("dtype", Value::DType(xpush_npu::DType::Bool))],
        )?)
    } else {
        None
    };
    for (ind, r) in lanes.iter().zip(&rs) {
        let key = key_of(ind);
        crate::ops::setitem(&d, &key, getdata(host, r)?)?;
        if let Some(m) = &m {
            crate::ops::setitem(m, &key, getmaskarray(host, r)?)?;
        }
    }
    new_ma(d, m, Value::None)
}

fn apply_over_axes_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (func, axes) = (a.get(0).clone(), a.get(2).clone());
    let mut val = as_masked(host, a.get(1), &Value::None)?;
    let n = ndim_any(host, &val)?;
    let axes = match &axes {
        Value::List(_) | Value::Tuple(_) | Value::Array(_) => crate::py::iter::to_vec(&axes)?,
        other => vec![other.clone()],
    };
    for ax in axes {
        let mut ax = crate::py::num::index_i64(&ax)?;
        if ax < 0 {
            ax += n;
        }
        let res = crate::ops::call(host, &func, vec![val.clone(), Value::Int(ax)], Vec::new())?;
        let rn = ndim_any(host, &res)?;
        if rn == ndim_any(host, &val)? {
            val = res;
            continue;
        }
        let res = structural(host, "expand_dims", &res, vec![Value::Int(ax)], &[])?;
        if ndim_any(host, &res)? == ndim_any(host, &val)? {
            val = res;
        } else {
            return Err(Error::value_error(
                "function is not returning an array of the correct shape",
            ));
        }
    }
    Ok(val)
}

fn ndenumerate_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, compressed) = (a.get(0).clone(), truth(a.get(1))?);
    let d = getdata(host, &x)?;
    let m = getmaskarray(host, &x)?;
    let shape = as_array(&d)?.shape().to_vec();
    let flags = flags(&m)?;
    let mut out = Vec::new();
    for (k, ind) in super::compose::c_order_indices(&shape).iter().enumerate() {
        let key = Value::tuple(ind.iter().map(|&i| Value::Int(i as i64)).collect());
        if !flags.get(k).copied().unwrap_or(false) {
            out.push(Value::tuple(vec![key.clone(), item(&d, key)?]));
        } else if !compressed {
            out.push(Value::tuple(vec![key, super::ma::masked()?]));
        }
    }
    super::ma::call_builtin(host, "iter", vec![Value::list(out)])
}

fn frombuffer_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let args = a.values.clone();
    let r = np(host, "frombuffer", args)?;
    new_ma(r, None, Value::None)
}

// ---- mr_ ----

/// The methods of `np.ma.mr_`'s class (`mr_class`).
pub const MR_METHODS: &[FuncDef] = &[
    entry!(Method, NumpyManip, "mr_class", "__getitem__", "(self, key)", mr_getitem,
        "np.ma.mr_[items]: slices (as np.r_ makes them), scalars and (masked) arrays joined along the first axis, their masks with them.",
        ["np.ma.mr_.__getitem__((np.ma.array([1, 2], mask=[0, 1]), 3)).count()  # np.int64(2)"]),
];

thread_local! {
    static MR: std::cell::RefCell<Option<Value>> = const { std::cell::RefCell::new(None) };
}

/// `np.ma.mr_`: an instance of `mr_class` (one per thread).
pub fn mr() -> Result<Value> {
    if let Some(v) = MR.with(|m| m.borrow().clone()) {
        return Ok(v);
    }
    let attrs = super::poly1d::table_attrs("mr_class", &[]);
    let c = Rc::new(crate::py::class::Class::new(
        "mr_class",
        "mr_class",
        "numpy.ma.extras",
        Vec::new(),
        attrs,
    )?);
    let v = super::ma::blank(c);
    MR.with(|slot| *slot.borrow_mut() = Some(v.clone()));
    Ok(v)
}

fn mr_getitem(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = a.get(1).clone();
    if matches!(key, Value::Str(_)) {
        return Err(Error::new(
            crate::ExcKind::MAError,
            "Unavailable for masked array.",
        ));
    }
    let items = match &key {
        Value::Tuple(t) => t.to_vec(),
        other => vec![other.clone()],
    };
    let mut objs = Vec::new();
    let mut types = Vec::new();
    let mut any_scalar = false;
    for it in items {
        let obj = match &it {
            Value::Slice(_) => {
                let r = crate::value::Object::IndexTrick(super::index_tricks::IndexTrick::R);
                super::index_tricks::getitem(&r, &it)?
            }
            Value::Str(_) => {
                return Err(Error::new(
                    crate::ExcKind::NotImplementedError,
                    "np.ma.mr_ does not take directive strings in xpush yet",
                ))
            }
            v if is_ma(v) => {
                if ndim_any(host, v)? == 0 {
                    structural(host, "atleast_1d", v, Vec::new(), &[])?
                } else {
                    v.clone()
                }
            }
            Value::Int(_)
            | Value::Float(_)
            | Value::Bool(_)
            | Value::Complex(_)
            | Value::Scalar(_) => {
                any_scalar = true;
                types.push(it.clone());
                let arr = np(host, "array", vec![it.clone()])?;
                objs.push(np(host, "atleast_1d", vec![arr])?);
                continue;
            }
            v => {
                let arr = np(host, "asarray", vec![v.clone()])?;
                np(host, "atleast_1d", vec![arr])?
            }
        };
        types.push(getdata(host, &obj)?);
        objs.push(obj);
    }
    if any_scalar {
        let dt = np(host, "result_type", types)?;
        let mut cast = Vec::new();
        for o in objs {
            cast.push(if is_ma(&o) {
                let (d, m) = parts(&o)?;
                let d = np_kw(host, "asarray", vec![d], &[("dtype", dt.clone())])?;
                new_ma(d, m, super::ma::get_attr(&o, "_fill_value")?)?
            } else {
                np_kw(host, "asarray", vec![o], &[("dtype", dt.clone())])?
            });
        }
        objs = cast;
    }
    ma_concat(host, objs, Value::Int(0))
}

fn make_mask_descr_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // `np.dtype` raises for what is not a dtype.
    np(host, "dtype", vec![a.get(0).clone()])?;
    Ok(Value::DType(xpush_npu::DType::Bool))
}

// ---- MaskedArray methods for the functions above ----

/// More methods of `MaskedArray` (the module functions' counterparts).
pub const MA_METHODS: &[FuncDef] = &[
    entry!(Method, NumpyCreate, "MaskedArray", "all", "(self, axis=None, out=None, keepdims=False)", all_fn,
        "Whether all unmasked elements are true (along axis); masked where all are masked.",
        ["np.ma.array([1, 0], mask=[0, 1]).all()  # np.True_"]),
    entry!(Method, NumpyCreate, "MaskedArray", "any", "(self, axis=None, out=None, keepdims=False)", any_fn,
        "Whether any unmasked element is true (along axis); masked where all are masked.",
        ["np.ma.array([0, 1], mask=[0, 1]).any()  # np.False_"]),
    entry!(Method, NumpyCreate, "MaskedArray", "ptp", "(self, axis=None, out=None, fill_value=None, keepdims=False)", ptp_fn,
        "The range (max - min) of the unmasked elements (along axis).",
        ["np.ma.array([1, 9, 5], mask=[0, 1, 0]).ptp()  # np.int64(4)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "nonzero", "(self)", nonzero_fn,
        "The indices of the unmasked non-zero elements, one array per dimension.",
        ["np.ma.array([0, 2, 3], mask=[0, 0, 1]).nonzero()  # (array([1]),)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "round", "(self, decimals=0, out=None)", round_fn,
        "The data rounded to the given number of decimals, the mask kept.",
        ["np.ma.array([1.26, 2.5], mask=[0, 1]).round(1).filled(0)  # array([1.3, 0. ])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "trace", "(self, offset=0, axis1=0, axis2=1, dtype=None, out=None)", trace_fn,
        "The sum of the unmasked diagonal elements (float64 unless dtype is given).",
        ["np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]).trace()  # np.float64(4.0)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "diagonal", "(self, offset=0, axis1=0, axis2=1)", diagonal_fn,
        "The diagonal of the data and of the mask.",
        ["np.ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]]).diagonal().count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "put", "(self, indices, values, mode='raise')", put_fn,
        "Sets the elements at the flat indices to values, in place.",
        ["m = np.ma.array([1, 2], mask=[0, 1]); m.put([1], [7]); m.count()  # 2"]),
    entry!(Method, NumpyCreate, "MaskedArray", "dot", "(self, b, out=None, strict=False)", dot_m,
        "The dot product with the masked elements as 0 (np.ma.dot).",
        ["np.ma.array([1, 2], mask=[0, 1]).dot([3, 4]).data  # array(3)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "compress", "(self, condition, axis=None, out=None)", compress_m,
        "The elements (or slices along axis) where condition is True, their mask with them.",
        ["np.ma.array([1, 2, 3], mask=[0, 0, 1]).compress([True, False, True]).count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "ravel", "(self, order='C')", super::ma::ravel_fn,
        "The data and the mask flattened.",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).ravel().count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "flatten", "(self, order='C')", flatten_m,
        "A flattened copy of the data and the mask.",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).flatten().shape  # (2,)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "reshape", "(self, *s, order='C')", reshape_m,
        "The data and the mask in a new shape (given as a tuple or as ints).",
        ["np.ma.array([1, 2], mask=[0, 1]).reshape(2, 1).shape  # (2, 1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "transpose", "(self, *axes)", transpose_m,
        "The data and the mask with their axes permuted (reversed by default).",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).transpose().shape  # (2, 1)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "T", "(self, /)", t_p,
        "The transpose.",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).T.shape  # (2, 1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "copy", "(self, order='C')", super::ma::copy_fn,
        "A copy of the data and the mask.",
        ["np.ma.array([1, 2], mask=[0, 1]).copy().count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "squeeze", "(self, axis=None)", super::ma::squeeze_fn,
        "The data and the mask without their length-1 axes.",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).squeeze().shape  # (2,)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "swapaxes", "(self, axis1, axis2)", super::ma::swapaxes_fn,
        "The data and the mask with two axes swapped.",
        ["np.ma.array([[1, 2]]).swapaxes(0, 1).shape  # (2, 1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "repeat", "(self, repeats, axis=None)", super::ma::repeat_fn,
        "Each element repeated, its mask with it.",
        ["np.ma.array([1, 2], mask=[0, 1]).repeat(2).count()  # np.int64(2)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "take", "(self, indices, axis=None, out=None, mode='raise')", super::ma::take_fn,
        "The elements at indices, their mask with them.",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).take([1, 2]).count()  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "cumsum", "(self, axis=None, dtype=None, out=None)", super::ma::cumsum_fn,
        "The cumulative sum, masked elements counted as 0 and kept masked.",
        ["np.ma.array([3, 1, 2], mask=[0, 1, 0]).cumsum().data  # array([3, 3, 5])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "cumprod", "(self, axis=None, dtype=None, out=None)", super::ma::cumprod_fn,
        "The cumulative product, masked elements counted as 1 and kept masked.",
        ["np.ma.array([3, 1, 2], mask=[0, 1, 0]).cumprod().data  # array([3, 3, 6])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "clip", "(self, min=None, max=None, out=None)", super::ma::clip_fn,
        "The data limited to [min, max], the mask kept.",
        ["np.ma.array([1, 5, 9], mask=[0, 0, 1]).clip(2, 4).data  # array([2, 4, 4])"]),
];

fn dot_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut b = Args {
        values: vec![
            a.get(0).clone(),
            a.get(1).clone(),
            a.get(3).clone(),
            a.get(2).clone(),
        ],
        rest: Vec::new(),
    };
    dot_fn(host, &mut b)
}

fn compress_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut b = Args {
        values: vec![
            a.get(1).clone(),
            a.get(0).clone(),
            a.get(2).clone(),
            a.get(3).clone(),
        ],
        rest: Vec::new(),
    };
    compress_fn(host, &mut b)
}

fn flatten_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    let r = structural(
        host,
        "ravel",
        &x,
        Vec::new(),
        &[("order", a.get(1).clone())],
    )?;
    structural(host, "copy", &r, Vec::new(), &[])
}

fn reshape_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let shape = match a.rest.as_slice() {
        [one @ (Value::Tuple(_) | Value::List(_))] => one.clone(),
        many => Value::tuple(many.to_vec()),
    };
    let x = a.get(0).clone();
    let order = match a.get(1) {
        Value::Str(o) if &**o == "C" => Value::None,
        o => o.clone(),
    };
    structural(host, "reshape", &x, vec![shape], &[("order", order)])
}

fn transpose_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let axes = match a.rest.as_slice() {
        [] | [Value::None] => Value::None,
        [one @ (Value::Tuple(_) | Value::List(_))] => one.clone(),
        many => Value::tuple(many.to_vec()),
    };
    let x = a.get(0).clone();
    structural(host, "transpose", &x, Vec::new(), &[("axes", axes)])
}

fn t_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    structural(host, "transpose", &x, Vec::new(), &[])
}
