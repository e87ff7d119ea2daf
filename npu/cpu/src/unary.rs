//! Unary elementwise kernels, written once per dtype category.

use num_complex::Complex;
use num_traits::Float;

use xpush_core::array::Array;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::layout::Layout;
use xpush_core::op::UnaryOp;

use super::elem::{
    cabs_slice, csquare_fused_slice, from_f64, numpy_fuses_cmul, FloatK, FloatLike, IntK,
};
use super::glibc::{
    cacos, cacosh, casin, casinh, catan, catanh, ccos, ccosh, cexp, clog, csin, csinh, ctan, ctanh,
    GlibcMath,
};
use super::simd_math::{apply, tanh_f64_slice, F32Fn};
use xpush_core::kernel::{map1, map1_runs, wrap};

/// Runs `op` on `a` (of the loop's input dtype), giving dtype `out`.
pub fn unary(op: UnaryOp, a: &Array, out: DType) -> Result<Array> {
    let g = a.storage().read();
    let la = a.layout();
    macro_rules! go {
        ($f:ident, $T:ty) => {
            $f::<$T>(op, g.as_slice::<$T>()?, la)
        };
    }
    macro_rules! goc {
        ($F:ty) => {
            complexes::<$F>(op, g.as_slice::<Complex<$F>>()?, la)
        };
    }
    let r = match a.dtype() {
        DType::Bool => bools(op, g.as_slice::<bool>()?, la),
        DType::Int8 => go!(ints, i8),
        DType::Int16 => go!(ints, i16),
        DType::Int32 => go!(ints, i32),
        DType::Int64 => go!(ints, i64),
        DType::UInt8 => go!(ints, u8),
        DType::UInt16 => go!(ints, u16),
        DType::UInt32 => go!(ints, u32),
        DType::UInt64 => go!(ints, u64),
        DType::Float16 => go!(floats, half::f16),
        DType::BFloat16 => go!(floats, half::bf16),
        // NumPy's own SIMD exp/log/sin/cos/tanh (see `simd_math`).
        DType::Float32 if op == UnaryOp::Sinc => {
            Some(map1_runs(g.as_slice::<f32>()?, la, sinc_f32_slice).and_then(|(v, l)| wrap(v, l)))
        }
        DType::Float32 => match F32Fn::of(op) {
            Some(f) => Some(
                map1_runs(g.as_slice::<f32>()?, la, move |s, d| apply(f, s, d))
                    .and_then(|(v, l)| wrap(v, l)),
            ),
            None => go!(floats, f32),
        },
        // NumPy's own SIMD tanh (see `simd_math`).
        DType::Float64 if op == UnaryOp::Tanh => {
            Some(map1_runs(g.as_slice::<f64>()?, la, tanh_f64_slice).and_then(|(v, l)| wrap(v, l)))
        }
        DType::Float64 => go!(floats, f64),
        DType::Complex64 => goc!(f32),
        DType::Complex128 => goc!(f64),
    };
    let r = r.ok_or_else(|| {
        Error::type_error(format!(
            "internal: no cpu loop for ufunc '{}' with {}",
            op.name(),
            a.dtype()
        ))
    })??;
    if r.dtype() != out {
        return super::copy::cast(&r, out);
    }
    Ok(r)
}

macro_rules! m1 {
    ($a:expr, $la:expr, |$x:ident: $T:ty| $e:expr) => {{
        Some(map1($a, $la, move |$x: $T| $e).and_then(|(v, l)| wrap(v, l)))
    }};
}

fn bools(op: UnaryOp, a: &[bool], la: &Layout) -> Option<Result<Array>> {
    use UnaryOp::*;
    match op {
        Absolute | Positive | Floor | Ceil | Trunc | Real | Conjugate => m1!(a, la, |x: bool| x),
        Imag => m1!(a, la, |_x: bool| false),
        Isnan | Isinf => m1!(a, la, |_x: bool| false),
        Isfinite => m1!(a, la, |_x: bool| true),
        LogicalNot | Invert => m1!(a, la, |x: bool| !x),
        _ => None,
    }
}

