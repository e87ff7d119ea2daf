//! The `math` module, with CPython's domain and range errors.
//!
//! Transcendental functions call the platform libm through Rust's `f64`
//! methods, as CPython does; results can differ from CPython in the last
//! bit only where the two libms differ. `hypot` with more than two
//! arguments scales by the largest value, which can differ in the last bit
//! from CPython 3.11's compensated `vector_norm`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use xpush_lang::ast::BinOp;
use xpush_npu::cpu::glibc::GlibcMath;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::{self, type_name};
use crate::py::num;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

macro_rules! math {
    ($name:literal, $sig:literal, $imp:expr, $doc:literal, [$($ex:literal),* $(,)?]) => {
        entry!(Function, Math, "math", $name, $sig, $imp, $doc, [$($ex),*])
    };
}

/// The `math` functions (constants are in [`crate::table::CONSTANTS`]).
pub const FUNCS: &[FuncDef] = &[
    math!(
        "sqrt",
        "(x, /)",
        |_, a| m1(a, f64::sqrt, false),
        "Square root.",
        [
            "math.sqrt(2)  # 1.4142135623730951",
            "math.sqrt(-1)  # ValueError: math domain error"
        ]
    ),
    math!(
        "exp",
        "(x, /)",
        |_, a| m1(a, f64::exp, true),
        "e raised to x.",
        [
            "math.exp(1)  # 2.718281828459045",
            "math.exp(1000)  # OverflowError: math range error"
        ]
    ),
    math!(
        "exp2",
        "(x, /)",
        |_, a| m1(a, f64::exp2, true),
        "2 raised to x.",
        ["math.exp2(10)  # 1024.0"]
    ),
    math!(
        "expm1",
        "(x, /)",
        |_, a| m1(a, f64::exp_m1, true),
        "exp(x) - 1, accurate for small x.",
        ["math.expm1(1e-10)  # 1.00000000005e-10"]
    ),
    math!(
        "log",
        "(x, base=None, /)",
        log,
        "Natural logarithm, or logarithm to base.",
        [
            "math.log(math.e)  # 1.0",
            "math.log(8, 2)  # 3.0",
            "math.log(10**400)  # 921.0340371976182",
            "math.log(0)  # ValueError: math domain error"
        ]
    ),
    math!(
        "log2",
        "(x, /)",
        |_, a| log_with(a.get(0), f64::log2),
        "Base-2 logarithm.",
        ["math.log2(1024)  # 10.0"]
    ),
    math!(
        "log10",
        "(x, /)",
        |_, a| log_with(a.get(0), f64::log10),
        "Base-10 logarithm.",
        ["math.log10(1000)  # 3.0"]
    ),
    math!(
        "log1p",
        "(x, /)",
        |_, a| m1(a, f64::ln_1p, false),
        "log(1 + x), accurate for small x.",
        [
            "math.log1p(0)  # 0.0",
            "math.log1p(-1)  # ValueError: math domain error"
        ]
    ),
    math!(
        "sin",
        "(x, /)",
        |_, a| m1(a, f64::sin, false),
        "Sine (radians).",
        [
            "math.sin(0)  # 0.0",
            "math.sin(math.inf)  # ValueError: math domain error"
        ]
    ),
    math!(
        "cos",
        "(x, /)",
        |_, a| m1(a, f64::cos, false),
        "Cosine (radians).",
        ["math.cos(0)  # 1.0"]
    ),
    math!(
        "tan",
        "(x, /)",
        |_, a| m1(a, f64::tan, false),
        "Tangent (radians).",
        ["math.tan(0)  # 0.0"]
    ),
    math!(
        "asin",
        "(x, /)",
        |_, a| m1(a, f64::asin, false),
        "Arc sine.",
        [
            "math.asin(1)  # 1.5707963267948966",
            "math.asin(2)  # ValueError: math domain error"
        ]
    ),
    math!(
        "acos",
        "(x, /)",
        |_, a| m1(a, f64::acos, false),
        "Arc cosine.",
        ["math.acos(1)  # 0.0"]
    ),
    math!(
        "atan",
        "(x, /)",
        |_, a| m1(a, f64::atan, false),
        "Arc tangent.",
        ["math.atan(1)  # 0.7853981633974483"]
    ),
    math!(
        "atan2",
        "(y, x, /)",
        |_, a| Ok(Value::Float(f(a.get(0))?.atan2(f(a.get(1))?))),
        "Arc tangent of y/x in the right quadrant.",
        ["math.atan2(1, -1)  # 2.356194490192345"]
    ),
    math!(
        "sinh",
        "(x, /)",
        |_, a| m1(a, f64::sinh, true),
        "Hyperbolic sine.",
        ["math.sinh(0)  # 0.0"]
    ),
    math!(
        "cosh",
        "(x, /)",
        |_, a| m1(a, f64::cosh, true),
        "Hyperbolic cosine.",
        [
            "math.cosh(0)  # 1.0",
            "math.cosh(1000)  # OverflowError: math range error"
        ]
    ),
    math!(
        "tanh",
        "(x, /)",
        |_, a| m1(a, f64::tanh, false),
        "Hyperbolic tangent.",
        ["math.tanh(0)  # 0.0"]
    ),
    math!(
        "asinh",
        "(x, /)",
        |_, a| m1(a, GlibcMath::g_asinh, false),
        "Inverse hyperbolic sine.",
        ["math.asinh(0)  # 0.0"]
    ),
    math!(
        "acosh",
        "(x, /)",
        |_, a| m1(a, GlibcMath::g_acosh, false),
        "Inverse hyperbolic cosine.",
        ["math.acosh(1)  # 0.0"]
    ),
    math!(
        "atanh",
        "(x, /)",
        |_, a| m1(a, GlibcMath::g_atanh, false),
        "Inverse hyperbolic tangent.",
        [
            "math.atanh(0)  # 0.0",
            "math.atanh(1)  # ValueError: math domain error"
        ]
    ),
    math!(
        "cbrt",
        "(x, /)",
        |_, a| m1(a, GlibcMath::g_cbrt, false),
        "Cube root.",
        ["math.cbrt(-8)  # -2.0"]
    ),
    math!(
        "floor",
        "(x, /)",
        |_, a| round_to_int(a.get(0), f64::floor),
        "Largest int <= x.",
        [
            "math.floor(-2.5)  # -3",
            "math.floor(1e20)  # 100000000000000000000",
            "math.floor(math.inf)  # OverflowError: cannot convert float infinity to integer"
        ]
    ),
    math!(
        "ceil",
        "(x, /)",
        |_, a| round_to_int(a.get(0), f64::ceil),
        "Smallest int >= x.",
        ["math.ceil(2.1)  # 3", "math.ceil(-2.9)  # -2"]
    ),
    math!(
        "trunc",
        "(x, /)",
        |_, a| round_to_int(a.get(0), f64::trunc),
        "x truncated toward zero, as an int.",
        [
            "math.trunc(-2.9)  # -2",
            "math.trunc(math.nan)  # ValueError: cannot convert float NaN to integer"
        ]
    ),
    math!(
        "fabs",
        "(x, /)",
        |_, a| Ok(Value::Float(f(a.get(0))?.abs())),
        "Absolute value as a float.",
        ["math.fabs(-3)  # 3.0"]
    ),
    math!(
        "fmod",
        "(x, y, /)",
        fmod,
        "C fmod: remainder with the sign of x.",
        [
            "math.fmod(-7, 3)  # -1.0",
            "math.fmod(1, 0)  # ValueError: math domain error"
        ]
    ),
    math!(
        "modf",
        "(x, /)",
        |_, a| {
            let x = f(a.get(0))?;
            let i = if x.is_infinite() { x } else { x.trunc() };
            let fr = if x.is_infinite() {
                0f64.copysign(x)
            } else {
                x - i
            };
            Ok(Value::tuple(vec![Value::Float(fr), Value::Float(i)]))
        },
        "Fractional and integer parts.",
        ["math.modf(-2.5)  # (-0.5, -2.0)"]
    ),
    math!(
        "frexp",
        "(x, /)",
        frexp,
        "Mantissa and exponent: x == m * 2**e, 0.5 <= |m| < 1.",
        ["math.frexp(8.0)  # (0.5, 4)"]
    ),
    math!(
        "ldexp",
        "(x, i, /)",
        |_, a| {
            let x = f(a.get(0))?;
            let e = match a.get(1) {
                Value::BigInt(b) => {
                    if b.is_negative() {
                        -100_000
                    } else {
                        100_000
                    }
                }
                v => num::index_i64(v)?,
            };
            let r = num::ldexp(x, e);
            if r.is_infinite() && x.is_finite() {
                return Err(Error::overflow("math range error"));
            }
            Ok(Value::Float(r))
        },
        "x * 2**i.",
        ["math.ldexp(0.5, 4)  # 8.0"]
    ),
    math!(
        "factorial",
        "(n, /)",
        factorial,
        "n! as an exact int.",
        [
            "math.factorial(20)  # 2432902008176640000",
            "math.factorial(25)  # 15511210043330985984000000",
            "math.factorial(-1)  # ValueError: factorial() not defined for negative values",
            "math.factorial(1.5)  # TypeError: 'float' object cannot be interpreted as an integer"
        ]
    ),
    math!(
        "gcd",
        "(*integers)",
        gcd,
        "Greatest common divisor.",
        [
            "math.gcd(12, -18)  # 6",
            "math.gcd()  # 0",
            "math.gcd(2**70, 2**65 * 3)  # 36893488147419103232"
        ]
    ),
    math!(
        "lcm",
        "(*integers)",
        lcm,
        "Least common multiple.",
        ["math.lcm(4, 6)  # 12", "math.lcm()  # 1"]
    ),
    math!(
        "isclose",
        "(a, b, *, rel_tol=1e-09, abs_tol=0.0)",
        isclose,
        "Whether a and b are close (relative or absolute tolerance).",
        [
            "math.isclose(1.0, 1.0 + 1e-10)  # True",
            "math.isclose(0.0, 1e-10)  # False",
            "math.isclose(1, 2, rel_tol=-1)  # ValueError: tolerances must be non-negative"
        ]
    ),
    math!(
        "isfinite",
        "(x, /)",
        |_, a| Ok(Value::Bool(f(a.get(0))?.is_finite())),
        "Whether x is neither inf nor nan.",
        ["math.isfinite(1e308)  # True"]
    ),
    math!(
        "isinf",
        "(x, /)",
        |_, a| Ok(Value::Bool(f(a.get(0))?.is_infinite())),
        "Whether x is infinite.",
        ["math.isinf(-math.inf)  # True"]
    ),
    math!(
        "isnan",
        "(x, /)",
        |_, a| Ok(Value::Bool(f(a.get(0))?.is_nan())),
        "Whether x is nan.",
        ["math.isnan(math.nan)  # True"]
    ),
    math!(
        "hypot",
        "(*coordinates)",
        hypot,
        "Euclidean norm sqrt(sum(x*x)).",
        ["math.hypot(3, 4)  # 5.0", "math.hypot()  # 0.0"]
    ),
    math!(
        "dist",
        "(p, q, /)",
        dist,
        "Euclidean distance between two points.",
        ["math.dist((0, 0), (3, 4))  # 5.0"]
    ),
    math!(
        "degrees",
        "(x, /)",
        |_, a| Ok(Value::Float(f(a.get(0))? * (180.0 / std::f64::consts::PI))),
        "Radians to degrees.",
        ["math.degrees(math.pi)  # 180.0"]
    ),
    math!(
        "radians",
        "(x, /)",
        |_, a| Ok(Value::Float(f(a.get(0))? * (std::f64::consts::PI / 180.0))),
        "Degrees to radians.",
        ["math.radians(180)  # 3.141592653589793"]
    ),
    math!(
        "comb",
        "(n, k, /)",
        comb,
        "Number of ways to choose k of n items without order.",
        [
            "math.comb(5, 2)  # 10",
            "math.comb(2, 5)  # 0",
            "math.comb(-1, 2)  # ValueError: n must be a non-negative integer"
        ]
    ),
    math!(
        "perm",
        "(n, k=None, /)",
        perm,
        "Number of ways to choose k of n items in order.",
        ["math.perm(5, 2)  # 20", "math.perm(4)  # 24"]
    ),
    math!(
        "prod",
        "(iterable, /, *, start=1)",
        prod,
        "Product of start and the items.",
        [
            "math.prod([1, 2, 3, 4])  # 24",
            "math.prod([])  # 1",
            "math.prod([2, 0.5])  # 1.0"
        ]
    ),
    math!(
        "fsum",
        "(seq, /)",
        fsum,
        "Exactly rounded float sum (Shewchuk).",
        [
            "math.fsum([0.1] * 10)  # 1.0",
            "math.fsum([1e100, 1.0, -1e100])  # 1.0",
            "math.fsum([math.inf, -math.inf])  # ValueError: -inf + inf in fsum"
        ]
    ),
    math!(
        "copysign",
        "(x, y, /)",
        |_, a| Ok(Value::Float(f(a.get(0))?.copysign(f(a.get(1))?))),
        "x with the sign of y.",
        ["math.copysign(1, -0.0)  # -1.0"]
    ),
    math!(
        "pow",
        "(x, y, /)",
        pow,
        "x ** y as floats, with math errors.",
        [
            "math.pow(2, 0.5)  # 1.4142135623730951",
            "math.pow(0, -1)  # ValueError: math domain error",
            "math.pow(10, 400)  # OverflowError: math range error"
        ]
    ),
];

