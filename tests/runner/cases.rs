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
// - XPUSH_TEST_DEVICES=cpu,npu  runs every case once per device with
//   `--device D` (cases with `# xpush: skip-device=D` are ignored there);
//   unset, each case runs once with no extra arguments.
// - XPUSH_BLESS=1  rewrites tests/errors/NAME.stderr instead of comparing.
// The usual libtest arguments work: `cargo test -p xpush --test cases -- lang/str_`
// filters by name, `--test-threads 1` serialises.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};

/// The devices from `XPUSH_TEST_DEVICES`, or `[None]` (no `--device` argument).
pub fn test_devices() -> Vec<Option<String>> {
    let list: Vec<Option<String>> = std::env::var("XPUSH_TEST_DEVICES")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| Some(d.to_string()))
        .collect();
    if list.is_empty() {
        vec![None]
    } else {
        list
    }
}

/// One trial per language case under `tests/cases` (and per device), named
/// `cases::<relative path without .py>`; on a device the kind shows `[npu]`.
pub fn case_trials(xpush_bin: &Path) -> Vec<Trial> {
    let mut trials = Vec::new();
    for device in test_devices() {
        for case in xpush_tests::discover(&xpush_tests::cases_dir()) {
            let bin: PathBuf = xpush_bin.to_path_buf();
            let name = format!("cases::{}", case.name);
            let skipped = device.as_deref().is_some_and(|d| case.skips_device(d));
            let dev = device.clone();
            let mut trial = Trial::test(name, move || {
                let args: Vec<&str> = match dev.as_deref() {
                    Some(d) => vec!["--device", d],
                    None => Vec::new(),
                };
                xpush_tests::run_case(&bin, &case, &args).map_err(Failed::from)
            })
            .with_ignored_flag(skipped);
            if let Some(d) = &device {
                trial = trial.with_kind(d.clone());
            }
            trials.push(trial);
        }
    }
    trials
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

/// Parses the libtest arguments and runs every case and error golden with
/// `xpush_bin`, in parallel.
pub fn main_with_bin(xpush_bin: &Path) -> ExitCode {
    let args = Arguments::from_args();
    let mut trials = case_trials(xpush_bin);
    trials.extend(error_golden_trials(xpush_bin));
    libtest_mimic::run(&args, trials).exit_code()
}
