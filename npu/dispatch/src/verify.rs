//! Verification of device ops against the cpu reference (`:verify`,
//! `xpush verify`, DESIGN §3).
//!
//! While a [`VerifySink`] is set in the [`DispatchContext`]
//! (`DispatchContext::verify`), every op the dispatcher runs on a device
//! other than the cpu through aclnn (natively or demoted) is re-run on the
//! cpu reference from host copies of its inputs, taken before the device
//! call, and the two results are compared element by element. The
//! reference run calls [`CpuBackend`](crate::ops::CpuBackend) on those
//! copies directly: it writes nothing back to the device, and neither it
//! nor the copies show in [`stats`](crate::device::stats), the profile
//! records or the bytes-moved counters. Ops that ran on the host anyway (a
//! host fallback, float64 under `float64=cpu`) are the reference itself
//! and are not re-run.
//!
//! Under float64 mode `float32` the reference runs in true float64 on the
//! original float64 inputs, so the loss from the demotion shows.
//!
//! # Tolerances
//!
//! - Integers and bools: exact (the results must be equal).
//! - Floats (and the real and imaginary parts of complex values): in ULPs
//!   of the dtype the op was computed in ([`unit_dtype`]). When the result
//!   is in that dtype, the ULP distance is the number of representable
//!   values between the two results; when it was demoted (a float64 result
//!   computed in float32), it is `|npu - cpu|` divided by the float32
//!   spacing at the exact float64 reference value.
//!   - data movement and selection (copy, getitem, setitem, where, min,
//!     max, argmin, argmax): 0 ULP (exact);
//!   - `astype` between floats: 1 ULP (rounding);
//!   - elementwise ufuncs: [`base_ulps`]: 2 for float16/bfloat16, 4 for
//!     float32 and float64;
//!   - reductions, scans and matmul over `n` elements per output:
//!     `base × (1 + ⌈log₂ n⌉)` (a tree summation's error bound), and an
//!     element also passes when its absolute error is within that many
//!     ULPs at the largest reference magnitude of the output (cancellation
//!     makes single results tiny next to their terms);
//!   - demoted ops (float64 computed in float32): the rule of the compute
//!     dtype plus 1 ULP for rounding the inputs to float32.
//! - NaN must be NaN at the same positions, and infinities must match in
//!   position and sign; either difference fails whatever the tolerance.
//!
//! These are the rules of the default standard, `ulp`. The CANN standards
//! (`ttk`, `cann-single`, `cann-dual`) judge float results by their own
//! metrics instead: see [`standard`]. Every comparison also measures those
//! metrics ([`Metrics`]) for the report and the CSV/JSON export.

pub mod export;
pub mod standard;

pub use standard::{DualLevel, Metrics, Standard};

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;

use crate::device::ToDevice;
use crate::device::{Device, ExecKind};
use crate::ops::{Op, ReduceOp};
use xpush_core::array::Array;
use xpush_core::dtype::{DType, Elem};
use xpush_core::error::Result;

/// What a comparison allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    /// The results must be equal (integers, bools, data movement).
    Exact,
    /// At most this many ULPs of the compute dtype per element.
    Ulps(f64),
    /// The op test kit: `|npu - ref| <= atol + rtol * |ref|` for 99 % of
    /// the elements, none beyond 100 times that.
    Ttk {
        /// Relative tolerance.
        rtol: f64,
        /// Absolute tolerance.
        atol: f64,
    },
    /// The single benchmark: `MERE < T`, `MARE < 10 T` against float64.
    Single(f64),
    /// The dual benchmark at a level.
    Dual(DualLevel),
}

impl Tolerance {
    /// The ULP budget (0 for [`Tolerance::Exact`] and the CANN
    /// standards, which do not count ULPs).
    pub fn ulps(self) -> f64 {
        match self {
            Tolerance::Ulps(u) => u,
            _ => 0.0,
        }
    }
}

/// `2^-10`, or the number as it is when it is not a power of two.
fn pow2_text(x: f64) -> String {
    let e = x.log2();
    if e.fract() == 0.0 {
        format!("2^{e}")
    } else {
        format!("{x}")
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tolerance::Exact => f.write_str("exact"),
            Tolerance::Ulps(u) => write!(f, "{u} ULP"),
            Tolerance::Ttk { rtol, atol } => {
                write!(f, "rtol {}, atol {}", pow2_text(*rtol), pow2_text(*atol))
            }
            Tolerance::Single(t) => write!(f, "MERE < {0}, MARE < 10*{0}", pow2_text(*t)),
            Tolerance::Dual(l) => {
                let [a, b, c] = l.limits();
                write!(f, "{l:?}: MARE/MERE/RMSE <= {a}/{b}/{c} x ref")
            }
        }
    }
}

/// The first element beyond tolerance.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// Its index in the result (one entry per axis).
    pub index: Vec<usize>,
    /// The device's value there, as text.
    pub device: String,
    /// The cpu reference's value there, as text.
    pub reference: String,
}

