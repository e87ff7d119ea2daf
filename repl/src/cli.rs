//! The command line: flags and environment, batch runs (file, `-c`,
//! standard input, the tour), output with colours only where wanted, and
//! exit codes (0 ok, 1 uncaught exception, 2 usage).

use std::cell::RefCell;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use clap::Parser;
use xpush_interp::meta::{Device, Float64Mode, FloatDtype};
use xpush_interp::{Interpreter, Mode, Stop};
use xpush_npu::ascend::syncdebug::{self, SyncMode};

/// The guided tour, `xpush --tour`.
const TOUR: &str = include_str!("../../scripts/tour.py");

/// xpush — try, time and verify NumPy-style array work on cpu and Ascend NPUs.
///
/// With no FILE and no -c, starts the interactive shell (:help lists its
/// commands). Environment: XPUSH_DEVICE, XPUSH_FLOAT64_MODE (or
/// CUPY_ASCEND_FLOAT64_MODE; CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32=1 means
/// float32), XPUSH_ACL_LIB (a CANN replacement such as acl-sim),
/// XPUSH_HISTORY, NO_COLOR.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None, after_help = "Subcommands (each with --help): xpush verify FILE (run with every npu op checked against the cpu), xpush bench (op x dtype timings, cpu vs npu), xpush ops [PATTERN] (NPU coverage), xpush check FILE.py (migration check without running).\n\nExit status: 0 ok, 1 uncaught exception, 2 usage error; sys.exit(n) exits with n.")]
pub struct Cli {
    /// Program passed in as a string (`xpush -c "print(1 + 1)"`); any
    /// arguments after it become `sys.argv[1:]`.
    #[arg(short = 'c', value_name = "CODE")]
    pub code: Option<String>,
    /// Run FILE (or CODE) and then stay in the interactive shell, as `python -i`.
    #[arg(short = 'i')]
    pub inspect: bool,
    /// The session device: cpu, npu or npu:N (an Ascend NPU through CANN),
    /// or npu-sim (acl-sim, the simulated NPU built with xpush: no NPU or
    /// CANN needed) [env: XPUSH_DEVICE].
    #[arg(long, value_name = "DEVICE")]
    pub device: Option<Device>,
    /// float64 work on the npu: float32 (demote), cpu (exact on the host) or off (raise)
    /// [env: XPUSH_FLOAT64_MODE, CUPY_ASCEND_FLOAT64_MODE].
    #[arg(long, value_name = "MODE")]
    pub float64_mode: Option<Float64Mode>,
    /// Default float dtype: float32 or float64 (default: float64 on cpu, float32 on the npu).
    #[arg(long, value_name = "DTYPE")]
    pub dtype: Option<FloatDtype>,
    /// Print the wall time of every top-level statement (as `:time on`).
    #[arg(long)]
    pub time: bool,
    /// Re-run every npu op on the cpu reference and print a line on stderr
    /// for each op beyond its tolerance (as `:verify on`; see `xpush verify`).
    #[arg(long)]
    pub verify: bool,
    /// Implicit npu→host synchronizes (printing, float(a), host
    /// fallbacks): warn names them on stderr after each statement, error
    /// raises RuntimeError (as `:sync`; default: warn in the shell, off
    /// for scripts; `--sync-debug` alone is `--sync-debug=warn`).
    #[arg(long, value_name = "MODE", num_args = 0..=1, require_equals = true, default_missing_value = "warn")]
    pub sync_debug: Option<SyncMode>,
    /// Disable colours (also `NO_COLOR`).
    #[arg(long)]
    pub no_color: bool,
    /// Run the guided tour of the language (scripts/tour.py).
    #[arg(long, conflicts_with_all = ["code", "file"])]
    pub tour: bool,
    /// Script to run (`-` reads standard input); none starts the interactive shell.
    pub file: Option<PathBuf>,
    /// Arguments passed to the script as `sys.argv[1:]`.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// Program output: buffered stdout shared with the interpreter's sink, and
/// whether stdout and stderr may be coloured.
pub struct Output {
    stdout: Rc<RefCell<std::io::BufWriter<std::io::Stdout>>>,
    /// Colours on stdout (echo, prompts, `:time` lines).
    pub color: bool,
    /// Colours on stderr (diagnostics).
    pub err_color: bool,
}

impl Output {
    /// Writes program output.
    pub fn write(&self, text: &str) {
        let _ = self.stdout.borrow_mut().write_all(text.as_bytes());
    }

