//! Sorting (`sort`, `argsort`, `lexsort`, `partition`, `argpartition`,
//! `sort_complex`, `a.sort()`, `a.argsort()`) and set routines
//! (`unique` and its array-API forms, `isin`, `intersect1d`, `union1d`,
//! `setdiff1d`, `setxor1d`). The work is in `xpush_npu::ops::{sort,
//! sets}`; these entries bind arguments.

use xpush_npu::ops::sets::{self, Unique};
use xpush_npu::ops::sort::{self as nsort, SortKind};
use xpush_npu::Array;

use super::conv::{as_array, opt_int, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Sorting and set functions and methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::SORT, runs = Dispatch, Function, NumpyManip, "numpy", "sort", "(a, axis=-1, kind=None, order=None, *, stable=None)", sort,
        "A sorted copy along an axis (the flattened array for axis=None); NaN sorts last, complex lexicographically.",
        ["np.sort([3, 1, 2])  # array([1, 2, 3])", "np.sort([[3, 1], [0, 2]], axis=0)  # array([[0, 1],\n       [3, 2]])", "np.sort([2.0, np.nan, 1.0])  # array([ 1.,  2., nan])", "np.sort([1, 2], kind='fast')  # ValueError: sort kind must be one of 'quick', 'heap', or 'stable' (got 'fast')", "np.sort(np.array(5))  # AxisError: axis -1 is out of bounds for array of dimension 0"]),
    entry!(npu = crate::coverage::how::SORT, runs = Dispatch, Function, NumpyManip, "numpy", "argsort", "(a, axis=-1, kind=None, order=None, *, stable=None)", argsort,
        "The indices that sort the array along an axis (stable: ties keep their order).",
        ["np.argsort([3, 1, 2])  # array([1, 2, 0])", "np.argsort([[3, 1], [0, 2]], axis=None)  # array([2, 1, 3, 0])"]),
    entry!(npu = crate::coverage::how::LEXSORT, runs = Dispatch, Function, NumpyManip, "numpy", "lexsort", "(keys, axis=-1)", lexsort,
        "The stable permutation sorting by the last key, then the one before it, ...",
        ["np.lexsort(([1, 2, 1], [0, 0, 1]))  # array([0, 1, 2])", "np.lexsort([])  # TypeError: need sequence of keys with len > 0 in lexsort"]),
    entry!(npu = crate::coverage::how::PARTITION, runs = Dispatch, Function, NumpyManip, "numpy", "partition", "(a, kth, axis=-1, kind='introselect', order=None)", partition,
        "A copy with the kth element in its sorted place, smaller ones before it and larger after (xpush: fully sorted).",
        ["np.partition([3, 4, 1, 2], 2)[2]  # np.int64(3)", "np.partition([3, 1], 2)  # ValueError: kth(=2) out of bounds (2)"]),
    entry!(npu = crate::coverage::how::PARTITION, runs = Dispatch, Function, NumpyManip, "numpy", "argpartition", "(a, kth, axis=-1, kind='introselect', order=None)", argpartition,
        "The indices that partition the array around the kth element (xpush: the stable argsort).",
        ["np.argpartition([3, 4, 1, 2], 0)[0]  # np.int64(2)"]),
    entry!(npu = crate::coverage::how::SORT, runs = Dispatch, Function, NumpyManip, "numpy", "sort_complex", "(a)", sort_complex,
        "Sorted by real part, then imaginary part, as a complex array.",
        ["np.sort_complex([2, 1])  # array([1.+0.j, 2.+0.j])", "np.sort_complex([1 + 2j, 1 - 1j])  # array([1.-1.j, 1.+2.j])"]),
    entry!(npu = crate::coverage::how::SORT, runs = Dispatch, Method, NdArray, "ndarray", "sort", "(self, /, axis=-1, kind=None, order=None, *, stable=None)", sort_method,
        "Sorts the array in place along an axis (see np.sort).",
        ["a = np.array([3, 1, 2]); a.sort(); a  # array([1, 2, 3])"]),
    entry!(npu = crate::coverage::how::SORT, runs = Dispatch, Method, NdArray, "ndarray", "argsort", "(self, /, axis=-1, kind=None, order=None, *, stable=None)", argsort,
        "The indices that sort the array (see np.argsort).", ["np.array([3, 1, 2]).argsort()  # array([1, 2, 0])"]),
    entry!(npu = crate::coverage::how::PARTITION, runs = Dispatch, Method, NdArray, "ndarray", "partition", "(self, /, kth, axis=-1, kind='introselect', order=None)", partition_method,
        "Partitions the array in place around the kth element (see np.partition).",
        ["a = np.array([3, 1, 2]); a.partition(1); a[1]  # np.int64(2)"]),
    entry!(npu = crate::coverage::how::PARTITION, runs = Dispatch, Method, NdArray, "ndarray", "argpartition", "(self, /, kth, axis=-1, kind='introselect', order=None)", argpartition,
        "The indices that partition the array (see np.argpartition).", ["np.array([3, 1, 2]).argpartition(0)[0]  # np.int64(1)"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "unique", "(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True, sorted=True)", unique,
        "The sorted distinct elements (rows along axis), optionally with first indices, the inverse map and counts.",
        ["np.unique([3, 1, 3, 2])  # array([1, 2, 3])", "np.unique([1, 2], axis=1)  # AxisError: axis 1 is out of bounds for array of dimension 1", "np.unique([1, 1, 2], return_counts=True)  # (array([1, 2]), array([2, 1]))", "np.unique([[1, 1], [1, 1], [0, 2]], axis=0)  # array([[0, 2],\n       [1, 1]])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "unique_values", "(x)", unique_values,
        "The distinct elements (xpush: sorted; NumPy leaves the order unspecified).", ["np.unique_values([2, 1, 2])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "unique_counts", "(x)", unique_counts,
        "UniqueCountsResult(values, counts), a namedtuple, of the distinct elements.",
        ["np.unique_counts([2, 1, 2]).counts  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "unique_inverse", "(x)", unique_inverse,
        "UniqueInverseResult(values, inverse_indices), a namedtuple: the distinct elements and where each input element went (input's shape).",
        ["np.unique_inverse([2, 1, 2]).inverse_indices  # array([1, 0, 1])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "unique_all", "(x)", unique_all,
        "UniqueAllResult(values, indices, inverse_indices, counts), a namedtuple.",
        ["np.unique_all([2, 1, 2]).indices  # array([1, 0])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "isin", "(element, test_elements, assume_unique=False, invert=False, *, kind=None)", isin,
        "Whether each element occurs in test_elements (element's shape; NaN never matches).",
        ["np.isin([1, 2, 3], [3, 1])  # array([ True, False,  True])", "np.isin([1, 2], [1], invert=True)  # array([False,  True])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "intersect1d", "(ar1, ar2, assume_unique=False, return_indices=False)", intersect1d,
        "The sorted values in both arrays (with return_indices, also their first indices in each).",
        ["np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1])  # array([1, 3])", "np.intersect1d([1, 3], [3, 1], return_indices=True)  # (array([1, 3]), array([0, 1]), array([1, 0]))"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "union1d", "(ar1, ar2)", union1d,
        "The sorted distinct values in either array.", ["np.union1d([-1, 0, 1], [-2, 0, 2])  # array([-2, -1,  0,  1,  2])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "setdiff1d", "(ar1, ar2, assume_unique=False)", setdiff1d,
        "The sorted distinct values of ar1 that are not in ar2.", ["np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SETS, runs = Dispatch, Function, NumpyManip, "numpy", "setxor1d", "(ar1, ar2, assume_unique=False)", setxor1d,
        "The sorted values in exactly one of the arrays.", ["np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5])  # array([1, 4, 5, 7])"]),
];

/// An optional string argument (`None` is `None`).
pub fn str_opt(v: &Value, what: &str) -> Result<Option<String>> {
    match v {
        Value::None => Ok(None),
        Value::Str(s) => Ok(Some(s.to_string())),
        other => Err(Error::type_error(format!(
            "{what} must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

fn kind_arg(a: &Args, kind: usize, stable: usize) -> Result<SortKind> {
    if crate::ops::truthy(a.get(stable))? {
        return Ok(SortKind::Stable);
    }
    SortKind::parse(str_opt(a.get(kind), "sort kind")?.as_deref())
}

fn no_order(v: &Value) -> Result<()> {
    if v.is_none() {
        Ok(())
    } else {
        Err(Error::value_error(
            "Cannot specify order when the array has no fields.",
        ))
    }
}

fn axis_opt(v: &Value) -> Result<Option<isize>> {
    Ok(opt_int(v)?.map(|i| i as isize))
}

fn sort(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let kind = kind_arg(a, 2, 4)?;
    no_order(a.get(3))?;
    Ok(wrap(nsort::sort(&x, axis_opt(a.get(1))?, kind)?))
}

fn argsort(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    // NumPy's PyArray_CheckAxis sees a 0-d array as 1-d: `array([0])`.
    let x = if x.ndim() == 0 { x.reshape(&[1])? } else { x };
    let kind = kind_arg(a, 2, 4)?;
    no_order(a.get(3))?;
    Ok(wrap(nsort::argsort(&x, axis_opt(a.get(1))?, kind)?))
}

fn sort_method(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let kind = kind_arg(a, 2, 4)?;
    no_order(a.get(3))?;
    // In place, so never flattened: NumPy takes axis as an int.
    let Some(axis) = opt_int(a.get(1))? else {
        return Err(Error::type_error(
            "'NoneType' object cannot be interpreted as an integer",
        ));
    };
    nsort::sort_inplace(&x, axis as isize, kind)?;
    Ok(Value::None)
}

fn keys_of(v: &Value) -> Result<Vec<Array>> {
    if let Value::Array(x) = v {
        if x.ndim() == 0 {
            return Err(Error::type_error(
                "need sequence of keys with len > 0 in lexsort",
            ));
        }
        return (0..x.shape()[0])
            .map(|i| x.index_axis(0, i as isize))
            .collect();
    }
    crate::py::iter::to_vec(v)?.iter().map(as_array).collect()
}

fn lexsort(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let keys = keys_of(a.get(0))?;
    let axis = opt_int(a.get(1))?.unwrap_or(-1) as isize;
    Ok(wrap(nsort::lexsort(&keys, axis)?))
}

fn kth_arg(v: &Value) -> Result<Vec<i64>> {
    let bad = || Error::type_error("Partition index must be integer");
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Array(_) => {
            let k = as_array(v)?;
            if !(k.dtype().is_integer() || k.dtype().is_bool()) {
                return Err(bad());
            }
            Ok(k.to_elems()
                .into_iter()
                .map(|e| e.as_f64() as i64)
                .collect())
        }
        Value::Float(_) | Value::Complex(_) | Value::Str(_) | Value::None => Err(bad()),
        other => Ok(vec![opt_int(other)?.unwrap_or(0)]),
    }
}

fn partition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let kth = kth_arg(a.get(1))?;
    no_order(a.get(4))?;
    Ok(wrap(nsort::partition(&x, &kth, axis_opt(a.get(2))?)?))
}

fn partition_method(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let kth = kth_arg(a.get(1))?;
    no_order(a.get(4))?;
    // In place, so never flattened: NumPy takes axis as an int.
    let Some(axis) = opt_int(a.get(2))? else {
        return Err(Error::type_error(
            "'NoneType' object cannot be interpreted as an integer",
        ));
    };
    nsort::partition_inplace(&x, &kth, axis as isize)?;
    Ok(Value::None)
}

fn argpartition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let kth = kth_arg(a.get(1))?;
    no_order(a.get(4))?;
    Ok(wrap(nsort::argpartition(&x, &kth, axis_opt(a.get(2))?)?))
}

fn sort_complex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(nsort::sort_complex(&as_array(a.get(0))?)?))
}

// ------------------------------------------------------------------ sets

fn truth(v: &Value) -> Result<bool> {
    crate::ops::truthy(v)
}

fn unique(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axis = axis_opt(a.get(4))?;
    let equal_nan = truth(a.get(5))?;
    let flags = [truth(a.get(1))?, truth(a.get(2))?, truth(a.get(3))?];
    if !flags.iter().any(|&f| f) && axis.is_none() {
        return Ok(wrap(sets::unique_values(&x, equal_nan)?));
    }
    let u = sets::unique(&x, axis, equal_nan)?;
    if !flags.iter().any(|&f| f) {
        return Ok(wrap(u.values));
    }
    let mut out = vec![wrap(u.values)];
    for (flag, arr) in flags.iter().zip([u.index, u.inverse, u.counts]) {
        if *flag {
            out.push(wrap(arr));
        }
    }
    Ok(Value::tuple(out))
}

/// One of the namedtuples `np.unique_all` and its kin return
/// (`UniqueAllResult(values=..., ...)`).
fn named(type_name: &'static str, fields: Vec<(&'static str, Array)>) -> Result<Value> {
    let fields: Vec<(&'static str, Value)> =
        fields.into_iter().map(|(n, a)| (n, wrap(a))).collect();
    crate::collections::named_result("numpy.lib._arraysetops_impl", type_name, &fields)
}

fn unique_of(a: &Args) -> Result<Unique> {
    sets::unique(&as_array(a.get(0))?, None, false)
}

fn unique_values(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(sets::unique_values(&as_array(a.get(0))?, false)?))
}

fn unique_counts(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let u = unique_of(a)?;
    named(
        "UniqueCountsResult",
        vec![("values", u.values), ("counts", u.counts)],
    )
}

fn unique_inverse(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let u = unique_of(a)?;
    named(
        "UniqueInverseResult",
        vec![("values", u.values), ("inverse_indices", u.inverse)],
    )
}

fn unique_all(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let u = unique_of(a)?;
    named(
        "UniqueAllResult",
        vec![
            ("values", u.values),
            ("indices", u.index),
            ("inverse_indices", u.inverse),
            ("counts", u.counts),
        ],
    )
}

fn isin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let t = as_array(a.get(1))?;
    if let Some(k) = str_opt(a.get(4), "kind")? {
        if k != "sort" && k != "table" {
            return Err(Error::value_error(format!(
                "Invalid kind: '{k}'. Please use None, 'sort' or 'table'."
            )));
        }
    }
    Ok(wrap(sets::isin(&x, &t, truth(a.get(3))?)?))
}

fn flat(v: &Value) -> Result<Array> {
    as_array(v)?.reshape(&[-1])
}

fn intersect1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (flat(a.get(0))?, flat(a.get(1))?);
    let (v, i, j) = sets::intersect1d(&x, &y)?;
    if truth(a.get(3))? {
        return Ok(Value::tuple(vec![wrap(v), wrap(i), wrap(j)]));
    }
    Ok(wrap(v))
}

fn union1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(sets::union1d(&flat(a.get(0))?, &flat(a.get(1))?)?))
}

fn setdiff1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = sets::setdiff1d(&flat(a.get(0))?, &flat(a.get(1))?, truth(a.get(2))?)?;
    Ok(wrap(r))
}

fn setxor1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(sets::setxor1d(&flat(a.get(0))?, &flat(a.get(1))?)?))
}
