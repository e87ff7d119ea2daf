//! Rendering tests.

use super::*;
use crate::parse;

fn render_first(name: &str, text: &str) -> String {
    let mut sources = SourceMap::new();
    let id = sources.add(name, text);
    let diag = parse(text, id).expect_err("should fail").remove(0);
    render(&diag, &sources, false)
}

#[test]
fn header_and_labels() {
    let out = render_first("<input:1>", "if x = 1:\n    pass\n");
    let golden = "\
SyntaxError: invalid syntax. Maybe you meant '==' instead of '='?
   ╭─[ <input:1>:1:6 ]
   │
 1 │ if x = 1:
   │ ─┬   ┬  
   │  │   ╰── invalid syntax. Maybe you meant '==' instead of '='?
   │  │      
   │  ╰────── while parsing this if statement
   │ 
   │ Help: did you mean `==`?
───╯
";
    assert_eq!(out, golden);
    assert!(out.contains("<input:1>"), "{out}");
    assert!(out.contains("did you mean `==`?"), "{out}");
    assert!(out.contains("while parsing this if statement"), "{out}");
}

#[test]
fn eof_and_expected_note() {
    let out = render_first("<input:2>", "f(1 2)\n");
    assert!(out.contains("expected one of"), "{out}");
    let out = render_first("<input:3>", "x = (1,\n");
    assert!(
        out.starts_with("SyntaxError: '(' was never closed"),
        "{out}"
    );
}

#[test]
fn builtin_and_clamping() {
    let sources = SourceMap::new();
    let mut diag = Diagnostic::new("ValueError", "bad value", Span::BUILTIN);
    diag.notes.push("a note".into());
    assert_eq!(
        render(&diag, &sources, false),
        "ValueError: bad value\nnote: a note\n"
    );

    let mut sources = SourceMap::new();
    let id = sources.add("<input:1>", "é = 1\n");
    for (start, end) in [(0, 1), (1, 1), (100, 200), (5, 2), (7, 7)] {
        let mut diag = Diagnostic::new("NameError", "x", Span::new(id, start, end));
        diag.contexts
            .push((Span::new(id, end, start), "ctx".into()));
        diag.contexts
            .push((Span::new(99, 0, 1), "unknown source".into()));
        let out = render(&diag, &sources, true);
        assert!(out.contains("NameError"), "{out}");
    }
}

#[test]
fn traceback_lines() {
    let mut sources = SourceMap::new();
    let text = "def f(x):\n    return x + y\nf(1)\n";
    let id = sources.add("<input:1>", text);
    let mut diag = Diagnostic::new(
        "NameError",
        "name 'y' is not defined",
        Span::new(id, 25, 26),
    );
    diag.traceback = vec![
        TraceFrame {
            function: "<module>".into(),
            span: Span::new(id, 27, 31),
        },
        TraceFrame {
            function: "f".into(),
            span: Span::new(id, 14, 26),
        },
    ];
    let out = render(&diag, &sources, false);
    assert!(out.starts_with(
        "Traceback (most recent call last):\n  File \"<input:1>\", line 3, in <module>\n    f(1)\n  File \"<input:1>\", line 2, in f\n    return x + y\nNameError: name 'y' is not defined"
    ), "{out}");
}
