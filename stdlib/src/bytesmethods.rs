//! The `bytes` and `bytearray` types and their methods (`b'a,b'.split(b',')`,
//! `data.decode()`, `ba.append(1)`), and `str.encode`.
//!
//! A bytearray looks its methods up in its own table first, then in the
//! bytes one; methods that return bytes return the receiver's type.

use std::cell::RefCell;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::type_name;
use crate::py::bytes::{self as b, find, same_type, view};
use crate::py::num;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The types, their shared methods, and `str.encode`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, Builtin, "builtins", "bytes", "(source=None, encoding=None, errors=None)", bytes,
        "An immutable sequence of bytes: from a str and an encoding, a count of zero bytes, an iterable of ints in range(256), or a buffer (an array's bytes).",
        ["bytes('hé', 'utf-8')  # b'h\\xc3\\xa9'", "bytes(3)  # b'\\x00\\x00\\x00'", "bytes([104, 105])  # b'hi'",
         "bytes('a')  # TypeError: string argument without an encoding", "bytes([256])  # ValueError: bytes must be in range(0, 256)"]),
    entry!(Type, Builtin, "builtins", "bytearray", "(source=None, encoding=None, errors=None)", bytearray,
        "A mutable sequence of bytes, built as bytes() builds one.",
        ["bytearray(b'ab')  # bytearray(b'ab')", "bytearray(2)  # bytearray(b'\\x00\\x00')"]),
    entry!(Method, StrMethod, "str", "encode", "(self, /, encoding='utf-8', errors='strict')", encode,
        "Encode the string with a codec (utf-8, ascii, latin-1); errors is 'strict', 'replace' or 'ignore'.",
        ["'hé'.encode()  # b'h\\xc3\\xa9'", "'hé'.encode('latin-1')  # b'h\\xe9'", "'hé'.encode('ascii', 'replace')  # b'h?'",
         "'hé'.encode('ascii')  # UnicodeEncodeError: 'ascii' codec can't encode character '\\xe9' in position 1: ordinal not in range(128)"]),
    entry!(Method, BytesMethod, "bytes", "decode", "(self, /, encoding='utf-8', errors='strict')", decode,
        "Decode the bytes with a codec (utf-8, ascii, latin-1); errors is 'strict', 'replace' or 'ignore'.",
        ["b'h\\xc3\\xa9'.decode()  # 'hé'", "b'\\xe9'.decode('latin-1')  # 'é'", "b'a\\xff'.decode('utf-8', 'replace')  # 'a�'",
         "b'\\xff'.decode()  # UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"]),
    entry!(Method, BytesMethod, "bytes", "hex", "(self, /, sep=None, bytes_per_sep=1)", hex,
        "Two hex digits per byte, with sep between groups of bytes_per_sep bytes (counted from the right; from the left when negative).",
        ["b'\\x01\\xab'.hex()  # '01ab'", "b'abc'.hex(':')  # '61:62:63'", "b'abcde'.hex(' ', 2)  # '61 6263 6465'"]),
    entry!(Function, BytesMethod, "bytes", "fromhex", "(string, /)", fromhex,
        "The bytes a string of hex digits spells (whitespace between bytes is skipped).",
        ["bytes.fromhex('de ad')  # b'\\xde\\xad'", "bytes.fromhex('dex')  # ValueError: non-hexadecimal number found in fromhex() arg at position 2"]),
    entry!(Function, BytesMethod, "bytearray", "fromhex", "(string, /)", fromhex_array,
        "The bytearray a string of hex digits spells.", ["bytearray.fromhex('01 02')  # bytearray(b'\\x01\\x02')"]),
    entry!(Method, BytesMethod, "bytes", "count", "(self, sub, start=None, end=None, /)", count,
        "Count non-overlapping occurrences of sub (bytes or an int).", ["b'aaaa'.count(b'aa')  # 2", "b'abc'.count(98)  # 1"]),
    entry!(Method, BytesMethod, "bytes", "find", "(self, sub, start=None, end=None, /)", find_,
        "The lowest index of sub (bytes or an int), or -1.", ["b'abc'.find(b'c')  # 2", "b'abc'.find(120)  # -1"]),
    entry!(Method, BytesMethod, "bytes", "rfind", "(self, sub, start=None, end=None, /)", rfind,
        "The highest index of sub, or -1.", ["b'abcb'.rfind(b'b')  # 3"]),
    entry!(Method, BytesMethod, "bytes", "index", "(self, sub, start=None, end=None, /)", index,
        "Like find, but raise ValueError when sub is not found.", ["b'abc'.index(b'b')  # 1", "b'abc'.index(b'z')  # ValueError: subsection not found"]),
    entry!(Method, BytesMethod, "bytes", "rindex", "(self, sub, start=None, end=None, /)", rindex,
        "Like rfind, but raise ValueError when sub is not found.", ["b'abcb'.rindex(b'b')  # 3"]),
    entry!(Method, BytesMethod, "bytes", "startswith", "(self, prefix, start=None, end=None, /)", startswith,
        "Whether the bytes start with prefix (or one of a tuple of prefixes).",
        ["b'abc'.startswith(b'ab')  # True", "b'abc'.startswith((b'x', b'a'))  # True", "b'abc'.startswith('a')  # TypeError: startswith first arg must be bytes or a tuple of bytes, not str"]),
    entry!(Method, BytesMethod, "bytes", "endswith", "(self, suffix, start=None, end=None, /)", endswith,
        "Whether the bytes end with suffix (or one of a tuple of suffixes).", ["b'abc'.endswith(b'bc')  # True"]),
    entry!(Method, BytesMethod, "bytes", "split", "(self, /, sep=None, maxsplit=-1)", split,
        "Split at sep (or runs of ASCII whitespace), at most maxsplit times.",
        ["b'a,b,,c'.split(b',')  # [b'a', b'b', b'', b'c']", "b' a  b '.split()  # [b'a', b'b']", "b'a b c'.split(maxsplit=1)  # [b'a', b'b c']"]),
    entry!(Method, BytesMethod, "bytes", "rsplit", "(self, /, sep=None, maxsplit=-1)", rsplit,
        "Split from the right at sep (or runs of ASCII whitespace), at most maxsplit times.", ["b'a,b,c'.rsplit(b',', 1)  # [b'a,b', b'c']"]),
    entry!(Method, BytesMethod, "bytes", "join", "(self, iterable_of_bytes, /)", join,
        "Concatenate the bytes-like items of the iterable with these bytes between them.",
        ["b', '.join([b'a', b'b'])  # b'a, b'", "b''.join(['a'])  # TypeError: sequence item 0: expected a bytes-like object, str found"]),
    entry!(Method, BytesMethod, "bytes", "replace", "(self, old, new, count=-1, /)", replace,
        "Replace occurrences of old by new (the first count ones if count >= 0).", ["b'aaa'.replace(b'a', b'b', 2)  # b'bba'"]),
    entry!(Method, BytesMethod, "bytes", "strip", "(self, bytes=None, /)", strip,
        "Without leading and trailing ASCII whitespace (or the given bytes).", ["b' a \\n'.strip()  # b'a'", "b'xxaxx'.strip(b'x')  # b'a'"]),
    entry!(Method, BytesMethod, "bytes", "lstrip", "(self, bytes=None, /)", lstrip,
        "Without leading ASCII whitespace (or the given bytes).", ["b'  a '.lstrip()  # b'a '"]),
    entry!(Method, BytesMethod, "bytes", "rstrip", "(self, bytes=None, /)", rstrip,
        "Without trailing ASCII whitespace (or the given bytes).", ["b'a\\r\\n'.rstrip()  # b'a'"]),
    entry!(Method, BytesMethod, "bytes", "partition", "(self, sep, /)", partition,
        "Split at the first sep into (head, sep, tail).", ["b'a=b=c'.partition(b'=')  # (b'a', b'=', b'b=c')"]),
    entry!(Method, BytesMethod, "bytes", "upper", "(self, /)", upper, "ASCII letters uppercased.", ["b'abC'.upper()  # b'ABC'"]),
    entry!(Method, BytesMethod, "bytes", "lower", "(self, /)", lower, "ASCII letters lowercased.", ["b'AbC'.lower()  # b'abc'"]),
    entry!(Method, BytesMethod, "bytes", "isdigit", "(self, /)", isdigit, "Whether all bytes are ASCII digits (and there is one).", ["b'12'.isdigit()  # True"]),
    entry!(Method, BytesMethod, "bytes", "isalpha", "(self, /)", isalpha, "Whether all bytes are ASCII letters (and there is one).", ["b'ab'.isalpha()  # True"]),
    entry!(Method, BytesMethod, "bytes", "isalnum", "(self, /)", isalnum, "Whether all bytes are ASCII letters or digits (and there is one).", ["b'a1'.isalnum()  # True"]),
    entry!(Method, BytesMethod, "bytes", "isspace", "(self, /)", isspace, "Whether all bytes are ASCII whitespace (and there is one).", ["b' \\t'.isspace()  # True"]),
    entry!(Method, BytesMethod, "bytes", "isascii", "(self, /)", isascii, "Whether all bytes are ASCII (an empty bytes is).", ["b'a\\x7f'.isascii()  # True", "b'\\x80'.isascii()  # False"]),
    entry!(Method, BytesMethod, "bytes", "islower", "(self, /)", islower, "Whether there is a lowercase ASCII letter and no uppercase one.", ["b'ab1'.islower()  # True", "b'1'.islower()  # False"]),
    entry!(Method, BytesMethod, "bytes", "isupper", "(self, /)", isupper, "Whether there is an uppercase ASCII letter and no lowercase one.", ["b'AB1'.isupper()  # True", "b'aB'.isupper()  # False"]),
    entry!(Method, BytesMethod, "bytes", "istitle", "(self, /)", istitle,
        "Whether uppercase ASCII letters start the runs of letters and lowercase ones continue them (and there is a letter).",
        ["b'Ab Cd'.istitle()  # True", "b'aB'.istitle()  # False", "b''.istitle()  # False"]),
    entry!(Method, BytesMethod, "bytes", "capitalize", "(self, /)", capitalize, "The first byte uppercased, the other ASCII letters lowercased.", ["b'hELLO wORLD'.capitalize()  # b'Hello world'"]),
    entry!(Method, BytesMethod, "bytes", "title", "(self, /)", title, "ASCII letters uppercased after a non-letter, lowercased after a letter.",
        ["b'hello world'.title()  # b'Hello World'", "b\"they're\".title()  # b\"They'Re\""]),
    entry!(Method, BytesMethod, "bytes", "swapcase", "(self, /)", swapcase, "The case of each ASCII letter swapped.", ["b'aB1'.swapcase()  # b'Ab1'"]),
    entry!(Method, BytesMethod, "bytes", "center", "(self, width, fillchar=b' ', /)", center, "Centered in a field of width (filled with one byte).",
        ["b'ab'.center(5, b'*')  # b'**ab*'", "b'ab'.center(5, '*')  # TypeError: center() argument 2 must be a byte string of length 1, not str"]),
    entry!(Method, BytesMethod, "bytes", "ljust", "(self, width, fillchar=b' ', /)", ljust, "Left-justified in a field of width.", ["b'ab'.ljust(4, b'-')  # b'ab--'"]),
    entry!(Method, BytesMethod, "bytes", "rjust", "(self, width, fillchar=b' ', /)", rjust, "Right-justified in a field of width.", ["b'ab'.rjust(4)  # b'  ab'"]),
    entry!(Method, BytesMethod, "bytes", "zfill", "(self, width, /)", zfill, "Padded with zeros on the left (after a sign) to width.",
        ["b'-42'.zfill(6)  # b'-00042'", "b'abc'.zfill(2)  # b'abc'"]),
    entry!(Method, BytesMethod, "bytes", "expandtabs", "(self, /, tabsize=8)", expandtabs, "Tabs replaced by spaces up to the next multiple of tabsize (columns restart at \\n and \\r).",
        ["b'a\\tb'.expandtabs(4)  # b'a   b'", "b'a\\tb'.expandtabs(0)  # b'ab'"]),
    entry!(Method, BytesMethod, "bytes", "removeprefix", "(self, prefix, /)", removeprefix, "Without prefix when the bytes start with it.",
        ["b'abc'.removeprefix(b'ab')  # b'c'", "b'abc'.removeprefix(b'x')  # b'abc'"]),
    entry!(Method, BytesMethod, "bytes", "removesuffix", "(self, suffix, /)", removesuffix, "Without suffix when the bytes end with it.", ["b'abc'.removesuffix(b'bc')  # b'a'"]),
    entry!(Method, BytesMethod, "bytes", "rpartition", "(self, sep, /)", rpartition, "Split at the last sep into (head, sep, tail).",
        ["b'a=b=c'.rpartition(b'=')  # (b'a=b', b'=', b'c')", "b'abc'.rpartition(b'=')  # (b'', b'', b'abc')"]),
    entry!(Method, BytesMethod, "bytes", "splitlines", "(self, /, keepends=False)", splitlines, "Split at \\n, \\r and \\r\\n.",
        ["b'a\\nb\\r\\nc'.splitlines()  # [b'a', b'b', b'c']", "b'a\\nb\\n'.splitlines(keepends=True)  # [b'a\\n', b'b\\n']"]),
    entry!(Function, BytesMethod, "bytes", "maketrans", "(frm, to, /)", maketrans, "The 256-byte table for translate that maps each byte of frm to the byte of to at its place.",
        ["bytes.maketrans(b'ab', b'xy')[97:99]  # b'xy'", "bytes.maketrans(b'a', b'xy')  # ValueError: maketrans arguments must have same length"]),
    entry!(Function, BytesMethod, "bytearray", "maketrans", "(frm, to, /)", maketrans, "bytes.maketrans: the 256-byte table for translate (a bytes).",
        ["bytearray.maketrans(b'a', b'b')[97]  # 98"]),
    entry!(Method, BytesMethod, "bytes", "translate", "(self, table, /, delete=b'')", translate, "Each byte mapped through a 256-byte table (None keeps it), after the bytes in delete are dropped.",
        ["b'abc'.translate(bytes.maketrans(b'a', b'z'))  # b'zbc'", "b'abc'.translate(None, b'b')  # b'ac'", "b'abc'.translate(b'x')  # ValueError: translation table must be 256 characters long"]),
    entry!(Method, BytesMethod, "bytearray", "append", "(self, item, /)", append,
        "Append one byte (an int in range(256)).", ["ba = bytearray(b'a'); ba.append(98); ba  # bytearray(b'ab')", "bytearray().append(256)  # ValueError: byte must be in range(0, 256)"]),
    entry!(Method, BytesMethod, "bytearray", "extend", "(self, iterable_of_ints, /)", extend,
        "Append the bytes of a bytes-like object or an iterable of ints.", ["ba = bytearray(b'a'); ba.extend([98, 99]); ba  # bytearray(b'abc')"]),
    entry!(Method, BytesMethod, "bytearray", "pop", "(self, index=-1, /)", pop,
        "Remove and return the byte at index (the last one by default).",
        ["ba = bytearray(b'ab'); ba.pop()  # 98", "bytearray().pop()  # IndexError: pop from empty bytearray"]),
    entry!(Method, BytesMethod, "bytearray", "insert", "(self, index, item, /)", insert,
        "Insert one byte before index.", ["ba = bytearray(b'ac'); ba.insert(1, 98); ba  # bytearray(b'abc')"]),
    entry!(Method, BytesMethod, "bytearray", "remove", "(self, value, /)", remove,
        "Remove the first byte equal to value.", ["ba = bytearray(b'aba'); ba.remove(97); ba  # bytearray(b'ba')", "bytearray().remove(1)  # ValueError: value not found in bytearray"]),
    entry!(Method, BytesMethod, "bytearray", "clear", "(self, /)", clear, "Remove every byte.", ["ba = bytearray(b'ab'); ba.clear(); ba  # bytearray(b'')"]),
    entry!(Method, BytesMethod, "bytearray", "copy", "(self, /)", copy, "A shallow copy.", ["bytearray(b'ab').copy()  # bytearray(b'ab')"]),
    entry!(Method, BytesMethod, "bytearray", "reverse", "(self, /)", reverse, "Reverse the bytes in place.", ["ba = bytearray(b'ab'); ba.reverse(); ba  # bytearray(b'ba')"]),
];

