//! Argument binding: positional, keyword and default arguments against an
//! entry's signature, with Python's TypeError messages.
//!
//! A signature string such as `"(x, /, ndigits=None)"` or
//! `"(*args, sep=' ', end='\n')"` is parsed once into a [`Sig`] when the
//! registry is built; [`bind`] then matches each call against it.

use std::rc::Rc;

use crate::host::Kwargs;
use crate::value::Value;
use crate::{Error, Result};

/// Bound arguments, in signature order (defaults filled in).
pub struct Args {
    /// One value per named parameter.
    pub values: Vec<Value>,
    /// What a `*args` parameter collected.
    pub rest: Vec<Value>,
}

impl Args {
    /// The `i`-th named parameter (in signature order).
    pub fn get(&self, i: usize) -> &Value {
        self.values.get(i).unwrap_or(&Value::None)
    }

    /// Moves the `i`-th named parameter out, leaving `None`.
    pub fn take(&mut self, i: usize) -> Value {
        match self.values.get_mut(i) {
            Some(v) => std::mem::replace(v, Value::None),
            None => Value::None,
        }
    }
}

/// A default value in a signature: a literal that is `Sync`, so the parsed
/// table can live in a global, turned into a [`Value`] at each call.
#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An int literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal (escapes resolved).
    Str(String),
    /// A string constant of a module (`string.digits`).
    StaticStr(&'static str),
    /// A bytes literal (`b' '`; escapes resolved).
    Bytes(Vec<u8>),
    /// `()`.
    EmptyTuple,
    /// `[]` (a new empty list at each call).
    EmptyList,
    /// `...`.
    Ellipsis,
    /// `NotImplemented`.
    NotImplemented,
    /// `MISSING`: dataclasses' "no value given" sentinel.
    Missing,
}

impl Lit {
    /// The literal as a runtime value.
    pub fn to_value(&self) -> Value {
        match self {
            Lit::None => Value::None,
            Lit::Bool(b) => Value::Bool(*b),
            Lit::Int(i) => Value::Int(*i),
            Lit::Float(f) => Value::Float(*f),
            Lit::Str(s) => Value::str(s.as_str()),
            Lit::StaticStr(s) => Value::str(*s),
            Lit::Bytes(b) => Value::Bytes(b.clone().into()),
            Lit::EmptyTuple => Value::tuple(Vec::new()),
            Lit::EmptyList => Value::list(Vec::new()),
            Lit::Ellipsis => Value::Ellipsis,
            Lit::NotImplemented => crate::value::Object::not_implemented(),
            Lit::Missing => crate::value::Object::missing(),
        }
    }
}

/// How a parameter may be passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Before `/`.
    PositionalOnly,
    /// Between `/` and `*`.
    PositionalOrKeyword,
    /// After `*` or `*args`.
    KeywordOnly,
}

/// One named parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// How it may be passed.
    pub kind: ParamKind,
    /// Its default, if any.
    pub default: Option<Lit>,
}

/// A parsed signature.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sig {
    /// Named parameters, in order (positional ones first).
    pub params: Vec<Param>,
    /// The name of the `*args` parameter, if any.
    pub star: Option<String>,
    /// The name of the `**kwargs` parameter, if any: it collects the
    /// keyword arguments no parameter takes, as a dict in call order,
    /// bound after the named parameters (`Args::get(params.len())`).
    pub star_star: Option<String>,
}

impl Sig {
    /// Number of parameters that can be filled positionally.
    pub fn n_positional(&self) -> usize {
        self.params
            .iter()
            .take_while(|p| p.kind != ParamKind::KeywordOnly)
            .count()
    }
}

