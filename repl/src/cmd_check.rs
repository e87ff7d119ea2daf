//! `xpush check FILE.py [--fail-on-error]`: reads a NumPy script without
//! running it and reports, with spans, what will not run or not run
//! natively on the npu (the analysis is `xpush_interp::check`).

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Parser;
use xpush_interp::check::{check_in, Severity};
use xpush_interp::meta::Float64Mode;
use xpush_lang::span::SourceMap;

/// Check a NumPy script for xpush and the npu without running it:
/// unsupported syntax and unknown names (errors), dtypes that do not run
/// natively on the npu (warnings), functions that run on the host (notes).
#[derive(Parser, Debug)]
#[command(
    name = "xpush check",
    about,
    after_help = "Exit status: 0, or with --fail-on-error 1 when there is an error; 2 on a usage error or an unreadable file."
)]
struct CheckCli {
    /// The script to check.
    file: PathBuf,
    /// Exit with status 1 when any error is found (for CI).
    #[arg(long)]
    fail_on_error: bool,
    /// The float64 mode to judge float64/complex128 under: float32, cpu or
    /// off [env: XPUSH_FLOAT64_MODE, CUPY_ASCEND_FLOAT64_MODE; default float32].
    #[arg(long, value_name = "MODE")]
    float64_mode: Option<Float64Mode>,
    /// Disable colours (also `NO_COLOR`).
    #[arg(long)]
    no_color: bool,
}

/// Runs `xpush check` with `args` (`args[0]` is `check`); returns the exit code.
pub fn main(args: &[OsString]) -> u8 {
    let cli = match CheckCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let mode = match cli.float64_mode {
        Some(m) => m,
        None => match Float64Mode::from_env() {
            Ok(m) => m.unwrap_or_default(),
            Err(e) => return fail(&e),
        },
    };
    let text = match std::fs::read_to_string(&cli.file) {
        Ok(t) => t,
        Err(e) => return fail(&format!("{}: {e}", cli.file.display())),
    };
    let mut sources = SourceMap::new();
    let id = sources.add(cli.file.display().to_string(), text.as_str());
    let report = check_in(&text, id, mode.to_npu(), cli.file.parent());
    let no_color = cli.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = !no_color && std::io::stdout().is_terminal();
    let mut out = std::io::stdout().lock();
    for f in &report.findings {
        let _ = out.write_all(xpush_lang::render(&f.diag, &sources, color).as_bytes());
    }
    let _ = writeln!(
        out,
        "{}: {} (float64 mode '{mode}')",
        cli.file.display(),
        report.summary()
    );
    let _ = out.flush();
    u8::from(cli.fail_on_error && report.count(Severity::Error) > 0)
}

fn fail(msg: &str) -> u8 {
    let _ = writeln!(std::io::stderr(), "xpush check: {msg}");
    2
}
