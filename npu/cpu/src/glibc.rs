//! glibc's libm algorithms for the real functions where Rust's `std`
//! computes something else.
//!
//! NumPy's float loops call the C library (`np.cbrt` is `cbrt`/`cbrtf`,
//! `np.arcsinh` is `asinh`/`asinhf`, ...), and so does CPython's `math`
//! module (`math.cbrt`, `math.acosh`, ...): on Linux their results are
//! glibc's. Rust's `asinh`, `acosh` and `atanh` are formulas of its own and
//! its `cbrt` is correctly rounded where glibc's is not, so each differed
//! from NumPy in the last bit for some inputs (`np.cbrt(2.0)` is
//! 1.2599210498948734 in NumPy, 1.2599210498948732 in Rust). These are
//! glibc 2.36's code, operation for operation: `s_cbrt.c`/`s_cbrtf.c`
//! (Drepper's polynomial and one Halley step), fdlibm's `s_asinh.c` and
//! `e_acosh.c` and glibc's `e_atanh.c` with their float32 twins. They call
//! `ln`, `ln_1p` and `sqrt`, which in Rust's `std` on Linux are glibc's
//! `log`, `log1p` and the IEEE square root, as in the C code.
//!
//! float16 computes in float32 here as in NumPy (`npy_cbrtf` and so on).
//! The constants are glibc's literals, digit for digit.
#![allow(clippy::excessive_precision)]

/// glibc's `(x - x) / (x - x)` for an argument outside the domain: the
/// x86 default NaN, whose sign bit is set (`np.signbit(np.arccosh(0.5))`
/// is True).
// x - x is 0 or NaN and 0 / 0 the default NaN: the point, not a slip.
#[allow(clippy::eq_op)]
#[inline]
fn invalid<F: std::ops::Sub<Output = F> + std::ops::Div<Output = F> + Copy>(x: F) -> F {
    // Hidden from the optimiser: folded at compile time (a constant
    // argument, inlined), 0 / 0 would be LLVM's NaN, whose sign is clear.
    let zero = std::hint::black_box(x - x);
    zero / zero
}

/// fdlibm's `asinh` of a finite `x` past its tiny-argument shortcut:
/// `log(|x|) + ln 2` when `huge` (`|x| > 2**28`, float `2**14`),
/// `log(2|x| + 1/(sqrt(x*x + 1) + |x|))` above 2, `log1p` below.
fn asinh_core<F: num_traits::Float>(x: F, huge: bool, above_two: bool) -> F {
    let one = F::one();
    let two = one + one;
    let xa = x.abs();
    let w = if huge {
        xa.ln() + F::from(std::f64::consts::LN_2).unwrap_or(one)
    } else if above_two {
        (two * xa + one / ((xa * xa + one).sqrt() + xa)).ln()
    } else {
        let t = xa * xa;
        (xa + t / (one + (one + t).sqrt())).ln_1p()
    };
    w.copysign(x)
}

/// fdlibm's `acosh` of a finite `x > 1`: `log(x) + ln 2` when `huge`
/// (`x >= 2**28`), `log(2x - 1/(x + sqrt(x*x - 1)))` above 2, `log1p`
/// below.
fn acosh_core<F: num_traits::Float>(x: F, huge: bool, above_two: bool) -> F {
    let one = F::one();
    let two = one + one;
    if huge {
        x.ln() + F::from(std::f64::consts::LN_2).unwrap_or(one)
    } else if above_two {
        let t = x * x;
        (two * x - one / (x + (t - one).sqrt())).ln()
    } else {
        let t = x - one;
        (t + (two * t + t * t).sqrt()).ln_1p()
    }
}

/// glibc's `atanh` (`e_atanh.c`, `e_atanhf.c`: the same code).
fn atanh_core<F: num_traits::Float>(x: F) -> F {
    let (one, half) = (F::one(), F::from(0.5).unwrap_or(F::one()));
    let xa = x.abs();
    let t = if xa < half {
        if xa < F::from(2f64.powi(-28)).unwrap_or(F::zero()) {
            return x;
        }
        let t = xa + xa;
        half * (t + t * xa / (one - xa)).ln_1p()
    } else if xa < one {
        half * ((xa + xa) / (one - xa)).ln_1p()
    } else if xa > one {
        return invalid(x);
    } else if x.is_nan() {
        return x;
    } else {
        return x / F::zero();
    };
    t.copysign(x)
}

