//! `:time` and `:timeit`, with IPython's loop-count choice, units and precision.

use std::fmt;
use std::time::{Duration, Instant};

use crate::eval::Frame;
use crate::exc::{Exception, Flow};
use crate::ir::{St, StKind};
use crate::Interpreter;

use super::Code;

/// IPython's `_format_time`: three significant digits in s, ms, µs or ns;
/// a minute or more as `1min 5s`, `2h 3min`, ...
pub fn format_time(seconds: f64) -> String {
    if seconds >= 60.0 {
        let parts = [("d", 86400.0), ("h", 3600.0), ("min", 60.0), ("s", 1.0)];
        let mut out = Vec::new();
        let mut left = seconds;
        for (suffix, length) in parts {
            let value = (left / length).trunc();
            if value > 0.0 {
                left %= length;
                out.push(format!("{value}{suffix}"));
            }
            if left < 1.0 {
                break;
            }
        }
        return out.join(" ");
    }
    let units = ["s", "ms", "µs", "ns"];
    let scaling = [1.0, 1e3, 1e6, 1e9];
    let order = if seconds > 0.0 {
        // Python: min(-int(math.floor(math.log10(t)) // 3), 3)
        let exp = seconds.log10().floor() as i64;
        (-(exp.div_euclid(3))).clamp(0, 3) as usize
    } else {
        3
    };
    format!("{} {}", format_g(seconds * scaling[order], 3), units[order])
}

/// C's `%.*g`: `precision` significant digits, trailing zeros dropped.
pub(crate) fn format_g(x: f64, precision: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let p = precision.max(1);
    let sci = format!("{:.*e}", p - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= p as i32 {
        let mantissa = trim_zeros(mantissa);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    let decimals = (p as i32 - 1 - exp).max(0) as usize;
    trim_zeros(&format!("{x:.decimals$}")).to_string()
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// The outcome of `:timeit`: per-loop times of each run.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeitResult {
    /// Loops per run.
    pub loops: u64,
    /// Seconds per loop, one entry per run.
    pub per_loop: Vec<f64>,
}

impl TimeitResult {
    /// Mean seconds per loop.
    pub fn mean(&self) -> f64 {
        self.per_loop.iter().sum::<f64>() / self.per_loop.len().max(1) as f64
    }

    /// Population standard deviation of the per-loop times (as IPython).
    pub fn std(&self) -> f64 {
        let mean = self.mean();
        let var = self
            .per_loop
            .iter()
            .map(|t| (t - mean).powi(2))
            .sum::<f64>()
            / self.per_loop.len().max(1) as f64;
        var.sqrt()
    }

    /// IPython's warning when the slowest run took over 4 times the fastest.
    pub fn warning(&self) -> Option<String> {
        let best = self.per_loop.iter().copied().fold(f64::INFINITY, f64::min);
        let worst = self.per_loop.iter().copied().fold(0.0, f64::max);
        (best > 0.0 && worst > 4.0 * best && worst > 1e-6).then(|| {
            format!(
                "The slowest run took {:.2} times longer than the fastest. This could mean that an intermediate result is being cached.",
                worst / best
            )
        })
    }
}

/// `1.23 ms ± 45.6 µs per loop (mean ± std. dev. of 7 runs, 100 loops each)`.
impl TimeitResult {
    /// IPython's procedure: `number` loops per run, or the first of 1, 10,
    /// 100, ... whose batch takes [`AUTORANGE_SECONDS`]; then `repeat`
    /// runs of `batch(loops)` (seconds for that many loops).
    fn measure<E>(
        number: Option<u64>,
        repeat: u32,
        mut batch: impl FnMut(u64) -> Result<f64, E>,
    ) -> Result<TimeitResult, E> {
        let loops = match number {
            Some(n) => n,
            None => {
                let mut n = 1;
                for index in 0..10 {
                    n = 10u64.pow(index);
                    if batch(n)? >= AUTORANGE_SECONDS {
                        break;
                    }
                }
                n
            }
        };
        let mut per_loop = Vec::with_capacity(repeat as usize);
        for _ in 0..repeat.max(1) {
            per_loop.push(batch(loops)? / loops as f64);
        }
        Ok(TimeitResult { loops, per_loop })
    }
}

impl fmt::Display for TimeitResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let runs = self.per_loop.len();
        write!(
            f,
            "{} ± {} per loop (mean ± std. dev. of {runs} run{}, {} loop{} each)",
            format_time(self.mean()),
            format_time(self.std()),
            if runs == 1 { "" } else { "s" },
            thousands(self.loops),
            if self.loops == 1 { "" } else { "s" },
        )
    }
}

