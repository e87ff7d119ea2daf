//! xpush's end-to-end test harness.
//!
//! Language cases live in `tests/cases/**/*.py`. Each runs under the real
//! `xpush` binary and is compared with the files `tests/gen_expected.py`
//! wrote next to it by running the same script under python3:
//!
//! - `NAME.out`: the exact stdout (or, with an `rtol`/`atol` directive,
//!   stdout whose numbers may differ within that tolerance);
//! - `NAME.err`: present only when the script must fail. Its first line is
//!   Python's exception line `ClassName: message`; xpush must exit with 1
//!   and the exception line of its stderr (see [`exception_line`]) must equal it. For the syntax family
//!   (`SyntaxError`, `IndentationError`, `TabError`), or when a line
//!   `# xpush: match=class` follows, only the class is compared;
//! - `NAME.errout`: for a case with `# xpush: stderr=compare`, python3's
//!   whole stderr (the warnings it showed), compared on the cpu run.
//!
//! A `.py` file whose name starts with `_` is a module the cases beside it
//! import (`import _geometry`), not a case.
//!
//! The error corpus in `tests/errors/*.py` is checked by
//! [`check_error_golden`]: the colourless rendered stderr must equal the
//! committed `NAME.stderr` (rewritten when `XPUSH_BLESS=1`), and the class
//! must equal `NAME.class` (python3's class).
//!
//! Directives, in the leading comment lines of a case:
//! `# xpush: rtol=1e-12 atol=0 skip-device=npu,npu:1 timeout=120`
//! (see `tests/gen_expected.py` for the full description; both parse the
//! same format).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Default per-run timeout in seconds, overridable with `timeout=N`.
pub const DEFAULT_TIMEOUT_SECS: u64 = 60;

/// The exit status xpush must give for an uncaught exception.
pub const EXIT_EXCEPTION: i32 = 1;

/// The marker line in a `.err` file that restricts the check to the class.
pub const MATCH_CLASS_MARK: &str = "# xpush: match=class";

/// Environment variable that turns golden checks into golden writes.
pub const BLESS_ENV: &str = "XPUSH_BLESS";

/// Source files larger than this contribute only their first
/// `MAX_PREFIX_BYTES` to [`no_panic_inputs`]' prefixes (the whole text is
/// still included), so one generated file cannot dominate the test's time.
pub const MAX_PREFIX_BYTES: usize = 4096;

/// The `tests/` folder of the workspace (this crate's manifest folder).
pub fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/cases`: the root [`discover`] is normally given.
pub fn cases_dir() -> PathBuf {
    tests_dir().join("cases")
}

/// `tests/errors`: the error corpus checked by [`check_error_golden`].
pub fn errors_dir() -> PathBuf {
    tests_dir().join("errors")
}

/// Whether `XPUSH_BLESS` asks to (re)write golden files.
pub fn bless_mode() -> bool {
    std::env::var_os(BLESS_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The per-case options parsed from `# xpush: key=value` comment lines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Directives {
    /// Relative tolerance for numbers in stdout.
    pub rtol: Option<f64>,
    /// Absolute tolerance for numbers in stdout.
    pub atol: Option<f64>,
    /// Devices (`npu`, `npu:1`, ...) this case does not run on.
    pub skip_devices: Vec<String>,
    /// Per-run timeout in seconds.
    pub timeout_secs: Option<u64>,
    /// Error corpus only: the class xpush must raise for a file python3
    /// accepts (a construct xpush does not support yet).
    pub expect_class: Option<String>,
    /// `stderr=compare`: the cpu run's stderr must equal `NAME.errout`
    /// (the warnings python3 showed).
    pub compare_stderr: bool,
}

impl Directives {
    /// Whether stdout is compared with numeric tolerance.
    pub fn has_tolerance(&self) -> bool {
        self.rtol.is_some() || self.atol.is_some()
    }

    /// Whether the case is skipped on `device` (`npu:1` matches `npu` too).
    pub fn skips_device(&self, device: &str) -> bool {
        let base = device.split(':').next().unwrap_or(device);
        self.skip_devices.iter().any(|d| d == device || d == base)
    }

    /// The timeout for one run of this case.
    pub fn timeout(&self) -> Duration {
        Duration::from_secs(self.timeout_secs.unwrap_or(DEFAULT_TIMEOUT_SECS))
    }
}

