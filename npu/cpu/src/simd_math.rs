//! NumPy's own float32 `exp`, `log`, `sin`, `cos` and `tanh`, and float64
//! `tanh`, bit for bit.
//!
//! NumPy (2.x, x86-64) does not compute these float32 ufuncs with
//! libm: its `X86_V3` (AVX2 + FMA3) and `X86_V4` (AVX-512) dispatch targets
//! run SIMD algorithms of its own, whose results differ from glibc's
//! `expf`/`logf`/`sinf`/`cosf` in the last bit for a good share of inputs
//! (exp about 40%, cos 18%, sin 10%, log 5%). Only on its baseline
//! (`X86_V2`, no FMA) does it call libm. This module ports those
//! algorithms so xpush prints what NumPy prints:
//!
//! - `exp`, `log`: `simd_exp_FLOAT` / `simd_log_FLOAT` of
//!   `numpy/_core/src/umath/loops_exponent_log.dispatch.c.src` (v2.4):
//!   range checks, Cody–Waite reduction, a rational minimax approximation,
//!   the AVX2 `fma_scalef_ps` / `fma_get_exponent` / `fma_get_mantissa`
//!   helpers for denormals. (The AVX-512 variant uses `scalef`, `getexp`
//!   and `getmant`, which round the same exact values once, so its results
//!   are the same.)
//! - `sin`, `cos`: `simd_sincos_f32` of
//!   `numpy/_core/src/umath/loops_trigonometric.dispatch.cpp` (v2.4):
//!   Cody–Waite reduction by pi/2 and two polynomials for
//!   `|x| <= 117435.992` (sin) / `71476.0625` (cos); beyond that (and for
//!   ±inf) NumPy calls libm's `sinf`/`cosf`, and so do we.
//! - `tanh`: `simd_tanh_f32` of `loops_hyperbolic.dispatch.cpp.src` (v2.4,
//!   after Intel SVML): a 32-interval table of degree-6 polynomials. Its
//!   float64 twin `simd_tanh_f64` (16 intervals, degree 16) is the one
//!   float64 ufunc NumPy does not leave to libm on AVX2+FMA (glibc's
//!   `tanh` differs from it in about 30% of results), so it is here too
//!   ([`tanh_f64_slice`]).
//!
//! Every fused multiply-add of NumPy (`_mm256_fmadd_ps`, Highway's
//! `MulAdd`) is an [`f32::mul_add`] here and every separate multiply or add
//! stays separate, so each lane computes the same IEEE operations in the
//! same order; the one exception is what NumPy's compiler contracts: the
//! quadrant `x * 2/pi + 1.5*2**23` of sin/cos is one FMA in NumPy's binary
//! (checked against NumPy on a million inputs; exp's `x * log2e + magic`
//! is not contracted, checked on the 142 inputs where it would matter).
//! The kernels are plain loops over slices that the compiler vectorises;
//! [`multiversion`] compiles them for AVX-512 (`x86-64-v4`: 16 lanes) and
//! for `x86_64+avx2+fma` (8 lanes) and picks the widest clone the CPU
//! runs. Each lane computes the same IEEE operations whatever the vector
//! width, so the clones give the same bits (the tests compare every clone
//! the CPU runs with the scalar lane functions).
//!
//! One answer on every x86-64 CPU: xpush's cpu device reproduces NumPy's
//! `X86_V3` loops (AVX2 + FMA3) whatever the CPU, as the test oracle is
//! pinned to them (`tests/gen_expected.py`). A CPU with AVX2 and FMA (or
//! AVX-512) runs a `multiversion` clone at full speed; any other x86-64 CPU runs the same
//! lanes with `mul_add` as a correctly rounded software call (glibc's
//! `fma`), slower but bit for bit the same, where NumPy itself would fall
//! back to libm. Other architectures get libm ([`NUMPY_LOOPS`]).

use multiversion::multiversion;

/// Whether the slices below compute NumPy's x86-64 `X86_V3` algorithms
/// (on every x86-64 CPU, see the module doc), rather than libm.
const NUMPY_LOOPS: bool = cfg!(target_arch = "x86_64");

/// Which function a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Fn {
    /// `np.exp`.
    Exp,
    /// `np.log`.
    Log,
    /// `np.sin`.
    Sin,
    /// `np.cos`.
    Cos,
    /// `np.tanh`.
    Tanh,
}

// NumPy's constants, verbatim (npy_simd_data.h, npy_math.h and the hex
// literals of loops_trigonometric.dispatch.cpp, which Rust spells as bits).
#[allow(clippy::excessive_precision)]
mod c {
    /// 0x1.8p+23: adding and subtracting it rounds to an integer.
    pub const RINT_CVT_MAGIC: f32 = 12582912.0;
    // NPY_LOG2Ef, NPY_LOGE2f, NPY_SQRT1_2f: the same values rounded to f32.
    pub const LOG2E: f32 = std::f32::consts::LOG2_E;
    pub const LOGE2: f32 = std::f32::consts::LN_2;
    pub const SQRT1_2: f32 = std::f32::consts::FRAC_1_SQRT_2;

    pub const EXP_XMAX: f32 = 88.72283935546875;
    pub const EXP_XMIN: f32 = -103.97208404541015625;
    /// Below this, `exp`'s quadrant `q = rint(x * log2e)` may be at most
    /// -125, where `fma_scalef_ps` makes a denormal by a divide: `q <= -125`
    /// needs `x * log2e <= -124.5`, so `x < -86.29`.
    pub const EXP_DENORMAL_BELOW: f32 = -86.0;
    pub const CODY_WAITE_LOGE_2_HIGH: f32 = -6.93145752e-1;
    pub const CODY_WAITE_LOGE_2_LOW: f32 = -1.42860677e-6;
    pub const EXP_P0: f32 = 9.999999999980870924916e-01;
    pub const EXP_P1: f32 = 7.257664613233124478488e-01;
    pub const EXP_P2: f32 = 2.473615434895520810817e-01;
    pub const EXP_P3: f32 = 5.114512081637298353406e-02;
    pub const EXP_P4: f32 = 6.757896990527504603057e-03;
    pub const EXP_P5: f32 = 5.082762527590693718096e-04;
    pub const EXP_Q0: f32 = 1.000000000000000000000e+00;
    pub const EXP_Q1: f32 = -2.742335390411667452936e-01;
    pub const EXP_Q2: f32 = 2.159509375685829852307e-02;

    pub const LOG_P0: f32 = 0.000000000000000000000e+00;
    pub const LOG_P1: f32 = 9.999999999999998702752e-01;
    pub const LOG_P2: f32 = 2.112677543073053063722e+00;
    pub const LOG_P3: f32 = 1.480000633576506585156e+00;
    pub const LOG_P4: f32 = 3.808837741388407920751e-01;
    pub const LOG_P5: f32 = 2.589979117907922693523e-02;
    pub const LOG_Q0: f32 = 1.000000000000000000000e+00;
    pub const LOG_Q1: f32 = 2.612677543073109236779e+00;
    pub const LOG_Q2: f32 = 2.453006071784736363091e+00;
    pub const LOG_Q3: f32 = 9.864942958519418960339e-01;
    pub const LOG_Q4: f32 = 1.546476374983906719538e-01;
    pub const LOG_Q5: f32 = 5.875095403124574342950e-03;
    /// 2**100 (0x71800000), scales denormals to normals.
    pub const TWO_POW_100: f32 = f32::from_bits(0x7180_0000);