/// `1,000,000` (Python's `{:,}`).
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).unwrap_or(""))
        .collect();
    groups.join(",")
}

/// Ops dispatched so far in this process, however they ran.
fn op_total() -> u64 {
    let s = xpush_npu::device::stats();
    s.cpu + s.aclnn() + s.host_fallback + s.host_dtype
}

/// The counters before a timed statement: op count, bytes moved, device
/// time (an npu session only) and the clock.
struct Probe {
    ops: u64,
    h2d: u64,
    d2h: u64,
    device_ns: Option<u64>,
    started: Instant,
}

impl Probe {
    /// `Wall time: 1.23 ms (device 450 µs, 12 ops, 4.0 KB h2d, 8.0 KB d2h)`
    /// on an npu session, `Wall time: 1.23 ms (3 ops)` on the cpu;
    /// `device_ns` is the sink's device-time total now.
    fn line(&self, device_ns: u64) -> String {
        let wall = self.started.elapsed();
        let ops = op_total().saturating_sub(self.ops);
        let (h2d, d2h) = xpush_npu::device::bytes_moved();
        time_text(
            wall,
            ops,
            self.device_ns.map(|d0| {
                (
                    Duration::from_nanos(device_ns.saturating_sub(d0)),
                    h2d.saturating_sub(self.h2d),
                    d2h.saturating_sub(self.d2h),
                )
            }),
        )
    }
}

/// The `:time` line: wall time, then device time and bytes moved (on an
/// npu: `(device, h2d bytes, d2h bytes)`) and the op count.
fn time_text(wall: Duration, ops: u64, npu: Option<(Duration, u64, u64)>) -> String {
    let ops = format!("{ops} op{}", if ops == 1 { "" } else { "s" });
    let detail = match npu {
        Some((device, h2d, d2h)) => format!(
            "device {}, {ops}, {} h2d, {} d2h",
            format_time(device.as_secs_f64()),
            super::format_bytes(h2d),
            super::format_bytes(d2h)
        ),
        None => ops,
    };
    format!("Wall time: {} ({detail})", format_time(wall.as_secs_f64()))
}

/// A device error the statement left pending, raised at it: a kernel that
/// failed asynchronously surfaces at the next synchronize, and when that
/// was a read that cannot fail (printing an array, `len`), the error waits
/// for the next op; this raises it before the next statement instead.
fn device_error(span: xpush_lang::span::Span) -> Result<(), Flow> {
    match xpush_npu::device::take_pending_error() {
        Some(e) => Err(Exception::at(e, span).into()),
        None => Ok(()),
    }
}

/// IPython's autorange stops at the first loop count taking this long.
const AUTORANGE_SECONDS: f64 = 0.2;

impl Interpreter {
    /// Runs top-level statements, printing each one's wall time while `:time on`.
    pub(crate) fn exec_top(&mut self, frame: &mut Frame, code: &[St]) -> Result<(), Flow> {
        for st in code {
            let timed = self.session.time && !matches!(st.kind, StKind::Meta(_) | StKind::Def(..));
            if !timed {
                let r = self.exec_block(frame, std::slice::from_ref(st));
                self.verify_lines();
                self.sync_lines();
                r?;
                device_error(st.span)?;
                continue;
            }
            let probe = self.probe();
            let r = self.exec_block(frame, std::slice::from_ref(st));
            self.verify_lines();
            self.sync_lines();
            r?;
            device_error(st.span)?;
            self.time_line(&probe, true);
        }
        Ok(())
    }

