//! `bytes` and `bytearray`: their repr, the codecs `decode`/`encode` use,
//! construction from other values, and the operators (`+`, `*`, `in`,
//! subscripts) as CPython 3.11 has them.

use std::cell::{Ref, RefCell};
use std::ops::Deref;
use std::rc::Rc;

use super::index::{seq_index, slice_indices};
use crate::host::Host;
use crate::ops::type_name;
use crate::py::num;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The bytes of a bytes-like value, borrowed for as long as the guard lives.
pub enum ByteView<'a> {
    /// A `bytes`.
    Bytes(&'a [u8]),
    /// A `bytearray`, borrowed.
    Array(Ref<'a, Vec<u8>>),
}

impl Deref for ByteView<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            ByteView::Bytes(b) => b,
            ByteView::Array(b) => b,
        }
    }
}

/// The bytes of `v` when it is `bytes` or `bytearray`.
pub fn view(v: &Value) -> Option<ByteView<'_>> {
    match v {
        Value::Bytes(b) => Some(ByteView::Bytes(b)),
        Value::ByteArray(b) => Some(ByteView::Array(b.borrow())),
        _ => None,
    }
}

/// A copy of the bytes of a bytes-like `v`, or CPython's TypeError
/// `a bytes-like object is required, not 'str'`.
pub fn bytes_like(v: &Value) -> Result<Vec<u8>> {
    view(v).map(|b| b.to_vec()).ok_or_else(|| {
        Error::type_error(format!(
            "a bytes-like object is required, not '{}'",
            type_name(v)
        ))
    })
}

/// New bytes of the same type as `like` (a `bytearray` method returns a
/// `bytearray`).
pub fn same_type(like: &Value, data: Vec<u8>) -> Value {
    match like {
        Value::ByteArray(_) => Value::ByteArray(Rc::new(RefCell::new(data))),
        _ => Value::Bytes(data.into()),
    }
}

/// `repr(b)` as CPython writes it: `'` quotes unless the bytes hold a `'`
/// and no `"`; `\t`, `\n`, `\r`, `\\` and the quote escaped; other bytes
/// outside printable ASCII as `\xhh`.
pub fn repr(data: &[u8]) -> String {
    let quote = if data.contains(&b'\'') && !data.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::with_capacity(data.len() + 3);
    out.push('b');
    out.push(quote as char);
    for &b in data {
        match b {
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\\' => out.push_str("\\\\"),
            _ if b == quote => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push(quote as char);
    out
}

/// The repr of a bytes-like value (`b'a'`, `bytearray(b'a')`).
pub fn value_repr(v: &Value) -> String {
    match v {
        Value::ByteArray(b) => format!("bytearray({})", repr(&b.borrow())),
        other => view(other).map_or_else(String::new, |b| repr(&b)),
    }
}

/// The codecs xpush has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Codec {
    Utf8,
    Ascii,
    Latin1,
}

impl Codec {
    /// The codec an encoding name means, as Python's codec registry
    /// normalises names (case, `-`/`_`/space), or LookupError.
    fn lookup(name: &str) -> Result<Codec> {
        let norm: String = name
            .trim()
            .chars()
            .map(|c| match c {
                '_' | ' ' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        Ok(match norm.as_str() {
            "utf-8" | "utf8" | "u8" | "utf" | "cp65001" => Codec::Utf8,
            "ascii" | "us-ascii" | "646" | "us" => Codec::Ascii,
            "latin-1" | "latin1" | "latin" | "l1" | "iso-8859-1" | "iso8859-1" | "8859"
            | "cp819" | "iso-ir-100" => Codec::Latin1,
            _ => {
                return Err(Error::new(
                    ExcKind::LookupError,
                    format!("unknown encoding: {name}"),
                ))
            }
        })
    }

    /// The name error messages use.
    fn name(self) -> &'static str {
        match self {
            Codec::Utf8 => "utf-8",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
        }
    }
}

/// The error handlers xpush has (`errors=`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Handler {
    Strict,
    Replace,
    Ignore,
}

impl Handler {
    /// CPython looks the handler up only when an error happens.
    fn lookup(name: &str) -> Result<Handler> {
        match name {
            "strict" => Ok(Handler::Strict),
            "replace" => Ok(Handler::Replace),
            "ignore" => Ok(Handler::Ignore),
            _ => Err(Error::new(
                ExcKind::LookupError,
                format!("unknown error handler name '{name}'"),
            )),
        }
    }
}

/// The `encoding` or `errors` argument of `decode`, `encode`, `bytes()`:
/// a str, or CPython's `decode() argument 'encoding' must be str, not int`.
pub fn str_param<'a>(v: &'a Value, func: &str, param: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "{func}() argument '{param}' must be str, not {}",
            if other.is_none() {
                "None"
            } else {
                type_name(other)
            }
        ))),
    }
}

