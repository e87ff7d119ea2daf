//! `:profile on|off|report` and the session's op sink: every dispatched
//! op is recorded through the array runtime's [`ProfileSink`] hook, per op
//! and per how it ran (on the cpu, through aclnn natively or demoted, or on
//! the host as a fallback), with host and device time and the bytes it
//! moved between host and device. The same sink adds up device time for
//! the `:time` lines on an NPU.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use comfy_table::{presets, CellAlignment, Table};
use xpush_npu::device::{ExecKind, OpRecord, ProfileSink};

use super::timing::format_time;
use super::Session;

/// What `:profile` was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileArg {
    /// `:profile`: whether it is on and how many ops it holds.
    Show,
    /// `:profile on`: start a fresh table and record every op.
    On,
    /// `:profile off`: stop recording (the table stays for `report`).
    Off,
    /// `:profile report`: the table, slowest op first.
    Report,
}

/// The name `:profile report` gives an [`ExecKind`].
pub fn how_name(how: ExecKind) -> &'static str {
    match how {
        ExecKind::Cpu => "cpu",
        ExecKind::Native => "native",
        ExecKind::Demoted => "demoted",
        ExecKind::HostFallback => "host fallback",
    }
}

/// One line of the profile: every call of one op that ran one way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProfileRow {
    /// The op's NumPy-level name.
    pub op: &'static str,
    /// How it ran.
    pub how: Option<ExecKind>,
    /// The aclnn op it maps to, if any.
    pub aclnn: Option<&'static str>,
    /// Dtypes it was called with (`float64→float32` when demoted), in order seen.
    pub dtypes: Vec<String>,
    /// Calls.
    pub calls: u64,
    /// Host wall time over all calls, nanoseconds.
    pub total_ns: u64,
    /// The slowest call, nanoseconds.
    pub max_ns: u64,
    /// Device time from events over all calls (`None`: never timed).
    pub device_ms: Option<f64>,
    /// Bytes copied host to device.
    pub h2d: u64,
    /// Bytes copied device to host.
    pub d2h: u64,
}

impl ProfileRow {
    /// Mean host time per call, nanoseconds.
    pub fn mean_ns(&self) -> u64 {
        self.total_ns / self.calls.max(1)
    }

    fn add(&mut self, r: &OpRecord) {
        self.calls += 1;
        self.total_ns += r.host_ns;
        self.max_ns = self.max_ns.max(r.host_ns);
        // Only aclnn launches are timed by events; a host fallback has none.
        if let (Some(ms), ExecKind::Native | ExecKind::Demoted) = (r.device_ms, r.how) {
            *self.device_ms.get_or_insert(0.0) += f64::from(ms);
        }
        self.h2d += r.h2d_bytes;
        self.d2h += r.d2h_bytes;
        let dt = if let Some(label) = r.dtype_label {
            label.to_string()
        } else if r.compute_dtype != r.dtype {
            format!("{}→{}", r.dtype.name(), r.compute_dtype.name())
        } else {
            r.dtype.name().to_string()
        };
        if !self.dtypes.contains(&dt) {
            self.dtypes.push(dt);
        }
    }
}

/// The session's [`ProfileSink`]: the `:profile` table while profiling is
/// on, and a running total of device time for `:time`.
#[derive(Debug, Default)]
pub struct SessionSink {
    profiling: AtomicBool,
    rows: Mutex<HashMap<(&'static str, ExecKind), ProfileRow>>,
    device_ns: AtomicU64,
}

impl SessionSink {
    /// Starts recording into a fresh, empty table (`:profile on`).
    pub fn start(&self) {
        self.lock().clear();
        self.profiling.store(true, Ordering::Relaxed);
    }

    /// Stops recording; the table is kept (`:profile off`).
    pub fn stop(&self) {
        self.profiling.store(false, Ordering::Relaxed);
    }

    /// Whether ops are being recorded.
    pub fn profiling(&self) -> bool {
        self.profiling.load(Ordering::Relaxed)
    }

    /// Device time of every op recorded so far (profiling or not), in nanoseconds.
    pub fn device_ns(&self) -> u64 {
        self.device_ns.load(Ordering::Relaxed)
    }