fn f(v: &Value) -> Result<f64> {
    match v {
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_) => num::to_f64(v),
        Value::Scalar(s) if !s.dtype().is_complex() => Ok(s.as_f64()),
        _ => Err(Error::type_error(format!(
            "must be real number, not {}",
            type_name(v)
        ))),
    }
}

/// CPython's `math_1`: nan from a non-nan is a domain error; inf from a
/// finite input is a range error if the function can overflow, else a domain error.
fn m1(a: &Args, func: fn(f64) -> f64, can_overflow: bool) -> Result<Value> {
    let x = f(a.get(0))?;
    let r = func(x);
    if r.is_nan() && !x.is_nan() {
        return Err(Error::value_error("math domain error"));
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow {
            Error::overflow("math range error")
        } else {
            Error::value_error("math domain error")
        });
    }
    Ok(Value::Float(r))
}

/// A log of any positive int (beyond float range too, via frexp as
/// CPython's `loghelper`) or float.
fn log_with(v: &Value, func: fn(f64) -> f64) -> Result<Value> {
    if let Value::BigInt(b) = v {
        if !b.is_positive() {
            return Err(Error::value_error("math domain error"));
        }
        if num::big_to_f64(b).is_err() {
            // b = m * 2**e with 0.5 <= m < 1.
            let e = b.bits();
            let k = e - 64;
            let m = num::ldexp(num::big_to_f64(&(&**b >> k)).unwrap_or(1.0), -64);
            return Ok(Value::Float(func(m) + func(2.0) * e as f64));
        }
    }
    let x = f(v)?;
    if x <= 0.0 {
        return Err(Error::value_error("math domain error"));
    }
    Ok(Value::Float(func(x)))
}