fn ints<T: IntK>(op: UnaryOp, a: &[T], la: &Layout) -> Option<Result<Array>> {
    use UnaryOp::*;
    match op {
        Negative => m1!(a, la, |x: T| x.wneg()),
        Positive | Floor | Ceil | Trunc | Conjugate | Real => m1!(a, la, |x: T| x),
        Imag => m1!(a, la, |_x: T| T::ZERO),
        Absolute => m1!(a, la, |x: T| x.wabs()),
        Sign => m1!(a, la, |x: T| x.signum_()),
        Square => m1!(a, la, |x: T| x.wmul(x)),
        Reciprocal => m1!(a, la, |x: T| from_f64::<T>(1.0 / x.as_f64())),
        Invert => m1!(a, la, |x: T| !x),
        BitwiseCount => m1!(a, la, |x: T| x.popcount_abs()),
        Isnan | Isinf => m1!(a, la, |_x: T| false),
        Isfinite => m1!(a, la, |_x: T| true),
        LogicalNot => m1!(a, la, |x: T| x == T::ZERO),
        _ => None,
    }
}

/// `np.sinc` of float32 ([`floats`]' `Sinc`), whose `np.sin` is NumPy's
/// own float32 sine (`simd_math`), not libm's.
fn sinc_f32_slice(src: &[f32], dst: &mut [f32]) {
    let y: Vec<f32> = src
        .iter()
        .map(|&x| {
            let x = std::f32::consts::PI * x;
            if x == 0.0 {
                f32::EPSILON
            } else {
                x
            }
        })
        .collect();
    apply(F32Fn::Sin, &y, dst);
    for (d, &y) in dst.iter_mut().zip(&y) {
        *d /= y;
    }
}