/// The four functions, for `f32` and `f64`.
pub trait GlibcMath: Sized {
    /// `cbrt`.
    fn g_cbrt(self) -> Self;
    /// `asinh`.
    fn g_asinh(self) -> Self;
    /// `acosh`.
    fn g_acosh(self) -> Self;
    /// `atanh`.
    fn g_atanh(self) -> Self;
    /// `__x2y2m1(x, y)`: `x*x + y*y - 1` with little rounding error.
    fn g_x2y2m1(self, y: Self) -> Self;
    /// Bits of precision (`DBL_MANT_DIG`, `FLT_MANT_DIG`).
    const MANT_DIG: i32;
    /// `DBL_MAX_EXP`, `FLT_MAX_EXP`.
    const MAX_EXP: i32;
}

/// `2**(1/3)` and `2**(2/3)`, and the factors `s_cbrt.c` scales by.
const CBRT2: f64 = 1.2599210498948731648;
const SQR_CBRT2: f64 = 1.5874010519681994748;
const CBRT_FACTOR: [f64; 5] = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2];

/// `frexp` of a finite, nonzero `|x|`: `(m, e)` with `|x| = m * 2**e` and
/// `0.5 <= m < 1`.
fn frexp64(x: f64) -> (f64, i32) {
    let (x, shift) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(54), -54)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e + shift)
}

/// `x * 2**e` for a result in the normal range (cbrt's always is).
fn ldexp64(x: f64, e: i32) -> f64 {
    x * 2f64.powi(e)
}

impl GlibcMath for f64 {
    const MANT_DIG: i32 = 53;
    const MAX_EXP: i32 = 1024;

    fn g_x2y2m1(self, y: f64) -> f64 {
        let x = self;
        // `x*x` and `y*y` as exact sums of two doubles, -1, then added
        // smallest first with Dekker's error-free sums, each step re-sorting
        // by magnitude (glibc's qsort is a stable merge sort here).
        let mut v = [0.0f64; 5];
        v[1] = x * x;
        v[0] = x.mul_add(x, -v[1]);
        v[3] = y * y;
        v[2] = y.mul_add(y, -v[3]);
        v[4] = -1.0;
        let by_magnitude = |a: &f64, b: &f64| a.abs().total_cmp(&b.abs());
        v.sort_by(by_magnitude);
        for i in 0..=3 {
            let hi = v[i + 1] + v[i];
            let lo = (v[i + 1] - hi) + v[i];
            v[i + 1] = hi;
            v[i] = lo;
            v[i + 1..].sort_by(by_magnitude);
        }
        v[4] + v[3] + v[2] + v[1] + v[0]
    }

    fn g_cbrt(self) -> f64 {
        let x = self;
        if x == 0.0 || !x.is_finite() {
            return x + x;
        }
        let (xm, xe) = frexp64(x.abs());
        let u = 0.354895765043919860
            + (1.50819193781584896
                + (-2.11499494167371287
                    + (2.44693122563534430
                        + (-1.83469277483613086
                            + (0.784932344976639262 - 0.145263899385486377 * xm) * xm)
                            * xm)
                        * xm)
                    * xm)
                * xm;
        let t2 = u * u * u;
        // C's `/` and `%` truncate toward zero, as Rust's do.
        let ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * CBRT_FACTOR[(2 + xe % 3) as usize];
        ldexp64(if x > 0.0 { ym } else { -ym }, xe / 3)
    }

    fn g_asinh(self) -> f64 {
        let x = self;
        let ix = (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
        if ix < 0x3e30_0000 {
            // |x| < 2**-28
            return x;
        }
        if ix >= 0x7ff0_0000 {
            // inf or NaN
            return x + x;
        }
        asinh_core(x, ix > 0x41b0_0000, ix > 0x4000_0000)
    }

    fn g_acosh(self) -> f64 {
        let x = self;
        let hx = (x.to_bits() >> 32) as u32 as i32;
        let lx = x.to_bits() as u32;
        if hx < 0x3ff0_0000 {
            // x < 1 (and negative x, whose high word is negative)
            invalid(x)
        } else if hx >= 0x7ff0_0000 {
            x + x
        } else if hx == 0x3ff0_0000 && lx == 0 {
            0.0
        } else {
            acosh_core(x, hx >= 0x41b0_0000, hx > 0x4000_0000)
        }
    }

    fn g_atanh(self) -> f64 {
        atanh_core(self)
    }
}

impl GlibcMath for f32 {
    const MANT_DIG: i32 = 24;
    const MAX_EXP: i32 = 128;

    fn g_x2y2m1(self, y: f32) -> f32 {
        let (dx, dy) = (f64::from(self), f64::from(y));
        ((dx - 1.0) * (dx + 1.0) + dy * dy) as f32
    }

