//! The chumsky parser over the lexer's tokens.
//!
//! Parsing runs in two stages (STYLE.md point 11): [`crate::lexer`] turns
//! text into tokens with `Newline`/`Indent`/`Dedent`, then the chumsky
//! parsers in [`expr`] and [`stmt`] build the AST. Syntax errors are
//! collected with recovery at the statement level, so one run reports every
//! broken line, and are turned into [`Diagnostic`]s by [`errors`].

mod context;
mod errors;
mod expr;
mod stmt;
mod yields;

use chumsky::input::{Input as _, MappedInput};
use chumsky::prelude::*;

use crate::ast::Block;
use crate::diagnostics::Diagnostic;
use crate::lexer::{lex_recovering, line_number, Token};
use crate::span::{SourceId, Span};

/// The parser's input: the lexer's `(token, span)` pairs.
pub(crate) type Tokens<'a> = MappedInput<'a, Token, Span, &'a [(Token, Span)]>;

/// Parser extras: rich errors over our tokens and spans.
pub(crate) type Extra<'a> = extra::Err<Rich<'a, Token, Span>>;

/// A boxed parser over [`Tokens`] (boxing keeps compile times down).
pub(crate) type BoxedParser<'a, O> = Boxed<'a, 'a, Tokens<'a>, O, Extra<'a>>;

impl chumsky::span::Span for Span {
    type Context = SourceId;
    type Offset = usize;

    fn new(context: SourceId, range: std::ops::Range<usize>) -> Span {
        Span::new(context, range.start, range.end)
    }

    fn context(&self) -> SourceId {
        self.src
    }

    fn start(&self) -> usize {
        self.start as usize
    }

    fn end(&self) -> usize {
        self.end as usize
    }
}

/// Parses a whole input (file, REPL entry, `-c` string) into statements, or
/// every syntax error found.
///
/// Lexical errors and parse errors are merged; a parse error on a line that
/// already has a lexical error, or after a bracket that was never closed, is
/// dropped as a likely consequence of the first.
pub fn parse(text: &str, src: SourceId) -> Result<Block, Vec<Diagnostic>> {
    let (block, diags) = parse_recovering(text, src);
    if diags.is_empty() {
        Ok(block)
    } else {
        Err(diags)
    }
}

/// Parses with recovery: the statements that parsed (broken statements
/// left out) and every syntax error, as [`parse`] reports them. For tools
/// that read a script without running it (`xpush check`).
pub fn parse_recovering(text: &str, src: SourceId) -> (Block, Vec<Diagnostic>) {
    let lexed = lex_recovering(text, src);
    let eoi = Span::new(src, text.len(), text.len());
    let (mut block, parse_errors) = run(&lexed.tokens, eoi);
    let lex_lines: Vec<usize> = lexed
        .errors
        .iter()
        .map(|e| line_number(text, e.diag.span.start as usize))
        .collect();
    let first_unclosed = lexed.open_brackets.first().map(|(_, s)| s.start);
    let mut diags: Vec<Diagnostic> = lexed.errors.into_iter().map(|e| e.diag).collect();
    if let Some(block) = &mut block {
        yields::hoist(block);
        diags.extend(context::check(block));
    }
    for diag in parse_errors {
        let line = line_number(text, diag.span.start as usize);
        let after_unclosed = first_unclosed.is_some_and(|at| diag.span.start >= at);
        if !lex_lines.contains(&line) && !after_unclosed {
            diags.push(diag);
        }
    }
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    (block.unwrap_or_default(), diags)
}

/// Runs the statement parser over tokens; returns the block (if any) and
/// the converted errors.
fn run(tokens: &[(Token, Span)], eoi: Span) -> (Option<Block>, Vec<Diagnostic>) {
    let input = tokens.split_token_span(eoi);
    let (block, errors) = stmt::file().parse(input).into_output_errors();
    let diags = errors
        .into_iter()
        .map(|e| errors::to_diagnostic(e, eoi))
        .collect();
    (block, diags)
}

/// Whether parsing `tokens` finds an error before the end of the input
/// (`end`): used by [`crate::lexer::completeness`], where an error at the
/// very end may be fixed by typing more.
pub(crate) fn errors_before_end(text: &str, tokens: &[(Token, Span)], end: usize) -> bool {
    let src = tokens.first().map_or(0, |(_, s)| s.src);
    let eoi = Span::new(src, end.min(text.len()), end.min(text.len()));
    let (_, diags) = run(tokens, eoi);
    diags.iter().any(|d| (d.span.start as usize) < end)
}

#[cfg(test)]
mod tests;
