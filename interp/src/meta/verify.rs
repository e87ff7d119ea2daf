//! `:verify [on|off|report]`: re-run every NPU op on the cpu reference
//! (`xpush_npu::verify`), print a line under each statement for every op
//! beyond its tolerance, and a per-op table on `report`.

use std::sync::Arc;

use comfy_table::{presets, CellAlignment, Table};
use xpush_npu::verify::{OpSummary, Tolerance, VerifyLog, VerifySink};

use super::{ArgError, Command, Session, Words};
use crate::Interpreter;

/// The long `:help verify` text: what is compared and the tolerances.
pub(crate) const HELP: &str = "\
While on, every op that runs on the npu through aclnn is run again on the
cpu reference from copies of its inputs taken before the device call, and
the results are compared. Each op beyond its tolerance prints one line under
the statement (op, aclnn op, dtypes, max abs and rel error, ULPs, the first
differing index and both values there); `:verify report` shows a table per
op: calls, worst error, tolerance, pass or FAIL. Ops that ran on the host
(host fallbacks, float64 under float64=cpu) are the reference and are not
re-run. Under float64=float32 the reference is computed in true float64, so
the loss from the demotion shows. `xpush --verify FILE` runs a script with
verification on; `xpush verify FILE` also prints the report and exits 1 when
any op exceeded its tolerance.
Tolerances, in ULPs of the dtype the op was computed in:
  integers, bools; copies, indexing, where, min/max/argmin/argmax: exact
  astype between floats: 1 ULP
  elementwise ufuncs: 2 (float16, bfloat16), 4 (float32, float64)
  sum/prod/mean/var/std/cumsum/cumprod/matmul over n terms:
    elementwise x (1 + ceil(log2 n)); an element also passes within that
    many ULPs of the largest reference value of the result (cancellation)
  demoted (float64 computed in float32): the float32 rule + 1 ULP, measured
    against the float32 spacing at the exact float64 value
  NaN positions and infinities (and their signs) must match exactly.
";

/// What `:verify` was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyArg {
    /// `:verify`: show whether it is on.
    Show,
    /// `:verify on`.
    On,
    /// `:verify off`.
    Off,
    /// `:verify report`.
    Report,
}

/// Parses `:verify [on|off|report]`.
pub(super) fn parse(w: &Words<'_>, usage: &str) -> Result<Command, ArgError> {
    w.at_most(1, ":verify")?;
    let arg = match w.words.get(1).map(|&(_, a)| a) {
        None => VerifyArg::Show,
        Some("on") => VerifyArg::On,
        Some("off") => VerifyArg::Off,
        Some("report") => VerifyArg::Report,
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

/// The `:verify report` table: one row per op, aclnn op and dtypes.
pub fn report(log: &VerifyLog) -> String {
    let rows = log.summary();
    if rows.is_empty() {
        return "verify: no npu ops verified yet\n".to_string();
    }
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table.set_header([
        "op",
        "aclnn",
        "dtypes",
        "calls",
        "worst error (ULP / abs)",
        "tolerance",
        "result",
    ]);
    for s in &rows {
        let result = if s.failures == 0 {
            "pass".to_string()
        } else {
            format!("FAIL ({} of {})", s.failures, s.calls)
        };
        table.add_row([
            s.op.to_string(),
            s.aclnn.unwrap_or("").to_string(),
            s.dtypes.clone(),
            s.calls.to_string(),
            worst(s),
            s.tolerance.to_string(),
            result,
        ]);
    }
    if let Some(col) = table.column_mut(3) {
        col.set_cell_alignment(CellAlignment::Right);
    }
    let failed = rows.iter().filter(|s| s.failures > 0).count();
    let calls: u64 = rows.iter().map(|s| s.calls).sum();
    let verdict = if failed == 0 {
        format!("verify: all {calls} verified op calls within tolerance\n")
    } else {
        format!("verify: {failed} op(s) beyond tolerance\n")
    };
    format!("{table}\n{verdict}")
}

impl Interpreter {
    /// Runs `:verify ...`.
    pub(super) fn verify_command(&mut self, arg: VerifyArg) {
        match arg {
            VerifyArg::Show => {
                let state = if self.session.verify() { "on" } else { "off" };
                self.write(&format!("verification is {state}\n"));
            }
            VerifyArg::On => self.session.set_verify(true),
            VerifyArg::Off => self.session.set_verify(false),
            VerifyArg::Report => {
                let text = report(self.session.verify_log());
                self.write(&text);
            }
        }
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
            tolerance: Tolerance::Ulps(4.0),
            cmp: Comparison {
                elements: 4,
                max_abs: ulps * 1.2e-7,
                max_rel: ulps * 1.2e-7,
                max_ulps: ulps,
                first: None,
                note: None,
                pass,
            },
        }
    }

    #[test]
    fn report_has_a_row_per_op_with_calls_and_verdict() {
        let log = VerifyLog::default();
        assert_eq!(report(&log), "verify: no npu ops verified yet\n");
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
            text.ends_with("verify: 1 op(s) beyond tolerance\n"),
            "{text}"
        );
    }
}