/// Parses the directives in the leading comment lines of `text` (blank lines
/// and other comments may be interleaved; the first code line ends them).
pub fn parse_directives(text: &str) -> Result<Directives, String> {
    let mut d = Directives::default();
    for line in text.lines() {
        let s = line.trim();
        if s.is_empty() {
            continue;
        }
        let Some(comment) = s.strip_prefix('#') else {
            break;
        };
        let Some(body) = comment.trim_start().strip_prefix("xpush:") else {
            continue;
        };
        for item in body.split_whitespace() {
            let (key, value) = item
                .split_once('=')
                .filter(|(_, v)| !v.is_empty())
                .ok_or_else(|| format!("directive `{item}` is not key=value"))?;
            let bad = || format!("bad value in directive `{item}`");
            match key {
                "rtol" => d.rtol = Some(value.parse().map_err(|_| bad())?),
                "atol" => d.atol = Some(value.parse().map_err(|_| bad())?),
                "timeout" => d.timeout_secs = Some(value.parse().map_err(|_| bad())?),
                "stderr" if value == "compare" => d.compare_stderr = true,
                "stderr" => return Err(bad()),
                "skip-device" => d
                    .skip_devices
                    .extend(value.split(',').filter(|v| !v.is_empty()).map(String::from)),
                "expect-class" => {
                    if !is_class_name(value) {
                        return Err(bad());
                    }
                    d.expect_class = Some(value.to_string());
                }
                "match" => return Err(format!("`{item}` belongs in a .err file, not a case")),
                _ => {
                    return Err(format!(
                        "unknown directive key `{key}` (known: rtol, atol, skip-device, timeout, expect-class, stderr)"
                    ))
                }
            }
        }
    }
    Ok(d)
}

/// One language case: a `.py` file under the discovery root.
#[derive(Debug, Clone)]
pub struct Case {
    /// Path relative to the root, `/`-separated, without `.py`
    /// (`lang/arith_floordiv`, `lang/errors/zero_div_int`).
    pub name: String,
    /// The `.py` file.
    pub path: PathBuf,
    /// Its directives, or the message saying why they do not parse (the
    /// case then fails with that message).
    pub directives: Result<Directives, String>,
}

impl Case {
    /// The folder the case runs in.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// The expected-stdout file.
    pub fn out_path(&self) -> PathBuf {
        self.path.with_extension("out")
    }

    /// The expected-exception file (exists only for failing cases).
    pub fn err_path(&self) -> PathBuf {
        self.path.with_extension("err")
    }

    /// The expected-stderr file (cases with `stderr=compare` only).
    pub fn errout_path(&self) -> PathBuf {
        self.path.with_extension("errout")
    }

    /// Whether the case is skipped on `device` (false if directives are bad,
    /// so the error is reported).
    pub fn skips_device(&self, device: &str) -> bool {
        self.directives
            .as_ref()
            .is_ok_and(|d| d.skips_device(device))
    }
}

fn walk_py(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk_py(&path, out);
        } else if path.extension().is_some_and(|e| e == "py") && !is_helper_module(&path) {
            out.push(path);
        }
    }
}

/// Whether a `.py` file is a module the cases beside it import
/// (`_geometry.py`), not a case: its name starts with `_`.
pub fn is_helper_module(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('_'))
}

fn py_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk_py(root, &mut files);
    files.sort();
    files
}

/// The cases whose output depends on the CPU (`cases/numpy/special_i0`
/// style names, without `.py`), from `tests/dispatch_dependent.txt`, which
/// `tests/gen_expected.py` writes: their expectations are what NumPy's
/// `X86_V3` loops and glibc's FMA variants print.
pub fn cpu_dependent_cases() -> Vec<String> {
    let text =
        std::fs::read_to_string(tests_dir().join("dispatch_dependent.txt")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let l = l.strip_prefix("cases/").unwrap_or(l);
            l.strip_suffix(".py").unwrap_or(l).to_string()
        })
        .collect()
}

