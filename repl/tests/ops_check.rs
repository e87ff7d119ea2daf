//! `xpush ops`, `:ops`, the committed `docs/OPS.md`, and `xpush check`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn xpush(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("XPUSH_FLOAT64_MODE")
        .env_remove("CUPY_ASCEND_FLOAT64_MODE")
        .env_remove("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32")
        .output()
        .expect("xpush runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A script written to a file of its own under the temporary directory.
fn script(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("script written");
    path
}

#[test]
fn docs_ops_md_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/OPS.md");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let o = xpush(&["ops", "--markdown"]);
    assert_eq!(o.status.code(), Some(0));
    let fresh = stdout(&o);
    assert!(
        committed == fresh,
        "docs/OPS.md is stale; regenerate it with:\n    cargo run -p xpush -- ops --markdown > docs/OPS.md"
    );
}

#[test]
fn ops_filters_by_substring_and_glob() {
    let o = xpush(&["ops", "sum"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for name in ["np.sum ", "np.cumsum ", "np.nansum ", "ndarray.sum "] {
        assert!(out.contains(name), "{name} missing:\n{out}");
    }
    assert!(out.contains("aclnnReduceSum"), "{out}");
    assert!(!out.contains("np.mean "), "{out}");
    let out = stdout(&xpush(&["ops", "np.*sum"]));
    assert!(out.contains("np.cumsum "), "{out}");
    assert!(!out.contains("ndarray.sum "), "{out}");
}

#[test]
fn ops_markdown_of_a_pattern() {
    let out = stdout(&xpush(&["ops", "isnan", "--markdown"]));
    assert!(
        out.contains("| `np.isnan` | composition x != x (aclnnNeTensor) |"),
        "{out}"
    );
    assert!(!out.contains("np.add"), "{out}");
}

#[test]
fn meta_ops_in_a_script_uses_the_session_mode() {
    let o = xpush(&["-c", ":mode float64=cpu\n:ops np.matmul"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("np.matmul"), "{out}");
    assert!(out.contains("aclnnMatmul"), "{out}");
    assert!(out.contains("(float64 mode 'cpu')"), "{out}");
    // Under `cpu`, float64 matmul runs on the host: no f64→f32 demotion.
    assert!(!out.contains("f64→f32"), "{out}");
    let o = xpush(&["-c", ":ops a b"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(":ops takes at most one argument"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

const PROBLEMS: &str = "\
import numpy as np

class Model:
    w = np.zeross(3)

a = np.zeros(4, dtype=np.float64)
b = np.arrange(5)
c = np.linalg.inverse(a)
d = a.astype(np.uint64)
m = np.histogram(a)
g = (yield 1)
";

#[test]
fn check_reports_each_kind_of_problem() {
    let path = script("problems.py", PROBLEMS);
    let p = path.to_str().expect("utf-8 path");
    let o = xpush(&["check", p]);
    let out = stdout(&o);
    let expect = [
        (
            "AttributeError: module 'numpy' has no attribute 'zeross'. Did you mean: 'zeros'?",
            4,
        ),
        (
            "warning: float64 is demoted to float32 on the npu (float64 mode 'float32')",
            6,
        ),
        (
            "AttributeError: module 'numpy' has no attribute 'arrange'. Did you mean: 'arange'?",
            7,
        ),
        (
            "AttributeError: module 'numpy.linalg' has no attribute 'inverse'",
            8,
        ),
        ("warning: uint64 runs on the host on the npu", 9),
        (
            "note: np.histogram runs on the host on the npu (binned on the host: NumPy corrects each bin index against the exact bin edges, which aclnnHistc (torch.histc's binning) does not)",
            10,
        ),
        ("SyntaxError: 'yield' outside function", 11),
    ];
    let mut at = 0;
    for (msg, line) in expect {
        let found = out[at..]
            .find(msg)
            .unwrap_or_else(|| panic!("{msg:?} missing (in order):\n{out}"));
        at += found;
        // The report's location line follows its header: `╭─[ FILE:LINE:COL ]`.
        let file_at = out[at..]
            .find(&format!("{p}:"))
            .map(|n| at + n + p.len() + 1)
            .unwrap_or_else(|| panic!("no location after {msg:?}:\n{out}"));
        assert!(
            out[file_at..].starts_with(&format!("{line}:")),
            "{msg:?} not at line {line}:\n{out}"
        );
        at += msg.len();
    }
    assert!(
        out.ends_with(&format!(
            "{p}: 4 errors, 2 warnings, 1 note (float64 mode 'float32')\n"
        )),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "colour without a terminal:\n{out}");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        xpush(&["check", p, "--fail-on-error"]).status.code(),
        Some(1)
    );
}

#[test]
fn check_float64_mode_flag() {
    let path = script(
        "f64.py",
        "import numpy as np\nx = np.ones(2, dtype='float64')\n",
    );
    let p = path.to_str().expect("utf-8 path");
    let out = stdout(&xpush(&["check", p, "--float64-mode", "cpu"]));
    assert!(
        out.contains("warning: float64 work runs on the host on the npu (float64 mode 'cpu')"),
        "{out}"
    );
    assert!(out.ends_with("1 warning (float64 mode 'cpu')\n"), "{out}");
    // Warnings alone never fail the check.
    assert_eq!(
        xpush(&["check", p, "--fail-on-error"]).status.code(),
        Some(0)
    );
}

#[test]
fn check_clean_script() {
    let path = script(
        "clean.py",
        "import numpy as np\na = np.arange(6, dtype=np.float32).reshape(2, 3)\nprint((a @ a.T).sum())\n",
    );
    let p = path.to_str().expect("utf-8 path");
    let o = xpush(&["check", p, "--fail-on-error"]);
    assert_eq!(
        stdout(&o),
        format!("{p}: no problems found (float64 mode 'float32')\n")
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn check_usage_errors_exit_2() {
    let o = xpush(&["check", "/nonexistent/x.py"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("xpush check: /nonexistent/x.py"));
    assert_eq!(xpush(&["check"]).status.code(), Some(2));
}

#[test]
fn check_knows_the_scripts_own_modules() {
    // `import helpers` of helpers.py beside the script is no error; a
    // module that is nowhere still is.
    script("xpush_check_helpers.py", "def f():\n    return 1\n");
    let path = script(
        "uses_helpers.py",
        "import xpush_check_helpers\nfrom xpush_check_helpers import f\nimport xpush_check_missing\n",
    );
    let p = path.to_str().expect("utf-8 path");
    let out = stdout(&xpush(&["check", p]));
    assert!(
        out.contains("No module named 'xpush_check_missing'"),
        "{out}"
    );
    assert!(
        !out.contains("No module named 'xpush_check_helpers'"),
        "{out}"
    );
    assert!(out.contains(": 1 error"), "{out}");
}
