//! The `xpush` binary: runs a script, a `-c` string, standard input, the
//! tour, or the interactive shell.

mod cli;
mod cmd_check;
mod cmd_ops;
mod completer;
mod helper;
mod highlighter;
mod hinter;
mod history;
mod shell;
mod validator;

use std::process::ExitCode;

use clap::Parser;

/// Interpreter recursion can nest deeply (the recursion limit is 1000
/// Python frames); run it on a thread with room for that.
const STACK_SIZE: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match args.get(1).and_then(|a| a.to_str()) {
        Some("ops") => return ExitCode::from(cmd_ops::main(&args[1..])),
        Some("check") => return ExitCode::from(cmd_check::main(&args[1..])),
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
