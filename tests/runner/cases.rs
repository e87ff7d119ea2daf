// The libtest-mimic runner for xpush's end-to-end tests: one trial per
// language case (tests/cases/**/*.py, per device) and one per error-corpus
// file (tests/errors/*.py). It is a module, not a crate, so that the `xpush`
// package can compile it into its own integration test, the only place where
// `env!("CARGO_BIN_EXE_xpush")` exists. repl/tests/cases.rs is:
//
//     //! End-to-end language cases and error goldens, run with the xpush binary.
//     #[path = "../../tests/runner/cases.rs"]
//     mod runner;
//
//     fn main() -> std::process::ExitCode {
//         runner::main_with_bin(std::path::Path::new(env!("CARGO_BIN_EXE_xpush")))
//     }
//
// with `harness = false` in repl/Cargo.toml. Plain `//` comments only, so the
// file also works through `include!`.
//
// Environment:
// - XPUSH_TEST_DEVICES=cpu,npu (the default)  runs every case on each
//   device: `cpu` with no extra arguments; an NPU (`npu`, `npu:N`) twice,
//   with `--device D --dtype float64 --float64-mode cpu --verify` (must
//   print the cpu output, and every op run through aclnn must match the
//   cpu reference within its tolerance: a `verify:` line on stderr fails
//   the case) and `--float64-mode off` (every op the 910B takes in double runs
//   through aclnn; a case listed in tests/runner/npu_off_errors.txt must
//   raise the NotImplementedError naming the op it lists), and once more
//   with `--device D` alone (`npu/defaults`: float32 as the default float
//   and float64 demoted, as a user on an NPU host starts; the printed
//   numbers are float32's, so only the exit status and the exception
//   class are compared with NumPy's). Cases with
//   `# xpush: skip-device=npu` are ignored on the NPU. `--dtype float64`
//   keeps NumPy's default float (the npu's own default is float32).
//   On the cpu the NumPy cases (tests/cases/numpy) run a second time with
//   XPUSH_FUSE_MIN=0 (kind `fused`): every chain of elementwise arithmetic
//   is fused however small its arrays, and must print NumPy's output and
//   warnings as the operators run one by one do.
// - XPUSH_ACL_LIB  the CANN library the NPU runs use; unset, the runner sets
//   it to acl-sim (libxpush_acl_sim.so, built next to the xpush binary as a
//   dev-dependency of the xpush package).
// - XPUSH_BLESS=1  rewrites tests/errors/NAME.stderr instead of comparing.
// - XPUSH_TEST_WRAPPER  a command that runs xpush (`qemu-x86_64 -cpu
//   Westmere`); with XPUSH_TEST_NO_FMA=1 the cases of
//   tests/dispatch_dependent.txt are ignored, as on a CPU without AVX2/FMA3.
// After a full run (no filter), the runner adds up the op counts every
// `off` run wrote to XPUSH_STATS_FILE and fails unless at least
// NPU_MIN_ACLNN_SHARE of the op calls (on NPU arrays and on host scalars)
// ran through aclnn; it prints the share and the ops that ran on the host.
// Calls on host-dtype arrays (str, datetime64, object: aclnn has no such
// type) are counted apart, outside the share.
// The usual libtest arguments work: `cargo test -p xpush --test cases -- lang/str_`
// filters by name, `--test-threads 1` serialises.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};

/// The least share of op calls that must run through aclnn under
/// `--float64-mode off` over the whole suite: issue 28's 95% (issue 6 set
/// 90%), counting the op calls on host arrays (0-d NumPy values the
/// scalar math does not take) as host calls (the runner prints the share,
/// the NPU calls still run on the host and the calls on host arrays).
pub const NPU_MIN_ACLNN_SHARE: f64 = 0.95;

/// The float64 modes every case runs under on an NPU.
pub const NPU_FLOAT64_MODES: [&str; 2] = ["cpu", "off"];

