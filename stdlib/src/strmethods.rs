//! Methods of `str` (`'a b'.split()`), and `%`-formatting.
//!
//! Positions are in characters, as Python counts them; ASCII strings take
//! byte-indexed fast paths.

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::{self, type_name};
use crate::py::num;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The str methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Method, StrMethod, "str", "upper", "(self, /)", upper, "Return a copy converted to uppercase.", ["'abC'.upper()  # 'ABC'"]),
    entry!(Method, StrMethod, "str", "lower", "(self, /)", lower, "Return a copy converted to lowercase.", ["'AbC'.lower()  # 'abc'"]),
    entry!(Method, StrMethod, "str", "strip", "(self, chars=None, /)", strip,
        "Return a copy without leading and trailing whitespace (or the given chars).",
        ["'  a b \\n'.strip()  # 'a b'", "'xxaxx'.strip('x')  # 'a'"]),
    entry!(Method, StrMethod, "str", "lstrip", "(self, chars=None, /)", lstrip,
        "Return a copy without leading whitespace (or the given chars).", ["'  a '.lstrip()  # 'a '"]),
    entry!(Method, StrMethod, "str", "rstrip", "(self, chars=None, /)", rstrip,
        "Return a copy without trailing whitespace (or the given chars).", ["'  a '.rstrip()  # '  a'", "'a..'.rstrip('.')  # 'a'"]),
    entry!(Method, StrMethod, "str", "split", "(self, /, sep=None, maxsplit=-1)", split,
        "Split at sep (or runs of whitespace), at most maxsplit times.",
        ["'  a b  c '.split()  # ['a', 'b', 'c']", "'a,b,,c'.split(',')  # ['a', 'b', '', 'c']", "' a b c '.split(None, 1)  # ['a', 'b c ']", "'a'.split('')  # ValueError: empty separator"]),
    entry!(Method, StrMethod, "str", "rsplit", "(self, /, sep=None, maxsplit=-1)", rsplit,
        "Split from the right at sep (or runs of whitespace), at most maxsplit times.",
        ["'a b c'.rsplit(None, 1)  # ['a b', 'c']", "'a,b,c'.rsplit(',', maxsplit=1)  # ['a,b', 'c']"]),
    entry!(Method, StrMethod, "str", "join", "(self, iterable, /)", join,
        "Concatenate the strings of the iterable with this string between them.",
        ["', '.join(['a', 'b'])  # 'a, b'", "'-'.join('abc')  # 'a-b-c'", "''.join([1])  # TypeError: sequence item 0: expected str instance, int found"]),
    entry!(Method, StrMethod, "str", "replace", "(self, old, new, count=-1, /)", replace,
        "Replace occurrences of old by new (the first count ones if count >= 0).",
        ["'aaa'.replace('a', 'b', 2)  # 'bba'", "'ab'.replace('', '-')  # '-a-b-'"]),
    entry!(Method, StrMethod, "str", "startswith", "(self, prefix, start=None, end=None, /)", startswith,
        "Return whether the string starts with prefix (or one of a tuple of prefixes).",
        ["'hello'.startswith('he')  # True", "'hello'.startswith(('x', 'h'))  # True", "'a'.startswith(1)  # TypeError: startswith first arg must be str or a tuple of str, not int"]),
    entry!(Method, StrMethod, "str", "endswith", "(self, suffix, start=None, end=None, /)", endswith,
        "Return whether the string ends with suffix (or one of a tuple of suffixes).",
        ["'hello'.endswith('lo')  # True", "'hello'.endswith('l', 0, 3)  # True"]),
    entry!(Method, StrMethod, "str", "find", "(self, sub, start=None, end=None, /)", find,
        "Return the lowest index of sub, or -1.", ["'héllo'.find('l')  # 2", "'abc'.find('z')  # -1", "'abc'.find('', 3)  # 3"]),
    entry!(Method, StrMethod, "str", "rfind", "(self, sub, start=None, end=None, /)", rfind,
        "Return the highest index of sub, or -1.", ["'hello'.rfind('l')  # 3"]),
    entry!(Method, StrMethod, "str", "index", "(self, sub, start=None, end=None, /)", index,
        "Like find, but raise ValueError when sub is not found.", ["'abc'.index('c')  # 2", "'a'.index('b')  # ValueError: substring not found"]),
    entry!(Method, StrMethod, "str", "rindex", "(self, sub, start=None, end=None, /)", rindex,
        "Like rfind, but raise ValueError when sub is not found.", ["'abca'.rindex('a')  # 3"]),
    entry!(Method, StrMethod, "str", "count", "(self, sub, start=None, end=None, /)", count,
        "Count non-overlapping occurrences of sub.", ["'aaaa'.count('aa')  # 2", "'abc'.count('')  # 4"]),
    entry!(Method, StrMethod, "str", "isdigit", "(self, /)", isdigit, "Whether all characters are digits (and there is one).", ["'123'.isdigit()  # True", "''.isdigit()  # False"]),
    entry!(Method, StrMethod, "str", "isalpha", "(self, /)", isalpha, "Whether all characters are letters (and there is one).", ["'abé'.isalpha()  # True", "'a1'.isalpha()  # False"]),
    entry!(Method, StrMethod, "str", "isalnum", "(self, /)", isalnum, "Whether all characters are letters or digits (and there is one).", ["'a1'.isalnum()  # True"]),
    entry!(Method, StrMethod, "str", "isspace", "(self, /)", isspace, "Whether all characters are whitespace (and there is one).", ["' \\t\\n'.isspace()  # True"]),
    entry!(Method, StrMethod, "str", "isupper", "(self, /)", isupper, "Whether all cased characters are uppercase (and there is one).", ["'A1'.isupper()  # True", "'1'.isupper()  # False"]),
    entry!(Method, StrMethod, "str", "islower", "(self, /)", islower, "Whether all cased characters are lowercase (and there is one).", ["'a1'.islower()  # True"]),
    entry!(Method, StrMethod, "str", "title", "(self, /)", title, "Titlecase: uppercase after each non-letter, lowercase elsewhere.",
        ["'hello world'.title()  # 'Hello World'", "\"they're\".title()  # \"They'Re\""]),
    entry!(Method, StrMethod, "str", "capitalize", "(self, /)", capitalize, "First character uppercase, the rest lowercase.", ["'hELLO'.capitalize()  # 'Hello'"]),
    entry!(Method, StrMethod, "str", "swapcase", "(self, /)", swapcase, "Swap the case of each letter.", ["'aB'.swapcase()  # 'Ab'"]),
    entry!(Method, StrMethod, "str", "zfill", "(self, width, /)", zfill, "Pad with zeros on the left (after a sign) to width.", ["'-42'.zfill(6)  # '-00042'", "'abc'.zfill(2)  # 'abc'"]),
    entry!(Method, StrMethod, "str", "center", "(self, width, fillchar=' ', /)", center, "Center in a field of width.",
        ["'abc'.center(8, '*')  # '**abc***'", "'abc'.center(6, '*')  # '*abc**'"]),
    entry!(Method, StrMethod, "str", "ljust", "(self, width, fillchar=' ', /)", ljust, "Left-justify in a field of width.", ["'ab'.ljust(4, '.')  # 'ab..'"]),
    entry!(Method, StrMethod, "str", "rjust", "(self, width, fillchar=' ', /)", rjust, "Right-justify in a field of width.", ["'ab'.rjust(4)  # '  ab'"]),
    entry!(Method, StrMethod, "str", "splitlines", "(self, /, keepends=False)", splitlines, "Split at line boundaries.",
        ["'a\\nb\\r\\nc'.splitlines()  # ['a', 'b', 'c']", "'a\\nb\\n'.splitlines(keepends=True)  # ['a\\n', 'b\\n']"]),
    entry!(Method, StrMethod, "str", "partition", "(self, sep, /)", partition, "Split at the first sep into (head, sep, tail).", ["'a=b=c'.partition('=')  # ('a', '=', 'b=c')"]),
    entry!(Method, StrMethod, "str", "format", "(self, /, *args)", format, "Substitute {} / {0} fields with the arguments' str (format specs like {:.2f} and {:>5} supported).",
        ["'{} + {} = {:.2f}'.format(1, 2, 3)  # '1 + 2 = 3.00'", "'{1}{0}'.format('a', 'b')  # 'ba'", "'{:>4}|{:<3}|{:^5}'.format(1, 'a', 'b')  # '   1|a  |  b  '"]),
];

