//! `json`: `dumps`/`dump` and `loads`/`load` with CPython's output and
//! errors: its separators and indentation, `ensure_ascii` escapes,
//! `sort_keys`, `default=`, `NaN`/`Infinity`, key conversion, and the
//! decoder's `JSONDecodeError` messages with line, column and character.

use std::rc::Rc;

use num_bigint::BigInt;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::py::repr::float_repr;
use crate::table::FuncDef;
use crate::value::{DictTable, Value};
use crate::{Error, ExcKind, Result};

/// The functions of `json`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "json", "dumps",
        "(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, indent=None, separators=None, default=None, sort_keys=False)", dumps,
        "Serialize obj to a JSON formatted str.",
        ["json.dumps({'a': [1, 2.5, None, True]})  # '{\"a\": [1, 2.5, null, true]}'",
         "json.dumps('é')  # '\"\\\\u00e9\"'",
         "json.dumps({1: 'x'}, sort_keys=True)  # '{\"1\": \"x\"}'",
         "json.dumps(1j)  # TypeError: Object of type complex is not JSON serializable"]),
    entry!(Function, Builtin, "json", "dump",
        "(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, indent=None, separators=None, default=None, sort_keys=False)", dump,
        "Serialize obj as JSON to a file opened for writing (fp.write).",
        ["json.dump(1, 2)  # AttributeError: 'int' object has no attribute 'write'"]),
    entry!(Function, Builtin, "json", "loads", "(s, *, parse_float=None, parse_int=None)", loads,
        "Deserialize a str (or bytes) holding a JSON document.",
        ["json.loads('{\"a\": [1, 2.5, null, true]}')  # {'a': [1, 2.5, None, True]}",
         "json.loads('[1,]')  # JSONDecodeError: Expecting value: line 1 column 4 (char 3)"]),
    entry!(Function, Builtin, "json", "load", "(fp, *, parse_float=None, parse_int=None)", load,
        "Deserialize the JSON document a file holds (fp.read()).",
        ["json.load(1)  # AttributeError: 'int' object has no attribute 'read'"]),
];

struct Options {
    skipkeys: bool,
    ensure_ascii: bool,
    allow_nan: bool,
    indent: Option<String>,
    item_sep: String,
    key_sep: String,
    default: Value,
    sort_keys: bool,
}

/// The options of `dumps` from its arguments, starting at `at`.
fn options(a: &Args, at: usize) -> Result<Options> {
    let flag = |i: usize| ops::truthy(a.get(at + i));
    let indent = match a.get(at + 4) {
        Value::None => None,
        Value::Str(s) => Some(s.to_string()),
        v => Some(" ".repeat(crate::py::num::index_i64(v)?.max(0) as usize)),
    };
    let (item_sep, key_sep) = match a.get(at + 5) {
        Value::None if indent.is_some() => (",".to_string(), ": ".to_string()),
        Value::None => (", ".to_string(), ": ".to_string()),
        v => {
            let parts = crate::py::iter::to_vec(v)?;
            match &parts[..] {
                [Value::Str(i), Value::Str(k)] => (i.to_string(), k.to_string()),
                _ => return Err(Error::value_error("too many values to unpack (expected 2)")),
            }
        }
    };
    Ok(Options {
        skipkeys: flag(0)?,
        ensure_ascii: flag(1)?,
        allow_nan: flag(3)?,
        indent,
        item_sep,
        key_sep,
        default: a.get(at + 6).clone(),
        sort_keys: flag(7)?,
    })
}

fn dumps(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let o = options(a, 1)?;
    let mut out = String::new();
    encode(host, a.get(0), &o, 0, &mut Vec::new(), &mut out)?;
    Ok(Value::str(out))
}

fn dump(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let o = options(a, 2)?;
    let mut out = String::new();
    encode(host, a.get(0), &o, 0, &mut Vec::new(), &mut out)?;
    call_method(host, a.get(1), "write", vec![Value::str(out)])?;
    Ok(Value::None)
}

/// `obj.name(*args)`, the user's methods included.
fn call_method(host: &mut dyn Host, obj: &Value, name: &str, args: Vec<Value>) -> Result<Value> {
    let m = match crate::py::class::getattr(host, obj, name) {
        Some(r) => r?,
        None => ops::getattr(obj, name)?,
    };
    host.call(&m, args, Vec::new())
}

