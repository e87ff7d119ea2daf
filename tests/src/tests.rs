//! Unit tests of the harness itself.

use super::*;

#[test]
fn directives_parse() {
    let d = parse_directives("# xpush: rtol=1e-12\n# a comment\n\n# xpush: skip-device=npu,npu:1 timeout=5\nx = 1\n# xpush: atol=1\n")
        .unwrap();
    assert_eq!(d.rtol, Some(1e-12));
    assert_eq!(d.atol, None, "directives stop at the first code line");
    assert_eq!(d.skip_devices, vec!["npu", "npu:1"]);
    assert_eq!(d.timeout(), Duration::from_secs(5));
    assert!(d.skips_device("npu"));
    assert!(d.skips_device("npu:3"));
    assert!(!d.skips_device("cpu"));
    assert!(parse_directives("# xpush: rtool=1\n").is_err());
    assert!(parse_directives("# xpush: rtol=abc\n").is_err());
    assert!(parse_directives("# xpush: rtol\n").is_err());
    assert_eq!(
        parse_directives("print(1)\n").unwrap(),
        Directives::default()
    );
}

#[test]
fn expected_error_parse() {
    let e = parse_expected_error("ZeroDivisionError: division by zero\n").unwrap();
    assert_eq!(e.class, "ZeroDivisionError");
    assert!(!e.class_only);
    let s = parse_expected_error("SyntaxError: invalid syntax\n# xpush: match=class\n").unwrap();
    assert!(s.class_only);
    let a = parse_expected_error("AssertionError\n").unwrap();
    assert_eq!(a.class, "AssertionError");
    assert_eq!(a.line, "AssertionError");
    assert!(parse_expected_error("").is_err());
    assert!(parse_expected_error("not a class line: x\n").is_err());
}

#[test]
fn classes() {
    assert_eq!(exception_class("ValueError: x: y"), "ValueError");
    assert_eq!(exception_class("AssertionError"), "AssertionError");
    assert!(class_matches("SyntaxError", "IndentationError"));
    assert!(class_matches("IndentationError", "TabError"));
    assert!(!class_matches("TabError", "SyntaxError"));
    assert!(!class_matches("ValueError", "TypeError"));
    assert_eq!(last_line("a\nb  \n\n"), "b");
}

#[test]
fn tolerance() {
    assert!(numeric_close(
        "x = 1.0000000000001\n",
        "x = 1.0\n",
        1e-12,
        0.0
    ));
    assert!(!numeric_close("x = 1.001\n", "x = 1.0\n", 1e-12, 0.0));
    assert!(numeric_close(
        "[1e-05, -2.5]",
        "[1.00000000000001e-05, -2.50000000000001]",
        1e-12,
        0.0
    ));
    assert!(numeric_close("(1+2j)", "(1.0000000000001+2j)", 1e-12, 0.0));
    assert!(!numeric_close("(1+2j)", "(1-2j)", 1e-12, 0.0));
    assert!(!numeric_close("nan inf", "nan -inf", 1.0, 1.0));
    assert!(!numeric_close("a 1", "b 1", 1.0, 1.0));
    assert!(
        !numeric_close("0x1f", "0x20", 1.0, 1.0),
        "hex digits are text"
    );
    assert!(numeric_close("0.0", "1e-20", 0.0, 1e-15));
    assert!(!numeric_close("1 2", "1 2 3", 1.0, 1.0));
    assert!(numeric_close("var1 = 3", "var1 = 3", 0.0, 0.0));
}

#[test]
fn diff_shows_changes() {
    let d = unified_diff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n", "expected", "xpush");
    assert_eq!(
        d,
        "--- expected\n+++ xpush\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e\n"
    );
    let far: String = (0..20).map(|i| format!("{i}\n")).collect();
    let far2 = far.replace("2\n", "two\n").replace("17\n", "seventeen\n");
    let d = unified_diff(&far, &far2, "e", "x");
    assert_eq!(d.matches("@@").count(), 4, "two hunks:\n{d}");
    assert!(d.contains("-17\n+seventeen\n"));
    let d = unified_diff("", "x\n", "e", "x");
    assert!(d.contains("@@ -0,0 +1,1 @@\n+x\n"), "{d}");
}

#[test]
fn tolerant_diff_only_marks_real_differences() {
    let d = Directives {
        rtol: Some(1e-9),
        ..Directives::default()
    };
    assert!(compare_stdout("1.0\n2.0\n", "1.0000000001\n2.0\n", &d).is_none());
    let diff = compare_stdout("1.0\n2.0\n", "1.0000000001\n3.0\n", &d).unwrap();
    assert!(diff.contains("-2.0\n+3.0\n"), "{diff}");
    assert!(!diff.contains("-1.0\n"), "{diff}");
}

#[test]
fn missing_final_newline_is_reported() {
    let diff = compare_stdout("a\n", "a", &Directives::default()).unwrap();
    assert!(diff.contains("final newline"), "{diff}");
}

#[test]
fn prefixes() {
    let text = "x = f(1)\n";
    let cuts = prefix_cuts(text);
    let pieces: Vec<&str> = cuts.iter().map(|&c| &text[..c]).collect();
    assert_eq!(
        pieces,
        vec!["x", "x ", "x =", "x = ", "x = f", "x = f(", "x = f(1", "x = f(1)"]
    );
    assert!(prefix_cuts("é é")
        .iter()
        .all(|&c| "é é".is_char_boundary(c)));
}

#[test]
fn stderr_normalisation() {
    let dir = Path::new("/some/where");
    let s = normalize_stderr(
        "  File \"/some/where/x.py\", line 1   \r\nNameError: x\n",
        dir,
    );
    assert_eq!(s, "  File \"$DIR/x.py\", line 1\nNameError: x\n");
}

