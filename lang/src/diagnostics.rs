//! The single place where errors become text: every lexer, parser and
//! runtime error is turned into a [`Diagnostic`] and rendered by ariadne.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::rc::Rc;

use ariadne::{Cache, CharSet, Color, Config, IndexType, Label, Report, ReportKind};

use crate::span::{SourceId, SourceMap, Span};

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
///
/// The output starts with a Python-style traceback when `diag.traceback` is
/// not empty, then the ariadne report whose header reads `<Class>: <message>`
/// (the primary label, contexts as secondary labels, notes, help). A
/// diagnostic without source text ([`Span::BUILTIN`] or an unknown source)
/// is just `<Class>: <message>` plus its notes and help. Spans are clamped
/// to their text, so this never panics.
pub fn render(diag: &Diagnostic, sources: &SourceMap, color: bool) -> String {
    let mut out = traceback(diag, sources);
    let Some(primary) = sources.get(diag.span.src) else {
        out.push_str(&plain(diag));
        return out;
    };
    let mut cache = ReportCache::default();
    let span = cache.add(diag.span, primary);
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_char_set(CharSet::Unicode)
        .with_color(color);
    let label = match &diag.label {
        Some(label) => label.clone(),
        None if diag.message.is_empty() => diag.class.clone(),
        None => diag.message.clone(),
    };
    // `xpush check` reports warnings and notes through the same renderer.
    let color_of_class = match diag.class.as_str() {
        "warning" => Color::Yellow,
        "note" => Color::Cyan,
        _ => Color::Red,
    };
    let mut report = Report::build(
        ReportKind::Custom(&diag.class, color_of_class),
        span.clone(),
    )
    .with_config(config)
    .with_message(&diag.message)
    .with_label(
        Label::new(span)
            .with_message(label)
            .with_color(color_of_class)
            .with_order(0),
    );
    for (i, (ctx_span, text)) in diag.contexts.iter().enumerate() {
        if let Some(source) = sources.get(ctx_span.src) {
            let span = cache.add(*ctx_span, source);
            let order = i32::try_from(i + 1).unwrap_or(i32::MAX);
            report = report.with_label(
                Label::new(span)
                    .with_message(text)
                    .with_color(Color::Blue)
                    .with_order(order),
            );
        }
    }
    for note in &diag.notes {
        report = report.with_note(note);
    }
    if let Some(help) = &diag.help {
        report = report.with_help(help);
    }
    let mut buf = Vec::new();
    if report.finish().write(&mut cache, &mut buf).is_err() {
        out.push_str(&plain(diag));
        return out;
    }
    let text = String::from_utf8_lossy(&buf);
    // ariadne colours the header even when colours are off: strip them.
    let mut text = if color {
        text.into_owned()
    } else {
        strip_ansi(&text)
    };
    if diag.message.is_empty() {
        // Python prints a bare class (`AssertionError`), not `AssertionError: `.
        if let Some(end) = text.find('\n') {
            let header = text[..end].trim_end().trim_end_matches(':').to_string();
            text.replace_range(..end, &header);
        }
    }
    out.push_str(&text);
    out
}

/// Removes ANSI escape sequences (`ESC [ ... letter`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `<Class>: <message>` with notes and help, for errors without source text.
fn plain(diag: &Diagnostic) -> String {
    let mut out = format!("{}: {}\n", diag.class, diag.message);
    for note in &diag.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    if let Some(help) = &diag.help {
        out.push_str(&format!("help: {help}\n"));
    }
    out
}

/// The `Traceback (most recent call last):` block, or nothing.
fn traceback(diag: &Diagnostic, sources: &SourceMap) -> String {
    if diag.traceback.is_empty() {
        return String::new();
    }
    let mut out = String::from("Traceback (most recent call last):\n");
    for frame in &diag.traceback {
        let name = sources
            .get(frame.span.src)
            .map_or("<builtin>", |s| s.name.as_str());
        match sources.line_of(frame.span) {
            Some(line) => {
                out.push_str(&format!(
                    "  File \"{name}\", line {line}, in {}\n",
                    frame.function
                ));
                if let Some(text) = sources.line_text(frame.span) {
                    out.push_str(&format!("    {}\n", text.trim()));
                }
            }
            None => out.push_str(&format!("  File \"{name}\", in {}\n", frame.function)),
        }
    }
    out
}

/// An ariadne span: a source id and a byte range.
type ReportSpan = (SourceId, Range<usize>);

/// The sources a report needs, keyed by [`SourceId`] and shown by name.
#[derive(Default)]
struct ReportCache {
    sources: HashMap<SourceId, (String, ariadne::Source<Rc<str>>)>,
}

impl ReportCache {
    /// Registers `span`'s source and returns the span clamped to its text.
    fn add(&mut self, span: Span, source: &crate::span::Source) -> ReportSpan {
        let text: &str = &source.text;
        let floor = |mut i: usize| {
            i = i.min(text.len());
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = floor(span.start as usize);
        let end = floor(span.end as usize).max(start);
        self.sources.entry(span.src).or_insert_with(|| {
            (
                source.name.clone(),
                ariadne::Source::from(source.text.clone()),
            )
        });
        (span.src, start..end)
    }
}

impl Cache<SourceId> for ReportCache {
    type Storage = Rc<str>;

    fn fetch(&mut self, id: &SourceId) -> Result<&ariadne::Source<Rc<str>>, impl fmt::Debug> {
        self.sources
            .get(id)
            .map(|(_, source)| source)
            .ok_or("unknown source")
    }

    fn display<'a>(&self, id: &'a SourceId) -> Option<impl fmt::Display + 'a> {
        self.sources.get(id).map(|(name, _)| name.clone())
    }
}

#[cfg(test)]
mod tests;
