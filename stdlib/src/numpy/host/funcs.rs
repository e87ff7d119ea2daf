//! NumPy's functions and `ndarray` methods on text arrays, and the
//! operators: what [`crate::table::call`] runs instead of an entry when an
//! argument is a text array ([`override_for`]).

use std::rc::Rc;

use xpush_npu::{Array, DType};

use super::promote::AnyDType;
use super::{from_ranks, ranks, wrap, Cell, HostArray, HostDType, HostKind};
use crate::bind::Args;
use crate::host::Host;
use crate::table::Imp;
use crate::value::Value;
use crate::{Error, Result};

/// How an entry runs when one of its arguments is a text array.
#[derive(Clone, Copy)]
pub enum Override {
    /// The entry runs on the text array's index array (its first argument
    /// replaced by it); arrays in its result are positions, mapped back to
    /// text (a view when they share the index array's memory).
    OnIndex,
    /// A text implementation of its own, bound with the entry's signature.
    Own(Imp),
    /// An implementation shared by several entries, told the entry's name
    /// (the object loops of the ufuncs).
    ByName(fn(&mut dyn Host, &str, &mut Args) -> Result<Value>),
}

/// Entries that only move elements around: run on the index array.
const ON_INDEX: &[(&str, &str)] = &[
    ("numpy", "reshape"),
    ("numpy", "ravel"),
    ("numpy", "transpose"),
    ("numpy", "squeeze"),
    ("numpy", "expand_dims"),
    ("numpy", "swapaxes"),
    ("numpy", "moveaxis"),
    ("numpy", "flip"),
    ("numpy", "fliplr"),
    ("numpy", "flipud"),
    ("numpy", "roll"),
    ("numpy", "rot90"),
    ("numpy", "tile"),
    ("numpy", "resize"),
    ("numpy", "repeat"),
    ("numpy", "atleast_1d"),
    ("numpy", "atleast_2d"),
    ("numpy", "atleast_3d"),
    ("numpy", "broadcast_to"),
    ("numpy", "take"),
    ("numpy", "diagonal"),
    ("numpy", "delete"),
    ("numpy", "copy"),
    ("numpy", "shape"),
    ("numpy", "ndim"),
    ("numpy", "size"),
    ("numpy", "split"),
    ("numpy", "array_split"),
    ("numpy", "hsplit"),
    ("numpy", "vsplit"),
    ("numpy", "dsplit"),
    ("ndarray", "reshape"),
    ("ndarray", "ravel"),
    ("ndarray", "flatten"),
    ("ndarray", "transpose"),
    ("ndarray", "squeeze"),
    ("ndarray", "swapaxes"),
    ("ndarray", "repeat"),
    ("ndarray", "take"),
    ("ndarray", "diagonal"),
    ("ndarray", "copy"),
    ("ndarray", "T"),
    ("ndarray", "shape"),
    ("ndarray", "ndim"),
    ("ndarray", "size"),
    ("ndarray", "__len__"),
];

/// What runs instead of entry `module.name` when an argument is a text
/// array; `None` when text arrays are not supported there.
pub fn override_for(module: &str, name: &str) -> Option<Override> {
    if ON_INDEX.contains(&(module, name)) {
        return Some(Override::OnIndex);
    }
    OWN.iter()
        .find(|(m, n, _)| *m == module && *n == name)
        .map(|(_, _, imp)| Override::Own(*imp))
}

/// Every entry that takes host arrays through an override, as
/// `(module, name)` (for `xpush ops`).
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    on_index_entries().chain(OWN.iter().map(|(m, n, _)| (*m, *n)))
}

/// The entries that run on the index array ([`Override::OnIndex`]).
pub fn on_index_entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    ON_INDEX.iter().copied()
}

fn nbytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = text(a.get(0))?;
    Ok(Value::Int((t.dtype().itemsize() * t.size()) as i64))
}

fn diff(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::HostArray(t) if t.dtype().kind.is_time() => super::times::diff(t),
        other => Err(super::unsupported("numpy.diff", text(other)?.dtype())),
    }
}

