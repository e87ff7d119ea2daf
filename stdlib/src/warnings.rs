//! `warnings`: `warn` and the filters that decide what a warning does
//! (`filterwarnings`, `simplefilter`, `resetwarnings`, `catch_warnings`),
//! as CPython 3.11's: the first matching filter's action, else
//! `default` (shown once per place); shown as `file:line: Category:
//! message` and the source line on stderr. NumPy's warnings
//! (`RuntimeWarning: divide by zero encountered in log`) come through
//! [`warn`] too, so the same filters silence or raise them.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Location};
use crate::ops;
use crate::table::FuncDef;
use crate::value::{Object, Record, Value};
use crate::{Error, ExcKind, Result};

/// The functions of `warnings`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "warnings", "warn", "(message, category=None, stacklevel=1, source=None)", warn_fn,
        "Issue a warning (category UserWarning by default, or the class of a Warning instance); the filters decide whether it is shown, ignored or raised. stacklevel=2 blames the caller's line.",
        ["warnings.warn('x', int)  # TypeError: category must be a Warning subclass, not 'type'"]),
    entry!(Function, Builtin, "warnings", "filterwarnings", "(action, message='', category=None, module='', lineno=0, append=False)", filterwarnings,
        "Add a filter in front (at the end with append=True): action is 'error', 'ignore', 'always', 'default', 'module' or 'once'; message and module are regular expressions matched at the start (message case-insensitively).",
        ["warnings.filterwarnings('sometimes')  # AssertionError: invalid action: 'sometimes'"]),
    entry!(Function, Builtin, "warnings", "simplefilter", "(action, category=None, lineno=0, append=False)", simplefilter,
        "Add a filter for every message and module.",
        ["warnings.simplefilter('often')  # AssertionError: invalid action: 'often'"]),
    entry!(Function, Builtin, "warnings", "resetwarnings", "()", resetwarnings,
        "Remove every filter, the defaults included.",
        ["warnings.resetwarnings()  # None"]),
    entry!(Type, Builtin, "warnings", "catch_warnings", "(*, record=False, module=None, action=None, category=None, lineno=0, append=False)", catch_warnings,
        "A context manager that restores the filters on exit; with record=True, `as w` is a list that collects the warnings (WarningMessage objects) instead of showing them.",
        ["warnings.catch_warnings(record=True)  # catch_warnings(record=True)"]),
    entry!(Function, Builtin, "warnings", "formatwarning", "(message, category, filename, lineno, line=None)", formatwarning,
        "The text a warning is shown as: 'file:line: Category: message' and the source line.",
        ["warnings.formatwarning('m', UserWarning, 'f.py', 3, 'x = 1')  # 'f.py:3: UserWarning: m\\n  x = 1\\n'"]),
    entry!(Function, Builtin, "warnings", "showwarning", "(message, category, filename, lineno, file=None, line=None)", showwarning,
        "Write a warning to stderr as formatwarning formats it.",
        ["warnings.showwarning('m', UserWarning, 'f.py', 3, line='')  # None"]),
];

/// What a filter does with the warnings it matches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Action {
    Error,
    Ignore,
    Always,
    Default,
    Module,
    Once,
}

impl Action {
    fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "error" => Action::Error,
            "ignore" => Action::Ignore,
            "always" => Action::Always,
            "default" => Action::Default,
            "module" => Action::Module,
            "once" => Action::Once,
            _ => return None,
        })
    }
}

