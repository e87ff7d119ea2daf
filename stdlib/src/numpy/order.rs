//! Memory order, the `order=` argument of NumPy's functions: what its
//! letters mean ('C' row-major, 'F' column-major, 'A' Fortran only for a
//! Fortran-contiguous array, 'K' as the array already lies in memory), and
//! the copies, reshapes and new arrays laid out by it. Every entry that
//! takes `order=` reads it here, so the letters and NumPy's errors are the
//! same everywhere.

use xpush_npu::ops as nops;
use xpush_npu::{Array, DType, Layout};

use crate::value::Value;
use crate::{Error, Result};

/// An `order=` letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major: the last axis varies fastest.
    C,
    /// Column-major: the first axis varies fastest.
    F,
    /// 'F' for a Fortran-contiguous array, 'C' otherwise.
    A,
    /// Keep the order the array already has in memory.
    K,
}

impl Order {
    /// Reads an `order=` argument (either case); `None` is `none`. NumPy's
    /// errors for a wrong letter or a non-str.
    pub fn arg(v: &Value, none: Order) -> Result<Order> {
        let s = match v {
            Value::None => return Ok(none),
            Value::Str(s) => s,
            other => {
                return Err(Error::type_error(format!(
                    "order must be str, not {}",
                    crate::ops::type_name(other)
                )))
            }
        };
        match &**s {
            "C" | "c" => Ok(Order::C),
            "F" | "f" => Ok(Order::F),
            "A" | "a" => Ok(Order::A),
            "K" | "k" => Ok(Order::K),
            _ => Err(Error::value_error(format!(
                "order must be one of 'C', 'F', 'A', or 'K' (got '{s}')"
            ))),
        }
    }

    /// Reads the `order=` of a function that makes a new array from a
    /// shape (`np.zeros`, `np.eye`, ...): 'C' or 'F' only.
    pub fn creation(v: &Value) -> Result<Order> {
        match Order::arg(v, Order::C)? {
            o @ (Order::C | Order::F) => Ok(o),
            _ => Err(Error::value_error("only 'C' or 'F' order is permitted")),
        }
    }

    /// Whether an array of layout `l` is read in Fortran order under this
    /// letter (for 'A' and 'K': whether it is Fortran-contiguous only).
    pub fn is_fortran_for(self, l: &Layout) -> bool {
        match self {
            Order::C => false,
            Order::F => true,
            Order::A | Order::K => fortran_only(l),
        }
    }
}

/// Whether `l` is Fortran-contiguous and not also C-contiguous.
pub fn fortran_only(l: &Layout) -> bool {
    l.is_f_contiguous() && !l.is_c_contiguous()
}

/// The axes of `l` from the slowest-varying in memory to the fastest (by
/// decreasing stride magnitude; a stable sort keeps C order among equal
/// ones): the permutation that makes `l` read in memory order.
pub fn memory_axes(l: &Layout) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..l.ndim()).collect();
    perm.sort_by_key(|&i| std::cmp::Reverse(l.strides[i].unsigned_abs()));
    perm
}

/// The axis order, slowest first, that a new array of `ndim` dimensions
/// is laid out in: `None` for C order.
pub type Axes = Option<Vec<usize>>;

/// The axis order of a new array of `ndim` dimensions made from a shape
/// under a creation function's `order=` ('C' or 'F', see
/// [`Order::creation`]).
pub fn creation_axes(v: &Value, ndim: usize) -> Result<Axes> {
    Ok(match Order::creation(v)? {
        Order::F => fortran_axes(ndim),
        _ => None,
    })
}

/// The axis order of Fortran order.
pub fn fortran_axes(ndim: usize) -> Axes {
    Some((0..ndim).rev().collect())
}

/// The axis order of a new array made "like" an array of layout `proto`
/// (`np.zeros_like(x, order=...)`): 'K' follows `proto`'s memory order
/// (when the new array has its number of dimensions), 'A' Fortran order
/// for a Fortran-contiguous `proto`.
pub fn like_axes(order: Order, proto: &Layout, ndim: usize) -> Axes {
    match order {
        Order::C => None,
        Order::F => fortran_axes(ndim),
        Order::A if fortran_only(proto) => fortran_axes(ndim),
        Order::A => None,
        Order::K if proto.ndim() == ndim => Some(memory_axes(proto)),
        Order::K => None,
    }
}

/// A new array of `shape` laid out in the axis order `axes`: `make`
/// builds the C-ordered array of the shape with its axes in that order,
/// which is returned seen through the inverse permutation (a view that
/// copies nothing, and owns its data as the array `make` built does).
pub fn new_in(
    shape: &[usize],
    axes: Axes,
    make: impl FnOnce(&[usize]) -> Result<Array>,
) -> Result<Array> {
    let Some(perm) = axes.filter(|p| p.iter().enumerate().any(|(i, &a)| i != a)) else {
        return make(shape);
    };
    let permuted: Vec<usize> = perm.iter().map(|&a| shape[a]).collect();
    make(&permuted)?.transpose(Some(&inverse(&perm)))
}

/// The permutation that undoes `perm` (as `transpose` axes).
fn inverse(perm: &[usize]) -> Vec<isize> {
    let mut inv = vec![0isize; perm.len()];
    for (i, &a) in perm.iter().enumerate() {
        inv[a] = i as isize;
    }
    inv
}

