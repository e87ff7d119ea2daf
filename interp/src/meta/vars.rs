//! `:vars`: the workspace as a table of name, type, shape, dtype, device, bytes.

use comfy_table::{presets, CellAlignment, Table};
use xpush_stdlib::{ops, Value};

/// The `:vars` table for these globals (`_` left out), or a one-line note
/// when there are none.
pub(super) fn table(globals: &[(String, Value)]) -> String {
    let rows: Vec<&(String, Value)> = globals.iter().filter(|(n, _)| n != "_").collect();
    if rows.is_empty() {
        return "no variables\n".to_string();
    }
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table.set_header(["name", "type", "shape", "dtype", "device", "bytes"]);
    for (name, v) in rows {
        table.add_row([
            name.clone(),
            ops::type_name(v).to_string(),
            attr(v, "shape"),
            attr(v, "dtype"),
            attr(v, "device"),
            bytes(v).map_or_else(String::new, |b| b.to_string()),
        ]);
    }
    if let Some(col) = table.column_mut(5) {
        col.set_cell_alignment(CellAlignment::Right);
    }
    format!("{table}\n")
}

/// `%who [TYPE ...]` as IPython prints it: the names (but `_...`) sorted,
/// each followed by a tab and a space, nine to a line; with types, only
/// the names whose value's type is called one of them (`int`, `ndarray`).
pub(super) fn who(globals: &[(String, Value)], types: &[String]) -> String {
    let mut names: Vec<&str> = globals
        .iter()
        .filter(|(n, v)| {
            let ty = ops::type_name(v);
            let short = ty.rsplit('.').next().unwrap_or(ty);
            !n.starts_with('_') && (types.is_empty() || types.iter().any(|t| t == short))
        })
        .map(|(n, _)| n.as_str())
        .collect();
    if names.is_empty() {
        return if types.is_empty() {
            "Interactive namespace is empty.\n".into()
        } else {
            "No variables match your requested type.\n".into()
        };
    }
    names.sort_unstable();
    let mut out = String::new();
    for (i, name) in names.iter().enumerate() {
        out.push_str(name);
        out.push_str("\t ");
        if i % 9 == 8 {
            out.push('\n');
        }
    }
    out.push('\n');
    out
}

/// `str(v.name)` for an array attribute, blank for values without it.
fn attr(v: &Value, name: &str) -> String {
    if !has_array_attrs(v) {
        return String::new();
    }
    ops::getattr(v, name).map_or_else(|_| String::new(), |a| ops::to_str(&a))
}

/// Values that are not arrays never have shape, dtype or device: skip the
/// attribute lookup (and its AttributeError) for them.
fn has_array_attrs(v: &Value) -> bool {
    !matches!(
        v,
        Value::None
            | Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::List(_)
            | Value::Tuple(_)
            | Value::Range(_)
            | Value::Slice(_)
            | Value::Ellipsis
            | Value::Builtin(_)
            | Value::Method(_)
            | Value::Function(_)
            | Value::Module(_)
    )
}

/// The memory a value holds: `nbytes` for arrays, else xpush's own
/// footprint (the value cell plus what it owns). `None` for code and modules.
fn bytes(v: &Value) -> Option<usize> {
    const CELL: usize = std::mem::size_of::<Value>();
    Some(match v {
        Value::Builtin(_) | Value::Method(_) | Value::Function(_) | Value::Module(_) => {
            return None
        }
        Value::BigInt(n) => CELL + n.bits().div_ceil(8) as usize,
        Value::Str(s) => CELL + s.len(),
        Value::List(items) => {
            let items = items.borrow();
            CELL + items.capacity() * CELL + nested(&items)
        }
        Value::Tuple(items) => CELL + items.len() * CELL + nested(items),
        Value::Range(_) | Value::Slice(_) => CELL + 3 * CELL,
        v if has_array_attrs(v) => {
            let nbytes = ops::getattr(v, "nbytes").ok()?;
            match nbytes {
                Value::Int(n) => usize::try_from(n).ok()?,
                _ => return None,
            }
        }
        _ => CELL,
    })
}

/// What the items of a list or tuple own beyond their cells.
fn nested(items: &[Value]) -> usize {
    items
        .iter()
        .map(|v| bytes(v).map_or(0, |b| b.saturating_sub(std::mem::size_of::<Value>())))
        .sum()
}
