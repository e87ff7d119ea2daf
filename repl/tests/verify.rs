//! `xpush verify`, `--verify` and `:verify` on the simulated npu (acl-sim,
//! built next to the binary as a dev-dependency), with and without
//! acl-sim's fault injection (`XPUSH_ACL_SIM_FAULT`).

mod common;

use std::path::{Path, PathBuf};

use common::acl_sim_path as acl_sim;
use std::process::{Command, Output, Stdio};

/// Runs xpush with acl-sim, `fault` injected into one aclnn op.
fn xpush(args: &[&str], fault: Option<&str>, dir: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("XPUSH_ACL_LIB", acl_sim())
        .env_remove("XPUSH_DEVICE")
        .env_remove("XPUSH_FLOAT64_MODE")
        .env_remove("CUPY_ASCEND_FLOAT64_MODE")
        .env_remove("XPUSH_STATS_FILE")
        .env_remove("XPUSH_ACL_SIM_FAULT")
        .stdin(Stdio::null());
    if let Some(f) = fault {
        cmd.env("XPUSH_ACL_SIM_FAULT", f);
    }
    cmd.output().expect("xpush runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh directory with `script.py`.
fn script(name: &str, code: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-verify-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("script.py"), code).expect("script written");
    dir
}

const ADD: &str = "import numpy as np
a = np.arange(6, dtype=np.float32).reshape(2, 3)
b = a + a
print(b)
c = np.arange(4, dtype=np.int32)
print((c * c).sum())
";

#[test]
fn a_fault_in_one_op_is_named_and_exits_1() {
    let dir = script("fault", ADD);
    let o = xpush(&["verify", "script.py"], Some("aclnnAdd"), &dir);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "stdout:\n{out}\nstderr:\n{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("verify: "))
        .unwrap_or_else(|| panic!("no verify line on stderr:\n{err}"));
    assert!(
        line.starts_with("verify: add (aclnnAdd) float32: max abs "),
        "{line}"
    );
    assert!(line.contains("; first at (0, 0): npu "), "{line}");
    assert!(line.ends_with(" cpu 0.0"), "{line}");
    // The line comes under the statement that ran the op: after nothing
    // was printed, and only the add is named.
    assert_eq!(
        err.lines().filter(|l| l.starts_with("verify: ")).count(),
        1,
        "{err}"
    );
    let add_row = out.lines().find(|l| l.contains("│ add")).expect(&out);
    assert!(add_row.contains("FAIL (1 of 1)"), "{out}");
    let mul_row = out.lines().find(|l| l.contains("│ multiply")).expect(&out);
    assert!(
        mul_row.contains("pass") && mul_row.contains("int32"),
        "{out}"
    );
    assert!(out.contains("verify: 1 op(s) beyond tolerance"), "{out}");
}

#[test]
fn without_a_fault_every_op_passes_and_exits_0() {
    let dir = script("clean", ADD);
    let o = xpush(&["verify", "script.py"], None, &dir);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "stdout:\n{out}\nstderr:\n{err}");
    assert!(!err.contains("verify: "), "{err}");
    assert!(
        out.starts_with("[[ 0.  2.  4.]\n [ 6.  8. 10.]]\n14\n"),
        "{out}"
    );
    for op in ["add", "multiply", "sum"] {
        let row = out
            .lines()
            .find(|l| l.contains(&format!("│ {op} ")))
            .unwrap_or_else(|| panic!("no {op} row:\n{out}"));
        assert!(row.contains("pass"), "{out}");
    }
    assert!(out.contains("within tolerance"), "{out}");
}

