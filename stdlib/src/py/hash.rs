//! `hash(v)` as CPython 3.11 computes it, and the key equality of dicts
//! and sets.
//!
//! Numbers hash by their value modulo the Mersenne prime 2**61 - 1, so
//! equal numbers of different types hash alike (`hash(1) == hash(1.0) ==
//! hash(True)`) and a NumPy scalar hashes as the equal Python number
//! (`{np.int64(1): 'a'}[1]`). Tuples and frozensets combine their items'
//! hashes with CPython's formulas, so the iteration order of a set of
//! tuples matches CPython's too. Strings are the exception: CPython
//! randomises their hash per process (SipHash with a random key); here
//! it is SipHash with a fixed key, so a set of strings iterates in a
//! fixed order where CPython's varies from run to run.

use std::hash::Hasher;
use std::rc::Rc;

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

use super::compare;
use crate::ops::type_name;
use crate::value::Value;
use crate::{Error, Result};

/// Bits of the modulus: hashes of numbers are reduced modulo 2**61 - 1.
const BITS: u32 = 61;
/// CPython's `_PyHASH_MODULUS`.
const MODULUS: u64 = (1 << BITS) - 1;
/// `hash(float('inf'))`.
const INF: i64 = 314_159;
/// The multiplier of the imaginary part in a complex's hash.
const IMAG: u64 = 1_000_003;

/// `-1` is CPython's error marker: a hash that comes out as -1 is -2.
fn fix(h: i64) -> i64 {
    if h == -1 {
        -2
    } else {
        h
    }
}

/// The hash of an `i64`: its value modulo 2**61 - 1, with its sign.
pub fn int_hash(i: i64) -> i64 {
    let m = (i.unsigned_abs() % MODULUS) as i64;
    fix(if i < 0 { -m } else { m })
}

/// The hash of a big int, as [`int_hash`] of an `i64`.
pub fn bigint_hash(b: &BigInt) -> i64 {
    let m = (b.magnitude() % MODULUS).to_u64().unwrap_or(0) as i64;
    fix(if b.sign() == Sign::Minus { -m } else { m })
}

/// The hash of a float (`_Py_HashDouble`): an integral float hashes as the
/// int, any other as its exact binary fraction reduced modulo 2**61 - 1.
/// A NaN hashes by identity in CPython; here floats are values, not
/// objects, so every NaN hashes as 0 and is the same key (as `np.nan`,
/// one object, is in CPython; two `float('nan')` are two keys there).
pub fn float_hash(v: f64) -> i64 {
    if v.is_nan() {
        return 0;
    }
    if v.is_infinite() {
        return if v > 0.0 { INF } else { -INF };
    }
    let (mut m, mut e) = frexp(v);
    let sign: i64 = if m < 0.0 {
        m = -m;
        -1
    } else {
        1
    };
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & MODULUS) | (x >> (BITS - 28));
        m *= 268_435_456.0; // 2**28
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= MODULUS {
            x -= MODULUS;
        }
    }
    let e = if e >= 0 {
        (e as u32) % BITS
    } else {
        BITS - 1 - (((-1 - e) as u32) % BITS)
    };
    x = ((x << e) & MODULUS) | (x >> (BITS - e));
    fix((x as i64).wrapping_mul(sign))
}

/// C's `frexp`: `v == m * 2**e` with `0.5 <= |m| < 1` (0 for 0).
fn frexp(v: f64) -> (f64, i32) {
    if v == 0.0 {
        return (v, 0);
    }
    let bits = v.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(v * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exp - 1022)
}

fn complex_hash(re: f64, im: f64) -> i64 {
    let h = (float_hash(re) as u64).wrapping_add(IMAG.wrapping_mul(float_hash(im) as u64));
    fix(h as i64)
}

/// CPython's tuple hash (xxHash's mixing of the items' hashes).
pub fn tuple_hash(items: &[Value]) -> Result<i64> {
    tuple_hash_by(items, &mut hash)
}