/// Python's `str.isspace` for one character.
pub fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

fn s(a: &Args) -> &str {
    match a.get(0) {
        Value::Str(s) => s,
        _ => "",
    }
}

fn str_arg<'a>(v: &'a Value, what: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "{what} must be str, not {}",
            type_name(other)
        ))),
    }
}

fn upper(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(s(a).to_uppercase()))
}

fn lower(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(s(a).to_lowercase()))
}

fn strip_with(a: &Args, left: bool, right: bool, name: &str) -> Result<Value> {
    let text = s(a);
    let out = match a.get(1) {
        Value::None => {
            let t = if left {
                text.trim_start_matches(is_py_space)
            } else {
                text
            };
            if right {
                t.trim_end_matches(is_py_space)
            } else {
                t
            }
        }
        Value::Str(chars) => {
            let set = |c: char| chars.contains(c);
            let t = if left {
                text.trim_start_matches(set)
            } else {
                text
            };
            if right {
                t.trim_end_matches(set)
            } else {
                t
            }
        }
        other => {
            return Err(Error::type_error(format!(
                "{name} arg must be None or str, not {}",
                type_name(other)
            )))
        }
    };
    Ok(Value::str(out))
}

fn strip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, true, true, "strip")
}

fn lstrip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, true, false, "lstrip")
}