    fn g_cbrt(self) -> f32 {
        let x = self;
        if x == 0.0 || !x.is_finite() {
            return x + x;
        }
        // frexpf is exact in double.
        let (xm, xe) = frexp64(f64::from(x.abs()));
        let xm = xm as f32;
        // The constants are double literals: C evaluates these in double.
        let xd = f64::from(xm);
        let u =
            (0.492659620528969547 + (0.697570460207922770 - 0.191502161678719066 * xd) * xd) as f32;
        let t2 = u * u * u;
        let ym = (f64::from(u) * (f64::from(t2) + 2.0 * xd) / (2.0 * f64::from(t2) + xd)
            * CBRT_FACTOR[(2 + xe % 3) as usize]) as f32;
        let y = f64::from(if x > 0.0 { ym } else { -ym });
        ldexp64(y, xe / 3) as f32
    }

    fn g_asinh(self) -> f32 {
        let x = self;
        let ix = x.to_bits() & 0x7fff_ffff;
        if ix < 0x3800_0000 {
            // |x| < 2**-14
            return x;
        }
        if ix >= 0x7f80_0000 {
            // inf or NaN
            return x + x;
        }
        asinh_core(x, ix > 0x4700_0000, ix > 0x4000_0000)
    }

    fn g_acosh(self) -> f32 {
        let x = self;
        let hx = x.to_bits() as i32;
        if hx < 0x3f80_0000 {
            invalid(x)
        } else if hx >= 0x7f80_0000 {
            x + x
        } else if hx == 0x3f80_0000 {
            0.0
        } else {
            acosh_core(x, hx >= 0x4d80_0000, hx > 0x4000_0000)
        }
    }

    fn g_atanh(self) -> f32 {
        atanh_core(self)
    }
}

/// glibc's `clog`/`clogf` (`math/s_clog_template.c`), which NumPy's
/// complex `log` calls (and `log2`/`log10` scale): `log(|z|)` through
/// `log1p` of `|z|**2 - 1` near the unit circle, scaled away from
/// overflow and underflow; `atan2(im, re)`.
pub fn clog<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, one, two) = (F::zero(), F::one(), F::one() + F::one());
    let half = one / two;
    if re == zero && im == zero {
        let i = if re.is_sign_negative() { F::PI } else { zero };
        return (-one / re.abs(), i.copysign(im));
    }
    if re.is_nan() || im.is_nan() {
        let r = if re.is_infinite() || im.is_infinite() {
            F::infinity()
        } else {
            F::nan()
        };
        return (r, F::nan());
    }
    let (mut absx, mut absy) = (re.abs(), im.abs());
    if absx < absy {
        std::mem::swap(&mut absx, &mut absy);
    }
    let mut scale = 0;
    if absx > F::max_value() / two {
        scale = -1;
        absx = absx * half;
        absy = if absy >= F::min_positive_value() * two {
            absy * half
        } else {
            zero
        };
    } else if absx < F::min_positive_value() && absy < F::min_positive_value() {
        scale = F::MANT_DIG;
        let s = two.powi(F::MANT_DIG);
        absx = absx * s;
        absy = absy * s;
    }
    let real = if absx == one && scale == 0 {
        (absy * absy).ln_1p() / two
    } else if absx > one && absx < two && absy < one && scale == 0 {
        let mut d2m1 = (absx - one) * (absx + one);
        if absy >= F::epsilon() {
            d2m1 = d2m1 + absy * absy;
        }
        d2m1.ln_1p() / two
    } else if absx < one && absx >= half && absy < F::epsilon() / two && scale == 0 {
        ((absx - one) * (absx + one)).ln_1p() / two
    } else if absx < one && absx >= half && scale == 0 && absx * absx + absy * absy >= half {
        absx.g_x2y2m1(absy).ln_1p() / two
    } else {
        let d = absx.hypot(absy);
        d.ln() - F::from_f64_(f64::from(scale)) * F::LN2
    };
    (real, im.atan2(re))
}