/// The devices from `XPUSH_TEST_DEVICES` (default `cpu,npu`).
pub fn test_devices() -> Vec<String> {
    let list: Vec<String> = std::env::var("XPUSH_TEST_DEVICES")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(String::from)
        .collect();
    if list.is_empty() {
        vec!["cpu".to_string(), "npu".to_string()]
    } else {
        list
    }
}

/// One way a case runs: its extra arguments and the kind shown in the
/// test list (`npu/f64=off`).
#[derive(Clone, Debug)]
pub struct Variant {
    /// `None` on the cpu; else the NPU (`npu`, `npu:1`).
    pub device: Option<String>,
    /// The float64 mode on an NPU; `None` on an NPU: the NPU's defaults
    /// (float32 default float, float64 demoted), status checked only.
    pub float64: Option<&'static str>,
    /// The cpu run of the NumPy cases with every chain of elementwise
    /// arithmetic fused (`XPUSH_FUSE_MIN=0`): the fused pass must print
    /// what the operators one by one print, to the bit.
    pub fused: bool,
}

impl Variant {
    /// The arguments before the case's file name.
    pub fn args(&self) -> Vec<String> {
        match (&self.device, self.float64) {
            (Some(d), Some(m)) => {
                let mut args: Vec<String> =
                    ["--device", d, "--dtype", "float64", "--float64-mode", m]
                        .map(String::from)
                        .to_vec();
                if self.verifies() {
                    args.push("--verify".to_string());
                }
                args
            }
            (Some(d), None) => vec!["--device".to_string(), d.clone()],
            _ => Vec::new(),
        }
    }

    /// Whether the run keeps the NPU's defaults (only the exit status and
    /// the exception class are compared: float32 prints other digits).
    pub fn npu_defaults(&self) -> bool {
        self.device.is_some() && self.float64.is_none()
    }

    /// Whether the run verifies every aclnn op against the cpu reference
    /// (the npu `float64=cpu` runs).
    pub fn verifies(&self) -> bool {
        self.device.is_some() && self.float64 == Some("cpu")
    }

    /// The variables set for the run.
    pub fn env(&self) -> Vec<(&'static str, &'static str)> {
        if self.fused {
            vec![("XPUSH_FUSE_MIN", "0")]
        } else {
            Vec::new()
        }
    }

    /// The kind shown next to the trial's name.
    pub fn kind(&self) -> Option<String> {
        if self.fused {
            return Some("fused".to_string());
        }
        let d = self.device.as_ref()?;
        Some(match self.float64 {
            Some(m) => format!("{d}/f64={m}"),
            None => format!("{d}/defaults"),
        })
    }
}

/// Every variant: the cpu, then each NPU under each float64 mode.
pub fn variants() -> Vec<Variant> {
    let mut out = Vec::new();
    for d in test_devices() {
        if d == "cpu" {
            for fused in [false, true] {
                out.push(Variant {
                    device: None,
                    float64: None,
                    fused,
                });
            }
            continue;
        }
        for m in NPU_FLOAT64_MODES {
            out.push(Variant {
                device: Some(d.clone()),
                float64: Some(m),
                fused: false,
            });
        }
        out.push(Variant {
            device: Some(d.clone()),
            float64: None,
            fused: false,
        });
    }
    out
}

/// The cases that must raise under `--float64-mode off`, with the aclnn op
/// the error names (tests/runner/npu_off_errors.txt: `CASE  OP  # why`).
pub fn off_errors() -> Vec<(String, String)> {
    let path = xpush_tests::tests_dir().join("runner/npu_off_errors.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.to_string(), w.next().unwrap_or("").to_string()))
        })
        .collect()
}

/// Runs `xpush ARGS... NAME.py` in the case's folder, with its timeout.
fn run_in_case_dir(
    bin: &Path,
    case: &xpush_tests::Case,
    args: &[&str],
) -> Result<xpush_tests::RunOutput, String> {
    let file = case
        .path
        .file_name()
        .and_then(|f| f.to_str())
        .ok_or_else(|| format!("bad case path {}", case.path.display()))?;
    let mut all: Vec<&str> = args.to_vec();
    all.push(file);
    let timeout =
        case.directives
            .as_ref()
            .map(|d| d.timeout())
            .unwrap_or(std::time::Duration::from_secs(
                xpush_tests::DEFAULT_TIMEOUT_SECS,
            ));
    xpush_tests::run_command(bin, &all, case.dir(), timeout)
}

