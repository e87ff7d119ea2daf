//! `datetime64` and `timedelta64` arrays and scalars: construction,
//! casts, comparisons, arithmetic and NumPy's functions on them
//! (`np.datetime64`, `np.timedelta64`, `np.isnat`, `np.datetime_as_string`,
//! `np.datetime_data`, `np.arange` of dates, `min`/`max`/`diff`). The
//! calendar itself is [`super::datetime`].

use xpush_npu::{Array, DType};

use super::datetime::{self, Unit, NAT};
use super::{wrap, Cell, HostArray, HostDType, HostKind};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Whether `d` is one of this module's entries, which take time arrays
/// themselves (the table runs them as they are).
pub fn is_entry(d: &FuncDef) -> bool {
    FUNCS
        .iter()
        .any(|f| f.module == d.module && f.name == d.name)
}

/// Whether a value is a datetime64/timedelta64 array or scalar.
pub fn is_time(v: &Value) -> bool {
    matches!(v, Value::HostArray(a) if a.dtype().kind.is_time())
}

fn time_kind(v: &Value) -> Option<HostKind> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_time() => Some(a.dtype().kind),
        _ => crate::datetime::of(v)
            .and_then(crate::datetime::to_numpy)
            .map(|(_, unit, delta)| {
                if delta {
                    HostKind::TimeDelta(unit)
                } else {
                    HostKind::DateTime(unit)
                }
            }),
    }
}

/// A time value of a leaf: its value and the kind it brings (`None` for
/// a plain integer, which takes the dtype's unit).
fn leaf(v: &Value, datetime: bool) -> Result<(i64, Option<HostKind>)> {
    Ok(match v {
        Value::Str(s) => {
            let (value, unit) = datetime::parse(s)?;
            if datetime {
                (value, Some(HostKind::DateTime(unit)))
            } else if value == NAT {
                (NAT, Some(HostKind::TimeDelta(Unit::Generic)))
            } else {
                return Err(Error::value_error(
                    "Could not convert object to NumPy timedelta",
                ));
            }
        }
        Value::Int(i) => (*i, None),
        Value::Bool(b) => (i64::from(*b), None),
        Value::None => (NAT, None),
        Value::Scalar(s) if s.dtype().is_integer() => match s.to_elem() {
            xpush_npu::Elem::Int(i) => (i, None),
            xpush_npu::Elem::UInt(u) => (u as i64, None),
            _ => (0, None),
        },
        Value::HostArray(a) if a.size() == 1 && a.dtype().kind.is_time() => {
            (a.cells()[0].time(), Some(a.dtype().kind))
        }
        // A `datetime.date` is days, a `datetime` and a `timedelta`
        // microseconds, as NumPy reads them.
        Value::Object(_) if time_kind(v).is_some() => {
            let (value, _, _) = crate::datetime::of(v)
                .and_then(crate::datetime::to_numpy)
                .unwrap_or((NAT, Unit::Generic, false));
            (value, time_kind(v))
        }
        _ => {
            return Err(Error::value_error(format!(
                "Could not convert object to NumPy {}",
                if datetime { "datetime" } else { "timedelta" }
            )))
        }
    })
}

/// Converts a value of `from` to the unit of `to` (both times of the same
/// family).
fn convert(v: i64, from: HostKind, to: HostKind) -> Result<i64> {
    match (from, to) {
        (HostKind::DateTime(a), HostKind::DateTime(b)) => datetime::convert_datetime(v, a, b),
        (HostKind::TimeDelta(a), HostKind::TimeDelta(b)) => datetime::convert_timedelta(v, a, b),
        (HostKind::DateTime(_), HostKind::TimeDelta(_)) => Err(Error::type_error(
            "Cannot cast NumPy datetime64 to timedelta64 according to the rule 'same_kind'",
        )),
        _ => Err(Error::type_error(
            "Cannot cast NumPy timedelta64 to datetime64 according to the rule 'same_kind'",
        )),
    }
}

/// `np.array(v, dtype=<time dtype>)` and `np.array` of time scalars:
/// strings parsed, integers in the dtype's unit, times converted. A
/// generic unit is the finest the values bring.
pub fn from_value(v: &Value, dtype: Option<HostDType>) -> Result<HostArray> {
    if let (Value::HostArray(a), Some(d)) = (v, dtype) {
        if a.dtype().kind.is_text() {
            let items = Value::list(a.cells().iter().map(Cell::to_value).collect());
            let t = from_value(&items, Some(d))?;
            return HostArray::new(t.dtype(), t.cells(), a.shape());
        }
    }
    if let Value::Array(a) = v {
        let d = dtype.unwrap_or(HostDType::datetime(Unit::Generic));
        return from_numeric(a, d);
    }
    let mut shape = Vec::new();
    let mut leaves = Vec::new();
    super::collect(v, 0, &mut shape, &mut leaves)?;
    let datetime = match dtype.map(|d| d.kind) {
        Some(HostKind::TimeDelta(_)) => false,
        Some(_) => true,
        None => !leaves
            .iter()
            .any(|l| matches!(time_kind(l), Some(HostKind::TimeDelta(_)))),
    };
    let parsed = leaves
        .iter()
        .map(|l| leaf(l, datetime))
        .collect::<Result<Vec<_>>>()?;
    let wanted = dtype.and_then(|d| d.kind.unit()).unwrap_or(Unit::Generic);
    let unit = if wanted != Unit::Generic {
        wanted
    } else {
        let mut u = Unit::Generic;
        for (v, k) in &parsed {
            let Some(k) = k else { continue };
            let ku = k.unit().unwrap_or(Unit::Generic);
            if *v != NAT || ku != Unit::Generic {
                u = datetime::common_unit(u, ku, !datetime)?;
            }
        }
        u
    };
    let target = if datetime {
        HostKind::DateTime(unit)
    } else {
        HostKind::TimeDelta(unit)
    };
    let cells = parsed
        .into_iter()
        .map(|(v, k)| {
            Ok(Cell::Time(match k {
                Some(k) if v != NAT => convert(v, k, target)?,
                _ => v,
            }))
        })
        .collect::<Result<Vec<_>>>()?;
    HostArray::new(
        HostDType {
            kind: target,
            width: 0,
        },
        cells,
        &shape,
    )
}