#[test]
fn demotion_loss_shows_against_true_float64() {
    // 1 + 1e-10 is 1 in float32: the difference is lost when demoted.
    let dir = script(
        "demote",
        "import numpy as np\nx = np.array([2.0, 1.0 + 1e-10])\ny = x - 1.0\nprint(y[0])\n",
    );
    let o = xpush(
        &[
            "verify",
            "--float64-mode",
            "float32",
            "--dtype",
            "float64",
            "script.py",
        ],
        None,
        &dir,
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "stdout:\n{out}\nstderr:\n{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("verify: subtract"))
        .unwrap_or_else(|| panic!("no subtract line:\n{err}"));
    assert!(line.contains("float64->float32"), "{line}");
    assert!(
        line.contains("first at (1,): npu 0.0 cpu 1.000000082740371e-10"),
        "{line}"
    );
    // The same script under float64=cpu runs float64 on the host: nothing to flag.
    let o = xpush(
        &[
            "verify",
            "--float64-mode",
            "cpu",
            "--dtype",
            "float64",
            "script.py",
        ],
        None,
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn usage_errors_and_a_missing_library_exit_2() {
    let dir = script("usage", ADD);
    let o = xpush(&["verify"], None, &dir);
    assert_eq!(o.status.code(), Some(2));
    let o = xpush(&["verify", "--device", "cpu", "script.py"], None, &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("the cpu is the reference"));
    let o = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(["verify", "script.py"])
        .current_dir(&dir)
        .env("XPUSH_ACL_LIB", dir.join("no-such-lib.so"))
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("xpush verify: cannot start npu:0: "),
        "{err}"
    );
    // An uncaught exception is reported as usual and exits 1.
    let dir = script("raise", "import numpy as np\nx = np.ones(3) + 1\n1 / 0\n");
    let o = xpush(&["verify", "script.py"], None, &dir);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("ZeroDivisionError"));
    assert!(text(&o.stdout).contains("│ add"), "{}", text(&o.stdout));
}

#[test]
fn verify_meta_command_and_flag_in_a_session() {
    let dir = script(
        "meta",
        "import numpy as np\n:verify\n:verify on\na = np.ones(3, dtype=np.float32)\nb = a + a\nprint('after')\n:verify off\nc = a + a\n:verify report\n",
    );
    let o = xpush(&["--device", "npu", "script.py"], Some("aclnnAdd"), &dir);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "stdout:\n{out}\nstderr:\n{err}");
    assert!(
        out.starts_with("verification is off (standard ulp)\nafter\n"),
        "{out}"
    );
    // One call verified (the second add ran with verification off).
    let row = out.lines().find(|l| l.contains("│ add")).expect(&out);
    assert!(
        row.contains("┆     1 ┆") && row.contains("FAIL (1 of 1)"),
        "{out}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("verify: add")).count(),
        1,
        "{err}"
    );

    // --verify: the same line, and the op counts are those of a plain run
    // (verification's copies and reference runs are not counted).
    let stats_plain = dir.join("stats-plain.txt");
    let stats_verify = dir.join("stats-verify.txt");
    let _ = std::fs::remove_file(&stats_plain);
    let _ = std::fs::remove_file(&stats_verify);
    std::fs::write(dir.join("s2.py"), ADD).expect("written");
    let run = |args: &[&str], stats: &Path| {
        Command::new(env!("CARGO_BIN_EXE_xpush"))
            .args(args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .env("XPUSH_ACL_LIB", acl_sim())
            .env("XPUSH_STATS_FILE", stats)
            .env("XPUSH_ACL_SIM_FAULT", "aclnnMul")
            .output()
            .expect("runs")
    };
    let o = run(&["--device", "npu", "--verify", "s2.py"], &stats_verify);
    assert_eq!(o.status.code(), Some(0));
    let err = text(&o.stderr);
    assert!(err.contains("verify: multiply (aclnnMul) int32: "), "{err}");
    let o = run(&["--device", "npu", "s2.py"], &stats_plain);
    assert!(text(&o.stderr).is_empty());
    let a = std::fs::read_to_string(&stats_plain).expect("stats");
    let b = std::fs::read_to_string(&stats_verify).expect("stats");
    assert!(a.contains("native="), "{a}");
    assert_eq!(a, b);
}

#[test]
fn help_lists_verify_and_its_tolerances() {
    let dir = script("help", "");
    let o = xpush(&["-c", ":help"], None, &dir);
    let out = text(&o.stdout);
    // The usage is wider than the column: the summary is on the next line.
    let mut lines = out.lines();
    lines
        .find(|l| l.trim() == ":verify [on|off|report|standard NAME]")
        .unwrap_or_else(|| panic!("{out}"));
    let line = lines.next().expect("summary line");
    assert!(
        line.ends_with(" re-run npu ops on the cpu reference, report errors beyond tolerance (standards: ulp, ttk, cann-single, cann-dual)"),
        "{line}"
    );
    let o = xpush(&["-c", ":help verify"], None, &dir);
    let out = text(&o.stdout);
    assert!(
        out.starts_with(":verify [on|off|report|standard NAME]\n"),
        "{out}"
    );
    assert!(out.contains("cann-dual[=L0|L1|L2]"), "{out}");
    assert!(
        out.contains("elementwise ufuncs: 2 (float16, bfloat16), 4 (float32, float64)"),
        "{out}"
    );
    let o = xpush(&["-c", ":verify maybe"], None, &dir);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains(
            "ValueError: unknown argument 'maybe': usage :verify [on|off|report|standard NAME]"
        ),
        "{}",
        text(&o.stderr)
    );
}
