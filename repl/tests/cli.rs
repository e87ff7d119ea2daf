//! The command line: modes of running, exit codes, `sys.argv`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn xpush(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xpush starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("xpush exits")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn dash_c_runs_code() {
    let o = xpush(&["-c", "print(6 * 7)"], "");
    assert_eq!(stdout(&o), "42\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn uncaught_exception_exits_1_with_class_on_stderr() {
    let o = xpush(&["-c", "print('before')\n1 / 0"], "");
    assert_eq!(stdout(&o), "before\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("ZeroDivisionError: division by zero"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn syntax_error_exits_1() {
    let o = xpush(&["-c", "x = (1,"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("SyntaxError"), "{}", stderr(&o));
}

#[test]
fn dash_reads_stdin() {
    let o = xpush(&["-"], "x = 3\nprint(x ** 2)\n");
    assert_eq!(stdout(&o), "9\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn script_gets_argv() {
    let dir = std::env::temp_dir().join(format!("xpush-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("argv.py");
    std::fs::write(
        &script,
        "#!/usr/bin/env xpush\nimport sys\nprint(sys.argv[1:])\n",
    )
    .expect("script written");
    let path = script.to_str().expect("utf-8 path");
    let o = xpush(&[path, "a", "-b", "--c"], "");
    assert_eq!(stdout(&o), "['a', '-b', '--c']\n", "{}", stderr(&o));
    let o = xpush(&["-c", "import sys; print(sys.argv)", "x"], "");
    assert_eq!(stdout(&o), "['-c', 'x']\n", "{}", stderr(&o));
}

#[test]
fn sys_exit_sets_the_exit_code() {
    let o = xpush(
        &["-c", "import sys\nprint('a')\nsys.exit(3)\nprint('b')"],
        "",
    );
    assert_eq!(stdout(&o), "a\n");
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn missing_file_is_a_usage_error() {
    let o = xpush(&["/nonexistent/x.py"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("can't open file"), "{}", stderr(&o));
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let o = xpush(&["--no-such-flag"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn interactive_loop_echoes_and_survives_errors() {
    // Piped stdin without a file runs the plain interactive loop.
    let o = xpush(&[], "x = 5\nx * 2\ny = 1 / 0\nx + 1\ny\n");
    let out = stdout(&o);
    assert!(out.contains("10\n"), "{out}");
    assert!(out.contains("6\n"), "{out}");
    let err = stderr(&o);
    assert!(err.contains("ZeroDivisionError"), "{err}");
    // The failed assignment bound nothing.
    assert!(err.contains("NameError: name 'y' is not defined"), "{err}");
}

#[test]
fn interactive_multiline_def() {
    let o = xpush(&[], "def f(a, b=2):\n    return a * b\n\nf(21)\n");
    assert!(stdout(&o).contains("42\n"), "{}{}", stdout(&o), stderr(&o));
}

#[test]
fn numpy_imports_under_every_alias() {
    let code = "import numpy as np\nimport numpy.linalg\nfrom numpy import linalg\nimport cupy, numpy_xpu\nprint(np.linalg is not None, numpy.fft is not None)";
    let o = xpush(&["-c", code], "");
    assert_eq!(stdout(&o), "True True\n", "{}", stderr(&o));
}

#[test]
fn ctrl_c_interrupts_a_running_loop() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(["-c", "n = 0\nwhile True:\n    n += 1"])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xpush starts");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let started = std::time::Instant::now();
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let out = loop {
        if child.try_wait().expect("wait works").is_some() {
            break child.wait_with_output().expect("output");
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "xpush did not stop on SIGINT"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    assert!(
        started.elapsed() < std::time::Duration::from_millis(500),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("KeyboardInterrupt"),
        "{}",
        stderr(&out)
    );
}