/// glibc's `ctanh`/`ctanhf` (`math/s_ctanh_template.c`), which NumPy's
/// complex `tanh` calls: `(sinh(x) cosh(x) + i sin(y) cos(y)) /
/// (sinh(x)**2 + cos(y)**2)`, with `exp` scaling for a large `|x|` and
/// C99's special values.
pub fn ctanh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, one) = (F::zero(), F::one());
    let two = one + one;
    if !re.is_finite() || !im.is_finite() {
        return if re.is_infinite() {
            let i = if im.is_finite() && im.abs() > one {
                zero.copysign(im.sin() * im.cos())
            } else {
                zero.copysign(im)
            };
            (one.copysign(re), i)
        } else if im == zero {
            (re, im)
        } else {
            (if re == zero { re } else { F::nan() }, F::nan())
        };
    }
    // (int) ((MAX_EXP - 1) * ln 2 / 2): 354 for double, 44 for float.
    let t = (f64::from(F::MAX_EXP - 1) * std::f64::consts::LN_2 / 2.0) as i32;
    let tf = F::from_f64_(f64::from(t));
    let (sinix, cosix) = if im.abs() > F::min_positive_value() {
        (im.sin(), im.cos())
    } else {
        (im, one)
    };
    if re.abs() > tf {
        let exp_2t = F::from_f64_(f64::from(2 * t)).exp();
        let mut i = F::from_f64_(4.0) * sinix * cosix;
        let rx = re.abs() - tf;
        i = i / exp_2t;
        i = if rx > tf {
            i / exp_2t
        } else {
            i / (two * rx).exp()
        };
        (one.copysign(re), i)
    } else {
        let (sinhrx, coshrx) = if re.abs() > F::min_positive_value() {
            (re.sinh(), re.cosh())
        } else {
            (re, one)
        };
        let den = if sinhrx.abs() > cosix.abs() * F::epsilon() {
            sinhrx * sinhrx + cosix * cosix
        } else {
            cosix * cosix
        };
        (sinhrx * coshrx / den, sinix * cosix / den)
    }
}

/// C's `x - x` of an infinite or NaN part: the default NaN (sign bit set
/// on x86), as glibc's complex functions make their NaN parts.
// x - x of a non-finite x is NaN: the point, not a slip.
#[allow(clippy::eq_op)]
#[inline]
fn nan_from<F: std::ops::Sub<Output = F> + Copy>(x: F) -> F {
    x - x
}

/// `(sin y, cos y)` as glibc's complex functions take them: `(y, 1)` for
/// `|y|` at most the smallest normal (so a signed zero is kept).
fn sincos_of<F: super::elem::FloatK>(y: F) -> (F, F) {
    if y.abs() > F::min_positive_value() {
        (y.sin(), y.cos())
    } else {
        (y, F::one())
    }
}

/// `(int) ((MAX_EXP - 1) * ln 2)`: 709 for double, 88 for float; past it
/// `exp` overflows, so glibc's `cexp`, `csinh` and `ccosh` scale by
/// `exp(t)` instead.
fn exp_threshold<F: super::elem::FloatK>() -> F {
    F::from_f64_((f64::from(F::MAX_EXP - 1) * std::f64::consts::LN_2).trunc())
}

/// The large-`|x|` branch glibc's `csinh` and `ccosh` share: `(e^|x| / 2)
/// * (c, s)` with `e^|x|` taken as up to two factors `e^t` and a rest,
/// so a product that fits is finite and one that does not is `±inf`
/// (`MAX * ...`) with the sign of its factor, a zero factor kept as zero.
fn scaled_by_exp<F: super::elem::FloatK>(ax: F, c: F, s: F) -> (F, F) {
    let t = exp_threshold::<F>();
    let exp_t = t.exp();
    let half = F::from_f64_(0.5);
    let (mut rx, mut c, mut s) = (ax - t, c * (exp_t * half), s * (exp_t * half));
    if rx > t {
        rx = rx - t;
        c = c * exp_t;
        s = s * exp_t;
    }
    if rx > t {
        (F::max_value() * c, F::max_value() * s)
    } else {
        let ev = rx.exp();
        (ev * c, ev * s)
    }
}

/// glibc's `csinh`/`csinhf` (`math/s_csinh_template.c`), which NumPy's
/// complex `sinh` calls: `sinh(x) cos(y) + i cosh(x) sin(y)` with the
/// overflow scaling of [`scaled_by_exp`] and C99 Annex G's special values.
pub fn csinh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let zero = F::zero();
    let negate = re.is_sign_negative();
    let rx = re.abs();
    let inf = F::infinity();
    if rx.is_finite() {
        if im.is_finite() {
            let (sinix, mut cosix) = sincos_of(im);
            if negate {
                cosix = -cosix;
            }
            if rx > exp_threshold::<F>() {
                return scaled_by_exp(rx, cosix, sinix);
            }
            return (rx.sinh() * cosix, rx.cosh() * sinix);
        }
        if rx == zero {
            return (zero.copysign_(re), nan_from(im));
        }
        return (F::nan(), F::nan());
    }
    if rx.is_infinite() {
        if im.is_finite() && im != zero {
            let (sinix, cosix) = sincos_of(im);
            let r = inf.copysign_(cosix);
            return (if negate { -r } else { r }, inf.copysign_(sinix));
        }
        if im == zero {
            return (if negate { -inf } else { inf }, im);
        }
        return (inf, nan_from(im));
    }
    (F::nan(), if im == zero { im } else { F::nan() })
}

