//! `:verify [on|off|report|standard]`: re-run every NPU op on the cpu
//! reference (`xpush_npu::verify`), judge it by a precision standard,
//! print a line under each statement for every op that fails, and a
//! per-op table (and CSV/JSON of every call) on `report`.

use std::path::Path;
use std::sync::Arc;

use comfy_table::{presets, CellAlignment, Table};
use xpush_npu::verify::{
    percent, ratio_text, sci, OpSummary, Standard, Tolerance, VerifyLog, VerifySink,
};

use super::{ArgError, Command, Session, Words};
use crate::Interpreter;

/// The long `:help verify` text: what is compared, the standards and
/// their numbers.
pub(crate) const HELP: &str = "\
While on, every op that runs on the npu through aclnn is run again on the
cpu reference from copies of its inputs taken before the device call, and
the results are judged by a precision standard. Each op that fails prints
one line under the statement (op, aclnn op, dtypes, errors, the first
differing index and both values there); `:verify report` shows a table per
op: calls, the standard's metrics (max abs and rel error, MERE, RMSE, cosine
similarity, share of elements within tolerance; the three ratios under
cann-dual), tolerance, pass or FAIL; `:verify report --csv FILE --json FILE`
also writes every verified call. Ops that ran on the host (host fallbacks,
float64 under float64=cpu) are the reference and are not re-run. Under
float64=float32 the reference is computed in true float64, so the loss
from the demotion shows; under float64=off native float64 ops are judged
like any other. `xpush --verify FILE` runs a script with verification on;
`xpush verify [--standard NAME] [--csv F] [--json F] FILE` also prints the
report and exits 1 when any op failed.

Standards (`:verify standard NAME`, `:verify on NAME`; a new standard starts
the report afresh):
  ulp (default): xpush's rule, in ULPs of the dtype the op was computed in:
    integers, bools; copies, indexing, where, min/max/argmin/argmax: exact
    astype between floats: 1 ULP
    elementwise ufuncs: 2 (float16, bfloat16), 4 (float32, float64)
    sum/prod/mean/var/std/cumsum/cumprod/matmul over n terms:
      elementwise x (1 + ceil(log2 n)); an element also passes within that
      many ULPs of the largest reference value of the result (cancellation)
    demoted (float64 computed in float32): the float32 rule + 1 ULP,
      measured against the float32 spacing at the exact float64 value
  ttk: the CANN op test kit: |npu - ref| <= atol + rtol*|ref| against the
    same-dtype cpu reference for at least 99% of the elements, none beyond
    100x its tolerance (the op test frame's max_atol/atol); rtol, atol:
    float16 2^-9, 2^-9; bfloat16 2^-6, 2^-6; float32 2^-10, 2^-16
  cann-single: the CANN operator precision standard's single benchmark,
    against a float64 golden: MERE < T and MARE < 10*T with
    MARE = max |npu-golden|/(|golden|+1e-7), MERE its mean;
    T = 2^-10 (float16), 2^-7 (bfloat16), 2^-13 (float32); an element with
    |golden| below 2^-11 / 2^-8 / 2^-14 is judged by |npu-golden| <= 2^-16 /
    2^-16 / 2^-30 instead
  cann-dual[=L0|L1|L2]: the standard's dual benchmark: golden = the cpu in
    float64, reference = the cpu computing in the npu's dtype; passes when
    the npu's MARE, MERE and RMSE against the golden are at most
    10/2/2 (L0, default), 5/1.5/1.5 (L1) or 2/1.2/1.2 (L2) times the
    reference's (a reference without error counts as one rounding)
  Float64 computed natively (float64=off) has no published threshold: the
  CANN standards use float32's scaled by 2^-29. In every standard integers,
  bools, copies, comparisons, sorts and indexing are bit-exact, and NaN or
  an infinity at another place (or of another sign) fails.
Sources: CANN ops-precision-standard (float_compute.md,
OPS_PRECISION_STANDARDS.md), the op test frame's precision_info.py.
";

/// What `:verify` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyArg {
    /// `:verify`: show whether it is on, and the standard.
    Show,
    /// `:verify on [STANDARD]`.
    On(Option<Standard>),
    /// `:verify off`.
    Off,
    /// `:verify report [--csv FILE] [--json FILE]`.
    Report {
        /// Where to write every verified call as CSV.
        csv: Option<String>,
        /// Where to write them as JSON.
        json: Option<String>,
    },
    /// `:verify standard [NAME]`: show or set the standard.
    Standard(Option<Standard>),
}