/// The receiver's bytes (a copy: a bytearray may be an argument of its own method).
fn data(a: &Args) -> Vec<u8> {
    view(a.get(0)).map(|d| d.to_vec()).unwrap_or_default()
}

/// The receiver as a bytearray (an unbound call may pass something else).
fn array<'a>(a: &'a Args, name: &str) -> Result<&'a RefCell<Vec<u8>>> {
    match a.get(0) {
        Value::ByteArray(ba) => Ok(ba),
        other => Err(Error::type_error(format!(
            "descriptor '{name}' for 'bytearray' objects doesn't apply to a '{}' object",
            type_name(other)
        ))),
    }
}

fn bytes(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = b::construct(host, a.get(0), a.get(1), a.get(2), "bytes")?;
    Ok(match a.get(0) {
        v @ Value::Bytes(_) => v.clone(),
        _ => Value::Bytes(data.into()),
    })
}

fn bytearray(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = b::construct(host, a.get(0), a.get(1), a.get(2), "bytearray")?;
    Ok(Value::ByteArray(Rc::new(RefCell::new(data))))
}

/// The `errors` argument: a str, or CPython's TypeError.
fn errors_arg<'a>(v: &'a Value, func: &str) -> Result<&'a str> {
    b::str_param(v, func, "errors")
}