/// Splits at top-level commas, respecting quotes.
fn split_params(body: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in body.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
        } else if c == '\'' || c == '"' {
            quote = Some(c);
        } else if c == ',' {
            out.push(body[start..i].trim());
            start = i + 1;
        }
    }
    let last = body[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// Parses a literal default: `None`, `True`, `False`, ints, floats, quoted
/// strings and bytes.
pub fn parse_lit(text: &str) -> std::result::Result<Lit, String> {
    let t = text.trim();
    match t {
        "None" => return Ok(Lit::None),
        "True" => return Ok(Lit::Bool(true)),
        "False" => return Ok(Lit::Bool(false)),
        "()" => return Ok(Lit::EmptyTuple),
        "[]" => return Ok(Lit::EmptyList),
        "MISSING" => return Ok(Lit::Missing),
        // NumPy's `np._NoValue` default (`initial=<no value>`).
        "<no value>" => return Ok(Lit::Missing),
        _ => {}
    }
    if let Some(body) = t.strip_prefix('b') {
        // A bytes literal: its characters are bytes (`\xff` escapes).
        return match parse_lit(body)? {
            Lit::Str(s) if s.chars().all(|c| (c as u32) < 256) => {
                Ok(Lit::Bytes(s.chars().map(|c| c as u32 as u8).collect()))
            }
            _ => Err(format!("bad bytes literal {t}")),
        };
    }
    if let Some(q) = t.chars().next().filter(|c| *c == '\'' || *c == '"') {
        if t.len() < 2 || !t.ends_with(q) {
            return Err(format!("unterminated string {t}"));
        }
        return unescape(&t[1..t.len() - 1]).map(Lit::Str);
    }
    if let Ok(i) = t.parse::<i64>() {
        return Ok(Lit::Int(i));
    }
    if let Ok(f) = t.parse::<f64>() {
        return Ok(Lit::Float(f));
    }
    Err(format!("bad default literal {t}"))
}

/// Resolves Python string escapes (`\n`, `\t`, `\\`, `\'`, `\"`, `\xNN`, `\uNNNN`, `\0`).
pub fn unescape(s: &str) -> std::result::Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next().ok_or("trailing backslash")?;
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' | '\'' | '"' => out.push(e),
            'x' | 'u' => {
                let n = if e == 'x' { 2 } else { 4 };
                let hex: String = chars.by_ref().take(n).collect();
                let code =
                    u32::from_str_radix(&hex, 16).map_err(|_| format!("bad escape \\{e}{hex}"))?;
                out.push(char::from_u32(code).ok_or("bad code point")?);
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

/// Parses a signature string `"(a, b=1, /, *args, key=None)"`.
pub fn parse_sig(sig: &str) -> std::result::Result<Sig, String> {
    let body = sig
        .trim()
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .ok_or_else(|| format!("signature {sig:?} must be parenthesised"))?;
    let mut out = Sig::default();
    let mut kind = ParamKind::PositionalOrKeyword;
    let mut seen_default = false;
    for item in split_params(body) {
        if out.star_star.is_some() {
            return Err(format!("parameter after **kwargs in {sig:?}"));
        }
        if let Some(name) = item.strip_prefix("**") {
            out.star_star = Some(name.to_string());
            continue;
        }
        if item == "/" {
            if kind != ParamKind::PositionalOrKeyword {
                return Err(format!("misplaced / in {sig:?}"));
            }
            for p in &mut out.params {
                p.kind = ParamKind::PositionalOnly;
            }
            continue;
        }
        if let Some(star) = item.strip_prefix('*') {
            if kind == ParamKind::KeywordOnly {
                return Err(format!("two stars in {sig:?}"));
            }
            if !star.is_empty() {
                out.star = Some(star.to_string());
            }
            kind = ParamKind::KeywordOnly;
            continue;
        }
        let (name, default) = match item.split_once('=') {
            Some((n, d)) => (n.trim(), Some(parse_lit(d)?)),
            None => (item, None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!("bad parameter name {name:?} in {sig:?}"));
        }
        if kind != ParamKind::KeywordOnly {
            if default.is_some() {
                seen_default = true;
            } else if seen_default {
                return Err(format!("non-default parameter after default in {sig:?}"));
            }
        }
        if out.params.iter().any(|p| p.name == name) {
            return Err(format!("duplicate parameter {name} in {sig:?}"));
        }
        out.params.push(Param {
            name: name.to_string(),
            kind,
            default,
        });
    }
    Ok(out)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'` as CPython lists missing names.
fn name_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        2 => format!("{} and {}", quoted[0], quoted[1]),
        n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// CPython's messages for builtins whose parameters are all positional-only
/// (`len() takes exactly one argument (2 given)`, `divmod expected 2
/// arguments, got 1`, `abs() takes no keyword arguments`).
fn check_positional_only(
    sig: &Sig,
    fname: LazyName<'_>,
    given: usize,
    has_kwargs: bool,
    skip_self: bool,
) -> Result<()> {
    if has_kwargs {
        return Err(Error::type_error(format!(
            "{fname}() takes no keyword arguments"
        )));
    }
    let adj = usize::from(skip_self);
    let max = sig.params.len().saturating_sub(adj);
    let min = sig
        .params
        .iter()
        .filter(|p| p.default.is_none())
        .count()
        .saturating_sub(adj);
    let g = given.saturating_sub(adj);
    if (min..=max).contains(&g) {
        return Ok(());
    }
    let full = fname.to_string();
    let short = full.rsplit('.').next().unwrap_or(&full);
    let args = |n: usize| if n == 1 { "argument" } else { "arguments" };
    let msg = if max == 0 {
        format!("{fname}() takes no arguments ({g} given)")
    } else if max == 1 && min == 1 {
        format!("{fname}() takes exactly one argument ({g} given)")
    } else if min == max {
        format!("{short} expected {max} {}, got {g}", args(max))
    } else if g > max {
        format!("{short} expected at most {max} {}, got {g}", args(max))
    } else {
        format!("{short} expected at least {min} {}, got {g}", args(min))
    };
    Err(Error::type_error(msg))
}

/// A function name computed only when an error message needs it.
#[derive(Clone, Copy)]
pub struct LazyName<'a>(pub &'a dyn Fn() -> String);

impl std::fmt::Display for LazyName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&(self.0)())
    }
}

