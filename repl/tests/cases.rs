//! End-to-end language cases (`tests/cases/**/*.py`, compared with python3's
//! output) and the error corpus (`tests/errors/*.py`, rendered goldens), run
//! with the real xpush binary.

#[path = "../../tests/runner/cases.rs"]
mod runner;

fn main() -> std::process::ExitCode {
    runner::main_with_bin(std::path::Path::new(env!("CARGO_BIN_EXE_xpush")))
}