fn encode(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Str(text) = a.get(0) else {
        return Ok(Value::None);
    };
    let enc = b::str_param(a.get(1), "encode", "encoding")?;
    let err = errors_arg(a.get(2), "encode")?;
    Ok(Value::Bytes(b::encode(text, enc, err)?.into()))
}

fn decode(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let enc = b::str_param(a.get(1), "decode", "encoding")?;
    let err = errors_arg(a.get(2), "decode")?;
    Ok(Value::str(b::decode(&data(a), enc, err)?))
}

fn hex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let digits: Vec<String> = d.iter().map(|x| format!("{x:02x}")).collect();
    let sep = match a.get(1) {
        Value::None => return Ok(Value::str(digits.concat())),
        Value::Str(s) if s.chars().count() == 1 && s.is_ascii() => s.to_string(),
        Value::Str(_) => return Err(Error::value_error("sep must be length 1.")),
        Value::Bytes(s) if s.len() == 1 && s.is_ascii() => (s[0] as char).to_string(),
        other => {
            return Err(Error::type_error(format!(
                "sep must be str or bytes, not {}",
                type_name(other)
            )))
        }
    };
    let per = num::index_i64(a.get(2))?;
    if per == 0 {
        return Ok(Value::str(digits.concat()));
    }
    let group = per.unsigned_abs() as usize;
    // Groups are counted from the right for a positive bytes_per_sep.
    let first = if per > 0 && !d.len().is_multiple_of(group) {
        d.len() % group
    } else {
        group
    };
    let mut out = String::new();
    let mut taken = 0;
    let mut size = first;
    while taken < digits.len() {
        if taken > 0 {
            out.push_str(&sep);
        }
        let end = (taken + size).min(digits.len());
        out.push_str(&digits[taken..end].concat());
        taken = end;
        size = group;
    }
    Ok(Value::str(out))
}