/// A numeric array as times (`np.arange(3).astype('datetime64[D]')`):
/// integers are counts of the unit.
pub fn from_numeric(a: &Array, dtype: HostDType) -> Result<HostArray> {
    if a.dtype().is_inexact() || a.dtype().is_complex() {
        return Err(Error::type_error(format!(
            "Cannot cast array data from {} to {} according to the rule 'same_kind'",
            a.dtype().repr(),
            dtype.repr()
        )));
    }
    let cells = a
        .to_host()?
        .to_elems()
        .into_iter()
        .map(|e| {
            Cell::Time(match e {
                xpush_npu::Elem::Int(i) => i,
                xpush_npu::Elem::UInt(u) => u as i64,
                xpush_npu::Elem::Bool(b) => i64::from(b),
                _ => 0,
            })
        })
        .collect();
    HostArray::new(dtype, cells, a.shape())
}

/// A time array as numbers (`astype(int)`: the counts, NaT as the
/// int64 minimum; `astype(float)`: the counts as floats, NaT as NaN).
pub fn to_numeric(a: &HostArray, dtype: DType) -> Result<Array> {
    let elems: Vec<xpush_npu::Elem> = a
        .cells()
        .iter()
        .map(|c| {
            let v = c.time();
            if dtype.is_inexact() {
                xpush_npu::Elem::Float(if v == NAT { f64::NAN } else { v as f64 })
            } else {
                xpush_npu::Elem::Int(v)
            }
        })
        .collect();
    crate::numpy::conv::from_elems(&elems, a.shape(), dtype)
}

/// A time array as text (`astype(str)`, `np.datetime_as_string`): ISO
/// text for datetimes, `'3 days'` for timedeltas.
pub fn to_text(a: &HostArray, dtype: HostDType) -> Result<HostArray> {
    let texts: Vec<String> = a
        .cells()
        .iter()
        .map(|c| match a.dtype().kind {
            HostKind::DateTime(u) => datetime::format(c.time(), u),
            HostKind::TimeDelta(_) if c.time() == NAT => "NaT".to_string(),
            HostKind::TimeDelta(Unit::Generic) => format!("{} generic time units", c.time()),
            HostKind::TimeDelta(u) => format!("{} {}", c.time(), u.words()),
            _ => String::new(),
        })
        .collect();
    let width = if dtype.width > 0 {
        dtype.width
    } else {
        match a.dtype().kind {
            HostKind::DateTime(u) => datetime::iso_width(u),
            _ => 21,
        }
    };
    let cells = texts
        .into_iter()
        .map(|t| match dtype.kind {
            HostKind::Bytes => Cell::Bytes(std::rc::Rc::from(t.into_bytes())),
            _ => Cell::Str(std::rc::Rc::from(t)),
        })
        .collect();
    HostArray::new(HostDType { width, ..dtype }, cells, a.shape())
}

/// `a.astype(dtype)` of a time array to another time dtype.
pub fn astype(a: &HostArray, dtype: HostDType) -> Result<HostArray> {
    if dtype.kind.is_text() {
        return to_text(a, dtype);
    }
    let target = match dtype.kind.unit() {
        Some(Unit::Generic) => a.dtype().kind,
        _ => dtype.kind,
    };
    let cells = a
        .cells()
        .into_iter()
        .map(|c| Ok(Cell::Time(convert(c.time(), a.dtype().kind, target)?)))
        .collect::<Result<Vec<_>>>()?;
    if a.is_scalar() {
        return HostArray::scalar(
            HostDType {
                kind: target,
                width: 0,
            },
            cells[0].clone(),
        );
    }
    HostArray::new(
        HostDType {
            kind: target,
            width: 0,
        },
        cells,
        a.shape(),
    )
}

/// An operand of time arithmetic: times of a kind, or plain integers
/// (counts of the other operand's unit), or floats (timedelta scaling).
enum Operand {
    Time(HostArray),
    Int(Array),
    Float(Array),
}

fn operand(v: &Value) -> Result<Operand> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_time() => Ok(Operand::Time((**a).clone())),
        Value::HostArray(a) => Err(unsupported_text(a.dtype())),
        other => {
            let a = crate::numpy::conv::as_array(other)?.to_host()?;
            if a.dtype().is_inexact() {
                Ok(Operand::Float(a))
            } else {
                Ok(Operand::Int(a))
            }
        }
    }
}

fn unsupported_text(d: HostDType) -> Error {
    Error::type_error(format!("time arithmetic with a {} array", d.repr()))
}

/// Two operands' values broadcast together: the shape, each side's floats
/// (empty unless it is a float operand) and each side's integers (times
/// or integer operands; empty for a float operand).
struct Broadcast {
    shape: Vec<usize>,
    fx: Vec<f64>,
    fy: Vec<f64>,
    ix: Vec<i64>,
    iy: Vec<i64>,
}

fn broadcast(x: &Operand, y: &Operand) -> Result<Broadcast> {
    let shape_of = |o: &Operand| match o {
        Operand::Time(t) => t.shape().to_vec(),
        Operand::Int(a) | Operand::Float(a) => a.shape().to_vec(),
    };
    let shape = xpush_npu::layout::broadcast_shapes(&[&shape_of(x), &shape_of(y)])?;
    let ints = |o: &Operand| -> Result<Vec<i64>> {
        Ok(match o {
            Operand::Time(t) => {
                let idx = t.index().broadcast_to(&shape)?;
                let table = t.table().borrow();
                idx.to_vec::<i64>()?
                    .into_iter()
                    .map(|p| table[p as usize].time())
                    .collect()
            }
            Operand::Int(a) => a
                .broadcast_to(&shape)?
                .to_elems()
                .into_iter()
                .map(|e| match e {
                    xpush_npu::Elem::Int(i) => i,
                    xpush_npu::Elem::UInt(u) => u as i64,
                    xpush_npu::Elem::Bool(b) => i64::from(b),
                    _ => 0,
                })
                .collect(),
            Operand::Float(_) => Vec::new(),
        })
    };
    let floats = |o: &Operand| -> Result<Vec<f64>> {
        Ok(match o {
            Operand::Float(a) => a
                .broadcast_to(&shape)?
                .to_elems()
                .into_iter()
                .map(|e| match e {
                    xpush_npu::Elem::Float(f) => f,
                    _ => 0.0,
                })
                .collect(),
            _ => Vec::new(),
        })
    };
    Ok(Broadcast {
        shape: shape.clone(),
        fx: floats(x)?,
        fy: floats(y)?,
        ix: ints(x)?,
        iy: ints(y)?,
    })
}

