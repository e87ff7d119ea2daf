//! The lexer: source text to tokens, with Python's block rules.
//!
//! The lexer is hand-written and never fails outright: it always produces a
//! token stream (repairing what it must) plus a list of errors, so the parser
//! can still look for more errors on the other lines. [`lex`] is the strict
//! public entry point.
//!
//! Block structure follows CPython's tokenizer:
//! - every logical line ends with a [`Token::Newline`];
//! - a line indented deeper than the previous one starts with
//!   [`Token::Indent`], and each level closed emits a [`Token::Dedent`] (all
//!   levels are closed at the end of the input);
//! - blank and comment-only lines produce no tokens;
//! - newlines inside `()`, `[]`, `{}` and after a trailing `\` are ignored;
//! - a meta line is one [`Token::Meta`]: a line starting with `:` in
//!   column 0 (`:time on`), and IPython's forms that notebook cells use: a
//!   line magic starting with `%` (`%timeit x = 1`, at any indentation), a
//!   cell magic `%%time` on the first line of the input (the rest of the
//!   input is its body), and a help request `NAME?`/`NAME??`/`?NAME` whose
//!   whole logical line is a dotted name with the question marks
//!   ([`help_request`]).

mod complete;
mod literals;

use std::fmt;

use crate::ast::IntLit;
use crate::diagnostics::Diagnostic;
use crate::span::{SourceId, Span};

pub use complete::{completeness, Completeness};

/// Every keyword of the language, including the ones of features that are
/// not supported yet (so the parser can name them). The REPL uses this list
/// for completion and highlighting; the lexer uses it to classify names.
pub const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Keywords that start a compound statement (a block header).
pub(crate) const COMPOUND_KEYWORDS: &[&str] = &[
    "if", "elif", "else", "while", "for", "def", "class", "try", "except", "finally", "with",
    "async",
];

/// Every operator and delimiter, longest first (the lexer takes the longest match).
pub const OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=",
    "+=", "-=", "*=", "/=", "%=", "@=", "&=", "|=", "^=", "+", "-", "*", "/", "%", "@", "&", "|",
    "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "=",
];

/// One token. Keywords and operators carry their spelling, taken from
/// [`KEYWORDS`] and [`OPERATORS`].
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// An identifier.
    Name(String),
    /// An integer literal.
    Int(IntLit),
    /// A float literal.
    Float(f64),
    /// An imaginary literal (`2j`): its imaginary part.
    Imag(f64),
    /// A string literal with escapes processed (one per literal; the parser
    /// joins adjacent ones).
    Str(String),
    /// A bytes literal with escapes processed.
    Bytes(Vec<u8>),
    /// A keyword such as `if` or `True`.
    Kw(&'static str),
    /// An operator or delimiter such as `**=` or `(`.
    Op(&'static str),
    /// The end of a logical line.
    Newline,
    /// The start of a deeper indented block.
    Indent,
    /// The end of an indented block.
    Dedent,
    /// A meta line as written, from its `:`, `%` or name to its end
    /// without trailing spaces (`:time on`, `%timeit x = 1`, `np.sum?`; a
    /// cell magic `%%time` holds the rest of the input, lines and all).
    Meta(String),
    /// The start of an f-string (its prefix and opening quote).
    FStart,
    /// A literal part of an f-string, escapes and `{{`/`}}` processed.
    FLit(String),
    /// The `{` of an f-string's replacement field; the expression's own
    /// tokens follow.
    FFieldStart,
    /// `=` after a field's expression (`{x=}`): the expression's source
    /// text with the `=` and the spaces around it.
    FDebug(String),
    /// `!r`, `!s` or `!a` in a replacement field.
    FConv(char),
    /// The `:` starting a field's format spec (literal parts and nested
    /// fields follow).
    FSpec,
    /// The `}` closing a replacement field.
    FFieldEnd,
    /// The closing quote of an f-string.
    FEnd,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Name(n) => write!(f, "{n}"),
            Token::Int(IntLit::Small(i)) => write!(f, "{i}"),
            Token::Int(IntLit::Big(d)) => write!(f, "{d}"),
            Token::Float(x) | Token::Imag(x) => write!(f, "{x}"),
            Token::Str(s) => write!(f, "{s:?}"),
            Token::Bytes(b) => write!(f, "b{:?}", String::from_utf8_lossy(b)),
            Token::Kw(s) | Token::Op(s) => write!(f, "{s}"),
            Token::Newline => write!(f, "newline"),
            Token::Indent => write!(f, "indent"),
            Token::Dedent => write!(f, "dedent"),
            Token::Meta(m) => write!(f, "{m}"),
            Token::FStart => write!(f, "f\""),
            Token::FLit(s) => write!(f, "{s:?}"),
            Token::FFieldStart => write!(f, "{{"),
            Token::FDebug(s) => write!(f, "{s}"),
            Token::FConv(c) => write!(f, "!{c}"),
            Token::FSpec => write!(f, ":"),
            Token::FFieldEnd => write!(f, "}}"),
            Token::FEnd => write!(f, "\""),
        }
    }
}

