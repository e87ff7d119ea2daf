//! Source ids, spans and the session's source map.
//!
//! Every input (a REPL line, a file, a `-c` string) is registered once in a
//! [`SourceMap`] and gets a [`SourceId`]. Spans carry that id with a byte
//! range, so a diagnostic raised inside a function defined three inputs ago
//! still points at the right text (numbat's `add_code_source` model).

use std::rc::Rc;

/// Identifies one registered input in a [`SourceMap`].
pub type SourceId = u32;

/// The id used for spans that have no source text (builtins, synthesised nodes).
pub const BUILTIN_SOURCE: SourceId = u32::MAX;

/// A byte range in one registered source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// Which source the range belongs to.
    pub src: SourceId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span in `src` covering `start..end` (byte offsets).
    pub fn new(src: SourceId, start: usize, end: usize) -> Span {
        Span {
            src,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span of things that have no source text.
    pub const BUILTIN: Span = Span {
        src: BUILTIN_SOURCE,
        start: 0,
        end: 0,
    };

    /// Whether this span points into real source text.
    pub fn is_builtin(&self) -> bool {
        self.src == BUILTIN_SOURCE
    }

    /// The smallest span covering both (they must share a source).
    pub fn to(self, other: Span) -> Span {
        Span {
            src: self.src,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte range as `usize`s.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One registered input.
#[derive(Clone, Debug)]
pub struct Source {
    /// Display name: a path, `<input:3>`, `<string>` or `<stdin>`.
    pub name: String,
    /// The full text.
    pub text: Rc<str>,
}

/// All inputs of a session, kept alive for the session's lifetime.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<Source>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Registers `text` under `name` and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Rc<str>>) -> SourceId {
        self.sources.push(Source {
            name: name.into(),
            text: text.into(),
        });
        (self.sources.len() - 1) as SourceId
    }

    /// The source with this id, if registered.
    pub fn get(&self, id: SourceId) -> Option<&Source> {
        self.sources.get(id as usize)
    }

    /// 1-based line number of a byte offset in a source (for tracebacks).
    pub fn line_of(&self, span: Span) -> Option<usize> {
        let src = self.get(span.src)?;
        let end = (span.start as usize).min(src.text.len());
        Some(
            src.text.as_bytes()[..end]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1,
        )
    }

    /// The text of the line containing `span`'s start, without its newline.
    pub fn line_text(&self, span: Span) -> Option<&str> {
        let src = self.get(span.src)?;
        let text: &str = &src.text;
        let at = (span.start as usize).min(text.len());
        let begin = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        Some(&text[begin..end])
    }
}