/// `bytes.fromhex`: pairs of hex digits, whitespace allowed between pairs.
fn parse_hex(a: &Args) -> Result<Vec<u8>> {
    let Value::Str(s) = a.get(0) else {
        return Err(Error::type_error(format!(
            "fromhex() argument must be str, not {}",
            type_name(a.get(0))
        )));
    };
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let digit = |k: usize| chars.get(k).and_then(|c| c.to_digit(16));
        let bad = |k: usize| {
            Error::value_error(format!(
                "non-hexadecimal number found in fromhex() arg at position {k}"
            ))
        };
        let hi = digit(i).ok_or_else(|| bad(i))?;
        let lo = digit(i + 1).ok_or_else(|| bad(i + 1))?;
        out.push((hi * 16 + lo) as u8);
        i += 2;
    }
    Ok(out)
}

fn fromhex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bytes(parse_hex(a)?.into()))
}

fn fromhex_array(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::ByteArray(Rc::new(RefCell::new(parse_hex(a)?))))
}

/// The `sub` argument of count/find/index: bytes-like, or one byte as an int.
fn sub_arg(v: &Value) -> Result<Vec<u8>> {
    if num::is_int(v) {
        return Ok(vec![b::byte_of(v)?]);
    }
    view(v).map(|d| d.to_vec()).ok_or_else(|| {
        Error::type_error(format!(
            "argument should be integer or bytes-like object, not '{}'",
            type_name(v)
        ))
    })
}

