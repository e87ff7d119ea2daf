//! NumPy's printing functions: `np.array2string`, `np.array_repr` and
//! `np.array_str`, the session's print options with the call's overrides,
//! through the same formatter as `repr(a)` and `print(a)`.

use xpush_npu::print;
use xpush_npu::PrintOptions;

use super::conv::{as_array, opt_int};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyPrint, "numpy", "array2string", "(a, max_line_width=None, precision=None, suppress_small=None, separator=' ', prefix='', style=None, formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None, suffix='', *, legacy=None)", array2string,
        "The elements as print shows them, with a separator between them and line breaks indented for a prefix.",
        ["np.array2string(np.array([1.5, 2.0]), separator=', ')  # '[1.5, 2. ]'", "np.array2string(np.array(5))  # '5'"]),
    entry!(Function, NumpyPrint, "numpy", "array_repr", "(arr, max_line_width=None, precision=None, suppress_small=None)", array_repr,
        "repr of an array with options of its own.",
        ["np.array_repr(np.array([1.123456, 2.0]), precision=2)  # 'array([1.12, 2.  ])'"]),
    entry!(Function, NumpyPrint, "numpy", "array_str", "(a, max_line_width=None, precision=None, suppress_small=None)", array_str,
        "str of an array with options of its own.",
        ["np.array_str(np.array([1.123456, 2.0]), precision=2)  # '[1.12 2.  ]'"]),
];

/// The session's options with a call's `max_line_width`, `precision` and
/// `suppress_small` (each `None` keeps the session's).
fn options(line: &Value, precision: &Value, suppress: &Value) -> Result<PrintOptions> {
    let mut o = super::printopts::get();
    if let Some(w) = opt_int(line)? {
        o.linewidth = usize::try_from(w).unwrap_or(0);
    }
    if let Some(p) = opt_int(precision)? {
        o.precision =
            usize::try_from(p).map_err(|_| Error::value_error("precision must be >= 0"))?;
    }
    if !matches!(suppress, Value::None) {
        o.suppress = crate::ops::truthy(suppress)?;
    }
    Ok(o)
}

fn unsupported(name: &str) -> Error {
    Error::new(
        ExcKind::NotImplementedError,
        format!("array2string's {name}= is not supported yet"),
    )
}

fn array2string(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    for (i, name) in [
        (6, "style"),
        (7, "formatter"),
        (10, "sign"),
        (11, "floatmode"),
        (13, "legacy"),
    ] {
        if !matches!(a.get(i), Value::None) {
            return Err(unsupported(name));
        }
    }
    let mut o = options(a.get(1), a.get(2), a.get(3))?;
    if let Some(t) = opt_int(a.get(8))? {
        o.threshold = usize::try_from(t).unwrap_or(0);
    }
    if let Some(e) = opt_int(a.get(9))? {
        o.edgeitems = usize::try_from(e).unwrap_or(0);
    }
    let separator = crate::ops::to_str(a.get(4));
    let prefix = crate::ops::to_str(a.get(5));
    let suffix = crate::ops::to_str(a.get(12));
    let width = o.linewidth.saturating_sub(suffix.chars().count());
    Ok(Value::str(print::array2string(
        &x, &o, &separator, &prefix, width,
    )))
}

fn array_repr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = options(a.get(1), a.get(2), a.get(3))?;
    Ok(Value::str(print::array_repr(&x, &o)))
}

fn array_str(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = options(a.get(1), a.get(2), a.get(3))?;
    Ok(Value::str(print::array_str(&x, &o)))
}