fn rstrip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, false, true, "rstrip")
}

fn maxsplit(v: &Value) -> Result<usize> {
    let n = num::index_i64(v)?;
    Ok(if n < 0 { usize::MAX } else { n as usize })
}

fn split_impl(a: &Args, from_right: bool) -> Result<Value> {
    let text = s(a);
    let max = maxsplit(a.get(2))?;
    let parts: Vec<String> = match a.get(1) {
        Value::None => {
            let mut parts = Vec::new();
            if !from_right {
                let mut rest = text.trim_start_matches(is_py_space);
                while !rest.is_empty() {
                    if parts.len() == max {
                        parts.push(rest.to_string());
                        break;
                    }
                    let end = rest.find(is_py_space).unwrap_or(rest.len());
                    parts.push(rest[..end].to_string());
                    rest = rest[end..].trim_start_matches(is_py_space);
                }
            } else {
                let mut rest = text.trim_end_matches(is_py_space);
                while !rest.is_empty() {
                    if parts.len() == max {
                        parts.push(rest.to_string());
                        break;
                    }
                    let start = rest.rfind(is_py_space).map_or(0, |i| {
                        i + rest[i..].chars().next().map_or(1, char::len_utf8)
                    });
                    parts.push(rest[start..].to_string());
                    rest = rest[..start].trim_end_matches(is_py_space);
                }
                parts.reverse();
            }
            parts
        }
        Value::Str(sep) => {
            if sep.is_empty() {
                return Err(Error::value_error("empty separator"));
            }
            if from_right {
                let mut p: Vec<String> = text
                    .rsplitn(max.saturating_add(1), &**sep)
                    .map(str::to_string)
                    .collect();
                p.reverse();
                p
            } else {
                text.splitn(max.saturating_add(1), &**sep)
                    .map(str::to_string)
                    .collect()
            }
        }
        other => {
            return Err(Error::type_error(format!(
                "must be str or None, not {}",
                type_name(other)
            )))
        }
    };
    Ok(Value::list(parts.into_iter().map(Value::str).collect()))
}

fn split(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_impl(a, false)
}

fn rsplit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_impl(a, true)
}