/// glibc's `ccosh`/`ccoshf` (`math/s_ccosh_template.c`), which NumPy's
/// complex `cosh` calls: `cosh(x) cos(y) + i sinh(x) sin(y)`, scaled and
/// with special values as [`csinh`].
pub fn ccosh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, one) = (F::zero(), F::one());
    let inf = F::infinity();
    if re.is_finite() {
        if im.is_finite() {
            let (mut sinix, cosix) = sincos_of(im);
            if re.abs() > exp_threshold::<F>() {
                if re.is_sign_negative() {
                    sinix = -sinix;
                }
                return scaled_by_exp(re.abs(), cosix, sinix);
            }
            return (re.cosh() * cosix, re.sinh() * sinix);
        }
        return (nan_from(im), if re == zero { zero } else { F::nan() });
    }
    if re.is_infinite() {
        if im.is_finite() && im != zero {
            let (sinix, cosix) = sincos_of(im);
            return (
                inf.copysign_(cosix),
                inf.copysign_(sinix) * one.copysign_(re),
            );
        }
        if im == zero {
            return (inf, im * one.copysign_(re));
        }
        return (inf, nan_from(im));
    }
    (F::nan(), if im == zero { im } else { F::nan() })
}

/// glibc's `csin`/`csinf` (`math/s_csin_template.c`), which NumPy's
/// complex `sin` calls: `sin(x) cosh(y) + i cos(x) sinh(y)`, scaled as
/// [`csinh`] for a large `|y|`, with its own special values (not quite
/// `-i csinh(i z)`'s: `sin(nan - infj)` is `nan+infj`).
pub fn csin<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let zero = F::zero();
    let inf = F::infinity();
    let negate = re.is_sign_negative();
    let rx = re.abs();
    if im.is_finite() {
        if rx.is_finite() {
            let (mut sinix, mut cosix) = sincos_of(rx);
            if negate {
                sinix = -sinix;
            }
            if im.abs() > exp_threshold::<F>() {
                if im.is_sign_negative() {
                    cosix = -cosix;
                }
                let (s, c) = scaled_by_exp(im.abs(), sinix, cosix);
                return (s, c);
            }
            return (im.cosh() * sinix, im.sinh() * cosix);
        }
        if im == zero {
            return (nan_from(rx), im);
        }
        return (F::nan(), F::nan());
    }
    if im.is_infinite() {
        if rx == zero {
            return (zero.copysign_(re), im);
        }
        if rx.is_finite() {
            let (sinix, cosix) = sincos_of(rx);
            let r = inf.copysign_(sinix);
            let i = inf.copysign_(cosix);
            return (
                if negate { -r } else { r },
                if im.is_sign_negative() { -i } else { i },
            );
        }
        return (nan_from(rx), inf);
    }
    (
        if rx == zero {
            zero.copysign_(re)
        } else {
            F::nan()
        },
        F::nan(),
    )
}

/// glibc's `ccos`: `ccosh(i z)`, that is `ccosh(-y + ix)`.
pub fn ccos<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    ccosh(-im, re)
}

/// glibc's `cexp`/`cexpf` (`math/s_cexp_template.c`), which NumPy's
/// complex `exp` calls: `exp(x) (cos y + i sin y)`, `exp(x)` split into
/// `exp(t)` factors past its overflow ([`exp_threshold`]) so a product
/// that fits stays finite, and C99 Annex G's special values (a zero
/// imaginary part kept, an infinite real part giving an infinite or zero
/// magnitude in the direction of `y`, a non-finite `y` NaN).
pub fn cexp<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let zero = F::zero();
    let inf = F::infinity();
    if re.is_finite() {
        if !im.is_finite() {
            return (F::nan(), F::nan());
        }
        let t = exp_threshold::<F>();
        let (mut sinix, mut cosix) = sincos_of(im);
        let mut x = re;
        if x > t {
            let exp_t = t.exp();
            x = x - t;
            sinix = sinix * exp_t;
            cosix = cosix * exp_t;
            if x > t {
                x = x - t;
                sinix = sinix * exp_t;
                cosix = cosix * exp_t;
            }
        }
        if x > t {
            return (F::max_value() * cosix, F::max_value() * sinix);
        }
        let ev = x.exp();
        return (ev * cosix, ev * sinix);
    }
    if re.is_infinite() {
        if im.is_finite() {
            let value = if re.is_sign_negative() { zero } else { inf };
            if im == zero {
                return (value, im);
            }
            let (sinix, cosix) = sincos_of(im);
            return (value.copysign_(cosix), value.copysign_(sinix));
        }
        if re.is_sign_positive() {
            return (inf, nan_from(im));
        }
        return (zero, zero.copysign_(im));
    }
    (F::nan(), if im == zero { im } else { F::nan() })
}

