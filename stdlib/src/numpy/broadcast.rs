//! `np.broadcast(*args)`: NumPy's broadcast object, an iterator over the
//! broadcast of its arguments that yields, at each position in C order, the
//! tuple of their elements there (`for u, v in np.broadcast(x, y)`), with
//! the broadcast's `shape`, `ndim` (and the old `nd`), `size`, `numiter`,
//! the position `index`, `iters` (a flat iterator per argument) and
//! `reset()`. The object is its own iterator, as NumPy's is: a `next()`
//! advances the one position every loop over it shares.

use std::cell::Cell;
use std::rc::Rc;

use super::compose::{item, np, shape_value};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::lazy::{IterObj, IterState};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The Python type name of the object (`type(b)` is `numpy.broadcast`).
pub const TYPE_NAME: &str = "numpy.broadcast";

/// NumPy's limit on the arguments (`NPY_MAXARGS`).
const MAX_ARGS: usize = 64;

/// `np.broadcast` and the attributes of what it makes.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, NumpyManip, "numpy", "broadcast", "(*args)", new,
        "An iterator over the broadcast of the arguments: each step is the tuple of their elements at one position, in C order; shape, ndim, size, numiter, index, iters and reset() as NumPy's.",
        ["np.broadcast(np.zeros((3, 1)), np.arange(4)).shape  # (3, 4)",
         "next(np.broadcast([1, 2], 5))  # (np.int64(1), np.int64(5))",
         "np.broadcast(np.zeros(2), np.zeros(3))  # ValueError: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with shape (3,)."]),
    entry!(Property, NumpyTypes, "broadcast", "shape", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| Ok(shape_value(&b.shape)))
        },
        "The shape of the broadcast.",
        ["np.broadcast(1, [1, 2]).shape  # (2,)"]),
    entry!(Property, NumpyTypes, "broadcast", "ndim", "(self, /)", ndim,
        "The number of dimensions of the broadcast.",
        ["np.broadcast(1, [[1, 2]]).ndim  # 2"]),
    entry!(Property, NumpyTypes, "broadcast", "nd", "(self, /)", ndim,
        "The number of dimensions of the broadcast (NumPy's old name of ndim).",
        ["np.broadcast(1, [[1, 2]]).nd  # 2"]),
    entry!(Property, NumpyTypes, "broadcast", "size", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| Ok(Value::Int(b.size() as i64)))
        },
        "The number of elements of the broadcast.",
        ["np.broadcast([[1], [2]], [1, 2, 3]).size  # 6"]),
    entry!(Property, NumpyTypes, "broadcast", "numiter", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| Ok(Value::Int(b.arrays.len() as i64)))
        },
        "The number of arrays broadcast.",
        ["np.broadcast(1, 2, 3).numiter  # 3"]),
    entry!(Property, NumpyTypes, "broadcast", "index", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| Ok(Value::Int(b.index.get() as i64)))
        },
        "The position of the next step, counted in C order from 0.",
        ["np.broadcast([1, 2]).index  # 0"]),
    entry!(Property, NumpyTypes, "broadcast", "iters", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| Ok(Value::tuple(b.arrays.iter().map(|x| super::flatiter::new(x.clone())).collect())))
        },
        "A flat iterator (np.flatiter) over each argument broadcast to the shape.",
        ["len(np.broadcast(1, [1, 2]).iters)  # 2"]),
    entry!(Method, NumpyTypes, "broadcast", "reset", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |b| {
                b.index.set(0);
                Ok(Value::None)
            })
        },
        "Go back to the first position.",
        ["np.broadcast([1, 2]).reset()  # None"]),
];

/// The state of one broadcast object.
pub struct Broadcast {
    /// Each argument as an array broadcast to `shape` (a view).
    arrays: Vec<Value>,
    /// The broadcast shape.
    shape: Vec<usize>,
    /// The position of the next step, in C order.
    index: Cell<usize>,
}

impl Broadcast {
    fn size(&self) -> usize {
        self.shape.iter().product()
    }

    /// The tuple of elements at the next position, or `None` past the end.
    pub fn step(&self) -> Result<Option<Value>> {
        let i = self.index.get();
        if i >= self.size() {
            return Ok(None);
        }
        self.index.set(i + 1);
        let position = Value::tuple(unravel(i, &self.shape).map(Value::Int).collect());
        let items = self
            .arrays
            .iter()
            .map(|a| item(a, position.clone()))
            .collect::<Result<Vec<_>>>()?;
        Ok(Some(Value::tuple(items)))
    }
}

/// The coordinates of flat position `i` in `shape`, in C order.
fn unravel(mut i: usize, shape: &[usize]) -> impl Iterator<Item = i64> {
    let mut coords = vec![0i64; shape.len()];
    for (c, &n) in coords.iter_mut().zip(shape).rev() {
        *c = (i % n) as i64;
        i /= n;
    }
    coords.into_iter()
}

fn new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let args = std::mem::take(&mut a.rest);
    if args.len() > MAX_ARGS {
        return Err(Error::value_error(format!(
            "Need at least 0 and at most {MAX_ARGS} array objects."
        )));
    }
    let (arrays, shape) = if args.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let arrays = crate::py::iter::to_vec(&np(host, "broadcast_arrays", args)?)?;
        let shape = match arrays.first() {
            Some(first) => as_array(first)?.shape().to_vec(),
            None => Vec::new(),
        };
        (arrays, shape)
    };
    let state = Broadcast {
        arrays,
        shape,
        index: Cell::new(0),
    };
    Ok(IterObj::value(
        TYPE_NAME,
        IterState::Broadcast(Rc::new(state)),
    ))
}

fn ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    with(a, |b| Ok(Value::Int(b.shape.len() as i64)))
}

/// Runs `f` on the broadcast object that is `a`'s receiver.
fn with(a: &Args, f: impl FnOnce(&Broadcast) -> Result<Value>) -> Result<Value> {
    match a.get(0) {
        Value::Iter(it) => match it.broadcast() {
            Some(b) => f(&b),
            None => Err(Error::type_error(
                "descriptor requires a 'numpy.broadcast' object",
            )),
        },
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.broadcast' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}