/// How a filter matches a module name: a regular expression, or an exact
/// name (CPython's own default filter for `__main__`).
#[derive(Clone)]
enum ModuleMatch {
    Pattern(regex::Regex),
    Exact(&'static str),
}

/// One entry of `warnings.filters`.
#[derive(Clone)]
struct Filter {
    action: Action,
    /// Matched at the start of the message text, ignoring case.
    message: Option<regex::Regex>,
    /// A warning class (the category or one of its bases).
    category: Value,
    module: Option<ModuleMatch>,
    /// 0: any line.
    lineno: i64,
}

/// The filters and which warnings were shown.
#[derive(Clone)]
struct State {
    filters: Vec<Filter>,
    /// `default`: (text, category, file, line) shown since the filters last changed.
    shown_at: HashSet<(String, String, String, usize)>,
    /// `module`: (text, category, module) shown since the filters last changed.
    shown_in_module: HashSet<(String, String, String)>,
    /// `once`: (text, category) ever shown.
    shown_once: HashSet<(String, String)>,
    /// The list of the innermost `catch_warnings(record=True)`, if any.
    record: Option<Value>,
}

/// What `catch_warnings` saves on entry and puts back on exit.
pub struct Saved(State);

fn kind_filter(action: Action, kind: ExcKind, module: Option<ModuleMatch>) -> Filter {
    Filter {
        action,
        message: None,
        category: Value::ExcType(kind),
        module,
        lineno: 0,
    }
}

impl State {
    /// CPython 3.11's filters at start-up, and the one `import numpy` adds.
    fn initial() -> State {
        State {
            filters: vec![
                kind_filter(Action::Always, ExcKind::RankWarning, None),
                kind_filter(
                    Action::Default,
                    ExcKind::DeprecationWarning,
                    Some(ModuleMatch::Exact("__main__")),
                ),
                kind_filter(Action::Ignore, ExcKind::DeprecationWarning, None),
                kind_filter(Action::Ignore, ExcKind::PendingDeprecationWarning, None),
                kind_filter(Action::Ignore, ExcKind::ImportWarning, None),
                kind_filter(Action::Ignore, ExcKind::ResourceWarning, None),
            ],
            shown_at: HashSet::new(),
            shown_in_module: HashSet::new(),
            shown_once: HashSet::new(),
            record: None,
        }
    }

    /// Adds a filter (a filter equal to an existing one replaces it);
    /// the places already shown are forgotten, as CPython's registries
    /// are when the filters change.
    fn add(&mut self, f: Filter, append: bool) {
        let same = |g: &Filter| {
            g.action == f.action
                && g.lineno == f.lineno
                && g.message.as_ref().map(regex::Regex::as_str)
                    == f.message.as_ref().map(regex::Regex::as_str)
                && module_src(&g.module) == module_src(&f.module)
                && crate::py::compare::is(&g.category, &f.category)
        };
        if append {
            if !self.filters.iter().any(same) {
                self.filters.push(f);
            }
        } else {
            self.filters.retain(|g| !same(g));
            self.filters.insert(0, f);
        }
        self.changed();
    }

    fn changed(&mut self) {
        self.shown_at.clear();
        self.shown_in_module.clear();
    }
}

fn module_src(m: &Option<ModuleMatch>) -> Option<&str> {
    match m {
        Some(ModuleMatch::Pattern(r)) => Some(r.as_str()),
        Some(ModuleMatch::Exact(s)) => Some(s),
        None => None,
    }
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::initial());
}

/// Puts back Python's start-up filters and forgets what was shown: a new
/// session starts as a new process would (the state is per thread, and
/// an earlier session on the thread may have left filters naming its
/// own classes).
pub fn reset() {
    with_state(|s| *s = State::initial());
}

fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    STATE.with(|s| f(&mut s.borrow_mut()))
}

/// Whether class `a` is class `b` or derives from it.
fn is_subclass(a: &Value, b: &Value) -> bool {
    if let Some(r) = crate::py::class::subclass_of(a, b) {
        return r;
    }
    matches!((a, b), (Value::ExcType(x), Value::ExcType(y)) if x.is_subclass(*y))
}

fn is_warning_class(v: &Value) -> bool {
    matches!(v, Value::ExcType(_) | Value::Class(_))
        && is_subclass(v, &Value::ExcType(ExcKind::Warning))
}

/// `Category.__name__`.
fn class_name(v: &Value) -> String {
    match v {
        Value::ExcType(k) => k.name().to_string(),
        Value::Class(c) => c.name.to_string(),
        other => ops::to_str(other),
    }
}

