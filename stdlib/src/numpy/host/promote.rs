//! NumPy's promotion and casting rules where a host dtype (str, bytes,
//! datetime64, timedelta64, object) meets another dtype:
//! `np.promote_types`, `np.result_type`, `np.can_cast`,
//! `np.min_scalar_type` and `np.common_type` of host arrays and dtypes.
//! Numbers among themselves keep [`xpush_npu::promote`]'s rules.

use xpush_npu::promote::Casting;
use xpush_npu::DType;

use super::{HostDType, HostKind};
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// A numeric or a host dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyDType {
    /// A numeric dtype (an xpush array's).
    Num(DType),
    /// A host dtype.
    Host(HostDType),
}

impl AnyDType {
    /// NumPy's class of the dtype (`<class 'numpy.dtypes.StrDType'>`).
    pub fn class_repr(self) -> String {
        match self {
            AnyDType::Num(d) => d.class_repr(),
            AnyDType::Host(h) => format!("<class 'numpy.dtypes.{}'>", h.kind.class_name()),
        }
    }

    /// The dtype as a language value (`dtype('<U5')`).
    pub fn value(self) -> Value {
        match self {
            AnyDType::Num(d) => Value::DType(d),
            AnyDType::Host(h) => Value::HostDType(h),
        }
    }
}

/// Whether `v` is a host array or spells a host dtype (`'U3'`, `str`,
/// `'M8[D]'`, `object`): what sends the promotion functions here.
pub fn is_host(v: &Value) -> bool {
    super::dtype_arg(v).is_some()
}

/// The dtype a value is or holds: a dtype spec, an array or a NumPy
/// scalar.
pub fn any_dtype(v: &Value) -> Result<AnyDType> {
    if let Some(h) = super::dtype_arg(v) {
        return Ok(AnyDType::Host(h));
    }
    Ok(AnyDType::Num(match v {
        Value::Array(a) => a.dtype(),
        Value::Scalar(s) => s.dtype(),
        other => crate::numpy::conv::dtype_arg(other)?
            .ok_or_else(|| Error::type_error("Cannot interpret 'None' as a data type"))?,
    }))
}

/// NumPy's error for two dtypes with no common dtype.
pub(super) fn no_common(a: AnyDType, b: AnyDType) -> Error {
    Error::new(
        ExcKind::DTypePromotionError,
        format!(
            "The DTypes {} and {} do not have a common DType. For example they cannot be stored in a single array unless the dtype is `object`.",
            a.class_repr(),
            b.class_repr()
        ),
    )
}

/// Whether a timedelta takes integers of `d` as counts of its unit (bool
/// and the integers that fit int64).
fn counts_time(d: DType) -> bool {
    d.is_bool() || d.is_integer() && d != DType::UInt64
}

/// `np.promote_types(a, b)`.
pub fn promote(a: AnyDType, b: AnyDType) -> Result<AnyDType> {
    common(a, b)?.ok_or_else(|| no_common(a, b))
}

/// The common dtype of `a` and `b`, `None` when they have none (which
/// `promote_types` and `result_type` word differently).
fn common(a: AnyDType, b: AnyDType) -> Result<Option<AnyDType>> {
    use AnyDType::{Host, Num};
    let text = |kind: HostKind, width: usize| Ok(Some(Host(HostDType { kind, width })));
    match (a, b) {
        (Num(x), Num(y)) => Ok(Some(Num(xpush_npu::promote::promote_types(x, y)))),
        (Host(h), _) | (_, Host(h)) if h.kind == HostKind::Object => Ok(Some(Host(h))),
        (Host(x), Host(y)) if x.kind.is_record() && y.kind.is_record() => {
            super::record::promote(x, y).map(|d| Some(Host(d)))
        }
        (Host(x), Host(y)) if x.kind.is_text() && y.kind.is_text() => {
            let kind = if x.kind == HostKind::Str || y.kind == HostKind::Str {
                HostKind::Str
            } else {
                HostKind::Bytes
            };
            text(kind, x.width.max(y.width))
        }
        (Host(t), Num(n)) | (Num(n), Host(t)) if t.kind.is_text() => {
            text(t.kind, t.width.max(HostDType::width_for(n)))
        }
        (Host(x), Host(y)) if x.kind.is_time() && y.kind.is_time() => {
            let (u, v) = (x.kind.unit(), y.kind.unit());
            let generic = super::datetime::Unit::Generic;
            let (u, v) = (u.unwrap_or(generic), v.unwrap_or(generic));
            Ok(Some(Host(match (x.kind, y.kind) {
                (HostKind::TimeDelta(_), HostKind::TimeDelta(_)) => {
                    HostDType::timedelta(super::datetime::common_unit(u, v, true)?)
                }
                _ => HostDType::datetime(super::datetime::common_unit(u, v, false)?),
            })))
        }
        (Host(t), Num(n)) | (Num(n), Host(t))
            if matches!(t.kind, HostKind::TimeDelta(_)) && counts_time(n) =>
        {
            Ok(Some(Host(t)))
        }
        _ => Ok(None),
    }
}