    /// The table's rows, the largest total host time first.
    pub fn rows(&self) -> Vec<ProfileRow> {
        let mut rows: Vec<ProfileRow> = self.lock().values().cloned().collect();
        rows.sort_by(|a, b| {
            b.total_ns
                .cmp(&a.total_ns)
                .then(a.op.cmp(b.op))
                .then(a.how.map(how_name).cmp(&b.how.map(how_name)))
        });
        rows
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(&'static str, ExecKind), ProfileRow>> {
        self.rows.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl ProfileSink for SessionSink {
    fn record(&self, r: &OpRecord) {
        if let Some(ms) = r.device_ms {
            let ns = (f64::from(ms) * 1e6).max(0.0) as u64;
            self.device_ns.fetch_add(ns, Ordering::Relaxed);
        }
        if !self.profiling() {
            return;
        }
        self.lock()
            .entry((r.op, r.how))
            .or_insert_with(|| ProfileRow {
                op: r.op,
                how: Some(r.how),
                // The aclnn op it maps to; none for ops on cpu arrays.
                aclnn: r.aclnn.filter(|_| r.how != ExecKind::Cpu),
                ..ProfileRow::default()
            })
            .add(r);
    }
}

impl Session {
    /// Whether `:profile` is recording.
    pub fn profiling(&self) -> bool {
        self.profile
    }

    /// `:profile on` (a fresh table) or `off` (stop recording, keep the table).
    pub fn set_profile(&mut self, on: bool) {
        self.profile = on;
        if on {
            self.sink.start();
        } else {
            self.sink.stop();
        }
        self.push_profiling();
    }

    /// The profile table's rows, slowest first.
    pub fn profile_rows(&self) -> Vec<ProfileRow> {
        self.sink.rows()
    }

    /// The session's op sink (device time for `:time`).
    pub(crate) fn sink(&self) -> &SessionSink {
        &self.sink
    }

    /// Runs `:profile ...`; returns what to print.
    pub(super) fn profile_command(&mut self, arg: ProfileArg) -> String {
        match arg {
            ProfileArg::Show => {
                let calls: u64 = self.sink.rows().iter().map(|r| r.calls).sum();
                let state = if self.profile { "on" } else { "off" };
                format!("profiling is {state} ({calls} op calls in the table)\n")
            }
            ProfileArg::On => {
                self.set_profile(true);
                if let Some(d) = self.npu() {
                    d.exec_cache().reset_stats();
                }
                String::new()
            }
            ProfileArg::Off => {
                self.set_profile(false);
                String::new()
            }
            ProfileArg::Report => {
                let mut text = report(&self.sink.rows(), self.profile);
                if let Some(d) = self.npu().filter(|_| !self.sink.rows().is_empty()) {
                    text.push_str(&cache_footer(&d.exec_cache().stats()));
                }
                text
            }
        }
    }

    /// Hands the sink to the array runtime while `:profile` is on or
    /// `:time` needs device time (an npu session), with device timing
    /// (events around each NPU op, which then synchronizes); otherwise no
    /// sink, so dispatch records nothing.
    pub(super) fn push_profiling(&self) {
        self.push_profiling_with(false);
    }

    /// As [`push_profiling`](Self::push_profiling), with `timing` forcing
    /// device timing on (`:time STMT` on an npu session).
    pub(crate) fn push_profiling_with(&self, timing: bool) {
        let device_time = (self.time || timing) && self.device.npu_id().is_some();
        let on = self.profile || device_time;
        let sink = on.then(|| Arc::clone(&self.sink) as Arc<dyn ProfileSink>);
        xpush_npu::device::set_profiling(sink, on);
    }
}

/// The executor cache's share of the profiled aclnn calls, under the
/// `:profile report` table: `executor cache: 1999 of 2001 aclnn calls
/// skipped phase 1 (aclnnMuls 999/1000, aclnnAdds 1000/1000)`.
fn cache_footer(s: &xpush_npu::ascend::CacheStats) -> String {
    let calls = s.hits + s.misses;
    if !s.enabled {
        return "executor cache: off (every aclnn call ran phase 1)\n".into();
    }
    if calls == 0 {
        return String::new();
    }
    let mut ops: Vec<&(&str, u64, u64)> = s.per_op.iter().collect();
    ops.sort_by_key(|&&(op, h, m)| (std::cmp::Reverse(h + m), op));
    let per: Vec<String> = ops
        .iter()
        .map(|&&(op, h, m)| format!("{op} {h}/{}", h + m))
        .collect();
    format!(
        "executor cache: {} of {calls} aclnn call{} skipped phase 1 ({})\n",
        s.hits,
        if calls == 1 { "" } else { "s" },
        per.join(", ")
    )
}

/// `4.0 KB`: bytes in B, KB, MB, GB (powers of 1024), one decimal above bytes.
pub fn format_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut v = n as f64 / 1024.0;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    format!("{v:.1} {}", UNITS[u])
}

/// The `:profile report` table, or a line saying there is nothing in it.
pub fn report(rows: &[ProfileRow], on: bool) -> String {
    if rows.is_empty() {
        return if on {
            "no ops recorded yet\n".to_string()
        } else {
            "no profile: :profile on, run some code, then :profile report\n".to_string()
        };
    }
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table.set_header([
        "op", "how", "aclnn", "dtype", "calls", "total", "mean", "max", "device", "h2d", "d2h",
    ]);
    let secs = |ns: u64| format_time(ns as f64 * 1e-9);
    for r in rows {
        table.add_row([
            r.op.to_string(),
            r.how.map_or("", how_name).to_string(),
            r.aclnn.unwrap_or("-").to_string(),
            r.dtypes.join(", "),
            r.calls.to_string(),
            secs(r.total_ns),
            secs(r.mean_ns()),
            secs(r.max_ns),
            r.device_ms
                .map_or_else(|| "-".to_string(), |ms| format_time(ms * 1e-3)),
            format_bytes(r.h2d),
            format_bytes(r.d2h),
        ]);
    }
    for col in 4..11 {
        if let Some(c) = table.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let calls: u64 = rows.iter().map(|r| r.calls).sum();
    let total: u64 = rows.iter().map(|r| r.total_ns).sum();
    format!(
        "{table}\n{calls} op call{} in {} (host time, slowest first)\n",
        if calls == 1 { "" } else { "s" },
        secs(total)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use xpush_npu::device::Device;
    use xpush_npu::DType;

    fn record(op: &'static str, how: ExecKind, host_ns: u64, device_ms: Option<f32>) -> OpRecord {
        OpRecord {
            op,
            aclnn: Some("aclnnAdd"),
            device: Device::Npu(0),
            how,
            dtype: DType::Float64,
            compute_dtype: if how == ExecKind::Demoted {
                DType::Float32
            } else {
                DType::Float64
            },
            host_ns,
            device_ms,
            h2d_bytes: 8,
            d2h_bytes: 2048,
            dtype_label: None,
            note: None,
        }
    }

    #[test]
    fn rows_add_up_per_op_and_how_slowest_first() {
        let sink = SessionSink::default();
        sink.record(&record("add", ExecKind::Native, 5, Some(0.5)));
        assert!(sink.rows().is_empty(), "nothing kept while off");
        assert_eq!(sink.device_ns(), 500_000, "device time counts for :time");
        sink.start();
        sink.record(&record("add", ExecKind::Native, 100, Some(0.25)));
        sink.record(&record("add", ExecKind::Native, 300, Some(0.25)));
        sink.record(&record("add", ExecKind::Demoted, 50, None));
        sink.record(&record("exp", ExecKind::HostFallback, 1000, None));
        let rows = sink.rows();
        let summary: Vec<(&str, &str, u64, u64, u64)> = rows
            .iter()
            .map(|r| {
                (
                    r.op,
                    how_name(r.how.unwrap()),
                    r.calls,
                    r.total_ns,
                    r.max_ns,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("exp", "host fallback", 1, 1000, 1000),
                ("add", "native", 2, 400, 300),
                ("add", "demoted", 1, 50, 50),
            ]
        );
        assert_eq!(rows[1].mean_ns(), 200);
        assert_eq!(rows[1].device_ms, Some(0.5));
        assert_eq!((rows[1].h2d, rows[1].d2h), (16, 4096));
        assert_eq!(rows[2].dtypes, ["float64→float32"]);
        let text = report(&rows, true);
        assert!(text.contains("host fallback"), "{text}");
        assert!(text.contains("4 op calls in 1.45 µs"), "{text}");
        sink.stop();
        sink.record(&record("add", ExecKind::Native, 100, None));
        assert_eq!(sink.rows()[1].calls, 2, "off stops recording");
        sink.start();
        assert!(sink.rows().is_empty(), "on again starts a fresh table");
    }

    #[test]
    fn bytes_read_as_kb_and_mb() {
        assert_eq!(format_bytes(0), "0 B");
        assert_eq!(format_bytes(1023), "1023 B");
        assert_eq!(format_bytes(4096), "4.0 KB");
        assert_eq!(format_bytes(1536 * 1024), "1.5 MB");
    }
}