impl Mismatch {
    /// The index as a NumPy index tuple: `(3, 1)`, `(4,)`, `()`.
    pub fn index_tuple(&self) -> String {
        match self.index.as_slice() {
            [i] => format!("({i},)"),
            ix => format!(
                "({})",
                ix.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// The outcome of comparing a device result with the cpu reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Elements compared.
    pub elements: usize,
    /// Largest `|device - reference|` (infinite where NaN/inf differ).
    pub max_abs: f64,
    /// Largest `|device - reference| / |reference|`.
    pub max_rel: f64,
    /// Largest distance in ULPs of the compute dtype (for integers, the
    /// largest difference).
    pub max_ulps: f64,
    /// The first element beyond tolerance, in C order.
    pub first: Option<Mismatch>,
    /// Why the results could not be compared element by element (shapes
    /// differ, the reference raised).
    pub note: Option<String>,
    /// Whether the result passes (under `ulp`: every element within
    /// tolerance).
    pub pass: bool,
    /// The standard's error metrics (against the same-dtype reference
    /// under `ulp` and `ttk`, the float64 golden under the CANN
    /// standards).
    pub metrics: Metrics,
}

impl Comparison {
    /// A failed comparison that could not look at elements.
    pub fn broken(note: impl Into<String>) -> Comparison {
        Comparison {
            elements: 0,
            max_abs: f64::INFINITY,
            max_rel: f64::INFINITY,
            max_ulps: f64::INFINITY,
            first: None,
            note: Some(note.into()),
            pass: false,
            metrics: Metrics {
                max_abs: f64::INFINITY,
                max_rel: f64::INFINITY,
                mare: f64::INFINITY,
                mere: f64::INFINITY,
                rmse: f64::INFINITY,
                cosine: 0.0,
                within: 0.0,
                ratios: None,
            },
        }
    }
}

/// One verified op.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyRecord {
    /// The op's NumPy-level name (`add`, `sum`).
    pub op: &'static str,
    /// The aclnn op mapped to it, if any.
    pub aclnn: Option<&'static str>,
    /// The device the op ran on.
    pub device: Device,
    /// How it ran (native or demoted).
    pub how: ExecKind,
    /// The input dtype as dispatched.
    pub dtype: DType,
    /// The dtype computed in on the device.
    pub compute_dtype: DType,
    /// The standard it was judged by.
    pub standard: Standard,
    /// The tolerance applied.
    pub tolerance: Tolerance,
    /// The comparison.
    pub cmp: Comparison,
}

impl VerifyRecord {
    /// `float32`, or `float64->float32` when demoted.
    pub fn dtypes(&self) -> String {
        if self.dtype == self.compute_dtype {
            self.dtype.name().to_string()
        } else {
            format!("{}->{}", self.dtype.name(), self.compute_dtype.name())
        }
    }

    /// The one-line report of a mismatch:
    /// `verify: add (aclnnAdd) float64->float32: max abs 1.2e-07, rel
    /// 3.4e-08, 5 ULP > 4; first at (3, 1): npu 0.30000001192092896 cpu 0.3`.
    pub fn line(&self) -> String {
        let aclnn = self.aclnn.map(|a| format!(" ({a})")).unwrap_or_default();
        let mut s = format!("verify: {}{aclnn} {}: ", self.op, self.dtypes());
        if let Some(note) = &self.cmp.note {
            s.push_str(note);
            return s;
        }
        let c = &self.cmp;
        s.push_str(&format!(
            "max abs {}, rel {}, ",
            sci(c.max_abs),
            sci(c.max_rel)
        ));
        let m = &c.metrics;
        match self.tolerance {
            Tolerance::Exact => s.push_str("expected exact"),
            Tolerance::Ulps(t) => s.push_str(&format!("{} ULP > {t}", ulps_text(c.max_ulps))),
            Tolerance::Ttk { .. } => s.push_str(&format!(
                "{} within ({}), ttk needs 99% and none over 100x",
                percent(m.within),
                self.tolerance
            )),
            Tolerance::Single(_) => s.push_str(&format!(
                "MERE {}, MARE {}; cann-single needs {}",
                sci(m.mere),
                sci(m.mare),
                self.tolerance
            )),
            Tolerance::Dual(_) => {
                let [a, b, r] = m.ratios.unwrap_or([f64::INFINITY; 3]);
                s.push_str(&format!(
                    "ratios to the reference MARE {}, MERE {}, RMSE {}; cann-dual needs {}",
                    ratio_text(a),
                    ratio_text(b),
                    ratio_text(r),
                    self.tolerance
                ));
            }
        }
        if let Some(m) = &c.first {
            let dev = match self.device {
                Device::Cpu => "cpu".to_string(),
                Device::Npu(0) => "npu".to_string(),
                d => d.to_string(),
            };
            s.push_str(&format!(
                "; first at {}: {dev} {} cpu {}",
                m.index_tuple(),
                m.device,
                m.reference
            ));
        }
        s
    }
}

/// `99.5%`, `100%`: a share with one decimal where it is not whole.
pub fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p == p.round() {
        format!("{p}%")
    } else {
        format!("{:.1}%", (p * 10.0).floor() / 10.0)
    }
}

/// A ratio with two decimals (`1.46`), `inf`.
pub fn ratio_text(r: f64) -> String {
    if r.is_finite() {
        format!("{r:.2}")
    } else {
        "inf".into()
    }
}

/// `1.2e-07` (two significant digits), `0`, `inf`, `nan`.
pub fn sci(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        "inf".into()
    } else {
        let s = format!("{x:.1e}");
        // Rust writes `1.2e-7`; NumPy and C write `1.2e-07`.
        match s.split_once('e') {
            Some((m, e)) => {
                let (sign, digits) = e.strip_prefix('-').map_or(("+", e), |d| ("-", d));
                format!("{m}e{sign}{digits:0>2}")
            }
            None => s,
        }
    }
}

/// A ULP count: an integer when it is one, else one decimal; `8.5e+37`
/// from a million up.
pub fn ulps_text(u: f64) -> String {
    if u.is_infinite() {
        "inf".into()
    } else if u >= 1e6 {
        sci(u)
    } else if u.fract() == 0.0 {
        format!("{u}")
    } else {
        format!("{u:.1}")
    }
}

/// Receives every verified op (a session's `:verify`).
pub trait VerifySink: Send + Sync {
    /// The standard ops are judged by.
    fn standard(&self) -> Standard {
        Standard::Ulp
    }

    /// Called once per verified op.
    fn record(&self, r: &VerifyRecord);