impl Token {
    /// How the token is named in an error message: `` `)` ``, `a name`, ...
    pub fn describe(&self) -> String {
        match self {
            Token::Name(n) => format!("name `{n}`"),
            Token::Int(_) | Token::Float(_) | Token::Imag(_) => format!("number `{self}`"),
            Token::Str(_) => "string".into(),
            Token::Bytes(_) => "bytes".into(),
            Token::Kw(s) | Token::Op(s) => format!("`{s}`"),
            Token::Newline => "end of line".into(),
            Token::Indent => "an indented block".into(),
            Token::Dedent => "the end of the block".into(),
            Token::Meta(_) => "a meta-command".into(),
            Token::FStart => "f-string".into(),
            Token::FLit(_) => "f-string text".into(),
            Token::FFieldStart => "`{`".into(),
            Token::FDebug(_) => "`=`".into(),
            Token::FConv(c) => format!("`!{c}`"),
            Token::FSpec => "`:`".into(),
            Token::FFieldEnd => "`}`".into(),
            Token::FEnd => "the end of the f-string".into(),
        }
    }
}

/// Lexes `text` (registered as `src`) into tokens, or every lexical error
/// (bad literals, unclosed brackets and strings, indentation errors).
pub fn lex(text: &str, src: SourceId) -> Result<Vec<(Token, Span)>, Vec<Diagnostic>> {
    let lexed = lex_recovering(text, src);
    if lexed.errors.is_empty() {
        Ok(lexed.tokens)
    } else {
        Err(lexed.errors.into_iter().map(|e| e.diag).collect())
    }
}

/// A lexical error, and whether more input could fix it (REPL continuation).
#[derive(Clone, Debug)]
pub(crate) struct LexError {
    /// The error itself.
    pub diag: Diagnostic,
    /// True when the error is "the input ended too early".
    pub at_eof: bool,
}

/// Everything the lexer found, errors included.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lexed {
    /// A well-formed token stream (brackets balanced, blocks closed).
    pub tokens: Vec<(Token, Span)>,
    /// Tokens from this index on were invented to close what the input left open.
    pub synthetic_from: usize,
    /// Errors, in source order.
    pub errors: Vec<LexError>,
    /// Brackets still open at the end of the input (outermost first).
    pub open_brackets: Vec<(char, Span)>,
    /// The input ends inside a triple-quoted string.
    pub open_triple_quote: bool,
    /// The input ends with a `\` line continuation.
    pub trailing_backslash: bool,
    /// The input is a cell magic (`%%timeit` and its body), which the REPL
    /// reads up to an empty line, as a block.
    pub cell_magic: bool,
}

/// Lexes and repairs: always returns a token stream the parser can use.
pub(crate) fn lex_recovering(text: &str, src: SourceId) -> Lexed {
    Lexer::new(text, src).run()
}

/// One open indentation level: its width with tabs as 8 columns, and with
/// tabs as 1 column (CPython compares both to detect inconsistent tabs).
#[derive(Clone, Copy, Debug)]
struct Level {
    col: usize,
    alt: usize,
    /// An erroneous level kept only for recovery: no Indent/Dedent tokens.
    phantom: bool,
}