    pub const SIN_MAX_CODY: f32 = 117435.992;
    pub const COS_MAX_CODY: f32 = 71476.0625;
    pub const TWO_OVER_PI: f32 = f32::from_bits(0x3f22_f983); // 0x1.45f306p-1
    pub const PIO2_HIGH: f32 = f32::from_bits(0xbfc9_0fd8); // -0x1.921fb0p+00
    pub const PIO2_MED: f32 = f32::from_bits(0xb4a8_885a); // -0x1.5110b4p-22
    pub const PIO2_LOW: f32 = f32::from_bits(0xa7c2_34c4); // -0x1.846988p-48
    pub const COS_F8: f32 = f32::from_bits(0x37cc_730b); // 0x1.98e616p-16
    pub const COS_F6: f32 = f32::from_bits(0xbab6_036e); // -0x1.6c06dcp-10
    pub const COS_F4: f32 = f32::from_bits(0x3d2a_aa9e); // 0x1.55553cp-05
    pub const COS_F2: f32 = -0.5;
    pub const COS_F0: f32 = 1.0;
    pub const SIN_F9: f32 = f32::from_bits(0x363e_9dde); // 0x1.7d3bbcp-19
    pub const SIN_F7: f32 = f32::from_bits(0xb950_35dd); // -0x1.a06bbap-13
    pub const SIN_F5: f32 = f32::from_bits(0x3c08_88cd); // 0x1.11119ap-07
    pub const SIN_F3: f32 = f32::from_bits(0xbe2a_aaab); // -0x1.555556p-03
}

impl F32Fn {
    /// The function of a ufunc, if it is one of the five.
    pub fn of(op: xpush_core::op::UnaryOp) -> Option<F32Fn> {
        use xpush_core::op::UnaryOp;
        match op {
            UnaryOp::Exp => Some(F32Fn::Exp),
            UnaryOp::Log => Some(F32Fn::Log),
            UnaryOp::Sin => Some(F32Fn::Sin),
            UnaryOp::Cos => Some(F32Fn::Cos),
            UnaryOp::Tanh => Some(F32Fn::Tanh),
            _ => None,
        }
    }
}

/// `dst[i] = f(src[i])` (equal lengths), NumPy's float32 result for `f`.
pub fn apply(f: F32Fn, src: &[f32], dst: &mut [f32]) {
    match f {
        F32Fn::Exp => exp_slice(src, dst),
        F32Fn::Log => log_slice(src, dst),
        F32Fn::Sin => sincos_slice::<false>(src, dst),
        F32Fn::Cos => sincos_slice::<true>(src, dst),
        F32Fn::Tanh => tanh_slice(src, dst),
    }
}

/// A slice loop of one function: NumPy's lane algorithm on x86-64
/// ([`NUMPY_LOOPS`]; fast in the AVX2+FMA `multiversion` clone), libm
/// elsewhere.
macro_rules! slice_fn {
    ($name:ident, $lane:ident, $libm:ident) => {
        #[multiversion(targets(
            "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma",
            "x86_64+avx2+fma"
        ))]
        fn $name(src: &[f32], dst: &mut [f32]) {
            if NUMPY_LOOPS {
                for (d, &x) in dst.iter_mut().zip(src) {
                    *d = $lane(x);
                }
            } else {
                for (d, &x) in dst.iter_mut().zip(src) {
                    *d = x.$libm();
                }
            }
        }
    };
}

/// Elements per pass of [`exp_slice`].
const EXP_BLOCK: usize = 256;

/// `exp` over a slice. NumPy's `fma_scalef_ps` divides only in a vector
/// holding a lane whose result is denormal; a branch-free lane would
/// divide in every vector, a second divide beside the rational
/// approximation's. So each block is computed without it, and the lanes
/// that may be denormal ([`c::EXP_DENORMAL_BELOW`]), if any, are redone
/// with it: the same result per lane, one divide per vector.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma",
    "x86_64+avx2+fma"
))]
fn exp_slice(src: &[f32], dst: &mut [f32]) {
    if NUMPY_LOOPS {
        for (d, s) in dst.chunks_mut(EXP_BLOCK).zip(src.chunks(EXP_BLOCK)) {
            for (d, &x) in d.iter_mut().zip(s) {
                *d = exp_lane_with::<false>(x);
            }
            // A fold, not `any`: it vectorises.
            if s.iter()
                .fold(false, |m, &x| m | (x < c::EXP_DENORMAL_BELOW))
            {
                for (d, &x) in d.iter_mut().zip(s) {
                    if x < c::EXP_DENORMAL_BELOW {
                        *d = exp_lane(x);
                    }
                }
            }
        }
    } else {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = x.exp();
        }
    }
}
slice_fn!(log_slice, log_lane, ln);
slice_fn!(tanh_lanes, tanh_lane, tanh);

/// `tanh` over a slice: on an AVX-512 CPU NumPy's own table lookup
/// ([`tanh_avx512`]), else the lanes the compiler vectorises (whose table
/// reads are gathers: 8 a vector, slow on AMD's Zen 4).
fn tanh_slice(src: &[f32], dst: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(simd) = pulp::x86::V4::try_new() {
        return tanh_avx512::run(simd, src, dst);
    }
    tanh_lanes(src, dst)
}

/// [`tanh_lane`] on 16 lanes with AVX-512, as NumPy's `AVX512_SKX` loop
/// reads its table: each coefficient's 32 intervals are two registers,
/// and `vpermt2ps` picks each lane's from them by its interval. The same
/// IEEE operations in the same order as the lane, so the same bits.
#[cfg(target_arch = "x86_64")]
mod tanh_avx512 {
    use core::arch::x86_64::{__m512, __m512i};
    use pulp::x86::V4;

    use super::{tanh_lane, TANH_LUT};

    /// The table by coefficient: `COEF[k][i]` is interval `i`'s word `k`.
    const COEF: [[u32; 32]; 8] = {
        let mut t = [[0u32; 32]; 8];
        let mut i = 0;
        while i < 32 {
            let mut k = 0;
            while k < 8 {
                t[k][i] = TANH_LUT[i][k];
                k += 1;
            }
            i += 1;
        }
        t
    };

    pub(super) fn run(simd: V4, src: &[f32], dst: &mut [f32]) {
        simd.vectorize(
            #[inline(always)]
            || {
                let f = simd.avx512f;
                let half = |k: usize, h: usize| -> __m512 {
                    let words: [u32; 16] =
                        COEF[k][16 * h..16 * h + 16].try_into().expect("16 words");
                    bytemuck::cast(words)
                };
                let table: [(__m512, __m512); 8] =
                    std::array::from_fn(|k| (half(k, 0), half(k, 1)));
                let int = |v: i32| f._mm512_set1_epi32(v);
                let mut d16 = dst.chunks_exact_mut(16);
                let mut s16 = src.chunks_exact(16);
                for (d, s) in (&mut d16).zip(&mut s16) {
                    let xs: [f32; 16] = s.try_into().expect("16 lanes");
                    let x: __m512 = bytemuck::cast(xs);
                    let bits: __m512i = bytemuck::cast(xs);
                    let ndnan = f._mm512_and_si512(bits, int(0x7fe0_0000));
                    let ordinary = f._mm512_cmple_epi32_mask(ndnan, int(0x7f00_0000));
                    let idx = f._mm512_sub_epi32(ndnan, int(0x3d40_0000));
                    let idx = f._mm512_min_epi32(f._mm512_max_epi32(idx, int(0)), int(0x03e0_0000));
                    let idx = f._mm512_srlv_epi32(idx, int(21));
                    let k = |i: usize| f._mm512_permutex2var_ps(table[i].0, idx, table[i].1);
                    let y = f._mm512_sub_ps(f._mm512_abs_ps(x), k(7));
                    let mut r = f._mm512_fmadd_ps(k(0), y, k(1));
                    for i in 2..7 {
                        r = f._mm512_fmadd_ps(r, y, k(i));
                    }
                    let r = f._mm512_mask_blend_ps(ordinary, f._mm512_set1_ps(1.0), r);
                    let sign = f._mm512_and_si512(bits, int(i32::MIN));
                    let r: __m512i = bytemuck::cast(r);
                    let r: __m512 = bytemuck::cast(f._mm512_or_si512(r, sign));
                    let magnitude = f._mm512_and_si512(bits, int(i32::MAX));
                    let nan = f._mm512_cmpgt_epi32_mask(magnitude, int(0x7f80_0000));
                    let r = f._mm512_mask_blend_ps(nan, r, f._mm512_set1_ps(f32::NAN));
                    let out: [f32; 16] = bytemuck::cast(r);
                    d.copy_from_slice(&out);
                }
                for (d, &x) in d16.into_remainder().iter_mut().zip(s16.remainder()) {
                    *d = tanh_lane(x);
                }
            },
        )
    }
}

