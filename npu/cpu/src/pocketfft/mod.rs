//! One-dimensional FFTs ported from pocketfft, the library NumPy's
//! `numpy.fft` runs on, so that xpush's results equal NumPy's bit for bit.
//!
//! NumPy 2.x vendors pocketfft's C++ header (`pocketfft_hdronly.h`, the
//! `cpp` branch of mreineck/pocketfft) and calls its plans once per row:
//! `pocketfft_c` for complex transforms and `pocketfft_r` for real ones,
//! each either FFTPACK-style mixed-radix passes (radices 2, 3, 4, 5, 7, 8,
//! 11 and a generic odd one for complex data; 2, 3, 4, 5 and a generic one
//! for real data) or Bluestein's algorithm over a longer composite length,
//! whichever the cost estimate prefers. Any other FFT rounds differently
//! (exact zeros of NumPy's come out as 1e-16 noise, lengths that are not
//! powers of two differ in the last digits), so this is a port of the
//! algorithm, operation for operation and in the same order, in the same
//! types: the twiddle factors are computed in double precision (from
//! `0.25L*pi/n` in x87 extended precision, [`quarter_pi_over`]) and rounded
//! to the working type when read, the radix constants are the header's
//! literals, and the normalisation factor is applied where pocketfft
//! applies it. Rust never fuses a multiply and an add, like the NumPy
//! build, so the results match.
//!
//! The multi-dimensional machinery, the threads, the SIMD vector types
//! (whose lanes compute what the scalar code computes) and the DCT/DST
//! are left out. Names follow the C++ (`cfftp`'s `pass4` is
//! [`complex`]'s `pass4`, `rfftp`'s `radf3` is [`real`]'s `radf3`, ...)
//! so that the two can be read side by side.
//!
//! pocketfft's licence, which applies to this port of it:
//!
//! ```text
//! Copyright (C) 2010-2022 Max-Planck-Society
//! Copyright (C) 2019-2020 Peter Bell
//! Authors: Martin Reinecke, Peter Bell
//! All rights reserved.
//!
//! Redistribution and use in source and binary forms, with or without
//! modification, are permitted provided that the following conditions are
//! met:
//!
//! * Redistributions of source code must retain the above copyright
//!   notice, this list of conditions and the following disclaimer.
//! * Redistributions in binary form must reproduce the above copyright
//!   notice, this list of conditions and the following disclaimer in the
//!   documentation and/or other materials provided with the distribution.
//! * Neither the name of the copyright holder nor the names of its
//!   contributors may be used to endorse or promote products derived from
//!   this software without specific prior written permission.
//!
//! THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
//! IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED
//! TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
//! PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
//! HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
//! SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
//! LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
//! DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
//! THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
//! (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
//! OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//! ```

mod bluestein;
mod complex;
mod real;

use std::fmt::Debug;
use std::ops::{AddAssign, MulAssign, SubAssign};

use num_complex::Complex;

use bluestein::Bluestein;
use complex::Cfftp;
use real::Rfftp;

/// The working type of a transform, `f32` or `f64` (pocketfft's `T0`).
pub trait Real:
    num_traits::Float + AddAssign + SubAssign + MulAssign + Debug + Send + Sync + 'static
{
    /// `T0(x)` of a double: `x as Self`, rounded to nearest.
    fn from_f64(x: f64) -> Self;
    /// `T0(n)` of a length.
    fn from_usize(n: usize) -> Self;
    /// sin(2pi/3), `taui` / `tw1i` of the radix-3 passes.
    const SIN_2PI_3: Self;
    /// sqrt(2)/2, `hsqt2` of `pass8` and `radf4`.
    const HSQT2: Self;
    /// sqrt(2), `sqrt2` of `radb4`.
    const SQRT2: Self;
    /// cos and sin of 2pi k/5 for k = 1, 2 (`tw1r`, `tw1i`, `tw2r`,
    /// `tw2i` of `pass5`; `tr11`, `ti11`, `tr12`, `ti12` of `radf5` and
    /// `radb5`).
    const COS_SIN_5: [(Self, Self); 2];
    /// cos and sin of 2pi k/7 for k = 1..=3 (`pass7`).
    const COS_SIN_7: [(Self, Self); 3];
    /// cos and sin of 2pi k/11 for k = 1..=5 (`pass11`).
    const COS_SIN_11: [(Self, Self); 5];
}