/// Whether the cases run on a CPU with AVX2 and FMA3, where the
/// [`cpu_dependent_cases`] print their expectations: xpush computes NumPy's
/// `X86_V3` results everywhere, but calls glibc's libm for float64 `exp`,
/// `log`, `pow`, `sin`, `atan`, ..., whose variants for CPUs without FMA round
/// some results differently. `XPUSH_TEST_NO_FMA=1` says the CPU lacks them
/// (for runs under an emulating [`test_wrapper`]).
pub fn cpu_has_avx2_fma() -> bool {
    if std::env::var_os("XPUSH_TEST_NO_FMA").is_some_and(|v| !v.is_empty() && v != "0") {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Every `*.py` under `root` (recursively), sorted by path.
pub fn discover(root: &Path) -> Vec<Case> {
    py_files(root)
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let directives = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
                .and_then(|t| parse_directives(&t));
            Case {
                name,
                path,
                directives,
            }
        })
        .collect()
}

/// What one run of the binary produced.
#[derive(Debug, Clone)]
pub struct RunOutput {
    /// Exit code, `None` when killed by a signal or the timeout.
    pub code: Option<i32>,
    /// Standard output, decoded lossily as UTF-8.
    pub stdout: String,
    /// Standard error, decoded lossily as UTF-8.
    pub stderr: String,
    /// Whether the run was killed for exceeding its timeout.
    pub timed_out: bool,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl RunOutput {
    /// A short description of how the process ended.
    pub fn status_text(&self) -> String {
        match (self.timed_out, self.code) {
            (true, _) => format!("killed after the {:.0?} timeout", self.elapsed),
            (false, Some(101)) => "exit 101 (a Rust panic?)".to_string(),
            (false, Some(c)) => format!("exit {c}"),
            (false, None) => "killed by a signal (a crash?)".to_string(),
        }
    }
}

/// Reads a pipe to its end on a thread; the receiver gets the bytes.
fn read_pipe<R: Read + Send + 'static>(pipe: Option<R>) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            // A read error just truncates the capture; the diff shows it.
            let _ = p.read_to_end(&mut buf);
        }
        let _ = tx.send(buf);
    });
    rx
}

/// How long to wait for the pipes to close once the process has ended (a
/// grandchild that inherited them could keep them open for ever).
const PIPE_GRACE: Duration = Duration::from_secs(5);

