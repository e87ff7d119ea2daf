//! Per-category element arithmetic the kernels are written against:
//! [`IntK`] for the eight integer types (wrapping, NumPy's division rules),
//! [`FloatK`] for `f32`/`f64`, and [`FloatLike`] mapping every real float
//! dtype to the type it computes in (float16 and bfloat16 in `f32`).

use half::{bf16, f16};
use num_complex::Complex;

use xpush_core::kernel::Run;

use xpush_core::dtype::{Elem, WithDType};

/// Integer element arithmetic with NumPy's results.
pub trait IntK:
    WithDType
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
{
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    fn wabs(self) -> Self;
    fn is_neg(self) -> bool;
    /// Truncating division and remainder, 0 for a zero divisor.
    fn div_rem(self, o: Self) -> (Self, Self);
    fn shl(self, o: Self) -> Self;
    fn shr(self, o: Self) -> Self;
    fn as_f64(self) -> f64;
    fn signum_(self) -> Self;
    /// The number of 1 bits of the absolute value (`np.bitwise_count`).
    fn popcount_abs(self) -> u8;

    /// Python floor division (0 for a zero divisor).
    fn floor_div(self, o: Self) -> Self {
        let (q, r) = self.div_rem(o);
        if r != Self::ZERO && (r.is_neg() != o.is_neg()) {
            q.wsub(Self::ONE)
        } else {
            q
        }
    }

    /// Python remainder (0 for a zero divisor).
    fn py_rem(self, o: Self) -> Self {
        let (_, r) = self.div_rem(o);
        if r != Self::ZERO && (r.is_neg() != o.is_neg()) {
            r.wadd(o)
        } else {
            r
        }
    }

    /// Wrapping power by squaring (the exponent is not negative).
    fn pow_(self, e: Self) -> Self {
        let mut e = e;
        let mut base = self;
        let mut r = Self::ONE;
        let two = Self::ONE.wadd(Self::ONE);
        while e != Self::ZERO {
            let (q, bit) = e.div_rem(two);
            if bit != Self::ZERO {
                r = r.wmul(base);
            }
            base = base.wmul(base);
            e = q;
        }
        r
    }

    fn gcd_(self, o: Self) -> Self {
        let (mut a, mut b) = (self.wabs(), o.wabs());
        while b != Self::ZERO {
            let (_, r) = a.div_rem(b);
            a = b;
            b = r.wabs();
        }
        a
    }

    fn lcm_(self, o: Self) -> Self {
        let g = self.gcd_(o);
        if g == Self::ZERO {
            return Self::ZERO;
        }
        // NumPy's npy_lcm: |a| / gcd * |b| in the unsigned type (C's int
        // for the narrow ones), wrapping into the dtype: lcm(127, 2) in
        // int8 is -2, not its absolute value.
        self.wabs().div_rem(g).0.wmul(o.wabs())
    }
}

macro_rules! int_k {
    ($($t:ty, $u:ty, $signed:expr);*) => {$(
        impl IntK for $t {
            #[inline(always)]
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)]
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn wabs(self) -> Self { if self < 0 { self.wrapping_neg() } else { self } }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn is_neg(self) -> bool { self < 0 }
            #[inline(always)]
            fn div_rem(self, o: Self) -> (Self, Self) {
                if o == 0 { (0, 0) } else { (self.wrapping_div(o), self.wrapping_rem(o)) }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn shl(self, o: Self) -> Self {
                if o < 0 || o as u64 >= <$t>::BITS as u64 { 0 } else { self << o as u32 }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn shr(self, o: Self) -> Self {
                if o < 0 || o as u64 >= <$t>::BITS as u64 {
                    if self < 0 { !0 } else { 0 }
                } else {
                    self >> o as u32
                }
            }
            #[inline(always)]
            fn as_f64(self) -> f64 { self as f64 }
            #[inline(always)]
            fn popcount_abs(self) -> u8 { self.wabs().count_ones() as u8 }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn signum_(self) -> Self {
                if self > 0 { 1 } else if self < 0 { (0 as $t).wrapping_sub(1) } else { 0 }
            }
        }
    )*};
}

