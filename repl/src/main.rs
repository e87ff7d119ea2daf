//! The `xpush` binary: runs a script, a `-c` string, standard input, or an
//! interactive session.

use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use clap::Parser;
use xpush_interp::{Interpreter, Mode, Stop};
use xpush_lang::Completeness;

/// xpush — try, time and verify NumPy-style array work on cpu and Ascend NPUs.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Program passed in as a string (`xpush -c "print(1 + 1)"`); any
    /// arguments after it become `sys.argv[1:]`.
    #[arg(short = 'c', value_name = "CODE")]
    code: Option<String>,
    /// Disable colours (also `NO_COLOR`).
    #[arg(long)]
    no_color: bool,
    /// Script to run (`-` reads standard input); none starts the interactive shell.
    file: Option<PathBuf>,
    /// Arguments passed to the script as `sys.argv[1:]`.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Interpreter recursion can nest deeply (the recursion limit is 1000
/// Python frames); run it on a thread with room for that.
const STACK_SIZE: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runner = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || run(cli));
    match runner.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => ExitCode::from(70),
    }
}

/// Shared, buffered standard output: the interpreter writes into it, the
/// front end flushes it before anything goes to stderr.
type Stdout = Rc<RefCell<std::io::BufWriter<std::io::Stdout>>>;

fn run(cli: Cli) -> u8 {
    let color =
        !cli.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal();
    let stdout: Stdout = Rc::new(RefCell::new(std::io::BufWriter::new(std::io::stdout())));
    let sink = stdout.clone();
    let mut interp = Interpreter::new(Box::new(move |text: &str| {
        let _ = sink.borrow_mut().write_all(text.as_bytes());
    }));
    let flag = interp.interrupt_flag();
    let _ = ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::Relaxed));

    let (name, text) = if let Some(code) = cli.code {
        // With -c there is no file: what clap took for one is the first argument.
        let file = cli.file.map(|f| f.display().to_string());
        interp.set_argv(
            std::iter::once("-c".to_string())
                .chain(file)
                .chain(cli.args)
                .collect(),
        );
        ("<string>".to_string(), code)
    } else if let Some(path) = cli.file {
        let display = path.display().to_string();
        let text = if display == "-" {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                return usage_error(&format!("can't read standard input: {e}"));
            }
            text
        } else {
            match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(e) => return usage_error(&format!("can't open file '{display}': {e}")),
            }
        };
        interp.set_argv(std::iter::once(display.clone()).chain(cli.args).collect());
        let name = if display == "-" {
            "<stdin>".to_string()
        } else {
            display
        };
        (name, strip_shebang(text))
    } else {
        return interactive(&mut interp, &stdout, color);
    };
    let result = interp.run(&name, &text, Mode::File);
    let _ = stdout.borrow_mut().flush();
    match result {
        Ok(()) => 0,
        Err(stop) => report(&interp, stop, color),
    }
}

/// A `#!` first line is a comment to the shell, not code.
fn strip_shebang(text: String) -> String {
    if text.starts_with("#!") {
        // Keep the line (empty) so line numbers stay right.
        let rest = text.find('\n').map_or("", |i| &text[i..]);
        return rest.to_string();
    }
    text
}

fn usage_error(msg: &str) -> u8 {
    let _ = writeln!(std::io::stderr(), "xpush: {msg}");
    2
}

/// Prints a stop to stderr; returns the exit code.
fn report(interp: &Interpreter, stop: Stop, color: bool) -> u8 {
    match stop {
        Stop::Exit(code) => code.clamp(0, 255) as u8,
        Stop::Error(diags) => {
            let mut err = std::io::stderr().lock();
            for d in &diags {
                let _ = err.write_all(xpush_lang::render(d, interp.sources(), color).as_bytes());
            }
            1
        }
    }
}

/// A plain read-eval-print loop (the full line editor is its own piece of work).
fn interactive(interp: &mut Interpreter, stdout: &Stdout, color: bool) -> u8 {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut entry = String::new();
    loop {
        {
            let mut out = stdout.borrow_mut();
            let _ = out.write_all(if entry.is_empty() { b">>> " } else { b"... " });
            let _ = out.flush();
        }
        let Some(Ok(line)) = lines.next() else {
            let _ = stdout.borrow_mut().write_all(b"\n");
            let _ = stdout.borrow_mut().flush();
            return 0;
        };
        // The entry is its lines joined by `\n`, as a line editor's buffer is.
        if !entry.is_empty() {
            entry.push('\n');
        }
        entry.push_str(&line);
        if xpush_lang::completeness(&entry) == Completeness::Incomplete {
            continue;
        }
        let mut text = std::mem::take(&mut entry);
        text.push('\n');
        if text.trim().is_empty() {
            continue;
        }
        let name = interp.next_input_name();
        let result = interp.run(&name, &text, Mode::Interactive);
        let _ = stdout.borrow_mut().flush();
        if let Err(stop) = result {
            if let Stop::Exit(code) = stop {
                return code.clamp(0, 255) as u8;
            }
            report(interp, stop, color);
        }
    }
}
