//! `xpush bench`: the op × dtype benchmark (DESIGN §3). Every cell runs
//! one NumPy expression (`np.exp(a)`, `a @ b`, `np.sort(a)`) through the
//! interpreter, as a user's code runs it, first on cpu arrays and then on
//! npu arrays with device timing on, and shows cpu time, device time and
//! the speedup side by side; the device result is checked against the
//! cpu one.
//!
//! Exit status: 0 ok (also with failed cells, unless `--strict`), 1 a cell
//! failed under `--strict`, 2 usage error or no device library, 3 a device
//! error.

mod matrix;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use comfy_table::{presets, CellAlignment, Table};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xpush_interp::meta::{format_time, how_name, Device as SessionDevice, Float64Mode};
use xpush_interp::{Interpreter, Mode, Stop};
use xpush_npu::device::{ExecKind, RecordingSink};
use xpush_npu::Array;
use xpush_stdlib::Value;

use matrix::{Bench, BenchDtype, Category};

/// `xpush bench`: cpu against npu, op by op and dtype by dtype.
///
/// Runs each op of the matrix on cpu arrays and on npu arrays (through the
/// same dispatch a script's `np.exp(a)` takes), prints cpu time, device
/// time (launch to synchronize; kernel time from device events) and the
/// speedup, and checks the device result against the cpu one.
#[derive(Parser, Debug)]
#[command(
    name = "xpush bench",
    version,
    after_help = "Exit status: 0 ok, 1 a failed cell under --strict, 2 usage error or device library not loadable, 3 device error."
)]
pub struct BenchCli {
    /// Print the matrix (ops, expressions, dtypes, shapes) without running it.
    #[arg(long)]
    pub list: bool,
    /// Only these categories (repeatable, or a comma list).
    #[arg(long = "category", value_name = "C", value_enum, value_delimiter = ',')]
    pub categories: Vec<Category>,
    /// Only these dtypes (repeatable, or a comma list).
    #[arg(long = "dtype", value_name = "D", value_enum, value_delimiter = ',')]
    pub dtypes: Vec<BenchDtype>,
    /// Elements per operand for every category (matmul: N elements, a square
    /// matrix of side √N). Default: per category, 1,000,000 (matmul
    /// 1000×1000, sort 250,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub size: Option<u64>,
    /// Timed runs of each cell, after one untimed warm-up run.
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// Also write the results to FILE as CSV (times in milliseconds).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Exit 1 if any cell fails (the device result differs from the cpu
    /// result beyond tolerance, or the op raises).
    #[arg(long)]
    pub strict: bool,
    /// The device to benchmark: npu, npu:N, or npu-sim (the simulated NPU
    /// built with xpush).
    #[arg(long, value_name = "DEVICE", default_value = "npu:0")]
    pub device: SessionDevice,
}

/// Runs `xpush bench ARGS...` (`args[0]` is `bench`); returns the exit code.
pub fn main(args: &[std::ffi::OsString]) -> u8 {
    let cli = match BenchCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let cells = matrix::cells(&cli.categories, &cli.dtypes, cli.size);
    if cli.list {
        out(&matrix::list_table(&cells));
        return 0;
    }
    if cells.is_empty() {
        return fail(
            2,
            "no op of these categories takes these dtypes (--list shows the matrix)",
        );
    }
    if cli.device.npu_id().is_none() {
        return fail(
            2,
            "--device: bench compares the cpu with an npu: give npu, npu:N or npu-sim",
        );
    }
    let loaded = match cli.device {
        SessionDevice::NpuSim(_) => xpush_npu::ascend::install_simulator(),
        _ => xpush_npu::ascend::runtime(),
    };
    if let Err(e) = loaded {
        return fail(2, &format!("cannot load the device library: {e}"));
    }
    let code = match Runner::new(&cli, cli.device) {
        Ok(mut runner) => runner.run_all(&cells),
        Err(e) => fail(3, &e),
    };
    if let Err(e) = xpush_interp::meta::finalize() {
        return fail(3, &format!("at exit: {e}"));
    }
    code
}

/// Writes `text` to stdout.
fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    let _ = o.flush();
}

/// Prints `xpush bench: msg` to stderr; returns `code`.
fn fail(code: u8, msg: &str) -> u8 {
    let _ = writeln!(std::io::stderr(), "xpush bench: {msg}");
    code
}

