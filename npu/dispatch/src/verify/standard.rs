//! The precision standards a verified op is judged by (`:verify standard
//! NAME`, `xpush verify --standard NAME`), and the error metrics they use.
//!
//! - `ulp` (the default): xpush's own rule, ULPs of the compute dtype
//!   (the parent module's [`tolerance`](super::tolerance)).
//! - `ttk`: the CANN op test kit's per-element check
//!   `|npu - ref| <= atol + rtol * |ref|` against the cpu reference, with
//!   its defaults per compute dtype ([`ttk_tolerance`]); at least 99 % of
//!   the elements must pass, and none may be beyond 100 times its
//!   tolerance (the hard cap: the ratio of `max_atol` to `atol` in the op
//!   test frame's `precision_info.get_default_standard`, 0.1 / 0.001 for
//!   float16 and 0.01 / 0.0001 for float32).
//! - `cann-single`: the CANN operator precision standard's single-benchmark
//!   threshold (for community operators): against a float64 golden,
//!   `MERE < T` and `MARE < 10 T` ([`single_thresholds`]); an element whose
//!   golden is below the small-value bound is judged by an absolute cap
//!   instead and left out of MERE/MARE.
//! - `cann-dual[=L0|L1|L2]`: the standard's dual benchmark (for commercial
//!   operators): the golden is the cpu in float64, the third-party
//!   reference the cpu computing in the NPU's dtype; the NPU passes when
//!   its MARE, MERE and RMSE against the golden are each at most
//!   [`DualLevel::limits`] times the reference's.
//!
//! Every standard compares integers, bools and data movement (copies,
//! indexing, `where`, min/max/arg*, sorts) bit for bit, and fails NaN at a
//! different place or an infinity of another sign whatever the numbers.
//!
//! Sources: CANN's ops precision standard (`ops-precision-standard`,
//! `float_compute.md`: MARE/MERE/RMSE definitions, the L0/L1/L2 ratios;
//! `OPS_PRECISION_STANDARDS.md`: the single-benchmark thresholds), the op
//! test frame's `precision_info.py` (the hard cap), and issue 24 (the op
//! test kit's rtol/atol and the small-value rule). Float64 has no
//! published threshold: xpush scales float32's by float64's 29 extra
//! significand bits (2⁻²⁹), and says so in `:help verify`.

use std::fmt;

use xpush_core::dtype::DType;

/// How a verified op's result is judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Standard {
    /// xpush's ULP rules.
    #[default]
    Ulp,
    /// The CANN op test kit's rtol/atol, 99 % of elements, a hard cap.
    Ttk,
    /// The CANN precision standard's single-benchmark MERE/MARE threshold.
    CannSingle,
    /// The CANN precision standard's dual benchmark at a level.
    CannDual(DualLevel),
}

/// The dual benchmark's levels (L0: ordinary operators, L1: important
/// ones, L2: key ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DualLevel {
    /// MARE ≤ 10×, MERE ≤ 2×, RMSE ≤ 2× the reference's.
    #[default]
    L0,
    /// 5×, 1.5×, 1.5×.
    L1,
    /// 2×, 1.2×, 1.2×.
    L2,
}

impl DualLevel {
    /// The largest MARE, MERE and RMSE ratios (NPU over reference) that
    /// pass.
    pub fn limits(self) -> [f64; 3] {
        match self {
            DualLevel::L0 => [10.0, 2.0, 2.0],
            DualLevel::L1 => [5.0, 1.5, 1.5],
            DualLevel::L2 => [2.0, 1.2, 1.2],
        }
    }

    fn name(self) -> &'static str {
        match self {
            DualLevel::L0 => "L0",
            DualLevel::L1 => "L1",
            DualLevel::L2 => "L2",
        }
    }
}

impl Standard {
    /// The names [`Standard::parse`] takes, for usage messages.
    pub const NAMES: &'static str = "ulp, ttk, cann-single, cann-dual[=L0|L1|L2]";

