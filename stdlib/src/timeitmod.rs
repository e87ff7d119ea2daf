//! The `timeit` module: `timeit`, `repeat`, `default_timer` and the
//! `Timer` class (`timeit`, `repeat`, `autorange`), as CPython's.
//!
//! A `Timer` is made as CPython makes it: the statement and the setup (a
//! string, or a callable called as `_stmt()`) are put into the body of a
//! function `inner(_it, _timer)` that runs the setup once and times a
//! loop of the statement; the function is run through `exec` in the
//! `globals` dict given (a new empty one by default, so the statement
//! sees only the names its setup binds, or `from __main__ import f`).

use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, SourceKind};
use crate::table::{self, FuncDef};
use crate::value::{DictTable, Object, Value};
use crate::{Error, Result};

/// The entries.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, System, "timeit", "timeit", "(stmt='pass', setup='pass', timer=None, number=1000000, globals=None)", timeit,
        "Seconds taken by `number` runs of `stmt` (a string of code, or a callable) after one run of `setup`, both in the dict `globals` (a new empty one by default); `timer` defaults to time.perf_counter.",
        ["timeit.timeit(1)  # ValueError: stmt is neither a string nor callable"]),
    entry!(Function, System, "timeit", "repeat", "(stmt='pass', setup='pass', timer=None, repeat=5, number=1000000, globals=None)", repeat,
        "A list of `repeat` timings of `number` runs of `stmt` each, as timeit.timeit gives one.",
        ["timeit.repeat('pass', 2)  # ValueError: setup is neither a string nor callable"]),
    entry!(Type, System, "timeit", "Timer", "(stmt='pass', setup='pass', timer=None, globals=None)", timer_new,
        "A timer of `stmt` (a string of code or a callable) after `setup`, in the dict `globals` (a new empty one by default); its methods timeit, repeat and autorange run it.",
        ["timeit.Timer('x', 2)  # ValueError: setup is neither a string nor callable"]),
    entry!(Method, System, "Timer", "timeit", "(self, number=1000000)", timer_timeit,
        "Seconds taken by `number` runs of the statement, after one run of the setup.",
        ["timeit.Timer(None).timeit(0)  # ValueError: stmt is neither a string nor callable"]),
    entry!(Method, System, "Timer", "repeat", "(self, repeat=5, number=1000000)", timer_repeat,
        "A list of `repeat` timings, each of `number` runs of the statement.",
        ["timeit.Timer(None).repeat(2, 10)  # ValueError: stmt is neither a string nor callable"]),
    entry!(Method, System, "Timer", "autorange", "(self, callback=None)", timer_autorange,
        "(number, seconds): the first number of runs of 1, 2, 5, 10, 20, 50, ... that takes at least 0.2 seconds; callback(number, seconds) is called after each try.",
        ["timeit.Timer(None).autorange()  # ValueError: stmt is neither a string nor callable"]),
];

/// A `timeit.Timer`: the compiled `inner(_it, _timer)` function and the
/// timer it is called with.
pub struct Timer {
    inner: Value,
    timer: Value,
}

/// CPython's template: the setup runs once, then the statement in a loop
/// over `_it`, timed by `_timer`.
fn source(stmt: &str, setup: &str, init: &str) -> String {
    format!(
        "def inner(_it, _timer{init}):\n    {setup}\n    _t0 = _timer()\n    for _i in _it:\n        {stmt}\n        pass\n    _t1 = _timer()\n    return _t1 - _t0\n"
    )
}

/// The code to put in the template for a statement or setup: a string,
/// indented to its place, or a call of a callable passed in `ns` under
/// `name` (which `init` then takes as a default argument).
fn part(
    v: &Value,
    what: &str,
    name: &str,
    indent: usize,
    ns: &mut DictTable,
    init: &mut String,
) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.replace('\n', &format!("\n{}", " ".repeat(indent)))),
        v if crate::py::attr::callable(v) => {
            ns.insert(Value::str(name), v.clone())?;
            init.push_str(&format!(", {name}={name}"));
            Ok(format!("{name}()"))
        }
        _ => Err(Error::value_error(format!(
            "{what} is neither a string nor callable"
        ))),
    }
}