    /// Called for an op on the device's arrays that ran on the host (a
    /// host fallback, float64 under `float64=cpu`): it is the reference
    /// itself, so nothing is compared.
    fn host_run(&self, _op: &'static str, _dtype: DType) {}
}

/// Calls, failures and the worst errors of one op, dtype pair and aclnn
/// op.
#[derive(Clone, Debug, PartialEq)]
pub struct OpSummary {
    /// The op's name.
    pub op: &'static str,
    /// Its aclnn op.
    pub aclnn: Option<&'static str>,
    /// Input and compute dtypes, as [`VerifyRecord::dtypes`].
    pub dtypes: String,
    /// Verified calls.
    pub calls: u64,
    /// Calls that did not pass.
    pub failures: u64,
    /// The largest ULP distance seen (difference for integers).
    pub worst_ulps: f64,
    /// The largest absolute error seen.
    pub worst_abs: f64,
    /// The worst of each metric over the calls: the largest errors and
    /// ratios, the smallest cosine similarity and share within tolerance.
    pub worst: Metrics,
    /// The tolerance of the call with the worst error.
    pub tolerance: Tolerance,
}

/// How many verified calls a [`VerifyLog`] keeps for the export.
pub const KEPT_CALLS: usize = 200_000;

/// A [`VerifySink`] that keeps a per-op summary for `:verify report`, the
/// records of failed comparisons until they are taken, and every verified
/// call (up to [`KEPT_CALLS`]) for the CSV/JSON export.
#[derive(Debug, Default)]
pub struct VerifyLog {
    standard: Mutex<Standard>,
    summary: Mutex<BTreeMap<(String, String, String), OpSummary>>,
    failed: Mutex<Vec<VerifyRecord>>,
    calls: Mutex<Vec<VerifyRecord>>,
    dropped: Mutex<u64>,
    host: Mutex<BTreeMap<(&'static str, DType), u64>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl VerifyLog {
    /// Judges the ops from now on by `standard`; the summary so far is
    /// forgotten (its rows were judged by another rule).
    pub fn set_standard(&self, standard: Standard) {
        let mut s = lock(&self.standard);
        if *s != standard {
            *s = standard;
            drop(s);
            self.clear();
        }
    }

    /// The failed comparisons since the last call (the lines to print under
    /// a statement).
    pub fn take_failures(&self) -> Vec<VerifyRecord> {
        std::mem::take(&mut *lock(&self.failed))
    }

    /// Per op, aclnn op and dtypes, in name order.
    pub fn summary(&self) -> Vec<OpSummary> {
        lock(&self.summary).values().cloned().collect()
    }

    /// Every verified call kept, in order, and how many more were not kept.
    pub fn calls(&self) -> (Vec<VerifyRecord>, u64) {
        (lock(&self.calls).clone(), *lock(&self.dropped))
    }

    /// The ops on device arrays that ran on the host instead (not
    /// compared: they are the reference), with their dtype and count.
    pub fn host_runs(&self) -> Vec<(&'static str, DType, u64)> {
        lock(&self.host)
            .iter()
            .map(|(&(op, d), &n)| (op, d, n))
            .collect()
    }

    /// Whether any verified op failed.
    pub fn any_failed(&self) -> bool {
        self.summary().iter().any(|s| s.failures > 0)
    }

    /// Forgets everything but the standard.
    pub fn clear(&self) {
        lock(&self.summary).clear();
        lock(&self.failed).clear();
        lock(&self.calls).clear();
        *lock(&self.dropped) = 0;
        lock(&self.host).clear();
    }
}

impl VerifySink for VerifyLog {
    fn standard(&self) -> Standard {
        *lock(&self.standard)
    }

    fn host_run(&self, op: &'static str, dtype: DType) {
        *lock(&self.host).entry((op, dtype)).or_insert(0) += 1;
    }

