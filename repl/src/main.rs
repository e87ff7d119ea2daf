//! The `xpush` binary: runs a script, a `-c` string, standard input, the
//! tour, or the interactive shell; `xpush verify|bench|ops|check ...` are
//! the subcommands for NPU users (each with its own `--help`).

mod cli;
mod cmd_bench;
mod cmd_check;
mod cmd_ops;
mod cmd_verify;
mod completer;
mod helper;
mod highlighter;
mod hinter;
mod history;
mod shell;
mod validator;

use std::process::ExitCode;

use clap::Parser;

/// The allocator of the whole process: every array op allocates its
/// result and layout, and for small arrays the allocator is a large part
/// of an op's cost (glibc's malloc/free were half the instructions of a
/// loop of `x = x * 1.0001 + 0.5` on ten elements; mimalloc takes a
/// fraction of that).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Interpreter recursion can nest deeply (the recursion limit is 1000
/// Python frames); run it on a thread with room for that.
const STACK_SIZE: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Subcommands (a script of the same name runs as `xpush ./NAME`).
    match args.get(1).and_then(|a| a.to_str()) {
        Some("bench") => return ExitCode::from(cmd_bench::main(&args[1..])),
        Some("ops") => return ExitCode::from(cmd_ops::main(&args[1..])),
        Some("check") => return ExitCode::from(cmd_check::main(&args[1..])),
        Some("verify") => {
            // Runs a script: the interpreter's deep stack, as below.
            let runner = std::thread::Builder::new()
                .stack_size(STACK_SIZE)
                .spawn(move || cmd_verify::main(&args[1..]));
            return ExitCode::from(runner.map_or(70, |h| h.join().unwrap_or(70)));
        }
        _ => {}
    }
    let cli = cli::Cli::parse();
    let runner = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || cli::run(cli));
    match runner.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => ExitCode::from(70),
    }
}