fn no_loop(ufunc: &str, x: &Value, y: &Value) -> Error {
    let show = |v: &Value| match v {
        Value::HostArray(a) => a.dtype().repr(),
        Value::Int(_) | Value::BigInt(_) => DType::Int64.repr(),
        Value::Float(_) => DType::Float64.repr(),
        Value::Bool(_) => DType::Bool.repr(),
        other => crate::numpy::conv::as_array(other)
            .map(|a| a.dtype().repr())
            .unwrap_or_else(|_| "dtype('O')".into()),
    };
    Error::new(
        xpush_npu::ExcKind::UFuncTypeError,
        format!(
            "ufunc '{ufunc}' cannot use operands with types {} and {}",
            show(x),
            show(y)
        ),
    )
}

/// A result: a time array of `kind` (a scalar when both operands were).
fn result(kind: HostKind, values: Vec<i64>, shape: &[usize], scalar: bool) -> Result<Value> {
    let dtype = HostDType { kind, width: 0 };
    if scalar && shape.is_empty() {
        return Ok(wrap(HostArray::scalar(dtype, Cell::Time(values[0]))?));
    }
    Ok(wrap(HostArray::new(
        dtype,
        values.into_iter().map(Cell::Time).collect(),
        shape,
    )?))
}

fn is_scalar(v: &Value) -> bool {
    match v {
        Value::HostArray(a) => a.is_scalar(),
        Value::Array(_) | Value::List(_) | Value::Tuple(_) => false,
        _ => true,
    }
}

/// Timedeltas scaled by floats (`td * 1.5`, `td / 2.5`): `f(count, x)`
/// truncated back to a count, NaT where the count is NaT or the result
/// is not finite.
fn scale(counts: &[i64], by: &[f64], f: impl Fn(f64, f64) -> f64) -> Vec<i64> {
    counts
        .iter()
        .zip(by)
        .map(|(&p, &q)| {
            let r = f(p as f64, q);
            if p == NAT || !r.is_finite() {
                NAT
            } else {
                r as i64
            }
        })
        .collect()
}

/// `p // q` rounded toward negative infinity (`None` for `q == 0`).
fn floor_div(p: i64, q: i64) -> Option<i64> {
    let d = p.checked_div(q)?;
    Some(if p % q != 0 && ((p < 0) != (q < 0)) {
        d - 1
    } else {
        d
    })
}

/// `x OP y` where an operand is a datetime64/timedelta64: NumPy's rules
/// (datetime − datetime is a timedelta, datetime ± timedelta a datetime,
/// a timedelta scales by numbers, timedelta / timedelta is a float), in
/// the finer unit of the two, NaT propagating.
pub fn arith(ufunc: &str, x: &Value, y: &Value) -> Result<Value> {
    use HostKind::{DateTime as Dt, TimeDelta as Td};
    let (ox, oy) = (operand(x)?, operand(y)?);
    let scalar = is_scalar(x) && is_scalar(y);
    let kx = match &ox {
        Operand::Time(t) => Some(t.dtype().kind),
        _ => None,
    };
    let ky = match &oy {
        Operand::Time(t) => Some(t.dtype().kind),
        _ => None,
    };
    let Broadcast {
        shape,
        fx,
        fy,
        ix,
        iy,
    } = broadcast(&ox, &oy)?;
    let nat2 = |a: i64, b: i64, f: &dyn Fn(i64, i64) -> Option<i64>| -> i64 {
        if a == NAT || b == NAT {
            NAT
        } else {
            f(a, b).unwrap_or(NAT)
        }
    };
    // Both operands converted to their common unit.
    let common = |a: HostKind, b: HostKind| -> Result<(Unit, Vec<i64>, Vec<i64>)> {
        let (ua, ub) = (
            a.unit().unwrap_or(Unit::Generic),
            b.unit().unwrap_or(Unit::Generic),
        );
        let u = datetime::common_unit(ua, ub, matches!((a, b), (Td(_), Td(_))))?;
        let conv = |vals: &[i64], k: HostKind| -> Result<Vec<i64>> {
            let to = match k {
                Dt(_) => Dt(u),
                _ => Td(u),
            };
            vals.iter().map(|&v| convert(v, k, to)).collect()
        };
        Ok((u, conv(&ix, a)?, conv(&iy, b)?))
    };
    // `+` or `-` of two counts, `None` on overflow.
    let add_or_sub = |p: i64, q: i64| {
        if ufunc == "subtract" {
            p.checked_sub(q)
        } else {
            p.checked_add(q)
        }
    };
    let map2 = |a: &[i64], b: &[i64], f: &dyn Fn(i64, i64) -> Option<i64>| -> Vec<i64> {
        a.iter().zip(b).map(|(&p, &q)| nat2(p, q, f)).collect()
    };
    match (ufunc, kx, ky) {
        ("subtract", Some(Dt(_)), Some(Dt(_))) => {
            let (u, a, b) = common(
                kx.unwrap_or(Dt(Unit::Generic)),
                ky.unwrap_or(Dt(Unit::Generic)),
            )?;
            result(
                Td(u),
                map2(&a, &b, &|p, q| p.checked_sub(q)),
                &shape,
                scalar,
            )
        }
        ("add" | "subtract", Some(Dt(_)), Some(Td(_))) | ("add", Some(Td(_)), Some(Dt(_))) => {
            let (ka, kb) = (
                kx.unwrap_or(Dt(Unit::Generic)),
                ky.unwrap_or(Td(Unit::Generic)),
            );
            let (u, a, b) = common(ka, kb)?;
            result(Dt(u), map2(&a, &b, &add_or_sub), &shape, scalar)
        }
        ("add" | "subtract", Some(Td(_)), Some(Td(_))) => {
            let (u, a, b) = common(
                kx.unwrap_or(Td(Unit::Generic)),
                ky.unwrap_or(Td(Unit::Generic)),
            )?;
            result(Td(u), map2(&a, &b, &add_or_sub), &shape, scalar)
        }
        // A plain integer counts the time's own unit.
        ("add" | "subtract", Some(k @ (Dt(_) | Td(_))), None) if matches!(oy, Operand::Int(_)) => {
            result(k, map2(&ix, &iy, &add_or_sub), &shape, scalar)
        }
        ("add", None, Some(k @ (Dt(_) | Td(_)))) if matches!(ox, Operand::Int(_)) => {
            result(k, map2(&ix, &iy, &|p, q| p.checked_add(q)), &shape, scalar)
        }
        ("multiply", Some(k @ Td(_)), None) | ("multiply", None, Some(k @ Td(_))) => {
            let (t, n, nf) = if kx.is_some() {
                (&ix, &iy, &fy)
            } else {
                (&iy, &ix, &fx)
            };
            let vals: Vec<i64> = if nf.is_empty() {
                map2(t, n, &|p, q| p.checked_mul(q))
            } else {
                scale(t, nf, |p, q| p * q)
            };
            result(k, vals, &shape, scalar)
        }
        ("divide" | "floor_divide", Some(Td(_)), Some(Td(_))) => {
            let (_, a, b) = common(
                kx.unwrap_or(Td(Unit::Generic)),
                ky.unwrap_or(Td(Unit::Generic)),
            )?;
            let floor = ufunc == "floor_divide";
            let vals: Vec<f64> = a
                .iter()
                .zip(&b)
                .map(|(&p, &q)| {
                    if p == NAT || q == NAT {
                        f64::NAN
                    } else if floor {
                        floor_div(p, q).map_or(0.0, |d| d as f64)
                    } else {
                        p as f64 / q as f64
                    }
                })
                .collect();
            if floor {
                let ints: Vec<i64> = vals.iter().map(|&v| v as i64).collect();
                return crate::numpy::conv::wrap_result(Array::from_vec(ints, &shape)?);
            }
            crate::numpy::conv::wrap_result(Array::from_vec(vals, &shape)?)
        }
        ("divide" | "floor_divide", Some(k @ Td(_)), None) => {
            let vals: Vec<i64> = if fy.is_empty() {
                // NumPy truncates `td / n` and `td // n` alike.
                map2(&ix, &iy, &|p, q| p.checked_div(q))
            } else {
                scale(&ix, &fy, |p, q| p / q)
            };
            result(k, vals, &shape, scalar)
        }
        _ => Err(no_loop(ufunc, x, y)),
    }
}

