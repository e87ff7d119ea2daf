//! NumPy 2 type promotion (NEP 50): [`promote_types`] between dtypes,
//! [`result_type`] over arrays and weak Python scalars, the out-of-bounds
//! check for Python ints, and [`can_cast`].
//!
//! `bfloat16` is not a NumPy dtype. xpush promotes it as `float16` is
//! promoted against every other dtype, with `bfloat16` in place of
//! `float16` where `float16` would be the result (`bfloat16 + int8 ->
//! bfloat16`, `bfloat16 + uint16 -> float32`, `bfloat16 + complex64 ->
//! complex64`, `bfloat16` + Python complex `-> complex64`), and
//! `bfloat16 + float16 -> float32`, the smallest NumPy type holding both
//! (as `ml_dtypes` does). Neither of `float16`/`bfloat16` casts safely to
//! the other.

use crate::dtype::{Category, DType};
use crate::error::{Error, Result};

/// The smallest float dtype that holds every value of an integer (or bool)
/// dtype "safely", as NumPy's table has it.
fn float_for_int(d: DType) -> DType {
    match d.itemsize() {
        1 => DType::Float16,
        2 => DType::Float32,
        _ => DType::Float64,
    }
}

/// The float an integer promotes as against float dtype `other`: with
/// `bfloat16`, one-byte integers stay `bfloat16` (as they stay `float16`
/// against `float16`).
fn int_as_float(int: DType, other: DType) -> DType {
    match (float_for_int(int), other) {
        (DType::Float16, DType::BFloat16) => DType::BFloat16,
        (f, _) => f,
    }
}

/// Rank of a float dtype in the promotion lattice (`float16` and
/// `bfloat16` share rank 0).
fn float_rank(d: DType) -> u8 {
    match d {
        DType::Float16 | DType::BFloat16 => 0,
        DType::Float32 => 1,
        _ => 2,
    }
}

fn promote_floats(a: DType, b: DType) -> DType {
    if a == b {
        return a;
    }
    match float_rank(a).cmp(&float_rank(b)) {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        // float16 with bfloat16.
        std::cmp::Ordering::Equal => DType::Float32,
    }
}

fn signed_of_size(bytes: usize) -> DType {
    match bytes {
        1 => DType::Int8,
        2 => DType::Int16,
        4 => DType::Int32,
        _ => DType::Int64,
    }
}

fn promote_ints(a: DType, b: DType) -> DType {
    let (sa, sb) = (a.itemsize(), b.itemsize());
    match (a.is_signed_integer(), b.is_signed_integer()) {
        (true, true) | (false, false) => {
            if sa >= sb {
                a
            } else {
                b
            }
        }
        _ => {
            let (s, u) = if a.is_signed_integer() {
                (a, b)
            } else {
                (b, a)
            };
            if s.itemsize() > u.itemsize() {
                s
            } else if u.itemsize() >= 8 {
                DType::Float64
            } else {
                signed_of_size(u.itemsize() * 2)
            }
        }
    }
}

/// `np.promote_types(a, b)`: the smallest dtype both cast to safely.
pub fn promote_types(a: DType, b: DType) -> DType {
    use Category::*;
    let (ca, cb) = (a.category(), b.category());
    match (ca, cb) {
        (Bool, _) => b,
        (_, Bool) => a,
        (Integer, Integer) => promote_ints(a, b),
        (Integer, Float) => promote_floats(int_as_float(a, b), b),
        (Float, Integer) => promote_floats(a, int_as_float(b, a)),
        (Float, Float) => promote_floats(a, b),
        (Complex, Complex) => a.max(b),
        (Complex, _) | (_, Complex) => {
            let (c, r) = if ca == Complex { (a, b) } else { (b, a) };
            let r = if r.is_integer() { float_for_int(r) } else { r };
            let part = promote_floats(c.real_dtype(), r);
            part.to_complex().unwrap_or(DType::Complex128)
        }
    }
}

/// A Python scalar operand, weakly typed under NEP 50: it takes the
/// other operands' dtype when its kind is not higher.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PyScalarKind {
    /// A Python `int`.
    Int,
    /// A Python `float`.
    Float,
    /// A Python `complex`.
    Complex,
}

/// One operand of [`result_type`]: an array or NumPy scalar (strong: its
/// dtype counts), or a weak Python scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    /// An array or NumPy scalar of this dtype.
    DType(DType),
    /// A Python `bool`, `int`, `float` or `complex`. A Python `bool` is
    /// strong (`np.bool`) and is passed as `Operand::DType(DType::Bool)`.
    Weak(PyScalarKind),
}