/// `dst[i] = np.tanh(src[i])` for float64 (equal lengths): NumPy's
/// `simd_tanh_f64` ([`tanh_f64_lane`]) on x86-64 ([`NUMPY_LOOPS`]), libm's
/// `tanh` elsewhere.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma",
    "x86_64+avx2+fma"
))]
pub fn tanh_f64_slice(src: &[f64], dst: &mut [f64]) {
    if NUMPY_LOOPS {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = tanh_f64_lane(x);
        }
    } else {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = x.tanh();
        }
    }
}

#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma",
    "x86_64+avx2+fma"
))]
fn sincos_slice<const COS: bool>(src: &[f32], dst: &mut [f32]) {
    if NUMPY_LOOPS {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = sincos_lane::<COS>(x);
        }
        // NumPy's libm fallback for the lanes beyond Cody-Waite's range
        // (a second pass keeps the first one branch-free).
        let max = if COS {
            c::COS_MAX_CODY
        } else {
            c::SIN_MAX_CODY
        };
        for (d, &x) in dst.iter_mut().zip(src) {
            if x.abs() > max {
                *d = if COS { x.cos() } else { x.sin() };
            }
        }
    } else {
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = if COS { x.cos() } else { x.sin() };
        }
    }
}

/// `coeffs[0] * x**(N-1) + ... + coeffs[N-1]` by Horner's rule, one fused
/// multiply-add per step, highest coefficient first (NumPy's order).
#[inline(always)]
fn horner<const N: usize>(x: f32, coeffs: [f32; N]) -> f32 {
    coeffs[1..]
        .iter()
        .fold(coeffs[0], |acc, &k| acc.mul_add(x, k))
}

/// Selects `a` where `m`, else `b` (a blend; written so it vectorises).
#[inline(always)]
fn sel(m: bool, a: f32, b: f32) -> f32 {
    if m {
        a
    } else {
        b
    }
}

/// The integer an integer-valued `q` holds, for `|q| < 2**22` (what the
/// `1.5 * 2**23` rounding trick leaves), read from the bits of `q +
/// 1.5 * 2**23`, where it is exact, instead of converted: `q as i32`
/// saturates and maps NaN to 0, which the compiler does lane by lane in
/// the AVX-512 clones (a third of `exp`'s time on AMD Zen 4). Outside
/// that range (a NaN, or a lane whose result is replaced anyway) the
/// value is meaningless but defined.
#[inline(always)]
fn small_int(q: f32) -> i32 {
    ((q + c::RINT_CVT_MAGIC).to_bits() as i32).wrapping_sub(c::RINT_CVT_MAGIC.to_bits() as i32)
}

/// `fma_scalef_ps`: `poly * 2**q` by adding `q` to the exponent bits, with
/// NumPy's split for denormal results (`q <= -125`): scale by `2**-125`
/// that way, then divide by `2**(-125 - q)`. Without `DENORMAL` the split
/// is left out: right only where `q > -125`.
#[inline(always)]
fn scalef<const DENORMAL: bool>(poly: f32, q: f32) -> f32 {
    const MINQ: f32 = -125.0;
    let add = |p: f32, q: f32| {
        f32::from_bits((p.to_bits() as i32).wrapping_add(small_int(q) << 23) as u32)
    };
    if !DENORMAL {
        return add(poly, q);
    }
    let denormal = q <= MINQ;
    let diff = sel(denormal, 0.0 - (q - MINQ), 0.0);
    // `_mm256_sllv_epi32(1, n)`: 0 for a count of 32 or more (never
    // reached: exp's xmin keeps `q >= -150`).
    let n = diff as i32;
    let two_pow_diff = if (0..32).contains(&n) { 1i32 << n } else { 0 };
    let scaled = add(poly, q.max(MINQ));
    sel(denormal, scaled / two_pow_diff as f32, scaled)
}

/// One lane of NumPy's `simd_exp_FLOAT` (AVX2/AVX-512 paths).
#[inline(always)]
pub fn exp_lane(x: f32) -> f32 {
    exp_lane_with::<true>(x)
}

/// [`exp_lane`]; without `DENORMAL` the result is only right where it is
/// not denormal (`x >= EXP_DENORMAL_BELOW` certainly is not).
#[inline(always)]
fn exp_lane_with<const DENORMAL: bool>(x: f32) -> f32 {
    let nan = x.is_nan();
    let x = sel(nan, 0.0, x);
    let over = x >= c::EXP_XMAX;
    let under = x <= c::EXP_XMIN;
    let x = sel(over || under, 0.0, x);
    // Round to nearest by the 1.5 * 2**23 trick.
    let q = x * c::LOG2E;
    let q = q + c::RINT_CVT_MAGIC;
    let q = q - c::RINT_CVT_MAGIC;
    // Cody-Waite (the third constant is 0, kept as NumPy computes it).
    let r = q.mul_add(c::CODY_WAITE_LOGE_2_HIGH, x);
    let r = q.mul_add(c::CODY_WAITE_LOGE_2_LOW, r);
    let r = q.mul_add(0.0, r);
    let num = horner(
        r,
        [
            c::EXP_P5,
            c::EXP_P4,
            c::EXP_P3,
            c::EXP_P2,
            c::EXP_P1,
            c::EXP_P0,
        ],
    );
    let den = horner(r, [c::EXP_Q2, c::EXP_Q1, c::EXP_Q0]);
    let poly = scalef::<DENORMAL>(num / den, q);
    let poly = sel(nan, f32::NAN, poly);
    let poly = sel(over, f32::INFINITY, poly);
    sel(under, 0.0, poly)
}