/// `x` cast to `dtype` (a copy even for its own dtype) laid out in
/// `order`: 'K' in `x`'s memory order, 'A' in Fortran order for a
/// Fortran-contiguous `x`. Other than C order, the result is the C-ordered
/// cast of `x` with its axes in that order, seen back through the inverse
/// permutation, so the layout is the same on every device (a device's own
/// copy is C-ordered).
pub fn cast(x: &Array, dtype: DType, order: Order) -> Result<Array> {
    let l = x.layout();
    let axes = match order {
        Order::C => None,
        Order::K => Some(memory_axes(l)),
        _ if order.is_fortran_for(l) => fortran_axes(l.ndim()),
        _ => None,
    };
    let c_cast = |v: &Array| -> Result<Array> {
        if dtype == v.dtype() {
            return c_copy(v);
        }
        let r = nops::cast(v, dtype)?;
        Ok(arranged(&r, Order::C)?.unwrap_or(r))
    };
    match axes.filter(|p| p.iter().enumerate().any(|(i, &a)| i != a)) {
        None => c_cast(x),
        Some(perm) => {
            let p: Vec<isize> = perm.iter().map(|&a| a as isize).collect();
            c_cast(&x.transpose(Some(&p))?)?.transpose(Some(&inverse(&perm)))
        }
    }
}

/// A copy of `x` laid out in `order` ('A': Fortran if `x` is
/// Fortran-contiguous only; 'K': as `x` is), as `ndarray.copy` and
/// `np.copy` make it.
pub fn copy(x: &Array, order: Order) -> Result<Array> {
    cast(x, x.dtype(), order)
}

/// A C-contiguous copy of `x`.
fn c_copy(x: &Array) -> Result<Array> {
    let dims: Vec<isize> = x.shape().iter().map(|&d| d as isize).collect();
    // A view whose flattening is not a view is already copied (in C
    // order) by the reshape; copy only what is still a view.
    let flat = x.reshape(&[-1])?;
    let flat = if flat.shares_storage(x) {
        nops::copy(&flat)?
    } else {
        flat
    };
    flat.reshape(&dims)
}

/// `x` laid out as `order` asks of a result that may be `x` itself
/// (`np.asarray(x, order=...)`, `astype(order=...)`): a copy when `x` is
/// not C- ('C') or Fortran-contiguous ('F'); `None` when `x` will do.
pub fn arranged(x: &Array, order: Order) -> Result<Option<Array>> {
    Ok(if needs_copy(x, order) {
        Some(c_or_f_copy(x, order)?)
    } else {
        None
    })
}

/// A C- or (for `Order::F`) Fortran-ordered copy of `x`.
fn c_or_f_copy(x: &Array, order: Order) -> Result<Array> {
    if order == Order::F {
        c_copy(&x.transpose(None)?)?.transpose(None)
    } else {
        c_copy(x)
    }
}

/// Whether `x` is not laid out as `order` asks ('C': C-contiguous, 'F':
/// Fortran-contiguous; 'A' and 'K' take any layout).
pub fn needs_copy(x: &Array, order: Order) -> bool {
    let l = x.layout();
    match order {
        Order::C => !l.is_c_contiguous(),
        Order::F => !l.is_f_contiguous(),
        Order::A | Order::K => false,
    }
}

/// `x`, an array just made from data that was not an array, laid out in
/// `order` with the strides NumPy gives a new array: in Fortran order even
/// when `x` is already both C- and Fortran-contiguous (a (1, n) row has
/// strides (8, 8), not (8n, 8)).
pub fn fresh(x: Array, order: Order) -> Result<Array> {
    if order != Order::F {
        return Ok(arranged(&x, order)?.unwrap_or(x));
    }
    // (Layout strides count elements.)
    let l = x.layout();
    let mut stride = 1isize;
    let mut exact = true;
    for (&n, &s) in l.shape.iter().zip(&l.strides) {
        exact &= s == stride;
        stride *= n.max(1) as isize;
    }
    if exact {
        Ok(x)
    } else {
        copy(&x, Order::F)
    }
}

/// `x` flattened to 1-d, read in `order` (a view when possible), as
/// `ravel` reads it; 'K' reads the axes in memory order, each in its own
/// direction.
pub fn ravel(x: &Array, order: Order) -> Result<Array> {
    let l = x.layout();
    match order {
        Order::K => {
            let perm: Vec<usize> = memory_axes(l)
                .into_iter()
                .filter(|&i| l.shape[i] != 1)
                .collect();
            let kept = Layout {
                shape: perm.iter().map(|&i| l.shape[i]).collect(),
                strides: perm.iter().map(|&i| l.strides[i]).collect(),
                offset: l.offset,
            };
            x.with_layout(kept).reshape(&[-1])
        }
        _ if order.is_fortran_for(l) => x.transpose(None)?.reshape(&[-1]),
        _ => x.reshape(&[-1]),
    }
}

/// `x` reshaped to `dims` (one may be -1), its elements read and placed in
/// `order` ('K' is NumPy's error): Fortran order is the C reshape of the
/// transpose to the reversed shape, seen transposed. A view when possible.
pub fn reshape(x: &Array, dims: &[isize], order: Order) -> Result<Array> {
    match order {
        Order::K => Err(Error::value_error(
            "order 'K' is not permitted for reshaping",
        )),
        _ if order.is_fortran_for(x.layout()) => {
            let reversed: Vec<isize> = dims.iter().rev().copied().collect();
            match x.transpose(None)?.reshape(&reversed) {
                Ok(r) => r.transpose(None),
                // The error names the shape as it was asked for.
                Err(e) => Err(x.reshape(dims).err().unwrap_or(e)),
            }
        }
        _ => x.reshape(dims),
    }
}
