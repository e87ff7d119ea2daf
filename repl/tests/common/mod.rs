//! What the binary's integration tests share: running `xpush` with a clean
//! environment, its output as text, and acl-sim's path.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The environment variables that steer xpush; removed before each run so
/// the caller's shell cannot change a test.
pub const STEERING_VARS: &[&str] = &[
    "XPUSH_DEVICE",
    "XPUSH_ACL_LIB",
    "XPUSH_ACL_SIM_FAULT",
    "XPUSH_FLOAT64_MODE",
    "CUPY_ASCEND_FLOAT64_MODE",
    "XPUSH_STATS_FILE",
];

/// `xpush` with `args`, without colours or steering variables, then `env` set.
pub fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.args(args).env("NO_COLOR", "1");
    for var in STEERING_VARS {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Runs [`command`] to completion.
pub fn xpush(args: &[&str], env: &[(&str, &str)]) -> Output {
    command(args, env).output().expect("xpush runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// acl-sim, built next to the xpush binary (a dev-dependency of this package).
pub fn acl_sim_path() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_xpush"));
    let dir = bin.parent().expect("target dir");
    [dir.to_path_buf(), dir.join("deps")]
        .into_iter()
        .map(|d| d.join("libxpush_acl_sim.so"))
        .filter(|p| p.is_file())
        // `cargo test` refreshes the copy in deps/ only; an older one
        // left next to the binary by `cargo build` must not win.
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("libxpush_acl_sim.so next to the xpush binary")
}

/// [`acl_sim_path`] as a string, for `XPUSH_ACL_LIB`.
pub fn acl_sim() -> String {
    acl_sim_path().display().to_string()
}