/// One lane of NumPy's `simd_log_FLOAT` (AVX2 path).
#[inline(always)]
pub fn log_lane(x_in: f32) -> f32 {
    let negx = x_in < 0.0;
    let zero = x_in == 0.0;
    let inf = x_in == f32::INFINITY;
    let nan = x_in.is_nan();
    let x = sel(negx, 0.0, x_in);
    // fma_get_exponent / fma_get_mantissa: denormals scaled by 2**100.
    let denormal = x < f32::MIN_POSITIVE;
    let xs = sel(denormal, x * c::TWO_POW_100, x);
    let e = ((xs.to_bits() >> 23) as i32 - 0x7e) as f32;
    let e = sel(denormal, e - 100.0, e);
    let m = f32::from_bits((xs.to_bits() & 0x7f_ffff) | (126 << 23));
    // Mantissa in [sqrt(1/2), sqrt(2)).
    let small = m <= c::SQRT1_2;
    let m = sel(small, m + m, m);
    let e = sel(small, e - 1.0, e);
    let m = m - 1.0;
    let num = horner(
        m,
        [
            c::LOG_P5,
            c::LOG_P4,
            c::LOG_P3,
            c::LOG_P2,
            c::LOG_P1,
            c::LOG_P0,
        ],
    );
    let den = horner(
        m,
        [
            c::LOG_Q5,
            c::LOG_Q4,
            c::LOG_Q3,
            c::LOG_Q2,
            c::LOG_Q1,
            c::LOG_Q0,
        ],
    );
    let poly = e.mul_add(c::LOGE2, num / den);
    let poly = sel(nan, f32::NAN, poly);
    let poly = sel(negx, -f32::NAN, poly);
    let poly = sel(zero, f32::NEG_INFINITY, poly);
    sel(inf, f32::INFINITY, poly)
}

/// One lane of NumPy's `simd_sincos_f32`, without the libm fallback for
/// `|x|` beyond Cody-Waite's range (the caller applies it).
#[inline(always)]
pub fn sincos_lane<const COS: bool>(x_in: f32) -> f32 {
    let max = if COS {
        c::COS_MAX_CODY
    } else {
        c::SIN_MAX_CODY
    };
    let nnan = !x_in.is_nan();
    let x_in = sel(nnan, x_in, 0.0);
    let in_range = x_in.abs() <= max;
    let x = sel(nnan && in_range, x_in, 0.0);
    // NumPy's source multiplies and adds separately, but its build fuses
    // `x * 2/pi + magic` into one FMA (measured: NumPy's quadrant for
    // x = 56662.555 is 36073, the unfused one 36072), so fuse it here too.
    let q = x.mul_add(c::TWO_OVER_PI, c::RINT_CVT_MAGIC);
    let q = q - c::RINT_CVT_MAGIC;
    let r = q.mul_add(c::PIO2_HIGH, x);
    let r = q.mul_add(c::PIO2_MED, r);
    let r = q.mul_add(c::PIO2_LOW, r);
    let r2 = r * r;
    let cos = c::COS_F8.mul_add(r2, c::COS_F6);
    let cos = cos.mul_add(r2, c::COS_F4);
    let cos = cos.mul_add(r2, c::COS_F2);
    let cos = cos.mul_add(r2, c::COS_F0);
    let sin = c::SIN_F9.mul_add(r2, c::SIN_F7);
    let sin = sin.mul_add(r2, c::SIN_F5);
    let sin = sin.mul_add(r2, c::SIN_F3);
    let sin = sin.mul_add(r2, 0.0);
    let sin = sin.mul_add(r, r);
    // `q` is a small integer here (in the lanes whose result is kept).
    let iq = small_int(q).wrapping_add(i32::from(COS));
    let v = sel(iq & 1 == 0, sin, cos);
    let v = sel(iq & 2 == 2, 0.0 - v, v);
    sel(nnan, v, f32::NAN)
}

/// NumPy's `lut8x32`: per index, `[c6, c5, c4, c3, c2, c1, c0, b]` as bits.
const TANH_LUT: [[u32; 8]; 32] = [
    [
        0xbc0e_2f66,
        0x3e09_10e9,
        0xb76d_d6b9,
        0xbeaa_aaa5,
        0xb034_3c7b,
        0x3f80_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0x460b_da12,
        0x4376_1143,
        0xbe1c_276d,
        0xbeab_0612,
        0xbd6e_e69d,
        0x3f7f_1f84,
        0x3d6f_b9c9,
        0x3d70_0000,
    ],
    [
        0x43d6_38ef,
        0x4165_ecdc,
        0x3c1d_cf2f,
        0xbea7_f01f,
        0xbd8f_0da7,
        0x3f7e_bd11,
        0x3d8f_c35f,
        0x3d90_0000,
    ],
    [
        0xc3e1_1c3e,
        0xc190_f756,
        0x3dc1_a78d,
        0xbea4_e120,
        0xbdae_477d,
        0x3f7e_1e5f,
        0x3daf_9169,
        0x3db0_0000,
    ],
    [
        0xc2ba_a4e9,
        0xc08c_097d,
        0x3d96_f985,
        0xbea3_87b7,
        0xbdcd_2a1f,
        0x3f7d_609f,
        0x3dcf_49ab,
        0x3dd0_0000,
    ],
    [
        0xc249_da2d,
        0xc02b_a813,
        0x3da2_b61b,
        0xbea1_5962,
        0xbdeb_a80d,
        0x3f7c_842d,
        0x3dee_e849,
        0x3df0_0000,
    ],
    [
        0xc185_9b82,
        0xbf7f_6bda,
        0x3dc1_3397,
        0xbe9d_57f7,
        0xbe0c_443b,
        0x3f7b_00e5,
        0x3e0f_0ee8,
        0x3e10_0000,
    ],
    [
        0x40dd_5b57,
        0x3f2b_1dc0,
        0x3dd2_f670,
        0xbe97_6b5a,
        0xbe29_3cf3,
        0x3f78_9580,
        0x3e2e_4984,
        0x3e30_0000,
    ],
    [
        0x4049_4640,
        0x3ece_105d,
        0x3df4_8a0a,
        0xbe90_230d,
        0xbe44_f282,
        0x3f75_b8ad,
        0x3e4d_2f8e,
        0x3e50_0000,
    ],
    [
        0x40c7_30a8,
        0x3f42_6a94,
        0x3e06_c5a8,
        0xbe88_0dff,
        0xbe5f_3651,
        0x3f72_6fd9,
        0x3e6b_b32e,
        0x3e70_0000,
    ],
    [
        0xbf0f_160e,
        0xbadb_0dc4,
        0x3e1a_3aba,
        0xbe74_79b3,
        0xbe81_c7c0,
        0x3f6c_c59b,
        0x3e8c_51cd,
        0x3e90_0000,
    ],
    [
        0x3e30_e76f,
        0x3da4_3b17,
        0x3e27_c405,
        0xbe4c_3d88,
        0xbe96_d7ca,
        0x3f63_fb92,
        0x3ea9_6163,
        0x3eb0_0000,
    ],
    [
        0xbea8_1387,
        0xbd51_ab88,
        0x3e2e_78d0,
        0xbe21_2482,
        0xbea7_fb8e,
        0x3f59_ff97,
        0x3ec5_43f1,
        0x3ed0_0000,
    ],
    [
        0xbdb2_6a1c,
        0xbcae_a23d,
        0x3e2c_3e44,
        0xbdeb_8cba,
        0xbeb5_0e9e,
        0x3f4f_11d7,
        0x3edf_d735,
        0x3ef0_0000,
    ],
    [
        0xbd35_1e57,
        0xbd3b_6d8d,
        0x3e1d_3097,
        0xbd5e_78ad,
        0xbec1_2efe,
        0x3f3d_7573,
        0x3f02_8438,
        0x3f10_0000,
    ],
    [
        0xbb4c_01a0,
        0xbd6c_aaad,
        0x3df4_a8f4,
        0x3c6b_5e6e,
        0xbec4_be92,
        0x3f24_f360,
        0x3f18_abf0,
        0x3f30_0000,
    ],
    [
        0x3c1d_7bfb,
        0xbd79_5bed,
        0x3da3_8508,
        0x3d83_9143,
        0xbebc_e070,
        0x3f0c_bfe7,
        0x3f2b_c480,
        0x3f50_0000,
    ],
    [
        0x3c72_2cd1,
        0xbd5f_ddda,
        0x3d31_416a,
        0x3dc2_1ee1,
        0xbead_510e,
        0x3eec_1a69,
        0x3f3b_ec1c,
        0x3f70_0000,
    ],
    [
        0x3c97_3f1c,
        0xbd03_8f3b,
        0x3b56_2657,
        0x3de3_47af,
        0xbe8e_f7d6,
        0x3eb0_a801,
        0x3f4f_2e5b,
        0x3f90_0000,
    ],
    [
        0x3c33_a31b,
        0xbc1c_ad63,
        0xbcae_eac9,
        0x3dcb_ec96,
        0xbe4b_8704,
        0x3e67_53a2,
        0x3f61_3c53,
        0x3fb0_0000,
    ],
    [
        0x3b86_2ef4,
        0x3abb_4766,
        0xbcce_9419,
        0x3d99_ef2d,
        0xbe08_3237,
        0x3e13_2f1a,
        0x3f6c_e37d,
        0x3fd0_0000,
    ],
    [
        0x3a27_b3d0,
        0x3b95_f10b,
        0xbcaa_eac4,
        0x3d54_2ea1,
        0xbdaf_7449,
        0x3db7_e7d3,
        0x3f74_3c4f,
        0x3ff0_0000,
    ],
    [
        0xba3b_5907,
        0x3b82_5873,
        0xbc49_e7d0,
        0x3cdd_e701,
        0xbd2e_1ec4,
        0x3d32_0845,
        0x3f7a_5feb,
        0x4010_0000,
    ],
    [
        0xba0e_fc22,
        0x3afa_ea66,
        0xbba7_1ddd,
        0x3c2c_ca67,
        0xbc83_bf06,
        0x3c84_d3d4,
        0x3f7d_ea85,
        0x4030_0000,
    ],
    [
        0xb97f_9f0f,
        0x3a49_f878,
        0xbb00_3b0e,
        0x3b81_cb27,
        0xbbc3_e0b5,
        0x3bc4_77b7,
        0x3f7f_3b3d,
        0x4050_0000,
    ],
    [
        0xb8c8_af50,
        0x3999_6bf3,
        0xba3f_9a05,
        0x3ac0_73a1,
        0xbb10_aadc,
        0x3b10_d3da,
        0x3f7f_b78c,
        0x4070_0000,
    ],
    [
        0xb7bd_ddfb,
        0x388f_3e6c,
        0xb92c_08a7,
        0x39ac_3032,
        0xba01_57db,
        0x3a01_601e,
        0x3f7f_efd4,
        0x4090_0000,
    ],
    [
        0xb64f_2950,
        0x371b_b0e3,
        0xb7ba_9232,
        0x383a_94d9,
        0xb88c_18f2,
        0x388c_1a3b,
        0x3f7f_fdd0,
        0x40b0_0000,
    ],
    [
        0xb4e0_85b1,
        0x35a8_a5e6,
        0xb64a_0b0f,
        0x36ca_081d,
        0xb717_b096,
        0x3717_b0da,
        0x3f7f_ffb4,
        0x40d0_0000,
    ],
    [
        0xb373_1dfa,
        0x3436_9b17,
        0xb4da_c169,
        0x355a_bd4c,
        0xb5a4_3bae,
        0x35a4_3bce,
        0x3f7f_fff6,
        0x40f0_0000,
    ],
    [
        0xb15a_1f04,
        0x3224_87b0,
        0xb2ab_78ac,
        0x332b_3cb6,
        0xb383_012c,
        0x3383_06c6,
        0x3f7f_ffff,
        0x4110_0000,
    ],
    [
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x3f80_0000,
        0x0000_0000,
    ],
];