fn join(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = crate::py::lazy::collect(host, a.get(1))?;
    let sep = s(a);
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let Value::Str(t) = item else {
            return Err(Error::type_error(format!(
                "sequence item {i}: expected str instance, {} found",
                type_name(item)
            )));
        };
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(t);
    }
    Ok(Value::str(out))
}

fn replace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let old = str_arg(a.get(1), "replace() argument 1")?;
    let new = str_arg(a.get(2), "replace() argument 2")?;
    let n = num::index_i64(a.get(3))?;
    let text = s(a);
    Ok(Value::str(if n < 0 {
        text.replace(old, new)
    } else {
        text.replacen(old, new, n as usize)
    }))
}

/// Resolves `start`/`end` (char positions, None, negative) to a byte range
/// and the char offset of its start; `None` if start is past the end.
fn char_range(text: &str, start: &Value, end: &Value) -> Result<Option<(usize, usize, usize)>> {
    let n = if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    } as i64;
    let adj = |v: &Value, default: i64| -> Result<i64> {
        if v.is_none() {
            return Ok(default);
        }
        let i = match v {
            Value::BigInt(b) => {
                if num_traits::Signed::is_negative(&**b) {
                    i64::MIN / 2
                } else {
                    i64::MAX / 2
                }
            }
            other => num::index_i64(other)?,
        };
        Ok(if i < 0 { (i + n).max(0) } else { i })
    };
    let (st, en) = (adj(start, 0)?, adj(end, n)?.min(n));
    if st > n {
        return Ok(None);
    }
    let en = en.max(st);
    let byte = |c: i64| -> usize {
        if text.is_ascii() {
            c as usize
        } else {
            text.char_indices()
                .nth(c as usize)
                .map_or(text.len(), |(b, _)| b)
        }
    };
    Ok(Some((byte(st), byte(en), st as usize)))
}

fn char_pos(text: &str, byte: usize) -> i64 {
    if text.is_ascii() {
        byte as i64
    } else {
        text[..byte].chars().count() as i64
    }
}

fn find_impl(a: &Args, right: bool) -> Result<i64> {
    let text = s(a);
    let sub = str_arg(a.get(1), "must be")
        .map_err(|_| Error::type_error(format!("must be str, not {}", type_name(a.get(1)))))?;
    let Some((b0, b1, c0)) = char_range(text, a.get(2), a.get(3))? else {
        return Ok(-1);
    };
    let hay = &text[b0..b1];
    let found = if right { hay.rfind(sub) } else { hay.find(sub) };
    Ok(found.map_or(-1, |off| c0 as i64 + char_pos(hay, off)))
}

fn find(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(find_impl(a, false)?))
}

fn rfind(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(find_impl(a, true)?))
}

fn index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match find_impl(a, false)? {
        -1 => Err(Error::value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn rindex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match find_impl(a, true)? {
        -1 => Err(Error::value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn count(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a);
    let sub = str_arg(a.get(1), "must be")
        .map_err(|_| Error::type_error(format!("must be str, not {}", type_name(a.get(1)))))?;
    let Some((b0, b1, _)) = char_range(text, a.get(2), a.get(3))? else {
        return Ok(Value::Int(0));
    };
    let hay = &text[b0..b1];
    let n = if sub.is_empty() {
        hay.chars().count() + 1
    } else {
        hay.matches(sub).count()
    };
    Ok(Value::Int(n as i64))
}

fn affix(a: &Args, name: &str, test: fn(&str, &str) -> bool) -> Result<Value> {
    let text = s(a);
    let Some((b0, b1, _)) = char_range(text, a.get(2), a.get(3))? else {
        return Ok(Value::Bool(false));
    };
    let hay = &text[b0..b1];
    let bad = |v: &Value| {
        Error::type_error(format!(
            "{name} first arg must be str or a tuple of str, not {}",
            type_name(v)
        ))
    };
    match a.get(1) {
        Value::Str(p) => Ok(Value::Bool(test(hay, p))),
        Value::Tuple(ps) => {
            for p in ps.iter() {
                match p {
                    Value::Str(p) if test(hay, p) => return Ok(Value::Bool(true)),
                    Value::Str(_) => {}
                    other => {
                        return Err(Error::type_error(format!(
                            "tuple for {name} must only contain str, not {}",
                            type_name(other)
                        )))
                    }
                }
            }
            Ok(Value::Bool(false))
        }
        other => Err(bad(other)),
    }
}

fn startswith(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    affix(a, "startswith", |h, p| h.starts_with(p))
}

fn endswith(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    affix(a, "endswith", |h, p| h.ends_with(p))
}

fn all_chars(a: &Args, f: fn(char) -> bool) -> Result<Value> {
    let t = s(a);
    Ok(Value::Bool(!t.is_empty() && t.chars().all(f)))
}

fn isdigit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, |c| {
        c.is_ascii_digit()
            || (!c.is_ascii() && c.is_numeric() && c.is_ascii_digit())
            || ('\u{b2}'..='\u{b3}').contains(&c)
            || c == '\u{b9}'
    })
}

fn isalpha(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, char::is_alphabetic)
}