/// `np.result_type(*operands)` under NEP 50. Strong dtypes promote with
/// [`promote_types`]; then the highest weak Python scalar kind applies:
/// an `int` keeps any non-bool dtype (`bool` becomes `int64`); a `float`
/// keeps inexact dtypes (others become `float64`); a `complex` keeps
/// complex dtypes, turns a float dtype into the complex of its precision
/// (`float16`/`float32` give `complex64`) and others into `complex128`.
/// With no strong operand, Python's defaults: `int64`, `float64`,
/// `complex128`. An empty list is NumPy's `ValueError`.
pub fn result_type(operands: &[Operand]) -> Result<DType> {
    if operands.is_empty() {
        return Err(Error::value_error(
            "at least one array or dtype is required",
        ));
    }
    let mut strong: Option<DType> = None;
    let mut weak: Option<PyScalarKind> = None;
    for op in operands {
        match *op {
            Operand::DType(d) => strong = Some(strong.map_or(d, |s| promote_types(s, d))),
            Operand::Weak(k) => {
                let rank = |k: PyScalarKind| k as u8;
                weak = Some(weak.map_or(k, |w| if rank(k) > rank(w) { k } else { w }));
            }
        }
    }
    Ok(match (strong, weak) {
        (Some(d), None) => d,
        (None, Some(k)) => weak_default(k),
        // Not reached: `operands` is not empty.
        (None, None) => DType::Float64,
        (Some(d), Some(k)) => with_weak(d, k),
    })
}

fn weak_default(k: PyScalarKind) -> DType {
    match k {
        PyScalarKind::Int => DType::Int64,
        PyScalarKind::Float => DType::Float64,
        PyScalarKind::Complex => DType::Complex128,
    }
}

/// The dtype of `d` combined with a weak Python scalar of kind `k`.
pub fn with_weak(d: DType, k: PyScalarKind) -> DType {
    match k {
        PyScalarKind::Int => {
            if d.is_bool() {
                DType::Int64
            } else {
                d
            }
        }
        PyScalarKind::Float => {
            if d.is_inexact() {
                d
            } else {
                DType::Float64
            }
        }
        PyScalarKind::Complex => match d.category() {
            Category::Complex => d,
            Category::Float => d.to_complex().unwrap_or(DType::Complex128),
            _ => DType::Complex128,
        },
    }
}

/// Checks that a Python int converts to `dtype` without overflow, as NumPy 2
/// does before a ufunc runs with a weak Python int operand:
/// `OverflowError: Python integer 300 out of bounds for uint8`. Float and
/// complex dtypes accept any int. For `bool` and signed dtypes (whose
/// weak-int result is `int64` or the dtype) a value outside `int64` is
/// NumPy's `Python int too large to convert to C long` (also for `uint8`
/// and `uint16`); `uint32` and `uint64` first accept `[-2**63, 2**64)`.
pub fn check_pyint(value: i128, dtype: DType) -> Result<()> {
    let too_large = || Error::overflow("Python int too large to convert to C long");
    let (lo, hi) = if dtype.is_unsigned_integer() && dtype.itemsize() >= 4 {
        (i128::from(i64::MIN), i128::from(u64::MAX))
    } else {
        (i128::from(i64::MIN), i128::from(i64::MAX))
    };
    if dtype.is_inexact() {
        return Ok(());
    }
    if value < lo || value > hi {
        return Err(too_large());
    }
    match dtype.iinfo() {
        Ok(info) if value < info.min || value > info.max => {
            Err(pyint_out_of_bounds(&value.to_string(), dtype))
        }
        _ => Ok(()),
    }
}

/// NumPy's OverflowError for a Python int beyond both int64 and uint64,
/// which no integer conversion takes ("Python int too large to convert to
/// C long"), whatever the dtype it goes to.
pub fn check_c_long(value: i128) -> Result<()> {
    if value < i128::from(i64::MIN) || value > i128::from(u64::MAX) {
        return Err(Error::overflow("Python int too large to convert to C long"));
    }
    Ok(())
}