/// One lane of NumPy's `simd_tanh_f32` (`loops_hyperbolic.dispatch.cpp.src`,
/// from Intel SVML): 32 intervals of `|x|` by its exponent and top mantissa
/// bits, a degree-6 polynomial in `|x| - b` on each (the last interval,
/// `|x| >= 9`, is the constant 1), 1 for `|x| >= 1.25 * 2**127` and
/// infinities, the sign put back by OR.
#[inline(always)]
pub fn tanh_lane(x: f32) -> f32 {
    let ndnan = (x.to_bits() & 0x7fe0_0000) as i32;
    // |x| above the huge threshold, inf and NaN fail this.
    let ordinary = ndnan <= 0x7f00_0000;
    let idx = ((ndnan - 0x3d40_0000).clamp(0, 0x03e0_0000) as u32 >> 21) as usize;
    let row = &TANH_LUT[idx & 31];
    let k = |i: usize| f32::from_bits(row[i]);
    let y = x.abs() - k(7);
    let r = k(0).mul_add(y, k(1));
    let r = r.mul_add(y, k(2));
    let r = r.mul_add(y, k(3));
    let r = r.mul_add(y, k(4));
    let r = r.mul_add(y, k(5));
    let r = r.mul_add(y, k(6));
    let r = sel(ordinary, r, 1.0);
    let r = f32::from_bits(r.to_bits() | (x.to_bits() & 0x8000_0000));
    sel(x.is_nan(), f32::NAN, r)
}

