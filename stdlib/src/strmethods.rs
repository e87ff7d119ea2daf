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
    entry!(Method, StrMethod, "str", "casefold", "(self, /)", casefold, "A copy for caseless matching: lowercase with Unicode's full case folding.",
        ["'ßΣ'.casefold()  # 'ssσ'", "'ABC'.casefold()  # 'abc'"]),
    entry!(Method, StrMethod, "str", "expandtabs", "(self, /, tabsize=8)", expandtabs, "Tabs replaced by spaces up to the next multiple of tabsize (columns restart at \\n and \\r).",
        ["'a\\tb'.expandtabs(4)  # 'a   b'", "'ab\\tc\\n\\td'.expandtabs(3)  # 'ab c\\n   d'"]),
    entry!(Method, StrMethod, "str", "isascii", "(self, /)", isascii, "Whether all characters are ASCII (an empty string is).", ["'a~'.isascii()  # True", "'é'.isascii()  # False"]),
    entry!(Method, StrMethod, "str", "isdecimal", "(self, /)", isdecimal, "Whether all characters are decimal digits of some script (and there is one).",
        ["'١٢'.isdecimal()  # True", "'²'.isdecimal()  # False"]),
    entry!(Method, StrMethod, "str", "isnumeric", "(self, /)", isnumeric, "Whether all characters have a numeric value (digits, fractions, numerals; and there is one).",
        ["'½Ⅷ3'.isnumeric()  # True", "'1.5'.isnumeric()  # False"]),
    entry!(Method, StrMethod, "str", "isprintable", "(self, /)", isprintable, "Whether no character is a control, format, separator (but space) or unassigned one.",
        ["'a b'.isprintable()  # True", "'a\\n'.isprintable()  # False", "''.isprintable()  # True"]),
    entry!(Method, StrMethod, "str", "isidentifier", "(self, /)", isidentifier, "Whether the string is a valid identifier (keywords included).",
        ["'_x1'.isidentifier()  # True", "'1x'.isidentifier()  # False"]),
    entry!(Method, StrMethod, "str", "istitle", "(self, /)", istitle, "Whether uppercase (or titlecase) letters start the runs of cased letters and lowercase ones continue them (and there is one).",
        ["'Hello World'.istitle()  # True", "'HeLLo'.istitle()  # False"]),
    entry!(Method, StrMethod, "str", "removeprefix", "(self, prefix, /)", removeprefix, "Without prefix when the string starts with it.",
        ["'abc'.removeprefix('ab')  # 'c'", "'abc'.removeprefix(b'a')  # TypeError: removeprefix() argument must be str, not bytes"]),
    entry!(Method, StrMethod, "str", "removesuffix", "(self, suffix, /)", removesuffix, "Without suffix when the string ends with it.", ["'abc'.removesuffix('bc')  # 'a'"]),
    entry!(Method, StrMethod, "str", "rpartition", "(self, sep, /)", rpartition, "Split at the last sep into (head, sep, tail).",
        ["'a=b=c'.rpartition('=')  # ('a=b', '=', 'c')", "'abc'.rpartition('x')  # ('', '', 'abc')"]),
    entry!(Function, StrMethod, "str", "maketrans", "(x, y=None, z=None, /)", maketrans,
        "The table for translate: from a dict (one-character keys become code points), or mapping each character of x to the one of y at its place, the characters of z to None.",
        ["str.maketrans('ab', 'xy', 'z')  # {97: 120, 98: 121, 122: None}", "str.maketrans({'a': 'b'})  # {97: 'b'}", "str.maketrans('a', 'bc')  # ValueError: the first two maketrans arguments must have equal length"]),
    entry!(Method, StrMethod, "str", "translate", "(self, table, /)", translate,
        "Each character replaced by table[ord(c)]: a str, a code point, or None to drop it; characters the table lacks are kept.",
        ["'abc'.translate({97: 'xy', 98: None, 99: 100})  # 'xyd'", "'abc'.translate(str.maketrans('ab', 'ba'))  # 'bac'", "'a'.translate({97: 1.5})  # TypeError: character mapping must return integer, None or str"]),
    entry!(Method, StrMethod, "str", "format_map", "(self, mapping, /)", format_map, "Like format, with each field name looked up as mapping[name].",
        ["'{a}-{b}'.format_map({'a': 1, 'b': 2})  # '1-2'", "'{}'.format_map({})  # ValueError: Format string contains positional fields", "'{a}'.format_map({})  # KeyError: 'a'"]),
    entry!(Method, StrMethod, "str", "format", "(self, /, *args, **kwargs)", format, "Substitute {} / {0} / {name} fields (with .attr and [key], !r/!s/!a and the whole format-spec mini-language, nested {:{width}} included).",
        ["'{} + {} = {:.2f}'.format(1, 2, 3)  # '1 + 2 = 3.00'", "'{1}{0}'.format('a', 'b')  # 'ba'", "'{:>4}|{:<3}|{:^5}'.format(1, 'a', 'b')  # '   1|a  |  b  '",
         "'{x:{w}.{p}f}'.format(x=3.14159, w=8, p=2)  # '    3.14'", "'{0[1]} {0.real}'.format([5, 6])  # AttributeError: 'list' object has no attribute 'real'",
         "'{} {0}'.format(1)  # ValueError: cannot switch from automatic field numbering to manual field specification", "'{:d}'.format('a')  # ValueError: Unknown format code 'd' for object of type 'str'"]),
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