/// A JSON string literal of `s`.
fn quote(s: &str, ensure_ascii: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if ensure_ascii && !c.is_ascii() => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn float_text(x: f64, o: &Options) -> Result<String> {
    if x.is_finite() {
        return Ok(float_repr(x));
    }
    if !o.allow_nan {
        return Err(Error::value_error(
            "Out of range float values are not JSON compliant",
        ));
    }
    Ok(if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
    .into())
}

/// A dict key as JSON has it (a string), or `None` to skip it.
fn key_text(k: &Value, o: &Options) -> Result<Option<String>> {
    if let Some(t) = crate::numpy::host::python_text(k) {
        // np.str_ is a str subclass (np.bytes_ fails as bytes does).
        return key_text(&t, o);
    }
    Ok(Some(match k {
        Value::Str(s) => s.to_string(),
        Value::Bool(b) => if *b { "true" } else { "false" }.into(),
        Value::None => "null".into(),
        Value::Int(_) | Value::BigInt(_) => ops::repr(k),
        Value::Float(f) => float_text(*f, o)?,
        Value::Scalar(s) if s.dtype() == xpush_npu::DType::Float64 => float_text(s.as_f64(), o)?,
        _ if o.skipkeys => return Ok(None),
        other => {
            return Err(Error::type_error(format!(
                "keys must be str, int, float, bool or None, not {}",
                ops::type_name(other)
            )))
        }
    }))
}

fn newline(o: &Options, level: usize, out: &mut String) {
    if let Some(ind) = &o.indent {
        out.push('\n');
        for _ in 0..level {
            out.push_str(ind);
        }
    }
}

fn encode(
    host: &mut dyn Host,
    v: &Value,
    o: &Options,
    level: usize,
    stack: &mut Vec<usize>,
    out: &mut String,
) -> Result<()> {
    // A namedtuple is the tuple it is.
    if let Some(t) = crate::collections::as_tuple(v) {
        return encode(host, &t, o, level, stack, out);
    }
    // np.str_ is the str it derives from.
    if let Some(t) = crate::numpy::host::python_text(v) {
        return encode(host, &t, o, level, stack, out);
    }
    match v {
        Value::None => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(_) | Value::BigInt(_) => out.push_str(&ops::repr(v)),
        Value::Float(f) => out.push_str(&float_text(*f, o)?),
        // np.float64 is a float subclass; NumPy's other scalars are not.
        Value::Scalar(s) if s.dtype() == xpush_npu::DType::Float64 => {
            out.push_str(&float_text(s.as_f64(), o)?)
        }
        Value::Str(s) => quote(s, o.ensure_ascii, out),
        Value::List(_) | Value::Tuple(_) => {
            let items = crate::py::iter::to_vec(v)?;
            let id = crate::py::repr::object_id(v) as usize;
            enter(stack, id, matches!(v, Value::List(_)))?;
            if items.is_empty() {
                out.push_str("[]");
            } else {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(&o.item_sep);
                    }
                    newline(o, level + 1, out);
                    encode(host, item, o, level + 1, stack, out)?;
                }
                newline(o, level, out);
                out.push(']');
            }
            leave(stack, matches!(v, Value::List(_)));
        }
        Value::Dict(d) => {
            let mut pairs = d.borrow().pairs();
            let id = crate::py::repr::object_id(v) as usize;
            enter(stack, id, true)?;
            if o.sort_keys {
                let keys: Vec<Value> = pairs.iter().map(|(k, _)| k.clone()).collect();
                let sorted = crate::py::sort::sort_values(host, keys, &Value::None, false)?;
                let mut reordered = Vec::with_capacity(pairs.len());
                for k in sorted {
                    if let Some(i) = pairs
                        .iter()
                        .position(|(x, _)| crate::py::compare::is(x, &k))
                    {
                        reordered.push(pairs.remove(i));
                    }
                }
                pairs = reordered;
            }
            out.push('{');
            let mut first = true;
            for (k, x) in &pairs {
                let Some(key) = key_text(k, o)? else {
                    continue;
                };
                if !first {
                    out.push_str(&o.item_sep);
                }
                first = false;
                newline(o, level + 1, out);
                quote(&key, o.ensure_ascii, out);
                out.push_str(&o.key_sep);
                encode(host, x, o, level + 1, stack, out)?;
            }
            if !first {
                newline(o, level, out);
            }
            out.push('}');
            leave(stack, true);
        }
        other if !o.default.is_none() => {
            let id = crate::py::repr::object_id(other) as usize;
            enter(stack, id, true)?;
            let replaced = host.call(&o.default, vec![other.clone()], Vec::new())?;
            encode(host, &replaced, o, level, stack, out)?;
            leave(stack, true);
        }
        other => {
            return Err(Error::type_error(format!(
                "Object of type {} is not JSON serializable",
                short_type_name(other)
            )))
        }
    }
    Ok(())
}

