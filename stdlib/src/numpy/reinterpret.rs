//! Reading an array's bytes as another dtype: `ndarray.view`,
//! `ndarray.getfield` and `ndarray.setfield`.
//!
//! xpush's storage is typed (each buffer holds elements of one type), so
//! a view with another dtype of the same bytes is a reinterpreting copy:
//! its values, shape and errors are NumPy's, but writes to it do not reach
//! the original as they do in NumPy. `a.view()` with the array's own dtype
//! is a real view, and `setfield` writes into the array itself.

use xpush_npu::io::npy;
use xpush_npu::ops::{self as nops, Operand};
use xpush_npu::{Array, DType, ToDevice};

use super::conv::{as_array, dtype_arg, wrap, wrap_result};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The entries (`ndarray` methods).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "view", "(self, /, dtype=None, type=None)", view,
        "The array's bytes seen as another dtype (the last axis rescaled when the item size differs), or a new view of the array with no dtype (xpush: with another dtype a reinterpreting copy, whose writes do not reach the array).",
        ["np.array([1.0], dtype=np.float32).view(np.int32)  # array([1065353216], dtype=int32)",
         "np.array([1, 2], dtype=np.int16).view(np.int8)  # array([1, 0, 2, 0], dtype=int8)",
         "np.zeros(3, dtype=np.int16).view(np.int32)  # ValueError: When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array."]),
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "getfield", "(self, /, dtype, offset=0)", getfield,
        "Each element's bytes from offset on, read as a (no larger) dtype: an array of the same shape.",
        ["np.array([1.0]).getfield(np.float32, 4)  # array([1.875], dtype=float32)",
         "np.zeros(2, dtype=np.int16).getfield(np.int32)  # ValueError: new type is larger than original type"]),
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "setfield", "(self, /, val, dtype, offset=0)", setfield,
        "Writes val, cast to dtype, into each element's bytes from offset on (in place).",
        ["a = np.zeros(2, dtype=np.int32); a.setfield(1, np.int16, 2); a  # array([65536, 65536], dtype=int32)"]),
];

fn view(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let dtype = match a.get(1) {
        v if v.is_none() || is_ndarray_type(v) => None,
        v => Some(dtype_arg(v)?.unwrap_or(x.dtype())),
    };
    if !(a.get(2).is_none() || is_ndarray_type(a.get(2))) {
        return Err(Error::type_error(
            "Cannot specify output type that is not a subclass of numpy.ndarray (xpush has no ndarray subclasses).",
        ));
    }
    let r = match dtype {
        Some(d) if d != x.dtype() => reinterpret(&x, d)?,
        _ => x.with_layout(x.layout().clone()),
    };
    if matches!(a.get(0), Value::Scalar(_)) {
        wrap_result(r)
    } else {
        Ok(wrap(r))
    }
}

/// Whether `v` is the `np.ndarray` type (`a.view(np.ndarray)`).
fn is_ndarray_type(v: &Value) -> bool {
    matches!(v, Value::Builtin(id) if Some(*id) == crate::table::lookup("numpy", "ndarray"))
}

/// `x`'s bytes read as `d`, with NumPy's rules for a different item size:
/// the last axis must be contiguous and its bytes a whole number of the
/// new items.
fn reinterpret(x: &Array, d: DType) -> Result<Array> {
    let (old, new) = (x.dtype().itemsize(), d.itemsize());
    let mut shape: Vec<isize> = x.shape().iter().map(|&n| n as isize).collect();
    if old != new {
        let Some(last) = x.ndim().checked_sub(1) else {
            return Err(Error::value_error(
                "Changing the dtype of a 0d array is only supported if the itemsize is unchanged",
            ));
        };
        let l = x.layout();
        // (Layout strides count elements.)
        if l.shape[last] != 1 && l.strides[last] != 1 {
            return Err(Error::value_error(
                "To change to a dtype of a different size, the last axis must be contiguous",
            ));
        }
        let bytes = l.shape[last] * old;
        if new < old && !old.is_multiple_of(new) {
            return Err(Error::value_error(
                "When changing to a smaller dtype, its size must be a divisor of the size of original dtype",
            ));
        }
        if new > old && !bytes.is_multiple_of(new) {
            return Err(Error::value_error(
                "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.",
            ));
        }
        shape[last] = (bytes / new) as isize;
    }
    let r = npy::from_bytes(&npy::to_bytes(x)?, d)?.reshape(&shape)?;
    r.to_device(x.device())
}

/// Checks a field of `dtype` at byte `offset` within `x`'s items, as
/// NumPy words its errors; the field's item size.
fn field(x: &Array, dtype: &Value, offset: &Value) -> Result<(DType, usize, usize)> {
    let d = dtype_arg(dtype)?.unwrap_or(DType::Float64);
    let offset = crate::py::num::index_i64(offset)?;
    if offset < 0 {
        return Err(Error::value_error("offset is negative"));
    }
    let (old, new) = (x.dtype().itemsize(), d.itemsize());
    if new > old {
        return Err(Error::value_error("new type is larger than original type"));
    }
    if offset as usize + new > old {
        return Err(Error::value_error(
            "new type plus offset is larger than original type",
        ));
    }
    Ok((d, offset as usize, new))
}

fn getfield(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let (d, offset, size) = field(&x, a.get(1), a.get(2))?;
    let item = x.dtype().itemsize();
    let bytes: Vec<u8> = npy::to_bytes(&x)?
        .chunks_exact(item)
        .flat_map(|e| &e[offset..offset + size])
        .copied()
        .collect();
    let shape: Vec<isize> = x.shape().iter().map(|&n| n as isize).collect();
    let r = npy::from_bytes(&bytes, d)?.reshape(&shape)?;
    Ok(wrap(r.to_device(x.device())?))
}

fn setfield(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Array(x) = a.get(0) else {
        return Err(Error::type_error("setfield() needs an array"));
    };
    x.check_writeable("assignment destination")?;
    let (d, offset, size) = field(x, a.get(2), a.get(3))?;
    let val = nops::cast(&as_array(a.get(1))?, d)?.broadcast_to(x.shape())?;
    let item = x.dtype().itemsize();
    let mut bytes = npy::to_bytes(x)?;
    let fields = npy::to_bytes(&val)?;
    for (e, f) in bytes.chunks_exact_mut(item).zip(fields.chunks_exact(size)) {
        e[offset..offset + size].copy_from_slice(f);
    }
    let shape: Vec<isize> = x.shape().iter().map(|&n| n as isize).collect();
    let new = npy::from_bytes(&bytes, x.dtype())?
        .reshape(&shape)?
        .to_device(x.device())?;
    nops::set_index(x, &[nops::Index::Ellipsis], Operand::Array(&new))?;
    Ok(Value::None)
}