/// A str argument, or CPython's TypeError: `{what} must be str, not None`
/// for an argument `what` names (`replace() argument 1`), `must be str,
/// not NoneType` when `what` is empty.
fn str_arg<'a>(v: &'a Value, what: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other if what.is_empty() => Err(Error::type_error(format!(
            "must be str, not {}",
            type_name(other)
        ))),
        other => Err(Error::type_error(format!(
            "{what} must be str, not {}",
            if other.is_none() {
                "None"
            } else {
                type_name(other)
            }
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
    // NumPy's str scalars are strs.
    let items: Vec<Value> = crate::py::lazy::collect(host, a.get(1))?
        .into_iter()
        .map(crate::numpy::host::as_python)
        .collect();
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
                // (np.str_ is a str)
                match &crate::numpy::host::as_python(p.clone()) {
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
        c.is_ascii_digit() || (!c.is_ascii() && in_ranges(c, crate::py::unicode_tables::DIGIT))
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
    Ok(Value::str(capitalized(s(a))))
}

/// `s.capitalize()`: the first character upper case, the rest lower.
pub fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    let mut out = String::new();
    if let Some(c) = chars.next() {
        out.extend(c.to_uppercase());
    }
    for c in chars {
        out.extend(c.to_lowercase());
    }
    out
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
    let sep = str_arg(a.get(1), "")?;
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

/// `template.format(*args, **kwargs)`: replacement fields
/// `{name!conv:spec}`, where `name` is empty (the next positional
/// argument), an index or a keyword, followed by `.attr` and `[key]`
/// parts, and `spec` may hold nested fields (`{:{width}}`). Each value is
/// formatted by [`crate::py::format::format`], as f-strings are.
fn format(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a).to_string();
    let kwargs = match a.values.get(1) {
        Some(Value::Dict(d)) => Some(d.clone()),
        _ => None,
    };
    let mut fields = FieldArgs {
        args: &a.rest,
        kwargs: kwargs.as_ref(),
        mapping: None,
        auto: Some(0),
        manual: false,
    };
    render_template(host, &text, &mut fields, 2)
}

/// `template.format_map(mapping)`: `format` with the names looked up as
/// `mapping[name]` (any subscriptable object), and no positional fields.
fn format_map(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a).to_string();
    let mapping = a.get(1).clone();
    let mut fields = FieldArgs {
        args: &[],
        kwargs: None,
        mapping: Some(&mapping),
        auto: Some(0),
        manual: false,
    };
    render_template(host, &text, &mut fields, 2)
}

/// The arguments of a `str.format` call, and how fields number them.
struct FieldArgs<'a> {
    args: &'a [Value],
    kwargs: Option<&'a std::rc::Rc<std::cell::RefCell<crate::value::DictTable>>>,
    /// `format_map`'s mapping, which every field name is looked up in.
    mapping: Option<&'a Value>,
    /// The next automatic index; `None` once a field named its index.
    auto: Option<usize>,
    /// Whether a field named its index.
    manual: bool,
}

