//! How far xpush's cpu device is from a NumPy that runs other SIMD loops
//! than the `X86_V3` ones xpush reproduces, against the bound README states
//! (`tests/dispatch_bound.py` measures; this runs it):
//!
//! - on a CPU with AVX-512, NumPy's own AVX-512 loops (SVML and friends), as
//!   dispatched there; skipped, saying why, on any other CPU;
//! - on every x86-64 CPU, NumPy's baseline (`X86_V2`: libm), which is what a
//!   CPU without AVX2 runs.
//!
//! Skipped with a message when python3 with numpy is absent.

#![allow(clippy::print_stderr, clippy::print_stdout)] // the tables and skip notices

use std::path::PathBuf;
use std::process::Command;

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/dispatch_bound.py")
}

fn python_numpy() -> bool {
    Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs the script with `args` and asserts it found no difference beyond
/// the bound; returns its report.
fn measure(args: &[&str]) -> Option<String> {
    if !cfg!(target_arch = "x86_64") {
        eprintln!("skipped: NumPy's x86-64 dispatch targets only exist on x86-64");
        return None;
    }
    if !python_numpy() {
        eprintln!("skipped: python3 with numpy is not installed");
        return None;
    }
    let out = Command::new("python3")
        .arg(script())
        .args(["--xpush", env!("CARGO_BIN_EXE_xpush")])
        .args(args)
        .env_remove("NPY_DISABLE_CPU_FEATURES")
        .output()
        .expect("run python3");
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    println!("{report}");
    assert!(
        out.status.success(),
        "{}\n{}",
        report,
        String::from_utf8_lossy(&out.stderr)
    );
    Some(report)
}

#[test]
fn avx512_numpy_within_the_stated_bound() {
    if let Some(report) = measure(&[]) {
        if report.starts_with("skipped:") {
            eprint!("{report}");
        } else {
            assert!(report.contains("ok: "), "{report}");
        }
    }
}

#[test]
fn baseline_numpy_within_the_stated_bound() {
    if let Some(report) = measure(&["--baseline"]) {
        // The eight functions whose NumPy baseline calls libm where its
        // X86_V3 loops have their own algorithm must show up as differing.
        // A row ends with max ULP, count differing, NaN/inf mismatches.
        let differing = report
            .lines()
            .filter_map(|l| {
                let t: Vec<&str> = l.split_whitespace().collect();
                t.len()
                    .checked_sub(3)
                    .and_then(|i| t[i].parse::<u64>().ok())
            })
            .filter(|&ulp| ulp > 0)
            .count();
        assert!(differing >= 6, "{report}");
        assert!(report.contains("ok: "), "{report}");
    }
}