/// The `'utf-8' codec can't decode byte 0xff in position 0: invalid start
/// byte` error for the bad bytes `data[start..end]`.
fn decode_error(codec: Codec, data: &[u8], start: usize, end: usize, reason: &str) -> Error {
    let what = if end - start == 1 {
        format!("byte 0x{:02x} in position {start}", data[start])
    } else {
        format!("bytes in position {start}-{}", end - 1)
    };
    Error::new(
        ExcKind::UnicodeDecodeError,
        format!("'{}' codec can't decode {what}: {reason}", codec.name()),
    )
}

/// `data.decode(encoding, errors)`.
pub fn decode(data: &[u8], encoding: &str, errors: &str) -> Result<String> {
    let codec = Codec::lookup(encoding)?;
    match codec {
        Codec::Latin1 => Ok(data.iter().map(|&b| b as char).collect()),
        Codec::Ascii => {
            if data.is_ascii() {
                return Ok(data.iter().map(|&b| b as char).collect());
            }
            let mut out = String::with_capacity(data.len());
            for (i, &b) in data.iter().enumerate() {
                if b.is_ascii() {
                    out.push(b as char);
                    continue;
                }
                match Handler::lookup(errors)? {
                    Handler::Strict => {
                        return Err(decode_error(
                            codec,
                            data,
                            i,
                            i + 1,
                            "ordinal not in range(128)",
                        ))
                    }
                    Handler::Replace => out.push('\u{fffd}'),
                    Handler::Ignore => {}
                }
            }
            Ok(out)
        }
        Codec::Utf8 => {
            let mut out = String::with_capacity(data.len());
            let mut rest = data;
            let mut offset = 0;
            loop {
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        out.push_str(s);
                        return Ok(out);
                    }
                    Err(e) => {
                        let good = e.valid_up_to();
                        // Safe to unwrap-free: the prefix is valid UTF-8.
                        out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                        // Rust and CPython both take the maximal invalid
                        // subpart, as Unicode recommends.
                        let (bad, reason) = match e.error_len() {
                            Some(n) => {
                                let lead = rest[good];
                                let reason = if (0xc2..=0xf4).contains(&lead) {
                                    "invalid continuation byte"
                                } else {
                                    "invalid start byte"
                                };
                                (n, reason)
                            }
                            None => (rest.len() - good, "unexpected end of data"),
                        };
                        match Handler::lookup(errors)? {
                            Handler::Strict => {
                                let start = offset + good;
                                return Err(decode_error(codec, data, start, start + bad, reason));
                            }
                            Handler::Replace => out.push('\u{fffd}'),
                            Handler::Ignore => {}
                        }
                        offset += good + bad;
                        rest = &rest[good + bad..];
                    }
                }
            }
        }
    }
}

/// `text.encode(encoding, errors)`.
pub fn encode(text: &str, encoding: &str, errors: &str) -> Result<Vec<u8>> {
    let codec = Codec::lookup(encoding)?;
    let limit = match codec {
        // A Rust str holds no lone surrogates, so UTF-8 always succeeds.
        Codec::Utf8 => return Ok(text.as_bytes().to_vec()),
        Codec::Ascii => 0x80,
        Codec::Latin1 => 0x100,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if (c as u32) < limit {
            out.push(c as u32 as u8);
            i += 1;
            continue;
        }
        // CPython reports the whole run of characters the codec cannot encode.
        let end = chars[i..]
            .iter()
            .position(|&c| (c as u32) < limit)
            .map_or(chars.len(), |n| i + n);
        match Handler::lookup(errors)? {
            Handler::Strict => {
                let what = if end - i == 1 {
                    let code = c as u32;
                    let esc = match code {
                        0..=0xff => format!("\\x{code:02x}"),
                        0x100..=0xffff => format!("\\u{code:04x}"),
                        _ => format!("\\U{code:08x}"),
                    };
                    format!("character '{esc}' in position {i}")
                } else {
                    format!("characters in position {i}-{}", end - 1)
                };
                return Err(Error::new(
                    ExcKind::UnicodeEncodeError,
                    format!(
                        "'{}' codec can't encode {what}: ordinal not in range({limit})",
                        codec.name()
                    ),
                ));
            }
            Handler::Replace => out.extend(std::iter::repeat_n(b'?', end - i)),
            Handler::Ignore => {}
        }
        i = end;
    }
    Ok(out)
}

/// One byte value from an int, as `bytearray.append` and `in` need it.
pub fn byte_of(v: &Value) -> Result<u8> {
    let n = num::index_i64(v)?;
    u8::try_from(n).map_err(|_| Error::value_error("byte must be in range(0, 256)"))
}