/// `-td`, `abs(td)`, `+td`; other unary operations are NumPy's no-loop
/// error.
pub fn unary(ufunc: &str, x: &Value) -> Result<Value> {
    let Value::HostArray(a) = x else {
        return Err(Error::type_error("not a time value"));
    };
    let f = match (ufunc, a.dtype().kind) {
        ("negative", HostKind::TimeDelta(_)) => |v: i64| v.checked_neg(),
        ("absolute", HostKind::TimeDelta(_)) => |v: i64| v.checked_abs(),
        ("positive", _) => |v: i64| Some(v),
        _ => {
            return Err(Error::new(
                xpush_npu::ExcKind::UFuncTypeError,
                format!(
                "ufunc '{ufunc}' did not contain a loop with signature matching types {} -> None",
                a.dtype().repr()
            ),
            ))
        }
    };
    let vals = a
        .cells()
        .iter()
        .map(|c| match c.time() {
            NAT => NAT,
            v => f(v).unwrap_or(NAT),
        })
        .collect();
    result(a.dtype().kind, vals, a.shape(), a.is_scalar())
}

/// `x OP y` comparisons with a time operand: in the common unit, any NaT
/// compares false (true for `!=`). A datetime and a timedelta do not
/// compare (NumPy's error); `==` with another type is all false.
pub fn compare(x: &Value, y: &Value, op: super::funcs::Cmp) -> Result<Value> {
    use super::funcs::Cmp;
    let (kx, ky) = (time_kind(x), time_kind(y));
    // A string is a datetime to compare with (`a < '2020-01-01'`).
    let parse_other = |v: &Value, k: Option<HostKind>| -> Result<Value> {
        match (v, k) {
            (Value::Str(_) | Value::List(_), Some(HostKind::DateTime(_))) => Ok(wrap(from_value(
                v,
                Some(HostDType::datetime(Unit::Generic)),
            )?)),
            _ => Ok(v.clone()),
        }
    };
    let (x, y) = (parse_other(x, ky)?, parse_other(y, kx)?);
    let (kx, ky) = (time_kind(&x), time_kind(&y));
    let same_family = matches!(
        (kx, ky),
        (Some(HostKind::DateTime(_)), Some(HostKind::DateTime(_)))
            | (Some(HostKind::TimeDelta(_)), Some(HostKind::TimeDelta(_)))
    );
    let (ox, oy) = (operand(&x)?, operand(&y)?);
    let Broadcast { shape, ix, iy, .. } = broadcast(&ox, &oy)?;
    let (a, b) = if same_family {
        let (ka, kb) = (
            kx.unwrap_or(HostKind::DateTime(Unit::Generic)),
            ky.unwrap_or(HostKind::DateTime(Unit::Generic)),
        );
        let u = datetime::common_unit(
            ka.unit().unwrap_or(Unit::Generic),
            kb.unit().unwrap_or(Unit::Generic),
            matches!(ka, HostKind::TimeDelta(_)),
        )?;
        let to = |k: HostKind| match k {
            HostKind::DateTime(_) => HostKind::DateTime(u),
            _ => HostKind::TimeDelta(u),
        };
        let conv = |vals: &[i64], k: HostKind| -> Result<Vec<i64>> {
            vals.iter().map(|&v| convert(v, k, to(k))).collect()
        };
        (conv(&ix, ka)?, conv(&iy, kb)?)
    } else if matches!(
        (kx, ky),
        (Some(HostKind::TimeDelta(_)), None) | (None, Some(HostKind::TimeDelta(_)))
    ) && !matches!(ox, Operand::Float(_))
        && !matches!(oy, Operand::Float(_))
    {
        // A timedelta compares with integers as counts of its unit.
        (ix, iy)
    } else if kx.is_some() && ky.is_some() && !matches!(op, Cmp::Eq | Cmp::Ne) {
        // A datetime and a timedelta.
        return Err(no_loop(op.ufunc(), &x, &y));
    } else if matches!(op, Cmp::Eq | Cmp::Ne) {
        let v = xpush_npu::Scalar::Bool(op == Cmp::Ne);
        return crate::numpy::conv::wrap_result(Array::full(&shape, v, DType::Bool));
    } else {
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!(
                "ufunc '{}' did not contain a loop with signature matching types ({}, {}) -> None",
                op.ufunc(),
                super::funcs::dtype_class(&x),
                super::funcs::dtype_class(&y)
            ),
        ));
    };
    let out: Vec<bool> = a
        .iter()
        .zip(&b)
        .map(|(&p, &q)| {
            if p == NAT || q == NAT {
                return op == Cmp::Ne;
            }
            match op {
                Cmp::Eq => p == q,
                Cmp::Ne => p != q,
                Cmp::Lt => p < q,
                Cmp::Le => p <= q,
                Cmp::Gt => p > q,
                Cmp::Ge => p >= q,
            }
        })
        .collect();
    crate::numpy::conv::wrap_result(Array::from_vec(out, &shape)?)
}