/// The command that runs xpush in the cases, from `XPUSH_TEST_WRAPPER`
/// (split at whitespace; empty or unset: none). With
/// `XPUSH_TEST_WRAPPER="qemu-x86_64 -cpu Westmere" XPUSH_TEST_NO_FMA=1` the
/// cases run as on an x86-64 CPU without AVX, AVX2 or FMA, which must print
/// what they print on any other but the [`cpu_dependent_cases`].
pub fn test_wrapper() -> Vec<String> {
    std::env::var("XPUSH_TEST_WRAPPER")
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Runs `bin ARGS...` (under [`test_wrapper`], if any) in `dir` with
/// `NO_COLOR=1`, stdin closed, killing it after `timeout`.
pub fn run_command(
    bin: &Path,
    args: &[&str],
    dir: &Path,
    timeout: Duration,
) -> Result<RunOutput, String> {
    run_command_env(bin, args, &[], dir, timeout)
}

/// [`run_command`] with the variables `env` set.
pub fn run_command_env(
    bin: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    dir: &Path,
    timeout: Duration,
) -> Result<RunOutput, String> {
    let start = Instant::now();
    let wrapper = test_wrapper();
    let mut command = match wrapper.split_first() {
        Some((program, rest)) => {
            let mut c = Command::new(program);
            c.args(rest).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    let mut child = command
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("FORCE_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let out = read_pipe(child.stdout.take());
    let err = read_pipe(child.stderr.take());
    let mut timed_out = false;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= timeout => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(e) => return Err(format!("waiting for {}: {e}", bin.display())),
        }
    };
    let grace = Instant::now()
        + if timed_out {
            PIPE_GRACE / 10
        } else {
            PIPE_GRACE
        };
    let collect = |rx: mpsc::Receiver<Vec<u8>>| {
        rx.recv_timeout(grace.saturating_duration_since(Instant::now()))
            .unwrap_or_else(|_| {
                b"\n<output still open after the process ended; not captured>\n".to_vec()
            })
    };
    let stdout = collect(out);
    let stderr = collect(err);
    Ok(RunOutput {
        code: if timed_out {
            None
        } else {
            status.and_then(|s| s.code())
        },
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        timed_out,
        elapsed: start.elapsed(),
    })
}

/// The expectation in a `.err` file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectedError {
    /// Exception class, e.g. `ZeroDivisionError`.
    pub class: String,
    /// The whole exception line, `ClassName: message` (or just `ClassName`).
    pub line: String,
    /// Compare only the class (syntax family, or marked).
    pub class_only: bool,
}

/// Classes whose messages xpush words its own way: only the class is checked.
pub const SYNTAX_FAMILY: [&str; 3] = ["SyntaxError", "IndentationError", "TabError"];

fn is_class_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// The class of a Python exception line (`ClassName: message` or `ClassName`).
pub fn exception_class(line: &str) -> &str {
    line.split_once(':').map_or(line, |(c, _)| c).trim()
}

/// The exception line of rendered stderr: the first unindented line of the
/// form `ClassName: message` or `ClassName` (the header of xpush's report;
/// the traceback before it is indented or starts with `Traceback`).
pub fn exception_line(text: &str) -> &str {
    text.lines()
        .map(str::trim_end)
        .find(|l| {
            let class = exception_class(l);
            !l.starts_with(char::is_whitespace)
                && !l.starts_with("Traceback")
                && !class.is_empty()
                && class.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                // A private class keeps its leading underscore
                // (`numpy._core._exceptions._ArrayMemoryError`).
                && class
                    .trim_start_matches('_')
                    .starts_with(|c: char| c.is_ascii_uppercase())
        })
        .unwrap_or("")
}

/// The last non-blank line of `text`, trimmed at the end.
pub fn last_line(text: &str) -> &str {
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim_end()
}

/// Whether an exception of class `actual` satisfies an expectation of class
/// `expected`: equal, or a subclass within the syntax family
/// (`TabError` < `IndentationError` < `SyntaxError`).
pub fn class_matches(expected: &str, actual: &str) -> bool {
    expected == actual
        || match expected {
            "SyntaxError" => actual == "IndentationError" || actual == "TabError",
            "IndentationError" => actual == "TabError",
            _ => false,
        }
}

/// Parses the contents of a `.err` file.
pub fn parse_expected_error(text: &str) -> Result<ExpectedError, String> {
    let mut lines = text.lines().map(str::trim_end).filter(|l| !l.is_empty());
    let line = lines.next().ok_or("empty .err file")?.to_string();
    let class = exception_class(&line).to_string();
    if !is_class_name(&class) {
        return Err(format!(
            "first line of .err is not `ClassName: message`: {line:?}"
        ));
    }
    let mut class_only = SYNTAX_FAMILY.contains(&class.as_str());
    for extra in lines {
        if extra.trim() == MATCH_CLASS_MARK {
            class_only = true;
        } else {
            return Err(format!("unexpected line in .err file: {extra:?}"));
        }
    }
    Ok(ExpectedError {
        class,
        line,
        class_only,
    })
}

/// The text of an expectation file, or `None` when there is none.
pub fn read_expectation(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(n);
    let mut s = String::new();
    if start > 0 {
        let _ = writeln!(s, "    ... ({start} earlier lines)");
    }
    for l in &lines[start..] {
        let _ = writeln!(s, "    {l}");
    }
    s
}

/// Runs one case: `xpush EXTRA_ARGS... NAME.py` in the case's folder, then
/// checks the exit status, stdout against `NAME.out` and the exception line
/// against `NAME.err`. On failure the message lists every problem with a
/// unified diff of stdout.
pub fn run_case(xpush_bin: &Path, case: &Case, extra_args: &[&str]) -> Result<(), String> {
    run_case_checked(xpush_bin, case, extra_args, &|_| Vec::new())
}

/// [`run_case`] with `extra` finding more problems in the finished run
/// (the verified npu runs: no `verify:` mismatch lines on stderr).
pub fn run_case_checked(
    xpush_bin: &Path,
    case: &Case,
    extra_args: &[&str],
    extra: &dyn Fn(&RunOutput) -> Vec<String>,
) -> Result<(), String> {
    run_case_env(xpush_bin, case, extra_args, &[], extra)
}

/// [`run_case_checked`] with the variables `env` set for the run.
pub fn run_case_env(
    xpush_bin: &Path,
    case: &Case,
    extra_args: &[&str],
    env: &[(&str, &str)],
    extra: &dyn Fn(&RunOutput) -> Vec<String>,
) -> Result<(), String> {
    let directives = case
        .directives
        .as_ref()
        .map_err(|e| format!("{}: {e}", case.path.display()))?;
    let hint = "run `python3 tests/gen_expected.py` to generate it";
    let expected_out = read_expectation(&case.out_path())?
        .ok_or_else(|| format!("missing {}: {hint}", case.out_path().display()))?;
    let expected_err = read_expectation(&case.err_path())?
        .map(|t| {
            parse_expected_error(&t).map_err(|e| format!("{}: {e}", case.err_path().display()))
        })
        .transpose()?;

    let file_name = case
        .path
        .file_name()
        .and_then(|f| f.to_str())
        .ok_or_else(|| format!("bad case path {}", case.path.display()))?;
    let mut args: Vec<&str> = extra_args.to_vec();
    args.push(file_name);
    let run = run_command_env(xpush_bin, &args, env, case.dir(), directives.timeout())?;
    let mut problems = check_run(&run, &expected_out, expected_err.as_ref(), directives);
    // The warnings shown, on the cpu run (an npu run adds its notices).
    if directives.compare_stderr && extra_args.is_empty() {
        let want = read_expectation(&case.errout_path())?
            .ok_or_else(|| format!("missing {}: {hint}", case.errout_path().display()))?;
        if want != run.stderr {
            problems.push(format!(
                "stderr differs from the .errout file:\n--- expected\n{want}--- got\n{}",
                run.stderr
            ));
        }
    }
    problems.extend(extra(&run));
    if problems.is_empty() {
        return Ok(());
    }
    let mut msg = format!(
        "case {} failed ({}; ran `{} {}` in {})\n",
        case.name,
        run.status_text(),
        xpush_bin.display(),
        args.join(" "),
        case.dir().display()
    );
    for p in problems {
        msg.push_str(&p);
        if !msg.ends_with('\n') {
            msg.push('\n');
        }
    }
    Err(msg)
}

/// Compares a finished run with its expectations; returns the problems.
pub fn check_run(
    run: &RunOutput,
    expected_out: &str,
    expected_err: Option<&ExpectedError>,
    directives: &Directives,
) -> Vec<String> {
    let mut problems = Vec::new();
    let want_code = if expected_err.is_some() {
        EXIT_EXCEPTION
    } else {
        0
    };
    let status_ok = !run.timed_out && run.code == Some(want_code);
    if !status_ok {
        problems.push(format!(
            "exit status: expected exit {want_code}{}, got {}",
            match expected_err {
                Some(e) => format!(" with `{}`", e.line),
                None => String::new(),
            },
            run.status_text()
        ));
    }
    if let Some(diff) = compare_stdout(expected_out, &run.stdout, directives) {
        problems.push(format!("stdout differs from the .out file:\n{diff}"));
    }
    let got_line = exception_line(&run.stderr);
    if let Some(e) = expected_err {
        let got_class = exception_class(got_line);
        let ok = if e.class_only {
            class_matches(&e.class, got_class)
        } else {
            got_line == e.line
        };
        if !ok {
            let what = if e.class_only {
                format!(
                    "exception class: expected {} (python3: `{}`; only the class is compared)",
                    e.class, e.line
                )
            } else {
                format!("exception line: expected `{}`", e.line)
            };
            problems.push(format!(
                "{what}
    exception line on stderr: `{got_line}`"
            ));
        }
    }
    if !problems.is_empty() && !run.stderr.trim().is_empty() {
        problems.push(format!("stderr (last lines):\n{}", tail(&run.stderr, 25)));
    }
    problems
}

/// Compares stdout exactly, or with the directives' numeric tolerance;
/// returns a unified diff when they differ.
pub fn compare_stdout(expected: &str, actual: &str, directives: &Directives) -> Option<String> {
    if directives.has_tolerance() {
        let rtol = directives.rtol.unwrap_or(0.0);
        let atol = directives.atol.unwrap_or(0.0);
        if numeric_close(expected, actual, rtol, atol) {
            return None;
        }
        let eq = |a: &str, b: &str| numeric_close(a, b, rtol, atol);
        let note = format!("(numbers compared with rtol={rtol:e}, atol={atol:e})\n");
        return Some(note + &unified_diff_by(expected, actual, "expected", "xpush", 3, eq));
    }
    if expected == actual {
        return None;
    }
    let mut diff = unified_diff(expected, actual, "expected", "xpush");
    if expected.ends_with('\n') != actual.ends_with('\n') {
        diff.push_str("(the final newline differs)\n");
    }
    Some(diff)
}

/// A piece of text for tolerant comparison.
#[derive(Debug, Clone, PartialEq)]
enum Tok<'a> {
    Text(&'a str),
    Num(&'a str, f64),
}

fn scan_number(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits = |mut j: usize| {
        let s = j;
        while j < b.len() && (b[j].is_ascii_digit() || (b[j] == b'_' && j > s)) {
            j += 1;
        }
        j
    };
    let int_end = digits(i);
    let mut end = int_end;
    let mut any = int_end > i;
    if end < b.len() && b[end] == b'.' {
        let frac_end = digits(end + 1);
        if frac_end > end + 1 || any {
            any = any || frac_end > end + 1;
            end = frac_end;
        }
    }
    if !any {
        return None;
    }
    if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
        let mut j = end + 1;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        let exp_end = digits(j);
        if exp_end > j {
            end = exp_end;
        }
    }
    Some(end)
}

fn tokenize(s: &str) -> Vec<Tok<'_>> {
    let b = s.as_bytes();
    let mut toks = Vec::new();
    let mut text_start = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            // A word (identifier, `inf`, `nan`, hex digits after `0x`) is text.
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            continue;
        }
        let prev_is_word =
            i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.');
        let starts_number = c.is_ascii_digit()
            || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            || ((c == b'-' || c == b'+')
                && !prev_is_word
                && b.get(i + 1)
                    .is_some_and(|n| n.is_ascii_digit() || *n == b'.'));
        if starts_number && !prev_is_word {
            if let Some(end) = scan_number(b, i) {
                let lit = &s[i..end];
                if let Ok(v) = lit.replace('_', "").parse::<f64>() {
                    if text_start < i {
                        toks.push(Tok::Text(&s[text_start..i]));
                    }
                    toks.push(Tok::Num(lit, v));
                    i = end;
                    text_start = end;
                    continue;
                }
            }
        }
        i += s[i..].chars().next().map_or(1, char::len_utf8);
    }
    if text_start < b.len() {
        toks.push(Tok::Text(&s[text_start..]));
    }
    toks
}