/// Binds a call's arguments against `sig`. `fname` is the name used in
/// messages (`len`, `math.sqrt`, `str.split`); `skip_self` makes the
/// positional counts exclude a method's receiver, as CPython's messages do.
pub fn bind(
    sig: &Sig,
    fname: &str,
    args: Vec<Value>,
    kwargs: Kwargs,
    skip_self: bool,
) -> Result<Args> {
    bind_lazy(
        sig,
        LazyName(&|| fname.to_string()),
        args,
        kwargs,
        skip_self,
    )
}

/// [`bind`] with the name built only on error (no allocation on success).
pub fn bind_lazy(
    sig: &Sig,
    fname: LazyName<'_>,
    args: Vec<Value>,
    kwargs: Kwargs,
    skip_self: bool,
) -> Result<Args> {
    let n_pos = sig.n_positional();
    let given = args.len();
    if sig.star.is_none()
        && sig.star_star.is_none()
        && sig
            .params
            .iter()
            .all(|p| p.kind == ParamKind::PositionalOnly)
    {
        check_positional_only(sig, fname, given, !kwargs.is_empty(), skip_self)?;
    }
    let mut slots: Vec<Option<Value>> = vec![None; sig.params.len()];
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    for (slot, v) in slots.iter_mut().zip(args.by_ref().take(n_pos)) {
        *slot = Some(v);
    }
    if given > n_pos {
        if sig.star.is_some() {
            rest.extend(args);
        } else {
            let adj = usize::from(skip_self);
            let max = n_pos - adj.min(n_pos);
            let min = sig.params[..n_pos]
                .iter()
                .filter(|p| p.default.is_none())
                .count()
                .saturating_sub(adj);
            let takes = if min == max {
                plural(max, "positional argument", "positional arguments")
            } else {
                format!("from {min} to {max} positional arguments")
            };
            let g = given - adj.min(given);
            let were = if g == 1 { "was" } else { "were" };
            return Err(Error::type_error(format!(
                "{fname}() takes {takes} but {g} {were} given"
            )));
        }
    }
    let mut posonly_as_kw = Vec::new();
    let mut extra_kw = crate::value::DictTable::new();
    for (name, v) in kwargs {
        match sig.params.iter().position(|p| *p.name == *name) {
            Some(i)
                if sig.params[i].kind == ParamKind::PositionalOnly && sig.star_star.is_some() =>
            {
                extra_kw.insert(Value::Str(name), v)?;
            }
            Some(i) if sig.params[i].kind == ParamKind::PositionalOnly && sig.star.is_none() => {
                posonly_as_kw.push(sig.params[i].name.as_str());
            }
            Some(i) if sig.params[i].kind == ParamKind::PositionalOnly => {
                return Err(Error::type_error(format!(
                    "{fname}() got an unexpected keyword argument '{name}'"
                )));
            }
            Some(i) => {
                if slots[i].is_some() {
                    return Err(Error::type_error(format!(
                        "{fname}() got multiple values for argument '{name}'"
                    )));
                }
                slots[i] = Some(v);
            }
            None if sig.star_star.is_some() => {
                extra_kw.insert(Value::Str(name), v)?;
            }
            None => {
                return Err(Error::type_error(format!(
                    "{fname}() got an unexpected keyword argument '{name}'"
                )));
            }
        }
    }
    if !posonly_as_kw.is_empty() {
        return Err(Error::type_error(format!(
            "{fname}() got some positional-only arguments passed as keyword arguments: {}",
            posonly_as_kw
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut missing_pos = Vec::new();
    let mut missing_kw = Vec::new();
    let mut values = Vec::with_capacity(slots.len());
    for (slot, p) in slots.into_iter().zip(&sig.params) {
        match (slot, &p.default) {
            (Some(v), _) => values.push(v),
            (None, Some(d)) => values.push(d.to_value()),
            (None, None) => {
                if p.kind == ParamKind::KeywordOnly {
                    missing_kw.push(p.name.as_str());
                } else {
                    missing_pos.push(p.name.as_str());
                }
                values.push(Value::None);
            }
        }
    }
    for (missing, what) in [(missing_pos, "positional"), (missing_kw, "keyword-only")] {
        if !missing.is_empty() {
            let n = missing.len();
            let noun = if n == 1 { "argument" } else { "arguments" };
            return Err(Error::type_error(format!(
                "{fname}() missing {n} required {what} {noun}: {}",
                name_list(&missing)
            )));
        }
    }
    if sig.star_star.is_some() {
        values.push(Value::dict(extra_kw));
    }
    Ok(Args { values, rest })
}

/// Convenience for building keyword arguments in Rust code and tests.
pub fn kw(name: &str, v: Value) -> (Rc<str>, Value) {
    (name.into(), v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(sig: &str, args: Vec<Value>, kwargs: Kwargs) -> String {
        let s = parse_sig(sig).unwrap();
        match bind(&s, "f", args, kwargs, false) {
            Ok(_) => "ok".into(),
            Err(e) => e.msg().to_string(),
        }
    }

    #[test]
    fn parses_signatures() {
        let s = parse_sig("(*args, sep=' ', end='\\n', flag=True)").unwrap();
        assert_eq!(s.star.as_deref(), Some("args"));
        assert_eq!(s.params[1].default, Some(Lit::Str("\n".into())));
        let s = parse_sig("(x, /, ndigits=None)").unwrap();
        assert_eq!(s.params[0].kind, ParamKind::PositionalOnly);
        assert_eq!(s.params[1].kind, ParamKind::PositionalOrKeyword);
        let s = parse_sig("(a, *, k=-1.5, s=', ')").unwrap();
        assert_eq!(s.params[1].default, Some(Lit::Float(-1.5)));
        assert_eq!(s.params[2].default, Some(Lit::Str(", ".into())));
        assert!(parse_sig("(a=1, b)").is_err());
    }

    #[test]
    fn binding_messages_match_cpython() {
        let i = Value::Int;
        assert_eq!(
            msg("(a, b, c, *, k)", vec![], vec![]),
            "f() missing 3 required positional arguments: 'a', 'b', and 'c'"
        );
        assert_eq!(
            msg("(a, b, c, *, k)", vec![i(1), i(2), i(3), i(4)], vec![]),
            "f() takes 3 positional arguments but 4 were given"
        );
        assert_eq!(
            msg("(a, b, c, *, k)", vec![i(1), i(2), i(3)], vec![]),
            "f() missing 1 required keyword-only argument: 'k'"
        );
        assert_eq!(
            msg("(a, b, c, *, k)", vec![i(1)], vec![kw("z", i(1))]),
            "f() got an unexpected keyword argument 'z'"
        );
        assert_eq!(
            msg("(a, b, c, *, k)", vec![i(1)], vec![kw("a", i(1))]),
            "f() got multiple values for argument 'a'"
        );
        assert_eq!(
            msg("(a, b=1, /)", vec![i(1), i(2), i(3)], vec![]),
            "f expected at most 2 arguments, got 3"
        );
        assert_eq!(
            msg("(a, b=1, /)", vec![], vec![kw("a", i(1))]),
            "f() takes no keyword arguments"
        );
        assert_eq!(
            msg("(a, b=1, /, c=2)", vec![], vec![kw("a", i(1))]),
            "f() got some positional-only arguments passed as keyword arguments: 'a'"
        );
        assert_eq!(
            msg("(a, b, /, c=2)", vec![i(1), i(2), i(3), i(4)], vec![]),
            "f() takes from 2 to 3 positional arguments but 4 were given"
        );
        assert_eq!(
            msg("(a, b=1, /)", vec![], vec![]),
            "f expected at least 1 argument, got 0"
        );
        assert_eq!(
            msg("(a, /)", vec![i(1), i(2)], vec![]),
            "f() takes exactly one argument (2 given)"
        );
        assert_eq!(
            msg("(a, b, /)", vec![i(1)], vec![]),
            "f expected 2 arguments, got 1"
        );
        assert_eq!(
            msg("(/)", vec![i(1)], vec![]),
            "f() takes no arguments (1 given)"
        );
        assert_eq!(
            msg("(*args, sep=' ')", vec![i(1), i(2)], vec![kw("sep", i(1))]),
            "ok"
        );
        assert_eq!(
            msg("(file, *args, **kwds)", vec![i(1)], vec![kw("x", i(1))]),
            "ok"
        );
        assert_eq!(
            msg("(file, **kwds)", vec![], vec![kw("x", i(1))]),
            "f() missing 1 required positional argument: 'file'"
        );
        assert!(parse_sig("(**kw, a)").is_err());
    }
}