/// Issues a warning of `category` (a warning class) with `text` at
/// `place`: what the first matching filter says (raised as an exception
/// for `error`), shown on stderr or recorded.
fn issue(
    host: &mut dyn Host,
    category: &Value,
    message: Value,
    text: &str,
    place: &Location,
) -> Result<()> {
    let cat = class_name(category);
    let action = with_state(|s| {
        s.filters
            .iter()
            .find(|f| {
                f.message.as_ref().is_none_or(|r| r.is_match(text))
                    && is_subclass(category, &f.category)
                    && match &f.module {
                        None => true,
                        Some(ModuleMatch::Exact(m)) => *m == place.module,
                        Some(ModuleMatch::Pattern(r)) => r.is_match(&place.module),
                    }
                    && (f.lineno == 0 || f.lineno == place.line as i64)
            })
            .map_or(Action::Default, |f| f.action)
    });
    let show = match action {
        Action::Error => {
            // A user's Warning class (or a Warning instance given as the
            // message) is raised as itself, made as `category(text)`.
            if matches!(category, Value::Class(_)) || matches!(message, Value::Instance(_)) {
                let obj = match &message {
                    Value::Instance(_) => message.clone(),
                    _ => host.call(category, vec![Value::str(text)], Vec::new())?,
                };
                return Err(host.raise_object(obj));
            }
            let kind = match category {
                Value::ExcType(k) => *k,
                _ => ExcKind::Warning,
            };
            return Err(Error::new(kind, text));
        }
        Action::Ignore => false,
        Action::Always => true,
        Action::Default => with_state(|s| {
            s.shown_at
                .insert((text.into(), cat.clone(), place.file.clone(), place.line))
        }),
        Action::Module => with_state(|s| {
            s.shown_in_module
                .insert((text.into(), cat.clone(), place.module.clone()))
        }),
        Action::Once => with_state(|s| s.shown_once.insert((text.into(), cat.clone()))),
    };
    if !show {
        return Ok(());
    }
    if let Some(Value::List(list)) = with_state(|s| s.record.clone()) {
        list.borrow_mut()
            .push(warning_message(message, category, place));
        return Ok(());
    }
    host.write_err(&format_text(
        text,
        &cat,
        &place.file,
        place.line,
        place.text.as_deref(),
    ));
    Ok(())
}

/// What `catch_warnings(record=True)` collects: a `WarningMessage`.
fn warning_message(message: Value, category: &Value, place: &Location) -> Value {
    let repr = format!(
        "{{message : {}, category : {}, filename : {}, lineno : {}, line : None}}",
        ops::repr(&message),
        ops::repr(&Value::str(class_name(category))),
        ops::repr(&Value::str(place.file.as_str())),
        place.line
    );
    Value::Record(Rc::new(Record {
        type_name: "warnings.WarningMessage",
        repr,
        attrs: vec![
            ("message", message),
            ("category", category.clone()),
            ("filename", Value::str(place.file.as_str())),
            ("lineno", Value::Int(place.line as i64)),
            ("line", Value::None),
            ("file", Value::None),
            ("source", Value::None),
        ],
    }))
}

/// `file:line: Category: message\n  source line\n`.
fn format_text(
    text: &str,
    category: &str,
    file: &str,
    line: usize,
    source: Option<&str>,
) -> String {
    let mut s = format!("{file}:{line}: {category}: {text}\n");
    if let Some(src) = source.map(str::trim).filter(|t| !t.is_empty()) {
        s.push_str("  ");
        s.push_str(src);
        s.push('\n');
    }
    s
}

/// Where a warning `stacklevel` frames up is blamed: CPython's `sys:1`
/// above the outermost frame.
fn place(host: &dyn Host, stacklevel: usize) -> Location {
    host.location(stacklevel.max(1))
        .unwrap_or_else(|| Location {
            file: "sys".into(),
            line: 1,
            text: None,
            module: "sys".into(),
        })
}

