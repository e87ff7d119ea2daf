//! The command line: modes of running, exit codes, `sys.argv`.

mod common;

use std::io::Write;

use common::acl_sim;
use std::process::{Command, Output, Stdio};

fn xpush(args: &[&str], stdin: &str) -> Output {
    xpush_in(
        &std::env::current_dir().expect("a working directory"),
        args,
        stdin,
    )
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

fn xpush_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .env_remove("XPUSH_DEVICE")
        .env_remove("XPUSH_FLOAT64_MODE")
        .env_remove("CUPY_ASCEND_FLOAT64_MODE")
        .env_remove("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32")
        .env_remove("XPUSH_ACL_LIB")
        .env_remove("XPUSH_STATS_FILE")
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("xpush runs")
}

#[test]
fn version_and_help() {
    let o = xpush(&["--version"], "");
    assert_eq!(stdout(&o), format!("xpush {}\n", env!("CARGO_PKG_VERSION")));
    assert_eq!(o.status.code(), Some(0));
    let o = xpush(&["--help"], "");
    let out = stdout(&o);
    for flag in [
        "-c <CODE>",
        "-i",
        "--device",
        "--float64-mode",
        "--dtype",
        "--time",
        "--no-color",
        "--tour",
        "XPUSH_DEVICE",
        "CUPY_ASCEND_FLOAT64_MODE",
    ] {
        assert!(out.contains(flag), "{flag} missing from {out}");
    }
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn device_flag_and_env() {
    let o = xpush_env(&["--device", "cpu", "-c", ":device"], &[]);
    assert!(stdout(&o).contains("device: cpu"), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    // No CANN: the loader's list of what it tried and the set_env.sh hint.
    let no_cann = [
        ("LD_LIBRARY_PATH", ""),
        ("ASCEND_HOME_PATH", ""),
        ("ASCEND_TOOLKIT_HOME", ""),
    ];
    let o = xpush_env(&["--device", "npu:1", "-c", "1"], &no_cann);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.starts_with("xpush: --device npu:1: "), "{err}");
    assert!(err.contains("no CANN runtime found; tried:"), "{err}");
    assert!(err.contains("libascendcl.so"), "{err}");
    assert!(err.contains("set_env.sh"), "{err}");
    let o = xpush_env(&["--device", "gpu", "-c", "1"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown device 'gpu'"),
        "{}",
        stderr(&o)
    );
    let o = xpush_env(&["-c", "1"], &[("XPUSH_DEVICE", "npu")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("XPUSH_DEVICE"), "{}", stderr(&o));
}

#[test]
fn float64_mode_and_dtype_flags_and_env() {
    let o = xpush_env(
        &["--float64-mode", "cpu", "--dtype", "float32", "-c", ":mode"],
        &[],
    );
    let out = stdout(&o);
    assert!(out.contains("float64 mode: cpu"), "{out}");
    assert!(out.contains("default float dtype: float32"), "{out}");
    let o = xpush_env(&["-c", ":mode"], &[("XPUSH_FLOAT64_MODE", "off")]);
    assert!(stdout(&o).contains("float64 mode: off"), "{}", stdout(&o));
    let o = xpush_env(&["-c", ":mode"], &[("CUPY_ASCEND_FLOAT64_MODE", "cpu")]);
    assert!(stdout(&o).contains("float64 mode: cpu"), "{}", stdout(&o));
    // The flag wins over the environment.
    let o = xpush_env(
        &["--float64-mode", "float32", "-c", ":mode"],
        &[("XPUSH_FLOAT64_MODE", "off")],
    );
    assert!(
        stdout(&o).contains("float64 mode: float32"),
        "{}",
        stdout(&o)
    );
    let o = xpush_env(&["--dtype", "float16", "-c", "1"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = xpush_env(&["-c", "1"], &[("XPUSH_FLOAT64_MODE", "fast")]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn time_flag_prints_a_line_per_statement() {
    let o = xpush_env(&["--time", "-c", "x = 1\ny = x + 1\nprint(y)"], &[]);
    let out = stdout(&o);
    assert_eq!(out.matches("Wall time: ").count(), 3, "{out}");
    assert!(out.contains("2\nWall time: "), "{out}");
    assert!(!out.contains('\x1b'), "{out:?}");
}

#[test]
fn no_color_flag_and_env_keep_errors_plain() {
    let o = xpush_env(&["--no-color", "-c", "1 / 0"], &[("NO_COLOR", "")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stderr(&o).contains('\x1b'), "{:?}", stderr(&o));
}

#[test]
fn tour_runs() {
    let o = xpush_env(&["--tour"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("== 4. Timing"), "{out}");
    assert!(
        out.contains("scripts/gallery.py"),
        "the tour names the gallery: {out}"
    );
    assert!(
        out.contains("per loop (mean ± std. dev. of 7 runs, 1,000 loops each)"),
        "{out}"
    );
    let o = xpush_env(&["--tour", "-c", "1"], &[]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn dash_i_runs_the_file_then_stays_interactive() {
    let o = xpush(&["-i", "-c", "x = 20"], "x + 1\n");
    assert!(stdout(&o).contains("21\n"), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    // An uncaught exception in the file still leads to the prompt.
    let o = xpush(&["-i", "-c", "x = 2\n1 / 0"], "x * 3\n");
    assert!(stderr(&o).contains("ZeroDivisionError"), "{}", stderr(&o));
    assert!(stdout(&o).contains("6\n"), "{}", stdout(&o));
}

#[test]
fn meta_commands_in_scripts() {
    let dir = std::env::temp_dir().join(format!("xpush-meta-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let lib = dir.join("lib.py");
    std::fs::write(&lib, "def triple(v):\n    return 3 * v\n").expect("written");
    let code = format!(
        ":load {}\nprint(triple(5))\n:help len\n:reset\nprint('after reset')\n:quit\nprint('not reached')",
        lib.display()
    );
    let o = xpush_env(&["-c", &code], &[]);
    let out = stdout(&o);
    assert!(out.starts_with("15\nlen(obj, /)\n"), "{out}{}", stderr(&o));
    assert!(out.ends_with("after reset\n"), "{out}");
    assert_eq!(o.status.code(), Some(0));
    // After :reset the loaded function is gone.
    let o = xpush_env(
        &["-c", &format!(":load {}\n:reset\ntriple(1)", lib.display())],
        &[],
    );
    assert!(stderr(&o).contains("NameError"), "{}", stderr(&o));
}

#[test]
fn meta_command_errors_point_at_the_argument() {
    let o = xpush_env(&["-c", "x = 1\n:mode float64=fast"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("ValueError: unknown float64 mode 'fast': expected float32, cpu or off"),
        "{err}"
    );
    assert!(err.contains("<string>:2:7"), "{err}");
    let o = xpush_env(&["-c", ":tme on"], &[]);
    assert!(
        stderr(&o).contains("unknown meta-command ':tme'. Did you mean: ':time'?"),
        "{}",
        stderr(&o)
    );
    let o = xpush_env(&["-c", ":load /nonexistent/file.py"], &[]);
    assert!(stderr(&o).contains("FileNotFoundError"), "{}", stderr(&o));
    let o = xpush_env(&["-c", ":help nosuchthing"], &[]);
    assert!(
        stderr(&o).contains("NameError: no function"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn timeit_chooses_the_loop_count() {
    let o = xpush_env(&["-c", ":timeit 1 + 1"], &[]);
    let out = stdout(&o);
    assert!(
        out.contains(" per loop (mean ± std. dev. of 7 runs, ") && out.contains(" loops each)\n"),
        "{out}{}",
        stderr(&o)
    );
    // The loop count is a power of ten, written with thousands separators.
    let loops = out
        .rsplit("7 runs, ")
        .next()
        .and_then(|s| s.split(' ').next())
        .expect("loop count")
        .replace(',', "");
    assert!(
        loops.starts_with('1') && loops[1..].chars().all(|c| c == '0'),
        "{out}"
    );
}

#[test]
fn device_and_mem_on_acl_sim() {
    let sim = acl_sim();
    let env = [("XPUSH_ACL_LIB", sim.as_str())];
    let o = xpush_env(&["--device", "npu", "-c", ":device"], &env);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for want in [
        "device: npu:0\n",
        "default float dtype: float32 (the npu:0 default)\n",
        "float64 mode: float32\n",
        "npu: Ascend910B-sim (simulated), CANN ",
        ", 1 device(s)\n",
        "memory: ",
        "library: XPUSH_ACL_LIB=",
    ] {
        assert!(out.contains(want), "{want:?} missing from {out}");
    }
    let code = "import numpy as np\na = np.zeros(1000)\nprint(a.device, a.dtype)\n:mem\n";
    let o = xpush_env(&["--device", "npu", "-c", code], &env);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("npu:0 float32\nnpu:0 memory pool\n"),
        "{out}"
    );
    for want in ["in use: ", "cached: ", "peak: ", "device mallocs: "] {
        assert!(out.contains(want), "{want:?} missing from {out}");
    }
    // On the cpu, :mem says there is no pool; :device npu:1 does not exist on a one-device sim.
    let o = xpush_env(&["-c", ":mem"], &env);
    assert!(stdout(&o).contains("no device pool"), "{}", stdout(&o));
    let o = xpush_env(&["-c", ":device npu:1"], &env);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("npu:1 does not exist"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn session_arrays_live_on_the_npu() {
    let sim = acl_sim();
    let code = "import numpy as np\n\
        a = np.arange(3)\n\
        print(a.device, np.zeros(2).dtype, np.array([1.5]).dtype, np.linspace(0, 1, 3).dtype)\n\
        print(np.asnumpy(a).device, a.get().device, a.to_device('cpu').device)\n\
        print(np.asarray([1, 2], device='cpu').device, np.asarray(a.get(), device='npu').device)\n\
        print(a * 2 + 1)\n\
        :mode dtype=float64\n\
        print(np.zeros(2).dtype)\n";
    let env = [("XPUSH_ACL_LIB", sim.as_str())];
    let o = xpush_env(&["--device", "npu", "-c", code], &env);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("npu:0 float32 float32 float32\ncpu cpu cpu\ncpu npu:0\n[1 3 5]\n"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).ends_with("float64\n"), "{}", stdout(&o));
}

#[test]
fn loaded_arrays_and_numpy_scalars_work_with_npu_arrays() {
    let sim = acl_sim();
    let dir = std::env::temp_dir().join(format!("xpush_npz_npu_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("a.npz");
    // An NpzFile's arrays and np.load's live on the session device; a NumPy
    // scalar reshaped to (1, 1) inside kron, and a NumPy-scalar default of
    // select, mix with npu arrays as 0-d scalars do.
    let code = format!(
        "import numpy as np\n\
         a = np.arange(4)\n\
         np.savez({path:?}, a=a)\n\
         z = np.load({path:?})\n\
         print(z['a'].device, np.array_equal(z['a'], a))\n\
         print(np.kron(np.int32(2), np.array([1, 2], dtype=np.int8)))\n\
         print(np.select([a < 2], [a.astype(np.float32)], default=np.float32(-1)))\n",
        path = path.to_string_lossy()
    );
    let env = [("XPUSH_ACL_LIB", sim.as_str())];
    let o = xpush_env(&["--device", "npu", "-c", &code], &env);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "npu:0 True\n[2 4]\n[ 0.  1. -1. -1.]\n");
}

#[test]
fn float64_mode_from_the_environment() {
    let sim = acl_sim();
    let code = ":mode\n";
    for (k, v, want) in [
        ("XPUSH_FLOAT64_MODE", "off", "float64 mode: off"),
        ("CUPY_ASCEND_FLOAT64_MODE", "cpu", "float64 mode: cpu"),
        (
            "CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32",
            "1",
            "float64 mode: float32",
        ),
    ] {
        let o = xpush_env(
            &["--device", "npu", "-c", code],
            &[("XPUSH_ACL_LIB", &sim), (k, v)],
        );
        assert!(stdout(&o).contains(want), "{k}={v}: {}", stdout(&o));
    }
    // Under off, tanh of float64 (the 910B has no double tanh) raises naming the op and the mode; add runs.
    let code = "import numpy as np\na = np.ones((2, 2))\nprint(a + a)\nprint(np.tanh(a))\n";
    let o = xpush_env(
        &[
            "--device",
            "npu",
            "--dtype",
            "float64",
            "--float64-mode",
            "off",
            "-c",
            code,
        ],
        &[("XPUSH_ACL_LIB", &sim)],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("[[2. 2.]\n [2. 2.]]"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "NotImplementedError: aclnnTanh does not support float64 on the NPU (float64 mode 'off')"
        ),
        "{}",
        stderr(&o)
    );
}

/// Runs `xpush args` in folder `dir` with `stdin` piped.
fn xpush_in(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(args)
        .current_dir(dir)
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

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A cell pasted from a notebook runs as a script: each IPython habit does
/// what its meta-command twin does.
#[test]
fn ipython_magics_and_help_requests_run_in_a_script() {
    let dir = temp_dir("magics");
    std::fs::write(dir.join("other.py"), "print('other ran')\nz = 40 + 2\n").expect("write");
    let script = "\
import numpy as np
%matplotlib inline
%timeit -n 3 -r 2 x = 1
%time y = 2
a = np.arange(3)
%whos
%who
%run other.py
print(z)
np.sum?
%reset -f
%who
";
    std::fs::write(dir.join("cell.py"), script).expect("write");
    let o = xpush_in(&dir, &["cell.py"], "");
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert_eq!(err, "");
    // `%matplotlib inline` prints nothing: `%timeit`'s line comes first,
    // after IPython's warning when the runs' times varied (a busy machine).
    let lines: Vec<&str> = out
        .lines()
        .skip_while(|l| l.starts_with("The slowest run took "))
        .collect();
    assert!(
        lines[0].ends_with(" per loop (mean ± std. dev. of 2 runs, 3 loops each)"),
        "{out}"
    );
    assert!(lines[1].starts_with("Wall time: "), "{out}");
    // `%whos` is the `:vars` table, with what `%timeit` and `%time` bound.
    assert!(
        out.contains("│ name ┆ type          ┆ shape ┆ dtype ┆ device ┆ bytes │"),
        "{out}"
    );
    assert!(
        out.contains("│ a    ┆ numpy.ndarray ┆ (3,)  ┆ int64 ┆ cpu    ┆    24 │"),
        "{out}"
    );
    assert!(out.contains("│ x    ┆ int "), "{out}");
    assert!(out.contains("│ y    ┆ int "), "{out}");
    // `%who` lists the names as IPython does, then `%run` runs the file here.
    assert!(
        out.contains("\na\t np\t x\t y\t \nother ran\n42\n"),
        "{out}"
    );
    // `np.sum?` is `:help np.sum`, and `%reset -f` forgot everything.
    let help = stdout(&xpush(&["-c", ":help np.sum"], ""));
    assert!(help.starts_with("numpy.sum(a, axis=None"), "{help}");
    assert!(
        out.ends_with(&format!("42\n{help}Interactive namespace is empty.\n")),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_magic_is_a_usage_error_with_a_span() {
    let dir = temp_dir("badmagic");
    std::fs::write(
        dir.join("bad.py"),
        "x = 1\n%foo bar\nprint('not reached')\n",
    )
    .expect("write");
    let o = xpush_in(&dir, &["bad.py"], "");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(stdout(&o), "");
    assert!(
        err.contains("UsageError: Line magic function `%foo` not found."),
        "{err}"
    );
    assert!(err.contains("bad.py:2:1"), "{err}");
    assert!(err.contains(" 2 │ %foo bar\n   │ ──┬─"), "{err}");
    // The session survives it.
    let o = xpush_in(&dir, &[], "%foo\nprint('alive')\nnp.nope?\n");
    assert!(stdout(&o).contains("alive\n"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("UsageError: Line magic function `%foo` not found."),
        "{err}"
    );
    assert!(
        err.contains("NameError: no function, module or command named 'np.nope'"),
        "{err}"
    );
    // `?` is a help request only as the whole line's end.
    let o = xpush(&["-c", "x = 1\ny = x ?\n"], "");
    assert!(
        stderr(&o).contains("SyntaxError: invalid syntax"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cell_magic_times_its_cell_and_history_lists_the_inputs() {
    let dir = temp_dir("cellmagic");
    let input =
        "%%timeit -n 2 -r 2 s = 0\nfor i in range(3):\n    s += i\n\n%time t = 5\n%history\n";
    let o = xpush_in(&dir, &[], input);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(err, "");
    assert!(
        out.contains(" per loop (mean ± std. dev. of 2 runs, 2 loops each)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "   1:\n%%timeit -n 2 -r 2 s = 0\nfor i in range(3):\n    s += i\n   2: %time t = 5\n   3: %history\n"
        ),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_knows_ipython_lines() {
    let dir = temp_dir("check");
    std::fs::write(dir.join("other.py"), "w = 1\n").expect("write");
    let script =
        "%matplotlib inline\n%timeit -n 3 -r 2 x = 1\n%whos\n%run other.py\nprint(w)\nlen?\n";
    std::fs::write(dir.join("cell.py"), script).expect("write");
    let o = xpush_in(&dir, &["check", "cell.py"], "");
    assert_eq!(
        stdout(&o),
        "cell.py: no problems found (float64 mode 'float32')\n"
    );
    std::fs::write(dir.join("bad.py"), "%foo\n").expect("write");
    let o = xpush_in(&dir, &["check", "bad.py", "--fail-on-error"], "");
    let out = stdout(&o);
    assert!(
        out.contains("UsageError: Line magic function `%foo` not found."),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