    fn record(&self, r: &VerifyRecord) {
        let key = (
            r.op.to_string(),
            r.aclnn.unwrap_or("").to_string(),
            r.dtypes(),
        );
        let mut m = lock(&self.summary);
        let s = m.entry(key).or_insert_with(|| OpSummary {
            op: r.op,
            aclnn: r.aclnn,
            dtypes: r.dtypes(),
            calls: 0,
            failures: 0,
            worst_ulps: 0.0,
            worst_abs: 0.0,
            worst: Metrics {
                cosine: 1.0,
                within: 1.0,
                ..Metrics::default()
            },
            tolerance: r.tolerance,
        });
        s.calls += 1;
        if !r.cmp.pass {
            s.failures += 1;
        }
        if r.cmp.max_ulps > s.worst_ulps || (s.calls == 1) {
            s.worst_ulps = s.worst_ulps.max(r.cmp.max_ulps);
            s.tolerance = r.tolerance;
        }
        if r.cmp.max_abs > s.worst_abs || r.cmp.max_abs.is_nan() {
            s.worst_abs = r.cmp.max_abs;
        }
        let (w, c) = (&mut s.worst, &r.cmp.metrics);
        w.max_abs = w.max_abs.max(c.max_abs);
        w.max_rel = w.max_rel.max(c.max_rel);
        w.mare = w.mare.max(c.mare);
        w.mere = w.mere.max(c.mere);
        w.rmse = w.rmse.max(c.rmse);
        w.cosine = w.cosine.min(c.cosine);
        w.within = w.within.min(c.within);
        if let Some(q) = c.ratios {
            let old = w.ratios.unwrap_or([0.0; 3]);
            w.ratios = Some([old[0].max(q[0]), old[1].max(q[1]), old[2].max(q[2])]);
        }
        drop(m);
        if !r.cmp.pass {
            lock(&self.failed).push(r.clone());
        }
        let mut calls = lock(&self.calls);
        if calls.len() < KEPT_CALLS {
            calls.push(r.clone());
        } else {
            *lock(&self.dropped) += 1;
        }
    }
}

// ---- Tolerance rule ----------------------------------------------------------

/// The float dtype ULPs are counted in for a result computed in `compute`:
/// its real dtype (`complex64` → `float32`); `None` for integers and bools.
pub fn unit_dtype(compute: DType) -> Option<DType> {
    let r = compute.real_dtype();
    r.is_float().then_some(r)
}

/// The ULP budget of an elementwise ufunc computed in `unit`: 2 for
/// float16/bfloat16, 4 for float32 and float64.
pub fn base_ulps(unit: DType) -> f64 {
    match unit {
        DType::Float16 | DType::BFloat16 => 2.0,
        _ => 4.0,
    }
}

/// How an op's error scales: see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// Copies and selections: exact.
    Movement,
    /// `astype`: 1 ULP.
    Cast,
    /// Elementwise ufuncs: [`base_ulps`].
    Elementwise,
    /// Reductions, scans and matmul over `n` elements per result.
    Reduction(usize),
}

/// The class of `op` given its host inputs and reference result.
pub fn op_class(op: Op, ins: &[Array], reference: &Array) -> OpClass {
    match op {
        Op::Unary(_) | Op::Binary(_) => OpClass::Elementwise,
        Op::Cast(_) => OpClass::Cast,
        Op::Reduce(r) => match r {
            ReduceOp::Min
            | ReduceOp::Max
            | ReduceOp::Argmin
            | ReduceOp::Argmax
            | ReduceOp::All
            | ReduceOp::Any => OpClass::Movement,
            ReduceOp::Cumsum | ReduceOp::Cumprod => OpClass::Reduction(
                ins.first()
                    .and_then(|a| a.shape().iter().copied().max())
                    .unwrap_or(1),
            ),
            _ => {
                let n = ins.first().map_or(1, Array::size);
                OpClass::Reduction(n / reference.size().max(1))
            }
        },
        Op::Matmul => OpClass::Reduction(
            ins.first()
                .and_then(|a| a.shape().last().copied())
                .unwrap_or(1),
        ),
        Op::Linalg(_) | Op::Fft(_) => OpClass::Reduction(ins.first().map_or(1, Array::size).max(1)),
        _ => OpClass::Movement,
    }
}

/// The tolerance of an op of class `class` with a `result` dtype computed
/// in `compute` (the rule in the module documentation).
pub fn tolerance(class: OpClass, result: DType, compute: DType) -> Tolerance {
    let (Some(unit), Some(_)) = (unit_dtype(compute), unit_dtype(result)) else {
        return Tolerance::Exact;
    };
    let demoted = result.real_dtype() != unit;
    let base = base_ulps(unit);
    let ulps = match class {
        OpClass::Movement if !demoted => return Tolerance::Exact,
        OpClass::Movement => 0.0,
        OpClass::Cast => 1.0,
        OpClass::Elementwise => base,
        OpClass::Reduction(n) => base * (1.0 + (n.max(1) as f64).log2().ceil()),
    };
    Tolerance::Ulps(if demoted { ulps + 1.0 } else { ulps })
}

// ---- ULPs --------------------------------------------------------------------

/// Significand bits (with the implicit one) and least normal exponent.
fn float_params(unit: DType) -> (i32, i32) {
    match unit {
        DType::Float16 => (11, -14),
        DType::BFloat16 => (8, -126),
        DType::Float32 => (24, -126),
        _ => (53, -1022),
    }
}

/// The spacing of `unit` values at `x` (the ULP of `x`).
pub fn spacing(unit: DType, x: f64) -> f64 {
    let (p, emin) = float_params(unit);
    let e = if x == 0.0 || !x.is_finite() {
        emin
    } else {
        (x.abs().log2().floor() as i32).max(emin)
    };
    2f64.powi(e - (p - 1))
}

/// Bits of `x` in `unit` mapped to a line where consecutive values differ
/// by one.
fn ordered_bits(unit: DType, x: f64) -> i64 {
    let (bits, sign) = match unit {
        DType::Float16 => (i64::from(half::f16::from_f64(x).to_bits()), 1i64 << 15),
        DType::BFloat16 => (i64::from(half::bf16::from_f64(x).to_bits()), 1i64 << 15),
        DType::Float32 => (i64::from((x as f32).to_bits()), 1i64 << 31),
        _ => {
            let b = x.to_bits();
            let mag = (b & !(1u64 << 63)) as i64;
            return if b >> 63 == 1 { -mag } else { mag };
        }
    };
    if bits & sign != 0 {
        -(bits & !sign)
    } else {
        bits
    }
}

/// The distance between finite `got` and `want` in ULPs of `unit`: the
/// count of `unit` values between them when both are `unit` values
/// (`exact_unit`), else `|got - want|` over the spacing at `want`.
pub fn ulp_distance(unit: DType, got: f64, want: f64, exact_unit: bool) -> f64 {
    if got == want {
        return 0.0;
    }
    if exact_unit {
        (ordered_bits(unit, got) - ordered_bits(unit, want)).unsigned_abs() as f64
    } else {
        (got - want).abs() / spacing(unit, want)
    }
}

// ---- Comparison --------------------------------------------------------------

/// Per-part errors of one element.
#[derive(Clone, Copy, Debug, Default)]
struct ElemErr {
    abs: f64,
    rel: f64,
    ulps: f64,
    /// NaN or infinity differs: fails whatever the tolerance.
    special: bool,
}

fn float_err(unit: DType, exact_unit: bool, got: f64, want: f64) -> ElemErr {
    if got.is_nan() || want.is_nan() {
        return if got.is_nan() && want.is_nan() {
            ElemErr::default()
        } else {
            ElemErr {
                abs: f64::INFINITY,
                rel: f64::INFINITY,
                ulps: f64::INFINITY,
                special: true,
            }
        };
    }
    if got.is_infinite() || want.is_infinite() {
        return if got == want {
            ElemErr::default()
        } else {
            ElemErr {
                abs: f64::INFINITY,
                rel: f64::INFINITY,
                ulps: f64::INFINITY,
                special: true,
            }
        };
    }
    let abs = (got - want).abs();
    let rel = if abs == 0.0 {
        0.0
    } else if want == 0.0 {
        f64::INFINITY
    } else {
        abs / want.abs()
    };
    ElemErr {
        abs,
        rel,
        ulps: ulp_distance(unit, got, want, exact_unit),
        special: false,
    }
}

fn int_err(got: i128, want: i128) -> ElemErr {
    let abs = (got - want).unsigned_abs() as f64;
    let rel = if abs == 0.0 {
        0.0
    } else if want == 0 {
        f64::INFINITY
    } else {
        abs / (want as f64).abs()
    };
    ElemErr {
        abs,
        rel,
        ulps: abs,
        special: false,
    }
}

fn as_int(e: Elem) -> Option<i128> {
    match e {
        Elem::Bool(b) => Some(i128::from(b)),
        Elem::Int(i) => Some(i128::from(i)),
        Elem::UInt(u) => Some(i128::from(u)),
        _ => None,
    }
}

/// An element as text in `dtype`: `1.5`, `0.1` (float32 shortest),
/// `1e-10`, `3`, `True`, `(1.0+2.0j)`, `nan`, `-inf`.
pub fn elem_text(e: Elem, dtype: DType) -> String {
    let real = |x: f64| -> String {
        if x.is_nan() {
            return "nan".into();
        }
        if x.is_infinite() {
            return if x > 0.0 { "inf".into() } else { "-inf".into() };
        }
        match dtype.real_dtype() {
            DType::Float32 => format!("{:?}", x as f32),
            DType::Float16 => format!("{:?}", half::f16::from_f64(x).to_f32()),
            DType::BFloat16 => format!("{:?}", half::bf16::from_f64(x).to_f32()),
            _ => format!("{x:?}"),
        }
    };
    match e {
        Elem::Bool(b) => if b { "True" } else { "False" }.into(),
        Elem::Int(i) => i.to_string(),
        Elem::UInt(u) => u.to_string(),
        Elem::Float(f) => real(f),
        Elem::Complex(re, im) => {
            let sign = if im < 0.0 || (im == 0.0 && im.is_sign_negative()) {
                "-"
            } else {
                "+"
            };
            format!("({}{sign}{}j)", real(re), real(im.abs()))
        }
    }
}

/// The index of flat C-order position `i` in `shape`.
pub fn unravel(mut i: usize, shape: &[usize]) -> Vec<usize> {
    let mut ix = vec![0; shape.len()];
    for (axis, &n) in shape.iter().enumerate().rev() {
        let n = n.max(1);
        ix[axis] = i % n;
        i /= n;
    }
    ix
}

/// Compares a device result (`got`, a host copy) with the cpu `reference`
/// under `tol`, counting float ULPs in the real dtype of `compute`. With
/// `at_scale` (reductions), an element also passes within `tol` ULPs at
/// the largest reference magnitude.
pub fn compare(
    got: &Array,
    reference: &Array,
    compute: DType,
    tol: Tolerance,
    at_scale: bool,
) -> Comparison {
    if got.shape() != reference.shape() {
        return Comparison::broken(format!(
            "shape {:?} on the device, {:?} on the cpu",
            got.shape(),
            reference.shape()
        ));
    }
    let g = got.to_elems();
    let r = reference.to_elems();
    let unit = unit_dtype(compute).unwrap_or(DType::Float64);
    // ULPs count values of `unit` exactly when the result is in that dtype.
    let exact_unit = reference.dtype().real_dtype() == unit;
    // Reductions: an element also passes within `tol` ULPs at the
    // largest reference magnitude (see the module documentation).
    let floor = match tol {
        Tolerance::Ulps(t) if at_scale => {
            let scale = r
                .iter()
                .map(|e| match *e {
                    Elem::Complex(re, im) => re.abs().max(im.abs()),
                    e => e.as_f64().abs(),
                })
                .filter(|x| x.is_finite())
                .fold(0.0, f64::max);
            t * spacing(unit, scale)
        }
        _ => 0.0,
    };
    let mut acc = standard::Acc::default();
    let complex = reference.dtype().is_complex();
    let mut c = Comparison {
        elements: g.len(),
        max_abs: 0.0,
        max_rel: 0.0,
        max_ulps: 0.0,
        first: None,
        note: None,
        pass: true,
        metrics: Metrics::default(),
    };
    let mut outside = 0usize;
    for (i, (&ge, &re)) in g.iter().zip(&r).enumerate() {
        let err = match (as_int(ge), as_int(re)) {
            (Some(a), Some(b)) => {
                acc.add(i, a as f64, b as f64, true);
                int_err(a, b)
            }
            _ => {
                let (gr, gi) = ge.as_complex();
                let (rr, ri) = re.as_complex();
                // Parts numbered as `standard::parts` numbers them.
                if complex {
                    acc.add(2 * i, gr, rr, true);
                    acc.add(2 * i + 1, gi, ri, true);
                } else {
                    acc.add(i, gr, rr, true);
                }
                let a = float_err(unit, exact_unit, gr, rr);
                let b = float_err(unit, exact_unit, gi, ri);
                ElemErr {
                    abs: a.abs.max(b.abs),
                    rel: a.rel.max(b.rel),
                    ulps: a.ulps.max(b.ulps),
                    special: a.special || b.special,
                }
            }
        };
        c.max_abs = c.max_abs.max(err.abs);
        c.max_rel = c.max_rel.max(err.rel);
        c.max_ulps = c.max_ulps.max(err.ulps);
        let bad = err.special
            || match tol {
                Tolerance::Exact => err.abs != 0.0,
                Tolerance::Ulps(t) => err.ulps > t && err.abs > floor,
                // The CANN standards are judged over the whole result.
                Tolerance::Ttk { .. } | Tolerance::Single(_) | Tolerance::Dual(_) => false,
            };
        if bad {
            c.pass = false;
            outside += 1;
            if c.first.is_none() {
                c.first = Some(Mismatch {
                    index: unravel(i, reference.shape()),
                    device: elem_text(ge, got.dtype()),
                    reference: elem_text(re, reference.dtype()),
                });
            }
        }
    }
    c.metrics = acc.finish().metrics;
    c.metrics.within = if g.is_empty() {
        1.0
    } else {
        1.0 - outside as f64 / g.len() as f64
    };
    c
}

/// Judges `got` by a CANN standard (`standard` other than `ulp`), given
/// the same-dtype reference, the float64 golden and the third-party
/// reference (in the NPU's compute dtype) as the standard needs them;
/// `ulp_cmp` is the ULP comparison, whose ULP count is kept.
fn judge_float(
    standard: Standard,
    unit: DType,
    got: &Array,
    reference: &Array,
    golden: Option<&Array>,
    third: Option<&Array>,
    ulp_cmp: Comparison,
) -> (Tolerance, Comparison) {
    let (g, per) = standard::parts(got);
    let golden = golden.unwrap_or(reference);
    let (shown_against, tol, j) = match standard {
        Standard::Ulp | Standard::Ttk => {
            let (rtol, atol) = standard::ttk_tolerance(unit);
            let (w, _) = standard::parts(reference);
            (
                reference,
                Tolerance::Ttk { rtol, atol },
                standard::ttk(&g, &w, unit),
            )
        }
        Standard::CannSingle => {
            let (w, _) = standard::parts(golden);
            let (t, _, _) = standard::single_thresholds(unit);
            (golden, Tolerance::Single(t), standard::single(&g, &w, unit))
        }
        Standard::CannDual(level) => {
            let (w, _) = standard::parts(golden);
            let (r, _) = standard::parts(third.unwrap_or(reference));
            (
                golden,
                Tolerance::Dual(level),
                standard::dual(&g, &r, &w, unit, level),
            )
        }
    };
    let first = j.shown.map(|i| {
        let k = i / per;
        let (ge, re) = (got.to_elems()[k], shown_against.to_elems()[k]);
        Mismatch {
            index: unravel(k, got.shape()),
            device: elem_text(ge, got.dtype()),
            reference: elem_text(re, shown_against.dtype()),
        }
    });
    let cmp = Comparison {
        max_abs: j.metrics.max_abs,
        max_rel: j.metrics.max_rel,
        first: if j.pass { None } else { first },
        pass: j.pass,
        metrics: j.metrics,
        ..ulp_cmp
    };
    (tol, cmp)
}

// ---- The dispatch hook -------------------------------------------------------

/// Host copies of an op's inputs, taken before the device call (which may
/// write into one of them), not counted as bytes moved. Host operands
/// (broadcast scalars) are copied too, since the reference of `copy_into`
/// and `put` writes into its arguments.
pub(crate) fn host_copies(ins: &[&Array]) -> Result<Vec<Array>> {
    crate::device::uncounted(|| {
        ins.iter()
            .map(|a| match a.device() {
                Device::Cpu => {
                    let storage = a.storage().read().clone();
                    Array::from_parts(
                        xpush_core::storage::SharedStorage::new(storage),
                        a.layout().clone(),
                    )
                }
                _ => a.to_device(Device::Cpu),
            })
            .collect()
    })
}

/// One device op to verify.
pub(crate) struct Call<'a> {
    pub op: Op,
    pub aclnn: Option<&'static str>,
    pub device: Device,
    pub how: ExecKind,
    pub dtype: DType,
    pub compute: DType,
    /// The op's output dtype.
    pub out: DType,
    /// Host copies of the inputs from before the device call.
    pub ins: Vec<Array>,
    /// The device result.
    pub result: &'a Array,
    /// The cpu reference, computing into the output dtype it is given: no
    /// side effects beyond its arguments.
    pub reference: &'a dyn Fn(&[&Array], DType) -> Result<Array>,
}