fn floats<T: FloatLike>(op: UnaryOp, a: &[T], la: &Layout) -> Option<Result<Array>> {
    use UnaryOp::*;
    macro_rules! f {
        (|$x:ident| $e:expr) => {
            m1!(a, la, |p: T| {
                let $x = p.up();
                T::down($e)
            })
        };
    }
    macro_rules! b {
        (|$x:ident| $e:expr) => {
            m1!(a, la, |p: T| {
                let $x = p.up();
                $e
            })
        };
    }
    let deg = <T::C as FloatK>::from_f64_(180.0);
    match op {
        Negative => f!(|x| -x),
        Positive | Conjugate | Real => f!(|x| x),
        // Zeros, not x * 0: NumPy's imag of a real array is 0 even for a
        // negative, infinite or NaN x.
        Imag => f!(|_x| <T::C as FloatK>::from_f64_(0.0)),
        Absolute | Fabs => f!(|x| x.abs()),
        Sign => f!(|x| x.sign_()),
        Sqrt => f!(|x| x.sqrt()),
        Cbrt => f!(|x| x.g_cbrt()),
        Square => f!(|x| x * x),
        Reciprocal => f!(|x| <T::C as FloatK>::from_f64_(1.0) / x),
        Exp => f!(|x| x.exp()),
        Exp2 => f!(|x| x.exp2_()),
        Expm1 => f!(|x| x.exp_m1()),
        Log => f!(|x| x.ln()),
        Log2 => f!(|x| x.log2()),
        Log10 => f!(|x| x.log10()),
        Log1p => f!(|x| x.ln_1p()),
        Sin => f!(|x| x.sin()),
        Cos => f!(|x| x.cos()),
        Tan => f!(|x| x.tan()),
        Arcsin => f!(|x| x.asin()),
        Arccos => f!(|x| x.acos()),
        Arctan => f!(|x| x.atan()),
        Sinh => f!(|x| x.sinh()),
        Cosh => f!(|x| x.cosh()),
        Tanh => f!(|x| x.tanh()),
        Arcsinh => f!(|x| x.g_asinh()),
        Arccosh => f!(|x| x.g_acosh()),
        Arctanh => f!(|x| x.g_atanh()),
        Deg2rad => f!(|x| x * (<T::C as FloatK>::PI / deg)),
        Rad2deg => f!(|x| x * (deg / <T::C as FloatK>::PI)),
        Floor => f!(|x| x.floor()),
        Ceil => f!(|x| x.ceil()),
        Trunc => f!(|x| x.trunc()),
        Rint => f!(|x| x.rint()),
        Angle => f!(|x| <T::C as FloatK>::from_f64_(0.0).atan2(x)),
        // NumPy's Python `sinc`, one rounding to T per step:
        // `x = pi * x`, `y = where(x, x, finfo(T).eps)`, `sin(y) / y`
        // (float16 multiplies by pi rounded to float16, 3.140625).
        Sinc => m1!(a, la, |p: T| {
            let pi = T::down(<T::C as FloatK>::PI);
            let x = T::down(pi.up() * p.up());
            let y = if x.up() == <T::C as FloatK>::from_f64_(0.0) {
                super::elem::epsilon::<T>()
            } else {
                x
            };
            let s = T::down(y.up().sin());
            T::down(s.up() / y.up())
        }),
        Spacing => m1!(a, la, |p: T| {
            let x = p.up();
            if x.is_infinite() || x.is_nan() {
                T::down(<T::C as Float>::nan())
            } else if x == <T::C as FloatK>::from_f64_(0.0) {
                super::elem::from_bits_min::<T>()
            } else {
                // NumPy's float16 spacing (`npy_half_spacing`) steps toward
                // +inf, so it is never negative; float32/64 step away from
                // zero and keep the sign of `x`.
                let half = matches!(T::DTYPE, DType::Float16 | DType::BFloat16);
                let to = <T::C as Float>::infinity();
                let to = T::down(if half { to } else { to.copysign_(x) });
                T::down(super::binary::nextafter_t(p, to).up() - x)
            }
        }),
        Isnan => b!(|x| x.is_nan()),
        Isinf => b!(|x| x.is_infinite()),
        Isfinite => b!(|x| x.is_finite()),
        Signbit => b!(|x| x.is_sign_negative()),
        LogicalNot => b!(|x| x == <T::C as FloatK>::from_f64_(0.0)),
        _ => None,
    }
}