fn isalnum(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, |c| c.is_alphanumeric())
}

fn isspace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, is_py_space)
}

fn cased_check(a: &Args, upper: bool) -> Value {
    let t = s(a);
    let mut any_cased = false;
    for c in t.chars() {
        if c.is_uppercase() || c.is_lowercase() {
            any_cased = true;
            if (upper && c.is_lowercase()) || (!upper && c.is_uppercase()) {
                return Value::Bool(false);
            }
        }
    }
    Value::Bool(any_cased)
}

fn isupper(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(cased_check(a, true))
}

fn islower(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(cased_check(a, false))
}

fn title(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut out = String::new();
    let mut prev_cased = false;
    for c in s(a).chars() {
        if prev_cased {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_cased = c.is_uppercase() || c.is_lowercase() || (c.is_alphabetic() && !c.is_ascii());
    }
    Ok(Value::str(out))
}

fn capitalize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut chars = s(a).chars();
    let mut out = String::new();
    if let Some(c) = chars.next() {
        out.extend(c.to_uppercase());
    }
    for c in chars {
        out.extend(c.to_lowercase());
    }
    Ok(Value::str(out))
}

fn swapcase(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut out = String::new();
    for c in s(a).chars() {
        if c.is_uppercase() {
            out.extend(c.to_lowercase());
        } else if c.is_lowercase() {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    Ok(Value::str(out))
}

fn width_and_fill(a: &Args) -> Result<(usize, usize, char)> {
    let w = num::index_i64(a.get(1))?.max(0) as usize;
    let fill = match a.get(2) {
        Value::Str(f) if f.chars().count() == 1 => f.chars().next().unwrap_or(' '),
        Value::Str(_) => {
            return Err(Error::type_error(
                "The fill character must be exactly one character long",
            ))
        }
        Value::None => ' ',
        other => {
            return Err(Error::type_error(format!(
                "The fill character must be a unicode character, not {}",
                type_name(other)
            )))
        }
    };
    let n = s(a).chars().count();
    Ok((w, n, fill))
}

fn pad(text: &str, left: usize, right: usize, fill: char) -> Value {
    let mut out = String::with_capacity(text.len() + left + right);
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(text);
    out.extend(std::iter::repeat_n(fill, right));
    Value::str(out)
}

fn center(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, n, fill) = width_and_fill(a)?;
    if w <= n {
        return Ok(a.get(0).clone());
    }
    let marg = w - n;
    let left = marg / 2 + (marg & w & 1);
    Ok(pad(s(a), left, marg - left, fill))
}

fn ljust(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, n, fill) = width_and_fill(a)?;
    Ok(pad(s(a), 0, w.saturating_sub(n), fill))
}

fn rjust(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, n, fill) = width_and_fill(a)?;
    Ok(pad(s(a), w.saturating_sub(n), 0, fill))
}