/// NumPy's `lut18x16` of `simd_tanh_f64`: per interval, `[b, c0, c1, ...,
/// c16]` as bits. Interval 0 holds `|x| < 0.1875`, then each half octave
/// (from 0.1875, 0.25, 0.375, 0.5, 0.75, ...) has one up to 24; the last,
/// `|x| >= 24`, is the constant 1.
const TANH_F64_LUT: [[u64; 18]; 16] = [
    [
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x3ff0_0000_0000_0000,
        0xbbf0_b3ea_3fdf_aa19,
        0xbfd5_5555_5555_5555,
        0xbce6_863e_e44e_d636,
        0x3fc1_1111_1111_2ab5,
        0xbda1_ea19_dddd_b3b4,
        0xbfab_a1ba_1990_520b,
        0xbe35_1ca7_f096_011f,
        0x3f96_64f9_4e6a_c14e,
        0xbea8_c4c1_fd78_52fe,
        0xbf82_2404_577a_a9dd,
        0xbefd_d99a_221e_d573,
        0x3f6e_3be6_8942_3841,
        0xbf2a_1306_713a_4f3a,
        0xbf55_d7e7_6dc5_6871,
        0x3f35_e67a_b76a_26e7,
    ],
    [
        0x3fcc_0000_0000_0000,
        0x3fcb_8fd0_416a_7c92,
        0x3fee_842c_a3f0_8532,
        0xbfca_48aa_eb53_bc21,
        0xbfd1_83af_c292_ba11,
        0x3fc0_4dcd_0476_c75e,
        0x3fb5_c19e_fdfc_08ad,
        0xbfb0_b8df_995c_e4df,
        0xbf96_e37b_ba52_f6fc,
        0x3f9e_aaf3_320c_3851,
        0xbf94_d334_3bae_39dd,
        0xbfcc_ce16_b104_6f13,
        0x403d_8b07_f7a8_2aa3,
        0x4070_593a_3735_bab4,
        0xc0d2_6351_1f5b_aac1,
        0xc104_5e50_9116_b066,
        0x4152_8c38_809c_90c7,
        0x4184_8ee0_627d_8206,
    ],
    [
        0x3fd4_0000_0000_0000,
        0x3fd3_5f98_a0ea_650e,
        0x3fed_1157_4af5_8f1b,
        0xbfd1_9921_f432_9916,
        0xbfcc_1a4b_039c_9bfa,
        0x3fc4_3d34_49a8_0f08,
        0x3fa7_4c98_dc34_fbac,
        0xbfb2_955c_f41e_8164,
        0x3ecf_f7df_1845_5399,
        0x3f9c_f823_fe76_1fc1,
        0xbf7b_c748_e60d_f843,
        0xbf81_a16f_224b_b7b6,
        0xbf9f_44ab_92fb_ab0a,
        0xbfcc_ab65_4e44_835e,
        0x4016_9f73_b15e_be5c,
        0x4041_fab9_2509_84ce,
        0xc076_d57f_b519_0b02,
        0xc0a2_16d6_18b4_89ec,
    ],
    [
        0x3fdc_0000_0000_0000,
        0x3fda_5729_ee48_8037,
        0x3fea_945b_9c24_e4f9,
        0xbfd5_e0f0_9bef_8011,
        0xbfc1_6e1e_6d8d_0be6,
        0x3fc5_c26f_3699_b7e7,
        0xbf79_0d6a_8eff_0a77,
        0xbfaf_9d05_c309_f7c6,
        0x3f97_3628_34d3_3a4e,
        0x3f90_2227_1754_ff1f,
        0xbf8c_8937_2b43_ba85,
        0xbf62_cbf0_0406_bc09,
        0x3fb2_eac6_0447_3d6a,
        0x3fd1_3ed8_0037_dbac,
        0xc025_c1dd_41cd_6cb5,
        0xc045_8d09_0ec3_de95,
        0x4085_f09f_888f_8ada,
        0x40a5_b891_07c8_af4f,
    ],
    [
        0x3fe4_0000_0000_0000,
        0x3fe1_bf47_eabb_8f95,
        0x3fe6_284c_3374_f815,
        0xbfd8_93b5_9c35_c882,
        0xbf92_426c_751e_48a2,
        0x3fc1_a686_f6ab_2533,
        0xbfac_3c02_1789_a786,
        0xbf98_7d27_ccff_4291,
        0x3f9e_7f83_8018_4b45,
        0xbf73_1fe7_7c9c_60af,
        0xbf81_29a0_92de_747a,
        0x3f75_b29b_b02c_f69b,
        0x3f45_f87d_903a_aac8,
        0xbf60_45b9_076c_c487,
        0xbf58_fd89_fe05_e0d1,
        0xbf74_949d_6011_3d63,
        0x3fa2_4633_2a2f_cba5,
        0x3fb6_9d83_7452_0eda,
    ],
    [
        0x3fec_0000_0000_0000,
        0x3fe6_8665_0b8c_2015,
        0x3fe0_2500_a09f_8d6e,
        0xbfd6_ba7c_b757_6538,
        0x3fb4_f152_b2ba_d124,
        0x3faf_203c_316c_e730,
        0xbfae_2196_b732_6859,
        0x3f8b_2ca6_2572_b098,
        0x3f86_9543_e7c4_20d4,
        0xbf84_a604_6865_ec7d,
        0x3f60_c85b_4d53_8746,
        0x3f60_7df0_f9f9_0c17,
        0xbf5e_1046_7103_6300,
        0x3f20_85ee_7e8a_c170,
        0x3f73_f7af_01d5_af7a,
        0x3f7c_9fd6_200d_0ade,
        0xbfb2_9d85_1a89_6fcd,
        0xbfbd_ed51_9f98_1716,
    ],
    [
        0x3ff4_0000_0000_0000,
        0x3feb_2523_bb6b_2dee,
        0x3fd1_f251_31e3_a8c0,
        0xbfce_7291_743d_7555,
        0x3fbb_ba40_cbef_72be,
        0xbf89_c7a0_2788_557c,
        0xbf93_a7a0_11ff_8c2a,
        0x3f8f_1cf6_c7f5_b00a,
        0xbf73_26bd_4914_222a,
        0xbf4c_a3f1_f2b9_192b,
        0x3f5b_e939_2199_ec18,
        0xbf4b_852a_6e07_58d5,
        0x3f19_bc98_ddf0_f340,
        0x3f23_5246_2261_0430,
        0xbf1e_40bd_ead1_7e6b,
        0x3f02_cd40_e0ad_0a9f,
        0x3ed9_065a_e369_b212,
        0xbef0_2d28_8b5b_3371,
    ],
    [
        0x3ffc_0000_0000_0000,
        0x3fee_1fbf_97e3_3527,
        0x3fbd_22ca_1c24_a139,
        0xbfbb_6d85_a01e_fb80,
        0x3fb0_1ba0_38be_6a3d,
        0xbf98_157e_26e0_d541,
        0x3f6e_4709_c7e8_430e,
        0x3f60_3798_11e4_3dd5,
        0xbf5f_c15b_0a9d_98fa,
        0x3f4c_77de_e0af_d227,
        0xbf2a_0c68_a448_9f10,
        0xbf00_78c6_3d1b_8445,
        0x3f0d_4304_bc92_46e8,
        0xbeff_12a6_6269_11b4,
        0x3ee2_24cd_6c45_13e5,
        0xbe85_8ab8_e019_f311,
        0xbeb8_e1ba_4c98_a030,
        0x3eb2_9098_1209_c1a6,
    ],
    [
        0x4004_0000_0000_0000,
        0x3fef_9258_260a_71c2,
        0x3f9b_3afe_1fba_5c76,
        0xbf9a_ddae_58c7_141a,
        0x3f91_6df4_4871_efc8,
        0xbf80_7b55_c1c7_d278,
        0x3f67_682a_fa61_1151,
        0xbf47_9382_6f78_537e,
        0x3f14_cffc_fa69_fbb6,
        0x3f04_055b_ce68_597a,
        0xbf00_4626_01dc_2faa,
        0x3eec_12ea_dd55_be7a,
        0xbed1_3c41_5f7b_9d41,
        0x3eab_9008_bca4_08af,
        0xbe24_b645_e68e_eaa3,
        0xbe79_2fa6_323b_7cf8,
        0x3e6f_fd07_66ad_4016,
        0xbe56_7e92_4bf5_ff6e,
    ],
    [
        0x400c_0000_0000_0000,
        0x3fef_f112_c63a_9077,
        0x3f6d_d37d_19b2_2b21,
        0xbf6d_c593_76c7_aa19,
        0x3f63_c686_9dfc_8870,
        0xbf53_a18d_5843_190f,
        0x3f3e_f2ee_7771_7cbf,
        0xbf24_0569_5e36_240f,
        0x3f05_7e48_e5b7_9d10,
        0xbee2_bf0c_b4a7_1647,
        0x3eb7_b6a2_19de_a9f4,
        0xbe6f_a600_f593_181b,
        0xbe72_2b8d_9720_cdb0,
        0x3e63_4df7_1865_f620,
        0xbe4a_bfeb_fb72_bc83,
        0x3e2d_f04d_6787_6402,
        0xbe0c_63c2_9f50_5f5b,
        0x3de3_f7f7_de6b_0eb6,
    ],
    [
        0x4014_0000_0000_0000,
        0x3fef_ff41_9668_df11,
        0x3f27_ccec_13a9_ef96,
        0xbf27_cc5e_7467_7410,
        0x3f1f_b9ae_f915_d828,
        0xbf0f_b6bb_c89b_1a5b,
        0x3ef9_5a44_82f1_80b7,
        0xbee0_e08d_e39c_e756,
        0x3ec3_3b66_d7d7_7264,
        0xbea3_1eaa_fe73_efd5,
        0x3e80_cbcc_8d4c_5c8a,
        0xbe5a_3c93_5dce_3f7d,
        0x3e32_2666_d739_bec0,
        0xbe05_bb1b_cf83_ca73,
        0x3dd5_1c38_f869_5ed3,
        0xbd95_c72b_e95e_4d2c,
        0xbd7f_ab21_6b9e_0e49,
        0x3d69_ed18_bae3_ebbc,
    ],
    [
        0x401c_0000_0000_0000,
        0x3fef_fffc_8327_50f2,
        0x3ecb_e6c3_f332_50ae,
        0xbecb_e6c0_e8b4_cc87,
        0x3ec2_99d1_e27c_6e11,
        0xbeb2_99c9_c684_a963,
        0x3e9d_c2c2_7da3_b603,
        0xbe83_d709_ba5f_714e,
        0x3e66_ac4e_578b_9b10,
        0xbe46_abb0_2c43_68ed,
        0x3e24_25bb_231a_5e29,
        0xbe00_1c6d_95e3_ae96,
        0x3dd7_6a55_3d7e_7918,
        0xbdaf_2ac1_43fb_6762,
        0x3d83_13ac_38c6_832b,
        0xbd55_a89c_3020_3106,
        0x3d28_26b6_2056_aa27,
        0xbcf7_534c_4f3d_fa71,
    ],
    [
        0x4024_0000_0000_0000,
        0x3fef_ffff_fdc9_6f35,
        0x3e41_b486_5394_f75f,
        0xbe41_b486_526b_0565,
        0x3e37_9b5d_dcca_334c,
        0xbe27_9b5d_d4fb_3d01,
        0x3e12_e2af_d9f7_433e,
        0xbdf9_2e3f_c5ee_63e0,
        0x3ddc_c74b_8d3d_5c42,
        0xbdbc_c749_ca80_79dd,
        0x3d99_92a4_beac_8662,
        0xbd74_755a_00ea_1fd3,
        0x3d4d_e0fa_5941_6a39,
        0xbd23_eae5_2a3d_bf57,
        0x3cf7_7879_3562_6685,
        0xbcca_d6b3_bb9e_ff65,
        0x3ca3_13e3_1762_f523,
        0xbc73_0b73_f1ea_ff20,
    ],
    [
        0x402c_0000_0000_0000,
        0x3fef_ffff_ffff_cf58,
        0x3d88_53f0_1bda_5f28,
        0xbd88_53f0_1bef_63a4,
        0x3d80_37f5_7bc6_2c9a,
        0xbd70_37f5_7ae7_2aa6,
        0x3d59_f320_3486_79ba,
        0xbd41_4cc0_30f2_110e,
        0x3d23_c589_137f_92b4,
        0xbd03_c588_3836_b9d2,
        0x3ce1_91ba_5ed3_fb67,
        0xbcbc_1c6c_063b_b7ac,
        0x3c94_8716_cf36_81b4,
        0xbc6b_5e3e_9ca0_955e,
        0x3c40_1ffc_49c6_bc29,
        0xbc12_705c_cd3d_d884,
        0x3bea_37aa_2189_5319,
        0xbbba_2cff_8135_d462,
    ],
    [
        0x4034_0000_0000_0000,
        0x3ff0_0000_0000_0000,
        0x3c73_953c_0197_ef58,
        0xbc73_955b_e519_be31,
        0x3c6a_2d4b_50a2_cff7,
        0xbc5a_2ca2_bba7_8e86,
        0x3c44_b61d_9bbc_c940,
        0xbc2b_a022_e8d8_2a87,
        0x3c10_7f8e_2c87_07a1,
        0xbbf0_7a54_1626_4aec,
        0x3bc8_9245_0bad_44c4,
        0xbba3_be9a_4460_fe00,
        0x3b87_3f9f_2d2f_da99,
        0xbb5e_ca68_e2c1_ba2e,
        0xbabf_0b21_acfa_52ab,
        0xba8e_0a4c_47ae_75f5,
        0x3ae5_c7f1_fd87_1496,
        0xbab5_a71b_5f7d_9035,
    ],
    [
        0x0000_0000_0000_0000,
        0x3ff0_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
        0x0000_0000_0000_0000,
    ],
];