/// `np.arange(start, stop, step, dtype=<time dtype>)` of datetimes (or
/// timedeltas): the step a count of the unit.
pub fn arange(
    start: &Value,
    stop: &Value,
    step: &Value,
    dtype: Option<HostDType>,
) -> Result<HostArray> {
    let d = dtype.unwrap_or(HostDType::datetime(Unit::Generic));
    let ends = from_value(&Value::list(vec![start.clone(), stop.clone()]), Some(d))?;
    // A timedelta step in a finer unit refines the whole range.
    let ends = match (step, ends.dtype().kind) {
        (Value::HostArray(t), HostKind::DateTime(u) | HostKind::TimeDelta(u))
            if t.dtype().kind.is_time()
                && dtype.is_none_or(|d| d.kind.unit() == Some(Unit::Generic)) =>
        {
            let su = t.dtype().kind.unit().unwrap_or(Unit::Generic);
            let unit =
                datetime::common_unit(u, su, matches!(ends.dtype().kind, HostKind::TimeDelta(_)))?;
            let to = match ends.dtype().kind {
                HostKind::DateTime(_) => HostDType::datetime(unit),
                _ => HostDType::timedelta(unit),
            };
            astype(&ends, to)?
        }
        _ => ends,
    };
    let cells = ends.cells();
    let (a, b) = (cells[0].time(), cells[1].time());
    if a == NAT || b == NAT {
        return Err(Error::value_error(
            "arange: cannot use NaT (not-a-time) datetime values",
        ));
    }
    let k = match step {
        Value::None => 1,
        Value::HostArray(t) if t.dtype().kind.is_time() => {
            let target = match ends.dtype().kind {
                HostKind::DateTime(u) | HostKind::TimeDelta(u) => HostKind::TimeDelta(u),
                other => other,
            };
            convert(t.cells()[0].time(), t.dtype().kind, target)?
        }
        v => crate::py::num::index_i64(v)?,
    };
    if k == 0 {
        return Err(Error::value_error("Maximum allowed size exceeded"));
    }
    let span = i128::from(b) - i128::from(a);
    let k128 = i128::from(k);
    let n = if span.signum() == k128.signum() {
        (span + k128 - k128.signum()) / k128
    } else {
        0
    };
    let n = usize::try_from(n).map_err(|_| Error::value_error("Maximum allowed size exceeded"))?;
    if n > 1 << 32 {
        return Err(Error::value_error("Maximum allowed size exceeded"));
    }
    let cells = (0..n as i64).map(|i| Cell::Time(a + i * k)).collect();
    HostArray::new(ends.dtype(), cells, &[n])
}

/// `np.min`/`np.max` (and the methods) of a time array over all its
/// elements: NaT wins, as NaN does.
pub fn extreme(a: &HostArray, max: bool) -> Result<Value> {
    let cells = a.cells();
    if cells.is_empty() {
        return Err(Error::value_error(format!(
            "zero-size array to reduction operation {} which has no identity",
            if max { "maximum" } else { "minimum" }
        )));
    }
    let v = if cells.iter().any(|c| c.time() == NAT) {
        NAT
    } else if max {
        cells.iter().map(Cell::time).max().unwrap_or(NAT)
    } else {
        cells.iter().map(Cell::time).min().unwrap_or(NAT)
    };
    Ok(wrap(HostArray::scalar(a.dtype(), Cell::Time(v))?))
}

/// `np.mean(a, axis, keepdims=...)` of a timedelta array, as NumPy's
/// `_mean` computes it: the sum in the array's unit (a NaT operand makes
/// NaT), then `timedelta / int` (truncating toward zero; a zero count is
/// NaT with `divide by zero`, after `Mean of empty slice`). `axes`: the
/// reduced axes (all of them: a scalar result unless `keepdims`).
pub fn mean(a: &HostArray, reduced: &[usize], keepdims: bool) -> Result<Value> {
    if let HostKind::DateTime(_) = a.dtype().kind {
        let d = a.dtype().repr();
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!("ufunc 'add' cannot use operands with types {d} and {d}"),
        ));
    }
    let nd = a.ndim();
    // The kept axes first, then the reduced ones: each result is a run
    // of `count` positions in C order.
    let kept: Vec<usize> = (0..nd).filter(|ax| !reduced.contains(ax)).collect();
    let order: Vec<isize> = kept.iter().chain(reduced).map(|&ax| ax as isize).collect();
    let positions = a.index().transpose(Some(&order))?.to_vec::<i64>()?;
    let count: usize = reduced.iter().map(|&ax| a.shape()[ax]).product();
    let table = a.table().borrow();
    let time = |p: &i64| table[*p as usize].time();
    let sum = |run: &[i64]| {
        run.iter().fold(0i64, |acc, p| {
            let v = time(p);
            if acc == NAT || v == NAT {
                NAT
            } else {
                acc.wrapping_add(v)
            }
        })
    };
    let results: usize = kept.iter().map(|&ax| a.shape()[ax]).product();
    let values: Vec<i64> = if count == 0 {
        vec![NAT; results]
    } else {
        positions
            .chunks(count)
            .map(|run| match sum(run) {
                NAT => NAT,
                s => s / count as i64,
            })
            .collect()
    };
    drop(table);
    if count == 0 && results > 0 {
        crate::numpy::fperr::warn("Mean of empty slice");
        crate::numpy::fperr::divide_by_zero("divide")?;
    }
    let shape: Vec<usize> = (0..nd)
        .filter_map(|ax| match (reduced.contains(&ax), keepdims) {
            (false, _) => Some(a.shape()[ax]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect();
    result(a.dtype().kind, values, &shape, true)
}

/// `np.diff(a)` of a 1-d time array: the differences as timedeltas.
pub fn diff(a: &HostArray) -> Result<Value> {
    if a.ndim() != 1 {
        return Err(super::unsupported(
            "np.diff of a time array that is not 1-d",
            a.dtype(),
        ));
    }
    let v: Vec<i64> = a.cells().iter().map(Cell::time).collect();
    let d: Vec<i64> = v
        .windows(2)
        .map(|w| {
            if w[0] == NAT || w[1] == NAT {
                NAT
            } else {
                w[1].checked_sub(w[0]).unwrap_or(NAT)
            }
        })
        .collect();
    let kind = match a.dtype().kind {
        HostKind::DateTime(u) => HostKind::TimeDelta(u),
        k => k,
    };
    let n = d.len();
    result(kind, d, &[n], false)
}

fn time_arg(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_time() => Ok((**a).clone()),
        Value::List(_) | Value::Tuple(_) | Value::Str(_) => from_value(v, None),
        _ => Err(Error::type_error(
            "ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.",
        )),
    }
}

fn datetime64(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let unit = match a.get(1) {
        Value::None => None,
        v => Some(Unit::parse(&crate::ops::to_str(v)).ok_or_else(|| {
            Error::type_error(format!(
                "Invalid datetime unit \"{}\" in metadata",
                crate::ops::to_str(v)
            ))
        })?),
    };
    let d = HostDType::datetime(unit.unwrap_or(Unit::Generic));
    if let (Value::Int(_), None) = (a.get(0), unit) {
        return Err(Error::value_error(
            "Converting an integer to a NumPy datetime requires a specified unit",
        ));
    }
    let t = from_value(&Value::list(vec![a.get(0).clone()]), Some(d))?;
    Ok(wrap(HostArray::scalar(t.dtype(), t.cells()[0].clone())?))
}

fn timedelta64(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let unit = match a.get(1) {
        Value::None => Unit::Generic,
        v => Unit::parse(&crate::ops::to_str(v)).ok_or_else(|| {
            Error::type_error(format!(
                "Invalid datetime unit \"{}\" in metadata",
                crate::ops::to_str(v)
            ))
        })?,
    };
    let t = from_value(
        &Value::list(vec![a.get(0).clone()]),
        Some(HostDType::timedelta(unit)),
    )?;
    Ok(wrap(HostArray::scalar(t.dtype(), t.cells()[0].clone())?))
}

fn isnat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = time_arg(a.get(0))?;
    let v: Vec<bool> = t.cells().iter().map(|c| c.time() == NAT).collect();
    crate::numpy::conv::wrap_result(Array::from_vec(v, t.shape())?)
}

