//! Print options of the session (`np.set_printoptions`).
//!
//! The interpreter runs one session per thread, so the options live in a
//! thread-local: every `repr`/`str` of an array on this thread reads them.
//! The core's [`PrintOptions`] hold the numeric ones; `formatter=`, whose
//! values are Python callables, is kept beside them ([`Formatter`]).

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::PrintOptions;

use crate::value::Value;
use crate::{Error, Result};

thread_local! {
    static OPTIONS: RefCell<PrintOptions> = RefCell::new(PrintOptions::default());
    static FORMATTER: RefCell<Option<Formatter>> = const { RefCell::new(None) };
    static OVERRIDE_REPR: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// The session's `override_repr=`: the callable `repr(a)` of an array is.
pub fn override_repr() -> Option<Value> {
    OVERRIDE_REPR.with(|f| f.borrow().clone())
}

/// The session's `legacy=` (NumPy's integer form).
pub fn legacy() -> u32 {
    OPTIONS.with(|o| o.borrow().legacy)
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
    /// `override_repr=`.
    pub override_repr: Option<Value>,
}

/// The session's options now.
pub fn state() -> State {
    State {
        options: get(),
        formatter: formatter(),
        override_repr: override_repr(),
    }
}

/// Makes `s` the session's options.
pub fn set_state(s: State) {
    set(s.options);
    set_formatter(s.formatter);
    OVERRIDE_REPR.with(|o| *o.borrow_mut() = s.override_repr);
}

/// `formatter=`: a dict from NumPy's keys (`'float'`, `'int_kind'`,
/// `'all'`, ...) to callables that turn one element into its text. It is
/// read when printing, as NumPy reads the dict it keeps (so later changes
/// to the dict show).
#[derive(Clone)]
pub struct Formatter {
    dict: Rc<RefCell<crate::py::dict::DictTable>>,
}

impl Formatter {
    /// The formatter a `formatter=` argument gives (`None` for `None`).
    pub fn from_value(v: &Value) -> Result<Option<Formatter>> {
        match v {
            Value::Dict(d) => Ok(Some(Formatter { dict: d.clone() })),
            Value::None => Ok(None),
            _ => Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'keys'",
                crate::ops::type_name(v)
            ))),
        }
    }

    /// The dict as given.
    pub fn dict(&self) -> Value {
        Value::Dict(self.dict.clone())
    }

    /// The callable of exactly `key`, if given (and not `None`).
    pub fn get(&self, key: &str) -> Option<Value> {
        let v = self.dict.borrow().get(&Value::str(key)).ok().flatten()?;
        (!v.is_none()).then_some(v)
    }

    /// `dict.setdefault(key, value)`: NumPy's void scalars print with
    /// `setdefault('float_kind', str)` on the session's dict itself, so
    /// the default stays for later prints.
    pub fn set_default(&self, key: &str, value: Value) -> Result<()> {
        let key = Value::str(key);
        if self.dict.borrow().get(&key)?.is_none() {
            self.dict.borrow_mut().insert(key, value)?;
        }
        Ok(())
    }

    /// The callable NumPy's `_get_formatdict` gives the format function of
    /// `key` (`'bool'`, `'int'`, `'timedelta'`, `'float'`,
    /// `'complexfloat'`, `'numpystr'`, `'datetime'`, `'object'`,
    /// `'void'`): its own entry, else its kind's (`'int_kind'`,
    /// `'float_kind'`, `'complex_kind'`, `'str_kind'`), else `'all'`.
    pub fn pick(&self, key: &str) -> Option<Value> {
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