/// Issues a warning from the runtime (NumPy's `RuntimeWarning`s) at the
/// line of user code running now, through the filters as `warnings.warn`.
pub fn warn(host: &mut dyn Host, kind: ExcKind, text: &str) -> Result<()> {
    let at = place(host, 1);
    let message = crate::py::exc::new(kind, vec![Value::str(text)]);
    issue(host, &Value::ExcType(kind), message, text, &at)
}

fn warn_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let message = a.get(0).clone();
    // A Warning instance is its own category.
    let (category, text) = match crate::py::exc::object(&message) {
        Some(e) if e.kind.is_subclass(ExcKind::Warning) => (Value::ExcType(e.kind), e.text.clone()),
        _ => match &message {
            Value::Instance(i) if is_warning_class(&Value::Class(i.class.clone())) => {
                let text = crate::py::class::to_str(host, &message)?;
                (Value::Class(i.class.clone()), text)
            }
            _ => {
                let category = match a.get(1) {
                    Value::None => Value::ExcType(ExcKind::UserWarning),
                    c if is_warning_class(c) => c.clone(),
                    c => {
                        return Err(Error::type_error(format!(
                            "category must be a Warning subclass, not '{}'",
                            ops::type_name(c)
                        )))
                    }
                };
                (category, crate::py::class::to_str(host, &message)?)
            }
        },
    };
    let stacklevel = crate::py::num::index_i64(a.get(2))?;
    let at = place(host, usize::try_from(stacklevel).unwrap_or(1));
    let message =
        if crate::py::exc::object(&message).is_some() || matches!(message, Value::Instance(_)) {
            message
        } else {
            match &category {
                Value::ExcType(k) => crate::py::exc::new(*k, vec![Value::str(text.as_str())]),
                _ => host.call(&category, vec![Value::str(text.as_str())], Vec::new())?,
            }
        };
    issue(host, &category, message, &text, &at)?;
    Ok(Value::None)
}

fn action_of(v: &Value) -> Result<Action> {
    let name = match v {
        Value::Str(s) => s.to_string(),
        other => ops::repr(other),
    };
    Action::parse(&name).ok_or_else(|| {
        Error::new(
            ExcKind::AssertionError,
            format!("invalid action: {}", ops::repr(v)),
        )
    })
}

fn category_of(v: &Value) -> Value {
    match v {
        Value::None => Value::ExcType(ExcKind::Warning),
        c => c.clone(),
    }
}

fn pattern(src: &str, case_insensitive: bool) -> Result<regex::Regex> {
    regex::RegexBuilder::new(&format!("^(?:{src})"))
        .case_insensitive(case_insensitive)
        .build()
        .map_err(|e| Error::value_error(format!("bad warning filter pattern {src:?}: {e}")))
}

fn string_arg(v: &Value, what: &str) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        _ => Err(Error::new(
            ExcKind::AssertionError,
            format!("{what} must be a string"),
        )),
    }
}

fn lineno_of(v: &Value) -> Result<i64> {
    let n = crate::py::num::index_i64(v)
        .map_err(|_| Error::new(ExcKind::AssertionError, "lineno must be an int >= 0"))?;
    if n < 0 {
        return Err(Error::new(
            ExcKind::AssertionError,
            "lineno must be an int >= 0",
        ));
    }
    Ok(n)
}

fn filterwarnings(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let action = action_of(a.get(0))?;
    let message = string_arg(a.get(1), "message")?;
    let category = category_of(a.get(2));
    if !matches!(category, Value::ExcType(_) | Value::Class(_)) {
        return Err(Error::new(
            ExcKind::AssertionError,
            "category must be a class",
        ));
    }
    if !is_warning_class(&category) {
        return Err(Error::new(
            ExcKind::AssertionError,
            "category must be a Warning subclass",
        ));
    }
    let module = string_arg(a.get(3), "module")?;
    let filter = Filter {
        action,
        message: (!message.is_empty())
            .then(|| pattern(&message, true))
            .transpose()?,
        category,
        module: (!module.is_empty())
            .then(|| pattern(&module, false).map(ModuleMatch::Pattern))
            .transpose()?,
        lineno: lineno_of(a.get(4))?,
    };
    let append = ops::truthy(a.get(5))?;
    with_state(|s| s.add(filter, append));
    Ok(Value::None)
}