fn log(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Float(num) = log_with(a.get(0), f64::ln)? else {
        return Err(Error::value_error("math domain error"));
    };
    if a.get(1).is_none() {
        return Ok(Value::Float(num));
    }
    let Value::Float(den) = log_with(a.get(1), f64::ln)? else {
        return Err(Error::value_error("math domain error"));
    };
    if den == 0.0 {
        return Err(Error::zero_division("float division by zero"));
    }
    Ok(Value::Float(num / den))
}

fn round_to_int(v: &Value, func: fn(f64) -> f64) -> Result<Value> {
    match v {
        Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
        Value::Int(_) | Value::BigInt(_) => Ok(v.clone()),
        _ => num::f64_to_int(func(f(v)?)),
    }
}

fn fmod(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (f(a.get(0))?, f(a.get(1))?);
    if y.is_infinite() && x.is_finite() {
        return Ok(Value::Float(x));
    }
    let r = x % y;
    if r.is_nan() && !x.is_nan() && !y.is_nan() {
        return Err(Error::value_error("math domain error"));
    }
    Ok(Value::Float(r))
}

fn frexp(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = f(a.get(0))?;
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::tuple(vec![Value::Float(x), Value::Int(0)]));
    }
    let (scaled, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), -64)
    } else {
        (x, 0)
    };
    let bits = scaled.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    Ok(Value::tuple(vec![Value::Float(m), Value::Int(e + bias)]))
}