/// The lexer's state while it walks the text.
struct Lexer<'a> {
    text: &'a str,
    src: SourceId,
    pos: usize,
    out: Lexed,
    /// Open brackets: the character and its byte offset.
    brackets: Vec<(char, usize)>,
    indents: Vec<Level>,
    /// Index in `out.tokens` of the first token of the current logical line.
    line_start_token: usize,
    /// The previous logical line was a block header: the token index where
    /// it began, and whether it ended with `:` (a header without its colon,
    /// `if x`, may still be followed by its block: the parser reports it).
    pending_header: Option<(usize, bool)>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str, src: SourceId) -> Lexer<'a> {
        Lexer {
            text,
            src,
            pos: 0,
            out: Lexed::default(),
            brackets: Vec::new(),
            indents: vec![Level {
                col: 0,
                alt: 0,
                phantom: false,
            }],
            line_start_token: 0,
            pending_header: None,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.text[self.pos..].chars().nth(n)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.src, start, end)
    }

    fn push(&mut self, token: Token, start: usize, end: usize) {
        let span = self.span(start, end);
        self.out.tokens.push((token, span));
    }

    fn error(&mut self, class: &str, message: impl Into<String>, start: usize, end: usize) {
        let diag = Diagnostic::new(class, message, self.span(start, end));
        self.out.errors.push(LexError {
            diag,
            at_eof: false,
        });
    }

    fn eof_error(&mut self, message: impl Into<String>, start: usize, end: usize) {
        let diag = Diagnostic::new("SyntaxError", message, self.span(start, end));
        self.out.errors.push(LexError { diag, at_eof: true });
    }

    /// 1-based line number of a byte offset.
    fn line_of(&self, pos: usize) -> usize {
        line_number(self.text, pos)
    }

    fn run(mut self) -> Lexed {
        while self.start_line() {
            self.lex_line();
        }
        self.finish();
        self.out
    }

    /// At the start of a physical line that begins a logical line: skips
    /// blank and comment-only lines, handles indentation and meta-commands.
    /// Returns false at the end of the input.
    fn start_line(&mut self) -> bool {
        loop {
            let line_start = self.pos;
            let (mut col, mut alt) = (0usize, 0usize);
            while let Some(c) = self.peek() {
                match c {
                    ' ' => {
                        col += 1;
                        alt += 1;
                    }
                    '\t' => {
                        col = (col / 8 + 1) * 8;
                        alt += 1;
                    }
                    '\x0c' => {
                        col = 0;
                        alt = 0;
                    }
                    _ => break,
                }
                self.pos += 1;
            }
            match self.peek() {
                None => return false,
                Some('\n') | Some('\r') => {
                    self.skip_newline();
                    continue;
                }
                Some('#') => {
                    self.skip_comment();
                    continue;
                }
                _ => {}
            }
            self.indentation(col, alt, line_start);
            self.line_start_token = self.out.tokens.len();
            let line_end = self.text[self.pos..]
                .find(['\n', '\r'])
                .map_or(self.text.len(), |i| self.pos + i);
            let line = &self.text[self.pos..line_end];
            let meta_end = if col == 0 && self.pos == line_start && line.starts_with(':') {
                Some(line_end)
            } else if line.starts_with("%%") && self.text[..self.pos].trim().is_empty() {
                // A cell magic: the whole input is its cell.
                self.out.cell_magic = true;
                Some(self.text.len())
            } else if line.starts_with('%') || help_request(line).is_some() {
                if line.starts_with("%%") {
                    let word = line.split_whitespace().next().unwrap_or(line);
                    let message = format!(
                        "Cell magic `{word}` must be the first line of its cell (the input)"
                    );
                    self.error("UsageError", message, self.pos, self.pos + word.len());
                }
                Some(line_end)
            } else {
                None
            };
            if let Some(end) = meta_end {
                self.meta_line(end);
                continue;
            }
            return true;
        }
    }

    fn skip_newline(&mut self) {
        if self.text[self.pos..].starts_with("\r\n") {
            self.pos += 2;
        } else {
            self.pos += 1;
        }
    }

    fn skip_comment(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.find(['\n', '\r']).unwrap_or(rest.len());
    }

    /// A meta line (`:cmd args`, `%magic args`, `name?`) ending at `end`:
    /// one Meta token and a Newline.
    fn meta_line(&mut self, end: usize) {
        let start = self.pos;
        let body = self.text[start..end].trim_end();
        self.push(Token::Meta(body.to_string()), start, start + body.len());
        self.pos = end;
        let nl_end = if self.peek().is_some() {
            self.pos + 1
        } else {
            self.pos
        };
        self.push(Token::Newline, self.pos, nl_end);
        if self.peek().is_some() {
            self.skip_newline();
        }
        self.pending_header = None;
        self.line_start_token = self.out.tokens.len();
    }

    /// Compares a new line's indentation with the open levels.
    fn indentation(&mut self, col: usize, alt: usize, line_start: usize) {
        let here = self.pos;
        let header = self.pending_header.take();
        let top = *self.indents.last().unwrap_or(&Level {
            col: 0,
            alt: 0,
            phantom: false,
        });
        let mut opened = false;
        if col == top.col {
            if alt != top.alt {
                self.tab_error(line_start, here);
            }
        } else if col > top.col {
            if alt <= top.alt {
                self.tab_error(line_start, here);
            }
            let phantom = header.is_none();
            if phantom {
                self.error("IndentationError", "unexpected indent", line_start, here);
            } else {
                self.push(Token::Indent, line_start, here);
                opened = true;
            }
            self.indents.push(Level { col, alt, phantom });
        } else {
            while self.indents.len() > 1 && col < self.indents[self.indents.len() - 1].col {
                if let Some(level) = self.indents.pop() {
                    if !level.phantom {
                        self.push(Token::Dedent, here, here);
                    }
                }
            }
            let top = *self.indents.last().unwrap_or(&Level {
                col: 0,
                alt: 0,
                phantom: false,
            });
            if col != top.col {
                self.error(
                    "IndentationError",
                    "unindent does not match any outer indentation level",
                    line_start,
                    here,
                );
                self.indents.push(Level {
                    col,
                    alt,
                    phantom: true,
                });
            } else if alt != top.alt {
                self.tab_error(line_start, here);
            }
        }
        if let (Some((header, true)), false) = (header, opened) {
            let message = expected_block_message(self.text, &self.out.tokens, header);
            let end = self.text[here..]
                .find(['\n', '\r'])
                .map_or(self.text.len(), |i| here + i);
            self.error("IndentationError", message, here, end);
        }
    }

    fn tab_error(&mut self, start: usize, end: usize) {
        self.error(
            "TabError",
            "inconsistent use of tabs and spaces in indentation",
            start,
            end,
        );
    }

    /// Lexes tokens up to the end of the logical line (its Newline token).
    fn lex_line(&mut self) {
        loop {
            while let Some(' ' | '\t' | '\x0c') = self.peek() {
                self.pos += 1;
            }
            let start = self.pos;
            let Some(c) = self.peek() else { return };
            match c {
                '#' => self.skip_comment(),
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n' | '\r') => self.skip_newline(),
                        None => {
                            self.out.trailing_backslash = true;
                            self.eof_error("unexpected EOF while parsing", start, self.pos);
                        }
                        Some(_) => self.error(
                            "SyntaxError",
                            "unexpected character after line continuation character",
                            start,
                            self.pos,
                        ),
                    }
                }
                '\n' | '\r' => {
                    self.skip_newline();
                    if self.brackets.is_empty() {
                        self.end_logical_line(start, start + 1);
                        return;
                    }
                }
                c if c.is_ascii_digit() => self.number(),
                '.' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => self.number(),
                '\'' | '"' => self.string(start, ""),
                c if is_ident_start(c) => self.name(),
                _ => self.operator(),
            }
        }
    }

    /// Lexes the tokens of an f-string field's expression, from `self.pos`
    /// to `end`: line breaks are spaces there, as inside brackets.
    fn lex_range(&mut self, end: usize) {
        // As inside a bracket: the expression's own brackets nest in it.
        self.brackets.push(('{', self.pos));
        let depth = self.brackets.len();
        while self.pos < end {
            let Some(c) = self.peek() else { break };
            match c {
                ' ' | '\t' | '\x0c' | '\n' | '\r' => self.pos += 1,
                c if c.is_ascii_digit() => self.number(),
                '.' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => self.number(),
                '\'' | '"' => self.string(self.pos, ""),
                c if is_ident_start(c) => self.name(),
                _ => self.operator(),
            }
        }
        self.brackets.truncate(depth - 1);
    }

    /// Emits the Newline ending a logical line and notes block headers.
    fn end_logical_line(&mut self, start: usize, end: usize) {
        if self.out.tokens.len() > self.line_start_token {
            let ends_with_colon = matches!(self.out.tokens.last(), Some((Token::Op(":"), _)));
            let compound = matches!(
                self.out.tokens.get(self.line_start_token),
                Some((Token::Kw(k), _)) if COMPOUND_KEYWORDS.contains(k)
            );
            self.push(Token::Newline, start, end);
            if ends_with_colon || compound {
                self.pending_header = Some((self.line_start_token, ends_with_colon));
            }
        }
        self.line_start_token = self.out.tokens.len();
    }

    /// A name, keyword, or a string with a prefix (`r'..'`, `f".."`).
    fn name(&mut self) {
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest
            .find(|c: char| !is_ident_continue(c))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        self.pos = start + len;
        if matches!(self.peek(), Some('\'' | '"')) && is_string_prefix(word) {
            self.string(start, word);
            return;
        }
        let token = match KEYWORDS.iter().find(|k| **k == word) {
            Some(k) => Token::Kw(k),
            None => Token::Name(word.to_string()),
        };
        self.push(token, start, self.pos);
    }

    /// Operators and delimiters, with bracket matching.
    fn operator(&mut self) {
        let start = self.pos;
        let rest = &self.text[start..];
        let Some(op) = OPERATORS.iter().copied().find(|op| rest.starts_with(op)) else {
            let c = rest.chars().next().unwrap_or(' ');
            self.pos += c.len_utf8();
            let message = if c.is_ascii() {
                "invalid syntax".to_string()
            } else {
                format!("invalid character '{c}' (U+{:04X})", c as u32)
            };
            self.error("SyntaxError", message, start, self.pos);
            return;
        };
        self.pos += op.len();
        let mut token = op;
        match op {
            "(" | "[" | "{" => self
                .brackets
                .push((op.chars().next().unwrap_or('('), start)),
            ")" | "]" | "}" => {
                let close = op.chars().next().unwrap_or(')');
                match self.brackets.pop() {
                    None => {
                        self.error(
                            "SyntaxError",
                            format!("unmatched '{close}'"),
                            start,
                            self.pos,
                        );
                        return;
                    }
                    Some((open, open_at)) if closer_of(open) != close => {
                        let mut message = format!(
                            "closing parenthesis '{close}' does not match opening parenthesis '{open}'"
                        );
                        let (l1, l2) = (self.line_of(open_at), self.line_of(start));
                        if l1 != l2 {
                            message.push_str(&format!(" on line {l1}"));
                        }
                        self.error("SyntaxError", message, start, self.pos);
                        token = closer_str(open);
                    }
                    Some(_) => {}
                }
            }
            _ => {}
        }
        self.push(Token::Op(token), start, self.pos);
    }

    /// Closes everything the input left open.
    fn finish(&mut self) {
        let end = self.text.len();
        self.out.synthetic_from = self.out.tokens.len();
        if let Some(&(open, at)) = self.brackets.last() {
            self.eof_error(format!("'{open}' was never closed"), at, at + 1);
        }
        for (open, at) in std::mem::take(&mut self.brackets).into_iter().rev() {
            self.out
                .open_brackets
                .insert(0, (open, self.span(at, at + 1)));
            self.push(Token::Op(closer_str(open)), end, end);
        }
        self.end_logical_line(end, end);
        if let Some((header, true)) = self.pending_header.take() {
            let message = expected_block_message(self.text, &self.out.tokens, header);
            self.out.errors.push(LexError {
                diag: Diagnostic::new("IndentationError", message, self.span(end, end)),
                at_eof: true,
            });
        }
        while let Some(level) = self.indents.pop() {
            if self.indents.is_empty() {
                break;
            }
            if !level.phantom {
                self.push(Token::Dedent, end, end);
            }
        }
        self.out.errors.sort_by_key(|e| e.diag.span.start);
    }
}

