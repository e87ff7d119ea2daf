//! `np.nditer`: NumPy's multi-dimensional iterator over one or several
//! broadcast operands. Each step gives, per operand, a 0-d array (or, with
//! `external_loop`, a 1-d chunk) at the current position: a view for the
//! operands flagged `readwrite`/`writeonly` (so `x[...] = v` writes into
//! the operand), a read-only view for the others (writing raises NumPy's
//! "assignment destination is read-only").
//!
//! The order is NumPy's: `order='K'` (the default) walks memory order,
//! axes sorted by their strides as NumPy's `npyiter_find_best_axis_ordering`
//! sorts them and axes with only negative strides flipped; `'C'` and `'F'`
//! walk the index order. Without `multi_index` (or an index flag) the
//! axes that are contiguous in every operand are coalesced, which decides
//! `shape` and the chunks of `external_loop`. The object follows the
//! iterator protocol and NumPy's own (`finished`, `iternext()`, `value`,
//! `it[i]`, `multi_index`, `index`, `operands`, `reset()`) and is a
//! context manager. `None` operands flagged `allocate` are made with the
//! broadcast shape (`it.operands[i]` after the loop).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use xpush_npu::{Array, DType, Layout};

use super::compose::shape_value;
use super::conv::{as_array, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::lazy::{IterObj, IterState};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The Python type name of the object (`type(it)` is `numpy.nditer`).
pub const TYPE_NAME: &str = "numpy.nditer";

/// `np.nditer` and the attributes of what it makes.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy", "nested_iters", "(op, axes, flags=None, op_flags=None, op_dtypes=None, order='K', casting='safe', buffersize=0)", nested_iters,
        "nditers nested by groups of axes: the first walks its axes, each next one the axes of its group at the position of the ones outside it (it restarts whenever they move).",
        ["np.nested_iters(np.zeros((2, 3, 4)), [[0], [1, 2]])[1].shape  # (12,)"]),
    entry!(Type, NumpyManip, "numpy", "nditer", "(op, flags=None, op_flags=None, op_dtypes=None, order='K', casting='safe', op_axes=None, itershape=None, buffersize=0)", new,
        "An iterator over one or several broadcast operands in memory order (order='K'; 'C' or 'F' for index order): 0-d arrays per step, views where op_flags says readwrite/writeonly; flags multi_index, c_index, f_index, external_loop; None operands with 'allocate' are made.",
        ["list(np.nditer(np.arange(4).reshape(2, 2).T))  # [array(0), array(1), array(2), array(3)]",
         "list(np.nditer(np.arange(4).reshape(2, 2).T, order='C'))  # [array(0), array(2), array(1), array(3)]",
         "next(np.nditer([np.arange(3), 10]))  # (array(0), array(10))"]),
    entry!(Property, NumpyTypes, "nditer", "finished", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::Bool(it.finished())))
        },
        "Whether the iteration is past the last position.",
        ["np.nditer(np.arange(2)).finished  # False"]),
    entry!(Method, NumpyTypes, "nditer", "iternext", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| {
                it.advance();
                Ok(Value::Bool(!it.finished()))
            })
        },
        "Move to the next position; whether there is one.",
        ["np.nditer(np.arange(2)).iternext()  # True"]),
    entry!(Property, NumpyTypes, "nditer", "value", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| it.value())
        },
        "The operands' values at the current position (a tuple for several operands).",
        ["np.nditer(np.arange(3)).value  # array(0)"]),
    entry!(Method, NumpyTypes, "nditer", "__getitem__", "(self, i, /)", |_: &mut dyn Host, a: &mut Args| {
            let i = crate::py::num::index_i64(a.get(1))?;
            with(a, |it| it.operand_value(i))
        },
        "Operand i's value at the current position.",
        ["np.nditer([np.arange(3), 7])[1]  # array(7)"]),
    entry!(Property, NumpyTypes, "nditer", "multi_index", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| it.multi_index())
        },
        "The current position as an index of the operands (flags=['multi_index']).",
        ["np.nditer(np.zeros((2, 2)), flags=['multi_index']).multi_index  # (0, 0)"]),
    entry!(Property, NumpyTypes, "nditer", "index", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| it.flat_index())
        },
        "The current position as a flat C-order (flags=['c_index']) or Fortran-order (flags=['f_index']) index.",
        ["np.nditer(np.zeros(3), flags=['c_index']).index  # 0"]),
    entry!(Property, NumpyTypes, "nditer", "operands", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::tuple(it.operands.iter().map(|x| wrap(x.clone())).collect())))
        },
        "The operands as arrays (an allocated one included).",
        ["np.nditer([np.arange(2), None]).operands[1].shape  # (2,)"]),
    entry!(Property, NumpyTypes, "nditer", "shape", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(shape_value(&it.shape_attr())))
        },
        "The iterator's shape: the broadcast shape with multi_index, else its coalesced axes innermost first.",
        ["np.nditer(np.zeros((2, 3))).shape  # (6,)"]),
    entry!(Property, NumpyTypes, "nditer", "ndim", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::Int(it.shape_attr().len() as i64)))
        },
        "The number of the iterator's axes (see shape).",
        ["np.nditer(np.zeros((2, 3)), flags=['multi_index']).ndim  # 2"]),
    entry!(Property, NumpyTypes, "nditer", "nop", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::Int(it.operands.len() as i64)))
        },
        "The number of operands.",
        ["np.nditer([1, 2]).nop  # 2"]),
    entry!(Property, NumpyTypes, "nditer", "itersize", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::Int(it.size as i64)))
        },
        "The number of positions.",
        ["np.nditer(np.zeros((2, 3))).itersize  # 6"]),
    entry!(Property, NumpyTypes, "nditer", "dtypes", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| Ok(Value::tuple(it.views.iter().map(|x| Value::DType(x.dtype())).collect())))
        },
        "The dtypes the operands are iterated in (op_dtypes where given).",
        ["np.nditer(np.zeros(2, dtype=np.int8)).dtypes  # (dtype('int8'),)"]),
    entry!(Method, NumpyTypes, "nditer", "reset", "(self, /)", |_: &mut dyn Host, a: &mut Args| {
            with(a, |it| {
                it.pos.set(0);
                it.started.set(false);
                it.sync_inner();
                Ok(Value::None)
            })
        },
        "Go back to the first position.",
        ["np.nditer(np.arange(2)).reset()  # None"]),
    entry!(Method, NumpyTypes, "nditer", "close", "(self, /)", |_: &mut dyn Host, _: &mut Args| Ok(Value::None),
        "End the iteration (writes through views need no copying back in xpush).",
        ["np.nditer(np.arange(2)).close()  # None"]),
    entry!(Method, NumpyTypes, "nditer", "__enter__", "(self, /)", |_: &mut dyn Host, a: &mut Args| Ok(a.get(0).clone()),
        "The iterator itself (`with np.nditer(...) as it:`).",
        ["type(np.nditer(np.arange(2)).__enter__()).__name__  # 'nditer'"]),
    entry!(Method, NumpyTypes, "nditer", "__exit__", "(self, *args)", |_: &mut dyn Host, _: &mut Args| Ok(Value::None),
        "Leaves the with block (closes the iterator).",
        ["np.nditer(np.arange(2)).__exit__(None, None, None)  # None"]),
];