impl FieldArgs<'_> {
    /// The value of a field name (`''`, `0`, `name`, `0.real`, `d[key]`).
    fn lookup(&mut self, host: &mut dyn Host, name: &str) -> Result<Value> {
        let end = name.find(['.', '[']).unwrap_or(name.len());
        let (first, mut rest) = name.split_at(end);
        let mut v = if let Some(m) = self.mapping {
            if first.is_empty() || first.parse::<usize>().is_ok() {
                return Err(Error::value_error(
                    "Format string contains positional fields",
                ));
            }
            let key = Value::str(first);
            if crate::py::class::special_of(m, "__getitem__") {
                crate::py::class::call_special(host, m, "__getitem__", vec![key], "")?
            } else {
                ops::getitem(m, &key)?
            }
        } else if first.is_empty() {
            if self.manual {
                return Err(Error::value_error(
                    "cannot switch from manual field specification to automatic field numbering",
                ));
            }
            let i = self.auto.unwrap_or(0);
            self.auto = Some(i + 1);
            self.positional(i)?
        } else if let Ok(i) = first.parse::<usize>() {
            if self.auto.is_some_and(|n| n > 0) {
                return Err(Error::value_error(
                    "cannot switch from automatic field numbering to manual field specification",
                ));
            }
            self.manual = true;
            self.positional(i)?
        } else {
            let found = match self.kwargs {
                Some(d) => d.borrow().get(&Value::str(first))?,
                None => None,
            };
            found.ok_or_else(|| Error::new(crate::ExcKind::KeyError, format!("'{first}'")))?
        };
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix('.') {
                let end = after.find(['.', '[']).unwrap_or(after.len());
                v = ops::getattr(&v, &after[..end])?;
                rest = &after[end..];
            } else if let Some(after) = rest.strip_prefix('[') {
                let close = after
                    .find(']')
                    .ok_or_else(|| Error::value_error("Missing ']' in format string"))?;
                let key = &after[..close];
                let key = match key.parse::<i64>() {
                    Ok(i) => Value::Int(i),
                    Err(_) => Value::str(key),
                };
                v = ops::getitem(&v, &key)?;
                rest = &after[close + 1..];
            } else {
                return Err(Error::value_error(
                    "Only '.' or '[' may follow ']' in format field specifier",
                ));
            }
        }
        Ok(v)
    }

    fn positional(&self, i: usize) -> Result<Value> {
        self.args.get(i).cloned().ok_or_else(|| {
            Error::index_error(format!(
                "Replacement index {i} out of range for positional args tuple"
            ))
        })
    }
}