fn datetime_as_string(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = time_arg(a.get(0))?;
    let t = match a.get(1) {
        Value::None => t,
        v => {
            let u = Unit::parse(&crate::ops::to_str(v)).ok_or_else(|| {
                Error::type_error(format!(
                    "Invalid datetime unit \"{}\" in metadata",
                    crate::ops::to_str(v)
                ))
            })?;
            astype(&t, HostDType::datetime(u))?
        }
    };
    if !matches!(t.dtype().kind, HostKind::DateTime(_)) {
        return Err(Error::type_error("input must have type NumPy datetime"));
    }
    let s = to_text(&t, HostDType::str(0))?;
    if t.is_scalar() || t.ndim() == 0 {
        return Ok(s.cells()[0].to_value());
    }
    Ok(wrap(s))
}

fn datetime_data(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = super::dtype_arg(a.get(0))
        .filter(|d| d.kind.is_time())
        .ok_or_else(|| Error::type_error("cannot get datetime metadata from non-datetime type"))?;
    let unit = d.kind.unit().unwrap_or(Unit::Generic);
    Ok(Value::tuple(vec![Value::str(unit.code()), Value::Int(1)]))
}

/// A business-day calendar: which weekdays are business days (Monday
/// first) and the holidays (days since the epoch, sorted).
struct BusDays {
    week: [bool; 7],
    holidays: Vec<i64>,
}

impl BusDays {
    /// From `weekmask=` (`'1111100'`, `'Mon Tue Wed'`, or seven flags)
    /// and `holidays=` (dates).
    fn new(weekmask: &Value, holidays: &Value) -> Result<BusDays> {
        let bad = || {
            Error::value_error(format!(
                "Invalid business day weekmask string \"{}\"",
                crate::ops::to_str(weekmask)
            ))
        };
        let mut week = [true, true, true, true, true, false, false];
        match weekmask {
            Value::None => {}
            Value::Str(s) if s.len() == 7 && s.chars().all(|c| c == '0' || c == '1') => {
                for (i, c) in s.chars().enumerate() {
                    week[i] = c == '1';
                }
            }
            Value::Str(s) => {
                week = [false; 7];
                const NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
                for w in s.split_whitespace() {
                    let i = NAMES.iter().position(|n| *n == w).ok_or_else(bad)?;
                    week[i] = true;
                }
            }
            v => {
                let flags = crate::py::iter::to_vec(v)?;
                if flags.len() != 7 {
                    return Err(Error::value_error(
                        "A business day weekmask array must have length 7",
                    ));
                }
                for (i, f) in flags.iter().enumerate() {
                    week[i] = crate::ops::truthy(f)?;
                }
            }
        }
        if !week.iter().any(|&b| b) {
            return Err(Error::value_error(
                "the business day weekmask must have at least one valid business day",
            ));
        }
        let mut holidays: Vec<i64> = match holidays {
            Value::None => Vec::new(),
            v => days(v)?.1.into_iter().filter(|&d| d != NAT).collect(),
        };
        holidays.sort_unstable();
        holidays.dedup();
        Ok(BusDays { week, holidays })
    }

    /// Business days in `[lo, hi)`: whole weeks at once, then the rest,
    /// less the holidays on business weekdays in the range.
    fn count(&self, lo: i64, hi: i64) -> i64 {
        let per_week = self.week.iter().filter(|&&b| b).count() as i64;
        let weeks = (hi - lo) / 7;
        let mut n = weeks * per_week;
        for d in lo + weeks * 7..hi {
            n += i64::from(self.weekday_ok(d));
        }
        let from = self.holidays.partition_point(|&h| h < lo);
        let to = self.holidays.partition_point(|&h| h < hi);
        n - self.holidays[from..to]
            .iter()
            .filter(|&&h| self.weekday_ok(h))
            .count() as i64
    }