/// Whether `a` and `b` are equal except for numbers that differ by at most
/// `atol + rtol * max(|x|, |y|)`. The text between numbers must match exactly.
pub fn numeric_close(a: &str, b: &str, rtol: f64, atol: f64) -> bool {
    let ta = tokenize(a);
    let tb = tokenize(b);
    ta.len() == tb.len()
        && ta.iter().zip(&tb).all(|(x, y)| match (x, y) {
            (Tok::Text(p), Tok::Text(q)) => p == q,
            (Tok::Num(p, x), Tok::Num(q, y)) => {
                p == q || {
                    let tol = atol + rtol * x.abs().max(y.abs());
                    x == y || (x - y).abs() <= tol
                }
            }
            _ => false,
        })
}

/// A unified diff (`---`/`+++`, `@@` hunks, 3 lines of context) of two texts.
pub fn unified_diff(expected: &str, actual: &str, old_name: &str, new_name: &str) -> String {
    unified_diff_by(expected, actual, old_name, new_name, 3, |a, b| a == b)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Edit {
    Same(usize, usize),
    Del(usize),
    Ins(usize),
}

const MAX_DIFF_CELLS: usize = 16_000_000;
const MAX_DIFF_LINES: usize = 300;

fn diff_lines<F: Fn(&str, &str) -> bool>(a: &[&str], b: &[&str], eq: F) -> Vec<Edit> {
    let mut pre = 0;
    while pre < a.len() && pre < b.len() && eq(a[pre], b[pre]) {
        pre += 1;
    }
    let mut suf = 0;
    while suf < a.len() - pre
        && suf < b.len() - pre
        && eq(a[a.len() - 1 - suf], b[b.len() - 1 - suf])
    {
        suf += 1;
    }
    let (ma, mb) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let mut edits: Vec<Edit> = (0..pre).map(|i| Edit::Same(i, i)).collect();
    let (n, m) = (ma.len(), mb.len());
    if (n + 1) * (m + 1) <= MAX_DIFF_CELLS {
        // lcs[i][j] = LCS length of ma[i..] and mb[j..].
        let w = m + 1;
        let mut lcs = vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * w + j] = if eq(ma[i], mb[j]) {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && eq(ma[i], mb[j]) {
                edits.push(Edit::Same(pre + i, pre + j));
                i += 1;
                j += 1;
            } else if i < n && (j == m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                edits.push(Edit::Del(pre + i));
                i += 1;
            } else {
                edits.push(Edit::Ins(pre + j));
                j += 1;
            }
        }
    } else {
        edits.extend((0..n).map(|i| Edit::Del(pre + i)));
        edits.extend((0..m).map(|j| Edit::Ins(pre + j)));
    }
    edits.extend((0..suf).map(|k| Edit::Same(a.len() - suf + k, b.len() - suf + k)));
    edits
}