fn simplefilter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let filter = Filter {
        action: action_of(a.get(0))?,
        message: None,
        category: category_of(a.get(1)),
        module: None,
        lineno: lineno_of(a.get(2))?,
    };
    let append = ops::truthy(a.get(3))?;
    with_state(|s| s.add(filter, append));
    Ok(Value::None)
}

fn resetwarnings(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    with_state(|s| {
        s.filters.clear();
        s.changed();
    });
    Ok(Value::None)
}

/// What `catch_warnings(...)` makes: a context manager.
pub struct CatchWarnings {
    record: bool,
    /// `action=` and the rest: a `simplefilter` to apply on entry.
    filter: Option<(Action, Value, i64, bool)>,
    /// The state each enclosing entry replaced.
    saved: RefCell<Vec<Saved>>,
}

impl CatchWarnings {
    /// `repr`: `catch_warnings(record=True)`.
    pub fn repr(&self) -> String {
        if self.record {
            "catch_warnings(record=True)".into()
        } else {
            "catch_warnings()".into()
        }
    }

    /// Entry: saves the filters; the list `as` binds when recording.
    pub fn enter(&self) -> Value {
        let saved = with_state(|s| s.clone());
        self.saved.borrow_mut().push(Saved(saved));
        let list = self.record.then(|| Value::list(Vec::new()));
        with_state(|s| {
            if let Some((action, category, lineno, append)) = &self.filter {
                s.add(
                    Filter {
                        action: *action,
                        message: None,
                        category: category.clone(),
                        module: None,
                        lineno: *lineno,
                    },
                    *append,
                );
            }
            if let Some(l) = &list {
                s.record = Some(l.clone());
            }
        });
        list.unwrap_or(Value::None)
    }

    /// Exit: the filters (and where warnings go) as they were; which
    /// warnings were shown once stays shown.
    pub fn exit(&self) {
        if let Some(Saved(mut old)) = self.saved.borrow_mut().pop() {
            with_state(|s| {
                old.shown_once = std::mem::take(&mut s.shown_once);
                old.changed();
                *s = old;
            });
        }
    }
}

fn catch_warnings(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let record = ops::truthy(a.get(0))?;
    let filter = match a.get(2) {
        Value::None => None,
        v => Some((
            action_of(v)?,
            category_of(a.get(3)),
            lineno_of(a.get(4))?,
            ops::truthy(a.get(5))?,
        )),
    };
    Ok(Value::Object(Rc::new(Object::CatchWarnings(
        CatchWarnings {
            record,
            filter,
            saved: RefCell::new(Vec::new()),
        },
    ))))
}

fn formatwarning(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = crate::py::class::to_str(host, a.get(0))?;
    let line = match a.get(4) {
        Value::None => None,
        v => Some(ops::to_str(v)),
    };
    let lineno = crate::py::num::index_i64(a.get(3))?;
    Ok(Value::str(format_text(
        &text,
        &class_name(a.get(1)),
        &ops::to_str(a.get(2)),
        usize::try_from(lineno).unwrap_or(0),
        line.as_deref(),
    )))
}

fn showwarning(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = crate::py::class::to_str(host, a.get(0))?;
    let line = match a.get(5) {
        Value::None => None,
        v => Some(ops::to_str(v)),
    };
    let lineno = crate::py::num::index_i64(a.get(3))?;
    let out = format_text(
        &text,
        &class_name(a.get(1)),
        &ops::to_str(a.get(2)),
        usize::try_from(lineno).unwrap_or(0),
        line.as_deref(),
    );
    host.write_err(&out);
    Ok(Value::None)
}
