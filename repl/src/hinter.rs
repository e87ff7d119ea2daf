//! Hints: the signature of the function being called, from the stdlib table.

use rustyline::hint::{Hint, Hinter};
use rustyline::Context;
use xpush_stdlib::table;

use crate::helper::{callable_entry, XpushHelper};

/// A hint that is only shown, never inserted.
pub struct SignatureHint(String);

impl Hint for SignatureHint {
    fn display(&self) -> &str {
        &self.0
    }

    fn completion(&self) -> Option<&str> {
        None
    }
}

impl Hinter for XpushHelper {
    type Hint = SignatureHint;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<SignatureHint> {
        if pos < line.len() || line.starts_with(':') && !line.starts_with(":time") {
            return None;
        }
        let callee = open_call(&line[..pos])?;
        let id = callable_entry(&self.resolve(callee)?)?;
        let d = table::get(id);
        Some(SignatureHint(format!(
            "  # {}{}",
            table::qualname(d),
            d.sig
        )))
    }
}

/// The dotted name before the innermost `(` still open at the end of `text`.
pub fn open_call(text: &str) -> Option<&str> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut opens: Vec<usize> = Vec::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) if c == '\\' => {
                chars.next();
            }
            Some(_) => {}
            None => match c {
                '\'' | '"' => quote = Some(c),
                '(' | '[' | '{' => {
                    opens.push(i);
                    depth += 1;
                }
                ')' | ']' | '}' => {
                    opens.pop();
                    depth = depth.saturating_sub(1);
                }
                _ => {}
            },
        }
    }
    let open = *opens.last()?;
    if text.as_bytes()[open] != b'(' {
        return None;
    }
    let before = &text[..open];
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let name = &before[start..];
    (!name.is_empty() && depth > 0).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_open_call() {
        assert_eq!(open_call("math.sqrt("), Some("math.sqrt"));
        assert_eq!(open_call("print(len(x), "), Some("print"));
        assert_eq!(open_call("f(g(1)"), Some("f"));
        assert_eq!(open_call("x = [1, ("), None);
        assert_eq!(open_call("f(')'"), Some("f"));
        assert_eq!(open_call("f(1)"), None);
    }
}