    /// `ulp`, `ttk`, `cann-single`, `cann-dual` (L0), `cann-dual=L1`.
    pub fn parse(s: &str) -> Result<Standard, String> {
        let level = |l: &str| match l.to_ascii_uppercase().as_str() {
            "L0" => Some(DualLevel::L0),
            "L1" => Some(DualLevel::L1),
            "L2" => Some(DualLevel::L2),
            _ => None,
        };
        match s {
            "ulp" => Ok(Standard::Ulp),
            "ttk" => Ok(Standard::Ttk),
            "cann-single" => Ok(Standard::CannSingle),
            "cann-dual" => Ok(Standard::CannDual(DualLevel::L0)),
            _ => s
                .strip_prefix("cann-dual=")
                .and_then(level)
                .map(Standard::CannDual)
                .ok_or_else(|| {
                    format!(
                        "unknown standard '{s}': expected one of {}",
                        Standard::NAMES
                    )
                }),
        }
    }

    /// Whether judging needs the float64 golden (the CANN standards).
    pub fn needs_golden(self) -> bool {
        matches!(self, Standard::CannSingle | Standard::CannDual(_))
    }
}

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Standard::Ulp => f.write_str("ulp"),
            Standard::Ttk => f.write_str("ttk"),
            Standard::CannSingle => f.write_str("cann-single"),
            Standard::CannDual(l) => write!(f, "cann-dual={}", l.name()),
        }
    }
}

fn pow2(e: i32) -> f64 {
    2f64.powi(e)
}

/// The op test kit's `(rtol, atol)` for a result computed in `unit`:
/// float16 2⁻⁹ and 2⁻⁹, bfloat16 2⁻⁶ and 2⁻⁶, float32 2⁻¹⁰ and 2⁻¹⁶;
/// float64 (xpush's extension) 2⁻³⁹ and 2⁻⁴⁵.
pub fn ttk_tolerance(unit: DType) -> (f64, f64) {
    match unit {
        DType::Float16 => (pow2(-9), pow2(-9)),
        DType::BFloat16 => (pow2(-6), pow2(-6)),
        DType::Float32 => (pow2(-10), pow2(-16)),
        _ => (pow2(-39), pow2(-45)),
    }
}

/// The share of elements that must be within the op test kit's tolerance.
pub const TTK_PASS_SHARE: f64 = 0.99;

/// No element may be beyond this many times its op test kit tolerance.
pub const TTK_CAP: f64 = 100.0;

/// The single benchmark's `(T, small, cap)` for `unit`: pass when
/// `MERE < T` and `MARE < 10 T`; an element whose golden is below `small`
/// in magnitude passes when its absolute error is at most `cap`.
/// float16 2⁻¹⁰, 2⁻¹¹, 2⁻¹⁶; bfloat16 2⁻⁷, 2⁻⁸, 2⁻¹⁶; float32 2⁻¹³, 2⁻¹⁴,
/// 2⁻³⁰; float64 (xpush's extension) 2⁻⁴², 2⁻⁴³, 2⁻⁵⁹.
pub fn single_thresholds(unit: DType) -> (f64, f64, f64) {
    match unit {
        DType::Float16 => (pow2(-10), pow2(-11), pow2(-16)),
        DType::BFloat16 => (pow2(-7), pow2(-8), pow2(-16)),
        DType::Float32 => (pow2(-13), pow2(-14), pow2(-30)),
        _ => (pow2(-42), pow2(-43), pow2(-59)),
    }
}

/// Half a ULP at 1 in `unit` (its unit roundoff).
pub fn unit_roundoff(unit: DType) -> f64 {
    match unit {
        DType::Float16 => pow2(-11),
        DType::BFloat16 => pow2(-8),
        DType::Float32 => pow2(-24),
        _ => pow2(-53),
    }
}

/// The term the CANN standard adds to `|golden|` in relative errors.
const REL_EPS: f64 = 1e-7;

