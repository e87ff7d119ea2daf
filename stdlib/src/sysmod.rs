//! The `time` and `sys` modules.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::py::num;
use crate::table::FuncDef;
use crate::value::{Module, Value};
use crate::{Error, ExcKind, Result};

/// `sys.version`: the Python version whose semantics xpush follows, and xpush's own.
pub const VERSION: &str = concat!("3.11.0 (xpush ", env!("CARGO_PKG_VERSION"), ")");

/// `sys.platform` (`linux`, `darwin`, `win32`).
pub fn platform() -> &'static str {
    match std::env::consts::OS {
        "macos" => "darwin",
        "windows" => "win32",
        other => other,
    }
}

/// The `time` and `sys` functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(
        Function,
        System,
        "time",
        "perf_counter",
        "()",
        perf_counter,
        "Seconds (float) on a monotonic high-resolution clock.",
        ["type(time.perf_counter())  # <class 'float'>"]
    ),
    entry!(
        Function,
        System,
        "time",
        "perf_counter_ns",
        "()",
        perf_counter_ns,
        "Nanoseconds (int) on a monotonic high-resolution clock.",
        ["type(time.perf_counter_ns())  # <class 'int'>"]
    ),
    entry!(
        Function,
        System,
        "time",
        "time",
        "()",
        time,
        "Seconds since the Unix epoch, as a float.",
        ["time.time() > 1.6e9  # True"]
    ),
    entry!(
        Function,
        System,
        "time",
        "time_ns",
        "()",
        time_ns,
        "Nanoseconds since the Unix epoch, as an int.",
        ["type(time.time_ns())  # <class 'int'>"]
    ),
    entry!(
        Function,
        System,
        "time",
        "sleep",
        "(secs, /)",
        sleep,
        "Sleep for secs seconds (Ctrl-C interrupts).",
        [
            "time.sleep(0)  # None",
            "time.sleep(-1)  # ValueError: sleep length must be non-negative"
        ]
    ),
    entry!(
        Method,
        System,
        "stdstream",
        "write",
        "(self, s, /)",
        stream_write,
        "Write a str to standard output or standard error; return its length.",
        ["sys.stdout.write('')  # 0"]
    ),
    entry!(
        Method,
        System,
        "stdstream",
        "flush",
        "(self, /)",
        stream_flush,
        "Flush the stream.",
        ["sys.stdout.flush()  # None"]
    ),
    entry!(
        Function,
        System,
        "sys",
        "exit",
        "(status=None, /)",
        exit,
        "Exit the program by raising SystemExit(status).",
        ["sys.exit(3)  # SystemExit: 3"]
    ),
];

/// Writes `text` to the stream `v` is (stdout or stderr).
pub fn stream_text(host: &mut dyn Host, v: &Value, text: &str) -> bool {
    match v {
        Value::Object(o) => match &**o {
            crate::value::Object::StdStream(false) => host.write_out(text),
            crate::value::Object::StdStream(true) => host.write_err(text),
            _ => return false,
        },
        _ => return false,
    }
    true
}

fn stream_write(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Str(s) = a.get(1) else {
        return Err(Error::type_error(format!(
            "write() argument must be str, not {}",
            ops::type_name(a.get(1))
        )));
    };
    let s = s.clone();
    stream_text(host, &a.get(0).clone(), &s);
    Ok(Value::Int(s.chars().count() as i64))
}

fn stream_flush(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::None)
}

fn origin() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn perf_counter(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Float(origin().elapsed().as_secs_f64()))
}

fn perf_counter_ns(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Int(
        i64::try_from(origin().elapsed().as_nanos()).unwrap_or(i64::MAX),
    ))
}

fn since_epoch() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

fn time(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Float(since_epoch().as_secs_f64()))
}

fn time_ns(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Int(
        i64::try_from(since_epoch().as_nanos()).unwrap_or(i64::MAX),
    ))
}

fn sleep(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let secs = match a.get(0) {
        v @ (Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_)) => {
            num::to_f64(v)?
        }
        other => {
            return Err(Error::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                ops::type_name(other)
            )))
        }
    };
    if secs.is_nan() {
        return Err(Error::value_error("Invalid value NaN (not a number)"));
    }
    if secs < 0.0 {
        return Err(Error::value_error("sleep length must be non-negative"));
    }
    let end = Instant::now()
        + Duration::try_from_secs_f64(secs)
            .map_err(|_| Error::overflow("sleep length is too large"))?;
    loop {
        host.check_interrupt()?;
        let now = Instant::now();
        if now >= end {
            return Ok(Value::None);
        }
        std::thread::sleep((end - now).min(Duration::from_millis(20)));
    }
}

/// `sys.exit(status)`: SystemExit whose message is `str(status)` (empty for None).
fn exit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let msg = match a.get(0) {
        Value::None => String::new(),
        v => ops::to_str(v),
    };
    Err(Error::new(ExcKind::SystemExit, msg))
}

/// Builds the `sys` module: table functions, constants and `argv` from the host.
pub fn build_sys(host: &mut dyn Host) -> Result<Value> {
    let module = crate::modules::from_table("sys");
    if let Value::Module(m) = &module {
        let argv = host.argv().into_iter().map(Value::str).collect();
        m.set("argv", Value::list(argv));
        m.set("path", host.sys_path());
        m.set(
            "stdout",
            Value::Object(Rc::new(crate::value::Object::StdStream(false))),
        );
        m.set(
            "stderr",
            Value::Object(Rc::new(crate::value::Object::StdStream(true))),
        );
    }
    Ok(module)
}

/// An empty module value (for builders that fill members by hand).
pub fn empty_module(name: &str) -> Value {
    Value::Module(Rc::new(Module {
        name: name.to_string(),
        members: RefCell::new(Vec::new()),
        user: Default::default(),
    }))
}