/// [`unified_diff`] with `context` lines and a custom line equality (used for
/// numeric tolerance). Long diffs are cut after a few hundred lines.
pub fn unified_diff_by<F: Fn(&str, &str) -> bool>(
    expected: &str,
    actual: &str,
    old_name: &str,
    new_name: &str,
    context: usize,
    eq: F,
) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    let edits = diff_lines(&a, &b, eq);
    let mut out = format!("--- {old_name}\n+++ {new_name}\n");
    let changed: Vec<usize> = edits
        .iter()
        .enumerate()
        .filter(|(_, e)| !matches!(e, Edit::Same(..)))
        .map(|(k, _)| k)
        .collect();
    if changed.is_empty() {
        out.push_str("(no line differs)\n");
        return out;
    }
    // Group changes into hunks whose context windows touch.
    let mut hunks: Vec<(usize, usize)> = Vec::new();
    for &k in &changed {
        let lo = k.saturating_sub(context);
        let hi = (k + context + 1).min(edits.len());
        match hunks.last_mut() {
            Some(h) if lo <= h.1 => h.1 = hi,
            _ => hunks.push((lo, hi)),
        }
    }
    let mut written = 0;
    for (lo, hi) in hunks {
        let span = &edits[lo..hi];
        let first_a = span.iter().find_map(|e| match e {
            Edit::Same(i, _) | Edit::Del(i) => Some(*i),
            Edit::Ins(_) => None,
        });
        let first_b = span.iter().find_map(|e| match e {
            Edit::Same(_, j) | Edit::Ins(j) => Some(*j),
            Edit::Del(_) => None,
        });
        let count_a = span.iter().filter(|e| !matches!(e, Edit::Ins(_))).count();
        let count_b = span.iter().filter(|e| !matches!(e, Edit::Del(_))).count();
        let start = |first: Option<usize>, count: usize| {
            if count == 0 {
                first.unwrap_or(0)
            } else {
                first.unwrap_or(0) + 1
            }
        };
        let _ = writeln!(
            out,
            "@@ -{},{} +{},{} @@",
            start(first_a, count_a),
            count_a,
            start(first_b, count_b),
            count_b
        );
        for e in span {
            if written >= MAX_DIFF_LINES {
                let _ = writeln!(out, "... (diff cut after {MAX_DIFF_LINES} lines)");
                return out;
            }
            let _ = match e {
                Edit::Same(i, _) => writeln!(out, " {}", a[*i]),
                Edit::Del(i) => writeln!(out, "-{}", a[*i]),
                Edit::Ins(j) => writeln!(out, "+{}", b[*j]),
            };
            written += 1;
        }
    }
    out
}

