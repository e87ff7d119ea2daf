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
}

impl Tolerance {
    /// The ULP budget (0 for [`Tolerance::Exact`]).
    pub fn ulps(self) -> f64 {
        match self {
            Tolerance::Exact => 0.0,
            Tolerance::Ulps(u) => u,
        }
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tolerance::Exact => f.write_str("exact"),
            Tolerance::Ulps(u) => write!(f, "{u} ULP"),
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
    /// Whether every element is within tolerance.
    pub pass: bool,
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
        match self.tolerance {
            Tolerance::Exact => s.push_str("expected exact"),
            Tolerance::Ulps(t) => s.push_str(&format!("{} ULP > {t}", ulps_text(c.max_ulps))),
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

/// `1.2e-07` (two significant digits), `0`, `inf`, `nan`.
fn sci(x: f64) -> String {
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
    /// Called once per verified op.
    fn record(&self, r: &VerifyRecord);
}

/// Calls, failures and the worst error of one op, dtype pair and aclnn op.
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
    /// Calls beyond tolerance.
    pub failures: u64,
    /// The largest ULP distance seen (difference for integers).
    pub worst_ulps: f64,
    /// The largest absolute error seen.
    pub worst_abs: f64,
    /// The tolerance of the call with the worst error.
    pub tolerance: Tolerance,
}

/// A [`VerifySink`] that keeps a per-op summary for `:verify report` and
/// the records of failed comparisons until they are taken.
#[derive(Debug, Default)]
pub struct VerifyLog {
    summary: Mutex<BTreeMap<(String, String, String), OpSummary>>,
    failed: Mutex<Vec<VerifyRecord>>,
}

impl VerifyLog {
    /// The failed comparisons since the last call (the lines to print under
    /// a statement).
    pub fn take_failures(&self) -> Vec<VerifyRecord> {
        std::mem::take(&mut *self.failed.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Per op, aclnn op and dtypes, in name order.
    pub fn summary(&self) -> Vec<OpSummary> {
        self.summary
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect()
    }

    /// Whether any verified op failed.
    pub fn any_failed(&self) -> bool {
        self.summary().iter().any(|s| s.failures > 0)
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.summary
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

impl VerifySink for VerifyLog {
    fn record(&self, r: &VerifyRecord) {
        let key = (
            r.op.to_string(),
            r.aclnn.unwrap_or("").to_string(),
            r.dtypes(),
        );
        let mut m = self.summary.lock().unwrap_or_else(|e| e.into_inner());
        let s = m.entry(key).or_insert_with(|| OpSummary {
            op: r.op,
            aclnn: r.aclnn,
            dtypes: r.dtypes(),
            calls: 0,
            failures: 0,
            worst_ulps: 0.0,
            worst_abs: 0.0,
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
        drop(m);
        if !r.cmp.pass {
            self.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(r.clone());
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
    let mut c = Comparison {
        elements: g.len(),
        max_abs: 0.0,
        max_rel: 0.0,
        max_ulps: 0.0,
        first: None,
        note: None,
        pass: true,
    };
    for (i, (&ge, &re)) in g.iter().zip(&r).enumerate() {
        let err = match (as_int(ge), as_int(re)) {
            (Some(a), Some(b)) => int_err(a, b),
            _ => {
                let (gr, gi) = ge.as_complex();
                let (rr, ri) = re.as_complex();
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
            };
        if bad {
            c.pass = false;
            if c.first.is_none() {
                c.first = Some(Mismatch {
                    index: unravel(i, reference.shape()),
                    device: elem_text(ge, got.dtype()),
                    reference: elem_text(re, reference.dtype()),
                });
            }
        }
    }
    c
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
    /// Host copies of the inputs from before the device call.
    pub ins: Vec<Array>,
    /// The device result.
    pub result: &'a Array,
    /// The cpu reference: no side effects beyond its arguments.
    pub reference: &'a dyn Fn(&[&Array]) -> Result<Array>,
}

/// Runs the reference, compares, and hands the record to `sink`. Nothing
/// here is counted or recorded by dispatch.
pub(crate) fn check(sink: &dyn VerifySink, c: Call<'_>) {
    if !matches!(c.how, ExecKind::Native | ExecKind::Demoted) {
        return;
    }
    let got = crate::device::uncounted(|| c.result.to_device(Device::Cpu));
    let ins: Vec<&Array> = c.ins.iter().collect();
    let reference = crate::device::as_reference(|| (c.reference)(&ins));
    let (tol, cmp) = match (got, reference) {
        (Ok(got), Ok(reference)) => {
            let class = op_class(c.op, &c.ins, &reference);
            let tol = tolerance(class, reference.dtype(), c.compute);
            let at_scale = matches!(class, OpClass::Reduction(_));
            (tol, compare(&got, &reference, c.compute, tol, at_scale))
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