// The header's long double literals, `T0(0.866...L)`: rounding the decimal
// to long double and then to double or float gives the same value as
// rounding it directly (checked for each), which the literals below do.
macro_rules! impl_real {
    ($t:ident) => {
        #[allow(clippy::excessive_precision)]
        impl Real for $t {
            #[inline(always)]
            fn from_f64(x: f64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn from_usize(n: usize) -> Self {
                n as $t
            }
            const SIN_2PI_3: Self = 0.8660254037844386467637231707529362;
            // 0.707106781186547524400844362104849L, 1.414213562373095048801688724209698L
            const HSQT2: Self = std::$t::consts::FRAC_1_SQRT_2;
            const SQRT2: Self = std::$t::consts::SQRT_2;
            const COS_SIN_5: [(Self, Self); 2] = [
                (
                    0.3090169943749474241022934171828191,
                    0.9510565162951535721164393333793821,
                ),
                (
                    -0.8090169943749474241022934171828191,
                    0.5877852522924731291687059546390728,
                ),
            ];
            const COS_SIN_7: [(Self, Self); 3] = [
                (
                    0.6234898018587335305250048840042398,
                    0.7818314824680298087084445266740578,
                ),
                (
                    -0.2225209339563144042889025644967948,
                    0.9749279121818236070181316829939312,
                ),
                (
                    -0.9009688679024191262361023195074451,
                    0.433883739117558120475768332848359,
                ),
            ];
            const COS_SIN_11: [(Self, Self); 5] = [
                (
                    0.8412535328311811688618116489193677,
                    0.5406408174555975821076359543186917,
                ),
                (
                    0.4154150130018864255292741492296232,
                    0.9096319953545183714117153830790285,
                ),
                (
                    -0.1423148382732851404437926686163697,
                    0.9898214418809327323760920377767188,
                ),
                (
                    -0.6548607339452850640569250724662936,
                    0.7557495743542582837740358439723444,
                ),
                (
                    -0.9594929736144973898903680570663277,
                    0.2817325568414296977114179153466169,
                ),
            ];
        }
    };
}
impl_real!(f32);
impl_real!(f64);

/// `PM(a, b, c, d)`: `(c + d, c - d)`.
#[inline(always)]
fn pm<T: std::ops::Add<Output = T> + std::ops::Sub<Output = T> + Copy>(c: T, d: T) -> (T, T) {
    (c + d, c - d)
}

/// `special_mul<fwd>`: `v * w`, or `v * conj(w)` when `fwd`, with
/// pocketfft's operation order.
#[inline(always)]
fn special_mul<T: Real>(v: Complex<T>, w: Complex<T>, fwd: bool) -> Complex<T> {
    if fwd {
        Complex::new(v.re * w.re + v.im * w.im, v.im * w.re - v.re * w.im)
    } else {
        Complex::new(v.re * w.re - v.im * w.im, v.re * w.im + v.im * w.re)
    }
}

/// `c * fct` of a complex `c` and a real `fct` (`cmplx::operator*`).
#[inline(always)]
fn scale<T: Real>(c: Complex<T>, fct: T) -> Complex<T> {
    Complex::new(c.re * fct, c.im * fct)
}

/// The radices of a plan in the order its passes run (`cfftp::factorize`
/// with `eights`, `rfftp::factorize` without): 8s (complex only), then
/// 4s, then a 2 (moved to the front), then the odd primes in increasing
/// order.
fn factorize(length: usize, eights: bool) -> Vec<usize> {
    let mut len = length;
    let mut fact = Vec::new();
    while eights && len.is_multiple_of(8) {
        fact.push(8);
        len >>= 3;
    }
    while len.is_multiple_of(4) {
        fact.push(4);
        len >>= 2;
    }
    if len.is_multiple_of(2) {
        len >>= 1;
        // factor 2 should be at the front of the factor list
        fact.push(2);
        let last = fact.len() - 1;
        fact.swap(0, last);
    }
    let mut divisor = 3;
    while divisor * divisor <= len {
        while len.is_multiple_of(divisor) {
            fact.push(divisor);
            len /= divisor;
        }
        divisor += 2;
    }
    if len > 1 {
        fact.push(len);
    }
    fact
}

/// pocketfft's `copy_and_norm`, shared by the complex and real plans: the
/// result into `c` (from `ch` when the passes left it there, `in_c`
/// false), each element multiplied by the factor by `times` unless the
/// factor is one (`unit`).
fn copy_and_norm<E: Copy>(c: &mut [E], ch: &[E], in_c: bool, unit: bool, times: impl Fn(E) -> E) {
    match (in_c, unit) {
        (false, false) => {
            for (x, y) in c.iter_mut().zip(ch) {
                *x = times(*y);
            }
        }
        (false, true) => c.copy_from_slice(ch),
        (true, false) => {
            for x in c.iter_mut() {
                *x = times(*x);
            }
        }
        (true, true) => {}
    }
}

/// `double(0.25L * pi / n)` as the x86-64 NumPy build computes it: pi
/// rounded to a 64-bit significand (x87 long double), the quotient rounded
/// to 64 bits, then to a double's 53. Those two roundings differ from one
/// for about a quarter of all `n`, and every twiddle factor depends on it.
fn quarter_pi_over(n: usize) -> f64 {
    // pi as a long double is PI_L * 2**-62, so pi/4 is PI_L * 2**-64.
    const PI_L: u64 = 0xC90F_DAA2_2168_C235;
    assert!(n > 0);
    let d = n as u128;
    // pi/4/n = (q + r/d) * 2**exp, developed until q has at least 67 bits.
    let num = (PI_L as u128) << 64;
    let (mut q, mut r, mut exp) = (num / d, num % d, -128i32);
    while q < (1u128 << 66) {
        let next = r << 32;
        q = (q << 32) | (next / d);
        r = next % d;
        exp -= 32;
    }
    // Round to 64 bits, nearest even, the remainder r as a sticky bit.
    let bits = 128 - q.leading_zeros() as i32;
    let drop = bits - 64;
    let kept = q >> drop;
    let rest = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let up = rest > half || (rest == half && (r != 0 || kept & 1 == 1));
    let mut m64 = kept + u128::from(up);
    let mut e = exp + drop;
    if m64 == 1u128 << 64 {
        m64 >>= 1;
        e += 1;
    }
    // Then to 53 bits, nearest even.
    let low = m64 & 0x7FF;
    let mut m53 = m64 >> 11;
    if low > 0x400 || (low == 0x400 && m53 & 1 == 1) {
        m53 += 1;
    }
    e += 11;
    if m53 == 1u128 << 53 {
        m53 >>= 1;
        e += 1;
    }
    // m53 * 2**e with m53 in [2**52, 2**53): a normal double.
    let biased = (e + 52 + 1023) as u64;
    f64::from_bits((biased << 52) | (m53 as u64 & ((1u64 << 52) - 1)))
}

/// pocketfft's `sincos_2pibyn`: `exp(2 pi i k / n)` for `0 <= k < n`,
/// from two tables of double-precision values (fine and coarse angles,
/// each computed with one `cos`/`sin` in the first octant) whose product
/// is rounded to the working type when read.
struct SinCos2PiByN {
    n: usize,
    mask: usize,
    shift: u32,
    v1: Vec<(f64, f64)>,
    v2: Vec<(f64, f64)>,
}

impl SinCos2PiByN {
    /// `calc`: `exp(2 pi i x / n)` by octant symmetry from `x * ang`,
    /// `ang = pi / (4n)`.
    fn calc(x: usize, n: usize, ang: f64) -> (f64, f64) {
        let x = x << 3;
        let at = |x: usize| (x as f64 * ang).cos();
        let st = |x: usize| (x as f64 * ang).sin();
        if x < 4 * n {
            // first half
            if x < 2 * n {
                // first quadrant
                if x < n {
                    return (at(x), st(x));
                }
                return (st(2 * n - x), at(2 * n - x));
            }
            // second quadrant
            let x = x - 2 * n;
            if x < n {
                return (-st(x), at(x));
            }
            return (-at(2 * n - x), st(2 * n - x));
        }
        let x = 8 * n - x;
        if x < 2 * n {
            // third quadrant
            if x < n {
                return (at(x), -st(x));
            }
            return (st(2 * n - x), -at(2 * n - x));
        }
        // fourth quadrant
        let x = x - 2 * n;
        if x < n {
            return (-st(x), -at(x));
        }
        (-at(2 * n - x), -st(2 * n - x))
    }

    fn new(n: usize) -> SinCos2PiByN {
        let ang = quarter_pi_over(n);
        let nval = (n + 2) / 2;
        let mut shift = 1u32;
        while (1usize << shift) * (1usize << shift) < nval {
            shift += 1;
        }
        let mask = (1usize << shift) - 1;
        let mut v1 = vec![(1.0, 0.0); mask + 1];
        for (i, v) in v1.iter_mut().enumerate().skip(1) {
            *v = Self::calc(i, n, ang);
        }
        let mut v2 = vec![(1.0, 0.0); nval.div_ceil(mask + 1)];
        for (i, v) in v2.iter_mut().enumerate().skip(1) {
            *v = Self::calc(i * (mask + 1), n, ang);
        }
        SinCos2PiByN {
            n,
            mask,
            shift,
            v1,
            v2,
        }
    }

    /// `operator[]`: the `idx`-th root, rounded to `T`.
    fn get<T: Real>(&self, idx: usize) -> Complex<T> {
        let (i, conj) = if 2 * idx <= self.n {
            (idx, false)
        } else {
            (self.n - idx, true)
        };
        let (x1, x2) = (self.v1[i & self.mask], self.v2[i >> self.shift]);
        let re = T::from_f64(x1.0 * x2.0 - x1.1 * x2.1);
        let im = T::from_f64(x1.0 * x2.1 + x1.1 * x2.0);
        Complex::new(re, if conj { -im } else { im })
    }
}

/// `util::largest_prime_factor`.
fn largest_prime_factor(mut n: usize) -> usize {
    let mut res = 1;
    while n & 1 == 0 {
        res = 2;
        n >>= 1;
    }
    let mut x = 3;
    while x * x <= n {
        while n.is_multiple_of(x) {
            res = x;
            n /= x;
        }
        x += 2;
    }
    if n > 1 {
        res = n;
    }
    res
}

/// `util::cost_guess`: the plan's estimated cost, factors above 5
/// penalised by 1.1.
fn cost_guess(mut n: usize) -> f64 {
    const LFP: f64 = 1.1;
    let ni = n;
    let mut result = 0.0;
    while n & 1 == 0 {
        result += 2.0;
        n >>= 1;
    }
    let mut x = 3;
    while x * x <= n {
        while n.is_multiple_of(x) {
            result += if x <= 5 { x as f64 } else { LFP * x as f64 };
            n /= x;
        }
        x += 2;
    }
    if n > 1 {
        result += if n <= 5 { n as f64 } else { LFP * n as f64 };
    }
    result * ni as f64
}

/// `util::good_size_cmplx`: the smallest product of 2, 3, 5, 7 and 11 that
/// is at least `n`.
fn good_size_cmplx(n: usize) -> usize {
    if n <= 12 {
        return n;
    }
    let mut bestfac = 2 * n;
    let mut f11 = 1;
    while f11 < bestfac {
        let mut f117 = f11;
        while f117 < bestfac {
            let mut f1175 = f117;
            while f1175 < bestfac {
                let mut x = f1175;
                while x < n {
                    x *= 2;
                }
                loop {
                    if x < n {
                        x *= 3;
                    } else if x > n {
                        if x < bestfac {
                            bestfac = x;
                        }
                        if x & 1 == 1 {
                            break;
                        }
                        x >>= 1;
                    } else {
                        return n;
                    }
                }
                f1175 *= 5;
            }
            f117 *= 7;
        }
        f11 *= 11;
    }
    bestfac
}

/// Whether pocketfft plans a length-`n` transform with Bluestein's
/// algorithm (`pocketfft_c` and `pocketfft_r`'s constructors): only when
/// its largest prime factor exceeds sqrt(n) (lengths from 50), and then by
/// cost, the real transform's direct cost counted half.
fn use_bluestein(n: usize, real: bool) -> bool {
    let tmp = if n < 50 { 0 } else { largest_prime_factor(n) };
    if tmp * tmp <= n {
        return false;
    }
    let comp1 = if real {
        0.5 * cost_guess(n)
    } else {
        cost_guess(n)
    };
    let mut comp2 = 2.0 * cost_guess(good_size_cmplx(2 * n - 1));
    comp2 *= 1.5; // pocketfft's fudge factor
    comp2 < comp1
}

/// A complex transform of one length (`pocketfft_c`).
pub enum ComplexPlan<T: Real> {
    /// Mixed-radix passes over the length's factors.
    Pack(Cfftp<T>),
    /// Bluestein's algorithm.
    Blue(Bluestein<T>),
}

impl<T: Real> ComplexPlan<T> {
    /// The plan for `len` points (`len >= 1`).
    pub fn new(len: usize) -> ComplexPlan<T> {
        assert!(len > 0, "zero-length FFT requested");
        if use_bluestein(len, false) {
            ComplexPlan::Blue(Bluestein::new(len))
        } else {
            ComplexPlan::Pack(Cfftp::new(len))
        }
    }

    /// Transforms `c` in place, forward (`exp(-2 pi i jk/n)`) or backward,
    /// and multiplies by `fct`.
    pub fn exec(&self, c: &mut [Complex<T>], fct: T, forward: bool) {
        match self {
            ComplexPlan::Pack(p) => p.exec(c, fct, forward),
            ComplexPlan::Blue(b) => b.exec(c, fct, forward),
        }
    }
}

/// A real transform of one length (`pocketfft_r`), on FFTPACK's halfcomplex
/// layout `r0, r1, i1, r2, i2, ...` (`r(n/2)` last for even `n`).
pub enum RealPlan<T: Real> {
    /// Mixed-radix passes over the length's factors.
    Pack(Rfftp<T>),
    /// Bluestein's algorithm on the complex data.
    Blue(Bluestein<T>),
}

impl<T: Real> RealPlan<T> {
    /// The plan for `len` points (`len >= 1`).
    pub fn new(len: usize) -> RealPlan<T> {
        assert!(len > 0, "zero-length FFT requested");
        if use_bluestein(len, true) {
            RealPlan::Blue(Bluestein::new(len))
        } else {
            RealPlan::Pack(Rfftp::new(len))
        }
    }

    /// Forward: real data in `c` to its halfcomplex transform; backward:
    /// the inverse; both multiplied by `fct`.
    pub fn exec(&self, c: &mut [T], fct: T, forward: bool) {
        match self {
            RealPlan::Pack(p) => p.exec(c, fct, forward),
            RealPlan::Blue(b) => b.exec_r(c, fct, forward),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_pi_over_rounds_twice_like_x87() {
        // double(0.25L*pi/n) from g++ on x86-64; for the first ones
        // (pi/4)/n in double precision gives a different value.
        for (n, bits) in [
            (1, 0x3fe9_21fb_5444_2d18u64),
            (3, 0x3fd0_c152_382d_7366),
            (13, 0x3fae_eebf_2ca2_ada8),
            (15, 0x3faa_cee9_f37b_ebd6),
            (55, 0x3f8d_3ed0_ac87_2fd2),
            (59, 0x3f8b_433c_04a0_bbc4),
            (61, 0x3f8a_5e68_36d6_37b5),
            (65, 0x3f88_beff_56e8_8aed),
            (75, 0x3f85_7254_c2c9_8978),
            (101, 0x3f7f_d9f5_02df_45d3),
            (103, 0x3f7f_3ba0_b840_d71c),
            (1_000_001, 0x3eaa_5a83_195c_c3a3),
            (1_000_009, 0x3eaa_5a75_4847_630b),
            (1_099_511_627_789, 0x3d69_21fb_5442_e65f),
            // and some where one rounding would do
            (2018, 0x3f39_81a1_71ae_7b67),
            (1_048_576, 0x3ea9_21fb_5444_2d18),
            (6_442_450_941, 0x3de0_c152_384e_f60a),
        ] {
            assert_eq!(quarter_pi_over(n).to_bits(), bits, "n = {n}");
        }
    }

    #[test]
    fn plan_choice_and_sizes() {
        // pocketfft's choices, from its header compiled with g++: length,
        // good_size_cmplx(2n - 1), Bluestein for complex, for real data.
        for (n, good, c, r) in [
            (47, 96, false, false),
            (89, 180, true, false),
            (97, 196, false, false),
            (101, 210, true, false),
            (127, 256, true, false),
            (191, 384, true, true),
            (202, 405, true, false),
            (257, 525, true, true),
            (1000, 2000, false, false),
            (1009, 2025, true, true),
        ] {
            assert_eq!(good_size_cmplx(2 * n - 1), good, "n = {n}");
            assert_eq!(use_bluestein(n, false), c, "n = {n}");
            assert_eq!(use_bluestein(n, true), r, "n = {n}");
        }
        assert_eq!(largest_prime_factor(1000), 5);
        assert_eq!(largest_prime_factor(2 * 1009), 1009);
    }
}