/// The entries with a host implementation of their own: `(module, name,
/// implementation)`, bound with the entry's signature.
const OWN: &[(&str, &str, Imp)] = &[
    ("numpy", "result_type", crate::numpy::types::result_type),
    ("numpy", "promote_types", crate::numpy::types::promote_types),
    ("numpy", "can_cast", crate::numpy::types::can_cast),
    ("numpy", "issubdtype", crate::numpy::types::issubdtype),
    (
        "numpy",
        "min_scalar_type",
        crate::numpy::misc::min_scalar_type,
    ),
    ("numpy", "common_type", crate::numpy::misc::common_type),
    ("ndarray", "flags", crate::numpy::attrs::flags),
    ("ndarray", "setflags", crate::numpy::attrs::setflags),
    ("numpy", "asanyarray", crate::numpy::misc::asanyarray),
    ("numpy", "zeros", crate::numpy::create::zeros),
    ("numpy", "empty", crate::numpy::create::empty),
    ("numpy", "ones", crate::numpy::create::ones),
    ("numpy", "full", crate::numpy::create::full),
    ("numpy", "zeros_like", crate::numpy::create::zeros_like),
    ("numpy", "ones_like", crate::numpy::create::ones_like),
    ("numpy", "empty_like", crate::numpy::create::empty_like),
    ("numpy", "full_like", crate::numpy::create::full_like),
    ("dtype", "name", |_, a| {
        Ok(Value::str(text_dtype(a.get(0))?.name()))
    }),
    ("dtype", "itemsize", |_, a| {
        Ok(Value::Int(text_dtype(a.get(0))?.itemsize() as i64))
    }),
    ("dtype", "kind", |_, a| {
        Ok(Value::str(text_dtype(a.get(0))?.char().to_string()))
    }),
    ("dtype", "char", |_, a| {
        Ok(Value::str(text_dtype(a.get(0))?.char().to_string()))
    }),
    ("dtype", "str", |_, a| {
        Ok(Value::str(text_dtype(a.get(0))?.sized_code()))
    }),
    ("dtype", "type", |_, a| {
        super::scalar_type_value(text_dtype(a.get(0))?)
    }),
    // NumPy 2's `add` loop for strings: concatenation, as `+`.
    ("numpy", "add", |_, a| {
        super::strings::add_values(a.get(0), a.get(1))
    }),
    ("ndarray", "dtype", |_, a| {
        Ok(Value::HostDType(text(a.get(0))?.dtype()))
    }),
    ("ndarray", "itemsize", |_, a| {
        Ok(Value::Int(text(a.get(0))?.dtype().itemsize() as i64))
    }),
    ("ndarray", "nbytes", nbytes),
    // A host array: its elements live on the host on every device.
    ("ndarray", "device", |_, _| Ok(Value::str("cpu"))),
    ("ndarray", "tolist", |_, a| Ok(text(a.get(0))?.tolist())),
    ("ndarray", "item", item),
    ("ndarray", "astype", astype),
    ("ndarray", "sort", sort_in_place),
    ("ndarray", "argsort", argsort),
    ("numpy", "argsort", argsort),
    ("numpy", "sort", sort),
    ("numpy", "unique", unique),
    ("numpy", "isin", isin),
    ("numpy", "searchsorted", searchsorted),
    ("ndarray", "searchsorted", searchsorted),
    ("numpy", "where", where_),
    ("numpy", "concatenate", concatenate),
    ("numpy", "stack", |h, a| joined(h, a, "stack")),
    ("numpy", "vstack", |h, a| joined(h, a, "vstack")),
    ("numpy", "hstack", |h, a| joined(h, a, "hstack")),
    ("numpy", "column_stack", |h, a| joined(h, a, "column_stack")),
    ("numpy", "append", append),
    ("numpy", "arange", crate::numpy::create::arange_entry),
    ("numpy", "array", crate::numpy::create::array_entry),
    ("numpy", "asarray", crate::numpy::create::asarray_entry),
    ("numpy", "min", |_, a| time_extreme(a, false)),
    ("numpy", "amin", |_, a| time_extreme(a, false)),
    ("ndarray", "min", |_, a| time_extreme(a, false)),
    ("numpy", "max", |_, a| time_extreme(a, true)),
    ("numpy", "amax", |_, a| time_extreme(a, true)),
    ("ndarray", "max", |_, a| time_extreme(a, true)),
    ("numpy", "diff", diff),
    ("numpy", "mean", |_, a| time_mean(a)),
    ("numpy", "lexsort", lexsort),
    (
        "numpy",
        "array2string",
        crate::numpy::printing::array2string,
    ),
    ("numpy", "isreal", |_, a| real_or_complex(a, true)),
    ("numpy", "iscomplex", |_, a| real_or_complex(a, false)),
    ("ndarray", "mean", |_, a| time_mean(a)),
    ("numpy", "savetxt", crate::numpy::io::savetxt_entry),
    ("numpy", "save", crate::numpy::io::save_entry),
    ("numpy", "array_equal", array_equal),
    ("numpy", "equal", |_, a| {
        compare(a.get(0), a.get(1), Cmp::Eq)
    }),
    ("numpy", "not_equal", |_, a| {
        compare(a.get(0), a.get(1), Cmp::Ne)
    }),
    ("numpy", "less", |_, a| compare(a.get(0), a.get(1), Cmp::Lt)),
    ("numpy", "less_equal", |_, a| {
        compare(a.get(0), a.get(1), Cmp::Le)
    }),
    ("numpy", "greater", |_, a| {
        compare(a.get(0), a.get(1), Cmp::Gt)
    }),
    ("numpy", "greater_equal", |_, a| {
        compare(a.get(0), a.get(1), Cmp::Ge)
    }),
];