fn nonneg_int(v: &Value, what: &str) -> Result<BigInt> {
    let n = num::index_big(v)?;
    if n.is_negative() {
        return Err(Error::value_error(format!(
            "{what} must be a non-negative integer"
        )));
    }
    Ok(n)
}

fn factorial(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = num::index_big(a.get(0))?;
    if n.is_negative() {
        return Err(Error::value_error(
            "factorial() not defined for negative values",
        ));
    }
    let n = n.to_u64().ok_or_else(|| {
        Error::overflow("factorial() argument should not exceed 9223372036854775807")
    })?;
    let mut acc = BigInt::one();
    for i in 2..=n {
        acc *= i;
        if i % 1024 == 0 {
            host.check_interrupt()?;
        }
    }
    Ok(Value::from_bigint(acc))
}

fn gcd(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut g = BigInt::zero();
    for v in &a.rest {
        g = g.gcd(&num::index_big(v)?);
    }
    Ok(Value::from_bigint(g))
}

fn lcm(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut l = BigInt::one();
    for v in &a.rest {
        let n = num::index_big(v)?;
        if n.is_zero() || l.is_zero() {
            l = BigInt::zero();
        } else {
            l = l.lcm(&n);
        }
    }
    Ok(Value::from_bigint(l))
}