    /// `d` (a business day) moved `n` business days: whole weeks are
    /// jumped while many days are left (the holidays jumped over counted
    /// back), then day by day.
    fn offset(&self, mut d: i64, mut n: i64) -> i64 {
        let per_week = self.week.iter().filter(|&&b| b).count() as i64;
        let step = n.signum();
        while n.abs() > 2 * per_week {
            let weeks = n.abs() / per_week - 1;
            let next = d + step * weeks * 7;
            // Business days passed: those in (d, next] going forward,
            // [next, d) going back.
            let passed = if step > 0 {
                self.count(d + 1, next + 1)
            } else {
                self.count(next, d)
            };
            n -= step * passed;
            d = next;
            // Stand on a business day already counted.
            while !self.is_busday(d) {
                d -= step;
            }
        }
        for _ in 0..n.unsigned_abs() {
            d += step;
            while !self.is_busday(d) {
                d += step;
            }
        }
        d
    }

    /// The calendar of a call: `weekmask=` and `holidays=`, or the
    /// `busdaycal=` calendar (NumPy's error when both are given).
    fn of_call(
        weekmask: &Value,
        holidays: &Value,
        busdaycal: &Value,
        func: &str,
    ) -> Result<BusDays> {
        if busdaycal.is_none() {
            return BusDays::new(weekmask, holidays);
        }
        if !weekmask.is_none() || !holidays.is_none() {
            return Err(Error::value_error(format!(
                "Cannot supply both the weekmask/holidays and the busdaycal parameters to {func}()"
            )));
        }
        let Value::Instance(i) = busdaycal else {
            return Err(Error::type_error(format!(
                "busdaycal parameter must be a numpy.busdaycalendar, not {}",
                crate::ops::type_name(busdaycal)
            )));
        };
        let attrs = i.attrs.borrow();
        let week = attrs.get("weekmask").cloned().unwrap_or(Value::None);
        let hol = attrs.get("holidays").cloned().unwrap_or(Value::None);
        drop(attrs);
        BusDays::new(&week, &hol)
    }

    fn weekday_ok(&self, day: i64) -> bool {
        self.week[(day + 3).rem_euclid(7) as usize]
    }

    fn is_busday(&self, day: i64) -> bool {
        // 1970-01-01 was a Thursday (weekday 3, Monday first).
        self.week[(day + 3).rem_euclid(7) as usize] && self.holidays.binary_search(&day).is_err()
    }
}

/// Dates as days (`datetime64[D]`): the shape and the values.
fn days(v: &Value) -> Result<(Vec<usize>, Vec<i64>)> {
    let t = from_value(v, Some(HostDType::datetime(Unit::Day)))?;
    let values: Vec<i64> = t.cells().iter().map(Cell::time).collect();
    // Far enough from i64's ends that stepping through weeks cannot
    // overflow.
    if values
        .iter()
        .any(|&d| d != NAT && d.unsigned_abs() > 1 << 60)
    {
        return Err(Error::overflow(
            "date out of range for business day functions",
        ));
    }
    Ok((t.shape().to_vec(), values))
}

/// Whether a value is a scalar date or number (the result is then a scalar).
fn scalar_arg(v: &Value) -> bool {
    match v {
        Value::HostArray(a) => a.is_scalar(),
        Value::Str(_) | Value::Int(_) | Value::Bool(_) | Value::Scalar(_) => true,
        _ => false,
    }
}

fn busday_offset(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cal = BusDays::of_call(a.get(3), a.get(4), a.get(5), "busday_offset")?;
    let (dshape, dates) = days(a.get(0))?;
    let offs = crate::numpy::conv::as_array(a.get(1))?.to_host()?;
    let shape = xpush_npu::layout::broadcast_shapes(&[&dshape, offs.shape()])?;
    let dpos = super::positions_in(&dshape, &shape)?;
    let offs: Vec<i64> = offs
        .broadcast_to(&shape)?
        .to_elems()
        .into_iter()
        .map(|e| match e {
            xpush_npu::Elem::Int(i) => i,
            xpush_npu::Elem::UInt(u) => u as i64,
            xpush_npu::Elem::Bool(b) => i64::from(b),
            xpush_npu::Elem::Float(f) => f as i64,
            _ => 0,
        })
        .collect();
    let roll = match a.get(2) {
        Value::None => "raise".to_string(),
        v => crate::ops::to_str(v),
    };
    let month = |d: i64| {
        let (y, m, _) = datetime::civil_from_days(d);
        (y, m)
    };
    let mut out = Vec::with_capacity(offs.len());
    for (p, &n) in dpos.iter().zip(&offs) {
        let mut d = dates[*p];
        if d == NAT && roll == "raise" {
            return Err(Error::value_error("NaT input in busday_offset"));
        }
        if d == NAT {
            out.push(NAT);
            continue;
        }
        if !cal.is_busday(d) {
            let forward = |mut d: i64| {
                while !cal.is_busday(d) {
                    d += 1;
                }
                d
            };
            let backward = |mut d: i64| {
                while !cal.is_busday(d) {
                    d -= 1;
                }
                d
            };
            d = match roll.as_str() {
                "raise" => {
                    return Err(Error::value_error("Non-business day date in busday_offset"))
                }
                "nat" => {
                    out.push(NAT);
                    continue;
                }
                "forward" | "following" => forward(d),
                "backward" | "preceding" => backward(d),
                "modifiedfollowing" => {
                    let f = forward(d);
                    if month(f) == month(d) {
                        f
                    } else {
                        backward(d)
                    }
                }
                "modifiedpreceding" => {
                    let b = backward(d);
                    if month(b) == month(d) {
                        b
                    } else {
                        forward(d)
                    }
                }
                other => {
                    return Err(Error::value_error(format!(
                        "Invalid business day roll parameter \"{other}\""
                    )))
                }
            };
        }
        out.push(cal.offset(d, n));
    }
    let scalar = scalar_arg(a.get(0)) && scalar_arg(a.get(1));
    result(HostKind::DateTime(Unit::Day), out, &shape, scalar)
}

fn busday_count(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cal = BusDays::of_call(a.get(2), a.get(3), a.get(4), "busday_count")?;
    let (bshape, begins) = days(a.get(0))?;
    let (eshape, ends) = days(a.get(1))?;
    let shape = xpush_npu::layout::broadcast_shapes(&[&bshape, &eshape])?;
    let bpos = super::positions_in(&bshape, &shape)?;
    let epos = super::positions_in(&eshape, &shape)?;
    let counts: Vec<i64> = bpos
        .iter()
        .zip(&epos)
        .map(|(&i, &j)| {
            let (b, e) = (begins[i], ends[j]);
            if b == NAT || e == NAT {
                return Err(Error::value_error(
                    "Cannot compute a business day count with a NaT (not-a-time) date",
                ));
            }
            // Backwards, NumPy counts (end, begin].
            let (lo, hi, sign) = if e >= b {
                (b, e, 1)
            } else {
                (e + 1, b + 1, -1)
            };
            Ok(sign * cal.count(lo, hi))
        })
        .collect::<Result<_>>()?;
    crate::numpy::conv::wrap_result(Array::from_vec(counts, &shape)?)
}