/// The error metrics of one comparison (floats; complex values count
/// their real and imaginary parts as two elements).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    /// Largest `|npu - ref|`.
    pub max_abs: f64,
    /// Largest `|npu - ref| / |ref|` (infinite where ref is 0 and they
    /// differ).
    pub max_rel: f64,
    /// Largest `|npu - ref| / (|ref| + 1e-7)` (the standard's MARE).
    pub mare: f64,
    /// Mean of the same (MERE).
    pub mere: f64,
    /// Root mean square of `npu - ref` (RMSE).
    pub rmse: f64,
    /// Cosine similarity of the two results (1 when both are zero).
    pub cosine: f64,
    /// Share of elements within the standard's per-element bound.
    pub within: f64,
    /// Dual benchmark: the MARE, MERE and RMSE ratios, NPU over reference.
    pub ratios: Option<[f64; 3]>,
}

/// What a comparison of two float vectors found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Errors {
    pub metrics: Metrics,
    /// The first element where NaN or an infinity differs.
    pub special: Option<usize>,
    /// The element with the largest relative error (MARE).
    pub worst: Option<usize>,
}

/// The parts of an element vector: `(re, im)` pairs flattened for complex
/// values, so index `i` is element `i / per` with `per` 2 for complex.
pub(crate) fn parts(a: &xpush_core::array::Array) -> (Vec<f64>, usize) {
    let complex = a.dtype().is_complex();
    let mut v = Vec::with_capacity(a.size() * if complex { 2 } else { 1 });
    for e in a.to_elems() {
        let (re, im) = e.as_complex();
        v.push(re);
        if complex {
            v.push(im);
        }
    }
    (v, if complex { 2 } else { 1 })
}

/// The running sums behind [`Metrics`], fed one part pair at a time (so
/// a comparison that walks the elements anyway measures them in the same
/// pass, without copies).
#[derive(Clone, Debug, Default)]
pub(crate) struct Acc {
    e: Errors,
    rel_sum: f64,
    rel_n: usize,
    sq: f64,
    n: usize,
    dot: f64,
    gg: f64,
    ww: f64,
}

impl Acc {
    /// Adds part `i`: `g` against `w`; `rel` is false for a part left out
    /// of MARE and MERE (the small-value rule). Matching NaNs and
    /// infinities are left out of every sum.
    #[inline]
    pub(crate) fn add(&mut self, i: usize, g: f64, w: f64, rel: bool) {
        let e = &mut self.e;
        if !(g.is_finite() && w.is_finite()) {
            let same = (g.is_nan() && w.is_nan()) || g == w;
            if !same {
                e.special.get_or_insert(i);
                e.metrics.max_abs = f64::INFINITY;
                e.metrics.max_rel = f64::INFINITY;
                e.metrics.mare = f64::INFINITY;
            }
            return;
        }
        let abs = (g - w).abs();
        e.metrics.max_abs = e.metrics.max_abs.max(abs);
        let r = if abs == 0.0 {
            0.0
        } else if w == 0.0 {
            f64::INFINITY
        } else {
            abs / w.abs()
        };
        e.metrics.max_rel = e.metrics.max_rel.max(r);
        self.sq += abs * abs;
        self.n += 1;
        self.dot += g * w;
        self.gg += g * g;
        self.ww += w * w;
        if rel {
            let r = abs / (w.abs() + REL_EPS);
            if e.worst.is_none() || r > e.metrics.mare {
                e.metrics.mare = e.metrics.mare.max(r);
                e.worst = Some(i);
            }
            self.rel_sum += r;
            self.rel_n += 1;
        }
    }

    /// The metrics of everything added.
    pub(crate) fn finish(self) -> Errors {
        let mut e = self.e;
        e.metrics.mere = if self.rel_n > 0 {
            self.rel_sum / self.rel_n as f64
        } else {
            0.0
        };
        e.metrics.rmse = if self.n > 0 {
            (self.sq / self.n as f64).sqrt()
        } else {
            0.0
        };
        e.metrics.cosine = if self.gg == 0.0 && self.ww == 0.0 {
            1.0
        } else if self.gg == 0.0 || self.ww == 0.0 {
            0.0
        } else {
            self.dot / (self.gg.sqrt() * self.ww.sqrt())
        };
        e
    }
}

/// The metrics of `got` against `want` (equal lengths); `skip(i)` leaves
/// part `i` out of MARE and MERE (the small-value rule).
pub(crate) fn errors(got: &[f64], want: &[f64], skip: &dyn Fn(usize) -> bool) -> Errors {
    let mut acc = Acc::default();
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        acc.add(i, g, w, !skip(i));
    }
    acc.finish()
}