/// Runs an [`Override::OnIndex`] entry: `imp` on the index array of the
/// first argument, its result mapped back to text.
pub fn on_index(host: &mut dyn Host, imp: Imp, args: &mut Args) -> Result<Value> {
    let slot = first_host(args).ok_or_else(|| Error::type_error("expected a host array"))?;
    let t = text(slot)?;
    *slot = Value::Array(Rc::new(t.index().clone()));
    let r = imp(host, args)?;
    map_back(&t, r)
}

/// The argument an [`Override::OnIndex`] entry moves: its first, or for
/// an entry of `*arrays` (`np.atleast_2d`) its one array, when it is a
/// host array.
pub fn first_host(args: &mut Args) -> Option<&mut Value> {
    let slot = match args.values.first() {
        Some(Value::HostArray(_)) => args.values.first_mut(),
        _ if args.rest.len() == 1 => args.rest.first_mut(),
        _ => None,
    };
    slot.filter(|v| matches!(v, Value::HostArray(_)))
}

fn map_back(t: &HostArray, v: Value) -> Result<Value> {
    Ok(match v {
        Value::Array(r) if r.dtype() == DType::Int64 => wrap(t.select((*r).clone())?),
        Value::Scalar(xpush_npu::Scalar::Int64(p)) => t.element_at(p as usize),
        Value::List(items) => {
            let items = items.borrow().clone();
            Value::list(
                items
                    .into_iter()
                    .map(|x| map_back(t, x))
                    .collect::<Result<_>>()?,
            )
        }
        Value::Tuple(items) if items.iter().any(|x| matches!(x, Value::Array(_))) => Value::tuple(
            items
                .iter()
                .cloned()
                .map(|x| map_back(t, x))
                .collect::<Result<_>>()?,
        ),
        other => other,
    })
}

/// `np.min`/`np.max` of a time array (`axis=None` only); string arrays
/// have no such loop in xpush.
fn time_extreme(a: &Args, max: bool) -> Result<Value> {
    let name = if max { "numpy.max" } else { "numpy.min" };
    match a.get(0) {
        Value::HostArray(t) if t.dtype().kind.is_time() && a.get(1).is_none() => {
            super::times::extreme(t, max)
        }
        Value::HostArray(t) => Err(super::unsupported(
            &format!("{name} with an axis"),
            t.dtype(),
        )),
        other => Err(super::unsupported(name, text(other)?.dtype())),
    }
}

/// `np.mean`/`a.mean()` of a time array (`mean(a, axis, dtype, out,
/// keepdims, *, where)`): timedeltas average to a timedelta.
fn time_mean(a: &Args) -> Result<Value> {
    let t = match a.get(0) {
        Value::HostArray(t) if t.dtype().kind.is_time() => t,
        other => return Err(super::unsupported("numpy.mean", text(other)?.dtype())),
    };
    for (i, name) in [(2, "dtype"), (3, "out")] {
        if !a.get(i).is_none() {
            return Err(super::unsupported(
                &format!("numpy.mean with {name}="),
                t.dtype(),
            ));
        }
    }
    if !matches!(a.get(5), Value::Bool(true)) {
        return Err(super::unsupported("numpy.mean with where=", t.dtype()));
    }
    let axes = xpush_npu::ops::reduce_axes(&crate::numpy::conv::axes_arg(a.get(1))?, t.ndim())?;
    let keepdims = crate::ops::truthy(a.get(4))?;
    super::times::mean(t, &axes, keepdims)
}