/// `start`/`end` resolved against `n` as slices resolve them; `None` when
/// start is past the end.
fn window(n: usize, start: &Value, end: &Value) -> Result<Option<(usize, usize)>> {
    let n = n as i64;
    let adj = |v: &Value, default: i64| -> Result<i64> {
        if v.is_none() {
            return Ok(default);
        }
        let i = num::index_i64(v)?;
        Ok(if i < 0 { (i + n).max(0) } else { i })
    };
    let (st, en) = (adj(start, 0)?, adj(end, n)?.min(n));
    if st > n {
        return Ok(None);
    }
    Ok(Some((st as usize, en.max(st) as usize)))
}

/// Where `sub` occurs in the receiver's window: the first or last index.
fn locate(a: &Args, last: bool) -> Result<Option<usize>> {
    let d = data(a);
    let sub = sub_arg(a.get(1))?;
    let Some((st, en)) = window(d.len(), a.get(2), a.get(3))? else {
        return Ok(None);
    };
    let hay = &d[st..en];
    let at = if last {
        memchr::memmem::rfind(hay, &sub)
    } else {
        find(hay, &sub, 0)
    };
    Ok(at.map(|i| i + st))
}

fn count(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let sub = sub_arg(a.get(1))?;
    let Some((st, en)) = window(d.len(), a.get(2), a.get(3))? else {
        return Ok(Value::Int(0));
    };
    let hay = &d[st..en];
    let n = if sub.is_empty() {
        hay.len() + 1
    } else {
        memchr::memmem::find_iter(hay, &sub).count()
    };
    Ok(Value::Int(n as i64))
}

fn found(at: Option<usize>) -> Value {
    Value::Int(at.map_or(-1, |i| i as i64))
}

fn find_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(found(locate(a, false)?))
}

fn rfind(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(found(locate(a, true)?))
}

fn index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    locate(a, false)?
        .map(|i| Value::Int(i as i64))
        .ok_or_else(|| Error::value_error("subsection not found"))
}

fn rindex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    locate(a, true)?
        .map(|i| Value::Int(i as i64))
        .ok_or_else(|| Error::value_error("subsection not found"))
}

fn affix(a: &Args, name: &str, test: fn(&[u8], &[u8]) -> bool) -> Result<Value> {
    let d = data(a);
    let Some((st, en)) = window(d.len(), a.get(2), a.get(3))? else {
        return Ok(Value::Bool(false));
    };
    let hay = &d[st..en];
    match a.get(1) {
        Value::Tuple(ps) => {
            for p in ps.iter() {
                let Some(p) = view(p) else {
                    return Err(Error::type_error(format!(
                        "a bytes-like object is required, not '{}'",
                        type_name(p)
                    )));
                };
                if test(hay, &p) {
                    return Ok(Value::Bool(true));
                }
            }
            Ok(Value::Bool(false))
        }
        p => match view(p) {
            Some(p) => Ok(Value::Bool(test(hay, &p))),
            None => Err(Error::type_error(format!(
                "{name} first arg must be bytes or a tuple of bytes, not {}",
                type_name(p)
            ))),
        },
    }
}

fn startswith(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    affix(a, "startswith", |h, p| h.starts_with(p))
}

fn endswith(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    affix(a, "endswith", |h, p| h.ends_with(p))
}