/// Checks a case listed in npu_off_errors.txt: exit 1 with
/// `NotImplementedError: ... OP ... (float64 mode 'off')`.
fn run_off_error(
    bin: &Path,
    case: &xpush_tests::Case,
    args: &[&str],
    op: &str,
) -> Result<(), String> {
    let run = run_in_case_dir(bin, case, args)?;
    let line = xpush_tests::exception_line(&run.stderr);
    let ok = run.code == Some(xpush_tests::EXIT_EXCEPTION)
        && line.starts_with("NotImplementedError: ")
        && line.contains(op)
        && line.ends_with("(float64 mode 'off')");
    if ok {
        return Ok(());
    }
    Err(format!(
        "case {} is listed in tests/runner/npu_off_errors.txt: expected NotImplementedError naming {op} \
         (float64 mode 'off'), got {} with `{line}`\nstdout:\n{}",
        case.name,
        run.status_text(),
        run.stdout
    ))
}

/// Checks a run under the NPU's defaults: it exits as NumPy's run did,
/// with the same exception class (the float32 output is not compared).
fn run_status_only(bin: &Path, case: &xpush_tests::Case, args: &[&str]) -> Result<(), String> {
    let want = xpush_tests::read_expectation(&case.err_path())?
        .map(|t| {
            xpush_tests::parse_expected_error(&t)
                .map_err(|e| format!("{}: {e}", case.err_path().display()))
        })
        .transpose()?;
    let run = run_in_case_dir(bin, case, args)?;
    let got = xpush_tests::exception_line(&run.stderr);
    let ok = match &want {
        None => run.code == Some(0),
        Some(e) => {
            run.code == Some(xpush_tests::EXIT_EXCEPTION)
                && xpush_tests::class_matches(&e.class, xpush_tests::exception_class(got))
        }
    };
    if ok {
        return Ok(());
    }
    Err(format!(
        "case {} under the npu's defaults: expected {}, got {} with `{got}`\nstderr (last lines):\n{}",
        case.name,
        match &want {
            None => "exit 0".to_string(),
            Some(e) => format!("exit 1 with {}", e.class),
        },
        run.status_text(),
        run.stderr.lines().rev().take(12).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
    ))
}

/// One trial per language case under `tests/cases` and per [`Variant`],
/// named `cases::<relative path without .py>`; on an NPU the kind shows
/// `npu/f64=MODE`.
pub fn case_trials(xpush_bin: &Path) -> Vec<Trial> {
    let mut trials = Vec::new();
    let off_errors = off_errors();
    // Without AVX2/FMA3, glibc rounds some of these cases' values otherwise.
    let cpu_skips = if xpush_tests::cpu_has_avx2_fma() {
        Vec::new()
    } else {
        xpush_tests::cpu_dependent_cases()
    };
    if !cpu_skips.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "note: this CPU lacks AVX2/FMA3: {} cases of tests/dispatch_dependent.txt are ignored",
            cpu_skips.len()
        );
    }
    for v in variants() {
        for case in xpush_tests::discover(&xpush_tests::cases_dir()) {
            if v.fused && !case.name.starts_with("numpy/") {
                continue;
            }
            let bin: PathBuf = xpush_bin.to_path_buf();
            let name = format!("cases::{}", case.name);
            let skipped = v.device.as_deref().is_some_and(|d| case.skips_device(d))
                || cpu_skips.contains(&case.name);
            let expect_op = (v.float64 == Some("off"))
                .then(|| off_errors.iter().find(|(c, _)| *c == case.name))
                .flatten()
                .map(|(_, op)| op.clone());
            let args = v.args();
            let verifies = v.verifies();
            let status_only = v.npu_defaults();
            let env = v.env();
            let mut trial = Trial::test(name, move || {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                match &expect_op {
                    Some(op) => run_off_error(&bin, &case, &args, op),
                    None if status_only => run_status_only(&bin, &case, &args),
                    None if verifies => {
                        xpush_tests::run_case_checked(&bin, &case, &args, &verify_problems)
                    }
                    None => xpush_tests::run_case_env(&bin, &case, &args, &env, &|_| Vec::new()),
                }
                .map_err(Failed::from)
            })
            .with_ignored_flag(skipped);
            if let Some(k) = v.kind() {
                trial = trial.with_kind(k);
            }
            trials.push(trial);
        }
    }
    trials
}

