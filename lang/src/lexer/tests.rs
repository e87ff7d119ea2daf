//! Lexer and completeness tests.

use super::*;

/// The tokens of `text`, which must lex cleanly.
fn toks(text: &str) -> Vec<Token> {
    match lex(text, 0) {
        Ok(tokens) => tokens.into_iter().map(|(t, _)| t).collect(),
        Err(errs) => panic!("{text:?}: {errs:?}"),
    }
}

/// The error messages ("Class: message") for `text`, which must fail.
fn lex_errs(text: &str) -> Vec<String> {
    match lex(text, 0) {
        Ok(tokens) => panic!("{text:?} lexed: {tokens:?}"),
        Err(errs) => errs
            .iter()
            .map(|d| format!("{}: {}", d.class, d.message))
            .collect(),
    }
}

fn name(n: &str) -> Token {
    Token::Name(n.into())
}

fn int(i: i64) -> Token {
    Token::Int(IntLit::Small(i))
}

/// An f-string is its parts: literal text, and each field's expression
/// as ordinary tokens between field markers, with their spans.
#[test]
fn fstring_tokens() {
    let toks: Vec<String> = lex("f'a{x!r:>{w}}{{'", 0)
        .expect("lexes")
        .into_iter()
        .map(|(t, s)| format!("{t:?}@{}", s.start))
        .collect();
    assert_eq!(
        toks,
        [
            "FStart@0",
            "FLit(\"a\")@2",
            "FFieldStart@3",
            "Name(\"x\")@4",
            "FConv('r')@5",
            "FSpec@7",
            "FLit(\">\")@8",
            "FFieldStart@9",
            "Name(\"w\")@10",
            "FFieldEnd@11",
            "FFieldEnd@12",
            "FLit(\"{\")@13",
            "FEnd@15",
            "Newline@16",
        ]
    );
}

#[test]
fn numbers() {
    assert_eq!(
        toks("0x1F 0o17 0b1_01 1_000 0 00"),
        [
            int(31),
            int(15),
            int(5),
            int(1000),
            int(0),
            int(0),
            Token::Newline
        ]
    );
    assert_eq!(
        toks("1. .5 1e-3 1_000.5 1E+2"),
        [
            Token::Float(1.0),
            Token::Float(0.5),
            Token::Float(0.001),
            Token::Float(1000.5),
            Token::Float(100.0),
            Token::Newline
        ]
    );
    assert_eq!(
        toks("2j 1.5j 1e3J"),
        [
            Token::Imag(2.0),
            Token::Imag(1.5),
            Token::Imag(1000.0),
            Token::Newline
        ]
    );
    assert_eq!(toks("9223372036854775807")[0], int(i64::MAX));
    assert_eq!(
        toks("9223372036854775808")[0],
        Token::Int(IntLit::Big("9223372036854775808".into()))
    );
    assert_eq!(
        toks("0x1_0000_0000_0000_0000")[0],
        Token::Int(IntLit::Big("18446744073709551616".into()))
    );
    assert_eq!(toks("1if x else 2")[..2], [int(1), Token::Kw("if")]);
    assert_eq!(lex_errs("1abc"), ["SyntaxError: invalid decimal literal"]);
    assert_eq!(lex_errs("1__0"), ["SyntaxError: invalid decimal literal"]);
    assert_eq!(
        lex_errs("0b12"),
        ["SyntaxError: invalid digit '2' in binary literal"]
    );
    assert_eq!(lex_errs("0x"), ["SyntaxError: invalid hexadecimal literal"]);
    assert!(lex_errs("012")[0].contains("leading zeros"));
}