/// The float64 (complex128) counterpart of a narrower float dtype.
fn widened(d: DType) -> DType {
    match d {
        DType::Float16 | DType::BFloat16 | DType::Float32 => DType::Float64,
        DType::Complex64 => DType::Complex128,
        d => d,
    }
}

impl Call<'_> {
    /// The reference run on `ins` into `out`, unrecorded.
    fn run_reference(&self, ins: &[Array], out: DType) -> Result<Array> {
        let refs: Vec<&Array> = ins.iter().collect();
        crate::device::as_reference(|| (self.reference)(&refs, out))
    }

    /// The golden: the op computed in float64 (the reference itself when
    /// it already is).
    fn golden(&self, reference: &Array) -> Result<Array> {
        if widened(reference.dtype()) == reference.dtype() {
            return Ok(reference.clone());
        }
        let ins: Vec<Array> = self
            .ins
            .iter()
            .map(|a| {
                if a.dtype().is_inexact() {
                    a.astype(widened(a.dtype()))
                } else {
                    a.clone()
                }
            })
            .collect();
        self.run_reference(&ins, widened(self.out))
    }

    /// The third-party reference: the op computed on the cpu in the
    /// dtype the NPU computed in (the reference itself unless demoted).
    fn third(&self, reference: &Array) -> Result<Array> {
        if self.compute == self.dtype {
            return Ok(reference.clone());
        }
        let ins: Vec<Array> = self
            .ins
            .iter()
            .map(|a| {
                if a.dtype() == self.dtype {
                    a.astype(self.compute)
                } else {
                    a.clone()
                }
            })
            .collect();
        let out = crate::device::demoted_out(self.out, self.dtype, self.compute);
        self.run_reference(&ins, out)?
            .to_device(Device::Cpu)
            .map(|r| r.astype(reference.dtype()))
    }
}