/// Python's `bytes.isspace` set: space, \t, \n, \r, \x0b, \x0c.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// The pieces of a split; `from_right` splits from the end.
fn split_parts(d: &[u8], sep: &Value, max: usize, from_right: bool) -> Result<Vec<Vec<u8>>> {
    let mut parts = Vec::new();
    if sep.is_none() {
        // Runs of whitespace; the pieces in reading order at the end.
        let mut rest: &[u8] = d;
        loop {
            rest = if from_right {
                rest.trim_ascii_end()
            } else {
                rest.trim_ascii_start()
            };
            let rest_trim =
                |r: &[u8]| -> usize { r.iter().position(|&c| is_space(c)).unwrap_or(r.len()) };
            if rest.is_empty() {
                break;
            }
            if parts.len() == max {
                parts.push(rest.to_vec());
                break;
            }
            if from_right {
                let start = rest.iter().rposition(|&c| is_space(c)).map_or(0, |i| i + 1);
                parts.push(rest[start..].to_vec());
                rest = &rest[..start];
            } else {
                let end = rest_trim(rest);
                parts.push(rest[..end].to_vec());
                rest = &rest[end..];
            }
        }
    } else {
        let sep = b::bytes_like(sep)?;
        if sep.is_empty() {
            return Err(Error::value_error("empty separator"));
        }
        let mut rest: &[u8] = d;
        while parts.len() < max {
            let at = if from_right {
                memchr::memmem::rfind(rest, &sep)
            } else {
                find(rest, &sep, 0)
            };
            let Some(i) = at else { break };
            if from_right {
                parts.push(rest[i + sep.len()..].to_vec());
                rest = &rest[..i];
            } else {
                parts.push(rest[..i].to_vec());
                rest = &rest[i + sep.len()..];
            }
        }
        parts.push(rest.to_vec());
    }
    if from_right {
        parts.reverse();
    }
    Ok(parts)
}

fn split_impl(a: &Args, from_right: bool) -> Result<Value> {
    let n = num::index_i64(a.get(2))?;
    let max = if n < 0 { usize::MAX } else { n as usize };
    let parts = split_parts(&data(a), a.get(1), max, from_right)?;
    let recv = a.get(0);
    Ok(Value::list(
        parts.into_iter().map(|p| same_type(recv, p)).collect(),
    ))
}

fn split(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_impl(a, false)
}

fn rsplit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_impl(a, true)
}

fn join(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // NumPy's bytes scalars are bytes.
    let items: Vec<Value> = crate::py::lazy::collect(host, a.get(1))?
        .into_iter()
        .map(crate::numpy::host::as_python)
        .collect();
    let sep = data(a);
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Some(piece) = view(item) else {
            return Err(Error::type_error(format!(
                "sequence item {i}: expected a bytes-like object, {} found",
                type_name(item)
            )));
        };
        if i > 0 {
            out.extend_from_slice(&sep);
        }
        out.extend_from_slice(&piece);
    }
    Ok(same_type(a.get(0), out))
}

fn replace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let old = b::bytes_like(a.get(1))?;
    let new = b::bytes_like(a.get(2))?;
    let n = num::index_i64(a.get(3))?;
    let limit = if n < 0 { usize::MAX } else { n as usize };
    let mut out = Vec::with_capacity(d.len());
    let mut done = 0;
    let mut pos = 0;
    if old.is_empty() {
        // An empty pattern matches before every byte and at the end.
        for (i, &c) in d.iter().enumerate() {
            if done < limit {
                out.extend_from_slice(&new);
                done += 1;
            }
            out.push(c);
            pos = i + 1;
        }
        if done < limit {
            out.extend_from_slice(&new);
        }
        out.extend_from_slice(&d[pos..]);
        return Ok(same_type(a.get(0), out));
    }
    while done < limit {
        let Some(i) = find(&d, &old, pos) else { break };
        out.extend_from_slice(&d[pos..i]);
        out.extend_from_slice(&new);
        pos = i + old.len();
        done += 1;
    }
    out.extend_from_slice(&d[pos..]);
    Ok(same_type(a.get(0), out))
}

fn strip_with(a: &Args, left: bool, right: bool) -> Result<Value> {
    let d = data(a);
    let chars = match a.get(1) {
        Value::None => None,
        v => Some(b::bytes_like(v)?),
    };
    let drop = |c: &u8| match &chars {
        None => is_space(*c),
        Some(set) => set.contains(c),
    };
    let start = if left {
        d.iter().position(|c| !drop(c)).unwrap_or(d.len())
    } else {
        0
    };
    let end = if right {
        d.iter().rposition(|c| !drop(c)).map_or(start, |i| i + 1)
    } else {
        d.len()
    };
    Ok(same_type(a.get(0), d[start..end.max(start)].to_vec()))
}

fn strip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, true, true)
}

fn lstrip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, true, false)
}

fn rstrip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    strip_with(a, false, true)
}