/// Parses `:verify [on [STANDARD]|off|report [--csv F] [--json F]|standard
/// [NAME]]`.
pub(super) fn parse(w: &Words<'_>, usage: &str) -> Result<Command, ArgError> {
    let word = |i: usize| w.words.get(i).map(|&(_, a)| a);
    let standard = |i: usize| -> Result<Option<Standard>, ArgError> {
        word(i)
            .map(|name| {
                Standard::parse(name)
                    .map_err(|e| ArgError::new(xpush_stdlib::ExcKind::ValueError, e, w.span(i)))
            })
            .transpose()
    };
    let arg = match word(1) {
        None => VerifyArg::Show,
        Some("on") => {
            w.at_most(2, ":verify")?;
            VerifyArg::On(standard(2)?)
        }
        Some("off") => {
            w.at_most(1, ":verify")?;
            VerifyArg::Off
        }
        Some("standard") => {
            w.at_most(2, ":verify")?;
            VerifyArg::Standard(standard(2)?)
        }
        Some("report") => {
            let (mut csv, mut json) = (None, None);
            let mut i = 2;
            while let Some(flag) = word(i) {
                let slot = match flag {
                    "--csv" => &mut csv,
                    "--json" => &mut json,
                    other => {
                        return Err(ArgError::new(
                            xpush_stdlib::ExcKind::ValueError,
                            format!("unknown argument '{other}': usage {usage}"),
                            w.span(i),
                        ))
                    }
                };
                let Some(file) = word(i + 1) else {
                    return Err(ArgError::new(
                        xpush_stdlib::ExcKind::ValueError,
                        format!("{flag} needs a file name"),
                        w.span(i),
                    ));
                };
                *slot = Some(super::unquote(file).to_string());
                i += 2;
            }
            VerifyArg::Report { csv, json }
        }
        Some(other) => {
            return Err(ArgError::new(
                xpush_stdlib::ExcKind::ValueError,
                format!("unknown argument '{other}': usage {usage}"),
                w.span(1),
            ))
        }
    };
    Ok(Command::Verify(arg))
}

impl Session {
    /// Whether verification is on.
    pub fn verify(&self) -> bool {
        self.verify_on
    }

    /// Turns verification on or off (`:verify on`, `--verify`); the
    /// comparisons so far are kept for the report.
    pub fn set_verify(&mut self, on: bool) {
        self.verify_on = on;
        let sink: Option<Arc<dyn VerifySink>> = on.then(|| self.verify_log.clone() as _);
        xpush_npu::device::set_verify(sink);
    }

    /// The comparisons of this session (summary and pending failures).
    pub fn verify_log(&self) -> &Arc<VerifyLog> {
        &self.verify_log
    }

    /// The standard verified ops are judged by.
    pub fn verify_standard(&self) -> Standard {
        self.verify_log.standard()
    }

    /// Judges verified ops by `standard` from now on (the report starts
    /// afresh when it changes).
    pub fn set_verify_standard(&self, standard: Standard) {
        self.verify_log.set_standard(standard);
    }
}

/// `4 ULP`, `exact`, and the worst error as `3 ULP / 2.4e-07`.
fn worst(s: &OpSummary) -> String {
    let ulps = xpush_npu::verify::ulps_text(s.worst_ulps);
    let unit = if s.tolerance == Tolerance::Exact {
        ""
    } else {
        " ULP"
    };
    format!("{ulps}{unit} / {}", super::timing::format_g(s.worst_abs, 2))
}

/// The `:verify report` table: one row per op, aclnn op and dtypes, with
/// the standard's metrics.
pub fn report(log: &VerifyLog) -> String {
    let rows = log.summary();
    let standard = log.standard();
    if rows.is_empty() {
        return format!(
            "{}verify: no npu ops verified yet (standard {standard})\n",
            host_line(log)
        );
    }
    let dual = matches!(standard, Standard::CannDual(_));
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    let mut header = vec!["op", "aclnn", "dtypes", "calls"];
    if standard == Standard::Ulp {
        header.push("worst error (ULP / abs)");
    } else {
        header.push("max abs");
    }
    header.extend(["max rel", "MERE", "RMSE", "cosine", "within"]);
    if dual {
        header.push("ratios MARE/MERE/RMSE");
    }
    header.extend(["tolerance", "result"]);
    table.set_header(header);
    for s in &rows {
        let result = if s.failures == 0 {
            "pass".to_string()
        } else {
            format!("FAIL ({} of {})", s.failures, s.calls)
        };
        let m = &s.worst;
        let mut row = vec![
            s.op.to_string(),
            s.aclnn.unwrap_or("").to_string(),
            s.dtypes.clone(),
            s.calls.to_string(),
            if standard == Standard::Ulp {
                worst(s)
            } else {
                sci(m.max_abs)
            },
            sci(m.max_rel),
            sci(m.mere),
            sci(m.rmse),
            format!("{:.6}", m.cosine),
            percent(m.within),
        ];
        if dual {
            row.push(match m.ratios {
                Some([a, b, c]) => {
                    format!("{}/{}/{}", ratio_text(a), ratio_text(b), ratio_text(c))
                }
                None => "exact".to_string(),
            });
        }
        row.extend([s.tolerance.to_string(), result]);
        table.add_row(row);
    }
    if let Some(col) = table.column_mut(3) {
        col.set_cell_alignment(CellAlignment::Right);
    }
    let failed = rows.iter().filter(|s| s.failures > 0).count();
    let calls: u64 = rows.iter().map(|s| s.calls).sum();
    let host = host_line(log);
    let verdict = if failed == 0 {
        format!("verify: all {calls} verified op calls within tolerance (standard {standard})\n")
    } else {
        format!("verify: {failed} op(s) beyond tolerance (standard {standard})\n")
    };
    format!("{table}\n{host}{verdict}")
}