/// A judged comparison of float parts: the metrics, whether it passed and
/// the part to show (the first beyond the per-element bound, else the
/// worst).
pub(crate) struct Judged {
    pub metrics: Metrics,
    pub pass: bool,
    pub shown: Option<usize>,
}

/// The op test kit: `got` against the same-dtype reference `want`.
pub(crate) fn ttk(got: &[f64], want: &[f64], unit: DType) -> Judged {
    let (rtol, atol) = ttk_tolerance(unit);
    let e = errors(got, want, &|_| false);
    let (mut inside, mut first, mut capped) = (0usize, None, false);
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let bound = atol + rtol * w.abs();
        let err = (g - w).abs();
        let special = !(g.is_finite() && w.is_finite());
        let ok = if special {
            (g.is_nan() && w.is_nan()) || g == w
        } else {
            err <= bound
        };
        if ok {
            inside += 1;
        } else {
            first.get_or_insert(i);
            capped |= special || err > TTK_CAP * bound;
        }
    }
    let within = share(inside, got.len());
    let pass = e.special.is_none() && !capped && within >= TTK_PASS_SHARE;
    Judged {
        metrics: Metrics {
            within,
            ..e.metrics
        },
        pass,
        shown: first,
    }
}

/// The single benchmark: `got` against the float64 `golden`.
pub(crate) fn single(got: &[f64], golden: &[f64], unit: DType) -> Judged {
    let (t, small, cap) = single_thresholds(unit);
    let is_small = |i: usize| golden[i].is_finite() && golden[i].abs() < small;
    let e = errors(got, golden, &is_small);
    let (mut inside, mut first, mut small_bad) = (0usize, None, false);
    for (i, (&g, &w)) in got.iter().zip(golden).enumerate() {
        let ok = if !(g.is_finite() && w.is_finite()) {
            (g.is_nan() && w.is_nan()) || g == w
        } else if is_small(i) {
            let ok = (g - w).abs() <= cap;
            small_bad |= !ok;
            ok
        } else {
            (g - w).abs() / (w.abs() + REL_EPS) < 10.0 * t
        };
        if ok {
            inside += 1;
        } else {
            first.get_or_insert(i);
        }
    }
    let m = e.metrics;
    let pass = e.special.is_none() && !small_bad && m.mere < t && m.mare < 10.0 * t;
    Judged {
        metrics: Metrics {
            within: share(inside, got.len()),
            ..m
        },
        pass,
        shown: first.or(if pass { None } else { e.worst }),
    }
}

/// The dual benchmark: `got` and the third-party `third`, both against
/// the float64 `golden`. A reference with no error at all counts as one
/// rounding of `unit` (else any last-bit difference would be an infinite
/// ratio): MARE and MERE the unit roundoff, RMSE the unit roundoff times
/// the golden's RMS; both exact is a ratio of 1.
pub(crate) fn dual(
    got: &[f64],
    third: &[f64],
    golden: &[f64],
    unit: DType,
    level: DualLevel,
) -> Judged {
    let npu = errors(got, golden, &|_| false);
    let reference = errors(third, golden, &|_| false);
    let u = unit_roundoff(unit);
    let finite: Vec<f64> = golden.iter().copied().filter(|x| x.is_finite()).collect();
    let rms = if finite.is_empty() {
        0.0
    } else {
        (finite.iter().map(|x| x * x).sum::<f64>() / finite.len() as f64).sqrt()
    };
    let ratio = |a: f64, b: f64, floor: f64| {
        if b > 0.0 {
            a / b
        } else if a == 0.0 {
            1.0
        } else {
            a / floor
        }
    };
    let (n, r) = (npu.metrics, reference.metrics);
    let ratios = [
        ratio(n.mare, r.mare, u),
        ratio(n.mere, r.mere, u),
        ratio(n.rmse, r.rmse, (u * rms).max(f64::MIN_POSITIVE)),
    ];
    let limits = level.limits();
    let pass = npu.special.is_none() && ratios.iter().zip(limits).all(|(&q, l)| q <= l);
    // Per element: within the reference's worst relative error times the
    // MARE limit.
    let bound = r.mare.max(u) * limits[0];
    let inside = got
        .iter()
        .zip(golden)
        .filter(|&(&g, &w)| {
            if g.is_finite() && w.is_finite() {
                (g - w).abs() / (w.abs() + REL_EPS) <= bound
            } else {
                (g.is_nan() && w.is_nan()) || g == w
            }
        })
        .count();
    Judged {
        metrics: Metrics {
            within: share(inside, got.len()),
            ratios: Some(ratios),
            ..n
        },
        pass,
        shown: if pass {
            None
        } else {
            npu.special.or(npu.worst)
        },
    }
}