fn isclose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y, rel, abs) = (f(a.get(0))?, f(a.get(1))?, f(a.get(2))?, f(a.get(3))?);
    if rel < 0.0 || abs < 0.0 {
        return Err(Error::value_error("tolerances must be non-negative"));
    }
    if x == y {
        return Ok(Value::Bool(true));
    }
    if x.is_infinite() || y.is_infinite() {
        return Ok(Value::Bool(false));
    }
    let diff = (y - x).abs();
    Ok(Value::Bool(
        diff <= (rel * y).abs() || diff <= (rel * x).abs() || diff <= abs,
    ))
}

fn norm(xs: &[f64]) -> f64 {
    if xs.iter().any(|x| x.is_infinite()) {
        return f64::INFINITY;
    }
    if xs.iter().any(|x| x.is_nan()) {
        return f64::NAN;
    }
    match xs {
        [] => 0.0,
        [x] => x.abs(),
        [x, y] => x.hypot(*y),
        _ => {
            let max = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            if max == 0.0 {
                return 0.0;
            }
            let (mut sum, mut comp) = (0.0f64, 0.0f64);
            for x in xs {
                let t = (x / max) * (x / max) - comp;
                let s = sum + t;
                comp = (s - sum) - t;
                sum = s;
            }
            max * sum.sqrt()
        }
    }
}

fn hypot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs: Vec<f64> = a.rest.iter().map(f).collect::<Result<_>>()?;
    Ok(Value::Float(norm(&xs)))
}

fn dist(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (p, q) = (
        crate::py::iter::to_vec(a.get(0))?,
        crate::py::iter::to_vec(a.get(1))?,
    );
    if p.len() != q.len() {
        return Err(Error::value_error(
            "both points must have the same number of dimensions",
        ));
    }
    let d: Vec<f64> = p
        .iter()
        .zip(&q)
        .map(|(x, y)| Ok(f(x)? - f(y)?))
        .collect::<Result<_>>()?;
    Ok(Value::Float(norm(&d)))
}

