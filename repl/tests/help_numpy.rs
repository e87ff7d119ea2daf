//! `help(f)` and `:help f` for the NumPy submodules: the signature, doc
//! line and examples come from the stdlib table.

use std::process::Command;

fn xpush(code: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .args(["-c", code])
        .env("NO_COLOR", "1")
        .output()
        .expect("xpush runs");
    assert!(
        o.status.success(),
        "xpush failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn help_builtin_prints_signature_and_doc() {
    let out = xpush("import numpy as np\nhelp(np.linalg.solve)");
    assert!(out.starts_with("numpy.linalg.solve(a, b)\n"), "{out}");
    assert!(out.contains("Solves a x = b"), "{out}");
    assert!(out.contains(">>> np.linalg.solve("), "{out}");
}

#[test]
fn help_of_a_generator_method() {
    let out = xpush("import numpy as np\nrng = np.random.default_rng(0)\nhelp(rng.integers)");
    assert!(
        out.starts_with("Generator.integers(self, low, high=None"),
        "{out}"
    );
}

#[test]
fn help_of_poly1d_and_its_methods() {
    let out = xpush(":help np.poly1d");
    assert!(
        out.starts_with("numpy.poly1d(c_or_r, r=False, variable=None)\n"),
        "{out}"
    );
    let out = xpush("import numpy as np\nhelp(np.poly1d)\nhelp(np.poly1d([1, 2]).deriv)");
    assert!(out.starts_with("numpy.poly1d(c_or_r"), "{out}");
    assert!(out.contains("poly1d.deriv(self, m=1)"), "{out}");
}

#[test]
fn help_of_the_polynomial_classes_and_functions() {
    let out = xpush(
        "import numpy as np\nfrom numpy.polynomial import Chebyshev\nhelp(Chebyshev)\nhelp(Chebyshev.fit)\nhelp(Chebyshev([1]).deriv)",
    );
    assert!(
        out.starts_with("numpy.polynomial.Chebyshev(coef, domain=None, window=None, symbol='x')\n"),
        "{out}"
    );
    assert!(
        out.contains("ABCPolyBase.fit(self, x, y, deg, domain=None"),
        "{out}"
    );
    assert!(out.contains("ABCPolyBase.deriv(self, m=1)"), "{out}");
    let out = xpush(":help np.polynomial.laguerre.laggauss");
    assert!(
        out.starts_with("numpy.polynomial.laguerre.laggauss(deg)\n"),
        "{out}"
    );
}

#[test]
fn meta_help_finds_submodule_functions() {
    let out = xpush(":help solve");
    assert!(out.contains("numpy.linalg.solve(a, b)"), "{out}");
    let out = xpush(":help np.fft.rfft");
    assert!(
        out.contains("numpy.fft.rfft(a, n=None, axis=-1, norm=None)"),
        "{out}"
    );
    let out = xpush(":help np.random");
    assert!(out.contains("default_rng(seed=None)"), "{out}");
}
