//! `xpush check`'s analysis on scripts with each kind of problem.

use xpush_lang::span::SourceMap;
use xpush_npu::ascend::policy::Float64Mode;

use super::{check, Report, Severity};

fn run(text: &str, mode: Float64Mode) -> (Report, SourceMap) {
    let mut sources = SourceMap::new();
    let id = sources.add("script.py", text);
    (check(text, id, mode), sources)
}

/// `(severity, line, message)` of every finding.
fn findings(text: &str, mode: Float64Mode) -> Vec<(Severity, usize, String)> {
    let (report, sources) = run(text, mode);
    report
        .findings
        .iter()
        .map(|f| {
            (
                f.severity,
                sources.line_of(f.diag.span).unwrap_or(0),
                f.diag.message.clone(),
            )
        })
        .collect()
}

const SCRIPT: &str = "\
import numpy as np
from numpy import linalg as la, sqrt

class Model:
    w = np.zeross(3)

a = np.zeros(4, dtype=np.float64)
b = np.arrange(5)
c = np.linalg.inverse(a)
d = a.astype('uint64')
m = np.histogram(a)
s = sqrt(a) + la.norm(a)
g = (yield 1)
";

#[test]
fn each_kind_of_problem_with_its_line() {
    let got = findings(SCRIPT, Float64Mode::Float32);
    let want: Vec<(Severity, usize, &str)> = vec![
        (
            Severity::Error,
            5,
            "module 'numpy' has no attribute 'zeross'. Did you mean: 'zeros'?",
        ),
        (
            Severity::Warning,
            7,
            "float64 is demoted to float32 on the npu (float64 mode 'float32')",
        ),
        (
            Severity::Error,
            8,
            "module 'numpy' has no attribute 'arrange'. Did you mean: 'arange'?",
        ),
        (
            Severity::Error,
            9,
            "module 'numpy.linalg' has no attribute 'inverse'",
        ),
        (
            Severity::Warning,
            10,
            "uint64 runs on the host on the npu: most aclnn ops do not take it (only aclnnLtScalar, aclnnGtScalar, aclnnGeScalar, aclnnLtTensor, aclnnGtTensor, aclnnGeTensor, aclnnFloor, aclnnSignbit, aclnnBitwiseOrTensor, aclnnCumprod take it)",
        ),
        (
            Severity::Note,
            11,
            "np.histogram runs on the host on the npu (binned on the host: NumPy corrects each bin index against the exact bin edges, which aclnnHistc (torch.histc's binning) does not)",
        ),
        (
            Severity::Error,
            13,
            "'yield' outside function",
        ),
    ];
    let got: Vec<(Severity, usize, &str)> =
        got.iter().map(|(s, l, m)| (*s, *l, m.as_str())).collect();
    assert_eq!(got, want);
}

#[test]
fn summary_counts_each_severity() {
    let (report, _) = run(SCRIPT, Float64Mode::Float32);
    assert_eq!(report.summary(), "4 errors, 2 warnings, 1 note");
    assert_eq!(report.count(Severity::Error), 4);
}

#[test]
fn float64_message_follows_the_mode() {
    let text = "import numpy as np\nx = np.ones(3, dtype='float64')\ny = np.complex128(1)\n";
    let cpu = findings(text, Float64Mode::Cpu);
    assert_eq!(
        cpu[0].2,
        "float64 work runs on the host on the npu (float64 mode 'cpu')"
    );
    assert_eq!(
        cpu[1],
        (
            Severity::Warning,
            3,
            "complex128 work runs on the host on the npu (float64 mode 'cpu')".to_string()
        )
    );
    let off = findings(text, Float64Mode::Off);
    assert!(
        off[0]
            .2
            .starts_with("float64 raises NotImplementedError on the npu in the ops that do not take it (aclnnTanh, aclnnMatmul, aclnnTrunc, aclnnExpm1"),
        "{}",
        off[0].2
    );
    let f32 = findings(text, Float64Mode::Float32);
    assert_eq!(
        f32[1].2,
        "complex128 is demoted to complex64 on the npu (float64 mode 'float32')"
    );
}

#[test]
fn python_float_as_dtype_is_float64() {
    let got = findings(
        "import numpy as np\nx = np.zeros(2, dtype=float)\n",
        Float64Mode::Float32,
    );
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, 2);
    assert!(got[0].2.starts_with("float64 is demoted"));
}

#[test]
fn imports_and_names() {
    let got = findings(
        "import numpyy\nfrom numpy import sqrtt\nimport math\nprint(lenn([1]))\nprint(math.sqrt(2))\n",
        Float64Mode::Float32,
    );
    let msgs: Vec<&str> = got.iter().map(|(_, _, m)| m.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "No module named 'numpyy'. Did you mean: 'numpy'?",
            "cannot import name 'sqrtt' from 'numpy'. Did you mean: 'sqrt'?",
            "name 'lenn' is not defined. Did you mean: 'len'?",
        ]
    );
}