/// C's complex product as GCC compiles it (`__muldc3`, C99 Annex G): the
/// plain formula, and when both parts come out NaN, infinities recovered
/// (an infinite factor "boxed" to ±1/±0 with the other's NaNs zeroed, or
/// NaNs zeroed after an overflowing partial product) and the product
/// taken again times infinity.
pub fn cmul_annex_g<F: super::elem::FloatK>(a: F, b: F, c: F, d: F) -> (F, F) {
    let (ac, bd, ad, bc) = (a * c, b * d, a * d, b * c);
    let (x, y) = (ac - bd, ad + bc);
    if !(x.is_nan() && y.is_nan()) {
        return (x, y);
    }
    let (zero, one) = (F::zero(), F::one());
    let boxed = |v: F| if v.is_infinite() { one } else { zero }.copysign_(v);
    let unnan = |v: F| if v.is_nan() { zero.copysign_(v) } else { v };
    let (mut a, mut b, mut c, mut d) = (a, b, c, d);
    let mut recalc = false;
    if a.is_infinite() || b.is_infinite() {
        (a, b, c, d) = (boxed(a), boxed(b), unnan(c), unnan(d));
        recalc = true;
    }
    if c.is_infinite() || d.is_infinite() {
        (a, b, c, d) = (unnan(a), unnan(b), boxed(c), boxed(d));
        recalc = true;
    }
    if !recalc && [ac, bd, ad, bc].iter().any(|v| v.is_infinite()) {
        (a, b, c, d) = (unnan(a), unnan(b), unnan(c), unnan(d));
        recalc = true;
    }
    if !recalc {
        return (x, y);
    }
    let inf = F::infinity();
    (inf * (a * c - b * d), inf * (a * d + b * c))
}

/// glibc's `cpow`/`cpowf` (`math/s_cpow_template.c`), which NumPy's
/// complex power calls past its integer exponents: `cexp(y * clog(x))`,
/// the product C's ([`cmul_annex_g`]).
pub fn cpow<F: super::elem::FloatK>(x: (F, F), y: (F, F)) -> (F, F) {
    let (lr, li) = clog(x.0, x.1);
    let (re, im) = cmul_annex_g(y.0, y.1, lr, li);
    cexp(re, im)
}

/// glibc's `ctan`: its code is [`ctanh`]'s with the parts swapped
/// (`tan(x + iy)` is `ctanh(y + ix)` mirrored), special values included.
pub fn ctan<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (i, r) = ctanh(im, re);
    (r, i)
}

/// glibc's `catanh`/`catanhf` (`math/s_catanh_template.c`), which
/// NumPy's complex `arctanh` calls: `log((1 + z) / (1 - z)) / 2` by parts,
/// `log1p` where the quotient is near 1 and `__x2y2m1` for the imaginary
/// part's denominator near the unit circle.
pub fn catanh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, one) = (F::zero(), F::one());
    let (two, half, quarter) = (one + one, F::from_f64_(0.5), F::from_f64_(0.25));
    let pi_2 = F::PI / two;
    let eps = F::epsilon();
    if !re.is_finite() || !im.is_finite() {
        return if im.is_infinite() {
            (zero.copysign(re), pi_2.copysign(im))
        } else if re.is_infinite() || re == zero {
            let i = if im.is_nan() {
                F::nan()
            } else {
                pi_2.copysign(im)
            };
            (zero.copysign(re), i)
        } else {
            (F::nan(), F::nan())
        };
    }
    if re == zero && im == zero {
        return (re, im);
    }
    let huge = F::from_f64_(16.0) / eps;
    if re.abs() >= huge || im.abs() >= huge {
        let r = if im.abs() <= one {
            one / re
        } else if re.abs() <= one {
            re / im / im
        } else {
            let h = (re / two).hypot(im / two);
            re / h / h / F::from_f64_(4.0)
        };
        return (r, pi_2.copysign(im));
    }
    let r = if re.abs() == one && im.abs() < eps * eps {
        half.copysign(re) * (F::LN2 - im.abs().ln())
    } else {
        let i2 = if im.abs() >= eps * eps { im * im } else { zero };
        let num = one + re;
        let num = i2 + num * num;
        let den = one - re;
        let den = i2 + den * den;
        let f = num / den;
        if f < half {
            quarter * f.ln()
        } else {
            quarter * (F::from_f64_(4.0) * re / den).ln_1p()
        }
    };
    let (mut absx, mut absy) = (re.abs(), im.abs());
    if absx < absy {
        std::mem::swap(&mut absx, &mut absy);
    }
    let den = if absy < eps / two {
        // (C's `if (den == 0) den = 0` turns -0 into +0.)
        let d = (one - absx) * (one + absx);
        if d == zero {
            zero
        } else {
            d
        }
    } else if absx >= one {
        (one - absx) * (one + absx) - absy * absy
    } else if absx >= F::from_f64_(0.75) || absy >= half {
        -absx.g_x2y2m1(absy)
    } else {
        (one - absx) * (one + absx) - absy * absy
    };
    (r, half * (two * im).atan2(den))
}

