//! Colours for the input line: keywords, numbers, strings, comments,
//! meta-commands (and IPython's `%` magics) and the bracket matching the
//! one at the cursor.

use std::borrow::Cow;

use rustyline::highlight::{CmdKind, Highlighter};

use crate::helper::XpushHelper;

const KEYWORD: &str = "\x1b[1;35m";
const NUMBER: &str = "\x1b[36m";
const STRING: &str = "\x1b[32m";
const COMMENT: &str = "\x1b[2;37m";
const META: &str = "\x1b[1;33m";
const BRACKET: &str = "\x1b[1;4;34m";
const PROMPT: &str = "\x1b[1;32m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

impl Highlighter for XpushHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.color || line.is_empty() {
            return Cow::Borrowed(line);
        }
        let cursor = self.brackets.get().then_some(pos);
        Cow::Owned(highlight(line, cursor))
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        if self.color {
            Cow::Owned(format!("{PROMPT}{prompt}{RESET}"))
        } else {
            Cow::Borrowed(prompt)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("{DIM}{hint}{RESET}"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        // The final refresh (Enter) shows no bracket mark.
        self.brackets.set(kind != CmdKind::ForcedRefresh);
        self.color
    }
}

/// What a stretch of input is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Keyword,
    Number,
    Str,
    Comment,
    Meta,
}

impl Class {
    fn style(self) -> &'static str {
        match self {
            Class::Keyword => KEYWORD,
            Class::Number => NUMBER,
            Class::Str => STRING,
            Class::Comment => COMMENT,
            Class::Meta => META,
        }
    }
}

/// Classified byte ranges of `text`, and the byte offsets of brackets
/// outside strings and comments.
fn scan(text: &str) -> (Vec<(usize, usize, Class)>, Vec<usize>) {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut brackets = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        // A meta-command (`:time`) or IPython's magic (`%timeit`, `%%time`).
        if line_start && (c == b':' || c == b'%') {
            let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
            let word_end = text[i..end].find(' ').map_or(end, |n| i + n);
            spans.push((i, word_end, Class::Meta));
            // The rest (`:time STMT`) is coloured as code.
            i = word_end;
            line_start = false;
            continue;
        }
        line_start = c == b'\n';
        match c {
            b'#' => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                spans.push((i, end, Class::Comment));
                i = end;
            }
            b'\'' | b'"' => {
                let triple = bytes[i..].starts_with(&[c, c, c]);
                let quote_len = if triple { 3 } else { 1 };
                let mut j = i + quote_len;
                loop {
                    if j >= bytes.len() {
                        break;
                    }
                    if bytes[j] == b'\\' {
                        j += 2;
                        continue;
                    }
                    if !triple && bytes[j] == b'\n' {
                        break;
                    }
                    if bytes[j..].starts_with(&[c, c, c][..quote_len]) {
                        j += quote_len;
                        break;
                    }
                    j += 1;
                }
                let j = j.min(bytes.len());
                spans.push((i, j, Class::Str));
                i = j;
            }
            b'0'..=b'9' | b'.' if c != b'.' || bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let mut j = i + 1;
                while j < bytes.len() {
                    let d = bytes[j];
                    let exp_sign = (d == b'+' || d == b'-')
                        && matches!(bytes[j - 1], b'e' | b'E')
                        && !text[i..j].starts_with("0x");
                    if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exp_sign {
                        j += 1;
                    } else {
                        break;
                    }
                }
                spans.push((i, j, Class::Number));
                i = j;
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let mut j = i;
                while j < bytes.len()
                    && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] >= 0x80)
                {
                    j += 1;
                }
                let word = &text[i..j];
                if xpush_lang::KEYWORDS.contains(&word) {
                    spans.push((i, j, Class::Keyword));
                }
                i = j;
            }
            b'(' | b')' | b'[' | b']' | b'{' | b'}' => {
                brackets.push(i);
                i += 1;
            }
            _ => i += 1,
        }
    }
    (spans, brackets)
}

/// The bracket at or just before `pos` and its partner, if both exist.
fn matching_pair(text: &str, brackets: &[usize], pos: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut stack: Vec<usize> = Vec::new();
    let mut pairs = Vec::new();
    for &b in brackets {
        match bytes[b] {
            b'(' | b'[' | b'{' => stack.push(b),
            close => {
                let open = match close {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if let Some(&top) = stack.last() {
                    if bytes[top] == open {
                        stack.pop();
                        pairs.push((top, b));
                    }
                }
            }
        }
    }
    let at = |p: usize| pairs.iter().find(|&&(o, c)| o == p || c == p).copied();
    at(pos).or_else(|| pos.checked_sub(1).and_then(at))
}

/// `text` with ANSI colours; the bracket pair at `cursor` (if any) marked.
pub fn highlight(text: &str, cursor: Option<usize>) -> String {
    let (spans, brackets) = scan(text);
    let marked = cursor.and_then(|p| matching_pair(text, &brackets, p));
    let mut out = String::with_capacity(text.len() * 2);
    let mut last = 0;
    let push_plain = |out: &mut String, from: usize, to: usize| {
        for (i, ch) in text[from..to].char_indices() {
            let at = from + i;
            if marked.is_some_and(|(o, c)| o == at || c == at) {
                out.push_str(BRACKET);
                out.push(ch);
                out.push_str(RESET);
            } else {
                out.push(ch);
            }
        }
    };
    for (start, end, class) in spans {
        push_plain(&mut out, last, start);
        out.push_str(class.style());
        out.push_str(&text[start..end]);
        out.push_str(RESET);
        last = end;
    }
    push_plain(&mut out, last, text.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(s: &str) -> String {
        let mut out = String::new();
        let mut in_esc = false;
        for c in s.chars() {
            match (in_esc, c) {
                (false, '\x1b') => in_esc = true,
                (true, 'm') => in_esc = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    }

    #[test]
    fn colours_keep_the_text() {
        for text in [
            "def f(a, b=1.5e-3):  # doc\n    return 'x(' + \"y\"",
            ":time x = [1, 2]",
            "x = 0x1f + .5 + 2j",
            "s = '''open\nstill",
            "é = 'ü'",
        ] {
            assert_eq!(strip(&highlight(text, Some(3))), text);
        }
    }

    #[test]
    fn classes() {
        let h = highlight("if x: # c", None);
        assert!(h.starts_with(&format!("{KEYWORD}if{RESET}")), "{h:?}");
        assert!(h.ends_with(&format!("{COMMENT}# c{RESET}")), "{h:?}");
        let h = highlight(":timeit 1", None);
        assert!(h.starts_with(&format!("{META}:timeit{RESET}")), "{h:?}");
        let h = highlight("%timeit 1", None);
        assert!(h.starts_with(&format!("{META}%timeit{RESET}")), "{h:?}");
        assert!(h.ends_with(&format!("{NUMBER}1{RESET}")), "{h:?}");
    }

    #[test]
    fn brackets_match_outside_strings() {
        let text = "f(a, ')', [b])";
        let (_, brackets) = scan(text);
        assert_eq!(matching_pair(text, &brackets, 1), Some((1, 13)));
        assert_eq!(matching_pair(text, &brackets, 14), Some((1, 13)));
        assert_eq!(matching_pair(text, &brackets, 10), Some((10, 12)));
        assert_eq!(matching_pair(text, &brackets, 4), None);
    }
}