fn complexes<F: FloatK>(op: UnaryOp, a: &[Complex<F>], la: &Layout) -> Option<Result<Array>>
where
    Complex<F>: WithDType,
{
    use UnaryOp::*;
    type C<F> = Complex<F>;
    let zero = F::zero();
    let one = F::one();
    match op {
        Negative => m1!(a, la, |x: C<F>| -x),
        Positive => m1!(a, la, |x: C<F>| x),
        Conjugate => m1!(a, la, |x: C<F>| x.conj()),
        Absolute => Some(map1_runs(a, la, cabs_slice::<F>).and_then(|(v, l)| wrap(v, l))),
        Real => m1!(a, la, |x: C<F>| x.re),
        Imag => m1!(a, la, |x: C<F>| x.im),
        Angle => m1!(a, la, |x: C<F>| x.im.atan2(x.re)),
        Sign => m1!(a, la, |x: C<F>| {
            // NumPy's loop: `hypot` first, so an infinite part wins over
            // a NaN one (`hypot(inf, nan)` is inf): sign(inf + nanj) is 1.
            let r = x.re.hypot(x.im);
            if r.is_nan() {
                Complex::new(F::nan(), F::nan())
            } else if r == zero {
                Complex::new(zero, zero)
            } else if r.is_infinite() {
                if x.re.is_infinite() && x.im.is_infinite() {
                    Complex::new(F::nan(), F::nan())
                } else if x.re.is_infinite() {
                    Complex::new(x.re.signum(), zero)
                } else {
                    Complex::new(zero, x.im.signum())
                }
            } else {
                Complex::new(x.re / r, x.im / r)
            }
        }),
        Sqrt => m1!(a, la, |x: C<F>| csqrt(x)),
        Square if numpy_fuses_cmul() => {
            Some(map1_runs(a, la, csquare_fused_slice::<F>).and_then(|(v, l)| wrap(v, l)))
        }
        Square => m1!(a, la, |x: C<F>| x * x),
        // NumPy's `@TYPE@_reciprocal` loop, operation for operation.
        Reciprocal => m1!(a, la, |x: C<F>| {
            let (re, im) = (x.re, x.im);
            if im.abs() <= re.abs() {
                let r = im / re;
                let d = re + im * r;
                Complex::new(one / d, -r / d)
            } else {
                let r = re / im;
                let d = re * r + im;
                Complex::new(r / d, -one / d)
            }
        }),
        Exp => m1!(a, la, |x: C<F>| by_parts(cexp, x)),
        Exp2 => m1!(a, la, |x: C<F>| by_parts(cexp, x * F::LN2)),
        // NumPy's `nc_expm1`, operation for operation.
        Expm1 => m1!(a, la, |x: C<F>| {
            let h = (x.im / F::from_f64_(2.0)).sin();
            Complex::new(
                x.re.exp_m1() * x.im.cos() - F::from_f64_(2.0) * h * h,
                x.re.exp() * x.im.sin(),
            )
        }),
        // glibc's `clog`; NumPy's `nc_log2`/`nc_log10` scale both parts.
        Log => m1!(a, la, |x: C<F>| by_parts(clog, x)),
        Log2 => m1!(a, la, |x: C<F>| {
            let (re, im) = clog(x.re, x.im);
            Complex::new(re * F::LOG2E, im * F::LOG2E)
        }),
        Log10 => m1!(a, la, |x: C<F>| {
            let (re, im) = clog(x.re, x.im);
            let k = F::from_f64_(std::f64::consts::LOG10_E);
            Complex::new(re * k, im * k)
        }),
        Log1p => m1!(a, la, |x: C<F>| (x + one).ln()),
        Sin => m1!(a, la, |x: C<F>| by_parts(csin, x)),
        Cos => m1!(a, la, |x: C<F>| by_parts(ccos, x)),
        Tan => m1!(a, la, |x: C<F>| by_parts(ctan, x)),
        Arcsin => m1!(a, la, |x: C<F>| by_parts(casin, x)),
        Arccos => m1!(a, la, |x: C<F>| by_parts(cacos, x)),
        Arctan => m1!(a, la, |x: C<F>| by_parts(catan, x)),
        Sinh => m1!(a, la, |x: C<F>| by_parts(csinh, x)),
        Cosh => m1!(a, la, |x: C<F>| by_parts(ccosh, x)),
        Tanh => m1!(a, la, |x: C<F>| by_parts(ctanh, x)),
        Arcsinh => m1!(a, la, |x: C<F>| by_parts(casinh, x)),
        Arccosh => m1!(a, la, |x: C<F>| by_parts(cacosh, x)),
        Arctanh => m1!(a, la, |x: C<F>| by_parts(catanh, x)),
        Rint => m1!(a, la, |x: C<F>| Complex::new(x.re.rint(), x.im.rint())),
        // NumPy's Python `sinc`: `x = pi * x` (a complex product with
        // `pi + 0j`), `y = where(x, x, 1e-20)`, `sin(y) / y` with NumPy's
        // complex division.
        Sinc => m1!(a, la, |x: C<F>| {
            let x = Complex::new(F::PI * x.re - zero * x.im, F::PI * x.im + zero * x.re);
            let y = if x.re == zero && x.im == zero {
                Complex::new(F::from_f64_(1e-20), zero)
            } else {
                x
            };
            super::binary::cdiv(by_parts(csin, y), y)
        }),
        Isnan => m1!(a, la, |x: C<F>| x.re.is_nan() || x.im.is_nan()),
        Isinf => m1!(a, la, |x: C<F>| x.re.is_infinite() || x.im.is_infinite()),
        Isfinite => m1!(a, la, |x: C<F>| x.re.is_finite() && x.im.is_finite()),
        LogicalNot => m1!(a, la, |x: C<F>| x.re == zero && x.im == zero),
        _ => None,
    }
}

