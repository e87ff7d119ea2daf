//! The rustyline helper: what completion, hints, highlighting and
//! validation know about the session, refreshed before every prompt.

use std::cell::{Cell, RefCell};

use rustyline::Helper;
use xpush_stdlib::table::{self, FnId};
use xpush_stdlib::{ops, Value};

/// Module names a user may type before importing them, with the stdlib
/// module each stands for.
pub const KNOWN_MODULES: &[(&str, &str)] = &[
    ("np", "numpy"),
    ("numpy", "numpy"),
    ("cupy", "numpy"),
    ("numpy_xpu", "numpy"),
    ("math", "math"),
    ("time", "time"),
    ("sys", "sys"),
];

/// The line editor's view of the session.
#[derive(Helper)]
pub struct XpushHelper {
    /// Module-level names and their values, as of the last prompt.
    pub(crate) scope: RefCell<Vec<(String, Value)>>,
    /// Whether to colour the input line, hints and prompts.
    pub(crate) color: bool,
    /// The lines of the entry typed so far (before the current one).
    pub(crate) pending: RefCell<String>,
    /// Whether the last validated entry was complete.
    pub(crate) complete: Cell<bool>,
    /// Whether the next highlight may mark a matching bracket.
    pub(crate) brackets: Cell<bool>,
}

impl XpushHelper {
    /// A helper; `color` enables ANSI styling.
    pub fn new(color: bool) -> XpushHelper {
        XpushHelper {
            scope: RefCell::new(Vec::new()),
            color,
            pending: RefCell::new(String::new()),
            complete: Cell::new(true),
            brackets: Cell::new(false),
        }
    }

    /// Replaces the names in scope (called before each prompt).
    pub fn set_scope(&self, names: Vec<(String, Value)>) {
        *self.scope.borrow_mut() = names;
    }

    /// The value a dotted path such as `np.linalg` or `x` names: a session
    /// variable, a builtin, or a stdlib module not imported yet.
    pub fn resolve(&self, path: &str) -> Option<Value> {
        let mut parts = path.split('.');
        let first = parts.next()?;
        let mut value = self
            .scope
            .borrow()
            .iter()
            .find(|(n, _)| n == first)
            .map(|(_, v)| v.clone())
            .or_else(|| table::builtin(first))
            .or_else(|| module_value(first))?;
        for part in parts {
            value = ops::getattr(&value, part).ok()?;
        }
        Some(value)
    }
}

/// A stdlib module by the name users type (`np` -> numpy), built from the
/// table with its submodules, for completion before `import`.
pub fn module_value(name: &str) -> Option<Value> {
    let (_, module) = KNOWN_MODULES.iter().find(|(n, _)| *n == name)?;
    let value = xpush_stdlib::modules::from_table(module);
    if let Value::Module(m) = &value {
        let prefix = format!("{module}.");
        for (full, _) in xpush_stdlib::modules::BUILDERS {
            if let Some(sub) = full.strip_prefix(&prefix) {
                if !sub.contains('.') {
                    m.set(sub, xpush_stdlib::modules::from_table(full));
                }
            }
        }
    }
    Some(value)
}

/// The table entry a callable value runs, if it is one.
pub fn callable_entry(v: &Value) -> Option<FnId> {
    match v {
        Value::Builtin(id) => Some(*id),
        Value::Method(m) => Some(m.func),
        _ => None,
    }
}

/// The table module holding the methods of `v`'s type: its type name
/// (`str`), or that name's last part (`numpy.ndarray` -> `ndarray`).
pub fn method_module(v: &Value) -> &'static str {
    let name = ops::type_name(v);
    if table::members(name).next().is_some() {
        return name;
    }
    name.rsplit('.').next().unwrap_or(name)
}