/// glibc's `catan`: [`catanh`]'s code with the parts swapped
/// (`atan(x + iy)` is `catanh(y + ix)` mirrored), special values included.
pub fn catan<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (i, r) = catanh(im, re);
    (r, i)
}

/// glibc's `__kernel_casinh` (`math/k_casinh_template.c`): `asinh` of a
/// finite nonzero `z` by cases of `|re|` and `|im|` that avoid
/// cancellation, the general case `log(z + sqrt(1 + z*z))` with glibc's
/// `csqrt` and `clog`. With `adj`, the imaginary part is taken from
/// `pi/2` (the `acos` and `acosh` forms).
fn kernel_casinh<F: super::elem::FloatK>(re: F, im: F, adj: bool) -> (F, F) {
    let (one, eps) = (F::one(), F::epsilon());
    let (two, half, three_halves) = (one + one, F::from_f64_(0.5), F::from_f64_(1.5));
    let eighth_eps = eps / F::from_f64_(8.0);
    let (rx, ix) = (re.abs(), im.abs());
    // `atan2` of the result's imaginary part: `adj` swaps the arguments
    // and gives the second the sign of `im`.
    let arg = |y: F, x: F| {
        if adj {
            x.atan2(y.copysign(im))
        } else {
            y.atan2(x)
        }
    };
    let (r, i) = if rx >= one / eps || ix >= one / eps {
        let (mut yr, mut yi) = (rx, ix);
        if adj {
            (yr, yi) = (yi.copysign(im), yr);
        }
        let (r, i) = clog(yr, yi);
        (r + F::LN2, i)
    } else if rx >= half && ix < eighth_eps {
        let s = one.hypot(rx);
        let i = if adj { s.atan2(im) } else { ix.atan2(s) };
        ((rx + s).ln(), i)
    } else if rx < eighth_eps && ix >= three_halves {
        let s = ((ix + one) * (ix - one)).sqrt();
        ((ix + s).ln(), arg(s, rx))
    } else if ix > one && ix < three_halves && rx < half {
        let ix2m1 = (ix + one) * (ix - one);
        if rx < eps * eps {
            let s = ix2m1.sqrt();
            ((two * (ix2m1 + ix * s)).ln_1p() / two, arg(s, rx))
        } else {
            let rx2 = rx * rx;
            let f = rx2 * (two + rx2 + two * ix * ix);
            let d = (ix2m1 * ix2m1 + f).sqrt();
            let dp = d + ix2m1;
            let dm = f / dp;
            let r1 = ((dm + rx2) / two).sqrt();
            let r2 = rx * ix / r1;
            let r = (rx2 + dp + two * (rx * r1 + ix * r2)).ln_1p() / two;
            (r, arg(ix + r2, rx + r1))
        }
    } else if ix == one && rx < half {
        if rx < eighth_eps {
            let r = (two * (rx + rx.sqrt())).ln_1p() / two;
            (r, arg(one, rx.sqrt()))
        } else {
            let d = rx * (F::from_f64_(4.0) + rx * rx).sqrt();
            let s1 = ((d + rx * rx) / two).sqrt();
            let s2 = ((d - rx * rx) / two).sqrt();
            let r = (rx * rx + d + two * (rx * s1 + s2)).ln_1p() / two;
            (r, arg(one + s2, rx + s1))
        }
    } else if ix < one && rx < half {
        if ix >= eps {
            let onemix2 = (one + ix) * (one - ix);
            if rx < eps * eps {
                let s = onemix2.sqrt();
                let i = if adj { s.atan2(im) } else { ix.atan2(s) };
                ((two * rx / s).ln_1p() / two, i)
            } else {
                let rx2 = rx * rx;
                let f = rx2 * (two + rx2 + two * ix * ix);
                let d = (onemix2 * onemix2 + f).sqrt();
                let dp = d + onemix2;
                let dm = f / dp;
                let r1 = ((dp + rx2) / two).sqrt();
                let r2 = rx * ix / r1;
                let r = (rx2 + dm + two * (rx * r1 + ix * r2)).ln_1p() / two;
                (r, arg(ix + r2, rx + r1))
            }
        } else {
            let s = one.hypot(rx);
            let i = if adj { s.atan2(im) } else { ix.atan2(s) };
            ((two * rx * (rx + s)).ln_1p() / two, i)
        }
    } else {
        let y = super::unary::csqrt(num_complex::Complex::new(
            (rx - ix) * (rx + ix) + one,
            two * rx * ix,
        ));
        let (mut yr, mut yi) = (y.re + rx, y.im + ix);
        if adj {
            (yr, yi) = (yi.copysign(im), yr);
        }
        clog(yr, yi)
    };
    (r.copysign(re), i.copysign(if adj { one } else { im }))
}