/// One operand's flags.
#[derive(Clone, Copy, Debug, Default)]
struct OpFlags {
    write: bool,
    allocate: bool,
    copy: bool,
}

/// The state of one `np.nditer`.
pub struct NdIter {
    /// The operands, broadcast-free (what `it.operands` shows).
    operands: Vec<Array>,
    /// Each operand broadcast to the iteration shape (views), in the dtype
    /// it is iterated in.
    views: Vec<Array>,
    /// Which operands give views (written through) rather than copies.
    writable: Vec<bool>,
    /// The broadcast shape, in the operands' own axis order.
    shape: Vec<usize>,
    /// The axes from outermost to innermost, each with whether it is
    /// walked backwards (order 'K' flips axes whose strides are negative).
    order: Vec<(usize, bool)>,
    /// The coalesced axis sizes, innermost first (`shape` without
    /// `multi_index`; the innermost one is `external_loop`'s chunk).
    coalesced: Vec<usize>,
    size: usize,
    multi_index: bool,
    c_index: bool,
    f_index: bool,
    external_loop: bool,
    /// The flat position in iteration order.
    pos: Cell<usize>,
    /// Whether `next()` has returned the current position already.
    started: Cell<bool>,
    /// For an iterator of `np.nested_iters` inside another: the element
    /// offset of each operand at the outer iterators' position.
    base: RefCell<Vec<isize>>,
    /// The next iterator inward of `np.nested_iters`, moved to this one's
    /// position (and reset) whenever this one moves.
    inner: Option<Rc<NdIter>>,
}