/// `f(re, im)` of a libm-style complex function that takes and returns
/// the two parts.
#[inline(always)]
fn by_parts<F>(f: fn(F, F) -> (F, F), x: Complex<F>) -> Complex<F> {
    let (re, im) = f(x.re, x.im);
    Complex::new(re, im)
}

/// `csqrt`/`csqrtf` of glibc, which NumPy's complex `sqrt` calls
/// (`npy_csqrt`): special values as C99 Annex G; otherwise, scaled away
/// from overflow and underflow, `r = sqrt((|x| + re) / 2)` and
/// `s = im / (2 r)` (or the mirror for `re <= 0`), in `F`'s precision.
pub fn csqrt<F: FloatK>(x: Complex<F>) -> Complex<F> {
    let (zero, half, two) = (F::zero(), F::from_f64_(0.5), F::from_f64_(2.0));
    let (re, im) = (x.re, x.im);
    let inf = F::infinity();
    if !re.is_finite() || !im.is_finite() {
        return if im.is_infinite() {
            Complex::new(inf, im)
        } else if re.is_infinite() {
            if re < zero {
                let r = if im.is_nan() { F::nan() } else { zero };
                Complex::new(r, inf.copysign_(im))
            } else {
                let i = if im.is_nan() {
                    F::nan()
                } else {
                    zero.copysign_(im)
                };
                Complex::new(re, i)
            }
        } else {
            Complex::new(F::nan(), F::nan())
        };
    }
    let min = F::min_positive_value();
    if im == zero {
        return if re < zero {
            Complex::new(zero, (-re).sqrt().copysign_(im))
        } else {
            Complex::new(re.sqrt().abs(), zero.copysign_(im))
        };
    }
    if re == zero {
        let r = if im.abs() >= two * min {
            (half * im.abs()).sqrt()
        } else {
            half * (two * im.abs()).sqrt()
        };
        return Complex::new(r, r.copysign_(im));
    }
    let max = F::max_value();
    let four = F::from_f64_(4.0);
    let (mut re, mut im) = (re, im);
    let mut scale: i64 = 0;
    if re.abs() > max / four {
        scale = 1;
        re = re.ldexp(-2);
        im = im.ldexp(-2);
    }
    if im.abs() > max / four {
        scale = 1;
        re = if re.abs() >= four * min {
            re.ldexp(-2)
        } else {
            zero
        };
        im = im.ldexp(-2);
    } else if re.abs() < two * min && im.abs() < two * min {
        // -(MANT_DIG + 1) / 2: -12 for float, -27 for double.
        let mant = 1 - F::epsilon().log2().to_i64().unwrap_or(0);
        scale = -((mant + 1) / 2);
        re = re.ldexp(-2 * scale);
        im = im.ldexp(-2 * scale);
    }
    let d = re.hypot(im);
    let (mut r, mut s);
    if re > zero {
        r = (half * (d + re)).sqrt();
        if scale == 1 && im.abs() < F::one() {
            s = im / r;
            r = r.ldexp(scale);
            scale = 0;
        } else {
            s = half * (im / r);
        }
    } else {
        s = (half * (d - re)).sqrt();
        if scale == 1 && im.abs() < F::one() {
            r = (im / s).abs();
            s = s.ldexp(scale);
            scale = 0;
        } else {
            r = (half * (im / s)).abs();
        }
    }
    if scale != 0 {
        r = r.ldexp(scale);
        s = s.ldexp(scale);
    }
    Complex::new(r, s.copysign_(im))
}