/// The result of one cell.
#[derive(Clone, Debug)]
struct CellResult {
    bench: &'static Bench,
    dtype: BenchDtype,
    shape: String,
    /// Mean cpu time per run.
    cpu: Option<Duration>,
    /// Mean npu time per run (launch to synchronize).
    device: Option<Duration>,
    /// Mean device kernel time per run, from events.
    kernels: Option<Duration>,
    /// How the npu ops ran (`native`, `demoted`, `host fallback`, `host`).
    how: String,
    /// The aclnn ops that ran.
    aclnn: String,
    /// `None` when the device result matches.
    failure: Option<String>,
}

impl CellResult {
    fn speedup(&self) -> Option<f64> {
        match (self.cpu, self.device) {
            (Some(c), Some(d)) if d > Duration::ZERO => Some(c.as_secs_f64() / d.as_secs_f64()),
            _ => None,
        }
    }

    fn status(&self) -> String {
        self.failure.clone().unwrap_or_else(|| "ok".to_string())
    }
}

/// A device failure that ends the run (exit 3).
struct DeviceError(String);

/// The interpreter the cells run in, and the device.
struct Runner {
    interp: Interpreter,
    id: u32,
    /// The npu compared with the cpu (`npu:N` or `npu-sim:N`).
    device: SessionDevice,
    device_label: String,
    repeat: u32,
    csv: Option<PathBuf>,
    strict: bool,
}

impl Runner {
    fn new(cli: &BenchCli, device: SessionDevice) -> Result<Runner, String> {
        let id = device.npu_id().unwrap_or(0);
        let dev = xpush_npu::ascend::device(id as i32).map_err(|e| e.msg().to_string())?;
        let info = dev.info().map_err(|e| e.msg().to_string())?;
        let simulated = info.simulated || info.soc.ends_with("-sim");
        let device_label = if simulated {
            format!("npu:{id} (simulated)")
        } else {
            format!("npu:{id} {}", info.soc)
        };
        let mut interp = Interpreter::new(Box::new(|_: &str| {}));
        if let Some(m) = Float64Mode::from_env()? {
            interp.session_mut().set_float64_mode(m);
        }
        let mut r = Runner {
            interp,
            id,
            device,
            device_label,
            repeat: cli.repeat,
            csv: cli.csv.clone(),
            strict: cli.strict,
        };
        r.exec("import numpy as np\n_rng = np.random.default_rng(0)\n")
            .map_err(|e| format!("setting up: {e}"))?;
        Ok(r)
    }