    /// The npu's notices of the statement (an op that ran on the host
    /// instead: a phase-1 refusal, a known failure), and under `:sync
    /// warn` one dim line naming what synchronized the npu and copied data
    /// to the host; on stderr.
    fn sync_lines(&mut self) {
        use xpush_npu::ascend::syncdebug;
        for line in xpush_npu::notices::take() {
            self.notice(&format!("{line}\n"));
        }
        if syncdebug::mode() != syncdebug::SyncMode::Warn {
            return;
        }
        if let Some(line) = syncdebug::describe(&syncdebug::take_log()) {
            let text = if self.session.color() {
                format!("\x1b[2m{line}\x1b[0m\n")
            } else {
                format!("{line}\n")
            };
            self.notice(&text);
        }
    }

    /// Where the counters stand before a timed statement.
    fn probe(&self) -> Probe {
        let npu = self.session.device().npu_id().is_some();
        let (h2d, d2h) = xpush_npu::device::bytes_moved();
        Probe {
            ops: op_total(),
            h2d,
            d2h,
            device_ns: npu.then(|| self.session.sink().device_ns()),
            started: Instant::now(),
        }
    }

    /// One `Wall time: ...` line for what ran since `probe`; dim when it
    /// follows a statement automatically.
    fn time_line(&mut self, probe: &Probe, dim: bool) {
        let line = probe.line(self.session.sink().device_ns());
        let text = if dim && self.session.color() {
            format!("\x1b[2m{line}\x1b[0m\n")
        } else {
            format!("{line}\n")
        };
        self.write(&text);
    }

    /// The name of the source a meta line's statement is registered under.
    pub(super) fn code_source_name(&self, code: &Code) -> String {
        self.sources
            .get(code.span.src)
            .map_or_else(|| "<meta>".to_string(), |s| s.name.clone())
    }

    /// Runs a meta line's statement once, echoing nothing (`%%timeit`'s setup).
    pub(super) fn run_code(&mut self, code: &Code) -> Result<(), Flow> {
        let name = self.code_source_name(code);
        let compiled = self.compile_source(&name, &code.text, false)?;
        self.exec_block(&mut Frame::default(), &compiled)
    }

    /// `:time STMT`: runs it once (echoing as the session does) and prints its wall time.
    pub(super) fn time_once(&mut self, code: &Code) -> Result<(), Flow> {
        let name = self.code_source_name(code);
        let echo = self.session.echo;
        let compiled = self.compile_source(&name, &code.text, echo)?;
        self.session.push_profiling_with(true);
        let probe = self.probe();
        let ran = self.exec_block(&mut Frame::default(), &compiled);
        self.session.push_profiling_with(false);
        ran?;
        self.time_line(&probe, false);
        Ok(())
    }

    /// `:timeit --graph STMT`: captures the npu ops of `STMT` as `:graph`
    /// does (its first replay checked against an eager run, whose values
    /// the session keeps), then times replays as `:timeit` times runs:
    /// host time to copy the arrays it reads in, queue the graph's
    /// launches and bind its results, the stream synchronized between
    /// runs. A statement that cannot be captured or replayed says why.
    pub(super) fn timeit_graph(
        &mut self,
        code: &Code,
        number: Option<u64>,
        repeat: u32,
        span: xpush_lang::span::Span,
    ) -> Result<(), Flow> {
        let fail = |m: String| -> Flow {
            Exception::at(
                xpush_npu::Error::new(xpush_npu::ExcKind::RuntimeError, m),
                span,
            )
            .into()
        };
        let Some(dev) = self.session.npu() else {
            return Err(fail(
                ":timeit --graph needs an npu session (:device npu or :device npu-sim)".into(),
            ));
        };
        if !dev.can_capture() {
            return Err(fail(format!(
                ":timeit --graph: {} has no aclmdlRICaptureBegin (CANN 8.x and later have it)",
                dev.lib().origin()
            )));
        }
        let name = self.code_source_name(code);
        let (compiled, reads) = self.compile_source_reads(&name, &code.text)?;
        let reads = self.reads_closure(reads);
        let mut entry = self
            .graph_checked(&compiled, &reads, &dev, span)?
            .map_err(|why| fail(format!("no graph to time: {why}")))?;
        let batch = |n: u64| -> Result<f64, Flow> {
            let started = Instant::now();
            for _ in 0..n {
                let users = self.graph_guards_hold(&entry, &reads).map_err(|name| {
                    fail(format!(
                        "the statement changes '{name}', which it reads: its replays would not repeat it"
                    ))
                })?;
                self.graph_replay(&mut entry, &users, span)?;
            }
            let took = started.elapsed().as_secs_f64();
            dev.synchronize()
                .map_err(|e| Flow::from(Exception::at(e, span)))?;
            Ok(took)
        };
        let result = TimeitResult::measure(number, repeat, batch)?;
        let mut text = String::new();
        if let Some(w) = result.warning() {
            text.push_str(&w);
            text.push('\n');
        }
        let launches = entry.launches();
        text.push_str(&format!(
            "{result} [graph replay: {launches} aclnn launch{} recorded once, checked against an eager run]\n",
            if launches == 1 { "" } else { "es" }
        ));
        self.write(&text);
        Ok(())
    }