fn zfill(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let w = num::index_i64(a.get(1))?.max(0) as usize;
    let text = s(a);
    let n = text.chars().count();
    if w <= n {
        return Ok(a.get(0).clone());
    }
    let (sign, body) = match text.chars().next() {
        Some(c @ ('+' | '-')) => (c.to_string(), &text[1..]),
        _ => (String::new(), text),
    };
    Ok(Value::str(format!("{sign}{}{body}", "0".repeat(w - n))))
}

fn splitlines(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let keep = ops::truthy(a.get(1))?;
    let text = s(a);
    let mut out = Vec::new();
    let mut start = 0;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let is_break = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if !is_break {
            continue;
        }
        let mut end = i + c.len_utf8();
        if c == '\r' {
            if let Some((_, '\n')) = it.peek() {
                it.next();
                end += 1;
            }
        }
        out.push(Value::str(if keep {
            &text[start..end]
        } else {
            &text[start..i]
        }));
        start = end;
    }
    if start < text.len() {
        out.push(Value::str(&text[start..]));
    }
    Ok(Value::list(out))
}

fn partition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a);
    let sep = str_arg(a.get(1), "must be")?;
    if sep.is_empty() {
        return Err(Error::value_error("empty separator"));
    }
    Ok(match text.find(sep) {
        Some(i) => Value::tuple(vec![
            Value::str(&text[..i]),
            Value::str(sep),
            Value::str(&text[i + sep.len()..]),
        ]),
        None => Value::tuple(vec![a.get(0).clone(), Value::str(""), Value::str("")]),
    })
}

/// A parsed format spec: `[[fill]align][sign][#][0][width][.precision][type]`.
#[derive(Default)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    ty: Option<char>,
}