impl NdIter {
    fn finished(&self) -> bool {
        self.pos.get() >= self.size
    }

    /// How many positions one step covers.
    fn step_len(&self) -> usize {
        if self.external_loop {
            self.coalesced.first().copied().unwrap_or(1).max(1)
        } else {
            1
        }
    }

    fn advance(&self) {
        self.started.set(true);
        if !self.finished() {
            self.pos.set(self.pos.get() + self.step_len());
            self.sync_inner();
        }
    }

    /// `np.nested_iters`: the inner iterator restarted at this one's
    /// position (its operands' offsets moved there), and so on inward.
    fn sync_inner(&self) {
        let Some(inner) = &self.inner else {
            return;
        };
        let Ok(coords) = self.coords() else {
            return;
        };
        {
            let base = self.base.borrow();
            let mut next = inner.base.borrow_mut();
            for (k, v) in self.views.iter().enumerate() {
                let mut off = base.get(k).copied().unwrap_or(0);
                for (c, s) in coords.iter().zip(&v.layout().strides) {
                    off += *c as isize * s;
                }
                if let Some(slot) = next.get_mut(k) {
                    *slot = off;
                }
            }
        }
        inner.pos.set(0);
        inner.started.set(false);
        inner.sync_inner();
    }

    /// The iterator protocol: the current position's values, then the next.
    pub fn step(&self) -> Result<Option<Value>> {
        if self.started.get() {
            self.advance();
        }
        self.started.set(true);
        if self.finished() {
            return Ok(None);
        }
        self.value().map(Some)
    }

    fn past_end() -> Error {
        Error::value_error("Iterator is past the end")
    }

    /// The coordinates of the current position in the operands' axes.
    fn coords(&self) -> Result<Vec<usize>> {
        if self.finished() {
            return Err(Self::past_end());
        }
        let mut coords = vec![0usize; self.shape.len()];
        let mut rest = self.pos.get();
        for &(ax, flip) in self.order.iter().rev() {
            let n = self.shape[ax];
            let c = rest % n;
            rest /= n;
            coords[ax] = if flip { n - 1 - c } else { c };
        }
        Ok(coords)
    }

    fn value(&self) -> Result<Value> {
        let items = (0..self.views.len())
            .map(|k| self.item(k))
            .collect::<Result<Vec<_>>>()?;
        Ok(if items.len() == 1 {
            items.into_iter().next().unwrap_or(Value::None)
        } else {
            Value::tuple(items)
        })
    }

    /// `it[i]`: operand `i`'s value at the current position.
    pub fn operand_value(&self, i: i64) -> Result<Value> {
        let n = self.views.len() as i64;
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(Error::index_error("Iterator operand index out of bounds"));
        }
        self.item(k as usize)
    }

    /// Operand `k` at the current position: a 0-d array, or the 1-d chunk
    /// of `external_loop`; a view, read-only unless the operand was
    /// flagged writable.
    fn item(&self, k: usize) -> Result<Value> {
        let coords = self.coords()?;
        let v = &self.views[k];
        let l = v.layout();
        let mut offset = l.offset as isize + self.base.borrow().get(k).copied().unwrap_or(0);
        for (c, s) in coords.iter().zip(&l.strides) {
            offset += *c as isize * s;
        }
        let layout = if self.external_loop {
            let (ax, flip) = self.order.last().copied().unwrap_or((0, false));
            let len = self.step_len().min(self.size - self.pos.get());
            // The chunk runs along the innermost axis and the coalesced
            // ones outside it, whose strides continue it.
            let stride = if self.shape.is_empty() {
                0
            } else if flip {
                -l.strides[ax]
            } else {
                l.strides[ax]
            };
            Layout {
                shape: vec![len],
                strides: vec![stride],
                offset: offset as usize,
            }
        } else {
            Layout {
                shape: vec![],
                strides: vec![],
                offset: offset as usize,
            }
        };
        let view = v.with_layout(layout);
        Ok(wrap(if self.writable[k] {
            view
        } else {
            view.into_read_only()
        }))
    }

    fn multi_index(&self) -> Result<Value> {
        if !self.multi_index {
            return Err(Error::value_error("Iterator is not tracking a multi-index"));
        }
        let coords = self.coords()?;
        Ok(Value::tuple(
            coords.into_iter().map(|c| Value::Int(c as i64)).collect(),
        ))
    }

    fn flat_index(&self) -> Result<Value> {
        if !self.c_index && !self.f_index {
            return Err(Error::value_error("Iterator does not have an index"));
        }
        let coords = self.coords()?;
        let mut axes: Vec<usize> = (0..self.shape.len()).collect();
        if self.f_index {
            axes.reverse();
        }
        let mut flat = 0usize;
        for ax in axes {
            flat = flat * self.shape[ax] + coords[ax];
        }
        Ok(Value::Int(flat as i64))
    }

    fn shape_attr(&self) -> Vec<usize> {
        if self.multi_index || self.c_index || self.f_index || self.shape.is_empty() {
            self.shape.clone()
        } else {
            self.coalesced.clone()
        }
    }
}