/// Normalises rendered stderr for a golden comparison: the case's absolute
/// folder becomes `$DIR`, line ends are trimmed, `\r\n` becomes `\n`.
pub fn normalize_stderr(stderr: &str, dir: &Path) -> String {
    let mut s = stderr.replace("\r\n", "\n");
    if let Some(d) = dir.to_str().filter(|d| !d.is_empty()) {
        s = s.replace(d, "$DIR");
    }
    if let Some(d) = std::fs::canonicalize(dir)
        .ok()
        .and_then(|d| d.to_str().map(String::from))
    {
        s = s.replace(&d, "$DIR");
    }
    let mut out: String = s.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    if out.trim().is_empty() {
        out.clear();
    }
    out
}

/// Checks one error-corpus file `tests/errors/NAME.py`: xpush must exit with
/// 1, its colourless stderr (normalised by [`normalize_stderr`]) must equal
/// `NAME.stderr`, and the class on its last stderr line must match
/// `NAME.class` (python3's class, written by `gen_expected.py`). With
/// `XPUSH_BLESS=1` the `.stderr` golden is written instead of compared (the
/// class and exit checks still apply).
pub fn check_error_golden(xpush_bin: &Path, path: &Path) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let file_name = path
        .file_name()
        .and_then(|f| f.to_str())
        .ok_or_else(|| format!("bad corpus path {}", path.display()))?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let directives = parse_directives(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let class_path = path.with_extension("class");
    let golden_path = path.with_extension("stderr");
    let want_class = read_expectation(&class_path)?
        .map(|t| t.trim().to_string())
        .ok_or_else(|| {
            format!(
                "missing {}: run `python3 tests/gen_expected.py --classes`",
                class_path.display()
            )
        })?;

    let run = run_command(xpush_bin, &[file_name], dir, directives.timeout())?;
    let mut problems = Vec::new();
    if run.timed_out || run.code != Some(EXIT_EXCEPTION) {
        problems.push(format!(
            "exit status: expected exit {EXIT_EXCEPTION} (uncaught {want_class}), got {}",
            run.status_text()
        ));
    }
    if run.stderr.contains('\x1b') {
        problems.push("stderr contains ANSI escapes although NO_COLOR=1".to_string());
    }
    let got_line = exception_line(&run.stderr);
    let got_class = exception_class(got_line);
    if !class_matches(&want_class, got_class) {
        problems.push(format!(
            "exception class: expected {want_class} (from {}), exception line is `{got_line}`",
            class_path.display()
        ));
    }
    let rendered = normalize_stderr(&run.stderr, dir);
    if bless_mode() {
        if rendered.is_empty() {
            problems.push("refusing to bless an empty stderr".to_string());
        } else {
            std::fs::write(&golden_path, &rendered)
                .map_err(|e| format!("cannot write {}: {e}", golden_path.display()))?;
        }
    } else {
        match read_expectation(&golden_path)? {
            None => problems.push(format!(
                "missing golden {}: run `XPUSH_BLESS=1 cargo test` and review it. xpush printed:\n{}",
                golden_path.display(),
                tail(&rendered, 40)
            )),
            Some(golden) if golden != rendered => problems.push(format!(
                "rendered stderr differs from {} (XPUSH_BLESS=1 rewrites it):\n{}",
                golden_path.display(),
                unified_diff(&golden, &rendered, "golden", "xpush")
            )),
            Some(_) => {}
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "error golden {} failed ({})\n{}",
            path.display(),
            run.status_text(),
            problems.join("\n")
        ))
    }
}

