//! NumPy's own float32 `exp`, `log`, `sin`, `cos` and `tanh`, bit for bit.
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
//!   after Intel SVML): a 32-interval table of degree-6 polynomials.
//!
//! Every fused multiply-add of NumPy (`_mm256_fmadd_ps`, Highway's
//! `MulAdd`) is an [`f32::mul_add`] here and every separate multiply or add
//! stays separate, so each lane computes the same IEEE operations in the
//! same order; the one exception is what NumPy's compiler contracts: the
//! quadrant `x * 2/pi + 1.5*2**23` of sin/cos is one FMA in NumPy's binary
//! (checked against NumPy on a million inputs; exp's `x * log2e + magic`
//! is not contracted, checked on the 142 inputs where it would matter).
//! The kernels are plain loops over slices that the compiler vectorises;
//! [`multiversion`] compiles them for `x86_64+avx2+fma` and picks that
//! clone at run time when the CPU has both features.
//!
//! Dispatch, as NumPy's: a CPU with AVX2 and FMA gets NumPy's algorithm; any
//! other CPU (and any other architecture) gets libm, like NumPy's
//! baseline build there. (NumPy's `X86_V3` target also asks for BMI1/2,
//! F16C, LZCNT and MOVBE, which every AVX2+FMA CPU has.) The libm path
//! never calls `mul_add`, which without the `fma` target feature is a
//! slow software call.

use multiversion::multiversion;
use multiversion::target::target_cfg_f;

/// Which function a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum F32Fn {
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
    pub(crate) fn of(op: crate::ops::UnaryOp) -> Option<F32Fn> {
        use crate::ops::UnaryOp;
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
pub(crate) fn apply(f: F32Fn, src: &[f32], dst: &mut [f32]) {
    match f {
        F32Fn::Exp => exp_slice(src, dst),
        F32Fn::Log => log_slice(src, dst),
        F32Fn::Sin => sincos_slice::<false>(src, dst),
        F32Fn::Cos => sincos_slice::<true>(src, dst),
        F32Fn::Tanh => tanh_slice(src, dst),
    }
}

/// A slice loop of one function: NumPy's lane algorithm where the CPU has
/// AVX2 and FMA (the `multiversion` clone), libm everywhere else.
macro_rules! slice_fn {
    ($name:ident, $lane:ident, $libm:ident) => {
        #[multiversion(targets("x86_64+avx2+fma"))]
        fn $name(src: &[f32], dst: &mut [f32]) {
            if target_cfg_f!(all(target_feature = "avx2", target_feature = "fma")) {
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
#[multiversion(targets("x86_64+avx2+fma"))]
fn exp_slice(src: &[f32], dst: &mut [f32]) {
    if target_cfg_f!(all(target_feature = "avx2", target_feature = "fma")) {
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
slice_fn!(tanh_slice, tanh_lane, tanh);

#[multiversion(targets("x86_64+avx2+fma"))]
fn sincos_slice<const COS: bool>(src: &[f32], dst: &mut [f32]) {
    if target_cfg_f!(all(target_feature = "avx2", target_feature = "fma")) {
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

/// `fma_scalef_ps`: `poly * 2**q` by adding `q` to the exponent bits, with
/// NumPy's split for denormal results (`q <= -125`): scale by `2**-125`
/// that way, then divide by `2**(-125 - q)`. Without `DENORMAL` the split
/// is left out: right only where `q > -125`.
#[inline(always)]
fn scalef<const DENORMAL: bool>(poly: f32, q: f32) -> f32 {
    const MINQ: f32 = -125.0;
    let add =
        |p: f32, q: f32| f32::from_bits((p.to_bits() as i32).wrapping_add((q as i32) << 23) as u32);
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
pub(crate) fn exp_lane(x: f32) -> f32 {
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
pub(crate) fn log_lane(x_in: f32) -> f32 {
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
pub(crate) fn sincos_lane<const COS: bool>(x_in: f32) -> f32 {
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
    // `q` is a small integer here; `as` is exact.
    let iq = q as i32 + i32::from(COS);
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
pub(crate) fn tanh_lane(x: f32) -> f32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn has_fma() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
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
        if !has_fma() {
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
        if !has_fma() {
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
        if has_fma() {
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