int_k!(i8, u8, true; i16, u16, true; i32, u32, true; i64, u64, true;
       u8, u8, false; u16, u16, false; u32, u32, false; u64, u64, false);

/// `f32`/`f64` arithmetic (the float kernels' compute types).
pub trait FloatK: num_traits::Float + super::glibc::GlibcMath + WithDType + Send + Sync {
    const PI: Self;
    const LN2: Self;
    const LOG2E: Self;
    fn from_f64_(v: f64) -> Self;
    fn rint(self) -> Self;
    fn copysign_(self, o: Self) -> Self;
    fn nextafter(self, o: Self) -> Self;
    fn ldexp(self, e: i64) -> Self;
    fn exp2_(self) -> Self;

    /// NumPy's `npy_divmod`: (floor quotient, Python remainder).
    fn divmod(self, b: Self) -> (Self, Self) {
        let a = self;
        let zero = Self::zero();
        let mut m = a % b;
        if b == zero {
            return (a / b, m);
        }
        let mut div = (a - m) / b;
        if m != zero {
            if (b < zero) != (m < zero) {
                m = m + b;
                div = div - Self::one();
            }
        } else {
            m = zero.copysign_(b);
        }
        let fd = if div != zero {
            let mut fd = div.floor();
            if div - fd > Self::from_f64_(0.5) {
                fd = fd + Self::one();
            }
            fd
        } else {
            zero.copysign_(a / b)
        };
        (fd, m)
    }

    fn floor_div(self, b: Self) -> Self {
        if b == Self::zero() {
            return self / b;
        }
        self.divmod(b).0
    }

    fn py_rem(self, b: Self) -> Self {
        if b == Self::zero() {
            return self % b;
        }
        self.divmod(b).1
    }

    fn logaddexp(self, y: Self) -> Self {
        let x = self;
        if x == y {
            return x + Self::LN2;
        }
        let t = x - y;
        if t > Self::zero() {
            x + (-t).exp().ln_1p()
        } else if t <= Self::zero() {
            y + t.exp().ln_1p()
        } else {
            t
        }
    }

    fn logaddexp2(self, y: Self) -> Self {
        let x = self;
        if x == y {
            return x + Self::one();
        }
        let t = x - y;
        if t > Self::zero() {
            x + Self::LOG2E * (-t).exp2_().ln_1p()
        } else if t <= Self::zero() {
            y + Self::LOG2E * t.exp2_().ln_1p()
        } else {
            t
        }
    }

    fn heaviside(self, h0: Self) -> Self {
        if self.is_nan() {
            self
        } else if self == Self::zero() {
            h0
        } else if self < Self::zero() {
            Self::zero()
        } else {
            Self::one()
        }
    }

    fn sign_(self) -> Self {
        if self > Self::zero() {
            Self::one()
        } else if self < Self::zero() {
            -Self::one()
        } else if self == Self::zero() {
            Self::zero()
        } else {
            self
        }
    }
}

macro_rules! float_k {
    ($($t:ident, $bits:ty, $pi:expr, $ln2:expr, $log2e:expr);*) => {$(
        impl FloatK for $t {
            const PI: Self = $pi;
            const LN2: Self = $ln2;
            const LOG2E: Self = $log2e;
            #[inline(always)]
            fn from_f64_(v: f64) -> Self { v as $t }
            #[inline(always)]
            fn rint(self) -> Self { self.round_ties_even() }
            #[inline(always)]
            fn copysign_(self, o: Self) -> Self { self.copysign(o) }
            fn nextafter(self, o: Self) -> Self {
                if self.is_nan() || o.is_nan() {
                    return self + o;
                }
                if self == o {
                    return o;
                }
                if self == 0.0 {
                    return <$t>::from_bits(1).copysign(o);
                }
                let b = self.to_bits();
                let up = (o > self) == (self > 0.0);
                <$t>::from_bits(if up { b + 1 } else { b - 1 })
            }
            fn ldexp(self, e: i64) -> Self {
                let mut x = self;
                let mut e = e.clamp(-10_000, 10_000);
                let big: $t = (2.0 as $t).powi(60);
                let small: $t = (2.0 as $t).powi(-60);
                while e > 60 { x *= big; e -= 60; }
                while e < -60 { x *= small; e += 60; }
                x * (2.0 as $t).powi(e as i32)
            }
            #[inline(always)]
            fn exp2_(self) -> Self { self.exp2() }
        }
    )*};
}

