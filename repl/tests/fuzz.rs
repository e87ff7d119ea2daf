//! The differential fuzzer's fixed-seed campaign (tests/fuzz.py): 5,000
//! seeded small NumPy programs run under python3 + NumPy and under xpush,
//! on the cpu and on the npu through acl-sim (`float64=cpu`), and must
//! print the same values, dtypes, result kinds, shapes and exception
//! classes. A disagreement fails with the program shrunk to a minimal one
//! and both outputs. The same run feeds 300 corrupted files to the
//! readers and 1,000 random lines to the shell on each device, which must
//! end in errors, never a panic, a hang or an allocation beyond 16 GiB. Skipped
//! with a message when python3 has no numpy.

#![allow(clippy::print_stderr)] // the skip notice

mod common;

use std::path::Path;
use std::process::Command;

/// The campaign the suite runs: a seed and a count that stay fixed, so a
/// failure is the same program on every machine.
const SEED: &str = "1";
const COUNT: &str = "5000";

#[test]
fn fixed_seed_campaign_agrees_with_numpy() {
    let numpy = Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !numpy {
        eprintln!("fuzz: skipped, python3 has no numpy (pip install -r tests/requirements.txt)");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--xpush", env!("CARGO_BIN_EXE_xpush")])
        .args(["--acl-lib", &common::acl_sim()])
        .args(["--seed", SEED, "--count", COUNT])
        .output()
        .expect("python3 runs tests/fuzz.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "xpush and NumPy disagree:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains(&format!("{COUNT} programs")) && stdout.contains("0 disagreements"),
        "the campaign did not report its programs:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("0 problems"),
        "the robustness run did not report:\n{stdout}\n{stderr}"
    );
}