fn partition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let sep = b::bytes_like(a.get(1))?;
    if sep.is_empty() {
        return Err(Error::value_error("empty separator"));
    }
    let recv = a.get(0);
    Ok(match find(&d, &sep, 0) {
        Some(i) => Value::tuple(vec![
            same_type(recv, d[..i].to_vec()),
            same_type(recv, sep.clone()),
            same_type(recv, d[i + sep.len()..].to_vec()),
        ]),
        None => Value::tuple(vec![
            same_type(recv, d),
            same_type(recv, Vec::new()),
            same_type(recv, Vec::new()),
        ]),
    })
}

fn upper(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(same_type(a.get(0), data(a).to_ascii_uppercase()))
}

fn lower(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(same_type(a.get(0), data(a).to_ascii_lowercase()))
}

fn all_bytes(a: &Args, f: fn(u8) -> bool) -> Result<Value> {
    let d = data(a);
    Ok(Value::Bool(!d.is_empty() && d.iter().all(|&c| f(c))))
}

fn isdigit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_bytes(a, |c| c.is_ascii_digit())
}

fn isalpha(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_bytes(a, |c| c.is_ascii_alphabetic())
}

fn isalnum(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_bytes(a, |c| c.is_ascii_alphanumeric())
}

fn isspace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    all_bytes(a, is_space)
}

fn append(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let byte = b::byte_of(a.get(1))?;
    array(a, "append")?.borrow_mut().push(byte);
    Ok(Value::None)
}

fn extend(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let more = match view(a.get(1)) {
        Some(d) => d.to_vec(),
        None => b::construct(host, a.get(1), &Value::None, &Value::None, "bytearray")?,
    };
    array(a, "extend")?.borrow_mut().extend(more);
    Ok(Value::None)
}

fn pop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = array(a, "pop")?.borrow_mut();
    if d.is_empty() {
        return Err(Error::index_error("pop from empty bytearray"));
    }
    let n = d.len() as i64;
    let i = num::index_i64(a.get(1)).unwrap_or(-1);
    let j = if i < 0 { i + n } else { i };
    if !(0..n).contains(&j) {
        return Err(Error::index_error("pop index out of range"));
    }
    Ok(Value::Int(i64::from(d.remove(j as usize))))
}

fn insert(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let i = num::index_i64(a.get(1))?;
    let byte = b::byte_of(a.get(2))?;
    let mut d = array(a, "insert")?.borrow_mut();
    let n = d.len() as i64;
    let at = if i < 0 { (i + n).max(0) } else { i.min(n) };
    d.insert(at as usize, byte);
    Ok(Value::None)
}

fn remove(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let byte = b::byte_of(a.get(1))?;
    let mut d = array(a, "remove")?.borrow_mut();
    let Some(i) = d.iter().position(|&c| c == byte) else {
        return Err(Error::value_error("value not found in bytearray"));
    };
    d.remove(i);
    Ok(Value::None)
}

fn clear(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    array(a, "clear")?.borrow_mut().clear();
    Ok(Value::None)
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::ByteArray(Rc::new(RefCell::new(data(a)))))
}

fn reverse(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    array(a, "reverse")?.borrow_mut().reverse();
    Ok(Value::None)
}

/// `capitalize`, `title` and `swapcase` of bytes: ASCII letters only.
fn capitalize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = data(a);
    for (i, c) in d.iter_mut().enumerate() {
        *c = if i == 0 {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        };
    }
    Ok(same_type(a.get(0), d))
}

fn title(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = data(a);
    let mut prev_cased = false;
    for c in d.iter_mut() {
        *c = if prev_cased {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
        prev_cased = c.is_ascii_alphabetic();
    }
    Ok(same_type(a.get(0), d))
}

fn swapcase(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = data(a);
    for c in d.iter_mut() {
        if c.is_ascii_alphabetic() {
            *c ^= 0x20;
        }
    }
    Ok(same_type(a.get(0), d))
}

fn isascii(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(data(a).is_ascii()))
}

/// Whether there is a cased byte and none of the other case.
fn cased(a: &Args, upper: bool) -> Value {
    let d = data(a);
    let any = d.iter().any(|c| c.is_ascii_alphabetic());
    let wrong = d.iter().any(|c| {
        if upper {
            c.is_ascii_lowercase()
        } else {
            c.is_ascii_uppercase()
        }
    });
    Value::Bool(any && !wrong)
}

fn islower(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(cased(a, false))
}

fn isupper(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(cased(a, true))
}

fn istitle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let titled = crate::strmethods::is_titled(
        data(a).iter().copied(),
        |c: u8| c.is_ascii_uppercase(),
        |c: u8| c.is_ascii_lowercase(),
    );
    Ok(Value::Bool(titled))
}

/// The width and fill byte of `center`/`ljust`/`rjust`.
fn width_fill(a: &Args, name: &str) -> Result<(usize, u8)> {
    let w = num::index_i64(a.get(1))?.max(0) as usize;
    let fill = match a.get(2) {
        Value::None => b' ',
        v => match view(v) {
            Some(d) if d.len() == 1 => d[0],
            _ => {
                return Err(Error::type_error(format!(
                    "{name}() argument 2 must be a byte string of length 1, not {}",
                    type_name(v)
                )))
            }
        },
    };
    Ok((w, fill))
}