/// [`tuple_hash`] with the items hashed by `item_hash` (one that can run
/// a user `__hash__`, in [`super::keys`]).
pub fn tuple_hash_by(
    items: &[Value],
    item_hash: &mut dyn FnMut(&Value) -> Result<i64>,
) -> Result<i64> {
    const P1: u64 = 11_400_714_785_074_694_791;
    const P2: u64 = 14_029_467_366_897_019_727;
    const P5: u64 = 2_870_177_450_012_600_261;
    let mut acc = P5;
    for item in items {
        let lane = item_hash(item)? as u64;
        acc = acc.wrapping_add(lane.wrapping_mul(P2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(P1);
    }
    acc = acc.wrapping_add((items.len() as u64) ^ (P5 ^ 3_527_539));
    Ok(if acc == u64::MAX {
        1_546_275_796
    } else {
        acc as i64
    })
}

/// CPython's `_Py_HashPointer`: an object hashed by identity.
fn pointer_hash<T: ?Sized>(rc: &Rc<T>) -> i64 {
    let p = Rc::as_ptr(rc) as *const () as usize as u64;
    fix(p.rotate_right(4) as i64)
}

fn str_hash(s: &str) -> i64 {
    bytes_hash(s.as_bytes())
}

/// A str and bytes hash with one function of their bytes, so that, as in
/// CPython, `hash(b'abc') == hash('abc')` and the empty ones hash to 0.
fn bytes_hash(b: &[u8]) -> i64 {
    if b.is_empty() {
        return 0;
    }
    #[allow(deprecated)] // SipHasher13 is what DefaultHasher is; the key is fixed.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    // What `str::hash` feeds the hasher: the bytes, then 0xff.
    h.write(b);
    h.write_u8(0xff);
    fix(h.finish() as i64)
}

/// `hash(v)`: `TypeError: unhashable type: 'list'` for mutable containers
/// and arrays.
pub fn hash(v: &Value) -> Result<i64> {
    Ok(match v {
        Value::None => 0xFCA8_6420,
        Value::Bool(b) => i64::from(*b),
        Value::Int(i) => int_hash(*i),
        Value::BigInt(b) => bigint_hash(b),
        Value::Float(f) => float_hash(*f),
        Value::Complex(c) => complex_hash(c.re, c.im),
        Value::Str(s) => str_hash(s),
        Value::Bytes(b) => bytes_hash(b),
        Value::Tuple(t) => tuple_hash(t)?,
        Value::FrozenSet(s) => s.frozen_hash(),
        Value::Range(r) => {
            let n = compare::range_len(r);
            let (len, start, step) = match n {
                0 => (Value::Int(0), Value::None, Value::None),
                1 => (Value::Int(1), Value::Int(r.start), Value::None),
                n => (
                    Value::Int(n as i64),
                    Value::Int(r.start),
                    Value::Int(r.step),
                ),
            };
            tuple_hash(&[len, start, step])?
        }
        Value::Scalar(s) => hash(&crate::numpy::conv::to_python(s))?,
        Value::DType(d) => str_hash(&d.to_string()),
        Value::HostDType(d) => str_hash(&d.code()),
        Value::ExcType(k) => str_hash(k.name()),
        Value::Ellipsis => 0x7E57_1D3A,
        Value::Builtin(id) => int_hash(i64::from(id.0) + 1),
        Value::Method(m) => pointer_hash(m),
        Value::Function(f) => pointer_hash(f),
        Value::Module(m) => pointer_hash(m),
        Value::Record(r) => pointer_hash(r),
        Value::Object(o) => match &**o {
            crate::value::Object::DateTime(d) => crate::datetime::hash(*d),
            _ => pointer_hash(o),
        },
        Value::Iter(i) => pointer_hash(i),
        Value::Class(c) => pointer_hash(c),
        Value::BoundMethod(m) => pointer_hash(m),
        Value::Instance(i) => {
            // What namedtuple and @dataclass(frozen=True) wrote hashes the values.
            if let Some(t) = crate::collections::key_tuple(v) {
                return hash(&t);
            }
            if let Some(fields) = crate::dataclasses::key_fields(v) {
                return tuple_hash(&fields);
            }
            let user = |name| i.class.lookup(name).is_some();
            if matches!(i.class.lookup("__hash__"), Some(Value::None))
                || (user("__eq__") && !user("__hash__"))
            {
                return Err(Error::type_error(format!(
                    "unhashable type: '{}'",
                    i.class.name
                )));
            }
            if user("__hash__") {
                // User code decides the hash: only the host can run it
                // (`super::keys`, where dicts and sets are reached).
                return Err(Error::type_error(format!(
                    "unhashable type: '{}' (its __hash__ is user code, which this operation cannot run yet)",
                    i.class.name
                )));
            }
            pointer_hash(i)
        }
        Value::List(_)
        | Value::ByteArray(_)
        | Value::Dict(_)
        | Value::Set(_)
        | Value::DictView(_)
        | Value::Slice(_)
        | Value::Array(_) => return Err(unhashable(v)),
        // A NumPy text scalar hashes as the str or bytes it is.
        Value::HostArray(_) => {
            if let Some(t) = crate::numpy::host::python_text(v) {
                return hash(&t);
            }
            // np.datetime64 and np.timedelta64 hash alike in every unit.
            match crate::numpy::host::time_hash(v) {
                Some(h) => return h,
                None => return Err(unhashable(v)),
            }
        }
    })
}

/// `TypeError: unhashable type: 'list'`.
pub fn unhashable(v: &Value) -> Error {
    Error::type_error(format!("unhashable type: '{}'", type_name(v)))
}

/// Key equality in a dict or set: the same object, or `==`, with a
/// NumPy scalar compared as the equal Python number. Keys are hashable,
/// so `==` between them never raises.
pub fn key_eq(a: &Value, b: &Value) -> bool {
    if compare::is(a, b) {
        return true;
    }
    match (a, b) {
        (Value::Scalar(x), _) => key_eq(&crate::numpy::conv::to_python(x), b),
        (_, Value::Scalar(y)) => key_eq(a, &crate::numpy::conv::to_python(y)),
        (Value::Tuple(x), Value::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| key_eq(p, q))
        }
        (Value::Instance(x), Value::Instance(y)) if Rc::ptr_eq(&x.class, &y.class) => {
            match (
                crate::dataclasses::key_fields(a),
                crate::dataclasses::key_fields(b),
            ) {
                (Some(p), Some(q)) => {
                    p.len() == q.len() && p.iter().zip(&q).all(|(p, q)| key_eq(p, q))
                }
                _ => instance_tuple_eq(a, b),
            }
        }
        (Value::Instance(_), _) | (_, Value::Instance(_)) => instance_tuple_eq(a, b),
        _ => compare::eq(a, b).unwrap_or(false),
    }
}

/// Equality of dict keys where one is a namedtuple: as its tuple.
fn instance_tuple_eq(a: &Value, b: &Value) -> bool {
    let as_key = |v: &Value| crate::collections::key_tuple(v).unwrap_or_else(|| v.clone());
    let (x, y) = (as_key(a), as_key(b));
    matches!((&x, &y), (Value::Tuple(_), Value::Tuple(_))) && key_eq(&x, &y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from CPython 3.11 (`hash(x)` on a 64-bit build).
    #[test]
    fn numbers_hash_as_cpython() {
        assert_eq!(int_hash(-1), -2);
        assert_eq!(int_hash(1 << 61), 1);
        assert_eq!(int_hash(-(1 << 62)), -2);
        assert_eq!(float_hash(1.0), 1);
        assert_eq!(float_hash(0.5), 1_152_921_504_606_846_976);
        assert_eq!(float_hash(-2.5), -1_152_921_504_606_846_978);
        assert_eq!(float_hash(1e300), 1_224_995_262_755_759_164);
        assert_eq!(float_hash(f64::INFINITY), 314_159);
        assert_eq!(float_hash(5e-324), 16_777_216);
        assert_eq!(complex_hash(1.0, 2.0), 2_000_007);
        let t = tuple_hash(&[Value::Int(1), Value::Int(2)]).unwrap();
        assert_eq!(t, -3_550_055_125_485_641_917);
        assert_eq!(tuple_hash(&[]).unwrap(), 5_740_354_900_026_072_187);
    }
}