fn case_with(dir: &Path, name: &str, text: &str, out: &str, err: Option<&str>) -> Case {
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, text).unwrap();
    std::fs::write(path.with_extension("out"), out).unwrap();
    if let Some(e) = err {
        std::fs::write(path.with_extension("err"), e).unwrap();
    }
    discover(dir).into_iter().find(|c| c.name == name).unwrap()
}

/// A fake interpreter: a shell script that prints fixed output, so the
/// process handling is tested without python3 or xpush.
#[cfg(unix)]
fn fake_bin(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-xpush");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn run_case_end_to_end() {
    let dir = scratch("run");
    let cases = dir.join("cases");
    let ok = case_with(&cases, "ok", "print(1)\n", "1\n", None);
    let fails = case_with(
        &cases,
        "fails",
        "1/0\n",
        "",
        Some("ZeroDivisionError: division by zero\n"),
    );
    let syntax = case_with(
        &cases,
        "syn",
        "(\n",
        "",
        Some("SyntaxError: '(' was never closed\n# xpush: match=class\n"),
    );

    let good = fake_bin(&dir, "case \"$1\" in ok.py) echo 1;; fails.py) echo 'Traceback' >&2; echo 'ZeroDivisionError: division by zero' >&2; exit 1;; *) echo 'SyntaxError: bad' >&2; exit 1;; esac");
    run_case(&good, &ok, &[]).unwrap();
    run_case(&good, &fails, &[]).unwrap();
    run_case(&good, &syntax, &[]).unwrap();

    let bad = fake_bin(&dir, "echo 2; echo 'ValueError: nope' >&2; exit 1");
    let e = run_case(&bad, &ok, &[]).unwrap_err();
    assert!(
        e.contains("expected exit 0") && e.contains("-1\n+2") && e.contains("ValueError: nope"),
        "{e}"
    );
    let e = run_case(&bad, &fails, &[]).unwrap_err();
    assert!(e.contains("exception line"), "{e}");

    let slow = fake_bin(&dir, "sleep 5");
    let mut quick = ok.clone();
    quick.directives = Ok(Directives {
        timeout_secs: Some(1),
        ..Directives::default()
    });
    let start = Instant::now();
    let e = run_case(&slow, &quick, &[]).unwrap_err();
    assert!(e.contains("timeout"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(4));

    let args = fake_bin(&dir, "echo \"$@\"");
    let a = case_with(&cases, "args", "", "--device npu args.py\n", None);
    run_case(&args, &a, &["--device", "npu"]).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn error_golden_bless_and_compare() {
    let dir = scratch("golden");
    let py = dir.join("name_error.py");
    std::fs::write(&py, "print(x)\n").unwrap();
    std::fs::write(py.with_extension("class"), "NameError\n").unwrap();
    let dir_text = dir.to_str().unwrap();
    let bin = fake_bin(
        &dir,
        &format!("echo \"error in {dir_text}/$1\" >&2; echo \"NameError: name 'x' is not defined\" >&2; exit 1"),
    );
    let e = check_error_golden(&bin, &py).unwrap_err();
    assert!(e.contains("missing golden"), "{e}");
    std::fs::write(
        py.with_extension("stderr"),
        "error in $DIR/name_error.py\nNameError: name 'x' is not defined\n",
    )
    .unwrap();
    check_error_golden(&bin, &py).unwrap();
    std::fs::write(py.with_extension("class"), "TypeError\n").unwrap();
    let e = check_error_golden(&bin, &py).unwrap_err();
    assert!(e.contains("expected TypeError"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn repository_cases_are_well_formed() {
    let cases = discover(&cases_dir());
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    for c in &cases {
        assert!(c.directives.is_ok(), "{}: {:?}", c.name, c.directives);
        assert!(c.out_path().exists(), "{} has no .out", c.name);
        if let Ok(t) = std::fs::read_to_string(c.err_path()) {
            parse_expected_error(&t).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        }
    }
    for p in error_corpus(&errors_dir()) {
        assert!(
            p.with_extension("class").exists(),
            "{} has no .class",
            p.display()
        );
    }
    assert!(!no_panic_inputs(&tests_dir()).is_empty());
}

#[test]
fn cpu_dependent_cases_name_existing_cases() {
    let listed = cpu_dependent_cases();
    // The float32 transcendental case can only differ by CPU: if the list
    // lost it, the file was not read or not parsed.
    assert!(
        listed
            .iter()
            .any(|c| c == "numpy/ufunc_float32_transcendental"),
        "{listed:?}"
    );
    let names: Vec<String> = discover(&cases_dir()).into_iter().map(|c| c.name).collect();
    for c in &listed {
        assert!(
            names.contains(c),
            "tests/dispatch_dependent.txt lists {c}, which is no case"
        );
    }
}

#[test]
fn no_fma_override_turns_the_cpu_check_off() {
    std::env::set_var("XPUSH_TEST_NO_FMA", "1");
    assert!(!cpu_has_avx2_fma());
    std::env::remove_var("XPUSH_TEST_NO_FMA");
}

#[test]
fn exception_line_finds_public_and_private_classes() {
    let tb = "Traceback (most recent call last):\n  File \"x.py\", line 2, in <module>\n    f()\nValueError: bad\n    ╭─[ x.py:2:1 ]\n";
    assert_eq!(exception_line(tb), "ValueError: bad");
    let private =
        "Traceback (most recent call last):\n_ArrayMemoryError: Unable to allocate 7.45 GiB\n";
    assert_eq!(
        exception_line(private),
        "_ArrayMemoryError: Unable to allocate 7.45 GiB"
    );
    assert_eq!(exception_line("warning: not an exception\n"), "");
}
