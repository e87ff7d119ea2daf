//! `textwrap.dedent` and `textwrap.indent`, and the `string` module's
//! `capwords` (its constants are in [`crate::table::CONSTANTS`]), as
//! CPython's do them.

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The functions of `textwrap` and `string`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "textwrap", "dedent", "(text)", dedent,
        "Remove the whitespace every non-blank line starts with; blank lines become empty.",
        ["textwrap.dedent('  a\\n    b\\n')  # 'a\\n  b\\n'", "textwrap.dedent(' x\\n\\ty')  # ' x\\n\\ty'"]),
    entry!(Function, Builtin, "textwrap", "indent", "(text, prefix, predicate=None)", indent,
        "Add prefix to the lines that are not whitespace only (predicate: to the lines it is true for).",
        ["textwrap.indent('a\\n\\nb', '> ')  # '> a\\n\\n> b'"]),
    entry!(Function, Builtin, "string", "capwords", "(s, sep=None)", capwords,
        "Split on sep (whitespace runs when None), capitalize each word, join with sep (a space).",
        ["string.capwords('hello   big world')  # 'Hello Big World'"]),
];

fn text_arg<'a>(v: &'a Value, what: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "{what} must be str, not {}",
            ops::type_name(other)
        ))),
    }
}

/// The lines of `text` split at `\n` only, as `re.MULTILINE`'s `^` sees them.
fn lines(text: &str) -> Vec<&str> {
    text.split('\n').collect()
}

fn dedent(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = match a.get(0) {
        Value::Str(s) => s,
        other => {
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'expandtabs'",
                ops::type_name(other)
            )))
        }
    };
    let is_ws = |c: char| c == ' ' || c == '\t';
    // Lines of spaces and tabs only are emptied first.
    let lines: Vec<&str> = lines(text)
        .into_iter()
        .map(|l| {
            if !l.is_empty() && l.chars().all(is_ws) {
                ""
            } else {
                l
            }
        })
        .collect();
    let mut margin: Option<&str> = None;
    for l in &lines {
        let rest = l.trim_start_matches(is_ws);
        if rest.is_empty() {
            continue;
        }
        let indent = &l[..l.len() - rest.len()];
        margin = Some(match margin {
            None => indent,
            Some(m) if indent.starts_with(m) => m,
            Some(m) if m.starts_with(indent) => indent,
            Some(m) => {
                let common = m
                    .char_indices()
                    .zip(indent.chars())
                    .find(|((_, x), y)| x != y)
                    .map_or(m.len().min(indent.len()), |((i, _), _)| i);
                &m[..common]
            }
        });
    }
    let margin = margin.unwrap_or("");
    let out: Vec<&str> = lines
        .iter()
        .map(|l| l.strip_prefix(margin).unwrap_or(l))
        .collect();
    Ok(Value::str(out.join("\n")))
}

fn indent(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = text_arg(a.get(0), "text")?;
    let prefix = text_arg(a.get(1), "prefix")?;
    let predicate = a.get(2).clone();
    let mut out = String::with_capacity(text.len());
    // splitlines(keepends=True) for '\n' and '\r\n' endings.
    for line in text.split_inclusive('\n') {
        let add = if predicate.is_none() {
            !line.trim().is_empty()
        } else {
            ops::truthy(&host.call(&predicate, vec![Value::str(line)], Vec::new())?)?
        };
        if add {
            out.push_str(prefix);
        }
        out.push_str(line);
    }
    Ok(Value::str(out))
}

fn capwords(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = text_arg(a.get(0), "s")?;
    let cap = crate::strmethods::capitalized;
    Ok(Value::str(match a.get(1) {
        Value::None => s.split_whitespace().map(cap).collect::<Vec<_>>().join(" "),
        sep => {
            let sep = text_arg(sep, "sep")?;
            s.split(sep).map(cap).collect::<Vec<_>>().join(sep)
        }
    }))
}