    /// Runs every cell, prints the table (and writes the CSV); the exit code.
    fn run_all(&mut self, cells: &[(&'static Bench, BenchDtype, u64)]) -> u8 {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(cells.len() as u64), target);
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
        {
            bar.set_style(style);
        }
        let started = Instant::now();
        let mut results = Vec::with_capacity(cells.len());
        for &(bench, dtype, size) in cells {
            bar.set_message(format!("{} {}", bench.name, dtype.name()));
            match self.cell(bench, dtype, size) {
                Ok(r) => results.push(r),
                Err(DeviceError(e)) => {
                    bar.finish_and_clear();
                    out(&self.table(&results));
                    return fail(
                        3,
                        &format!("device error in {} {}: {e}", bench.name, dtype.name()),
                    );
                }
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        let failed = results.iter().filter(|r| r.failure.is_some()).count();
        let mut text = self.table(&results);
        text.push_str(&format!(
            "{} cells, {} ok, {failed} failed, in {} ({} timed run{} each, after a warm-up)\n",
            results.len(),
            results.len() - failed,
            format_time(started.elapsed().as_secs_f64()),
            self.repeat,
            if self.repeat == 1 { "" } else { "s" },
        ));
        out(&text);
        if let Some(path) = &self.csv {
            if let Err(e) = std::fs::write(path, csv(&results)) {
                return fail(2, &format!("{}: {e}", path.display()));
            }
        }
        if self.strict && failed > 0 {
            return 1;
        }
        0
    }

    /// Runs `code` in the bench session; the exception as one line.
    fn exec(&mut self, code: &str) -> Result<(), String> {
        self.interp
            .run("<bench>", code, Mode::File)
            .map_err(|stop| match stop {
                Stop::Error(d) => d.first().map_or_else(
                    || "error".to_string(),
                    |d| format!("{}: {}", d.class, d.message),
                ),
                Stop::Exit(c) => format!("exit {c}"),
            })
    }

    /// The global `name` as an array (NumPy scalars as 0-d arrays).
    fn array(&self, name: &str) -> Result<Array, String> {
        match self.interp.globals().into_iter().find(|(n, _)| n == name) {
            Some((_, Value::Array(a))) => Ok((*a).clone()),
            Some((_, Value::Scalar(s))) => Ok(Array::from_scalar(s)),
            Some((_, Value::Int(i))) => Ok(Array::from_scalar(xpush_npu::Scalar::Int64(i))),
            Some((_, Value::Float(f))) => Ok(Array::from_scalar(xpush_npu::Scalar::Float64(f))),
            Some((_, v)) => Err(format!(
                "the result is a {}, not an array",
                xpush_stdlib::ops::type_name(&v)
            )),
            None => Err(format!("no result '{name}'")),
        }
    }

    fn set_device(&mut self, device: SessionDevice) -> Result<(), DeviceError> {
        self.interp
            .session_mut()
            .set_device(device)
            .map_err(DeviceError)
    }

    /// Synchronizes the device; a failure there is a device error.
    fn synchronize(&self) -> Result<(), DeviceError> {
        xpush_npu::ascend::device(self.id as i32)
            .and_then(|d| d.synchronize())
            .map_err(|e| DeviceError(e.msg().to_string()))
    }

    /// One cell: cpu runs, then npu runs with device timing, then the check.
    fn cell(
        &mut self,
        bench: &'static Bench,
        dtype: BenchDtype,
        size: u64,
    ) -> Result<CellResult, DeviceError> {
        let shapes = bench.shapes(size);
        let mut r = CellResult {
            bench,
            dtype,
            shape: bench.shape_text(&shapes),
            cpu: None,
            device: None,
            kernels: None,
            how: String::new(),
            aclnn: String::new(),
            failure: None,
        };
        self.set_device(SessionDevice::Cpu)?;
        if let Err(e) = self.exec(&bench.setup(dtype, &shapes, &format!("npu:{}", self.id))) {
            r.failure = Some(format!("setup: {e}"));
            return Ok(r);
        }
        // cpu: a warm-up run (the reference result), then the timed runs.
        let run = bench.run_code();
        let timed = bench.timed_code(self.repeat);
        let cpu = self
            .exec(&format!("a, b = _ca, _cb\n{run}"))
            .and_then(|()| self.array("r"));
        let cpu = match cpu {
            Ok(c) => c,
            Err(e) => {
                r.failure = Some(format!("cpu: {e}"));
                return Ok(r);
            }
        };
        let t0 = Instant::now();
        if let Err(e) = self.exec(&timed) {
            r.failure = Some(format!("cpu: {e}"));
            return Ok(r);
        }
        r.cpu = Some(t0.elapsed() / self.repeat);
        // npu: the same on npu arrays, every op timed with device events.
        self.set_device(self.device)?;
        let sink = Arc::new(RecordingSink::default());
        let mut ctx = xpush_npu::device::context();
        ctx.device_timing = true;
        ctx.sink = Some(sink.clone());
        let warm = xpush_npu::device::with_context(ctx.clone(), || {
            self.exec(&format!("a, b = _da, _db\n{run}"))
                .and_then(|()| self.array("r"))
        });
        let dev = match warm {
            Ok(d) => d,
            Err(e) => {
                self.synchronize()?;
                r.failure = Some(format!("npu: {e}"));
                return Ok(r);
            }
        };
        let timing = Arc::new(RecordingSink::default());
        ctx.sink = Some(timing.clone());
        let t0 = Instant::now();
        let ran = xpush_npu::device::with_context(ctx, || self.exec(&timed));
        self.synchronize()?;
        let elapsed = t0.elapsed();
        if let Err(e) = ran {
            r.failure = Some(format!("npu: {e}"));
            return Ok(r);
        }
        r.device = Some(elapsed / self.repeat);
        let records = timing.records();
        // Only aclnn launches have events; a host fallback has none.
        let timed: Vec<f64> = records
            .iter()
            .filter(|x| matches!(x.how, ExecKind::Native | ExecKind::Demoted))
            .filter_map(|x| x.device_ms.map(f64::from))
            .collect();
        r.kernels = (!timed.is_empty()).then(|| {
            Duration::from_secs_f64(timed.iter().sum::<f64>() * 1e-3 / f64::from(self.repeat))
        });
        let mut hows: Vec<&str> = Vec::new();
        let mut aclnn: Vec<&str> = Vec::new();
        for x in sink.records().iter().chain(records.iter()) {
            let h = how_name(x.how);
            if !hows.contains(&h) {
                hows.push(h);
            }
            if let Some(a) = x.aclnn.filter(|_| x.how != ExecKind::HostFallback) {
                if !aclnn.contains(&a) {
                    aclnn.push(a);
                }
            }
        }
        r.how = if hows.is_empty() {
            "host".to_string()
        } else {
            hows.join("+")
        };
        r.aclnn = aclnn.join(" ");
        r.failure = matrix::compare(&cpu, &dev, bench.tolerance(cpu.dtype())).err();
        let _ = self.exec("del a, b, r, _ca, _cb, _da, _db\n");
        Ok(r)
    }

    /// The results as a comfy-table: cpu and device side by side.
    fn table(&self, results: &[CellResult]) -> String {
        let mut t = Table::new();
        t.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
        t.set_header([
            "category".to_string(),
            "op".to_string(),
            "dtype".to_string(),
            "shape".to_string(),
            "cpu".to_string(),
            self.device_label.clone(),
            "kernels".to_string(),
            "speedup".to_string(),
            "how".to_string(),
            "check".to_string(),
        ]);
        let time = |d: Option<Duration>| {
            d.map_or_else(|| "-".to_string(), |d| format_time(d.as_secs_f64()))
        };
        for r in results {
            t.add_row([
                r.bench.category.name().to_string(),
                r.bench.name.to_string(),
                r.dtype.name().to_string(),
                r.shape.clone(),
                time(r.cpu),
                time(r.device),
                time(r.kernels),
                r.speedup()
                    .map_or_else(|| "-".to_string(), |s| format!("{s:.2}x")),
                r.how.clone(),
                r.status(),
            ]);
        }
        for col in 4..8 {
            if let Some(c) = t.column_mut(col) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        format!("{t}\n")
    }
}

/// One CSV field, quoted when it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A shape without commas for the CSV: `(1000, 1000)` is `1000x1000`,
/// `(4096,)` is `4096`, `2×(500,)` is `2×500`.
fn csv_shape(s: &str) -> String {
    s.replace(['(', ')'], "")
        .trim_end_matches(',')
        .replace(", ", "x")
}

/// The results as CSV: one row per cell, times in milliseconds.
fn csv(results: &[CellResult]) -> String {
    let mut text = String::from(
        "category,op,dtype,shape,cpu_ms,device_ms,kernel_ms,speedup,how,aclnn,status\n",
    );
    let ms = |d: Option<Duration>| {
        d.map_or_else(String::new, |d| format!("{:.6}", d.as_secs_f64() * 1e3))
    };
    for r in results {
        let fields = [
            r.bench.category.name().to_string(),
            r.bench.name.to_string(),
            r.dtype.name().to_string(),
            csv_shape(&r.shape),
            ms(r.cpu),
            ms(r.device),
            ms(r.kernels),
            r.speedup().map_or_else(String::new, |s| format!("{s:.4}")),
            r.how.clone(),
            r.aclnn.clone(),
            r.status(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        text.push_str(&line.join(","));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_shapes_have_no_commas() {
        assert_eq!(csv_shape("(1000, 1000)"), "1000x1000");
        assert_eq!(csv_shape("(4096,)"), "4096");
        assert_eq!(csv_shape("2×(1000, 1000)"), "2×1000x1000");
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("ok"), "ok");
        assert_eq!(csv_field("(2, 3)"), "\"(2, 3)\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }

    #[test]
    fn cli_takes_comma_lists_and_repeats() {
        let cli = BenchCli::try_parse_from([
            "bench",
            "--category",
            "unary,binary",
            "--category",
            "sort",
            "--dtype",
            "float32",
            "--size",
            "64",
        ])
        .unwrap();
        assert_eq!(
            cli.categories,
            [Category::Unary, Category::Binary, Category::Sort]
        );
        assert_eq!(cli.dtypes, [BenchDtype::Float32]);
        assert_eq!((cli.size, cli.repeat), (Some(64), 3));
        assert!(BenchCli::try_parse_from(["bench", "--category", "fft"]).is_err());
        assert!(BenchCli::try_parse_from(["bench", "--repeat", "0"]).is_err());
    }
}
