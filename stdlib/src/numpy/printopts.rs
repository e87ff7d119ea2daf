//! Print options of the session (`np.set_printoptions`).
//!
//! The interpreter runs one session per thread, so the options live in a
//! thread-local: every `repr`/`str` of an array on this thread reads them.
//! The core's [`PrintOptions`] hold the numeric ones; `formatter=`, whose
//! values are Python callables, is kept beside them ([`Formatter`]).

use std::cell::RefCell;

use xpush_npu::PrintOptions;

use crate::value::Value;
use crate::{Error, Result};

thread_local! {
    static OPTIONS: RefCell<PrintOptions> = RefCell::new(PrintOptions::default());
    static FORMATTER: RefCell<Option<Formatter>> = const { RefCell::new(None) };
}

/// The current print options.
pub fn get() -> PrintOptions {
    OPTIONS.with(|o| o.borrow().clone())
}

/// Replaces the print options.
pub fn set(opts: PrintOptions) {
    OPTIONS.with(|o| *o.borrow_mut() = opts);
}

/// The session's `formatter=`, if one is set.
pub fn formatter() -> Option<Formatter> {
    FORMATTER.with(|f| f.borrow().clone())
}

/// Replaces the session's `formatter=` (`None` clears it).
pub fn set_formatter(f: Option<Formatter>) {
    FORMATTER.with(|o| *o.borrow_mut() = f);
}

/// Every print option of the session, as `np.printoptions` saves and
/// restores them.
#[derive(Clone)]
pub struct State {
    /// The numeric options.
    pub options: PrintOptions,
    /// `formatter=`.
    pub formatter: Option<Formatter>,
}

/// The session's options now.
pub fn state() -> State {
    State {
        options: get(),
        formatter: formatter(),
    }
}

/// Makes `s` the session's options.
pub fn set_state(s: State) {
    set(s.options);
    set_formatter(s.formatter);
}

/// `formatter=`: a dict from NumPy's keys (`'float'`, `'int_kind'`,
/// `'all'`, ...) to callables that turn one element into its text.
#[derive(Clone)]
pub struct Formatter {
    /// The dict as given (what `np.get_printoptions()` shows).
    dict: Value,
    /// Its items whose value is not `None`.
    funcs: Vec<(String, Value)>,
}

impl Formatter {
    /// The formatter a `formatter=` argument gives (`None` for `None`).
    pub fn from_value(v: &Value) -> Result<Option<Formatter>> {
        let Value::Dict(d) = v else {
            if v.is_none() {
                return Ok(None);
            }
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'keys'",
                crate::ops::type_name(v)
            )));
        };
        let funcs = d
            .borrow()
            .pairs()
            .into_iter()
            .filter(|(_, f)| !f.is_none())
            .filter_map(|(k, f)| match k {
                Value::Str(k) => Some((k.to_string(), f)),
                _ => None,
            })
            .collect();
        Ok(Some(Formatter {
            dict: v.clone(),
            funcs,
        }))
    }

    /// The dict as given.
    pub fn dict(&self) -> Value {
        self.dict.clone()
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.funcs.iter().find(|(k, _)| k == key).map(|(_, f)| f)
    }

    /// The callable NumPy's `_get_formatdict` gives the format function of
    /// `key` (`'bool'`, `'int'`, `'timedelta'`, `'float'`,
    /// `'complexfloat'`, `'numpystr'`, `'datetime'`, `'object'`,
    /// `'void'`): its own entry, else its kind's (`'int_kind'`,
    /// `'float_kind'`, `'complex_kind'`, `'str_kind'`), else `'all'`.
    pub fn pick(&self, key: &str) -> Option<&Value> {
        let kind = match key {
            "int" => Some("int_kind"),
            "float" | "longfloat" => Some("float_kind"),
            "complexfloat" | "longcomplexfloat" => Some("complex_kind"),
            "numpystr" => Some("str_kind"),
            _ => None,
        };
        self.get(key)
            .or_else(|| kind.and_then(|k| self.get(k)))
            .or_else(|| self.get("all"))
    }
}