float_k!(f32, u32, std::f32::consts::PI, std::f32::consts::LN_2, std::f32::consts::LOG2_E;
         f64, u64, std::f64::consts::PI, std::f64::consts::LN_2, std::f64::consts::LOG2_E);

/// A real float dtype's element and the type it computes in.
pub trait FloatLike: WithDType {
    /// The compute type.
    type C: FloatK;
    /// Widens for computing.
    fn up(self) -> Self::C;
    /// Rounds a result back.
    fn down(c: Self::C) -> Self;
}

impl FloatLike for f32 {
    type C = f32;
    #[inline(always)]
    fn up(self) -> f32 {
        self
    }
    #[inline(always)]
    fn down(c: f32) -> f32 {
        c
    }
}

impl FloatLike for f64 {
    type C = f64;
    #[inline(always)]
    fn up(self) -> f64 {
        self
    }
    #[inline(always)]
    fn down(c: f64) -> f64 {
        c
    }
}

impl FloatLike for f16 {
    type C = f32;
    #[inline(always)]
    fn up(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn down(c: f32) -> f16 {
        f16::from_f32(c)
    }
}

impl FloatLike for bf16 {
    type C = f32;
    #[inline(always)]
    fn up(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn down(c: f32) -> bf16 {
        bf16::from_f32(c)
    }
}

/// `from_elem` of a float result (integer `reciprocal`).
pub fn from_f64<T: WithDType>(v: f64) -> T {
    T::from_elem(Elem::Float(v))
}

/// `np.finfo(T).eps`: the gap from 1 to the next float of the dtype.
pub fn epsilon<T: FloatLike>() -> T {
    let v = match T::DTYPE {
        xpush_core::dtype::DType::Float16 => half::f16::EPSILON.to_f64(),
        xpush_core::dtype::DType::BFloat16 => half::bf16::EPSILON.to_f64(),
        xpush_core::dtype::DType::Float32 => f64::from(f32::EPSILON),
        _ => f64::EPSILON,
    };
    T::from_elem(Elem::Float(v))
}

/// The smallest positive subnormal of a float dtype.
pub fn from_bits_min<T: FloatLike>() -> T {
    let v = match T::DTYPE {
        xpush_core::dtype::DType::Float16 => half::f16::from_bits(1).to_f64(),
        xpush_core::dtype::DType::BFloat16 => half::bf16::from_bits(1).to_f64(),
        xpush_core::dtype::DType::Float32 => f64::from(f32::from_bits(1)),
        _ => f64::from_bits(1),
    };
    T::from_elem(Elem::Float(v))
}

/// Whether complex multiply and square fuse their multiply-adds, as
/// NumPy's SIMD loops (`simd_cmul`, `npyv_muladdsub`) do on its FMA dispatch
/// targets: `re = fma(a.re, b.re, -(a.im * b.im))`,
/// `im = fma(a.re, b.im, a.im * b.re)`. Checked on 100k complex64 products
/// against NumPy 2.4 on an AVX2 machine: the fused form matched all, the
/// plain one 56%. On x86-64 this holds on every CPU, since xpush reproduces
/// NumPy's `X86_V3` loops whatever the CPU (a CPU without FMA computes the
/// same fused results in software); aarch64's NumPy fuses too; elsewhere a
/// plain multiply and add, as NumPy's baseline build.
pub fn numpy_fuses_cmul() -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "aarch64"))
}

