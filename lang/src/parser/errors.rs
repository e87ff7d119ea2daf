//! Turning chumsky's `Rich` errors into Python-worded [`Diagnostic`]s.

use chumsky::error::{Rich, RichPattern, RichReason};

use crate::diagnostics::Diagnostic;
use crate::lexer::Token;
use crate::span::Span;

/// Separates the message from the help text inside a custom error (chumsky's
/// custom errors carry one string).
const HELP_SEPARATOR: char = '\u{1}';

/// A custom syntax error with an optional help line.
pub(crate) fn custom<'a>(span: Span, message: &str, help: Option<&str>) -> Rich<'a, Token, Span> {
    match help {
        Some(help) => Rich::custom(span, format!("{message}{HELP_SEPARATOR}{help}")),
        None => Rich::custom(span, message),
    }
}

/// Tokens that can continue an expression after an operand: listed as
/// "an operator" instead of one by one.
fn continues_expression(token: &Token) -> bool {
    match token {
        Token::Op(op) => matches!(
            *op,
            "+" | "-"
                | "*"
                | "/"
                | "//"
                | "%"
                | "**"
                | "@"
                | "&"
                | "|"
                | "^"
                | "<<"
                | ">>"
                | "<"
                | ">"
                | "<="
                | ">="
                | "=="
                | "!="
                | "("
                | "["
                | "."
                | ":="
        ),
        Token::Kw(kw) => matches!(*kw, "and" | "or" | "not" | "in" | "is" | "if"),
        _ => false,
    }
}

/// Labels of parsers that start an expression: listed as "an expression".
const EXPRESSION_LABELS: &[&str] = &["an expression", "parenthesized expression", "list"];

/// Tokens that can only start an operand (`-`, `+`, `(`, `[` can also
/// follow one, and count as operators).
fn starts_expression(token: &Token) -> bool {
    match token {
        Token::Kw(kw) => matches!(
            *kw,
            "await" | "lambda" | "yield" | "True" | "False" | "None"
        ),
        Token::Op(op) => matches!(*op, "{" | "~" | "..."),
        Token::Int(_)
        | Token::Float(_)
        | Token::Imag(_)
        | Token::Str(_)
        | Token::Bytes(_)
        | Token::FStart => true,
        _ => false,
    }
}

/// Converts one parser error. `eoi` is the span of the end of the input.
pub(crate) fn to_diagnostic(err: Rich<'_, Token, Span>, eoi: Span) -> Diagnostic {
    let span = *err.span();
    let contexts: Vec<(Span, String)> = err
        .contexts()
        .map(|(label, span)| (*span, format!("while parsing this {}", pattern_name(label))))
        .collect();
    let mut diag = match err.reason() {
        RichReason::Custom(msg) => {
            let mut parts = msg.splitn(2, HELP_SEPARATOR);
            let mut diag = Diagnostic::new(
                "SyntaxError",
                parts.next().unwrap_or("invalid syntax"),
                span,
            );
            diag.help = parts.next().map(str::to_string);
            diag
        }
        RichReason::ExpectedFound { expected, found } => {
            expected_found(expected, found.as_deref(), span, eoi)
        }
    };
    diag.contexts = contexts;
    diag
}

fn expected_found(
    expected: &[RichPattern<'_, Token>],
    found: Option<&Token>,
    span: Span,
    eoi: Span,
) -> Diagnostic {
    let mut names: Vec<String> = Vec::new();
    let mut operator = false;
    let mut expression = false;
    for pattern in expected {
        match pattern {
            RichPattern::Token(t) if starts_expression(t) => expression = true,
            RichPattern::Token(t) if continues_expression(t) => operator = true,
            RichPattern::Label(l) if EXPRESSION_LABELS.contains(&l.as_ref()) => expression = true,
            RichPattern::Label(l) if matches!(l.as_ref(), "call" | "subscript") => operator = true,
            RichPattern::Any | RichPattern::SomethingElse => {}
            other => names.push(pattern_name(other)),
        }
    }
    if expression {
        names.insert(0, "an expression".into());
    }
    if operator {
        names.push("an operator".into());
    }
    let mut seen = Vec::new();
    names.retain(|n| {
        let new = !seen.contains(n);
        seen.push(n.clone());
        new
    });
    let wants = |s: &str| names.iter().any(|n| n == s);
    let Some(found) = found else {
        let mut diag = Diagnostic::new("SyntaxError", "unexpected EOF while parsing", eoi);
        diag.notes.push(expected_note(&names));
        return diag;
    };
    let (class, message) = match found {
        Token::Indent => ("IndentationError", "unexpected indent".to_string()),
        _ if wants("`:`") && !wants("`]`") && (*found == Token::Newline || !wants("`,`")) => {
            ("SyntaxError", "expected ':'".into())
        }
        Token::Name(_)
        | Token::Int(_)
        | Token::Float(_)
        | Token::Imag(_)
        | Token::Str(_)
        | Token::Bytes(_)
            if wants("`,`") =>
        {
            (
                "SyntaxError",
                "invalid syntax. Perhaps you forgot a comma?".into(),
            )
        }
        _ => ("SyntaxError", "invalid syntax".into()),
    };
    let mut diag = Diagnostic::new(class, message, span);
    diag.label = Some(format!("unexpected {}", found.describe()));
    if !names.is_empty() {
        diag.notes.push(expected_note(&names));
    }
    diag
}

/// "expected one of: `)`, `,`" or "expected an expression".
fn expected_note(names: &[String]) -> String {
    match names {
        [] => "expected more input".into(),
        [one] => format!("expected {one}"),
        many => format!("expected one of: {}", many.join(", ")),
    }
}

fn pattern_name(pattern: &RichPattern<'_, Token>) -> String {
    match pattern {
        RichPattern::Token(t) => t.describe(),
        RichPattern::Label(l) => l.to_string(),
        RichPattern::Identifier(i) => format!("`{i}`"),
        RichPattern::Any => "any token".into(),
        RichPattern::SomethingElse => "something else".into(),
        RichPattern::EndOfInput => "end of input".into(),
        _ => "something else".into(),
    }
}