/// `o.__class__.__name__`: the last part of a dotted type name.
fn short_type_name(v: &Value) -> &'static str {
    let name = ops::type_name(v);
    name.rsplit('.').next().unwrap_or(name)
}

fn enter(stack: &mut Vec<usize>, id: usize, track: bool) -> Result<()> {
    if !track {
        return Ok(());
    }
    if stack.contains(&id) {
        return Err(Error::value_error("Circular reference detected"));
    }
    stack.push(id);
    Ok(())
}

fn leave(stack: &mut Vec<usize>, track: bool) {
    if track {
        stack.pop();
    }
}

// ------------------------------------------------------------ decoding

fn loads(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = match a.get(0) {
        Value::Str(s) => s.to_string(),
        Value::Bytes(_) | Value::ByteArray(_) => {
            let bytes = crate::py::bytes::view(a.get(0))
                .map(|b| b.to_vec())
                .unwrap_or_default();
            String::from_utf8(bytes).map_err(|_| {
                Error::new(
                    ExcKind::UnicodeDecodeError,
                    "'utf-8' codec can't decode the JSON bytes",
                )
            })?
        }
        other => {
            return Err(Error::type_error(format!(
                "the JSON object must be str, bytes or bytearray, not {}",
                ops::type_name(other)
            )))
        }
    };
    decode(&text)
}

fn load(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = call_method(host, a.get(0), "read", Vec::new())?;
    match &text {
        Value::Str(s) => decode(s),
        other => Err(Error::type_error(format!(
            "the JSON object must be str, bytes or bytearray, not {}",
            ops::type_name(other)
        ))),
    }
}

/// Parses a whole JSON document.
pub fn decode(text: &str) -> Result<Value> {
    let chars: Vec<char> = text.chars().collect();
    let mut p = Parser { s: &chars };
    let mut pos = p.skip_ws(0);
    let (v, end) = p.value(pos)?;
    pos = p.skip_ws(end);
    if pos != chars.len() {
        return Err(p.error("Extra data", pos));
    }
    Ok(v)
}

/// The decoder over the document's characters (positions in messages
/// count characters, as CPython's do).
struct Parser<'a> {
    s: &'a [char],
}

