//! Every verified op call as CSV or JSON (`:verify report --csv FILE`,
//! `xpush verify --json FILE`): one row (object) per call, in the order
//! the calls ran, with the standard, the tolerance, the metrics and the
//! first element shown. Numbers are written as they are; in JSON an
//! infinite or NaN metric (a NaN or infinity at another place) is `null`.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::{VerifyLog, VerifyRecord};

/// One exported call.
#[derive(Debug, Serialize)]
pub struct CallRow {
    /// Its position among the verified calls, from 1.
    pub call: usize,
    /// The op (`add`).
    pub op: &'static str,
    /// The aclnn op, or empty.
    pub aclnn: String,
    /// `npu:0`.
    pub device: String,
    /// `native` or `demoted`.
    pub how: String,
    /// The dtype as dispatched.
    pub dtype: String,
    /// The dtype the device computed in.
    pub compute_dtype: String,
    /// `ulp`, `ttk`, `cann-single`, `cann-dual=L0`.
    pub standard: String,
    /// The tolerance as the report shows it.
    pub tolerance: String,
    /// Elements compared.
    pub elements: usize,
    /// Largest absolute error.
    pub max_abs: f64,
    /// Largest relative error.
    pub max_rel: f64,
    /// Largest ULP distance (against the same-dtype reference).
    pub max_ulps: f64,
    /// MARE.
    pub mare: f64,
    /// MERE.
    pub mere: f64,
    /// RMSE.
    pub rmse: f64,
    /// Cosine similarity.
    pub cosine: f64,
    /// Share of elements within the per-element bound.
    pub within: f64,
    /// Dual benchmark ratios (empty otherwise).
    pub mare_ratio: Option<f64>,
    /// Dual benchmark MERE ratio.
    pub mere_ratio: Option<f64>,
    /// Dual benchmark RMSE ratio.
    pub rmse_ratio: Option<f64>,
    /// Whether the call passed.
    pub pass: bool,
    /// The first element beyond tolerance (`(0, 1)`), or empty.
    pub first_index: String,
    /// The device's value there.
    pub first_npu: String,
    /// The reference's value there.
    pub first_cpu: String,
    /// Why the results could not be compared, or empty.
    pub note: String,
}

impl CallRow {
    /// The row of the `call`-th verified call.
    pub fn new(call: usize, r: &VerifyRecord) -> CallRow {
        let c = &r.cmp;
        let m = &c.metrics;
        let ratio = |i: usize| m.ratios.map(|q| q[i]);
        CallRow {
            call,
            op: r.op,
            aclnn: r.aclnn.unwrap_or("").to_string(),
            device: r.device.to_string(),
            how: format!("{:?}", r.how).to_lowercase(),
            dtype: r.dtype.name().to_string(),
            compute_dtype: r.compute_dtype.name().to_string(),
            standard: r.standard.to_string(),
            tolerance: r.tolerance.to_string(),
            elements: c.elements,
            max_abs: c.max_abs,
            max_rel: c.max_rel,
            max_ulps: c.max_ulps,
            mare: m.mare,
            mere: m.mere,
            rmse: m.rmse,
            cosine: m.cosine,
            within: m.within,
            mare_ratio: ratio(0),
            mere_ratio: ratio(1),
            rmse_ratio: ratio(2),
            pass: c.pass,
            first_index: c
                .first
                .as_ref()
                .map(|f| f.index_tuple())
                .unwrap_or_default(),
            first_npu: c
                .first
                .as_ref()
                .map(|f| f.device.clone())
                .unwrap_or_default(),
            first_cpu: c
                .first
                .as_ref()
                .map(|f| f.reference.clone())
                .unwrap_or_default(),
            note: c.note.clone().unwrap_or_default(),
        }
    }
}

fn rows(log: &VerifyLog) -> (Vec<CallRow>, u64) {
    let (calls, dropped) = log.calls();
    let rows = calls
        .iter()
        .enumerate()
        .map(|(i, r)| CallRow::new(i + 1, r))
        .collect();
    (rows, dropped)
}

/// Writes every kept call as CSV with a header row; returns how many rows.
pub fn write_csv(log: &VerifyLog, path: &Path) -> Result<usize, String> {
    let (rows, _) = rows(log);
    let mut w = csv::Writer::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for r in &rows {
        w.serialize(r)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    w.flush().map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(rows.len())
}

/// Writes `{"standard": ..., "calls": [...], "not_kept": N}` as JSON;
/// returns how many calls.
pub fn write_json(log: &VerifyLog, path: &Path) -> Result<usize, String> {
    #[derive(Serialize)]
    struct Doc<'a> {
        standard: String,
        calls: &'a [CallRow],
        not_kept: u64,
    }
    let (rows, dropped) = rows(log);
    let doc = Doc {
        standard: super::VerifySink::standard(log).to_string(),
        calls: &rows,
        not_kept: dropped,
    };
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    let mut f = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.write_all(b"\n"))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(rows.len())
}