fn is_busday(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cal = BusDays::of_call(a.get(1), a.get(2), a.get(3), "is_busday")?;
    let (shape, dates) = days(a.get(0))?;
    let v: Vec<bool> = dates
        .iter()
        .map(|&d| d != NAT && cal.is_busday(d))
        .collect();
    crate::numpy::conv::wrap_result(Array::from_vec(v, &shape)?)
}

// ---- np.busdaycalendar ----

thread_local! {
    static BUSDAYCAL: std::cell::RefCell<Option<std::rc::Rc<crate::py::class::Class>>> =
        const { std::cell::RefCell::new(None) };
}

/// The class `numpy.busdaycalendar` (a class whose methods are the entries
/// of [`BUSDAYCAL_METHODS`]; an instance's `__dict__` holds `weekmask`, a
/// bool array of seven, and `holidays`, the sorted `datetime64[D]`
/// holidays that fall on business weekdays).
pub fn busdaycalendar_class() -> Result<std::rc::Rc<crate::py::class::Class>> {
    if let Some(c) = BUSDAYCAL.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let attrs = crate::numpy::poly1d::table_attrs("busdaycalendar", &[]);
    let c = std::rc::Rc::new(crate::py::class::Class::new(
        "busdaycalendar",
        "busdaycalendar",
        "numpy",
        Vec::new(),
        attrs,
    )?);
    BUSDAYCAL.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

fn busdaycal_new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = busdaycalendar_class()?;
    host.call(
        &Value::Class(c),
        vec![a.get(0).clone(), a.get(1).clone()],
        Vec::new(),
    )
}

fn busdaycal_init(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cal = BusDays::new(a.get(1), a.get(2)).map_err(|e| {
        if e.msg().starts_with("the business day weekmask must have") {
            Error::value_error("Cannot construct a numpy.busdaycal with a weekmask of all zeros")
        } else {
            e
        }
    })?;
    let holidays: Vec<i64> = cal
        .holidays
        .iter()
        .copied()
        .filter(|&d| cal.weekday_ok(d))
        .collect();
    let n = holidays.len();
    let hol = result(HostKind::DateTime(Unit::Day), holidays, &[n], false)?;
    let week = crate::numpy::conv::wrap(Array::from_vec(cal.week.to_vec(), &[7])?);
    if let Value::Instance(i) = a.get(0) {
        let mut attrs = i.attrs.borrow_mut();
        attrs.set("weekmask", week);
        attrs.set("holidays", hol);
    }
    Ok(Value::None)
}

/// The methods of `np.busdaycalendar`.
pub const BUSDAYCAL_METHODS: &[FuncDef] = &[entry!(
    Method,
    NumpyTypes,
    "busdaycalendar",
    "__init__",
    "(self, weekmask='1111100', holidays=None)",
    busdaycal_init,
    "A business-day calendar from a weekmask and holidays.",
    ["np.busdaycalendar(weekmask='Mon Tue').weekmask[:3]  # array([ True,  True, False])"]
)];

/// The entries of the time types and functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, NumpyTypes, "numpy", "datetime64", "(value=None, unit=None, /)", datetime64,
        "A date or date-time: from an ISO 8601 string, or a count of a unit since 1970-01-01.",
        ["np.datetime64('2020-01-31') + np.timedelta64(1, 'D')  # np.datetime64('2020-02-01')"]),
    entry!(Type, NumpyTypes, "numpy", "timedelta64", "(value=0, unit=None, /)", timedelta64,
        "A time span: a count of a unit.",
        ["np.timedelta64(90, 'm').astype('timedelta64[h]')  # np.timedelta64(1,'h')"]),
    entry!(Function, NumpyUfunc, "numpy", "isnat", "(x, /)", isnat,
        "Whether each datetime or timedelta is NaT.",
        ["np.isnat(np.array(['2020-01-01', 'NaT'], dtype='datetime64[D]'))  # array([False,  True])"]),
    entry!(Function, NumpyTypes, "numpy", "datetime_as_string", "(arr, unit=None, timezone='naive', casting='same_kind')", datetime_as_string,
        "Datetimes as ISO 8601 strings (in another unit when given).",
        ["np.datetime_as_string(np.datetime64('2020-01-31T10:30'), unit='D')  # '2020-01-31'"]),
    entry!(Function, NumpyTypes, "numpy", "busday_offset", "(dates, offsets, roll='raise', weekmask=None, holidays=None, busdaycal=None, out=None)", busday_offset,
        "Dates moved by a number of business days (rolled to one first).",
        ["np.busday_offset('2024-01-05', 1)  # np.datetime64('2024-01-08')"]),
    entry!(Function, NumpyTypes, "numpy", "busday_count", "(begindates, enddates, weekmask=None, holidays=None, busdaycal=None, out=None)", busday_count,
        "The business days from each begin date up to (not including) its end date.",
        ["np.busday_count('2024-01-01', '2024-02-01')  # np.int64(23)"]),
    entry!(Function, NumpyTypes, "numpy", "is_busday", "(dates, weekmask=None, holidays=None, busdaycal=None, out=None)", is_busday,
        "Whether each date is a business day.",
        ["np.is_busday('2024-01-06')  # np.False_"]),
    entry!(Function, NumpyTypes, "numpy", "busdaycalendar", "(weekmask='1111100', holidays=None)", busdaycal_new,
        "A business-day calendar (a class): its weekmask (seven bools, Monday first) and its sorted holidays on business weekdays, for busdaycal= of busday_count, busday_offset and is_busday.",
        ["np.busday_count('2024-01-01', '2024-02-01', busdaycal=np.busdaycalendar(holidays=['2024-01-01']))  # np.int64(22)"]),
    entry!(Function, NumpyTypes, "numpy", "datetime_data", "(dtype, /)", datetime_data,
        "The unit and count of a datetime or timedelta dtype.",
        ["np.datetime_data(np.dtype('datetime64[ms]'))  # ('ms', 1)"]),
];
