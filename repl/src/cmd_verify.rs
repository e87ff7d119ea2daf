//! `xpush verify FILE [args]`: runs a script on the npu with every op
//! verified against the cpu reference (`:verify on`), prints the per-op
//! report and exits 1 when any op exceeded its tolerance, so an NPU host
//! can gate CI on it.

use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;

use clap::Parser;
use xpush_interp::meta::{Device, Float64Mode, FloatDtype};
use xpush_interp::{Interpreter, Mode, Stop};
use xpush_npu::verify::Standard;

/// Run a script with every npu op checked against the cpu reference.
///
/// Each op beyond its tolerance prints a line on stderr under the statement
/// that ran it; at the end the per-op report (calls, the standard's
/// metrics, tolerance, pass/FAIL) goes to stdout. `:help verify` in the
/// shell lists the standards and their tolerances.
#[derive(Parser, Debug)]
#[command(
    name = "xpush verify",
    after_help = "Exit status: 0 every verified op within tolerance, 1 an op beyond tolerance or an uncaught exception, 2 usage error or no device library."
)]
pub struct VerifyCli {
    /// The device to verify: npu, npu:N or npu-sim (verifying the cpu
    /// against itself means nothing) [env: XPUSH_DEVICE].
    #[arg(long, value_name = "DEVICE")]
    pub device: Option<Device>,
    /// float64 work on the npu: float32 (demote; the loss shows), cpu or off
    /// [env: XPUSH_FLOAT64_MODE, CUPY_ASCEND_FLOAT64_MODE].
    #[arg(long, value_name = "MODE")]
    pub float64_mode: Option<Float64Mode>,
    /// Default float dtype: float32 or float64 (default float32 on the npu).
    #[arg(long, value_name = "DTYPE")]
    pub dtype: Option<FloatDtype>,
    /// The precision standard: ulp (xpush's ULP rules, the default), ttk
    /// (the CANN op test kit's rtol/atol), cann-single (the CANN precision
    /// standard's MERE/MARE threshold) or cann-dual[=L0|L1|L2] (its dual
    /// benchmark); `:help verify` has their numbers.
    #[arg(long, value_name = "NAME", value_parser = Standard::parse)]
    pub standard: Option<Standard>,
    /// Also write every verified op call as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also write every verified op call as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Disable colours (also `NO_COLOR`).
    #[arg(long)]
    pub no_color: bool,
    /// The script to run.
    pub file: PathBuf,
    /// Arguments passed to the script as `sys.argv[1:]`.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

fn fail(msg: &str) -> u8 {
    let _ = writeln!(std::io::stderr(), "xpush verify: {msg}");
    2
}

/// Runs `xpush verify ...`; `args` starts with the word `verify`. Returns
/// the exit code.
pub fn main(args: &[OsString]) -> u8 {
    let cli = match VerifyCli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let code = run(cli);
    if let Err(e) = xpush_interp::meta::finalize() {
        let _ = writeln!(std::io::stderr(), "xpush: at exit: {e}");
    }
    code
}

fn run(cli: VerifyCli) -> u8 {
    let env_device = std::env::var("XPUSH_DEVICE").ok().filter(|v| !v.is_empty());
    let device = match (cli.device, env_device) {
        (Some(d), _) => d,
        (None, Some(v)) => match v.parse() {
            Ok(d) => d,
            Err(e) => return fail(&format!("XPUSH_DEVICE: {e}")),
        },
        (None, None) => Device::Npu(0),
    };
    if device == Device::Cpu {
        return fail("the cpu is the reference: verify an npu (--device npu)");
    }
    let float64 = match cli.float64_mode {
        Some(m) => Some(m),
        None => match Float64Mode::from_env() {
            Ok(m) => m,
            Err(e) => return fail(&e),
        },
    };
    let display = cli.file.display().to_string();
    let text = match std::fs::read_to_string(&cli.file) {
        Ok(t) => t,
        Err(e) => return fail(&format!("can't open file '{display}': {e}")),
    };
    let text = if text.starts_with("#!") {
        text.find('\n')
            .map_or(String::new(), |i| text[i..].to_string())
    } else {
        text
    };

    let no_color = cli.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let stdout = Rc::new(RefCell::new(std::io::BufWriter::new(std::io::stdout())));
    let sink = stdout.clone();
    let mut interp = Interpreter::new(Box::new(move |t: &str| {
        let _ = sink.borrow_mut().write_all(t.as_bytes());
    }));
    interp.set_notice(crate::cli::notice_to_stderr(&stdout));
    let session = interp.session_mut();
    if let Err(e) = session.set_device(device) {
        return fail(&format!("cannot start {device}: {e}"));
    }
    if let Some(m) = float64 {
        session.set_float64_mode(m);
    }
    if cli.dtype.is_some() {
        session.set_default_float(cli.dtype);
    }
    if let Some(s) = cli.standard {
        session.set_verify_standard(s);
    }
    session.set_verify(true);
    interp.set_argv(std::iter::once(display.clone()).chain(cli.args).collect());
    interp.set_script(&cli.file);

    let result = interp.run(&display, &text, Mode::File);
    if result.is_ok() {
        interp.finish();
    }
    let _ = stdout.borrow_mut().flush();
    let mut code = match result {
        Ok(()) => 0,
        Err(Stop::Exit(c)) => c.clamp(0, 255) as u8,
        Err(stop) => {
            let color = !no_color && std::io::stderr().is_terminal();
            crate::cli::report(&interp, stop, color)
        }
    };
    let log = interp.session().verify_log().clone();
    let report = xpush_interp::meta::verify_report(&log);
    let _ = stdout.borrow_mut().write_all(report.as_bytes());
    let csv = cli.csv.as_ref().map(|p| p.display().to_string());
    let json = cli.json.as_ref().map(|p| p.display().to_string());
    match xpush_interp::meta::verify_export(&log, csv.as_deref(), json.as_deref()) {
        Ok(lines) => {
            let _ = stdout.borrow_mut().write_all(lines.as_bytes());
        }
        Err(e) => {
            let _ = stdout.borrow_mut().flush();
            return fail(&e);
        }
    }
    let _ = stdout.borrow_mut().flush();
    if log.any_failed() {
        code = 1;
    }
    code
}