    /// `:timeit`: IPython's `%timeit` — loops 1, 10, 100, ... until one
    /// batch takes 0.2 s (unless `number` is given), then `repeat` runs.
    pub(super) fn timeit(
        &mut self,
        code: &Code,
        number: Option<u64>,
        repeat: u32,
    ) -> Result<(), Flow> {
        let name = self.code_source_name(code);
        let compiled = self.compile_source(&name, &code.text, false)?;
        let batch = |n: u64| -> Result<f64, Flow> {
            let mut frame = Frame::default();
            let started = Instant::now();
            for _ in 0..n {
                self.exec_block(&mut frame, &compiled)?;
            }
            Ok(started.elapsed().as_secs_f64())
        };
        let result = TimeitResult::measure(number, repeat, batch)?;
        let mut text = String::new();
        if let Some(w) = result.warning() {
            text.push_str(&w);
            text.push('\n');
        }
        text.push_str(&format!("{result}\n"));
        self.write(&text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_time_follows_ipython() {
        assert_eq!(format_time(1.23e-3), "1.23 ms");
        assert_eq!(format_time(45.6e-6), "45.6 µs");
        assert_eq!(format_time(123e-9), "123 ns");
        assert_eq!(format_time(0.5), "500 ms");
        assert_eq!(format_time(2.0), "2 s");
        assert_eq!(format_time(1.2e-10), "0.12 ns");
        assert_eq!(format_time(0.0), "0 ns");
        assert_eq!(format_time(9.9996e-4), "1e+03 µs");
        assert_eq!(format_time(65.5), "1min 5s");
        assert_eq!(format_time(3725.0), "1h 2min 5s");
    }

    #[test]
    fn timeit_result_reads_as_ipython() {
        let r = TimeitResult {
            loops: 100,
            per_loop: vec![1.23e-3; 7],
        };
        assert_eq!(
            r.to_string(),
            "1.23 ms ± 0 ns per loop (mean ± std. dev. of 7 runs, 100 loops each)"
        );
        let r = TimeitResult {
            loops: 1_000_000,
            per_loop: vec![1.0e-8, 3.0e-8],
        };
        assert_eq!(
            r.to_string(),
            "20 ns ± 10 ns per loop (mean ± std. dev. of 2 runs, 1,000,000 loops each)"
        );
        let r = TimeitResult {
            loops: 1,
            per_loop: vec![1.0],
        };
        assert_eq!(
            r.to_string(),
            "1 s ± 0 ns per loop (mean ± std. dev. of 1 run, 1 loop each)"
        );
    }

    #[test]
    fn time_lines_show_ops_and_on_the_npu_device_time_and_bytes() {
        assert_eq!(
            time_text(Duration::from_micros(1230), 1, None),
            "Wall time: 1.23 ms (1 op)"
        );
        assert_eq!(
            time_text(
                Duration::from_micros(1230),
                12,
                Some((Duration::from_micros(450), 4096, 8192))
            ),
            "Wall time: 1.23 ms (device 450 µs, 12 ops, 4.0 KB h2d, 8.0 KB d2h)"
        );
    }

    #[test]
    fn format_g_is_c_percent_g() {
        assert_eq!(format_g(1.0, 3), "1");
        assert_eq!(format_g(123.456, 3), "123");
        assert_eq!(format_g(0.0001234, 3), "0.000123");
        assert_eq!(format_g(0.00001234, 3), "1.23e-05");
        assert_eq!(format_g(1234.0, 3), "1.23e+03");
    }
}