#[test]
fn clean_script_has_no_findings() {
    let text = "\
import numpy as np
import numpy.linalg
from numpy import float32

def scale(v, k=2):
    return v * k

a = np.arange(6, dtype=np.float32).reshape(2, 3)
for i in range(2):
    a[i] = scale(a[i])
b = a.astype(float32) @ a.T
print(np.sum(b), numpy.linalg.norm(b), a.shape)
";
    let (report, _) = run(text, Float64Mode::Float32);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert_eq!(report.summary(), "no problems found");
}

#[test]
fn rendered_with_spans_and_no_colour() {
    let (report, sources) = run(
        "import numpy as np\nb = np.arrange(5)\n",
        Float64Mode::Float32,
    );
    let text = xpush_lang::render(&report.findings[0].diag, &sources, false);
    assert!(
        text.starts_with(
            "AttributeError: module 'numpy' has no attribute 'arrange'. Did you mean: 'arange'?"
        ),
        "{text}"
    );
    assert!(text.contains("script.py:2:8"), "{text}");
    assert!(!text.contains('\x1b'), "{text}");
}

#[test]
fn ipython_lines_are_known_and_a_bad_magic_is_an_error() {
    let text = "\
import numpy as np
%matplotlib inline
%timeit -n 3 -r 2 x = 1
%time y = 2
%whos
np.sum?
math.sqrt??
%foo
:vars x
";
    let got = findings(text, Float64Mode::Float32);
    assert_eq!(
        got,
        vec![
            (
                Severity::Error,
                8,
                "Line magic function `%foo` not found.".to_string()
            ),
            (Severity::Error, 9, ":vars takes no arguments".to_string()),
        ]
    );
    let (report, _) = run(text, Float64Mode::Float32);
    assert_eq!(report.findings[0].diag.class, "UsageError");
}

#[test]
fn a_run_file_binds_its_names() {
    let dir = std::env::temp_dir().join(format!("xpush-check-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("setup.py"), "import numpy as np\nw = np.ones(3)\n").expect("write");
    let text = "%run setup.py\nprint(w, np.sum(w), v)\n";
    let mut sources = SourceMap::new();
    let id = sources.add("script.py", text);
    let report = super::check_in(text, id, Float64Mode::Float32, Some(&dir));
    let _ = std::fs::remove_dir_all(&dir);
    let messages: Vec<&str> = report
        .findings
        .iter()
        .map(|f| f.diag.message.as_str())
        .collect();
    assert_eq!(messages, ["name 'v' is not defined"]);
}

#[test]
fn string_arrays_are_noted_as_host_arrays() {
    let src = "import numpy as np\na = np.array(['x', 'yy'])\nb = np.zeros(3, dtype='S4')\nc = np.arange(3).astype(str)\nd = np.array([1.5])\n";
    let got = findings(src, Float64Mode::Float32);
    let lines: Vec<usize> = got.iter().map(|f| f.1).collect();
    assert_eq!(lines, [2, 3, 4], "{got:?}");
    assert!(
        got[0].2.starts_with("str arrays live on the host"),
        "{got:?}"
    );
    assert!(
        got[1].2.starts_with("bytes arrays live on the host"),
        "{got:?}"
    );
    assert!(got.iter().all(|f| f.0 == Severity::Note));
}

#[test]
fn structured_arrays_are_noted_as_host_arrays() {
    let src = "import numpy as np\na = np.zeros(2, dtype=[('x', 'f8'), ('y', 'i4')])\nb = np.ones(1, dtype='i4,f8')\nc = np.zeros(2, dtype={'names': ['a'], 'formats': ['u1']})\nd = np.zeros(2, dtype='f8')\n";
    let got = findings(src, Float64Mode::Float32);
    let notes: Vec<(usize, &str)> = got
        .iter()
        .filter(|f| f.0 == Severity::Note)
        .map(|f| (f.1, f.2.as_str()))
        .collect();
    assert_eq!(notes.len(), 3, "{got:?}");
    for (line, (at, msg)) in [2, 3, 4].into_iter().zip(&notes) {
        assert_eq!(*at, line, "{got:?}");
        assert!(
            msg.starts_with("structured arrays live on the host"),
            "{got:?}"
        );
    }
}

#[test]
fn a_script_has_file_and_code_without_one_does_not() {
    let text = "print(__file__)\n";
    let mut sources = SourceMap::new();
    let id = sources.add("script.py", text);
    let dir = std::env::temp_dir();
    let report = super::check_in(text, id, Float64Mode::Float32, Some(&dir));
    assert!(report.findings.is_empty(), "{:?}", report.findings.len());
    // `-c` code and the shell's input have no `__file__`, as in CPython.
    let got = findings(text, Float64Mode::Float32);
    assert_eq!(got.len(), 1);
    assert!(got[0].2.contains("'__file__' is not defined"), "{got:?}");
}