/// `verify: on the host, not compared (they are the reference): add
/// float64 x2, sum float64 x1` (float64 under `float64=cpu`, host
/// fallbacks), or nothing.
fn host_line(log: &VerifyLog) -> String {
    let runs = log.host_runs();
    if runs.is_empty() {
        return String::new();
    }
    let list: Vec<String> = runs
        .iter()
        .map(|(op, d, n)| format!("{op} {} x{n}", d.name()))
        .collect();
    format!(
        "verify: ran on the host, not compared (they are the reference): {}\n",
        list.join(", ")
    )
}

/// Writes the CSV and JSON exports asked for; a line per file written.
pub fn export(log: &VerifyLog, csv: Option<&str>, json: Option<&str>) -> Result<String, String> {
    let mut out = String::new();
    if let Some(f) = csv {
        let n = xpush_npu::verify::export::write_csv(log, Path::new(f))?;
        out.push_str(&format!("verify: {n} calls written to {f}\n"));
    }
    if let Some(f) = json {
        let n = xpush_npu::verify::export::write_json(log, Path::new(f))?;
        out.push_str(&format!("verify: {n} calls written to {f}\n"));
    }
    Ok(out)
}

impl Interpreter {
    /// Runs `:verify ...`.
    pub(super) fn verify_command(&mut self, arg: VerifyArg) -> Result<(), String> {
        match arg {
            VerifyArg::Show => {
                let state = if self.session.verify() { "on" } else { "off" };
                let standard = self.session.verify_standard();
                self.write(&format!("verification is {state} (standard {standard})\n"));
            }
            VerifyArg::On(standard) => {
                if let Some(s) = standard {
                    self.session.set_verify_standard(s);
                }
                self.session.set_verify(true);
            }
            VerifyArg::Off => self.session.set_verify(false),
            VerifyArg::Standard(None) => {
                let standard = self.session.verify_standard();
                self.write(&format!(
                    "verify standard: {standard} (one of {})\n",
                    Standard::NAMES
                ));
            }
            VerifyArg::Standard(Some(s)) => self.session.set_verify_standard(s),
            VerifyArg::Report { csv, json } => {
                let log = self.session.verify_log().clone();
                self.write(&report(&log));
                match export(&log, csv.as_deref(), json.as_deref()) {
                    Ok(lines) => self.write(&lines),
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(())
    }

    /// Prints one line per failed comparison since the last statement, to
    /// the notice output.
    pub(crate) fn verify_lines(&mut self) {
        if !self.session.verify() {
            return;
        }
        let failures = self.session.verify_log().take_failures();
        for r in failures {
            let line = format!("{}\n", r.line());
            self.notice(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xpush_npu::device::{Device, ExecKind};
    use xpush_npu::verify::{Comparison, VerifyRecord};
    use xpush_npu::DType;

    fn record(op: &'static str, pass: bool, ulps: f64) -> VerifyRecord {
        VerifyRecord {
            op,
            aclnn: Some("aclnnAdd"),
            device: Device::Npu(0),
            how: ExecKind::Native,
            dtype: DType::Float32,
            compute_dtype: DType::Float32,
            standard: Standard::Ulp,
            tolerance: Tolerance::Ulps(4.0),
            cmp: Comparison {
                elements: 4,
                max_abs: ulps * 1.2e-7,
                max_rel: ulps * 1.2e-7,
                max_ulps: ulps,
                first: None,
                note: None,
                pass,
                metrics: Default::default(),
            },
        }
    }

    #[test]
    fn report_has_a_row_per_op_with_calls_and_verdict() {
        let log = VerifyLog::default();
        assert_eq!(
            report(&log),
            "verify: no npu ops verified yet (standard ulp)\n"
        );
        log.record(&record("add", true, 0.0));
        log.record(&record("add", false, 9.0));
        log.record(&record("add", true, 1.0));
        log.record(&record("multiply", true, 2.0));
        let text = report(&log);
        let add = text.lines().find(|l| l.contains("│ add")).unwrap();
        assert!(
            add.contains("aclnnAdd") && add.contains("float32"),
            "{text}"
        );
        assert!(add.contains("┆     3 ┆"), "calls: {text}");
        assert!(add.contains("9 ULP / 1.1e-06"), "worst: {text}");
        assert!(
            add.contains("4 ULP") && add.contains("FAIL (1 of 3)"),
            "{text}"
        );
        let mul = text.lines().find(|l| l.contains("multiply")).unwrap();
        assert!(mul.contains("pass") && mul.contains("2 ULP"), "{text}");
        assert!(
            text.ends_with("verify: 1 op(s) beyond tolerance (standard ulp)\n"),
            "{text}"
        );
    }
}