/// `np.lexsort(keys, axis)` with text or time keys: each such key is
/// replaced by its ranks, which sort as its elements do.
fn lexsort(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let rank = |v: &Value| -> Result<Value> {
        match v {
            Value::HostArray(t) => Ok(arr(ranks(&[t])?.0.remove(0))),
            other => Ok(other.clone()),
        }
    };
    let keys = match a.get(0) {
        Value::List(_) | Value::Tuple(_) => Value::tuple(
            crate::py::iter::to_vec(a.get(0))?
                .iter()
                .map(rank)
                .collect::<Result<_>>()?,
        ),
        // A 2-d array of keys, one per row.
        other => rank(other)?,
    };
    numeric(host, "lexsort", vec![keys, a.get(1).clone()], Vec::new())
}

/// `np.isreal(x)` (`real`) or `np.iscomplex(x)` of a host array as
/// NumPy's Python code computes them: `imag(x) == 0` and, for a dtype
/// that is not complex, all False. `imag` of a host array is zeros of its
/// dtype, equal to 0 only for timedeltas (text never equals a number; a
/// text scalar's `imag` is a text scalar, whose `== 0` is Python's False).
fn real_or_complex(a: &Args, real: bool) -> Result<Value> {
    let t = text(a.get(0))?;
    if real && t.is_scalar() && t.dtype().kind.is_text() {
        return Ok(Value::Bool(false));
    }
    let value = real && matches!(t.dtype().kind, HostKind::TimeDelta(_));
    let v = xpush_npu::Scalar::Bool(value);
    crate::numpy::conv::wrap_result(Array::full(t.shape(), v, DType::Bool))
}

/// The text dtype a `dtype` method's receiver is.
fn text_dtype(v: &Value) -> Result<HostDType> {
    super::dtype_arg(v).ok_or_else(|| Error::type_error("expected a string dtype"))
}

/// The text array a value is, or a 0-d one for a `str`/`bytes`.
fn text(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) => Ok((**a).clone()),
        Value::Str(_) | Value::Bytes(_) => super::from_value(v, None),
        other => Err(Error::type_error(format!(
            "expected a string array, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// Any value as a text array (numbers and numeric arrays as their text,
/// as `np.concatenate` and `np.where` promote them).
fn any_text(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) => Ok((**a).clone()),
        _ => super::from_value(v, None),
    }
}

/// The operands of a joining function (`where`, `concatenate`, ...) as
/// host arrays of one family: all object arrays when one is (NumPy
/// promotes every dtype to object), else text or time arrays
/// ([`any_text`]).
fn joined_operands(values: &[Value]) -> Result<Vec<HostArray>> {
    if values.iter().any(super::object::is_object) {
        values.iter().map(super::object::from_value).collect()
    } else {
        values.iter().map(any_text).collect()
    }
}

/// The common dtype of host arrays: for strings, str if any is str and
/// the widest width; for times, the finer unit (NumPy's promotion).
fn common(arrays: &[HostArray]) -> Result<HostDType> {
    if arrays.iter().any(|a| a.dtype().kind == HostKind::Object) {
        return Ok(HostDType::object());
    }
    if let Some(t) = arrays.iter().find(|a| a.dtype().kind.is_time()) {
        let datetime = matches!(t.dtype().kind, HostKind::DateTime(_));
        let mut unit = super::datetime::Unit::Generic;
        for a in arrays {
            let same = match a.dtype().kind {
                HostKind::DateTime(_) => datetime,
                HostKind::TimeDelta(_) => !datetime,
                _ => false,
            };
            if !same {
                return Err(Error::type_error(format!(
                    "The DType {} could not be promoted by {}.",
                    AnyDType::Host(t.dtype()).class_repr(),
                    AnyDType::Host(a.dtype()).class_repr()
                )));
            }
            let u = a
                .dtype()
                .kind
                .unit()
                .unwrap_or(super::datetime::Unit::Generic);
            unit = super::datetime::common_unit(unit, u, !datetime)?;
        }
        return Ok(if datetime {
            HostDType::datetime(unit)
        } else {
            HostDType::timedelta(unit)
        });
    }
    let kind = if arrays.iter().any(|a| a.dtype().kind == HostKind::Str) {
        HostKind::Str
    } else {
        HostKind::Bytes
    };
    let width = arrays.iter().map(|a| a.dtype().width).max().unwrap_or(1);
    Ok(HostDType { kind, width })
}

/// NumPy's class for a host dtype (`<class 'numpy.dtypes.StrDType'>`).
fn item(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    text(a.get(0))?.item(&a.rest)
}

fn astype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    astype_value(a.get(0), a.get(1))
}