/// `a * b` as NumPy's fused SIMD loop computes it ([`numpy_fuses_cmul`]).
#[inline(always)]
fn cmul_fused<F: FloatK>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    Complex::new(
        a.re.mul_add(b.re, -(a.im * b.im)),
        a.re.mul_add(b.im, a.im * b.re),
    )
}

/// `dst = x * y` over two runs with [`cmul_fused`], compiled for
/// `x86_64+avx2+fma` (where the fused multiply-add is one instruction;
/// elsewhere it is a software call); it is only called where
/// [`numpy_fuses_cmul`] holds.
#[multiversion::multiversion(targets("x86_64+avx2+fma"))]
pub fn cmul_fused_runs<F: FloatK>(
    x: Run<'_, Complex<F>>,
    y: Run<'_, Complex<F>>,
    dst: &mut [Complex<F>],
) {
    match (x, y) {
        (Run::Slice(x), Run::Slice(y)) => {
            for ((d, &p), &q) in dst.iter_mut().zip(x).zip(y) {
                *d = cmul_fused(p, q);
            }
        }
        (Run::Slice(x), Run::One(q)) => {
            for (d, &p) in dst.iter_mut().zip(x) {
                *d = cmul_fused(p, q);
            }
        }
        (Run::One(p), Run::Slice(y)) => {
            for (d, &q) in dst.iter_mut().zip(y) {
                *d = cmul_fused(p, q);
            }
        }
        (Run::One(p), Run::One(q)) => dst.fill(cmul_fused(p, q)),
    }
}

/// `|z|` as NumPy's `simd_cabsolute` (`loops_unary_complex.dispatch.c.src`)
/// computes it for every array element: an infinite part makes both
/// infinite, a NaN part both NaN, then `larger * sqrt(r*r + 1)` with
/// `r = smaller / larger` (0 when `larger` is 0 or `smaller` infinite),
/// `r*r + 1` fused where NumPy's SIMD target has FMA ([`cabs_runs`]). It is
/// not libm's `hypot`: the two differ in the last bit (`|0.5+0.999j|`).
#[inline(always)]
fn cabs<F: FloatK>(z: Complex<F>, fused: bool) -> F {
    let inf = F::infinity();
    let (mut re, mut im) = (z.re.abs(), z.im.abs());
    if re == inf {
        im = inf;
    }
    if im == inf {
        re = inf;
    }
    if re.is_nan() {
        im = F::nan();
    }
    if im.is_nan() {
        re = F::nan();
    }
    let (larger, smaller) = if re >= im { (re, im) } else { (im, re) };
    let ratio = if larger == F::zero() || smaller == inf {
        F::zero()
    } else {
        smaller / larger
    };
    let h = if fused {
        ratio.mul_add(ratio, F::one())
    } else {
        ratio * ratio + F::one()
    };
    h.sqrt() * larger
}

/// `dst[i] = |src[i]|` ([`cabs`]), compiled for `x86_64+avx2+fma` where
/// the multiply-add is one instruction.
#[multiversion::multiversion(targets("x86_64+avx2+fma"))]
pub fn cabs_slice<F: FloatK>(src: &[Complex<F>], dst: &mut [F]) {
    let fused = numpy_fuses_cmul();
    for (d, &z) in dst.iter_mut().zip(src) {
        *d = cabs(z, fused);
    }
}

/// `dst = src * src` with [`cmul_fused`] (see [`cmul_fused_runs`]).
#[multiversion::multiversion(targets("x86_64+avx2+fma"))]
pub fn csquare_fused_slice<F: FloatK>(src: &[Complex<F>], dst: &mut [Complex<F>]) {
    for (d, &p) in dst.iter_mut().zip(src) {
        *d = cmul_fused(p, p);
    }
}