/// The bytes `bytes(source, encoding, errors)` and `bytearray(...)` build;
/// `kind` is the type's name for messages.
pub fn construct(
    host: &mut dyn Host,
    source: &Value,
    encoding: &Value,
    errors: &Value,
    kind: &str,
) -> Result<Vec<u8>> {
    if let Value::Str(s) = source {
        if encoding.is_none() {
            return Err(Error::type_error("string argument without an encoding"));
        }
        let enc = str_param(encoding, kind, "encoding")?;
        let err = match errors {
            Value::None => "strict",
            e => str_param(e, kind, "errors")?,
        };
        return encode(s, enc, err);
    }
    if !encoding.is_none() {
        return Err(Error::type_error("encoding without a string argument"));
    }
    if !errors.is_none() {
        return Err(Error::type_error("errors without a string argument"));
    }
    match source {
        Value::None => Ok(Vec::new()),
        Value::Bytes(_) | Value::ByteArray(_) => bytes_like(source),
        // An array exposes its buffer: its bytes in C order.
        Value::Array(a) => xpush_npu::io::npy::to_bytes(a),
        // An object with `__bytes__` (a memoryview) gives its own.
        v if crate::py::class::special_of(v, "__bytes__") => {
            match crate::py::class::call_special(host, v, "__bytes__", Vec::new(), "")? {
                Value::Bytes(b) => Ok(b.to_vec()),
                other => Err(Error::type_error(format!(
                    "__bytes__ returned non-bytes (type {})",
                    crate::ops::type_name(&other)
                ))),
            }
        }
        Value::Int(_) | Value::BigInt(_) | Value::Bool(_) => {
            let n = num::index_i64(source).map_err(|_| {
                Error::new(
                    ExcKind::OverflowError,
                    "cannot fit 'int' into an index-sized integer",
                )
            })?;
            if n < 0 {
                return Err(Error::value_error("negative count"));
            }
            if n > super::arith::MAX_ITEMS as i64 {
                return Err(Error::new(ExcKind::MemoryError, ""));
            }
            Ok(vec![0; n as usize])
        }
        Value::Float(_) | Value::Complex(_) => Err(Error::type_error(format!(
            "cannot convert '{}' object to {kind}",
            type_name(source)
        ))),
        _ => {
            let items = crate::py::lazy::collect(host, source).map_err(|e| {
                if e.kind() == ExcKind::TypeError && e.msg().ends_with("is not iterable") {
                    Error::type_error(format!(
                        "cannot convert '{}' object to {kind}",
                        type_name(source)
                    ))
                } else {
                    e
                }
            })?;
            items
                .iter()
                .map(|v| {
                    let n = num::index_i64(v)?;
                    u8::try_from(n)
                        .map_err(|_| Error::value_error("bytes must be in range(0, 256)"))
                })
                .collect()
        }
    }
}

/// `item in data`: an int is one byte, bytes-like is a subsequence.
pub fn contains(data: &[u8], item: &Value) -> Result<bool> {
    if let Some(sub) = view(item) {
        return Ok(find(data, &sub, 0).is_some());
    }
    if num::is_int(item) {
        return Ok(data.contains(&byte_of(item)?));
    }
    Err(Error::type_error(format!(
        "a bytes-like object is required, not '{}'",
        type_name(item)
    )))
}

/// The first index at or after `from` where `needle` occurs.
pub fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    memchr::memmem::find(&hay[from..], needle).map(|i| i + from)
}

/// `b[index]`: an int for an index, bytes of the same type for a slice.
pub fn getitem(v: &Value, index: &Value) -> Result<Value> {
    let data = view(v).map(|b| b.to_vec()).unwrap_or_default();
    let array = matches!(v, Value::ByteArray(_));
    if let Value::Slice(s) = index {
        let si = slice_indices(s, data.len())?;
        return Ok(same_type(v, si.indices().map(|i| data[i]).collect()));
    }
    let (container, what) = if array {
        ("bytearray", "bytearray index out of range")
    } else {
        ("byte", "index out of range")
    };
    let i = seq_index(index, data.len(), container, what)?;
    Ok(Value::Int(i64::from(data[i])))
}