/// `a.astype(dtype)` where `a` or `dtype` is text.
pub fn astype_value(a: &Value, dtype: &Value) -> Result<Value> {
    if let Some(d) = super::dtype_arg(dtype) {
        return Ok(wrap(super::from_value(a, Some(d))?));
    }
    let t = text(a)?;
    let dt = crate::numpy::conv::dtype_arg(dtype)?.unwrap_or(DType::Float64);
    Ok(crate::numpy::conv::wrap(super::to_numeric(&t, dt)?))
}

/// Runs a numeric entry of the `numpy` module by name on new arguments.
fn numeric(
    host: &mut dyn Host,
    name: &str,
    args: Vec<Value>,
    kwargs: crate::host::Kwargs,
) -> Result<Value> {
    let id = crate::table::lookup("numpy", name)
        .ok_or_else(|| Error::runtime_error(format!("numpy.{name} is missing")))?;
    // The host operands were turned into numbers; a host array left among
    // the other arguments (an `axis`) would come back here without end.
    if args
        .iter()
        .chain(kwargs.iter().map(|(_, v)| v))
        .any(|v| matches!(v, Value::HostArray(_)))
    {
        return Err(Error::type_error(
            "only integer scalar arrays can be converted to a scalar index",
        ));
    }
    crate::table::call(host, id, args, kwargs)
}

fn arr(a: Array) -> Value {
    crate::numpy::conv::wrap(a)
}

fn sort(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = text(a.get(0))?;
    let (r, table) = ranks(&[&t])?;
    let sorted = numeric(
        host,
        "sort",
        vec![arr(r[0].clone()), a.get(1).clone()],
        Vec::new(),
    )?;
    let Value::Array(s) = sorted else {
        return Err(Error::runtime_error("sort gave no array"));
    };
    Ok(wrap(from_ranks(t.dtype(), &table, &s)?))
}

/// `a.sort(axis=-1, ...)`'s sorted copy: `sort` (the `np.sort` of the
/// host kind) on the method's arguments, the axis -1 when it is `None`.
pub(super) fn sorted_for_method(host: &mut dyn Host, a: &Args, sort: Imp) -> Result<Value> {
    let mut values = a.values.clone();
    if let Some(axis @ Value::None) = values.get_mut(1) {
        *axis = Value::Int(-1);
    }
    sort(
        host,
        &mut Args {
            values,
            rest: Vec::new(),
        },
    )
}

fn sort_in_place(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = text(a.get(0))?;
    let sorted = sorted_for_method(host, a, sort)?;
    let Value::HostArray(s) = sorted else {
        return Ok(Value::None);
    };
    let cells = s.cells();
    let mut table = t.table().borrow_mut();
    for (p, c) in t.index().to_vec::<i64>()?.into_iter().zip(cells) {
        table[p as usize] = c;
    }
    Ok(Value::None)
}

fn argsort(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = text(a.get(0))?;
    let (r, _) = ranks(&[&t])?;
    let axis = a.get(1).clone();
    numeric(
        host,
        "argsort",
        vec![arr(r[0].clone()), axis],
        vec![("kind".into(), Value::str("stable"))],
    )
}

fn unique(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = text(a.get(0))?;
    let (r, table) = ranks(&[&t])?;
    let mut args = a.values.clone();
    args[0] = arr(r[0].clone());
    let id = crate::table::lookup("numpy", "unique")
        .ok_or_else(|| Error::runtime_error("numpy.unique is missing"))?;
    let mut bound = Args {
        values: args,
        rest: Vec::new(),
    };
    let out = (crate::table::get(id).imp)(host, &mut bound)?;
    let values = |v: &Value| -> Result<Value> {
        match v {
            Value::Array(u) => Ok(wrap(from_ranks(t.dtype(), &table, u)?)),
            other => Ok(other.clone()),
        }
    };
    match out {
        Value::Tuple(items) => {
            let mut items: Vec<Value> = items.to_vec();
            if let Some(first) = items.first_mut() {
                *first = values(first)?;
            }
            Ok(Value::tuple(items))
        }
        Value::Object(_) => Ok(out),
        other => values(&other),
    }
}

fn isin(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = any_text(a.get(0))?;
    let y = any_text(a.get(1))?;
    let (r, _) = ranks(&[&x, &y])?;
    let mut bound = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    bound.values[0] = arr(r[0].clone());
    bound.values[1] = arr(r[1].clone());
    let id = crate::table::lookup("numpy", "isin")
        .ok_or_else(|| Error::runtime_error("numpy.isin is missing"))?;
    (crate::table::get(id).imp)(host, &mut bound)
}

