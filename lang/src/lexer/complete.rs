//! Whether a REPL entry is complete, emulating Python's interactive prompt.

use super::{lex_recovering, Token};

/// Whether a piece of input is complete enough to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completeness {
    /// Ready to run (or has an error that more input cannot fix).
    Complete,
    /// An open bracket, block header or trailing `\`: ask for more lines.
    Incomplete,
}

/// Whether `text` (the lines typed so far, joined by `\n`) is complete.
///
/// The rules, in order:
/// 1. An error that more input cannot fix (a syntax error before the end of
///    the input, as in `def f(:` or `if x = 1:`) makes it **Complete**, so
///    the error is shown at once.
/// 2. An open bracket, an open triple-quoted string or a trailing `\` makes
///    it **Incomplete**.
/// 3. If any logical line starts a compound statement (`if`, `while`,
///    `for`, `def`, ... or ends with `:`), the entry is **Incomplete** until
///    it ends with an empty (or whitespace-only) line, as in Python's REPL:
///    `if x:` and `if x:\n    y = 1` are Incomplete, `if x:\n    y = 1\n`
///    (the user pressed Enter on an empty line) is Complete. A cell magic
///    (`%%timeit` and the lines of its cell) reads to an empty line too.
/// 4. Anything else (`x = 1`) is **Complete**.
pub fn completeness(text: &str) -> Completeness {
    let lexed = lex_recovering(text, 0);
    if lexed.errors.iter().any(|e| !e.at_eof) {
        return Completeness::Complete;
    }
    let unfinished =
        !lexed.open_brackets.is_empty() || lexed.open_triple_quote || lexed.trailing_backslash;
    // Parse the tokens really present, as if the line ended there: an error
    // at the very end is one that more input may fix.
    let end = text.len();
    let mut real = lexed.tokens[..lexed.synthetic_from.min(lexed.tokens.len())].to_vec();
    real.push((Token::Newline, crate::span::Span::new(0, end, end)));
    if crate::parser::errors_before_end(text, &real, end) {
        return Completeness::Complete;
    }
    if unfinished {
        return Completeness::Incomplete;
    }
    if (lexed.cell_magic || has_block(&lexed.tokens)) && !ends_with_empty_line(text) {
        return Completeness::Incomplete;
    }
    Completeness::Complete
}

/// Whether some logical line opens a block (a compound statement).
fn has_block(tokens: &[(Token, crate::span::Span)]) -> bool {
    let mut at_line_start = true;
    for (token, _) in tokens {
        match token {
            Token::Newline | Token::Indent | Token::Dedent => at_line_start = true,
            Token::Kw(k) if at_line_start && super::COMPOUND_KEYWORDS.contains(k) => return true,
            _ => at_line_start = false,
        }
    }
    tokens
        .windows(2)
        .any(|w| matches!((&w[0].0, &w[1].0), (Token::Op(":"), Token::Newline)))
}

/// The text ends with an empty or whitespace-only line after a newline.
fn ends_with_empty_line(text: &str) -> bool {
    match text.rfind('\n') {
        Some(i) => text[i + 1..].trim().is_empty(),
        None => false,
    }
}