/// One lane of NumPy's `simd_tanh_f64`: the interval from the exponent and
/// the top mantissa bit of `|x|`, `c0 + c1*y + ... + c16*y**16` at
/// `y = |x| - b` by fused multiply-adds, 1 for `|x| >= 1.5 * 2**1023` and
/// infinities, the sign put back by OR, NaN for NaN.
#[inline(always)]
pub fn tanh_f64_lane(x: f64) -> f64 {
    const SIGN: u64 = 0x8000_0000_0000_0000;
    let ndnan = (x.to_bits() & 0x7ff8_0000_0000_0000) as i64;
    // |x| above the huge threshold, inf and NaN fail this.
    let ordinary = ndnan <= 0x7fe0_0000_0000_0000;
    // NumPy clamps the high 32 bits (the low ones are zero).
    let high = (ndnan >> 32) as i32;
    let idx = ((high - 0x3fc0_0000).clamp(0, 0x0078_0000) >> 19) as usize;
    let row = &TANH_F64_LUT[idx & 15];
    let k = |i: usize| f64::from_bits(row[i]);
    let y = x.abs() - k(0);
    let mut r = k(17).mul_add(y, k(16));
    for i in (1..16).rev() {
        r = r.mul_add(y, k(i));
    }
    let r = if ordinary { r } else { 1.0 };
    let r = f64::from_bits(r.to_bits() | (x.to_bits() & SIGN));
    if x.is_nan() {
        f64::NAN
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CPU without AVX2/FMA runs the default `multiversion` clone, whose
    /// `mul_add` is a software call: its lanes must give the bits of the
    /// clone this CPU dispatches to (16 lanes on an AVX-512 CPU, 8 on an
    /// AVX2 one; CI machines of both kinds check both). The lanes called
    /// here are compiled for the baseline target (no `fma` feature), so
    /// they take that path on any CPU.
    #[test]
    fn baseline_lanes_match_the_dispatched_slices() {
        if !NUMPY_LOOPS {
            return;
        }
        let mut xs: Vec<f32> = (0..200_000).map(|i| -120.0 + i as f32 * 1.3e-3).collect();
        xs.extend(
            (0..2000u32)
                .map(|i| f32::from_bits(0x0000_1000u32.wrapping_add(i.wrapping_mul(0x0040_1234)))),
        );
        xs.extend([
            0.0,
            -0.0,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1e30,
            -1e-30,
        ]);
        type Lane = fn(f32) -> f32;
        let lanes: [(F32Fn, Lane); 5] = [
            (F32Fn::Exp, exp_lane),
            (F32Fn::Log, log_lane),
            (F32Fn::Sin, |x| {
                if x.abs() > c::SIN_MAX_CODY {
                    x.sin()
                } else {
                    sincos_lane::<false>(x)
                }
            }),
            (F32Fn::Cos, |x| {
                if x.abs() > c::COS_MAX_CODY {
                    x.cos()
                } else {
                    sincos_lane::<true>(x)
                }
            }),
            (F32Fn::Tanh, tanh_lane),
        ];
        for (f, lane) in lanes {
            let fast = run(f, &xs);
            for (&x, &y) in xs.iter().zip(&fast) {
                let z = lane(x);
                assert!(
                    z.to_bits() == y.to_bits() || (z.is_nan() && y.is_nan()),
                    "{f:?}({x:e}): baseline lane {z:e}, dispatched {y:e}"
                );
            }
        }
        let ds: Vec<f64> = (0..100_000).map(|i| -25.0 + i as f64 * 5.1e-4).collect();
        let mut fast = vec![0.0; ds.len()];
        tanh_f64_slice(&ds, &mut fast);
        for (&x, &y) in ds.iter().zip(&fast) {
            assert_eq!(tanh_f64_lane(x).to_bits(), y.to_bits(), "tanh({x:e})");
        }
    }

    fn run(f: F32Fn, xs: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; xs.len()];
        apply(f, xs, &mut out);
        out
    }

    fn bits(v: &[f32]) -> Vec<u32> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn exp_special_values() {
        let xs = [
            0.0,
            -0.0,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            c::EXP_XMAX,
            c::EXP_XMIN,
            -200.0,
            1000.0,
        ];
        let r = run(F32Fn::Exp, &xs);
        assert_eq!(r[0], 1.0);
        assert_eq!(r[1], 1.0);
        assert!(r[2].is_nan());
        assert_eq!(r[3], f32::INFINITY);
        assert_eq!(r[4].to_bits(), 0);
        assert_eq!(r[5], f32::INFINITY);
        assert_eq!(r[6].to_bits(), 0);
        assert_eq!(r[7].to_bits(), 0);
        assert_eq!(r[8], f32::INFINITY);
    }

    /// The blocked `exp` (no divide, then the lanes that may be denormal
    /// redone) gives the branch-free lane's bits for every input: a sweep
    /// through the denormal range and past both ends of it, with denormal
    /// lanes at block edges and between normal ones.
    #[test]
    fn exp_blocks_match_the_lane() {
        if !NUMPY_LOOPS {
            return;
        }
        let mut xs: Vec<f32> = (0..400_000).map(|i| -110.0 + i as f32 * 5e-4).collect();
        xs.extend((0..3000).map(|i| {
            if i % 7 == 0 {
                -100.0 + i as f32 * 1e-3
            } else {
                0.25
            }
        }));
        xs.extend([
            f32::NAN,
            f32::NEG_INFINITY,
            -86.0,
            -86.3,
            -86.2957,
            c::EXP_XMIN,
        ]);
        let want: Vec<u32> = xs.iter().map(|&x| exp_lane(x).to_bits()).collect();
        assert_eq!(bits(&run(F32Fn::Exp, &xs)), want);
        assert!(xs.iter().any(|&x| {
            let y = exp_lane(x);
            y > 0.0 && !y.is_normal()
        }));
    }

    /// `np.f(np.array(xs, dtype=np.float32)).view(np.uint32)` from NumPy
    /// 2.4 on an AVX2+FMA CPU (glibc's `expf(1)`, for one, is 0x402df854).
    #[test]
    fn numpy_bits() {
        if !NUMPY_LOOPS {
            return;
        }
        let cases: [(F32Fn, &[f32], &[u32]); 5] = [
            (
                F32Fn::Tanh,
                &[0.5, -0.3, 2.0, 1e-3, -7.5, 9.0, 0.07, 1e-30],
                &[
                    0x3eec_9aa0,
                    0xbe95_26ee,
                    0x3f76_ca83,
                    0x3a83_126c,
                    0xbf7f_fff6,
                    0x3f7f_ffff,
                    0x3d8f_2056,
                    0x0da2_4260,
                ],
            ),
            (
                F32Fn::Exp,
                &[1.0, -1.0, 2.0, 88.7, -100.0, -87.4, 10.0, -0.5],
                &[
                    0x402d_f855,
                    0x3ebc_5ab1,
                    0x40ec_7325,
                    0x7f7a_37fd,
                    0x1b,
                    0x0078_2140,
                    0x46ac_14ef,
                    0x3f1b_4598,
                ],
            ),
            (
                F32Fn::Log,
                &[0.3, 2.0, 1e-40, 10.0, 0.75],
                &[
                    0xbf9a_1bc8,
                    0x3f31_7218,
                    0xc2b8_34f2,
                    0x4013_5d8e,
                    0xbe93_4b11,
                ],
            ),
            (
                F32Fn::Sin,
                &[1.0, 2.0, 100.0, -3.0, 117435.99, 56662.555],
                &[
                    0x3f57_6aa5,
                    0x3f68_c7b7,
                    0xbf01_a12e,
                    0xbe10_81c3,
                    0xbdef_7be3,
                    0x3f35_c6ac,
                ],
            ),
            (
                F32Fn::Cos,
                &[1.0, 2.0, 100.0, -3.0, 71476.06],
                &[
                    0x3f0a_5140,
                    0xbed5_1132,
                    0x3f5c_c0ee,
                    0xbf7d_7026,
                    0x3def_8fc6,
                ],
            ),
        ];
        for (f, xs, want) in cases {
            assert_eq!(bits(&run(f, xs)), want, "{f:?} of {xs:?}");
            // One element at a time (the tail of a vector loop) agrees.
            for (x, w) in xs.iter().zip(want) {
                assert_eq!(run(f, &[*x])[0].to_bits(), *w, "{f:?}({x})");
            }
        }
    }

    #[test]
    fn log_special_values() {
        let xs = [
            0.0,
            -0.0,
            -1.0,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::INFINITY,
            1.0,
            1e-45,
        ];
        let r = run(F32Fn::Log, &xs);
        assert_eq!(r[0], f32::NEG_INFINITY);
        assert_eq!(r[1], f32::NEG_INFINITY);
        assert!(r[2].is_nan());
        assert!(r[3].is_nan());
        assert!(r[4].is_nan());
        assert_eq!(r[5], f32::INFINITY);
        assert_eq!(r[6], 0.0);
        assert!((r[7] - (-103.27893)).abs() < 1e-4, "{}", r[7]);
        if NUMPY_LOOPS {
            // NumPy's log of a negative number is -nan (sign bit set).
            assert!(r[2].is_sign_negative());
        }
    }

    #[test]
    fn tanh_special_values() {
        let xs = [
            0.0,
            -0.0,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MAX,
            -20.0,
        ];
        let r = run(F32Fn::Tanh, &xs);
        assert_eq!(r[0].to_bits(), 0);
        assert_eq!(r[1].to_bits(), (-0.0f32).to_bits());
        assert!(r[2].is_nan());
        assert_eq!(&r[3..], &[1.0, -1.0, 1.0, -1.0]);
    }

    #[test]
    fn tanh_f64_special_values() {
        let xs = [
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            -30.0,
            1e-300,
        ];
        let mut r = [0.0; 8];
        tanh_f64_slice(&xs, &mut r);
        assert_eq!(r[0].to_bits(), 0);
        assert_eq!(r[1].to_bits(), (-0.0f64).to_bits());
        assert!(r[2].is_nan());
        assert_eq!(&r[3..7], &[1.0, -1.0, 1.0, -1.0]);
        assert_eq!(r[7], 1e-300);
    }

    #[test]
    fn sin_cos_special_values() {
        let xs = [0.0, -0.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e30];
        let s = run(F32Fn::Sin, &xs);
        let c = run(F32Fn::Cos, &xs);
        assert_eq!(s[0].to_bits(), 0);
        assert_eq!(s[1].to_bits(), (-0.0f32).to_bits());
        assert_eq!(c[0], 1.0);
        assert_eq!(c[1], 1.0);
        for v in [s[2], s[3], s[4], c[2], c[3], c[4]] {
            assert!(v.is_nan());
        }
        // Beyond the Cody-Waite range: libm.
        assert_eq!(s[5], 1e30f32.sin());
        assert_eq!(c[5], 1e30f32.cos());
    }
}