impl Parser<'_> {
    /// `JSONDecodeError: msg: line L column C (char P)`.
    fn error(&self, msg: &str, pos: usize) -> Error {
        let before: String = self.s[..pos.min(self.s.len())].iter().collect();
        let line = before.matches('\n').count() + 1;
        let col = match before.rfind('\n') {
            Some(nl) => before[nl + 1..].chars().count() + 1,
            None => pos + 1,
        };
        Error::new(
            ExcKind::JSONDecodeError,
            format!("{msg}: line {line} column {col} (char {pos})"),
        )
    }

    fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.s.len() && matches!(self.s[i], ' ' | '\t' | '\n' | '\r') {
            i += 1;
        }
        i
    }

    fn starts(&self, i: usize, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(k, c)| self.s.get(i + k) == Some(&c))
    }

    fn value(&mut self, i: usize) -> Result<(Value, usize)> {
        let Some(&c) = self.s.get(i) else {
            return Err(self.error("Expecting value", i));
        };
        match c {
            '"' => {
                let (s, end) = self.string(i + 1)?;
                Ok((Value::str(s), end))
            }
            '{' => self.object(i + 1),
            '[' => self.array(i + 1),
            'n' if self.starts(i, "null") => Ok((Value::None, i + 4)),
            't' if self.starts(i, "true") => Ok((Value::Bool(true), i + 4)),
            'f' if self.starts(i, "false") => Ok((Value::Bool(false), i + 5)),
            'N' if self.starts(i, "NaN") => Ok((Value::Float(f64::NAN), i + 3)),
            'I' if self.starts(i, "Infinity") => Ok((Value::Float(f64::INFINITY), i + 8)),
            '-' if self.starts(i, "-Infinity") => Ok((Value::Float(f64::NEG_INFINITY), i + 9)),
            '-' | '0'..='9' => self.number(i),
            _ => Err(self.error("Expecting value", i)),
        }
    }

    fn number(&self, start: usize) -> Result<(Value, usize)> {
        let s = self.s;
        let mut i = start;
        if s.get(i) == Some(&'-') {
            i += 1;
        }
        match s.get(i) {
            Some('0') => i += 1,
            Some('1'..='9') => {
                while matches!(s.get(i), Some('0'..='9')) {
                    i += 1;
                }
            }
            _ => return Err(self.error("Expecting value", start)),
        }
        let mut is_float = false;
        if s.get(i) == Some(&'.') && matches!(s.get(i + 1), Some('0'..='9')) {
            is_float = true;
            i += 1;
            while matches!(s.get(i), Some('0'..='9')) {
                i += 1;
            }
        }
        if matches!(s.get(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(s.get(j), Some('+' | '-')) {
                j += 1;
            }
            if matches!(s.get(j), Some('0'..='9')) {
                is_float = true;
                i = j;
                while matches!(s.get(i), Some('0'..='9')) {
                    i += 1;
                }
            }
        }
        let text: String = s[start..i].iter().collect();
        let v = if is_float {
            Value::Float(text.parse::<f64>().unwrap_or(f64::NAN))
        } else {
            match text.parse::<i64>() {
                Ok(n) => Value::Int(n),
                Err(_) => Value::from_bigint(text.parse::<BigInt>().unwrap_or_default()),
            }
        };
        Ok((v, i))
    }

    /// A string whose opening quote is at `start - 1`; its text and the
    /// index after the closing quote.
    fn string(&self, start: usize) -> Result<(String, usize)> {
        let s = self.s;
        let mut out = String::new();
        let mut i = start;
        loop {
            let Some(&c) = s.get(i) else {
                return Err(self.error("Unterminated string starting at", start - 1));
            };
            match c {
                '"' => return Ok((out, i + 1)),
                '\\' => {
                    let Some(&e) = s.get(i + 1) else {
                        return Err(self.error("Unterminated string starting at", start - 1));
                    };
                    i += 2;
                    match e {
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        '/' => out.push('/'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'u' => {
                            let unit = self
                                .hex4(i)
                                .ok_or_else(|| self.error("Invalid \\uXXXX escape", i - 1))?;
                            i += 4;
                            let mut code = unit;
                            if (0xd800..0xdc00).contains(&unit)
                                && s.get(i) == Some(&'\\')
                                && s.get(i + 1) == Some(&'u')
                            {
                                if let Some(low) = self.hex4(i + 2) {
                                    if (0xdc00..0xe000).contains(&low) {
                                        code = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                                        i += 6;
                                    }
                                }
                            }
                            // A lone surrogate cannot be held in a Rust string.
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err(self.error("Invalid \\escape", i - 2)),
                    }
                }
                c if (c as u32) < 0x20 => {
                    return Err(self.error("Invalid control character at", i));
                }
                c => {
                    out.push(c);
                    i += 1;
                }
            }
        }
    }

    fn hex4(&self, i: usize) -> Option<u32> {
        let digits: String = self.s.get(i..i + 4)?.iter().collect();
        if digits.chars().all(|c| c.is_ascii_hexdigit()) {
            u32::from_str_radix(&digits, 16).ok()
        } else {
            None
        }
    }

    fn array(&mut self, start: usize) -> Result<(Value, usize)> {
        let mut items = Vec::new();
        let mut i = self.skip_ws(start);
        if self.s.get(i) == Some(&']') {
            return Ok((Value::list(items), i + 1));
        }
        loop {
            let (v, end) = self.value(i)?;
            items.push(v);
            i = self.skip_ws(end);
            match self.s.get(i) {
                Some(']') => return Ok((Value::list(items), i + 1)),
                Some(',') => i = self.skip_ws(i + 1),
                _ => return Err(self.error("Expecting ',' delimiter", i)),
            }
        }
    }

    fn object(&mut self, start: usize) -> Result<(Value, usize)> {
        let mut d = DictTable::default();
        let mut i = self.skip_ws(start);
        if self.s.get(i) == Some(&'}') {
            return Ok((Value::dict(d), i + 1));
        }
        loop {
            if self.s.get(i) != Some(&'"') {
                return Err(self.error("Expecting property name enclosed in double quotes", i));
            }
            let (key, end) = self.string(i + 1)?;
            i = self.skip_ws(end);
            if self.s.get(i) != Some(&':') {
                return Err(self.error("Expecting ':' delimiter", i));
            }
            i = self.skip_ws(i + 1);
            let (v, end) = self.value(i)?;
            d.insert(Value::Str(Rc::from(key.as_str())), v)?;
            i = self.skip_ws(end);
            match self.s.get(i) {
                Some('}') => return Ok((Value::dict(d), i + 1)),
                Some(',') => i = self.skip_ws(i + 1),
                _ => return Err(self.error("Expecting ',' delimiter", i)),
            }
        }
    }
}