/// glibc's `casinh` (`math/s_casinh_template.c`), which NumPy's complex
/// `arcsinh` calls.
pub fn casinh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, two) = (F::zero(), F::one() + F::one());
    let pi_2 = F::PI / two;
    if !re.is_finite() || !im.is_finite() {
        if im.is_infinite() {
            let i = if re.is_nan() {
                F::nan()
            } else if re.is_finite() {
                pi_2.copysign(im)
            } else {
                (pi_2 / two).copysign(im)
            };
            (F::infinity().copysign(re), i)
        } else if !re.is_finite() {
            let i = if (re.is_infinite() && im.is_finite()) || (re.is_nan() && im == zero) {
                zero.copysign(im)
            } else {
                F::nan()
            };
            (re, i)
        } else {
            (F::nan(), F::nan())
        }
    } else if re == zero && im == zero {
        (re, im)
    } else {
        kernel_casinh(re, im, false)
    }
}

/// glibc's `casin`: `-i casinh(i z)`, NaN cases first.
pub fn casin<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    if re.is_nan() || im.is_nan() {
        if re == F::zero() {
            (re, im)
        } else if re.is_infinite() || im.is_infinite() {
            (F::nan(), F::infinity().copysign(im))
        } else {
            (F::nan(), F::nan())
        }
    } else {
        let (yr, yi) = casinh(-im, re);
        (yi, -yr)
    }
}

/// glibc's `cacosh` (`math/s_cacosh_template.c`).
pub fn cacosh<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let (zero, two) = (F::zero(), F::one() + F::one());
    let (pi, pi_2, pi_4) = (F::PI, F::PI / two, F::PI / (two + two));
    if !re.is_finite() || !im.is_finite() {
        if im.is_infinite() {
            let i = if re.is_nan() {
                F::nan()
            } else if re.is_infinite() {
                (if re < zero { pi - pi_4 } else { pi_4 }).copysign(im)
            } else {
                pi_2.copysign(im)
            };
            (F::infinity(), i)
        } else if re.is_infinite() {
            let i = if im.is_finite() {
                (if re.is_sign_negative() { pi } else { zero }).copysign(im)
            } else {
                F::nan()
            };
            (F::infinity(), i)
        } else {
            (F::nan(), if re == zero { pi_2 } else { F::nan() })
        }
    } else if re == zero && im == zero {
        (zero, pi_2.copysign(im))
    } else {
        let (yr, yi) = kernel_casinh(-im, re, true);
        if im.is_sign_negative() {
            (yr, -yi)
        } else {
            (-yr, yi)
        }
    }
}

/// glibc's `cacos` (`math/s_cacos_template.c`).
pub fn cacos<F: super::elem::FloatK>(re: F, im: F) -> (F, F) {
    let zero = F::zero();
    if !re.is_finite() || !im.is_finite() || (re == zero && im == zero) {
        let (yr, yi) = casin(re, im);
        let r = F::PI / (F::one() + F::one()) - yr;
        // C's `if (r == 0) r = 0` turns -0 into +0.
        (if r == zero { zero } else { r }, -yi)
    } else {
        let (yr, yi) = kernel_casinh(-im, re, true);
        (yi, yr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values NumPy 2.4 prints on Linux (glibc 2.36), as bits.
    #[test]
    fn glibc_last_bits() {
        assert_eq!(2.0f64.g_cbrt(), 1.259_921_049_894_873_4);
        // Not -3: glibc is not correctly rounded, and NumPy prints its value.
        assert_eq!((-27.0f64).g_cbrt(), -3.0000000000000004);
        assert_eq!(5e-324f64.g_cbrt(), 1.7031839360032601e-108);
        assert_eq!(3.0f64.g_asinh(), 1.8184464592320668);
        assert_eq!(100.0f64.g_acosh(), 5.298_292_365_610_484);
        assert_eq!((-0.999f64).g_atanh(), -3.800_201_167_250_199_4);
        assert_eq!(1.0f64.g_atanh(), f64::INFINITY);
        assert!(0.5f64.g_acosh().is_nan());
        assert!(0.5f64.g_acosh().is_sign_negative());
        assert!(2.0f32.g_atanh().is_sign_negative());
        assert_eq!((-0.0f64).g_asinh().to_bits(), (-0.0f64).to_bits());
        assert_eq!(1e7f32.g_cbrt(), 215.443_47);
    }
}