fn searchsorted(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sorted = text(a.get(0))?;
    let v = any_text(a.get(1))?;
    let right = matches!(a.get(2), Value::Str(s) if &**s == "right");
    if sorted.ndim() != 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    let hay = sorted.cells();
    let found: Vec<i64> = v
        .cells()
        .iter()
        .map(|c| {
            if right {
                hay.partition_point(|h| h <= c) as i64
            } else {
                hay.partition_point(|h| h < c) as i64
            }
        })
        .collect();
    if v.ndim() == 0 && !matches!(a.get(1), Value::HostArray(_)) {
        return Ok(Value::Scalar(xpush_npu::Scalar::Int64(found[0])));
    }
    Ok(arr(Array::from_vec(found, v.shape())?))
}

/// The arrays' index arrays offset into one table holding all their
/// cells, with that table's dtype: positions that `where` or
/// `concatenate` can mix.
fn pooled(arrays: &[HostArray]) -> Result<(HostDType, Vec<Cell>, Vec<Array>)> {
    let dtype = common(arrays)?;
    // Times meet in the common unit first.
    let converted;
    let arrays = if !dtype.kind.is_time() {
        arrays
    } else {
        converted = arrays
            .iter()
            .map(|a| super::times::astype(a, dtype))
            .collect::<Result<Vec<_>>>()?;
        &converted[..]
    };
    let mut table = Vec::new();
    let mut indices = Vec::new();
    for t in arrays {
        let base = table.len() as i64;
        let cells = t.cells();
        let n = cells.len();
        table.extend(cells.into_iter().map(|c| match (dtype.kind, c) {
            (HostKind::Str, Cell::Bytes(b)) => {
                Cell::Str(Rc::from(String::from_utf8_lossy(&b).into_owned()))
            }
            (_, c) => c,
        }));
        let idx = Array::arange_int(base, base + n as i64, 1, DType::Int64)?;
        let shape: Vec<isize> = t.shape().iter().map(|&d| d as isize).collect();
        indices.push(idx.reshape(&shape)?);
    }
    Ok((dtype, table, indices))
}

/// A text array whose elements are `table[p]` for the positions `p`.
fn gather(dtype: HostDType, table: &[Cell], positions: &Value) -> Result<Value> {
    match positions {
        Value::Array(p) => Ok(wrap(from_ranks(dtype, table, p)?)),
        Value::Scalar(xpush_npu::Scalar::Int64(p)) => Ok(table[*p as usize].to_value()),
        other => Ok(other.clone()),
    }
}

fn where_(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if matches!(a.get(1), Value::None) && matches!(a.get(2), Value::None) {
        return Err(crate::numpy::host::unsupported(
            "np.where(condition) of a string condition",
            text(a.get(0))?.dtype(),
        ));
    }
    if let Some(r) = where_other(host, a)? {
        return Ok(r);
    }
    let xy = joined_operands(&[a.get(1).clone(), a.get(2).clone()])?;
    let (dtype, table, idx) = pooled(&xy)?;
    let r = numeric(
        host,
        "where",
        vec![
            condition(a.get(0))?,
            arr(idx[0].clone()),
            arr(idx[1].clone()),
        ],
        Vec::new(),
    )?;
    gather(dtype, &table, &r)
}

/// `np.where(condition, x, y)` when only the condition is a host array
/// (numbers chosen by the truth of its elements), or NumPy's error for
/// one of `x` and `y` alone; `None` when `x` or `y` is a host array.
pub(super) fn where_other(host: &mut dyn Host, a: &Args) -> Result<Option<Value>> {
    let (x, y) = (a.get(1), a.get(2));
    if x.is_none() != y.is_none() {
        return Err(Error::value_error(
            "either both or neither of x and y should be given",
        ));
    }
    let host_operand = |v: &Value| matches!(v, Value::HostArray(_)) || super::holds_text(v);
    if host_operand(x) || host_operand(y) {
        return Ok(None);
    }
    let args = vec![condition(a.get(0))?, x.clone(), y.clone()];
    numeric(host, "where", args, Vec::new()).map(Some)
}

/// `np.where`'s condition as numbers: a host array (object, text, time,
/// records) becomes the truth of each element, as NumPy casts it to bool;
/// anything else as it is.
pub(super) fn condition(v: &Value) -> Result<Value> {
    let Value::HostArray(c) = v else {
        return Ok(v.clone());
    };
    let truth = c
        .cells()
        .into_iter()
        .map(|cell| match cell {
            Cell::Obj(x) => crate::ops::truthy(&x),
            Cell::Time(t) => Ok(t != 0),
            other => Ok(!other.is_empty()),
        })
        .collect::<Result<Vec<bool>>>()?;
    crate::numpy::conv::wrap_result(Array::from_vec(truth, c.shape())?)
}