/// Compares the device result with the reference under `standard`.
fn judge(
    standard: Standard,
    c: &Call<'_>,
    got: &Array,
    reference: &Array,
) -> (Tolerance, Comparison) {
    let class = op_class(c.op, &c.ins, reference);
    let tol = tolerance(class, reference.dtype(), c.compute);
    let at_scale = matches!(class, OpClass::Reduction(_));
    let cmp = compare(got, reference, c.compute, tol, at_scale);
    // Integers, bools and data movement are exact under every standard.
    if standard == Standard::Ulp
        || matches!(tol, Tolerance::Exact)
        || matches!(class, OpClass::Movement)
        || cmp.note.is_some()
    {
        return (tol, cmp);
    }
    let unit = unit_dtype(c.compute).unwrap_or(DType::Float64);
    let golden = if standard.needs_golden() {
        match c.golden(reference) {
            Ok(g) => Some(g),
            Err(e) => {
                return (
                    tol,
                    Comparison::broken(format!("the float64 golden raised {e}")),
                )
            }
        }
    } else {
        None
    };
    let third = if matches!(standard, Standard::CannDual(_)) {
        match c.third(reference) {
            Ok(t) => Some(t),
            Err(e) => {
                return (
                    tol,
                    Comparison::broken(format!("the reference in the npu's dtype raised {e}")),
                )
            }
        }
    } else {
        None
    };
    judge_float(
        standard,
        unit,
        got,
        reference,
        golden.as_ref(),
        third.as_ref(),
        cmp,
    )
}

