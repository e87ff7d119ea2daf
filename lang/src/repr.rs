//! Python's `repr` of a str, shared by every crate that quotes user text
//! in output or messages (the interpreter's values, plot errors).

use std::fmt::Write as _;

/// Whether Python's `str.isprintable` holds for `c`, for the ranges that
/// matter in a repr (control, separator and format characters escape).
fn is_printable(c: char) -> bool {
    let u = c as u32;
    !(u < 0x20
        || (0x7f..=0xa0).contains(&u)
        || u == 0xad
        || u == 0x1680
        || (0x2000..=0x200f).contains(&u)
        || (0x2028..=0x202f).contains(&u)
        || (0x205f..=0x2064).contains(&u)
        || u == 0x3000
        || (0xd800..=0xf8ff).contains(&u)
        || u == 0xfeff
        || (0xfff9..=0xfffb).contains(&u)
        || (0xe0000..=0x10ffff).contains(&u))
}

/// Python's `repr(str)`: single quotes unless the text has `'` and no `"`.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let u = c as u32;
                let _ = if u < 0x100 {
                    write!(out, "\\x{u:02x}")
                } else if u < 0x10000 {
                    write!(out, "\\u{u:04x}")
                } else {
                    write!(out, "\\U{u:08x}")
                };
            }
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn str_repr_quotes_and_escapes() {
        assert_eq!(str_repr("a'b"), "\"a'b\"");
        assert_eq!(str_repr("a\"b'"), "'a\"b\\''");
        assert_eq!(
            str_repr("\x00\t\n\x7f\u{80}\u{ad}é\u{2028}"),
            "'\\x00\\t\\n\\x7f\\x80\\xadé\\u2028'"
        );
        assert_eq!(str_repr("'"), "\"'\"");
        assert_eq!(str_repr("back\\slash"), "'back\\\\slash'");
    }
}