/// The iteration order: the axes outermost first, with their flips.
/// `strides[k][ax]` are operand `k`'s strides (0 where broadcast).
fn axis_order(order: char, shape: &[usize], strides: &[Vec<isize>]) -> Vec<(usize, bool)> {
    let n = shape.len();
    match order {
        'C' => return (0..n).map(|a| (a, false)).collect(),
        'F' => return (0..n).rev().map(|a| (a, false)).collect(),
        _ => {}
    }
    // NumPy flips an axis every operand walks backwards (or not at all).
    let flip: Vec<bool> = (0..n)
        .map(|ax| strides.iter().all(|s| s[ax] <= 0) && strides.iter().any(|s| s[ax] < 0))
        .collect();
    // npyiter_find_best_axis_ordering: an insertion sort of the axes,
    // innermost first, by the operands' absolute strides; a pair with a
    // zero stride in an operand is decided by the others, a pair no
    // operand decides keeps its C order.
    let mut perm: Vec<usize> = (0..n).rev().collect();
    for i0 in 1..n {
        let ax0 = perm[i0];
        let mut ipos = i0;
        for i1 in (0..i0).rev() {
            let ax1 = perm[i1];
            let mut ambiguous = true;
            let mut swap = false;
            for s in strides {
                let (s0, s1) = (s[ax0], s[ax1]);
                if s0 != 0 && s1 != 0 {
                    if s1.abs() <= s0.abs() {
                        swap = false;
                    } else if ambiguous {
                        swap = true;
                    }
                    ambiguous = false;
                }
            }
            if ambiguous {
                continue;
            }
            if swap {
                ipos = i1;
            } else {
                break;
            }
        }
        if ipos != i0 {
            let ax = perm.remove(i0);
            perm.insert(ipos, ax);
        }
    }
    perm.into_iter().rev().map(|ax| (ax, flip[ax])).collect()
}

/// The sizes of the axes walked innermost first, adjacent ones merged
/// where every operand's strides continue across them.
fn coalesce(order: &[(usize, bool)], shape: &[usize], strides: &[Vec<isize>]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    // (size, stride per operand) of the innermost merged axis so far.
    let mut cur: Option<(usize, Vec<isize>)> = None;
    for &(ax, flip) in order.iter().rev() {
        let n = shape[ax];
        let st: Vec<isize> = strides
            .iter()
            .map(|s| if flip { -s[ax] } else { s[ax] })
            .collect();
        cur = Some(match cur.take() {
            None => (n, st),
            Some((m, inner)) => {
                let merges =
                    m == 1 || n == 1 || inner.iter().zip(&st).all(|(&i, &o)| i * m as isize == o);
                if merges {
                    let stride = if m == 1 { st } else { inner };
                    (m * n, stride)
                } else {
                    out.push(m);
                    (n, st)
                }
            }
        });
    }
    match cur {
        Some((m, _)) => out.push(m),
        None => out.push(1),
    }
    out
}

fn casting_name(c: xpush_npu::promote::Casting) -> &'static str {
    use xpush_npu::promote::Casting as C;
    match c {
        C::No => "no",
        C::Equiv => "equiv",
        C::Safe => "safe",
        C::SameKind => "same_kind",
        C::Unsafe => "unsafe",
    }
}