/// The `verify:` lines of a verified run: ops whose aclnn result differs
/// from the cpu reference beyond tolerance.
fn verify_problems(run: &xpush_tests::RunOutput) -> Vec<String> {
    let lines: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("verify: "))
        .collect();
    if lines.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "ops beyond tolerance against the cpu reference (--verify):\n{}",
        lines.join("\n")
    )]
}

/// acl-sim next to the xpush binary (`target/<profile>/` or its `deps/`).
fn acl_sim_next_to(xpush_bin: &Path) -> Option<PathBuf> {
    let dir = xpush_bin.parent()?;
    [dir.to_path_buf(), dir.join("deps")]
        .into_iter()
        .map(|d| d.join("libxpush_acl_sim.so"))
        .filter(|p| p.is_file())
        // `cargo test` refreshes the copy in deps/ only; an older one
        // left next to the binary by `cargo build` must not win.
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
}

/// Points the NPU runs at a CANN library (XPUSH_ACL_LIB, else acl-sim) and
/// at a fresh stats file; returns the stats file.
fn npu_environment(xpush_bin: &Path) -> Result<PathBuf, String> {
    if std::env::var_os("XPUSH_ACL_LIB").is_none() {
        let sim = acl_sim_next_to(xpush_bin).ok_or_else(|| {
            format!(
                "libxpush_acl_sim.so not found next to {}: build it with `cargo build -p xpush-acl-sim`, \
                 set XPUSH_ACL_LIB, or set XPUSH_TEST_DEVICES=cpu",
                xpush_bin.display()
            )
        })?;
        std::env::set_var("XPUSH_ACL_LIB", sim);
    }
    let dir = xpush_bin.parent().unwrap_or(Path::new("."));
    let stats = dir.join(format!("xpush-npu-stats-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&stats);
    std::env::set_var("XPUSH_STATS_FILE", &stats);
    Ok(stats)
}

/// The op counts the `off` runs wrote.
#[derive(Debug, Default)]
pub struct OffCounts {
    /// Op calls through aclnn (native or demoted).
    pub aclnn: u64,
    /// All op calls (aclnn, host fallbacks, cpu arrays).
    pub all: u64,
    /// Op calls whose operands were all on the host (NumPy scalars).
    pub cpu: u64,
    /// Host fallbacks by op, most first.
    pub host_ops: Vec<(String, u64)>,
    /// Op calls on host operands (NumPy scalars) by op, most first.
    pub cpu_ops: Vec<(String, u64)>,
    /// Calls on host-dtype arrays (str, datetime64, object) by dtype, most
    /// first: aclnn has no such type, so they are outside the share.
    pub host_dtypes: Vec<(String, u64)>,
}

/// Adds `op:n,op:n` to `into`.
fn count_ops(list: &str, into: &mut std::collections::BTreeMap<String, u64>) {
    for (op, n) in list.split(',').filter_map(|p| p.split_once(':')) {
        *into.entry(op.to_string()).or_default() += n.parse().unwrap_or(0);
    }
}

/// `ops` as a list, most first.
fn most_first(ops: std::collections::BTreeMap<String, u64>) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = ops.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    v
}

/// Adds up the `float64=off` lines of the stats file.
pub fn off_counts(stats: &Path) -> OffCounts {
    let text = std::fs::read_to_string(stats).unwrap_or_default();
    let mut c = OffCounts::default();
    let mut ops = std::collections::BTreeMap::<String, u64>::new();
    let mut cpu_ops = std::collections::BTreeMap::<String, u64>::new();
    let mut host_dtypes = std::collections::BTreeMap::<String, u64>::new();
    for line in text.lines().filter(|l| l.contains("float64=off")) {
        for item in line.split_whitespace() {
            let Some((k, v)) = item.split_once('=') else {
                continue;
            };
            let n: u64 = v.parse().unwrap_or(0);
            match k {
                "native" | "demoted" => {
                    c.aclnn += n;
                    c.all += n;
                }
                "host" => c.all += n,
                "cpu" => {
                    c.all += n;
                    c.cpu += n;
                }
                "host_ops" => count_ops(v, &mut ops),
                "cpu_ops" => count_ops(v, &mut cpu_ops),
                "host_dtypes" => count_ops(v, &mut host_dtypes),
                _ => {}
            }
        }
    }
    c.host_ops = most_first(ops);
    c.cpu_ops = most_first(cpu_ops);
    c.host_dtypes = most_first(host_dtypes);
    c
}

/// One trial per `tests/errors/*.py`, named `errors::<stem>`: the rendered
/// stderr golden and the exception class (see `check_error_golden`).
pub fn error_golden_trials(xpush_bin: &Path) -> Vec<Trial> {
    xpush_tests::error_corpus(&xpush_tests::errors_dir())
        .into_iter()
        .map(|path| {
            let bin: PathBuf = xpush_bin.to_path_buf();
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            Trial::test(format!("errors::{stem}"), move || {
                xpush_tests::check_error_golden(&bin, &path).map_err(Failed::from)
            })
        })
        .collect()
}

/// Parses the libtest arguments and runs every case (per variant) and
/// error golden with `xpush_bin`, in parallel; after a full run, checks the
/// aclnn share of the `off` runs.
pub fn main_with_bin(xpush_bin: &Path) -> ExitCode {
    let args = Arguments::from_args();
    let npu = variants().iter().any(|v| v.device.is_some());
    let stats = match npu.then(|| npu_environment(xpush_bin)).transpose() {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{e}");
            return ExitCode::FAILURE;
        }
    };
    let full = args.filter.is_none() && args.skip.is_empty() && !args.list;
    let mut trials = case_trials(xpush_bin);
    trials.extend(error_golden_trials(xpush_bin));
    let conclusion = libtest_mimic::run(&args, trials);
    let mut code = conclusion.exit_code();
    if let (Some(stats), true) = (stats, full) {
        let c = off_counts(&stats);
        let share = if c.all == 0 {
            0.0
        } else {
            c.aclnn as f64 / c.all as f64
        };
        let top = |ops: &[(String, u64)]| -> String {
            let v: Vec<String> = ops
                .iter()
                .take(12)
                .map(|(op, n)| format!("{op} {n}"))
                .collect();
            v.join(", ")
        };
        let npu_ops = c.all - c.cpu;
        let _ = writeln!(
            std::io::stdout(),
            "npu float64=off: {} of {} op calls ran through aclnn ({:.1}%, at least {:.0}% required; \
             {:.1}% of the {npu_ops} calls on NPU arrays, {} on host scalars); NPU calls run on the host: {}; \
             calls on host scalars: {}; outside the share, calls on host-dtype arrays (no aclnn type): {}",
            c.aclnn,
            c.all,
            share * 100.0,
            NPU_MIN_ACLNN_SHARE * 100.0,
            100.0 * c.aclnn as f64 / npu_ops.max(1) as f64,
            c.cpu,
            top(&c.host_ops),
            top(&c.cpu_ops),
            top(&c.host_dtypes)
        );
        if share < NPU_MIN_ACLNN_SHARE {
            code = ExitCode::FAILURE;
        }
        let _ = std::fs::remove_file(&stats);
    }
    code
}