/// The receiver with `left` and `right` fill bytes around it.
fn padded(a: &Args, left: usize, right: usize, fill: u8) -> Value {
    let d = data(a);
    let mut out = Vec::with_capacity(d.len() + left + right);
    out.resize(left, fill);
    out.extend_from_slice(&d);
    out.resize(out.len() + right, fill);
    same_type(a.get(0), out)
}

fn center(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, fill) = width_fill(a, "center")?;
    let n = data(a).len();
    let marg = w.saturating_sub(n);
    // CPython's rounding: the odd byte goes left when the width is odd.
    let left = marg / 2 + (marg & w & 1);
    Ok(padded(a, left, marg - left, fill))
}

fn ljust(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, fill) = width_fill(a, "ljust")?;
    let n = data(a).len();
    Ok(padded(a, 0, w.saturating_sub(n), fill))
}

fn rjust(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, fill) = width_fill(a, "rjust")?;
    let n = data(a).len();
    Ok(padded(a, w.saturating_sub(n), 0, fill))
}

fn zfill(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let w = num::index_i64(a.get(1))?.max(0) as usize;
    let d = data(a);
    let fill = w.saturating_sub(d.len());
    let sign = usize::from(matches!(d.first(), Some(b'+' | b'-')) && fill > 0);
    let mut out = Vec::with_capacity(d.len() + fill);
    out.extend_from_slice(&d[..sign]);
    out.resize(sign + fill, b'0');
    out.extend_from_slice(&d[sign..]);
    Ok(same_type(a.get(0), out))
}

fn expandtabs(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let tab = num::index_i64(a.get(1))?;
    let mut out = Vec::new();
    let mut col: usize = 0;
    for c in data(a) {
        match c {
            b'\t' => {
                if tab > 0 {
                    let t = tab as usize;
                    let n = t - col % t;
                    out.resize(out.len() + n, b' ');
                    col += n;
                }
            }
            b'\n' | b'\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    Ok(same_type(a.get(0), out))
}

fn removeprefix(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let p = b::bytes_like(a.get(1))?;
    let rest = d.strip_prefix(p.as_slice()).unwrap_or(&d).to_vec();
    Ok(same_type(a.get(0), rest))
}

fn removesuffix(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let p = b::bytes_like(a.get(1))?;
    let rest = d.strip_suffix(p.as_slice()).unwrap_or(&d).to_vec();
    Ok(same_type(a.get(0), rest))
}

fn rpartition(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = data(a);
    let sep = b::bytes_like(a.get(1))?;
    if sep.is_empty() {
        return Err(Error::value_error("empty separator"));
    }
    let recv = a.get(0);
    Ok(match memchr::memmem::rfind(&d, &sep) {
        Some(i) => Value::tuple(vec![
            same_type(recv, d[..i].to_vec()),
            same_type(recv, sep.clone()),
            same_type(recv, d[i + sep.len()..].to_vec()),
        ]),
        None => Value::tuple(vec![
            same_type(recv, Vec::new()),
            same_type(recv, Vec::new()),
            same_type(recv, d),
        ]),
    })
}

fn splitlines(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let keep = crate::ops::truthy(a.get(1))?;
    let d = data(a);
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < d.len() {
        let c = d[i];
        if c != b'\n' && c != b'\r' {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        if c == b'\r' && d.get(i + 1) == Some(&b'\n') {
            end += 1;
        }
        let piece = if keep { &d[start..end] } else { &d[start..i] };
        out.push(same_type(a.get(0), piece.to_vec()));
        start = end;
        i = end;
    }
    if start < d.len() {
        out.push(same_type(a.get(0), d[start..].to_vec()));
    }
    Ok(Value::list(out))
}

fn maketrans(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let from = b::bytes_like(a.get(0))?;
    let to = b::bytes_like(a.get(1))?;
    if from.len() != to.len() {
        return Err(Error::value_error(
            "maketrans arguments must have same length",
        ));
    }
    let mut table: Vec<u8> = (0..=255).collect();
    for (&f, &t) in from.iter().zip(&to) {
        table[usize::from(f)] = t;
    }
    Ok(Value::Bytes(table.into()))
}

fn translate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let table = match a.get(1) {
        Value::None => None,
        v => {
            let t = b::bytes_like(v)?;
            if t.len() != 256 {
                return Err(Error::value_error(
                    "translation table must be 256 characters long",
                ));
            }
            Some(t)
        }
    };
    let delete = match a.get(2) {
        Value::None => Vec::new(),
        v => b::bytes_like(v)?,
    };
    let out: Vec<u8> = data(a)
        .into_iter()
        .filter(|c| !delete.contains(c))
        .map(|c| table.as_ref().map_or(c, |t| t[usize::from(c)]))
        .collect();
    Ok(same_type(a.get(0), out))
}