#[test]
fn strings() {
    let s = |v: &str| Token::Str(v.into());
    assert_eq!(
        toks(r#"'a' "b" '''c''' """d""""#)[..4],
        [s("a"), s("b"), s("c"), s("d")]
    );
    assert_eq!(
        toks(r#"'\n\t\\\'\"\x41\u00e9\101\q'"#)[0],
        s("\n\t\\'\"Aé A\\q".replace(' ', "").as_str())
    );
    assert_eq!(toks(r"r'\n\''")[0], s(r"\n\'"));
    assert_eq!(toks("'''a\nb'''")[0], s("a\nb"));
    assert_eq!(toks("'a\\\nb'")[0], s("ab"));
    assert_eq!(
        lex_errs("x = 'abc\ny = 1"),
        ["SyntaxError: unterminated string literal (detected at line 1)"]
    );
    assert_eq!(
        lex_errs("x = '''abc\n\n"),
        ["SyntaxError: unterminated triple-quoted string literal (detected at line 3)"]
    );
    assert_eq!(lex_errs("f'{x'"), ["SyntaxError: f-string: expecting '}'"]);
    assert_eq!(
        lex_errs("f'abc"),
        ["SyntaxError: unterminated string literal (detected at line 1)"]
    );
}

#[test]
fn bytes_literals() {
    let b = |v: &[u8]| Token::Bytes(v.to_vec());
    assert_eq!(
        toks(r"b'a\n\x41\xff\101\777\u00e9\q' rb'\x' B'''x'''")[..3],
        [b(b"a\nA\xffA\xff\\u00e9\\q"), b(b"\\x"), b(b"x")]
    );
    assert_eq!(toks("b'a\\\nb'")[0], b(b"ab"));
    assert_eq!(
        lex_errs("b'caf\u{e9}'"),
        ["SyntaxError: bytes can only contain ASCII literal characters"]
    );
    assert_eq!(
        lex_errs(r"b'ab\x4'"),
        ["SyntaxError: (value error) invalid \\x escape at position 2"]
    );
    assert_eq!(
        lex_errs("b'abc"),
        ["SyntaxError: unterminated string literal (detected at line 1)"]
    );
}

#[test]
fn operators_and_keywords() {
    let ops = "** // @ += -= *= /= //= %= **= @= &= |= ^= <<= >>= ... : , . ; -> :=";
    let got: Vec<Token> = toks(ops);
    let want: Vec<Token> = ops
        .split(' ')
        .map(|o| Token::Op(OPERATORS.iter().find(|x| **x == o).copied().unwrap_or("?")))
        .collect();
    assert_eq!(got[..want.len()], want[..]);
    assert_eq!(
        toks("lambda x: True")[..2],
        [Token::Kw("lambda"), name("x")]
    );
    for kw in KEYWORDS {
        assert_eq!(toks(kw)[0], Token::Kw(kw));
    }
    assert_eq!(toks("a # comment\n")[..], [name("a"), Token::Newline]);
    assert_eq!(lex_errs("a $ b"), ["SyntaxError: invalid syntax"]);
    assert_eq!(
        lex_errs("a “b”")[0],
        "SyntaxError: invalid character '“' (U+201C)"
    );
}

#[test]
fn blocks() {
    use Token::*;
    let text = "if x:\n    y = 1\n\n    # comment\n    if z:\n        pass\nw\n";
    assert_eq!(
        toks(text),
        [
            Kw("if"),
            name("x"),
            Op(":"),
            Newline,
            Indent,
            name("y"),
            Op("="),
            int(1),
            Newline,
            Kw("if"),
            name("z"),
            Op(":"),
            Newline,
            Indent,
            Kw("pass"),
            Newline,
            Dedent,
            Dedent,
            name("w"),
            Newline
        ]
    );
    // Dedents at the end of input, no trailing newline.
    assert_eq!(
        toks("if x:\n  y")[4..],
        [Indent, name("y"), Newline, Dedent]
    );
    // Brackets and backslashes join lines.
    assert_eq!(
        toks("f(1,\n  2)\n")[..],
        [
            name("f"),
            Op("("),
            int(1),
            Op(","),
            int(2),
            Op(")"),
            Newline
        ]
    );
    assert_eq!(
        toks("x = 1 + \\\n  2\n")[..],
        [name("x"), Op("="), int(1), Op("+"), int(2), Newline]
    );
    assert_eq!(toks("a; b")[..], [name("a"), Op(";"), name("b"), Newline]);
    assert_eq!(toks("")[..], []);
    assert_eq!(toks("\n\n  # only a comment\n")[..], []);
}

#[test]
fn ipython_magics_and_help_requests_are_meta_lines() {
    use Token::*;
    assert_eq!(
        toks("%timeit -n 3 x = 1\nx\n")[..3],
        [Meta("%timeit -n 3 x = 1".into()), Newline, name("x")]
    );
    // A line magic may be indented in a block, as IPython allows.
    assert_eq!(
        toks("if a:\n    %time f()  \n")[4..7],
        [Indent, Meta("%time f()".into()), Newline]
    );
    assert_eq!(toks("np.sum?\n")[..], [Meta("np.sum?".into()), Newline]);
    assert_eq!(
        toks("math.sqrt??")[..],
        [Meta("math.sqrt??".into()), Newline]
    );
    assert_eq!(toks("?a")[..], [Meta("?a".into()), Newline]);
    // The span is the line without its indentation and trailing spaces.
    let spanned = lex("  a? \n", 0).map(|t| t[0].1.range());
    assert!(
        spanned.is_err(),
        "an indented help line is an unexpected indent"
    );
    let spanned = lex("a? \n", 0).map(|t| t[0].1.range());
    assert_eq!(spanned.ok(), Some(0..2));
    // A cell magic takes the rest of the input; elsewhere `%%` is a line magic.
    assert_eq!(
        toks("%%timeit\nx = 1\ny = 2\n")[..],
        [Meta("%%timeit\nx = 1\ny = 2".into()), Newline]
    );
    assert_eq!(
        lex_errs("x\n%%time -n 2\ny\n"),
        ["UsageError: Cell magic `%%time` must be the first line of its cell (the input)"]
    );
    // `?` anywhere else is still not Python.
    for bad in ["a ? b", "f(a?)", "a?b", "a.?", "a???", "?a?", "1?", "a[0]?"] {
        assert!(lex(bad, 0).is_err(), "{bad:?} lexed");
    }
}

#[test]
fn a_cell_magic_reads_to_an_empty_line() {
    assert_eq!(completeness("%%timeit"), Completeness::Incomplete);
    assert_eq!(completeness("%%timeit\nx = 1"), Completeness::Incomplete);
    assert_eq!(completeness("%%timeit\nx = 1\n"), Completeness::Complete);
    assert_eq!(completeness("%timeit x = 1"), Completeness::Complete);
    assert_eq!(completeness("np.sum?"), Completeness::Complete);
}

#[test]
fn help_requests_are_dotted_names() {
    assert_eq!(help_request("np.sum?"), Some((0..6, false)));
    assert_eq!(help_request("np.sum??  "), Some((0..6, true)));
    assert_eq!(help_request("??np.sum"), Some((2..8, true)));
    assert_eq!(help_request("np. sum?"), None);
    assert_eq!(help_request("?"), None);
    assert_eq!(help_request("x = a?"), None);
}

#[test]
fn meta_commands() {
    use Token::*;
    assert_eq!(
        toks(":time on\nx = 1\n")[..3],
        [Meta(":time on".into()), Newline, name("x")]
    );
    assert_eq!(
        toks(":mode float64=cpu")[..],
        [Meta(":mode float64=cpu".into()), Newline]
    );
    // Inside an expression a colon is an operator.
    assert_eq!(toks("a[\n:1]")[..3], [name("a"), Op("["), Op(":")]);
}

#[test]
fn indentation_errors() {
    assert_eq!(
        lex_errs("x = 1\n    y = 2\n"),
        ["IndentationError: unexpected indent"]
    );
    assert_eq!(
        lex_errs("if x:\n    y = 1\n  z = 2\n"),
        ["IndentationError: unindent does not match any outer indentation level"]
    );
    assert_eq!(
        lex_errs("if x:\n\ty = 1\n        z = 2\n"),
        ["TabError: inconsistent use of tabs and spaces in indentation"]
    );
    assert_eq!(
        lex_errs("if x:\ny = 1\n"),
        ["IndentationError: expected an indented block after 'if' statement on line 1"]
    );
    assert_eq!(
        lex_errs("def f():\n"),
        ["IndentationError: expected an indented block after function definition on line 1"]
    );
    // Tabs used consistently are fine.
    assert_eq!(
        toks("if x:\n\ty\n\tz\n")
            .iter()
            .filter(|t| **t == Token::Indent)
            .count(),
        1
    );
}

#[test]
fn brackets() {
    assert_eq!(lex_errs("f(1, 2"), ["SyntaxError: '(' was never closed"]);
    assert_eq!(lex_errs("x = 1)"), ["SyntaxError: unmatched ')'"]);
    assert_eq!(
        lex_errs("x = (1]"),
        ["SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"]
    );
    assert_eq!(
        lex_errs("x = (1,\n2]"),
        ["SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' on line 1"]
    );
}

#[test]
fn spans() {
    let tokens = lex("x = 10  # c\nif y:\n  z\n", 3).unwrap_or_default();
    let spans: Vec<(usize, usize)> = tokens
        .iter()
        .map(|(_, s)| (s.start as usize, s.end as usize))
        .collect();
    assert_eq!(spans[..4], [(0, 1), (2, 3), (4, 6), (11, 12)]);
    assert!(tokens.iter().all(|(_, s)| s.src == 3));
    // The Indent covers the indentation; Dedent is empty at the end.
    assert_eq!(tokens[8].0, Token::Indent);
    assert_eq!(spans[8], (18, 20));
}

#[test]
fn completeness_cases() {
    use Completeness::*;
    let cases: &[(&str, Completeness)] = &[
        ("x = 1", Complete),
        ("", Complete),
        ("if x:", Incomplete),
        ("if x:\n    y = 1", Incomplete),
        ("if x:\n    y = 1\n", Complete),
        ("if x:\n    y = 1\n\n", Complete),
        ("if x: y = 1", Incomplete),
        ("if x: y = 1\n", Complete),
        (
            "for i in range(3):\n    if i:\n        pass\n    ",
            Complete,
        ),
        ("def f(:", Complete),
        ("x = (1,", Incomplete),
        ("x = (1,\n2", Incomplete),
        ("x = (1,\n2)", Complete),
        ("f(a,\n  b", Incomplete),
        ("x = [1, 2", Incomplete),
        ("x = '''abc", Incomplete),
        ("x = '''abc\ndef'''", Complete),
        ("x = 1 + \\", Incomplete),
        ("x = 'abc", Complete),
        ("if x = 1:", Complete),
        ("x = )", Complete),
        (":time on", Complete),
        ("x = {", Incomplete),
        ("x = {1: 2}", Complete),
        ("while True:\n    x += 1\n  y", Complete),
    ];
    for (text, want) in cases {
        assert_eq!(completeness(text), *want, "{text:?}");
    }
}
