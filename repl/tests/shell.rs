//! The interactive shell driven through a pseudo-terminal, as a person uses it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::{Expect, Regex, Session};

/// A prompt at the start of a line (rustyline may emit mode escapes before it).
const PROMPT: &str = r"\n(\x1b\[[0-9;?]*[a-zA-Z]|\r)*>>> ";
const MORE: &str = r"\n(\x1b\[[0-9;?]*[a-zA-Z]|\r)*\.\.\. ";

type Pty = expectrl::session::OsSession;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-shell-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Starts the shell with its history in `dir` and waits for the first prompt.
fn start(dir: &Path) -> Pty {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("XPUSH_HISTORY", dir.join("history"))
        .env_remove("XPUSH_ACL_LIB")
        .env_remove("XPUSH_DEVICE")
        .current_dir(dir);
    let mut s = Session::spawn(cmd).expect("xpush starts in a pty");
    s.set_expect_timeout(Some(Duration::from_secs(20)));
    s.expect(Regex(PROMPT)).expect("first prompt");
    s
}

/// Types `line` and Enter, waits for `until`, returns what came before it.
fn type_line(s: &mut Pty, line: &str, until: &str) -> String {
    s.send(format!("{line}\r")).expect("sent");
    let found = s
        .expect(Regex(until))
        .unwrap_or_else(|e| panic!("after {line:?}: no {until:?}: {e}"));
    // The match starts with the newline that ends the output.
    String::from_utf8_lossy(found.before()).into_owned() + "\n"
}

fn run(s: &mut Pty, line: &str) -> String {
    type_line(s, line, PROMPT)
}