fn parse_spec(spec: &str) -> Result<Spec> {
    let bad = || Error::value_error(format!("Invalid format specifier '{spec}'"));
    let chars: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut sp = Spec::default();
    let is_align = |c: char| matches!(c, '<' | '>' | '^' | '=');
    if chars.len() >= 2 && is_align(chars[1]) {
        sp.fill = Some(chars[0]);
        sp.align = Some(chars[1]);
        i = 2;
    } else if !chars.is_empty() && is_align(chars[0]) {
        sp.align = Some(chars[0]);
        i = 1;
    }
    if i < chars.len() && matches!(chars[i], '+' | '-' | ' ') {
        sp.sign = Some(chars[i]);
        i += 1;
    }
    if i < chars.len() && chars[i] == '#' {
        sp.alt = true;
        i += 1;
    }
    if i < chars.len() && chars[i] == '0' {
        sp.zero = true;
        i += 1;
    }
    let digits = |i: &mut usize| -> String {
        let s: String = chars[*i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        *i += s.len();
        s
    };
    let w = digits(&mut i);
    sp.width = if w.is_empty() {
        0
    } else {
        w.parse().map_err(|_| bad())?
    };
    if i < chars.len() && chars[i] == '.' {
        i += 1;
        let p = digits(&mut i);
        sp.prec = Some(p.parse().map_err(|_| bad())?);
    }
    if i < chars.len() {
        sp.ty = Some(chars[i]);
        i += 1;
    }
    if i != chars.len() {
        return Err(bad());
    }
    Ok(sp)
}

/// `%g`-style formatting of a float with `prec` significant digits.
fn fmt_g(x: f64, prec: usize, alt: bool) -> String {
    if !x.is_finite() {
        return crate::py::repr::float_repr(x);
    }
    let p = prec.max(1);
    let sci = format!("{:.*e}", p - 1, x);
    let exp: i64 = sci
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let strip = |s: String| -> String {
        if alt || !s.contains('.') {
            s
        } else {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    if exp >= -4 && exp < p as i64 {
        strip(format!("{:.*}", (p as i64 - 1 - exp).max(0) as usize, x))
    } else {
        let (m, _) = sci.split_once('e').unwrap_or((&sci, ""));
        let m = strip(m.to_string());
        format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

fn fmt_e(x: f64, prec: usize) -> String {
    if !x.is_finite() {
        return crate::py::repr::float_repr(x);
    }
    let sci = format!("{:.*e}", prec, x);
    let (m, e) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = e.parse().unwrap_or(0);
    format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

/// Formats one value with a parsed spec (the subset of `format()` that
/// `'{:...}'.format` and `%` need).
fn format_value(v: &Value, sp: &Spec) -> Result<String> {
    let numeric = matches!(
        v,
        Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_)
    );
    let body = match sp.ty {
        None | Some('s') if !numeric || sp.ty == Some('s') => {
            let t = ops::to_str(v);
            match sp.prec {
                Some(p) => t.chars().take(p).collect(),
                None => t,
            }
        }
        Some('r') => ops::repr(v),
        Some('d' | 'i') | None if num::is_int(v) => {
            num::to_bigint(v).unwrap_or_default().to_string()
        }
        Some('d' | 'i') => match v {
            Value::Float(f) => num::f64_to_int(*f).map(|i| ops::repr(&i))?,
            _ => {
                return Err(Error::type_error(format!(
                    "%d format: a real number is required, not {}",
                    type_name(v)
                )))
            }
        },
        Some(c @ ('x' | 'X' | 'o' | 'b')) => {
            let n = num::index_big(v)?;
            let (neg, m) = (
                num_traits::Signed::is_negative(&n),
                num_traits::Signed::abs(&n),
            );
            let digits = match c {
                'x' => format!("{m:x}"),
                'X' => format!("{m:X}"),
                'o' => format!("{m:o}"),
                _ => format!("{m:b}"),
            };
            let prefix = if sp.alt {
                match c {
                    'x' => "0x",
                    'X' => "0X",
                    'o' => "0o",
                    _ => "0b",
                }
            } else {
                ""
            };
            format!("{}{prefix}{digits}", if neg { "-" } else { "" })
        }
        Some(c @ ('f' | 'F' | 'e' | 'E' | 'g' | 'G' | '%')) | Some(c @ 'n')
            if numeric || matches!(v, Value::Float(_)) =>
        {
            let x = num::to_f64(v)?;
            let p = sp.prec.unwrap_or(6);
            let s = match c {
                'f' | 'F' => {
                    if x.is_finite() {
                        format!("{x:.p$}")
                    } else {
                        crate::py::repr::float_repr(x)
                    }
                }
                'e' | 'E' => fmt_e(x, p),
                '%' => format!("{:.p$}%", x * 100.0),
                _ => fmt_g(x, if sp.prec == Some(0) { 1 } else { p }, sp.alt),
            };
            if c.is_ascii_uppercase() {
                s.to_uppercase()
            } else {
                s
            }
        }
        None => match v {
            Value::Float(f) => match sp.prec {
                Some(p) => {
                    let g = fmt_g(*f, p.max(1), false);
                    if g.contains(['.', 'e', 'n', 'i']) {
                        g
                    } else {
                        g + ".0"
                    }
                }
                None => crate::py::repr::float_repr(*f),
            },
            _ => ops::to_str(v),
        },
        Some(c) => {
            return Err(Error::value_error(format!(
                "Unknown format code '{c}' for object of type '{}'",
                type_name(v)
            )));
        }
    };
    let body = match sp.sign {
        Some('+') if numeric && !body.starts_with('-') => format!("+{body}"),
        Some(' ') if numeric && !body.starts_with('-') => format!(" {body}"),
        _ => body,
    };
    let n = body.chars().count();
    if n >= sp.width {
        return Ok(body);
    }
    let padn = sp.width - n;
    let default_align = if numeric { '>' } else { '<' };
    let (fill, align) = if sp.zero && sp.align.is_none() && numeric {
        ('0', '=')
    } else {
        (sp.fill.unwrap_or(' '), sp.align.unwrap_or(default_align))
    };
    let rep = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    Ok(match align {
        '<' => body + &rep(padn),
        '^' => rep(padn / 2) + &body + &rep(padn - padn / 2),
        '=' => {
            let (sign, digits) = if body.starts_with(['-', '+', ' ']) {
                body.split_at(1)
            } else {
                ("", body.as_str())
            };
            format!("{sign}{}{digits}", rep(padn))
        }
        _ => rep(padn) + &body,
    })
}

fn format(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a).to_string();
    let mut out = String::new();
    let mut auto = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut field = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(ch) => field.push(ch),
                        None => {
                            return Err(Error::value_error("expected '}' before end of string"))
                        }
                    }
                }
                let (name, spec) = field.split_once(':').unwrap_or((&field, ""));
                let (name, conv) = name
                    .split_once('!')
                    .map_or((name, None), |(n, c)| (n, Some(c)));
                let idx = if name.is_empty() {
                    auto += 1;
                    auto - 1
                } else {
                    name.parse::<usize>()
                        .map_err(|_| Error::new(crate::ExcKind::KeyError, format!("'{name}'")))?
                };
                let v = a.rest.get(idx).ok_or_else(|| {
                    Error::index_error(format!(
                        "Replacement index {idx} out of range for positional args tuple"
                    ))
                })?;
                let v = match conv {
                    Some("r") => Value::str(ops::repr(v)),
                    Some("s") => Value::str(ops::to_str(v)),
                    _ => v.clone(),
                };
                out.push_str(&format_value(&v, &parse_spec(spec)?)?);
            }
            '}' => {
                return Err(Error::value_error(
                    "Single '}' encountered in format string",
                ))
            }
            c => out.push(c),
        }
    }
    Ok(Value::str(out))
}