/// A timer of `stmt` after `setup` in `globals`, timed by `timer`.
fn make(
    host: &mut dyn Host,
    stmt: &Value,
    setup: &Value,
    timer: &Value,
    globals: &Value,
) -> Result<Timer> {
    let mut local_ns = DictTable::new();
    let mut init = String::new();
    // Each string is checked as CPython checks it, with the setup before
    // the statement: a statement only valid inside the timing function
    // (`return`) is not.
    if let Value::Str(s) = stmt {
        let prefix = match setup {
            Value::Str(setup) => format!("{setup}\n"),
            _ => String::new(),
        };
        host.check_source(&format!("{prefix}{s}"), "<timeit-src>")?;
    }
    let stmt = part(stmt, "stmt", "_stmt", 8, &mut local_ns, &mut init)?;
    if let Value::Str(s) = setup {
        host.check_source(s, "<timeit-src>")?;
    }
    let setup = part(setup, "setup", "_setup", 4, &mut local_ns, &mut init)?;
    let timer = match timer {
        Value::None => {
            let id = table::lookup("time", "perf_counter")
                .ok_or_else(|| Error::type_error("time.perf_counter is missing"))?;
            Value::Builtin(id)
        }
        t => t.clone(),
    };
    let globals = match globals {
        Value::None => Value::dict(DictTable::new()),
        g => g.clone(),
    };
    let local_ns = Value::dict(local_ns);
    let src = source(&stmt, &setup, &init);
    host.run_source(
        &src,
        SourceKind::Exec,
        Some(globals),
        Some(local_ns.clone()),
    )?;
    let Value::Dict(ns) = &local_ns else {
        unreachable!("made as a dict")
    };
    let inner = ns
        .borrow()
        .get(&Value::str("inner"))?
        .ok_or_else(|| Error::type_error("the timing function was not made"))?;
    Ok(Timer { inner, timer })
}

impl Timer {
    /// Seconds (what the timer's difference is) of `number` runs.
    fn run(&self, host: &mut dyn Host, number: &Value) -> Result<Value> {
        let range =
            table::lookup_builtin("range").ok_or_else(|| Error::type_error("range is missing"))?;
        let it = host.call(&Value::Builtin(range), vec![number.clone()], Vec::new())?;
        host.call(&self.inner, vec![it, self.timer.clone()], Vec::new())
    }

    /// `repeat` timings of `number` runs each.
    fn repeat(&self, host: &mut dyn Host, repeat: &Value, number: &Value) -> Result<Value> {
        let n = match repeat {
            Value::Int(n) => *n,
            Value::Bool(b) => i64::from(*b),
            other => {
                return Err(Error::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    crate::ops::type_name(other)
                )))
            }
        };
        let mut out = Vec::new();
        for _ in 0..n.max(0) {
            out.push(self.run(host, number)?);
        }
        Ok(Value::list(out))
    }

    /// CPython's `autorange`: 1, 2, 5, 10, 20, 50, ... runs until one
    /// takes 0.2 seconds.
    fn autorange(&self, host: &mut dyn Host, callback: &Value) -> Result<Value> {
        let mut i: i64 = 1;
        loop {
            for j in [1, 2, 5] {
                let number = Value::Int(i * j);
                let taken = self.run(host, &number)?;
                if !callback.is_none() {
                    host.call(callback, vec![number.clone(), taken.clone()], Vec::new())?;
                }
                if crate::ops::truthy(&crate::ops::compare(
                    xpush_lang::ast::CmpOp::GtE,
                    &taken,
                    &Value::Float(0.2),
                )?)? {
                    return Ok(Value::tuple(vec![number, taken]));
                }
            }
            i = i
                .checked_mul(10)
                .ok_or_else(|| Error::overflow("autorange ran too long"))?;
        }
    }
}

fn timer_of(v: &Value) -> Result<&Timer> {
    match v {
        Value::Object(o) => match &**o {
            Object::Timer(t) => Ok(t),
            _ => Err(Error::type_error("expected a timeit.Timer")),
        },
        _ => Err(Error::type_error("expected a timeit.Timer")),
    }
}

fn timeit(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = make(host, a.get(0), a.get(1), a.get(2), a.get(4))?;
    t.run(host, a.get(3))
}

fn repeat(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = make(host, a.get(0), a.get(1), a.get(2), a.get(5))?;
    t.repeat(host, a.get(3), a.get(4))
}

fn timer_new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = make(host, a.get(0), a.get(1), a.get(2), a.get(3))?;
    Ok(Value::Object(Rc::new(Object::Timer(t))))
}

fn timer_timeit(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    timer_of(a.get(0))?.run(host, a.get(1))
}

fn timer_repeat(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    timer_of(a.get(0))?.repeat(host, a.get(1), a.get(2))
}

fn timer_autorange(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    timer_of(a.get(0))?.autorange(host, a.get(1))
}
