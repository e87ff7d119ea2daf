//! `--device npu-sim`: the simulated NPU built with xpush, found beside the
//! binary with no environment set; README's first command (the demo on
//! npu-sim) run as a fresh machine would; `npu` never falls back to it.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The built binary with an empty environment but `PATH` and `HOME`, in
/// `dir`.
fn bare(args: &[&str], dir: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.args(args).current_dir(dir).env_clear();
    for k in ["PATH", "HOME"] {
        if let Some(v) = std::env::var_os(k) {
            cmd.env(k, v);
        }
    }
    cmd.output().expect("xpush runs")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
        .to_path_buf()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-npu-sim-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn readme_first_command_runs_the_demo_on_npu_sim_with_no_environment() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README");
    let first = readme
        .lines()
        .find(|l| l.starts_with("cargo run --release -- "))
        .expect("README starts with a cargo run command");
    assert!(
        first.starts_with("cargo run --release -- --device npu-sim scripts/demo.py"),
        "{first}"
    );
    let dir = temp("demo");
    let demo = repo().join("scripts/demo.py");
    let o = bare(
        &["--device", "npu-sim", demo.to_str().expect("utf-8")],
        &dir,
    );
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "stdout:\n{out}\nstderr:\n{err}");
    // It says it is simulated, and where the library came from.
    assert!(out.starts_with("device: npu-sim\n"), "{out}");
    assert!(out.contains("npu: Ascend910B-sim (simulated)"), "{out}");
    assert!(out.contains("library: npu-sim: "), "{out}");
    assert!(out.contains("float32 (1000000,) npu:0\n"), "{out}");
    // :time, :profile report with aclnn ops, :verify under a CANN standard.
    assert!(out.contains("Wall time: "), "{out}");
    let sqrt = out.lines().find(|l| l.contains("│ sqrt")).expect(&out);
    assert!(
        sqrt.contains("native") && sqrt.contains("aclnnSqrt"),
        "{sqrt}"
    );
    assert!(
        out.contains("verify: all 4 verified op calls within tolerance (standard cann-single)"),
        "{out}"
    );
    // float64: demoted (the loss shows in verify) and exact on the host.
    assert!(out.contains("float64=float32: [0. 1.]"), "{out}");
    assert!(
        out.contains("float64=cpu:     [1.00000008e-10 1.00000000e+00]"),
        "{out}"
    );
    assert!(
        err.contains("verify: subtract (aclnnSubs) float64->float32: "),
        "{err}"
    );
    // The plot: a PNG and a text preview away from a graphics terminal.
    assert!(out.contains("Figure 1: "), "{out}");
    assert!(out.contains("computed on npu:0"), "{out}");
}

#[test]
fn npu_never_falls_back_to_the_simulator() {
    let dir = temp("fallback");
    let o = bare(&["--device", "npu", "-c", "print(1)"], &dir);
    assert_eq!(o.status.code(), Some(2), "{}", common::stdout(&o));
    let err = common::stderr(&o);
    assert!(err.contains("no CANN runtime found"), "{err}");
    assert!(err.contains("--device npu-sim"), "the hint: {err}");
    // After npu-sim started in a session, npu is refused, not simulated;
    // the session goes on.
    let o = bare(
        &[
            "--device",
            "npu-sim",
            "-c",
            ":device npu\nimport numpy as np\nprint(np.ones(2).device)",
        ],
        &dir,
    );
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert!(
        err.contains("this session runs the simulator (npu-sim); a real NPU cannot be opened"),
        "{err}"
    );
    assert!(!out.contains("device: npu:0"), "{out}");
}

/// A prompt at the start of a line (rustyline may emit mode escapes first).
const PROMPT: &str = r"\n(\x1b\[[0-9;?]*[a-zA-Z]|\r)*>>> ";

#[test]
fn npu_sim_after_a_failed_npu_in_the_shell() {
    use expectrl::{Expect, Regex, Session};
    let dir = temp("shell");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.env_clear()
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("XPUSH_HISTORY", dir.join("history"))
        .current_dir(&dir);
    for k in ["PATH", "HOME"] {
        if let Some(v) = std::env::var_os(k) {
            cmd.env(k, v);
        }
    }
    let mut s = Session::spawn(cmd).expect("xpush starts in a pty");
    s.set_expect_timeout(Some(std::time::Duration::from_secs(20)));
    let banner = s.expect(Regex(PROMPT)).expect("first prompt");
    let banner = String::from_utf8_lossy(banner.before()).into_owned();
    assert!(banner.contains("No NPU here? :device npu-sim"), "{banner}");
    let mut run = |line: &str| {
        s.send(format!("{line}\r")).expect("sent");
        let found = s
            .expect(Regex(PROMPT))
            .unwrap_or_else(|e| panic!("after {line:?}: {e}"));
        String::from_utf8_lossy(found.before()).into_owned()
    };
    // A failed npu is not kept: npu-sim starts after it.
    let out = run(":device npu");
    assert!(out.contains("no CANN runtime found"), "{out}");
    let out = run(":device npu-sim");
    assert!(out.contains("Ascend910B-sim (simulated)"), "{out}");
    let out = run("import numpy as np; print(np.arange(3.0).device)");
    assert!(out.contains("npu:0"), "{out}");
    let out = run(":device npu-sim:3");
    assert!(out.contains("npu-sim:3"), "{out}");
    let out = run(":device");
    assert!(out.contains("device: npu-sim"), "{out}");
    s.send("\x04").expect("Ctrl-D sent");
}