/// The `.py` files of the error corpus under `dir` (normally [`errors_dir`]).
pub fn error_corpus(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "py"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Byte offsets at which [`no_panic_inputs`] cuts `text`: just before and just
/// after every whitespace or ASCII punctuation character in the first
/// [`MAX_PREFIX_BYTES`] bytes (always on char boundaries), without 0 and
/// `text.len()`.
pub fn prefix_cuts(text: &str) -> Vec<usize> {
    let mut cuts = BTreeSet::new();
    for (i, c) in text.char_indices() {
        if i >= MAX_PREFIX_BYTES {
            break;
        }
        if c.is_whitespace() || c.is_ascii_punctuation() {
            cuts.insert(i);
            cuts.insert(i + c.len_utf8());
        }
    }
    cuts.into_iter()
        .filter(|&i| i > 0 && i < text.len())
        .collect()
}

/// Every `.py` file under `root` with its text, sorted by path.
pub fn no_panic_sources(root: &Path) -> Vec<(PathBuf, String)> {
    py_files(root)
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect()
}

/// Inputs for a no-panic test of the lexer, parser and evaluator: the text of
/// every `.py` under `root` (give it `tests/` to cover the cases and the error
/// corpus), plus each prefix cut at every whitespace/punctuation boundary
/// (see [`prefix_cuts`]). Processing any of them may raise a Python
/// exception but must never panic. Duplicates are removed; with the current
/// corpus this is about 36,000 inputs, 21 MB in all.
///
/// Lexing and parsing every input is cheap. Executing them needs a guard: a
/// prefix can cut a loop before its counter update (`while i < 5:` +
/// `print(i)`) and so never end. Execute under the interpreter's interrupt
/// flag set by a timer (a few ms per input), or execute only the inputs that
/// parse, or only the whole texts.
pub fn no_panic_inputs(root: &Path) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (_, text) in no_panic_sources(root) {
        let cuts = prefix_cuts(&text);
        for piece in std::iter::once(text.as_str()).chain(cuts.iter().map(|&c| &text[..c])) {
            if seen.insert(piece.to_string()) {
                out.push(piece.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