/// A Python float stored into `dtype` as NumPy stores one (through `int()`
/// of the float for an integer dtype): NaN is `ValueError: cannot convert
/// float NaN to integer`, an infinity `OverflowError: cannot convert float
/// infinity to integer`, and the value truncated toward zero must fit as
/// the Python int it becomes ([`check_pyint`]). Floats, complex and bool
/// take any float.
pub fn check_pyfloat(value: f64, dtype: DType) -> Result<()> {
    if !dtype.is_integer() {
        return Ok(());
    }
    if value.is_nan() {
        return Err(Error::value_error("cannot convert float NaN to integer"));
    }
    if value.is_infinite() {
        return Err(Error::overflow("cannot convert float infinity to integer"));
    }
    // `as` saturates: a float beyond i128 is "too large" either way.
    check_pyint(value.trunc() as i128, dtype)
}

/// A Python complex stored into `dtype`: only complex and bool take one;
/// a real dtype is the TypeError of `float()` or `int()` of a complex.
pub fn check_pycomplex(dtype: DType) -> Result<()> {
    if dtype.is_complex() || dtype.is_bool() {
        Ok(())
    } else if dtype.is_inexact() {
        Err(Error::type_error(
            "float() argument must be a string or a real number, not 'complex'",
        ))
    } else {
        Err(Error::type_error(
            "int() argument must be a string, a bytes-like object or a real number, not 'complex'",
        ))
    }
}

/// NumPy's error for a Python int (given as its decimal text, so callers
/// with big integers can use it) that does not fit `dtype`.
pub fn pyint_out_of_bounds(value: &str, dtype: DType) -> Error {
    Error::overflow(format!("Python integer {value} out of bounds for {dtype}"))
}

/// NumPy's `casting=` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Casting {
    /// Only identical types.
    No,
    /// Identical types up to byte order (the same as `No` here).
    Equiv,
    /// Only casts that preserve every value.
    Safe,
    /// Safe casts, or casts within a kind (`float64 -> float32`).
    SameKind,
    /// Any cast.
    Unsafe,
}

impl Casting {
    /// Parses `'no'`, `'equiv'`, `'safe'`, `'same_kind'`, `'unsafe'`, with
    /// NumPy's error otherwise.
    pub fn parse(s: &str) -> Result<Casting> {
        Ok(match s {
            "no" => Casting::No,
            "equiv" => Casting::Equiv,
            "safe" => Casting::Safe,
            "same_kind" => Casting::SameKind,
            "unsafe" => Casting::Unsafe,
            _ => {
                return Err(Error::value_error(format!(
                "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got '{s}')"
            )))
            }
        })
    }
}

/// NumPy's kind order for `same_kind`: `b < u < i < f < c`.
fn kind_order(d: DType) -> u8 {
    match d.kind() {
        'b' => 0,
        'u' => 1,
        'i' => 2,
        'f' => 3,
        _ => 4,
    }
}

/// `np.can_cast(from, to, casting)`.
pub fn can_cast(from: DType, to: DType, casting: Casting) -> bool {
    let safe = from == to
        || promote_types(from, to) == to
            && !(from.itemsize() == 2 && to.itemsize() == 2 && from.is_float() && to.is_float());
    match casting {
        Casting::No | Casting::Equiv => from == to,
        Casting::Safe => safe,
        Casting::SameKind => safe || kind_order(from) <= kind_order(to),
        Casting::Unsafe => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::*;

    #[test]
    fn weak_scalars() {
        let r = |d, k| result_type(&[Operand::DType(d), Operand::Weak(k)]).unwrap();
        assert_eq!(r(Int8, PyScalarKind::Int), Int8);
        assert_eq!(r(Int8, PyScalarKind::Float), Float64);
        assert_eq!(r(Float32, PyScalarKind::Float), Float32);
        assert_eq!(r(Int8, PyScalarKind::Complex), Complex128);
        assert_eq!(r(Float16, PyScalarKind::Complex), Complex64);
        assert_eq!(r(Bool, PyScalarKind::Int), Int64);
        assert_eq!(r(BFloat16, PyScalarKind::Complex), Complex64);
        assert_eq!(
            check_pyint(300, UInt8).unwrap_err().msg(),
            "Python integer 300 out of bounds for uint8"
        );
        assert!(check_pyint(-128, Int8).is_ok());
    }

    #[test]
    fn bfloat16() {
        assert_eq!(promote_types(BFloat16, Int8), BFloat16);
        assert_eq!(promote_types(BFloat16, UInt16), Float32);
        assert_eq!(promote_types(BFloat16, Float16), Float32);
        assert_eq!(promote_types(BFloat16, Complex64), Complex64);
        assert!(!can_cast(Float16, BFloat16, Casting::Safe));
        assert!(can_cast(BFloat16, Float32, Casting::Safe));
        assert!(can_cast(Float16, BFloat16, Casting::SameKind));
    }
}