fn quit(mut s: Pty) {
    s.send("\x04").expect("Ctrl-D sent");
    let status = s.get_process().wait().expect("xpush exits");
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn multi_line_def_is_entered_and_called() {
    let dir = temp_dir("def");
    let mut s = start(&dir);
    type_line(&mut s, "def f(a, b=2):", MORE);
    type_line(&mut s, "    return a * b", MORE);
    run(&mut s, "");
    let out = run(&mut s, "f(21)");
    assert!(out.contains("\n42\r\n"), "{out:?}");
    quit(s);
}

#[test]
fn tab_completes_module_members_and_methods() {
    let dir = temp_dir("tab");
    let mut s = start(&dir);
    run(&mut s, "import math");
    s.send("math.sqr\t").expect("sent");
    s.expect("sqrt(").expect("completed to sqrt(");
    let out = run(&mut s, "16)");
    assert!(out.contains("\n4.0\r\n"), "{out:?}");
    // Two tabs list the candidates.
    s.send("math.s\t\t").expect("sent");
    s.expect(Regex(r"sin\(\s+sinh\(\s+sqrt\("))
        .expect("candidates listed");
    s.send("\x03").expect("Ctrl-C sent");
    s.expect(Regex(PROMPT)).expect("prompt");
    run(&mut s, "word = 'abc'");
    s.send("word.upp\t").expect("sent");
    s.expect("upper(").expect("method completed");
    let out = run(&mut s, ")");
    assert!(out.contains("'ABC'"), "{out:?}");
    quit(s);
}

#[test]
fn failing_line_keeps_earlier_variables_and_binds_nothing() {
    let dir = temp_dir("fail");
    let mut s = start(&dir);
    run(&mut s, "a = 7");
    let out = run(&mut s, "b = a / 0");
    assert!(out.contains("ZeroDivisionError"), "{out:?}");
    let out = run(&mut s, "a");
    assert!(out.contains("\n7\r\n"), "{out:?}");
    let out = run(&mut s, "b");
    assert!(
        out.contains("NameError: name 'b' is not defined"),
        "{out:?}"
    );
    quit(s);
}

#[test]
fn ctrl_c_cancels_a_line_and_interrupts_running_code() {
    let dir = temp_dir("intr");
    let mut s = start(&dir);
    run(&mut s, "keep = 41");
    // On a line: cancels it.
    s.send("undefined_name").expect("sent");
    s.send("\x03").expect("Ctrl-C sent");
    s.expect(Regex(PROMPT)).expect("prompt");
    let out = run(&mut s, "keep + 1");
    assert!(
        out.contains("\n42\r\n") && !out.contains("NameError"),
        "{out:?}"
    );
    // While code runs: KeyboardInterrupt, fast, with the session intact.
    type_line(&mut s, "while True: pass", MORE);
    s.send("\r").expect("sent");
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    s.send("\x03").expect("Ctrl-C sent");
    s.expect("KeyboardInterrupt").expect("interrupted");
    let took = started.elapsed();
    assert!(took < Duration::from_millis(500), "took {took:?}");
    s.expect(Regex(PROMPT)).expect("prompt");
    let out = run(&mut s, "keep");
    assert!(out.contains("\n41\r\n"), "{out:?}");
    quit(s);
}

#[test]
fn history_is_kept_across_runs() {
    let dir = temp_dir("hist");
    let mut s = start(&dir);
    run(&mut s, "print(12345 * 2)");
    run(&mut s, "x = 1");
    quit(s);
    let saved = std::fs::read_to_string(dir.join("history")).expect("history written");
    assert!(saved.contains("print(12345 * 2)"), "{saved}");
    let mut s = start(&dir);
    // Up twice recalls the print; Enter runs it again.
    s.send("\x1b[A\x1b[A").expect("sent");
    let out = run(&mut s, "");
    assert!(out.contains("24690"), "{out:?}");
    // Ctrl-R searches.
    s.send("\x12x = ").expect("sent");
    s.expect("x = 1").expect("search found it");
    run(&mut s, "");
    let out = run(&mut s, "x");
    assert!(out.contains("\n1\r\n"), "{out:?}");
    quit(s);
}

#[test]
fn timeit_and_vars_output() {
    let dir = temp_dir("meta");
    let mut s = start(&dir);
    run(&mut s, "x = [1, 2, 3]");
    let out = run(&mut s, ":timeit -n 100 -r 3 x[0] + 1");
    let re = regex_lite(&out);
    assert!(re, "{out:?}");
    let out = run(&mut s, ":vars");
    assert!(
        out.contains("│ name ┆ type ┆ shape ┆ dtype ┆ device ┆ bytes │"),
        "{out:?}"
    );
    assert!(out.contains("│ x    ┆ list ┆"), "{out:?}");
    let out = run(&mut s, ":device npu");
    assert!(
        out.contains("no CANN runtime found") && out.contains("set_env.sh"),
        "{out:?}"
    );
    quit(s);
}

/// `N unit ± N unit per loop (mean ± std. dev. of 3 runs, 100 loops each)`.
fn regex_lite(out: &str) -> bool {
    let Some(at) = out.find(" per loop (mean ± std. dev. of 3 runs, 100 loops each)") else {
        return false;
    };
    let line = out[..at].rsplit('\n').next().unwrap_or("");
    let parts: Vec<&str> = line.trim().split(' ').collect();
    parts.len() == 5
        && parts[0].parse::<f64>().is_ok()
        && ["s", "ms", "µs", "ns"].contains(&parts[1])
        && parts[2] == "±"
        && parts[3].parse::<f64>().is_ok()
        && ["s", "ms", "µs", "ns"].contains(&parts[4])
}

#[test]
fn no_color_output_has_no_colour_codes() {
    let dir = temp_dir("color");
    let mut s = start(&dir);
    let mut all = String::new();
    for line in ["def g(x):", "    return x", ""] {
        all += &type_line(&mut s, line, if line.is_empty() { PROMPT } else { MORE });
    }
    for line in ["g('s') + 1", "1 / 0", ":time 1", "[1, 2.5, None]"] {
        all += &run(&mut s, line);
    }
    assert!(all.contains("TypeError"), "{all:?}");
    // Cursor movement is allowed; colour (SGR, `ESC [ ... m`) is not.
    let mut rest = all.as_str();
    while let Some(i) = rest.find("\x1b[") {
        let tail = &rest[i + 2..];
        let end = tail
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(tail.len());
        assert!(!tail[end..].starts_with('m'), "colour code in {all:?}");
        rest = &tail[end..];
    }
    quit(s);
}

#[test]
fn typeahead_lines_are_all_run() {
    let dir = temp_dir("ahead");
    let mut s = start(&dir);
    // Three lines in one burst, as when typing while code runs.
    s.send("a1 = 20\rb1 = a1 + 1\rb1 * 2\r").expect("sent");
    s.expect(Regex(r"\n42\r\n")).expect("all three lines ran");
    quit(s);
}

/// `np.lin<TAB>` and array methods, once numpy has those functions.
#[test]
fn numpy_members_and_array_methods_complete() {
    use xpush_stdlib::table::lookup;
    let ready = lookup("numpy", "linspace").is_some()
        && lookup("numpy", "arange").is_some()
        && lookup("ndarray", "reshape").is_some();
    if !ready {
        // Nothing to complete yet in a build without them.
        return;
    }
    let dir = temp_dir("np");
    let mut s = start(&dir);
    run(&mut s, "import numpy as np");
    s.send("np.lin\t\t").expect("sent");
    s.expect(Regex(r"linalg\s+linspace\("))
        .expect("np.lin candidates");
    s.send("\x03").expect("Ctrl-C sent");
    // The empty prompt after Ctrl-C, not the redraw of `np.lin` under the
    // candidates (which also ends in a prompt): text typed before Ctrl-C
    // is handled is cleared with the line.
    s.expect(Regex(r">>> \r")).expect("empty prompt");
    run(&mut s, "a = np.arange(6)");
    s.send("a.resh\t").expect("sent");
    s.expect("reshape(").expect("array method completed");
    let out = run(&mut s, "2, 3)");
    assert!(out.contains("array([[0, 1, 2],"), "{out:?}");
    let out = run(&mut s, ":vars");
    assert!(
        out.contains("┆ (6,)  ┆ int64 ┆ cpu    ┆    48 │"),
        "{out:?}"
    );
    quit(s);
}

#[test]
fn ipython_cell_magic_reads_to_an_empty_line_and_help_requests_answer() {
    let dir = temp_dir("ipython");
    let mut s = start(&dir);
    // `%%time` asks for its cell's lines until an empty one, as a block does.
    type_line(&mut s, "%%time", MORE);
    type_line(&mut s, "x = 3", MORE);
    let out = run(&mut s, "");
    assert!(out.contains("Wall time: "), "{out:?}");
    let out = run(&mut s, "x?");
    assert!(out.contains("x is a int: 3"), "{out:?}");
    let out = run(&mut s, "len??");
    assert!(out.contains("len(obj, /)"), "{out:?}");
    let out = run(&mut s, "%nope");
    assert!(
        out.contains("UsageError: Line magic function `%nope` not found."),
        "{out:?}"
    );
    let out = run(&mut s, "%who");
    assert!(out.contains("x\t"), "{out:?}");
    quit(s);
}