fn share(inside: usize, n: usize) -> f64 {
    if n == 0 {
        1.0
    } else {
        inside as f64 / n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_print() {
        for s in ["ulp", "ttk", "cann-single", "cann-dual=L0", "cann-dual=L2"] {
            assert_eq!(Standard::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(
            Standard::parse("cann-dual").unwrap(),
            Standard::CannDual(DualLevel::L0)
        );
        assert_eq!(
            Standard::parse("cann-dual=l1").unwrap(),
            Standard::CannDual(DualLevel::L1)
        );
        let e = Standard::parse("cann").unwrap_err();
        assert!(e.contains("unknown standard 'cann'"), "{e}");
        assert!(Standard::parse("cann-dual=L3").is_err());
    }

    #[test]
    fn metrics_by_hand() {
        // golden 1, 2, 4, 0; got off by 0.01, 0, -0.04, 0.
        let golden = [1.0, 2.0, 4.0, 0.0];
        let got = [1.01, 2.0, 3.96, 0.0];
        let e = errors(&got, &golden, &|_| false);
        let m = e.metrics;
        let rel = [0.01 / (1.0 + 1e-7), 0.0, 0.04 / (4.0 + 1e-7), 0.0];
        // The largest is the third's: 0.04 / (4 + 1e-7) > 0.01 / (1 + 1e-7).
        assert!((m.mare - rel[2]).abs() < 1e-15, "{m:?}");
        assert!((m.mere - rel.iter().sum::<f64>() / 4.0).abs() < 1e-15);
        assert!((m.rmse - ((0.01f64.powi(2) + 0.04f64.powi(2)) / 4.0).sqrt()).abs() < 1e-15);
        assert!((m.max_abs - 0.04).abs() < 1e-15);
        let dot = 1.01 + 4.0 + 3.96 * 4.0;
        let cos = dot / ((1.01f64.powi(2) + 4.0 + 3.96f64.powi(2)).sqrt() * 21f64.sqrt());
        assert!((m.cosine - cos).abs() < 1e-15);
        assert_eq!(e.worst, Some(2));
    }

    #[test]
    fn nan_and_infinities_must_match() {
        let want = [1.0, f64::NAN, f64::INFINITY];
        let ok = ttk(&want, &want, DType::Float32);
        assert!(ok.pass);
        let moved = [f64::NAN, 1.0, f64::INFINITY];
        assert!(!ttk(&moved, &want, DType::Float32).pass);
        let flipped = [1.0, f64::NAN, f64::NEG_INFINITY];
        assert!(!single(&flipped, &want, DType::Float32).pass);
        assert!(!dual(&flipped, &want, &want, DType::Float32, DualLevel::L0).pass);
    }

    #[test]
    fn ttk_needs_99_percent_and_a_cap() {
        let (rtol, atol) = ttk_tolerance(DType::Float32);
        let want: Vec<f64> = (1..=200).map(f64::from).collect();
        let bound = |w: f64| atol + rtol * w;
        // Two of 200 (1 %) beyond tolerance but under the cap: passes.
        let mut got = want.clone();
        got[0] += 2.0 * bound(want[0]);
        got[1] += 2.0 * bound(want[1]);
        let j = ttk(&got, &want, DType::Float32);
        assert!(j.pass && (j.metrics.within - 0.99).abs() < 1e-12);
        assert_eq!(j.shown, Some(0));
        // A third: 98.5 % within, fails.
        got[2] += 2.0 * bound(want[2]);
        assert!(!ttk(&got, &want, DType::Float32).pass);
        // One element beyond the hard cap fails alone.
        let mut got = want.clone();
        got[5] += 101.0 * bound(want[5]);
        assert!(!ttk(&got, &want, DType::Float32).pass);
    }

    #[test]
    fn single_threshold_and_small_values() {
        let (t, small, cap) = single_thresholds(DType::Float16);
        let golden: Vec<f64> = (1..=100).map(|i| f64::from(i) / 10.0).collect();
        let scaled = |k: f64| golden.iter().map(|g| g * (1.0 + k * t)).collect::<Vec<_>>();
        assert!(single(&scaled(0.9), &golden, DType::Float16).pass);
        assert!(!single(&scaled(1.1), &golden, DType::Float16).pass, "MERE");
        // One element at 9.5 T passes MARE, at 10.5 T fails.
        let mut got = golden.clone();
        got[50] *= 1.0 + 9.5 * t;
        assert!(single(&got, &golden, DType::Float16).pass);
        got[50] = golden[50] * (1.0 + 10.5 * t);
        let j = single(&got, &golden, DType::Float16);
        assert!(!j.pass);
        assert_eq!(j.shown, Some(50));
        // A value under the small bound is judged by the absolute cap.
        let golden = [small / 2.0, 1.0];
        assert!(single(&[small / 2.0 + cap, 1.0], &golden, DType::Float16).pass);
        assert!(!single(&[small / 2.0 + 2.0 * cap, 1.0], &golden, DType::Float16).pass);
    }

    #[test]
    fn dual_ratios_by_hand() {
        // Golden 1..=4; the reference off by 1e-3 relative everywhere,
        // the NPU by 2e-3 at one element.
        let golden = [1.0, 2.0, 3.0, 4.0];
        let third: Vec<f64> = golden.iter().map(|g| g * 1.001).collect();
        let mut got = golden.to_vec();
        got[3] = 4.0 * 1.002;
        let j = dual(&got, &third, &golden, DType::Float16, DualLevel::L0);
        let [mare, mere, rmse] = j.metrics.ratios.unwrap();
        // MARE: 0.003·4/(4+1e-7) over 0.001·g/(g+1e-7) at g = 4.
        let r = |x: f64, g: f64| x * g / (g + 1e-7);
        let ref_mare = (1..=4).map(|g| r(0.001, f64::from(g))).fold(0.0, f64::max);
        assert!((mare - r(0.002, 4.0) / ref_mare).abs() < 1e-12, "{mare}");
        let ref_mere = (1..=4).map(|g| r(0.001, f64::from(g))).sum::<f64>() / 4.0;
        assert!(
            (mere - r(0.002, 4.0) / 4.0 / ref_mere).abs() < 1e-12,
            "{mere}"
        );
        let ref_rmse = ((1..=4).map(|g| (0.001 * f64::from(g)).powi(2)).sum::<f64>() / 4.0).sqrt();
        assert!(
            (rmse - (0.008f64.powi(2) / 4.0).sqrt() / ref_rmse).abs() < 1e-9,
            "{rmse}"
        );
        // 2.0 / 0.5 / 1.46: within L0 (10, 2, 2) and L1 (5, 1.5, 1.5), not
        // L2's RMSE 1.2.
        assert!((rmse - 1.4606).abs() < 1e-4, "{rmse}");
        assert!(j.pass);
        assert!(dual(&got, &third, &golden, DType::Float16, DualLevel::L1).pass);
        let j2 = dual(&got, &third, &golden, DType::Float16, DualLevel::L2);
        assert!(!j2.pass);
        assert_eq!(j2.shown, Some(3));
        // An exact reference counts as one rounding: a one-rounding NPU
        // error is a ratio of about 1, not infinity.
        let u = unit_roundoff(DType::Float32);
        let got = [1.0 + u, 2.0];
        let j = dual(
            &got,
            &[1.0, 2.0],
            &[1.0, 2.0],
            DType::Float32,
            DualLevel::L2,
        );
        assert!(
            j.metrics.ratios.unwrap()[0] <= 1.0 + 1e-6,
            "{:?}",
            j.metrics
        );
    }
}