fn comb(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = nonneg_int(a.get(0), "n")?;
    let k = nonneg_int(a.get(1), "k")?;
    if k > n {
        return Ok(Value::Int(0));
    }
    let k = std::cmp::min(k.clone(), &n - &k);
    let k = k
        .to_u64()
        .ok_or_else(|| Error::overflow("min(n - k, k) must not exceed 9223372036854775807"))?;
    let mut acc = BigInt::one();
    for i in 0..k {
        acc = acc * (&n - i) / (i + 1);
    }
    Ok(Value::from_bigint(acc))
}

fn perm(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = nonneg_int(a.get(0), "n")?;
    let k = if a.get(1).is_none() {
        n.clone()
    } else {
        nonneg_int(a.get(1), "k")?
    };
    if k > n {
        return Ok(Value::Int(0));
    }
    let k = k
        .to_u64()
        .ok_or_else(|| Error::overflow("k must not exceed 9223372036854775807"))?;
    let mut acc = BigInt::one();
    for i in 0..k {
        acc *= &n - i;
    }
    Ok(Value::from_bigint(acc))
}

fn prod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut acc = a.get(1).clone();
    let mut items = crate::py::lazy::stream(a.get(0))?;
    while let Some(v) = items.next(host)? {
        acc = ops::binary(BinOp::Mul, &acc, &v)?;
    }
    Ok(acc)
}

/// CPython's `math_fsum`: Shewchuk's exact partials, then correct rounding.
pub fn fsum_values(items: impl Iterator<Item = Result<f64>>) -> Result<f64> {
    let mut p: Vec<f64> = Vec::new();
    let (mut special_sum, mut inf_sum) = (0.0f64, 0.0f64);
    for x in items {
        let mut x = x?;
        let xsave = x;
        let mut i = 0;
        for j in 0..p.len() {
            let mut y = p[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let yr = hi - x;
            let lo = y - yr;
            if lo != 0.0 {
                p[i] = lo;
                i += 1;
            }
            x = hi;
        }
        p.truncate(i);
        if x != 0.0 {
            if !x.is_finite() {
                if xsave.is_finite() {
                    return Err(Error::overflow("intermediate overflow in fsum"));
                }
                if xsave.is_infinite() {
                    inf_sum += xsave;
                }
                special_sum += xsave;
                p.clear();
            } else {
                p.push(x);
            }
        }
    }
    if special_sum != 0.0 {
        if inf_sum.is_nan() {
            return Err(Error::value_error("-inf + inf in fsum"));
        }
        return Ok(special_sum);
    }
    let mut hi = 0.0;
    let mut n = p.len();
    if n > 0 {
        n -= 1;
        hi = p[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = p[n];
            hi = x + y;
            let yr = hi - x;
            lo = y - yr;
            if lo != 0.0 {
                break;
            }
        }
        if n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            let yr = x - hi;
            if y == yr {
                hi = x;
            }
        }
    }
    Ok(hi)
}

fn fsum(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // Generators and user iterables run through the host.
    let items = crate::py::lazy::collect(host, a.get(0))?;
    Ok(Value::Float(fsum_values(items.iter().map(f))?))
}

fn pow(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (f(a.get(0))?, f(a.get(1))?);
    let r = x.powf(y);
    if x.is_finite() && y.is_finite() {
        if r.is_nan() {
            return Err(Error::value_error("math domain error"));
        }
        if r.is_infinite() {
            return Err(if x == 0.0 {
                Error::value_error("math domain error")
            } else {
                Error::overflow("math range error")
            });
        }
    }
    Ok(Value::Float(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fsum_is_exact() {
        let s = |v: &[f64]| fsum_values(v.iter().map(|x| Ok(*x))).unwrap();
        assert_eq!(s(&[0.1; 10]), 1.0);
        assert_eq!(s(&[1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]), 1e-100);
        assert_eq!(
            s(&[2.0f64.powi(53), -0.5, -2.0f64.powi(-54)]),
            2.0f64.powi(53) - 1.0
        );
        assert_eq!(s(&[]), 0.0);
        assert!(s(&[f64::NAN]).is_nan());
    }
}