/// `fmt % args`: printf-style formatting (`%s %r %d %i %f %e %g %x %o %%`
/// with flags, width and precision).
pub fn percent_format(fmt: &Value, args: &Value) -> Result<Value> {
    let Value::Str(text) = fmt else {
        return Err(Error::type_error("format requires a str"));
    };
    let items: Vec<Value> = match args {
        Value::Tuple(t) => t.to_vec(),
        other => vec![other.clone()],
    };
    let mut next = items.iter();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = String::new();
        let ty = loop {
            match chars.next() {
                Some(ch) if "-+ #0123456789.".contains(ch) => spec.push(ch),
                Some(ch) => break ch,
                None => return Err(Error::value_error("incomplete format")),
            }
        };
        if ty == '%' {
            out.push('%');
            continue;
        }
        let v = next
            .next()
            .ok_or_else(|| Error::type_error("not enough arguments for format string"))?;
        let left = spec.contains('-');
        let flags: String = spec.chars().take_while(|c| "-+ #0".contains(*c)).collect();
        let rest = &spec[flags.len()..];
        let (w, p) = rest
            .split_once('.')
            .map_or((rest, None), |(w, p)| (w, Some(p)));
        let mut sp = Spec {
            sign: flags.chars().find(|c| *c == '+' || *c == ' '),
            alt: flags.contains('#'),
            width: w.parse().unwrap_or(0),
            prec: p.map(|p| p.parse().unwrap_or(0)),
            align: Some(if left { '<' } else { '>' }),
            ..Spec::default()
        };
        if flags.contains('0') && !left {
            sp.zero = true;
            sp.align = None;
        }
        sp.ty = Some(match ty {
            'u' => 'd',
            'a' => 'r',
            other => other,
        });
        if ty == 's' || ty == 'r' {
            sp.zero = false;
            sp.align = Some(if left { '<' } else { '>' });
        }
        if matches!(
            ty,
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'f' | 'F' | 'e' | 'E' | 'g' | 'G'
        ) && !matches!(
            v,
            Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_)
        ) {
            return Err(Error::type_error(format!(
                "%{ty} format: a real number is required, not {}",
                type_name(v)
            )));
        }
        out.push_str(&format_value(v, &sp)?);
    }
    if next.next().is_some() {
        return Err(Error::type_error(
            "not all arguments converted during string formatting",
        ));
    }
    Ok(Value::str(out))
}