/// `ba[index] = value` for a bytearray.
pub fn setitem(ba: &RefCell<Vec<u8>>, index: &Value, value: &Value) -> Result<()> {
    if let Value::Slice(s) = index {
        let new = match view(value) {
            Some(b) => b.to_vec(),
            None if num::is_int(value) => {
                return Err(Error::type_error(
                    "can assign only bytes, buffers, or iterables of ints in range(0, 256)",
                ))
            }
            None => super::iter::to_vec(value)?
                .iter()
                .map(|v| {
                    u8::try_from(num::index_i64(v)?)
                        .map_err(|_| Error::value_error("byte must be in range(0, 256)"))
                })
                .collect::<Result<_>>()?,
        };
        let mut data = ba.borrow_mut();
        let si = slice_indices(s, data.len())?;
        if si.step == 1 {
            let start = si.start.clamp(0, data.len() as i64) as usize;
            data.splice(start..start + si.len, new);
            return Ok(());
        }
        if new.len() != si.len {
            return Err(Error::value_error(format!(
                "attempt to assign bytes of size {} to extended slice of size {}",
                new.len(),
                si.len
            )));
        }
        for (i, b) in si.indices().zip(new) {
            data[i] = b;
        }
        return Ok(());
    }
    let b = byte_of(value)?;
    let mut data = ba.borrow_mut();
    let n = data.len();
    let i = seq_index(index, n, "bytearray", "bytearray index out of range")?;
    data[i] = b;
    Ok(())
}

/// `del ba[index]` for a bytearray.
pub fn delitem(ba: &RefCell<Vec<u8>>, index: &Value) -> Result<()> {
    let mut data = ba.borrow_mut();
    if let Value::Slice(s) = index {
        let si = slice_indices(s, data.len())?;
        let mut drop = vec![false; data.len()];
        for i in si.indices() {
            drop[i] = true;
        }
        let mut k = 0;
        data.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
        return Ok(());
    }
    let n = data.len();
    let i = seq_index(index, n, "bytearray", "bytearray index out of range")?;
    data.remove(i);
    Ok(())
}

/// `a + b` where `a` is bytes-like: the type of `a`.
pub fn concat(a: &Value, b: &Value) -> Result<Value> {
    let Some(right) = view(b).map(|r| r.to_vec()) else {
        return Err(Error::type_error(format!(
            "can't concat {} to {}",
            type_name(b),
            type_name(a)
        )));
    };
    let mut out = view(a).map(|l| l.to_vec()).unwrap_or_default();
    out.extend(right);
    Ok(same_type(a, out))
}

/// `b * n`.
pub fn repeat(b: &Value, n: i64) -> Result<Value> {
    let data = view(b).map(|d| d.to_vec()).unwrap_or_default();
    let n = n.max(0) as usize;
    if data.len().saturating_mul(n) > super::arith::MAX_ITEMS {
        return Err(Error::new(ExcKind::MemoryError, ""));
    }
    Ok(same_type(b, data.repeat(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_picks_quotes_and_escapes() {
        assert_eq!(repr(b"it's"), "b\"it's\"");
        assert_eq!(repr(b"it's \"x\""), "b'it\\'s \"x\"'");
        assert_eq!(repr(b"\t\x00\x7f\x80\\"), "b'\\t\\x00\\x7f\\x80\\\\'");
    }

    #[test]
    fn utf8_errors_name_the_maximal_bad_part() {
        let err = |b: &[u8]| {
            decode(b, "utf-8", "strict")
                .err()
                .map(|e| e.msg().to_string())
        };
        assert_eq!(
            err(b"a\xc3").as_deref(),
            Some("'utf-8' codec can't decode byte 0xc3 in position 1: unexpected end of data")
        );
        assert_eq!(
            err(b"\xe2\x82a").as_deref(),
            Some("'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte")
        );
        assert_eq!(
            err(b"\xc0\x80").as_deref(),
            Some("'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte")
        );
        assert_eq!(
            decode(b"\xffa\xe2\x82", "utf8", "replace").ok().as_deref(),
            Some("\u{fffd}a\u{fffd}")
        );
        assert_eq!(
            decode(b"\xffa", "UTF_8", "ignore").ok().as_deref(),
            Some("a")
        );
    }

    #[test]
    fn encode_reports_runs() {
        let err = |s: &str, enc: &str| encode(s, enc, "strict").err().map(|e| e.msg().to_string());
        assert_eq!(
            err("a\u{e9}\u{e8}b", "ascii").as_deref(),
            Some(
                "'ascii' codec can't encode characters in position 1-2: ordinal not in range(128)"
            )
        );
        assert_eq!(
            err("a\u{20ac}", "latin-1").as_deref(),
            Some("'latin-1' codec can't encode character '\\u20ac' in position 1: ordinal not in range(256)")
        );
        assert_eq!(
            encode("\u{e9}x", "ascii", "replace").ok(),
            Some(b"?x".to_vec())
        );
        assert_eq!(
            encode("x", "rot13", "strict").err().map(|e| e.kind()),
            Some(ExcKind::LookupError)
        );
    }
}
