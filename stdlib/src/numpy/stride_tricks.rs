//! `numpy.lib.stride_tricks`: views with strides chosen by the caller.
//! `sliding_window_view` repeats an axis's stride for the window; and
//! `as_strided` takes any shape and byte strides, refused (a ValueError)
//! where the view would reach outside the array's memory, which NumPy
//! would read from whatever lies there.

use xpush_npu::layout::normalize_axis;
use xpush_npu::{Array, Layout};

use super::conv::{as_array, shape_arg, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The entries (`numpy.lib.stride_tricks`).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy.lib.stride_tricks", "sliding_window_view", "(x, window_shape, axis=None, *, subok=False, writeable=False)", sliding_window_view,
        "Every window of window_shape over the array (along axis, or all axes), as a view whose last dimensions are the window (read-only unless writeable=True).",
        ["np.lib.stride_tricks.sliding_window_view(np.arange(5), 3)  # array([[0, 1, 2],\n       [1, 2, 3],\n       [2, 3, 4]])",
         "np.lib.stride_tricks.sliding_window_view(np.arange(5), 6)  # ValueError: window shape cannot be larger than input array shape"]),
    entry!(Function, NumpyManip, "numpy.lib.stride_tricks", "as_strided", "(x, shape=None, strides=None, subok=False, writeable=True)", as_strided,
        "A view of the array's memory with the given shape and byte strides (C-contiguous strides for a new shape by default); xpush refuses a view reaching outside that memory.",
        ["np.lib.stride_tricks.as_strided(np.arange(6), shape=(3,), strides=(16,))  # array([0, 2, 4])",
         "np.lib.stride_tricks.as_strided(np.arange(3), shape=(2, 2), strides=(8, 8))  # array([[0, 1],\n       [1, 2]])"]),
];

/// A tuple of ints, or one int as a 1-tuple.
fn ints(v: &Value) -> Result<Vec<i64>> {
    match v {
        Value::Tuple(_) | Value::List(_) => crate::py::iter::to_vec(v)?
            .iter()
            .map(crate::py::num::index_i64)
            .collect(),
        one => Ok(vec![crate::py::num::index_i64(one)?]),
    }
}

fn sliding_window_view(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let window = ints(a.get(1))?;
    if window.iter().any(|&w| w < 0) {
        return Err(Error::value_error(
            "`window_shape` cannot contain negative values",
        ));
    }
    let nd = x.ndim();
    let axes: Vec<usize> = match a.get(2) {
        Value::None => {
            if window.len() != nd {
                return Err(Error::value_error(format!(
                    "Since axis is `None`, must provide window_shape for all dimensions of `x`; got {} window_shape elements and `x.ndim` is {nd}.",
                    window.len()
                )));
            }
            (0..nd).collect()
        }
        v => {
            let axes = ints(v)?
                .into_iter()
                .map(|ax| normalize_axis(ax as isize, nd))
                .collect::<Result<Vec<_>>>()?;
            if axes.len() != window.len() {
                return Err(Error::value_error(format!(
                    "Must provide matching length window_shape and axis; got {} window_shape elements and {} axes elements.",
                    window.len(),
                    axes.len()
                )));
            }
            axes
        }
    };
    let l = x.layout();
    let mut shape = l.shape.clone();
    let mut strides = l.strides.clone();
    for (&ax, &w) in axes.iter().zip(&window) {
        let w = w as usize;
        if shape[ax] < w {
            return Err(Error::value_error(
                "window shape cannot be larger than input array shape",
            ));
        }
        shape[ax] = shape[ax] + 1 - w;
    }
    for (&ax, &w) in axes.iter().zip(&window) {
        shape.push(w as usize);
        strides.push(l.strides[ax]);
    }
    strided_view(&x, shape, strides, a.get(4))
}

/// The view of `x`'s memory (from its offset) with `shape` and element
/// `strides`, read-only unless `writeable` is true.
fn strided_view(
    x: &Array,
    shape: Vec<usize>,
    strides: Vec<isize>,
    writeable: &Value,
) -> Result<Value> {
    let view = x.with_layout(Layout {
        shape,
        strides,
        offset: x.layout().offset,
    });
    Ok(wrap(if crate::ops::truthy(writeable)? {
        view
    } else {
        view.into_read_only()
    }))
}

fn as_strided(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let l = x.layout();
    let item = x.dtype().itemsize() as isize;
    let shape = match a.get(1) {
        Value::None => l.shape.clone(),
        v => shape_arg(v)?,
    };
    let strides: Vec<isize> = match (a.get(2), a.get(1)) {
        (Value::None, Value::None) => l.strides.clone(),
        (Value::None, _) => Layout::contiguous(&shape).strides,
        (v, _) => {
            let bytes = ints(v)?;
            if bytes.len() != shape.len() {
                return Err(Error::value_error(
                    "mismatch in length of strides and shape",
                ));
            }
            bytes
                .iter()
                .map(|&b| {
                    if b % item as i64 != 0 {
                        return Err(Error::value_error(format!(
                            "xpush views elements only: stride {b} is not a multiple of the item size {item}"
                        )));
                    }
                    Ok((b / item as i64) as isize)
                })
                .collect::<Result<_>>()?
        }
    };
    // The lowest and highest element the view reaches must lie in the
    // array's memory.
    let (mut lo, mut hi) = (l.offset as isize, l.offset as isize);
    if shape.iter().all(|&n| n > 0) {
        for (&n, &s) in shape.iter().zip(&strides) {
            let reach = (n as isize - 1) * s;
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        if lo < 0 || hi >= x.buffer_elems() as isize {
            return Err(Error::value_error(
                "as_strided: the view would reach outside the array's memory (NumPy would read whatever lies there; xpush refuses)",
            ));
        }
    }
    strided_view(&x, shape, strides, a.get(4))
}