/// IPython's help request: `line` (one physical line, indentation
/// removed) is `NAME?`, `NAME??`, `?NAME` or `??NAME` with `NAME` a dotted
/// name (`np.linalg.norm?`), spaces allowed only at its end. Returns the
/// name's byte range in `line` and whether `??` asked for more detail.
pub fn help_request(line: &str) -> Option<(std::ops::Range<usize>, bool)> {
    let line = line.trim_end();
    let lead = line.len() - line.trim_start_matches('?').len();
    let trail = line.len() - line.trim_end_matches('?').len();
    let marks = match (lead, trail) {
        (0, 1 | 2) => trail,
        (1 | 2, 0) => lead,
        _ => return None,
    };
    let name = lead..line.len() - trail;
    let dotted = line[name.clone()].split('.').all(|part| {
        let mut chars = part.chars();
        chars.next().is_some_and(is_ident_start) && chars.all(is_ident_continue)
    });
    dotted.then_some((name, marks == 2))
}

/// "expected an indented block after 'if' statement on line 3".
fn expected_block_message(text: &str, tokens: &[(Token, Span)], header: usize) -> String {
    let Some((token, span)) = tokens.get(header) else {
        return "expected an indented block".into();
    };
    let line = line_number(text, span.start as usize);
    let what = match token {
        Token::Kw("def") => "function definition".to_string(),
        Token::Kw("class") => "class definition".to_string(),
        Token::Kw(k) => format!("'{k}' statement"),
        _ => return "expected an indented block".into(),
    };
    format!("expected an indented block after {what} on line {line}")
}

/// 1-based line number of a byte offset in `text`.
pub(crate) fn line_number(text: &str, pos: usize) -> usize {
    let pos = pos.min(text.len());
    text.as_bytes()[..pos]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn closer_of(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

fn closer_str(open: char) -> &'static str {
    match open {
        '(' => ")",
        '[' => "]",
        _ => "}",
    }
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// `r`, `b`, `f`, `u` and their two-letter combinations, any case.
fn is_string_prefix(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "r" | "u" | "b" | "f" | "br" | "rb" | "fr" | "rf"
    )
}

#[cfg(test)]
mod tests;