/// How far a cast from `from` to `to` keeps values: `Some(true)` safe,
/// `Some(false)` within a kind only, `None` unsafe only.
pub(super) fn cast_level(from: AnyDType, to: AnyDType) -> Option<bool> {
    use AnyDType::{Host, Num};
    // A flexible text dtype (`'U'`, width 0) takes any width.
    let fits = |width: usize, need: usize| width == 0 || width >= need;
    match (from, to) {
        (Num(x), Num(y)) => {
            if xpush_npu::promote::can_cast(x, y, Casting::Safe) {
                Some(true)
            } else {
                xpush_npu::promote::can_cast(x, y, Casting::SameKind).then_some(false)
            }
        }
        (_, Host(t)) if t.kind == HostKind::Object => Some(true),
        (Host(f), _) if f.kind == HostKind::Object => None,
        (Host(f), Host(t)) if f.kind.is_record() && t.kind.is_record() => {
            super::record::cast_level(f, t)
        }
        (Host(f), Host(t)) if f.kind.is_text() && t.kind.is_text() => {
            if f.kind == HostKind::Str && t.kind == HostKind::Bytes {
                None
            } else {
                Some(fits(t.width, f.width))
            }
        }
        (Num(n), Host(t)) if t.kind.is_text() => Some(fits(t.width, HostDType::width_for(n))),
        (Host(f), Host(t)) => {
            let (u, v) = (f.kind.unit()?, t.kind.unit()?);
            let same_kind = matches!(
                (f.kind, t.kind),
                (HostKind::DateTime(_), HostKind::DateTime(_))
                    | (HostKind::TimeDelta(_), HostKind::TimeDelta(_))
            );
            let timedelta = matches!(f.kind, HostKind::TimeDelta(_));
            use super::datetime::Unit::Generic;
            if !same_kind || v == Generic && u != Generic {
                None
            } else if u == Generic {
                Some(true)
            } else if timedelta && u.is_calendar() != v.is_calendar() {
                None
            } else {
                Some(v >= u)
            }
        }
        (Num(n), Host(t)) if matches!(t.kind, HostKind::TimeDelta(_)) => {
            if counts_time(n) {
                Some(true)
            } else {
                (n == DType::UInt64).then_some(false)
            }
        }
        _ => None,
    }
}

/// `np.can_cast(from, to, casting)`.
pub fn can_cast(from: AnyDType, to: AnyDType, casting: Casting) -> bool {
    if from == to {
        return true;
    }
    // Records cast to another kind of dtype only from one field (or to
    // object), even unsafely.
    if let AnyDType::Host(f) = from {
        let to_record_or_object =
            matches!(to, AnyDType::Host(t) if t.kind.is_record() || t.kind == HostKind::Object);
        if f.kind.is_record() && !to_record_or_object && super::record::field_count(f) != 1 {
            return false;
        }
    }
    if casting == Casting::Unsafe {
        return true;
    }
    match casting {
        Casting::No | Casting::Equiv => false,
        Casting::Safe => cast_level(from, to) == Some(true),
        Casting::SameKind | Casting::Unsafe => cast_level(from, to).is_some(),
    }
}

/// `np.result_type(*arrays_and_dtypes)` with a host dtype among them:
/// the dtypes promoted in turn, then the Python scalars, which only an
/// object or a timedelta (for ints) takes.
pub fn result_type(values: &[Value]) -> Result<AnyDType> {
    let weak = |v: &Value| -> Option<&'static str> {
        match v {
            Value::Int(_) | Value::BigInt(_) => Some("_PyLongDType"),
            Value::Float(_) => Some("_PyFloatDType"),
            Value::Complex(_) => Some("_PyComplexDType"),
            _ => None,
        }
    };
    let mut out: Option<AnyDType> = None;
    for v in values.iter().filter(|v| weak(v).is_none()) {
        let d = any_dtype(v)?;
        out = Some(match out {
            None => d,
            Some(o) => common(o, d)?.ok_or_else(|| not_promoted(o, &d.class_repr(), values))?,
        });
    }
    let Some(out) = out else {
        return Err(Error::value_error(
            "at least one array or dtype is required",
        ));
    };
    for v in values {
        let Some(class) = weak(v) else { continue };
        let takes = match out {
            AnyDType::Host(h) => {
                h.kind == HostKind::Object
                    || matches!(h.kind, HostKind::TimeDelta(_)) && class == "_PyLongDType"
            }
            AnyDType::Num(_) => true,
        };
        if !takes {
            return Err(not_promoted(
                out,
                &format!("<class 'numpy.dtypes.{class}'>"),
                values,
            ));
        }
    }
    Ok(out)
}

/// `result_type`'s error when `out` has no common dtype with the next
/// operand (of class `by`): every operand's class listed.
fn not_promoted(out: AnyDType, by: &str, values: &[Value]) -> Error {
    let all: Vec<String> = values
        .iter()
        .map(|v| match v {
            Value::Int(_) | Value::BigInt(_) => "<class 'numpy.dtypes._PyLongDType'>".into(),
            Value::Float(_) => "<class 'numpy.dtypes._PyFloatDType'>".into(),
            Value::Complex(_) => "<class 'numpy.dtypes._PyComplexDType'>".into(),
            v => any_dtype(v).map(|d| d.class_repr()).unwrap_or_default(),
        })
        .collect();
    Error::new(
        ExcKind::DTypePromotionError,
        format!(
            "The DType {} could not be promoted by {by}. This means that no common DType exists for the given inputs. For example they cannot be stored in a single array unless the dtype is `object`. The full list of DTypes is: ({})",
            out.class_repr(),
            all.join(", ")
        ),
    )
}

/// `np.min_scalar_type(v)` of text, a host array or a host scalar: its
/// own dtype (`'abc'` is `<U3`).
pub fn min_scalar_type(v: &Value) -> Option<HostDType> {
    match v {
        Value::Str(s) => Some(HostDType::str(s.chars().count())),
        Value::Bytes(b) => Some(HostDType::bytes(b.len())),
        Value::HostArray(a) => Some(a.dtype()),
        _ => None,
    }
}