fn parse_op_flags(names: &[String]) -> Result<OpFlags> {
    let mut f = OpFlags::default();
    for n in names {
        match n.as_str() {
            "readonly" => {}
            "readwrite" | "writeonly" => f.write = true,
            "allocate" => f.allocate = true,
            "copy" | "updateifcopy" => f.copy = true,
            "no_broadcast"
            | "contig"
            | "aligned"
            | "nbo"
            | "no_subtype"
            | "arraymask"
            | "writemasked"
            | "overlap_assume_elementwise"
            | "virtual" => {}
            other => {
                return Err(Error::value_error(format!(
                    "Unexpected per-operand flag value '{other}'"
                )))
            }
        }
    }
    Ok(f)
}

fn new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // One operand, or a list/tuple of them.
    let ops: Vec<Value> = match a.get(0) {
        v @ (Value::List(_) | Value::Tuple(_)) => crate::py::iter::to_vec(v)?,
        v => vec![v.clone()],
    };
    let several = matches!(a.get(0), Value::List(_) | Value::Tuple(_));
    let flags = super::io::str_list(a.get(1))?;
    let (mut multi_index, mut c_index, mut f_index, mut external_loop, mut buffered) =
        (false, false, false, false, false);
    for f in &flags {
        match f.as_str() {
            "multi_index" => multi_index = true,
            "c_index" => c_index = true,
            "f_index" => f_index = true,
            "external_loop" => external_loop = true,
            "buffered" => buffered = true,
            "refs_ok" | "zerosize_ok" | "reduce_ok" | "grow_inner" | "delay_bufalloc"
            | "common_dtype" | "copy_if_overlap" | "ranged" => {}
            other => {
                return Err(Error::value_error(format!(
                    "Unexpected iterator flag value '{other}'"
                )))
            }
        }
    }
    if external_loop && (multi_index || c_index || f_index) {
        return Err(Error::value_error(
            "Iterator flag EXTERNAL_LOOP cannot be used if an index or multi-index is being tracked",
        ));
    }
    // op_flags: one list for a single operand, or one list per operand.
    let op_flags: Vec<OpFlags> = match a.get(2) {
        Value::None => ops
            .iter()
            .map(|o| OpFlags {
                write: matches!(o, Value::None),
                allocate: matches!(o, Value::None),
                copy: false,
            })
            .collect(),
        v => {
            let items = crate::py::iter::to_vec(v)?;
            let nested = items
                .iter()
                .any(|x| matches!(x, Value::List(_) | Value::Tuple(_)));
            if nested
                || (several
                    && items.len() == ops.len()
                    && items.iter().all(|x| !matches!(x, Value::Str(_))))
            {
                if items.len() != ops.len() {
                    return Err(Error::value_error(format!(
                        "op_flags must be a tuple/list matching the number of ops ({})",
                        ops.len()
                    )));
                }
                items
                    .iter()
                    .map(|x| parse_op_flags(&super::io::str_list(x)?))
                    .collect::<Result<_>>()?
            } else {
                let f = parse_op_flags(&super::io::str_list(v)?)?;
                vec![f; ops.len()]
            }
        }
    };
    let op_dtypes: Vec<Option<DType>> = match a.get(3) {
        Value::None => vec![None; ops.len()],
        v => {
            let items = if several {
                crate::py::iter::to_vec(v)?
            } else {
                match v {
                    Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(v)?,
                    other => vec![other.clone()],
                }
            };
            items
                .iter()
                .map(super::conv::dtype_arg)
                .collect::<Result<_>>()?
        }
    };
    let order = match a.get(4) {
        Value::Str(s) if matches!(&**s, "C" | "F" | "A" | "K") => s.chars().next().unwrap_or('K'),
        _ => {
            return Err(Error::value_error(
                "order must be one of 'C', 'F', 'A', or 'K'",
            ))
        }
    };
    let casting = match a.get(5) {
        Value::Str(s) => xpush_npu::promote::Casting::parse(s)?,
        _ => xpush_npu::promote::Casting::Safe,
    };
    if !matches!(a.get(6), Value::None) || !matches!(a.get(7), Value::None) {
        return Err(Error::not_implemented(
            "np.nditer: op_axes and itershape are not supported yet",
        ));
    }
    // The given operands, then the broadcast shape.
    let mut arrays: Vec<Option<Array>> = Vec::with_capacity(ops.len());
    for (k, o) in ops.iter().enumerate() {
        if matches!(o, Value::None) {
            if !op_flags.get(k).is_some_and(|f| f.allocate) {
                return Err(Error::value_error(
                    "Iterator operand was NULL, but neither the ALLOCATE nor the VIRTUAL flag was specified",
                ));
            }
            arrays.push(None);
        } else {
            arrays.push(Some(as_array(o)?));
        }
    }
    let given: Vec<Array> = arrays.iter().flatten().cloned().collect();
    let shapes: Vec<&[usize]> = given.iter().map(|x| x.shape()).collect();
    let shape = xpush_npu::layout::broadcast_shapes(&shapes).map_err(|_| {
        let s: Vec<String> = given
            .iter()
            .map(|x| {
                let dims: Vec<isize> = x.shape().iter().map(|&d| d as isize).collect();
                xpush_npu::layout::shape_to_string(&dims, "")
            })
            .collect();
        Error::value_error(format!(
            "operands could not be broadcast together with shapes {} ",
            s.join(" ")
        ))
    })?;
    // Allocated outputs: the given operands' common dtype unless op_dtypes
    // names one, made on the session's device.
    let mut operands = Vec::with_capacity(ops.len());
    for (k, x) in arrays.into_iter().enumerate() {
        operands.push(match x {
            Some(x) => x,
            None => {
                let dt = match op_dtypes.get(k).copied().flatten() {
                    Some(d) => d,
                    None => {
                        let vals: Vec<Value> = given.iter().map(|g| wrap(g.clone())).collect();
                        match super::compose::np(host, "result_type", vals)? {
                            Value::DType(d) => d,
                            _ => DType::Float64,
                        }
                    }
                };
                let place = xpush_npu::device::placement();
                xpush_npu::device::full_on(
                    place.device,
                    &shape,
                    dt,
                    xpush_npu::Scalar::Float64(0.0).cast(dt),
                )?
            }
        });
    }
    // Each operand in its iteration dtype, broadcast to the shape.
    let mut views = Vec::with_capacity(operands.len());
    let mut writable = Vec::with_capacity(operands.len());
    for (k, x) in operands.iter().enumerate() {
        let f = op_flags.get(k).copied().unwrap_or_default();
        if f.write {
            x.check_writeable("operand array with iterator write flag set")?;
        }
        let mut v = x.clone();
        if let Some(d) = op_dtypes.get(k).copied().flatten() {
            if d != x.dtype() {
                if !buffered && !f.copy {
                    return Err(Error::type_error(
                        "Iterator operand required copying or buffering, but neither copying nor buffering was enabled",
                    ));
                }
                if !xpush_npu::promote::can_cast(x.dtype(), d, casting) {
                    return Err(Error::type_error(format!(
                        "Iterator operand {k} dtype could not be cast from dtype('{}') to dtype('{}') according to the rule '{}'",
                        x.dtype().name(),
                        d.name(),
                        casting_name(casting)
                    )));
                }
                if f.write {
                    return Err(Error::not_implemented(
                        "np.nditer: a written operand iterated in another dtype (buffered write-back) is not supported yet",
                    ));
                }
                v = xpush_npu::ops::cast(x, d)?;
            }
        }
        views.push(v.broadcast_to(&shape)?);
        writable.push(f.write);
    }
    let strides = iter_strides(&views, &shape);
    let order = axis_order(order, &shape, &strides);
    let coalesced = coalesce(&order, &shape, &strides);
    let size = shape.iter().product();
    let it = NdIter {
        operands,
        views,
        writable,
        shape,
        order,
        coalesced,
        size,
        multi_index,
        c_index,
        f_index,
        external_loop,
        pos: Cell::new(0),
        started: Cell::new(false),
        base: RefCell::new(Vec::new()),
        inner: None,
    };
    Ok(IterObj::value(TYPE_NAME, IterState::NdIter(Rc::new(it))))
}