fn sequence(v: &Value) -> Result<Vec<HostArray>> {
    joined_operands(&crate::py::iter::to_vec(v)?)
}

fn concatenate(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arrays = sequence(a.get(0))?;
    let (dtype, table, idx) = pooled(&arrays)?;
    let list = Value::list(idx.into_iter().map(arr).collect());
    let r = numeric(
        host,
        "concatenate",
        vec![list, a.get(1).clone()],
        Vec::new(),
    )?;
    gather(dtype, &table, &r)
}

/// `np.stack`/`vstack`/`hstack`/`column_stack` (`name`) of host arrays:
/// the entry itself on their pooled index arrays.
fn joined(host: &mut dyn Host, a: &mut Args, name: &str) -> Result<Value> {
    let arrays = sequence(a.get(0))?;
    let (dtype, table, idx) = pooled(&arrays)?;
    let list = Value::list(idx.into_iter().map(arr).collect());
    let mut args = a.values.clone();
    args[0] = list;
    let id = crate::table::lookup("numpy", name)
        .ok_or_else(|| Error::runtime_error(format!("numpy.{name} is missing")))?;
    let mut bound = Args {
        values: args,
        rest: Vec::new(),
    };
    let r = (crate::table::get(id).imp)(host, &mut bound)?;
    gather(dtype, &table, &r)
}

fn append(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xy = joined_operands(&[a.get(0).clone(), a.get(1).clone()])?;
    let (dtype, table, idx) = pooled(&xy)?;
    let r = numeric(
        host,
        "append",
        vec![arr(idx[0].clone()), arr(idx[1].clone()), a.get(2).clone()],
        Vec::new(),
    )?;
    gather(dtype, &table, &r)
}

fn array_equal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (Ok(x), Ok(y)) = (any_text(a.get(0)), any_text(a.get(1))) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(
        x.shape() == y.shape() && x.cells() == y.cells(),
    ))
}

/// A comparison operator.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Cmp {
    /// The comparison's ufunc name (`less`).
    pub fn ufunc(self) -> &'static str {
        match self {
            Cmp::Eq => "equal",
            Cmp::Ne => "not_equal",
            Cmp::Lt => "less",
            Cmp::Le => "less_equal",
            Cmp::Gt => "greater",
            Cmp::Ge => "greater_equal",
        }
    }
}

/// NumPy's class name of an operand's dtype, as its comparison errors
/// print it.
pub(super) fn dtype_class(v: &Value) -> String {
    let name = match v {
        Value::HostArray(a) => a.dtype().kind.class_name(),
        Value::Str(_) => "StrDType",
        Value::Bytes(_) => "BytesDType",
        Value::Int(_) | Value::BigInt(_) => "_PyLongDType",
        Value::Float(_) => "_PyFloatDType",
        Value::Complex(_) => "_PyComplexDType",
        Value::Bool(_) => "BoolDType",
        Value::Array(a) => return a.dtype().class_repr(),
        Value::Scalar(s) => return s.dtype().class_repr(),
        _ => "ObjectDType",
    };
    format!("<class 'numpy.dtypes.{name}'>")
}

fn kind_of(v: &Value) -> Option<HostKind> {
    match v {
        Value::HostArray(a) => Some(a.dtype().kind),
        Value::Str(_) => Some(HostKind::Str),
        Value::Bytes(_) => Some(HostKind::Bytes),
        _ => None,
    }
}

/// `x OP y` where one side is a text array: str with str (or bytes with
/// bytes) compare as text; `==`/`!=` with anything else are all false/true
/// (NumPy 2); an ordering with anything else is NumPy's UFuncTypeError.
pub fn compare(x: &Value, y: &Value, op: Cmp) -> Result<Value> {
    let kind = kind_of(x).or(kind_of(y)).unwrap_or(HostKind::Str);
    super::host_op(op.ufunc(), kind, || compare_here(x, y, op))
}