/// Runs the reference, compares, and hands the record to `sink`. Nothing
/// here is counted or recorded by dispatch.
pub(crate) fn check(sink: &dyn VerifySink, c: Call<'_>) {
    if c.how == ExecKind::HostFallback {
        sink.host_run(c.op.name(), c.dtype);
    }
    if !matches!(c.how, ExecKind::Native | ExecKind::Demoted) {
        return;
    }
    let standard = sink.standard();
    let got = crate::device::uncounted(|| c.result.to_device(Device::Cpu));
    let reference = c.run_reference(&c.ins, c.out);
    let (tol, cmp) = match (got, reference) {
        (Ok(got), Ok(reference)) => {
            crate::device::uncounted(|| judge(standard, &c, &got, &reference))
        }
        (Err(e), _) => (
            Tolerance::Exact,
            Comparison::broken(format!("could not copy the device result: {e}")),
        ),
        (_, Err(e)) => (
            Tolerance::Exact,
            Comparison::broken(format!(
                "the device succeeded, the cpu reference raised {e}"
            )),
        ),
    };
    sink.record(&VerifyRecord {
        op: c.op.name(),
        aclnn: c.aclnn,
        device: c.device,
        how: c.how,
        dtype: c.dtype,
        compute_dtype: c.compute,
        standard,
        tolerance: tol,
        cmp,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: &[f32], shape: &[usize]) -> Array {
        Array::from_vec(v.to_vec(), shape).unwrap()
    }

    #[test]
    fn ulp_distance_counts_representable_values() {
        let one = 1.0f32;
        let up = f32::from_bits(one.to_bits() + 1);
        let down = f32::from_bits(one.to_bits() - 1);
        let u = |a: f32, b: f32| ulp_distance(DType::Float32, a.into(), b.into(), true);
        assert_eq!(u(up, one), 1.0);
        // Across a binade the count is still one value.
        assert_eq!(u(down, one), 1.0);
        assert_eq!(u(f32::from_bits(one.to_bits() + 5), one), 5.0);
        // Across zero: -0.0 and +0.0 are equal, the smallest subnormals two apart.
        assert_eq!(u(-0.0, 0.0), 0.0);
        let tiny = f32::from_bits(1);
        assert_eq!(u(-tiny, tiny), 2.0);
        // Demoted: float32 spacing at the exact float64 value.
        let d = ulp_distance(DType::Float32, f64::from(0.3f32), 0.3, false);
        assert!((d - (f64::from(0.3f32) - 0.3).abs() / 2f64.powi(-25)).abs() < 1e-12);
        assert!(d > 0.0 && d < 0.5, "{d}");
        assert_eq!(spacing(DType::Float32, 1.0), 2f64.powi(-23));
        assert_eq!(spacing(DType::Float64, 1.0), f64::EPSILON);
        assert_eq!(spacing(DType::Float16, 0.0), 2f64.powi(-24));
    }

    #[test]
    fn nan_and_inf_positions_must_match() {
        let tol = Tolerance::Ulps(4.0);
        let a = f32s(&[1.0, f32::NAN, f32::INFINITY], &[3]);
        assert!(compare(&a, &a.clone(), DType::Float32, tol, false).pass);
        let moved = f32s(&[f32::NAN, 1.0, f32::INFINITY], &[3]);
        let c = compare(&moved, &a, DType::Float32, tol, false);
        assert!(!c.pass);
        let m = c.first.unwrap();
        assert_eq!(
            (m.index, m.device.as_str(), m.reference.as_str()),
            (vec![0], "nan", "1.0")
        );
        let flipped = f32s(&[1.0, f32::NAN, f32::NEG_INFINITY], &[3]);
        let c = compare(&flipped, &a, DType::Float32, Tolerance::Ulps(1e9), false);
        assert!(!c.pass, "an infinity of the other sign fails any budget");
        assert_eq!(c.first.unwrap().index, vec![2]);
    }

    #[test]
    fn integers_and_bools_are_exact() {
        let want = Array::from_vec(vec![1i32, 2, 3, 4], &[2, 2]).unwrap();
        let got = Array::from_vec(vec![1i32, 2, 3, 5], &[2, 2]).unwrap();
        let tol = tolerance(OpClass::Elementwise, DType::Int32, DType::Int32);
        assert_eq!(tol, Tolerance::Exact);
        let c = compare(&got, &want, DType::Int32, tol, false);
        assert!(!c.pass);
        assert_eq!((c.max_abs, c.max_ulps), (1.0, 1.0));
        let m = c.first.unwrap();
        assert_eq!(m.index_tuple(), "(1, 1)");
        assert_eq!((m.device.as_str(), m.reference.as_str()), ("5", "4"));
        assert!(compare(&want, &want.clone(), DType::Int32, tol, false).pass);
        let b = Array::from_vec(vec![true, false], &[2]).unwrap();
        let nb = Array::from_vec(vec![true, true], &[2]).unwrap();
        let c = compare(&nb, &b, DType::Bool, Tolerance::Exact, false);
        assert_eq!(c.first.unwrap().device, "True");
        // A large int64 difference is not lost to float rounding.
        let big = Array::from_vec(vec![i64::MAX], &[1]).unwrap();
        let big1 = Array::from_vec(vec![i64::MAX - 1], &[1]).unwrap();
        assert!(!compare(&big1, &big, DType::Int64, Tolerance::Exact, false).pass);
    }

    #[test]
    fn first_differing_index_is_in_c_order() {
        let want = f32s(&[0.0; 6], &[2, 3]);
        let mut v = [0.0f32; 6];
        v[4] = 1.0;
        v[5] = 2.0;
        let c = compare(
            &f32s(&v, &[2, 3]),
            &want,
            DType::Float32,
            Tolerance::Ulps(4.0),
            false,
        );
        let m = c.first.unwrap();
        assert_eq!(m.index, vec![1, 1]);
        assert_eq!(m.index_tuple(), "(1, 1)");
        assert_eq!(c.max_abs, 2.0);
        assert_eq!(unravel(5, &[2, 3]), vec![1, 2]);
        assert_eq!(
            Mismatch {
                index: vec![],
                device: String::new(),
                reference: String::new()
            }
            .index_tuple(),
            "()"
        );
        assert_eq!(
            Mismatch {
                index: vec![4],
                device: String::new(),
                reference: String::new()
            }
            .index_tuple(),
            "(4,)"
        );
    }

    #[test]
    fn within_tolerance_passes_and_beyond_fails() {
        let want = f32s(&[1.0, 2.0], &[2]);
        let near = f32s(&[f32::from_bits(1.0f32.to_bits() + 4), 2.0], &[2]);
        let far = f32s(&[f32::from_bits(1.0f32.to_bits() + 5), 2.0], &[2]);
        let tol = tolerance(OpClass::Elementwise, DType::Float32, DType::Float32);
        assert_eq!(tol, Tolerance::Ulps(4.0));
        assert!(compare(&near, &want, DType::Float32, tol, false).pass);
        let c = compare(&far, &want, DType::Float32, tol, false);
        assert!(!c.pass);
        assert_eq!(c.max_ulps, 5.0);
        assert_eq!(ulps_text(5.0), "5");
        assert_eq!(ulps_text(8.5e37), "8.5e+37");
        // Movement is exact; demotion adds a ULP; reductions grow with n.
        assert_eq!(
            tolerance(OpClass::Movement, DType::Float32, DType::Float32),
            Tolerance::Exact
        );
        assert_eq!(
            tolerance(OpClass::Elementwise, DType::Float64, DType::Float32),
            Tolerance::Ulps(5.0)
        );
        assert_eq!(
            tolerance(OpClass::Reduction(1024), DType::Float32, DType::Float32),
            Tolerance::Ulps(44.0)
        );
        assert_eq!(
            tolerance(OpClass::Elementwise, DType::Float16, DType::Float16),
            Tolerance::Ulps(2.0)
        );
    }

    #[test]
    fn reductions_allow_cancellation_at_the_output_scale() {
        // An error small next to the largest output (cancellation in a sum).
        let want = f32s(&[1.0, 10000.0], &[2]);
        let got = f32s(&[1.0 + 0.0005, 10000.0], &[2]);
        let tol = tolerance(OpClass::Reduction(3), DType::Float32, DType::Float32);
        assert!(compare(&got, &want, DType::Float32, tol, true).pass);
        let tol = tolerance(OpClass::Elementwise, DType::Float32, DType::Float32);
        assert!(!compare(&got, &want, DType::Float32, tol, false).pass);
    }

    #[test]
    fn the_mismatch_line_names_op_dtypes_errors_and_values() {
        let want = Array::from_vec(vec![0.1f64, 0.3], &[2]).unwrap();
        let got = Array::from_vec(vec![0.1f64, f64::from(0.3f32) + 1e-6], &[2]).unwrap();
        let tol = tolerance(OpClass::Elementwise, DType::Float64, DType::Float32);
        let cmp = compare(&got, &want, DType::Float32, tol, false);
        let r = VerifyRecord {
            op: "add",
            aclnn: Some("aclnnAdd"),
            device: Device::Npu(0),
            how: ExecKind::Demoted,
            dtype: DType::Float64,
            compute_dtype: DType::Float32,
            standard: Standard::Ulp,
            tolerance: tol,
            cmp,
        };
        let line = r.line();
        assert!(
            line.starts_with(
                "verify: add (aclnnAdd) float64->float32: max abs 1.0e-06, rel 3.4e-06, "
            ),
            "{line}"
        );
        assert!(
            line.contains("34.0 ULP > 5; first at (1,): npu 0.30000101192092893 cpu 0.3"),
            "{line}"
        );
        let log = VerifyLog::default();
        log.record(&r);
        log.record(&VerifyRecord {
            cmp: compare(&want, &want, DType::Float32, tol, false),
            ..r.clone()
        });
        let s = &log.summary()[0];
        assert_eq!(
            (s.calls, s.failures, s.dtypes.as_str()),
            (2, 1, "float64->float32")
        );
        assert_eq!(log.take_failures().len(), 1);
        assert!(log.take_failures().is_empty());
        assert!(log.any_failed());
    }
}