/// `np.nested_iters(op, axes, ...)`: one nditer per group of axes, each
/// walking its axes of the operands at the position of the ones outside it.
fn nested_iters(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let groups: Vec<Vec<i64>> = crate::py::iter::to_vec(a.get(1))?
        .iter()
        .map(|g| {
            crate::py::iter::to_vec(g)?
                .iter()
                .map(crate::py::num::index_i64)
                .collect::<Result<Vec<i64>>>()
        })
        .collect::<Result<_>>()?;
    if groups.len() < 2 {
        return Err(Error::value_error(
            "axes must have at least 2 entries for nested iteration",
        ));
    }
    // The whole iteration first: operands, flags, dtypes, broadcasting.
    let mut full_args = Args {
        values: vec![
            a.get(0).clone(),
            a.get(2).clone(),
            a.get(3).clone(),
            a.get(4).clone(),
            a.get(5).clone(),
            a.get(6).clone(),
            Value::None,
            Value::None,
            a.get(7).clone(),
        ],
        rest: Vec::new(),
    };
    let full = match new(host, &mut full_args)? {
        Value::Iter(it) => it
            .nditer()
            .ok_or_else(|| Error::runtime_error("np.nested_iters: no nditer"))?,
        _ => return Err(Error::runtime_error("np.nested_iters: no nditer")),
    };
    let ndim = full.shape.len();
    let mut used = vec![false; ndim];
    let mut axes: Vec<Vec<usize>> = Vec::new();
    for g in &groups {
        let mut out = Vec::new();
        for &ax in g {
            let ax = usize::try_from(ax)
                .ok()
                .filter(|&x| x < ndim)
                .ok_or_else(|| Error::value_error("An axis is out of bounds"))?;
            if used[ax] {
                return Err(Error::value_error("An axis is used more than once"));
            }
            used[ax] = true;
            out.push(ax);
        }
        axes.push(out);
    }
    let order = match a.get(5) {
        Value::Str(s) => s.chars().next().unwrap_or('K'),
        _ => 'K',
    };
    // Built innermost first: each holds the one inside it.
    let mut inner: Option<Rc<NdIter>> = None;
    let mut made: Vec<Rc<NdIter>> = Vec::new();
    for group in axes.iter().rev() {
        let shape: Vec<usize> = group.iter().map(|&ax| full.shape[ax]).collect();
        let views: Vec<Array> = full
            .views
            .iter()
            .map(|v| {
                let l = v.layout();
                v.with_layout(Layout {
                    shape: shape.clone(),
                    strides: group.iter().map(|&ax| l.strides[ax]).collect(),
                    offset: l.offset,
                })
            })
            .collect();
        let strides = iter_strides(&views, &shape);
        let it_order = axis_order(order, &shape, &strides);
        let coalesced = coalesce(&it_order, &shape, &strides);
        let size = shape.iter().product();
        let it = Rc::new(NdIter {
            operands: full.operands.clone(),
            views,
            writable: full.writable.clone(),
            shape,
            order: it_order,
            coalesced,
            size,
            multi_index: full.multi_index,
            c_index: full.c_index,
            f_index: full.f_index,
            external_loop: full.external_loop,
            pos: Cell::new(0),
            started: Cell::new(false),
            base: RefCell::new(vec![0; full.views.len()]),
            inner: inner.take(),
        });
        inner = Some(it.clone());
        made.push(it);
    }
    made.reverse();
    if let Some(outer) = made.first() {
        outer.sync_inner();
    }
    Ok(Value::tuple(
        made.into_iter()
            .map(|it| IterObj::value(TYPE_NAME, IterState::NdIter(it)))
            .collect(),
    ))
}

/// Runs `f` on the nditer that is `a`'s receiver.
fn with(a: &Args, f: impl FnOnce(&NdIter) -> Result<Value>) -> Result<Value> {
    match a.get(0) {
        Value::Iter(it) => match it.nditer() {
            Some(n) => f(&n),
            None => Err(Error::type_error(
                "descriptor requires a 'numpy.nditer' object",
            )),
        },
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.nditer' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// Each operand view's strides over the iteration `shape`, a length-one
/// axis as stride 0 (it never moves, whatever its stride says).
fn iter_strides(views: &[Array], shape: &[usize]) -> Vec<Vec<isize>> {
    views
        .iter()
        .map(|v| {
            v.layout()
                .strides
                .iter()
                .zip(shape)
                .map(|(&s, &n)| if n == 1 { 0 } else { s })
                .collect()
        })
        .collect()
}