    /// Flushes program output (before anything goes to stderr or the prompt).
    pub fn flush(&self) {
        let _ = self.stdout.borrow_mut().flush();
    }
}

/// Prints a usage error; returns exit code 2.
fn usage_error(msg: &str) -> u8 {
    let _ = writeln!(std::io::stderr(), "xpush: {msg}");
    2
}

/// Prints a stop to stderr; returns the exit code.
pub fn report(interp: &Interpreter, stop: Stop, color: bool) -> u8 {
    match stop {
        Stop::Exit(code) => code.clamp(0, 255) as u8,
        Stop::Error(diags) => {
            let mut err = std::io::stderr().lock();
            for d in &diags {
                let _ = err.write_all(xpush_lang::render(d, interp.sources(), color).as_bytes());
            }
            1
        }
    }
}

/// A flag, else an environment variable, parsed.
fn setting<T: std::str::FromStr<Err = String>>(
    flag: Option<T>,
    vars: &[&str],
) -> Result<Option<T>, String> {
    if flag.is_some() {
        return Ok(flag);
    }
    for var in vars {
        if let Some(v) = std::env::var(var).ok().filter(|v| !v.is_empty()) {
            return v.parse().map(Some).map_err(|e| format!("{var}: {e}"));
        }
    }
    Ok(None)
}

/// Applies --device, --float64-mode, --dtype, --time (and their environment variables).
fn configure(interp: &mut Interpreter, cli: &Cli, color: bool) -> Result<(), String> {
    let device = setting(cli.device, &["XPUSH_DEVICE"])?;
    let float64 = match cli.float64_mode {
        Some(m) => Some(m),
        None => Float64Mode::from_env()?,
    };
    let session = interp.session_mut();
    if let Some(d) = device {
        session.set_device(d).map_err(|e| match cli.device {
            Some(_) => format!("--device {d}: {e}"),
            None => format!("XPUSH_DEVICE={d}: {e}"),
        })?;
    }
    if let Some(m) = float64 {
        session.set_float64_mode(m);
    }
    if cli.dtype.is_some() {
        session.set_default_float(cli.dtype);
    }
    session.set_time(cli.time);
    syncdebug::set_mode(cli.sync_debug.unwrap_or_default());
    if cli.verify {
        session.set_verify(true);
    }
    session.set_color(color);
    Ok(())
}

/// A `#!` first line is a comment to the shell, not code.
fn strip_shebang(text: String) -> String {
    if text.starts_with("#!") {
        // Keep the line (empty) so line numbers stay right.
        let rest = text.find('\n').map_or("", |i| &text[i..]);
        return rest.to_string();
    }
    text
}

/// Runs the command line; returns the exit code. An NPU the session
/// started is shut down (`aclFinalize`) before returning.
pub fn run(cli: Cli) -> u8 {
    let code = run_session(cli);
    if let Some(path) = std::env::var_os("XPUSH_STATS_FILE").filter(|p| !p.is_empty()) {
        append_stats(Path::new(&path));
    }
    if let Err(e) = xpush_interp::meta::finalize() {
        let _ = writeln!(std::io::stderr(), "xpush: at exit: {e}");
    }
    code
}

/// Appends this run's op counts to the `XPUSH_STATS_FILE` (the test
/// runner adds them up to measure the share of ops run through aclnn).
fn append_stats(path: &Path) {
    let line = xpush_interp::meta::stats_line() + "\n";
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    if let Err(e) = file.and_then(|mut f| f.write_all(line.as_bytes())) {
        let _ = writeln!(std::io::stderr(), "xpush: {}: {e}", path.display());
    }
}

fn run_session(cli: Cli) -> u8 {
    let no_color = cli.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let stdout = Rc::new(RefCell::new(std::io::BufWriter::new(std::io::stdout())));
    let out = Output {
        stdout: stdout.clone(),
        color: !no_color && std::io::stdout().is_terminal(),
        err_color: !no_color && std::io::stderr().is_terminal(),
    };
    let sink = stdout.clone();
    let mut interp = Interpreter::new(Box::new(move |text: &str| {
        let _ = sink.borrow_mut().write_all(text.as_bytes());
    }));
    interp.set_notice(notice_to_stderr(&stdout));
    if let Err(msg) = configure(&mut interp, &cli, out.color) {
        return usage_error(&msg);
    }
    let flag = interp.interrupt_flag();
    let _ = ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::Relaxed));

    let program = if cli.tour {
        interp.set_argv(vec!["--tour".to_string()]);
        Some(("<tour>".to_string(), TOUR.to_string()))
    } else if let Some(code) = cli.code.clone() {
        // With -c there is no file: what clap took for one is the first argument.
        let file = cli.file.as_ref().map(|f| f.display().to_string());
        interp.set_argv(
            std::iter::once("-c".to_string())
                .chain(file)
                .chain(cli.args.iter().cloned())
                .collect(),
        );
        Some(("<string>".to_string(), code))
    } else if let Some(path) = &cli.file {
        let display = path.display().to_string();
        let text = if display == "-" {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                return usage_error(&format!("can't read standard input: {e}"));
            }
            text
        } else {
            match std::fs::read_to_string(path) {
                Ok(text) => text,
                Err(e) => return usage_error(&format!("can't open file '{display}': {e}")),
            }
        };
        interp.set_argv(
            std::iter::once(display.clone())
                .chain(cli.args.iter().cloned())
                .collect(),
        );
        let name = if display == "-" {
            "<stdin>".to_string()
        } else {
            // `__file__`, and `import helpers` finds helpers.py beside
            // the script (`sys.path[0]`).
            interp.set_script(path);
            display
        };
        Some((name, strip_shebang(text)))
    } else {
        None
    };
    let Some((name, text)) = program else {
        return shell(&mut interp, &out, true, cli.sync_debug);
    };
    let result = interp.run(&name, &text, Mode::File);
    out.flush();
    let code = match result {
        Ok(()) => 0,
        Err(Stop::Exit(code)) => return code.clamp(0, 255) as u8,
        Err(stop) => report(&interp, stop, out.err_color),
    };
    if cli.inspect {
        return shell(&mut interp, &out, false, cli.sync_debug);
    }
    if code == 0 {
        // The script's suspended generators are closed, as at CPython's exit.
        interp.finish();
        out.flush();
    }
    code
}

/// Notices (`:verify` lines) on stderr, after the program output so far.
pub fn notice_to_stderr(
    stdout: &Rc<RefCell<std::io::BufWriter<std::io::Stdout>>>,
) -> xpush_interp::Sink {
    let stdout = stdout.clone();
    Box::new(move |text: &str| {
        let _ = stdout.borrow_mut().flush();
        let _ = std::io::stderr().write_all(text.as_bytes());
    })
}

/// The interactive shell: line editing on a terminal, a plain loop
/// otherwise; implicit synchronizes are named (`:sync warn`) unless
/// `--sync-debug` says otherwise.
fn shell(interp: &mut Interpreter, out: &Output, banner: bool, sync: Option<SyncMode>) -> u8 {
    syncdebug::set_mode(sync.unwrap_or(SyncMode::Warn));
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        crate::shell::interactive(interp, out, banner)
    } else {
        crate::shell::plain(interp, out)
    }
}