/// Renders a `str.format` template (or a field's spec, with `depth`
/// levels of nesting left).
fn render_template(
    host: &mut dyn Host,
    text: &str,
    fields: &mut FieldArgs<'_>,
    depth: usize,
) -> Result<Value> {
    let mut out = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '{' if chars.peek().map(|p| p.1) == Some('{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek().map(|p| p.1) == Some('}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                if depth == 0 {
                    return Err(Error::value_error("Max string recursion exceeded"));
                }
                // The field runs to its matching '}' (specs may nest fields).
                let mut level = 1;
                let mut end = None;
                for (i, ch) in chars.by_ref() {
                    match ch {
                        '{' => level += 1,
                        '}' => {
                            level -= 1;
                            if level == 0 {
                                end = Some(i);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let Some(end) = end else {
                    return Err(Error::value_error("expected '}' before end of string"));
                };
                let field = &text[at + 1..end];
                let (head, spec) = split_field(field);
                let (name, conv) = match head.split_once('!') {
                    Some((n, c)) => (n, Some(c)),
                    None => (head, None),
                };
                let mut v = fields.lookup(host, name)?;
                if let Some(c) = conv {
                    let mut cs = c.chars();
                    match (cs.next(), cs.next()) {
                        // A user object's `__repr__` / `__str__` run here.
                        (Some('r'), None) if crate::py::class::is_instance(&v) => {
                            v = Value::str(crate::py::class::repr(host, &v)?)
                        }
                        (Some('s'), None) if crate::py::class::is_instance(&v) => {
                            v = Value::str(crate::py::class::to_str(host, &v)?)
                        }
                        (Some(c), None) => v = crate::py::format::convert(&v, c)?,
                        _ => {
                            return Err(Error::value_error(
                                "expected ':' after conversion specifier",
                            ))
                        }
                    }
                }
                let spec = match render_template(host, spec, fields, depth - 1)? {
                    Value::Str(s) => s,
                    _ => "".into(),
                };
                out.push_str(&if crate::py::class::is_instance(&v) {
                    crate::py::class::format(host, &v, &spec)?
                } else {
                    crate::py::format::format(&v, &spec)?
                });
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

/// A field's `name!conv` and its spec: split at the first `:` outside
/// brackets (`{d[a:b]}` keeps its colon).
fn split_field(field: &str) -> (&str, &str) {
    let mut in_index = false;
    for (i, c) in field.char_indices() {
        match c {
            '[' => in_index = true,
            ']' => in_index = false,
            ':' if !in_index => return (&field[..i], &field[i + 1..]),
            _ => {}
        }
    }
    (field, "")
}

/// `fmt % args`: printf-style formatting (`%s %r %a %d %i %u %f %F %e %E
/// %g %G %x %X %o %c %%`, flags `-+ #0`, width, precision, and
/// `%(name)s` keys into a dict). The conversions end in
/// [`crate::py::format::format`], as `str.format` and f-strings do.
/// A bytes or bytearray `fmt` formats bytes (`b'%d bytes' % 8`), with
/// `%b` and bytes' own rules for `%s`, `%r` and `%c`.
pub fn percent_format(fmt: &Value, args: &Value) -> Result<Value> {
    percent_format_with(fmt, args, &mut |v, ty| match ty {
        's' => Ok(ops::to_str(v)),
        'r' => Ok(ops::repr(v)),
        'b' => bytes_text(v),
        _ => Ok(crate::py::format::ascii(&ops::repr(v))),
    })
}

/// The `%s`/`%b` text of `v` in a bytes template: its bytes as a latin-1
/// string, or CPython's TypeError.
pub fn bytes_text(v: &Value) -> Result<String> {
    let v = crate::numpy::host::as_python(v.clone());
    let text = match crate::py::bytes::view(&v) {
        Some(d) => Ok(d.iter().map(|&b| char::from(b)).collect()),
        None => Err(Error::type_error(format!(
            "%b requires a bytes-like object, or an object that implements __bytes__, not '{}'",
            type_name(&v)
        ))),
    };
    text
}

/// Whether `%` takes `args` as the mapping of its `%(key)s` fields (and
/// does not count the arguments it leaves unused): anything subscriptable
/// but a tuple and the template's own kind, as CPython decides.
fn mapping_like(args: &Value, bytes: bool) -> bool {
    match args {
        Value::Dict(_) | Value::List(_) | Value::Range(_) => true,
        Value::Bytes(_) | Value::ByteArray(_) => !bytes,
        _ => false,
    }
}

/// [`percent_format`] with `text` making the text of a value for `%s`,
/// `%r` and `%a` (`ty` is the conversion; user `__str__` and `__repr__`
/// run through the host). In a bytes template `ty` is `'b'` for `%s` and
/// `%b` (the bytes, as a latin-1 string) and `'a'` for `%r` and `%a`.
pub fn percent_format_with(
    fmt: &Value,
    args: &Value,
    text: &mut dyn FnMut(&Value, char) -> Result<String>,
) -> Result<Value> {
    let to_text = text;
    // A bytes template runs as the latin-1 string of its bytes.
    let (template, bytes): (std::borrow::Cow<'_, str>, bool) = match fmt {
        Value::Str(t) => (std::borrow::Cow::Borrowed(&**t), false),
        other => match crate::py::bytes::view(other) {
            Some(d) => (d.iter().map(|&b| char::from(b)).collect(), true),
            None => return Err(Error::type_error("format requires a str")),
        },
    };
    let mapping = mapping_like(args, bytes).then(|| args.clone());
    let items: Vec<Value> = match args {
        Value::Tuple(t) => t.to_vec(),
        other => vec![other.clone()],
    };
    let mut next = items.iter();
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let start = i - 1;
        let mut keyed = None;
        if chars.get(i) == Some(&'(') {
            // Parentheses nest inside a key (`%(a(b))s`).
            let mut depth = 0;
            let mut close = None;
            for (k, &ch) in chars[i..].iter().enumerate() {
                match ch {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            close = Some(k);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let close = close.ok_or_else(|| Error::value_error("incomplete format key"))?;
            keyed = Some(chars[i + 1..i + close].iter().collect::<String>());
            i += close + 1;
        }
        let mut flags = String::new();
        while let Some(&f @ ('-' | '+' | ' ' | '#' | '0')) = chars.get(i) {
            flags.push(f);
            i += 1;
        }
        let width: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        i += width.len();
        let mut precision = None;
        if chars.get(i) == Some(&'.') {
            i += 1;
            let p: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += p.len();
            precision = Some(p.parse::<usize>().unwrap_or(0));
        }
        let Some(&ty) = chars.get(i) else {
            return Err(Error::value_error("incomplete format"));
        };
        i += 1;
        if ty == '%' {
            out.push('%');
            continue;
        }
        let v = match (&keyed, &mapping) {
            (Some(k), Some(d)) => {
                let key = if bytes {
                    Value::Bytes(
                        k.chars()
                            .map(|c| c as u32 as u8)
                            .collect::<Vec<u8>>()
                            .into(),
                    )
                } else {
                    Value::str(k.as_str())
                };
                // After a keyed field no positional argument is left.
                next = [].iter();
                ops::getitem(d, &key)?
            }
            (Some(_), None) => return Err(Error::type_error("format requires a mapping")),
            (None, _) => next
                .next()
                .cloned()
                .ok_or_else(|| Error::type_error("not enough arguments for format string"))?,
        };
        let left = flags.contains('-');
        let align = if left { "<" } else { ">" };
        let sign: String = flags
            .chars()
            .filter(|c| *c == '+' || *c == ' ')
            .take(1)
            .collect();
        let alt = if flags.contains('#') { "#" } else { "" };
        let zero = if flags.contains('0') && !left {
            "0"
        } else {
            ""
        };
        // Zero padding goes between the sign and the digits.
        let nalign = if zero.is_empty() { align } else { "" };
        let prec = precision.map(|p| format!(".{p}")).unwrap_or_default();
        let number = |what: &str| -> Result<Value> {
            match &v {
                Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_) => {
                    Ok(v.clone())
                }
                Value::Scalar(s) => Ok(crate::numpy::conv::to_python(s)),
                // A 0-d array converts as its element (`__int__`, `__float__`).
                Value::Array(a) if a.ndim() == 0 => Ok(crate::numpy::conv::to_python(&a.item()?)),
                other => Err(Error::type_error(format!(
                    "%{ty} format: {what} is required, not {}",
                    type_name(other)
                ))),
            }
        };
        let text = match ty {
            's' | 'r' | 'a' | 'b' if bytes => {
                let s = to_text(&v, if matches!(ty, 's' | 'b') { 'b' } else { 'a' })?;
                crate::py::format::format(&Value::str(s), &format!("{align}{width}{prec}"))?
            }
            's' | 'r' | 'a' => {
                let s = to_text(&v, ty)?;
                crate::py::format::format(&Value::str(s), &format!("{align}{width}{prec}"))?
            }
            'd' | 'i' | 'u' => {
                let n = match number("a real number")? {
                    Value::Float(f) => num::f64_to_int(f)?,
                    Value::Bool(b) => Value::Int(i64::from(b)),
                    n => n,
                };
                let n = match precision {
                    // A precision is a minimum number of digits.
                    Some(p) => {
                        let digits = num::to_bigint(&n).unwrap_or_default();
                        let neg = num_traits::Signed::is_negative(&digits);
                        let body = format!("{:0>p$}", num_traits::Signed::abs(&digits).to_string());
                        Value::str(format!("{}{body}", if neg { "-" } else { sign.as_str() }))
                    }
                    None => n,
                };
                match n {
                    Value::Str(s) => {
                        crate::py::format::format(&Value::Str(s), &format!("{align}{width}"))?
                    }
                    n => crate::py::format::format(&n, &format!("{nalign}{sign}{zero}{width}d"))?,
                }
            }
            'x' | 'X' | 'o' => {
                let n = match number("an integer")? {
                    Value::Float(_) => {
                        return Err(Error::type_error(format!(
                            "%{ty} format: an integer is required, not float"
                        )))
                    }
                    n => n,
                };
                crate::py::format::format(&n, &format!("{nalign}{sign}{alt}{zero}{width}{ty}"))?
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
                let x = Value::Float(num::to_f64(&number("a real number")?)?);
                let prec = format!(".{}", precision.unwrap_or(6));
                crate::py::format::format(
                    &x,
                    &format!("{nalign}{sign}{alt}{zero}{width}{prec}{ty}"),
                )?
            }
            'c' if bytes => {
                let v = crate::numpy::host::as_python(v.clone());
                let byte = match &v {
                    Value::Int(_) | Value::BigInt(_) | Value::Bool(_) => {
                        let n = num::to_bigint(&v).unwrap_or_default();
                        u8::try_from(&n).map_err(|_| Error::overflow("%c arg not in range(256)"))?
                    }
                    other => match crate::py::bytes::view(other) {
                        Some(d) if d.len() == 1 => d[0],
                        // NumPy's integers, by their `__index__`.
                        _ if is_numpy_int(other) => u8::try_from(num::index_i64(other)?)
                            .map_err(|_| Error::overflow("%c arg not in range(256)"))?,
                        _ => {
                            return Err(Error::type_error(
                                "%c requires an integer in range(256) or a single byte",
                            ))
                        }
                    },
                };
                crate::py::format::format(
                    &Value::str(char::from(byte).to_string()),
                    &format!("{align}{width}"),
                )?
            }
            'c' => {
                let c = match &v {
                    Value::Str(s) if s.chars().count() == 1 => s.to_string(),
                    Value::Int(_) | Value::BigInt(_) => crate::py::format::format(&v, "c")?,
                    // NumPy's integers, by their `__index__`.
                    n if is_numpy_int(n) => {
                        crate::py::format::format(&Value::Int(num::index_i64(n)?), "c")?
                    }
                    _ => return Err(Error::type_error("%c requires int or char")),
                };
                crate::py::format::format(&Value::str(c), &format!("{align}{width}"))?
            }
            other => {
                return Err(Error::value_error(format!(
                    "unsupported format character '{other}' (0x{:x}) at index {}",
                    other as u32,
                    start + (i - start) - 1
                )))
            }
        };
        out.push_str(&text);
    }
    if mapping.is_none() && next.next().is_some() {
        return Err(Error::type_error(if bytes {
            "not all arguments converted during bytes formatting"
        } else {
            "not all arguments converted during string formatting"
        }));
    }
    if bytes {
        // Every char is a byte: the template's, a byte value's, or ASCII.
        let data: Vec<u8> = out.chars().map(|c| c as u32 as u8).collect();
        return Ok(crate::py::bytes::same_type(fmt, data));
    }
    Ok(Value::str(out))
}

/// Whether `c` lies in one of the sorted, disjoint `ranges`.
fn in_ranges(c: char, ranges: &[(u32, u32)]) -> bool {
    let c = c as u32;
    ranges
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

fn casefold(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::unicode_tables::CASEFOLD;
    let mut out = String::new();
    for c in s(a).chars() {
        match CASEFOLD.binary_search_by_key(&(c as u32), |&(k, _)| k) {
            Ok(i) => out.push_str(CASEFOLD[i].1),
            Err(_) => out.extend(c.to_lowercase()),
        }
    }
    Ok(Value::str(out))
}

fn expandtabs(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let tab = num::index_i64(a.get(1))?;
    let mut out = String::new();
    let mut col: usize = 0;
    for c in s(a).chars() {
        match c {
            '\t' => {
                if tab > 0 {
                    let t = tab as usize;
                    let n = t - col % t;
                    out.extend(std::iter::repeat_n(' ', n));
                    col += n;
                }
            }
            '\n' | '\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    Ok(Value::str(out))
}

fn isascii(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(s(a).is_ascii()))
}

fn isdecimal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, |c| in_ranges(c, crate::py::unicode_tables::DECIMAL))
}

fn isnumeric(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_chars(a, |c| in_ranges(c, crate::py::unicode_tables::NUMERIC))
}

fn isprintable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = s(a);
    Ok(Value::Bool(t.chars().all(|c| {
        !in_ranges(c, crate::py::unicode_tables::NOT_PRINTABLE)
    })))
}

fn isidentifier(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::unicode_tables::{ID_CONTINUE, ID_START};
    let mut chars = s(a).chars();
    let Some(first) = chars.next() else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(
        in_ranges(first, ID_START) && chars.all(|c| in_ranges(c, ID_CONTINUE)),
    ))
}

fn istitle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let upper = |c: char| c.is_uppercase() || in_ranges(c, crate::py::unicode_tables::TITLECASE);
    Ok(Value::Bool(is_titled(
        s(a).chars(),
        upper,
        char::is_lowercase,
    )))
}

/// CPython's `istitle` over characters or bytes: some cased character,
/// every upper (or title) case one after an uncased one, every lower case
/// one after a cased one.
pub(crate) fn is_titled<C: Copy>(
    text: impl Iterator<Item = C>,
    upper: impl Fn(C) -> bool,
    lower: impl Fn(C) -> bool,
) -> bool {
    let mut prev_cased = false;
    let mut cased = false;
    for c in text {
        if upper(c) {
            if prev_cased {
                return false;
            }
        } else if lower(c) {
            if !prev_cased {
                return false;
            }
        } else {
            prev_cased = false;
            continue;
        }
        prev_cased = true;
        cased = true;
    }
    cased
}

fn removeprefix(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = str_arg(a.get(1), "removeprefix() argument")?;
    let text = s(a);
    Ok(match text.strip_prefix(p) {
        Some(rest) => Value::str(rest),
        None => a.get(0).clone(),
    })
}

fn removesuffix(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = str_arg(a.get(1), "removesuffix() argument")?;
    let text = s(a);
    Ok(match text.strip_suffix(p) {
        Some(rest) => Value::str(rest),
        None => a.get(0).clone(),
    })
}

fn rpartition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = s(a);
    let sep = str_arg(a.get(1), "")?;
    if sep.is_empty() {
        return Err(Error::value_error("empty separator"));
    }
    Ok(match text.rfind(sep) {
        Some(i) => Value::tuple(vec![
            Value::str(&text[..i]),
            Value::str(sep),
            Value::str(&text[i + sep.len()..]),
        ]),
        None => Value::tuple(vec![Value::str(""), Value::str(""), a.get(0).clone()]),
    })
}

/// `str.maketrans(x[, y[, z]])`: the dict `translate` reads, from a dict
/// (str keys of one character become their code points), or from two
/// strings of equal length and a third of characters to delete.
fn maketrans(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut out = crate::value::DictTable::default();
    let (x, y, z) = (a.get(0), a.get(1), a.get(2));
    if y.is_none() && z.is_none() {
        let Value::Dict(d) = x else {
            return Err(Error::type_error(
                "if you give only one argument to maketrans it must be a dict",
            ));
        };
        for (k, v) in d.borrow().iter() {
            let key = match k {
                Value::Str(t) if t.chars().count() == 1 => {
                    Value::Int(t.chars().next().map_or(0, |c| c as i64))
                }
                Value::Str(_) => {
                    return Err(Error::value_error(
                        "string keys in translate table must be of length 1",
                    ))
                }
                Value::Int(_) | Value::BigInt(_) | Value::Bool(_) => k.clone(),
                _ => {
                    return Err(Error::type_error(
                        "keys in translate table must be strings or integers",
                    ))
                }
            };
            out.insert(key, v.clone())?;
        }
        return Ok(Value::Dict(std::rc::Rc::new(std::cell::RefCell::new(out))));
    }
    let Value::Str(from) = x else {
        return Err(Error::type_error(
            "first maketrans argument must be a string if there is a second argument",
        ));
    };
    let to = str_arg(y, "maketrans() argument 2")?;
    if from.chars().count() != to.chars().count() {
        return Err(Error::value_error(
            "the first two maketrans arguments must have equal length",
        ));
    }
    for (f, t) in from.chars().zip(to.chars()) {
        out.insert(Value::Int(f as i64), Value::Int(t as i64))?;
    }
    if !z.is_none() {
        for c in str_arg(z, "maketrans() argument 3")?.chars() {
            out.insert(Value::Int(c as i64), Value::None)?;
        }
    }
    Ok(Value::Dict(std::rc::Rc::new(std::cell::RefCell::new(out))))
}

/// `s.translate(table)`: each character's code point looked up in the
/// table (`table[ord(c)]`): None drops it, an int or str replaces it, and
/// a LookupError keeps it.
fn translate(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let table = a.get(1).clone();
    let user = crate::py::class::special_of(&table, "__getitem__");
    let mut out = String::new();
    for c in s(a).to_string().chars() {
        let key = Value::Int(c as i64);
        let found = if user {
            crate::py::class::call_special(host, &table, "__getitem__", vec![key], "")
        } else {
            ops::getitem(&table, &key)
        };
        let v = match found {
            Ok(v) => v,
            Err(e) if crate::py::exc::mro(e.kind()).contains(&crate::ExcKind::LookupError) => {
                out.push(c);
                continue;
            }
            Err(e) => return Err(e),
        };
        match crate::numpy::host::as_python(v) {
            Value::None => {}
            Value::Str(t) => out.push_str(&t),
            v @ (Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) => {
                let n = num::to_bigint(&v).unwrap_or_default();
                let ch = u32::try_from(&n)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| {
                        Error::value_error("character mapping must be in range(0x110000)")
                    })?;
                out.push(ch);
            }
            _ => {
                return Err(Error::type_error(
                    "character mapping must return integer, None or str",
                ))
            }
        }
    }
    Ok(Value::str(out))
}

/// Whether `v` is a NumPy integer scalar: what `%c` takes by its
/// `__index__` (NumPy's bool has none).
fn is_numpy_int(v: &Value) -> bool {
    matches!(v, Value::Scalar(s) if s.dtype().is_integer())
}