fn compare_here(x: &Value, y: &Value, op: Cmp) -> Result<Value> {
    if super::times::is_time(x) || super::times::is_time(y) {
        return super::times::compare(x, y, op);
    }
    let (kx, ky) = (kind_of(x), kind_of(y));
    let same = kx.is_some() && kx == ky;
    if !same {
        if matches!(op, Cmp::Eq | Cmp::Ne) {
            let shape = match (x, y) {
                (Value::HostArray(a), _) | (_, Value::HostArray(a)) => a.shape().to_vec(),
                _ => Vec::new(),
            };
            let other = match (x, y) {
                (Value::HostArray(_), o) | (o, _) => crate::numpy::conv::as_array(o).ok(),
            };
            let shape = match other {
                Some(o) => xpush_npu::layout::broadcast_shapes(&[&shape, o.shape()])?,
                None => shape,
            };
            let v = xpush_npu::Scalar::Bool(op == Cmp::Ne);
            return crate::numpy::conv::wrap_result(Array::full(&shape, v, DType::Bool));
        }
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!(
                "ufunc '{}' did not contain a loop with signature matching types ({}, {}) -> None",
                op.ufunc(),
                dtype_class(x),
                dtype_class(y)
            ),
        ));
    }
    let (tx, ty) = (text(x)?, text(y)?);
    let (r, _) = ranks(&[&tx, &ty])?;
    let f = match op {
        Cmp::Eq => xpush_npu::ops::BinaryOp::Equal,
        Cmp::Ne => xpush_npu::ops::BinaryOp::NotEqual,
        Cmp::Lt => xpush_npu::ops::BinaryOp::Less,
        Cmp::Le => xpush_npu::ops::BinaryOp::LessEqual,
        Cmp::Gt => xpush_npu::ops::BinaryOp::Greater,
        Cmp::Ge => xpush_npu::ops::BinaryOp::GreaterEqual,
    };
    let out = xpush_npu::ops::binary(f, &r[0], &r[1])?;
    crate::numpy::conv::wrap_result(out)
}

/// `x + y` with a text array: NumPy 2's string `add`; any other
/// arithmetic operator is NumPy's UFuncTypeError.
pub fn arith(ufunc: &str, x: &Value, y: Option<&Value>) -> Result<Value> {
    if let Some(e) = super::record::no_loop(ufunc, x, y) {
        return Err(e);
    }
    if super::times::is_time(x) || y.is_some_and(super::times::is_time) {
        let kind = [Some(x), y]
            .into_iter()
            .flatten()
            .find_map(|v| match v {
                Value::HostArray(a) if a.dtype().kind.is_time() => Some(a.dtype().kind),
                _ => None,
            })
            .unwrap_or(HostKind::Str);
        let ufunc_name: &'static str = match ufunc {
            "add" => "add",
            "subtract" => "subtract",
            "multiply" => "multiply",
            "divide" => "divide",
            "floor_divide" => "floor_divide",
            _ => "ufunc",
        };
        return super::host_op(ufunc_name, kind, || match y {
            Some(y) => super::times::arith(ufunc, x, y),
            None => super::times::unary(ufunc, x),
        });
    }
    let shown = |v: &Value| match v {
        Value::HostArray(a) => a.dtype().repr(),
        Value::Str(s) => HostDType::str(s.chars().count()).repr(),
        Value::Bytes(b) => HostDType::bytes(b.len()).repr(),
        Value::Int(_) | Value::BigInt(_) => DType::Int64.repr(),
        Value::Float(_) => DType::Float64.repr(),
        Value::Complex(_) => DType::Complex128.repr(),
        Value::Bool(_) => DType::Bool.repr(),
        other => crate::numpy::conv::as_array(other)
            .map(|a| a.dtype().repr())
            .unwrap_or_else(|_| "dtype('O')".to_string()),
    };
    let Some(y) = y else {
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!(
                "ufunc '{ufunc}' did not contain a loop with signature matching types {} -> None",
                dtype_class(x)
            ),
        ));
    };
    let (kx, ky) = (kind_of(x), kind_of(y));
    if let (true, Some(kind)) = (ufunc == "add" && kx == ky, kx) {
        return super::host_op("add", kind, || super::strings::add_values(x, y));
    }
    if ufunc == "multiply" && kx.is_some() && matches!(y, Value::Int(_) | Value::Bool(_))
        || ufunc == "multiply" && ky.is_some() && matches!(x, Value::Int(_) | Value::Bool(_))
    {
        return Err(Error::type_error(
            "The 'out' kwarg is necessary when using the string multiply ufunc directly. Use numpy.strings.multiply to multiply strings without specifying 'out'.",
        ));
    }
    Err(Error::new(
        xpush_npu::ExcKind::UFuncTypeError,
        format!(
            "ufunc '{ufunc}' did not contain a loop with signature matching types ({}, {}) -> None",
            shown(x),
            shown(y)
        ),
    ))
}
