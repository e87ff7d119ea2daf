//! NumPy's floating-point error handling: a ufunc or operator whose
//! result has an infinity or NaN that its inputs did not is checked the
//! way NumPy reads the FPU's status flags (divide by zero, overflow,
//! invalid value), and each flag is handled as `np.seterr` /
//! `np.errstate` say: ignored, warned through `warnings` (NumPy's
//! `RuntimeWarning: divide by zero encountered in log`), or raised as
//! `FloatingPointError`.
//!
//! The kernels keep no FPU status flags; instead the cpu kernels note
//! each block they write that holds an infinity or NaN
//! (`xpush_npu::ops::nonfinite_written`), and only then is the result
//! looked at, and the flags read from the values: a NaN from inputs
//! without one is an invalid operation; an infinity from finite inputs is
//! a division by zero at the function's pole (`x / 0`, `log(0)`,
//! `arctanh(1)`, `0 ** -1`) and an overflow elsewhere. Small results (a
//! scalar's) are looked at directly. Integer division by zero and
//! NumPy-scalar integer overflow are found from the operands. Arrays on
//! the npu and complex results are not checked (aclnn reports no flags).
//! Underflow is never detected (NumPy ignores it by default).
//!
//! Checks record warnings here; the interpreter issues them after the
//! call or operator that made them ([`flush`]), at its line.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use xpush_npu::{Array, DType, Elem};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::table::FuncDef;
use crate::value::{DictTable, Object, Value};
use crate::{Error, ExcKind, Result};

/// `np.seterr`, `np.geterr`, `np.errstate`, `np.seterrcall`, `np.geterrcall`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyPrint, "numpy", "seterr", "(all=None, divide=None, over=None, under=None, invalid=None)", seterr,
        "Set how floating-point errors are handled ('ignore', 'warn', 'raise', 'call', 'print', 'log'); returns the old settings.",
        ["sorted(np.seterr(all='warn').items())  # [('divide', 'warn'), ('invalid', 'warn'), ('over', 'warn'), ('under', 'ignore')]",
         "np.seterr(divide='loud')  # ValueError: invalid error mode 'loud'"]),
    entry!(Function, NumpyPrint, "numpy", "geterr", "()", geterr,
        "How floating-point errors are handled now, as a dict.",
        ["np.geterr()['divide']  # 'warn'"]),
    entry!(Function, NumpyPrint, "numpy", "errstate", "(*, call=<no value>, all=None, divide=None, over=None, under=None, invalid=None)", errstate,
        "A context manager: `with np.errstate(divide='ignore'):` handles floating-point errors so inside the block and as before after it; call= sets seterrcall's callback for the block.",
        ["np.errstate(divide='ignore') is None  # False"]),
    entry!(Function, NumpyPrint, "numpy", "seterrcall", "(func)", seterrcall,
        "Set the callback of the 'call' and 'log' error modes: a function called as func(kind, flags) (kind 'divide by zero', 'overflow', 'underflow' or 'invalid value'; flags the bits 1, 2, 4, 8 of every error the operation raised), or an object whose write method gets NumPy's 'Warning: ...' line; None clears it. Returns the old callback.",
        ["np.seterrcall(None)  # None",
         "np.seterrcall(3)  # TypeError: python object must be callable or have a callable write method"]),
    entry!(Function, NumpyPrint, "numpy", "geterrcall", "()", geterrcall,
        "The callback of the 'call' and 'log' error modes (seterrcall's), or None.",
        ["np.geterrcall()  # None"]),
];

/// What NumPy does with one kind of floating-point error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Nothing.
    Ignore,
    /// A `RuntimeWarning`.
    Warn,
    /// A `FloatingPointError`.
    Raise,
    /// `call`: `seterrcall`'s function is called with the error's kind
    /// and the operation's flags.
    Call,
    /// `print`: `Warning: ... encountered in ...` on stderr.
    Print,
    /// `log`: the same line to the `write` method of `seterrcall`'s
    /// object.
    Log,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Ignore => "ignore",
            Mode::Warn => "warn",
            Mode::Raise => "raise",
            Mode::Call => "call",
            Mode::Print => "print",
            Mode::Log => "log",
        }
    }

    fn parse(v: &Value) -> Result<Mode> {
        let s = match v {
            Value::Str(s) => s.to_string(),
            other => ops::repr(other),
        };
        Ok(match s.as_str() {
            "ignore" => Mode::Ignore,
            "warn" => Mode::Warn,
            "raise" => Mode::Raise,
            "call" => Mode::Call,
            "print" => Mode::Print,
            "log" => Mode::Log,
            _ => {
                return Err(Error::value_error(format!(
                    "invalid error mode {}",
                    ops::repr(v)
                )))
            }
        })
    }
}

/// The four settings, in NumPy's order of reporting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Division by zero.
    pub divide: Mode,
    /// Overflow.
    pub over: Mode,
    /// Underflow.
    pub under: Mode,
    /// Invalid operation.
    pub invalid: Mode,
}

impl Settings {
    const DEFAULT: Settings = Settings {
        divide: Mode::Warn,
        over: Mode::Warn,
        under: Mode::Ignore,
        invalid: Mode::Warn,
    };

    /// Whether any error is handled at all (else nothing is checked).
    pub fn any(&self) -> bool {
        [self.divide, self.over, self.invalid]
            .iter()
            .any(|m| *m != Mode::Ignore)
    }

    /// These settings with `seterr`'s arguments (`all`, `divide`, `over`,
    /// `under`, `invalid`) applied.
    fn with(mut self, a: &Args) -> Result<Settings> {
        if !a.get(0).is_none() {
            let m = Mode::parse(a.get(0))?;
            self = Settings {
                divide: m,
                over: m,
                under: m,
                invalid: m,
            };
        }
        let slots = [
            &mut self.divide,
            &mut self.over,
            &mut self.under,
            &mut self.invalid,
        ];
        for (i, slot) in slots.into_iter().enumerate() {
            if !a.get(i + 1).is_none() {
                *slot = Mode::parse(a.get(i + 1))?;
            }
        }
        Ok(self)
    }

    fn as_dict(&self) -> Result<Value> {
        let mut d = DictTable::new();
        for (k, m) in [
            ("divide", self.divide),
            ("over", self.over),
            ("under", self.under),
            ("invalid", self.invalid),
        ] {
            d.insert(Value::str(k), Value::str(m.name()))?;
        }
        Ok(Value::dict(d))
    }
}

/// What waits for [`flush`], to be done at the line of the call that
/// made it.
enum Pending {
    /// A `RuntimeWarning` through `warnings`.
    Warning(String),
    /// An error handled by the `print`, `call` or `log` mode.
    Handled {
        mode: Mode,
        /// `divide by zero`, `overflow` or `invalid value`.
        what: &'static str,
        /// The operation (`divide`, `log`).
        name: String,
        /// Every flag the operation raised, as NumPy's bits
        /// (`NPY_FPE_DIVIDEBYZERO` 1, `OVERFLOW` 2, `UNDERFLOW` 4,
        /// `INVALID` 8).
        status: i64,
    },
}

thread_local! {
    static SETTINGS: Cell<Settings> = const { Cell::new(Settings::DEFAULT) };
    static PENDING: RefCell<Vec<Pending>> = const { RefCell::new(Vec::new()) };
    /// `seterrcall`'s callback (`None`: none).
    static CALLBACK: RefCell<Value> = const { RefCell::new(Value::None) };
}

/// `seterrcall`'s callback now.
fn callback() -> Value {
    CALLBACK.with(|c| c.borrow().clone())
}

/// Sets the callback, returning the old one.
fn set_callback(v: Value) -> Value {
    CALLBACK.with(|c| std::mem::replace(&mut *c.borrow_mut(), v))
}

/// The settings now.
pub fn settings() -> Settings {
    SETTINGS.with(Cell::get)
}

fn set(s: Settings) {
    SETTINGS.with(|c| c.set(s));
}

/// Runs `f` under `np.errstate(all='ignore')` (as NumPy's own Python code
/// does around arithmetic whose errors it does not report).
pub fn ignoring<R>(f: impl FnOnce() -> R) -> R {
    let old = settings();
    set(Settings {
        divide: Mode::Ignore,
        over: Mode::Ignore,
        under: Mode::Ignore,
        invalid: Mode::Ignore,
    });
    let r = f();
    set(old);
    r
}

/// The flags one operation raised.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Flags {
    divide: bool,
    over: bool,
    invalid: bool,
}

impl Flags {
    fn any(&self) -> bool {
        self.divide || self.over || self.invalid
    }

    /// NumPy's status bits of these flags (`call` mode's second argument).
    fn status(&self) -> i64 {
        i64::from(self.divide) | i64::from(self.over) << 1 | i64::from(self.invalid) << 3
    }
}

/// Handles the flags of operation `name` as the settings say: warnings
/// are recorded for [`flush`]; the first flag set to raise is the error.
fn report(flags: Flags, name: &str) -> Result<()> {
    let s = settings();
    for (set, mode, what) in [
        (flags.divide, s.divide, "divide by zero"),
        (flags.over, s.over, "overflow"),
        (flags.invalid, s.invalid, "invalid value"),
    ] {
        if !set {
            continue;
        }
        let pending = match mode {
            Mode::Ignore => continue,
            Mode::Raise => {
                let msg = format!("{what} encountered in {name}");
                return Err(Error::new(ExcKind::FloatingPointError, msg));
            }
            Mode::Warn => Pending::Warning(format!("{what} encountered in {name}")),
            Mode::Call | Mode::Print | Mode::Log => Pending::Handled {
                mode,
                what,
                name: name.to_string(),
                status: flags.status(),
            },
        };
        PENDING.with(|p| p.borrow_mut().push(pending));
    }
    Ok(())
}

/// Whether warnings wait for [`flush`].
pub fn has_pending() -> bool {
    PENDING.with(|p| !p.borrow().is_empty())
}

/// Issues the recorded warnings through `warnings`, and handles the
/// errors whose mode is `print`, `call` or `log` as NumPy's
/// `_error_handler` does, at the line of user code running now. The
/// first error (a warning turned into one, a callback that raised, a
/// `call` mode without a callback) ends it.
pub fn flush(host: &mut dyn Host) -> Result<()> {
    let pending = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
    for p in pending {
        match p {
            Pending::Warning(m) => crate::warnings::warn(host, ExcKind::RuntimeWarning, &m)?,
            Pending::Handled {
                mode,
                what,
                name,
                status,
            } => {
                handle(host, mode, what, &name, status)?;
            }
        }
    }
    Ok(())
}

/// One error under the `print`, `call` or `log` mode.
fn handle(host: &mut dyn Host, mode: Mode, what: &str, name: &str, status: i64) -> Result<()> {
    let line = format!("Warning: {what} encountered in {name}\n");
    let cb = callback();
    match mode {
        Mode::Print => {
            host.write_err(&line);
            Ok(())
        }
        Mode::Call if cb.is_none() => Err(Error::new(
            ExcKind::NameError,
            format!("python callback specified for {what} (in  {name}) but no function found."),
        )),
        Mode::Call => host
            .call(&cb, vec![Value::str(what), Value::Int(status)], Vec::new())
            .map(drop),
        Mode::Log if cb.is_none() => Err(Error::new(
            ExcKind::NameError,
            format!("log specified for {what} (in {name}) but no object with write method found."),
        )),
        Mode::Log => {
            let write = write_method(host, &cb)?.ok_or_else(|| {
                Error::attribute_error(format!(
                    "'{}' object has no attribute 'write'",
                    ops::type_name(&cb)
                ))
            })?;
            host.call(&write, vec![Value::str(line)], Vec::new())
                .map(drop)
        }
        Mode::Ignore | Mode::Warn | Mode::Raise => Ok(()),
    }
}

/// `v.write` when `v` has it (a user object's or a file's), else `None`.
fn write_method(host: &mut dyn Host, v: &Value) -> Result<Option<Value>> {
    match crate::py::class::getattr(host, v, "write") {
        Some(Ok(m)) => Ok(Some(m)),
        Some(Err(e)) if e.kind() == ExcKind::AttributeError => Ok(None),
        Some(Err(e)) => Err(e),
        None => Ok(ops::getattr(v, "write").ok()),
    }
}

/// `seterrcall`'s check of a callback: `None`, a callable, or an object
/// with a callable `write` method.
fn check_callback(host: &mut dyn Host, v: &Value) -> Result<()> {
    if v.is_none() || crate::py::attr::callable(v) {
        return Ok(());
    }
    match write_method(host, v)? {
        Some(w) if crate::py::attr::callable(&w) => Ok(()),
        _ => Err(Error::type_error(
            "python object must be callable or have a callable write method",
        )),
    }
}

/// Whether a cpu array of a real float dtype has an infinity or a NaN.
fn has_nonfinite(a: &Array) -> bool {
    // An infinity or NaN has every exponent bit set: the bits are tested
    // with an OR over each chunk, which the compiler turns into vector
    // compares of the element width, stopping at the first chunk with one.
    macro_rules! scan {
        ($s:expr, $acc:ty, $exp:expr) => {
            $s.chunks(4096).any(|c| {
                c.iter().fold(0 as $acc, |acc, x| {
                    acc | <$acc>::from(x.to_bits() & $exp == $exp)
                }) != 0
            })
        };
    }
    if a.device() != xpush_npu::device::Device::Cpu || a.size() == 0 {
        return false;
    }
    let storage = a.storage().read();
    let whole = storage.len() == a.size();
    if !whole {
        // A view: the elements themselves (the rare path of `out=` views).
        return a
            .to_elems()
            .iter()
            .any(|e| matches!(e, Elem::Float(f) if !f.is_finite()));
    }
    match a.dtype() {
        DType::Float64 => storage
            .as_slice::<f64>()
            .is_ok_and(|s| scan!(s, u64, 0x7ff0_0000_0000_0000_u64)),
        DType::Float32 => storage
            .as_slice::<f32>()
            .is_ok_and(|s| scan!(s, u32, 0x7f80_0000_u32)),
        DType::Float16 => storage
            .as_slice::<half::f16>()
            .is_ok_and(|s| scan!(s, u16, 0x7c00_u16)),
        _ => false,
    }
}

/// Whether a result may hold an infinity or NaN: a large one was written
/// by a cpu kernel, which noted it (`written`); a small one (a scalar's,
/// or made some other way) is looked at.
fn may_be_nonfinite(out: &Array, written: bool) -> bool {
    written || out.size() <= 64
}

/// The elements of `a` broadcast to `shape` as floats (`None` for a
/// complex array, which is not checked).
fn floats(a: &Array, shape: &[usize]) -> Result<Option<Vec<f64>>> {
    if a.dtype().is_complex() {
        return Ok(None);
    }
    let b = a.broadcast_to(shape)?;
    Ok(Some(
        b.to_elems()
            .into_iter()
            .map(|e| match e {
                Elem::Float(f) => f,
                Elem::Int(i) => i as f64,
                Elem::UInt(u) => u as f64,
                Elem::Bool(b) => f64::from(u8::from(b)),
                Elem::Complex(re, _) => re,
            })
            .collect(),
    ))
}

/// Whether `x` (one element's inputs) is at the pole of ufunc `name`,
/// where an infinite result is a division by zero, not an overflow.
fn at_pole(name: &str, x: &[f64]) -> bool {
    let first = x.first().copied().unwrap_or(f64::NAN);
    let second = x.get(1).copied().unwrap_or(f64::NAN);
    match name {
        "divide" | "true_divide" | "floor_divide" | "divmod" => second == 0.0,
        "reciprocal" | "log" | "log2" | "log10" => first == 0.0,
        "log1p" => first == -1.0,
        "arctanh" => first.abs() == 1.0,
        "power" | "float_power" => first == 0.0 && second < 0.0,
        _ => false,
    }
}

/// The flags of a real float result `out` of ufunc `name` on `inputs`
/// (already known to hold a non-finite value).
fn classify(name: &str, inputs: &[&Array], out: &Array) -> Result<Flags> {
    let mut flags = Flags::default();
    let shape = out.shape().to_vec();
    let Some(r) = floats(out, &shape)? else {
        return Ok(flags);
    };
    let mut xs = Vec::with_capacity(inputs.len());
    for a in inputs {
        match floats(a, &shape)? {
            Some(v) => xs.push(v),
            None => return Ok(flags),
        }
    }
    let mut at = Vec::with_capacity(xs.len());
    for (i, &v) in r.iter().enumerate() {
        if v.is_finite() {
            continue;
        }
        at.clear();
        at.extend(xs.iter().map(|x| x[i]));
        if v.is_nan() {
            flags.invalid |= !at.iter().any(|x| x.is_nan());
        } else if at.iter().all(|x| x.is_finite()) {
            if at_pole(name, &at) {
                flags.divide = true;
            } else {
                flags.over = true;
            }
        }
    }
    Ok(flags)
}

/// Whether integer ufunc `name` divides by zero: a zero divisor.
fn int_division_by_zero(name: &str, inputs: &[&Array]) -> bool {
    if !matches!(name, "floor_divide" | "remainder" | "divmod" | "fmod") {
        return false;
    }
    // A zero divisor is what `all` of the divisors says is there (one
    // pass of the reduction kernel, nothing the size of the array made).
    inputs.get(1).is_some_and(|d| {
        let opts = xpush_npu::ops::ReduceOpts::default();
        d.dtype().is_integer()
            && !xpush_npu::ops::reduce(xpush_npu::ops::ReduceOp::All, d, &opts)
                .and_then(|r| r.item())
                .is_ok_and(|s| s.as_bool())
    })
}

/// NumPy's checks after ufunc `name` made `results` (several for
/// `divmod`) from `inputs`: warnings recorded, or the FloatingPointError.
pub fn check(name: &str, inputs: &[&Array], results: &[&Array]) -> Result<()> {
    check_shown(name, name, inputs, results)
}

/// [`check`], the messages naming the operation `shown` (`scalar divide`).
fn check_shown(name: &str, shown: &str, inputs: &[&Array], results: &[&Array]) -> Result<()> {
    if !settings().any() {
        return Ok(());
    }
    let written = xpush_npu::ops::nonfinite_written();
    let mut flags = Flags::default();
    for out in results {
        if out.dtype().is_integer() || out.dtype() == DType::Bool {
            flags.divide |= int_division_by_zero(name, inputs);
        } else if !out.dtype().is_complex() && may_be_nonfinite(out, written) && has_nonfinite(out)
        {
            let f = classify(name, inputs, out)?;
            flags.divide |= f.divide;
            flags.over |= f.over;
            flags.invalid |= f.invalid;
        }
    }
    if flags.any() {
        report(flags, shown)?;
    }
    Ok(())
}

/// The checks after the operator `x op y` on NumPy scalars or Python
/// numbers made the NumPy scalar `result` (ufunc `name`): NumPy's
/// "encountered in scalar divide" warnings, and integer overflow. A
/// finite float result costs one comparison.
pub fn check_scalar(name: &'static str, x: &Value, y: &Value, result: &Value) -> Result<()> {
    let Value::Scalar(r) = result else {
        return Ok(());
    };
    let d = r.dtype();
    if d.is_float() {
        if r.as_f64().is_finite() {
            return Ok(());
        }
        let shown = format!("scalar {name}");
        let (Some(a), Some(b)) = (array_of(x), array_of(y)) else {
            return Ok(());
        };
        return check_shown(name, &shown, &[&a, &b], &[&Array::from_scalar(*r)]);
    }
    if !d.is_integer() || !settings().any() {
        return Ok(());
    }
    if matches!(name, "floor_divide" | "remainder") {
        if let (Some(a), Some(b)) = (array_of(x), array_of(y)) {
            if int_division_by_zero(name, &[&a, &b]) {
                let flags = Flags {
                    divide: true,
                    ..Flags::default()
                };
                return report(flags, &format!("scalar {name}"));
            }
        }
    }
    check_scalar_int(name, x, y, result)
}

/// [`check`] with the inputs as values (arrays, NumPy scalars, Python
/// numbers as 0-d inputs), made arrays only when a result needs a closer
/// look.
pub fn check_args(name: &str, inputs: &[&Value], results: &[&Array]) -> Result<()> {
    if !settings().any() {
        return Ok(());
    }
    // Read without clearing it: `check` takes the kernels' flag.
    let needs_inputs = results.iter().any(|r| {
        if r.dtype().is_integer() {
            matches!(name, "floor_divide" | "remainder" | "divmod" | "fmod")
        } else {
            !r.dtype().is_complex() && (r.size() > 64 || has_nonfinite(r))
        }
    });
    if !needs_inputs {
        return Ok(());
    }
    let ins: Vec<Array> = inputs.iter().filter_map(|v| array_of(v)).collect();
    if ins.len() != inputs.len() {
        return Ok(());
    }
    let ins: Vec<&Array> = ins.iter().collect();
    check(name, &ins, results)
}

/// [`check_args`] for a result value (an array or a NumPy scalar).
pub fn check_values(name: &str, inputs: &[&Value], result: &Value) -> Result<()> {
    match result {
        Value::Array(r) => check_args(name, inputs, &[r]),
        Value::Scalar(s) => check_args(name, inputs, &[&Array::from_scalar(*s)]),
        _ => Ok(()),
    }
}

fn array_of(v: &Value) -> Option<Array> {
    match v {
        Value::Array(a) => Some((**a).clone()),
        Value::Scalar(s) => Some(Array::from_scalar(*s)),
        Value::Bool(_) | Value::Int(_) | Value::Float(_) => crate::numpy::conv::as_array(v).ok(),
        _ => None,
    }
}

/// `x op y` on NumPy integer scalars wrapped around: NumPy's "overflow
/// encountered in scalar add" (and subtract, multiply).
fn check_scalar_int(name: &str, x: &Value, y: &Value, result: &Value) -> Result<()> {
    let Value::Scalar(r) = result else {
        return Ok(());
    };
    if !r.dtype().is_integer() || settings().over == Mode::Ignore {
        return Ok(());
    }
    let exact = |v: &Value| -> Option<i128> {
        match v {
            Value::Scalar(s) => match s.to_elem() {
                Elem::Int(i) => Some(i128::from(i)),
                Elem::UInt(u) => Some(i128::from(u)),
                Elem::Bool(b) => Some(i128::from(b)),
                _ => None,
            },
            Value::Int(i) => Some(i128::from(*i)),
            Value::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    };
    let (Some(a), Some(b), Some(got)) = (exact(x), exact(y), exact(result)) else {
        return Ok(());
    };
    let want = match name {
        "add" => a.checked_add(b),
        "subtract" => a.checked_sub(b),
        "multiply" => a.checked_mul(b),
        _ => return Ok(()),
    };
    if want != Some(got) {
        report(
            Flags {
                over: true,
                ..Flags::default()
            },
            &format!("scalar {name}"),
        )?;
    }
    Ok(())
}

/// Records a `RuntimeWarning` NumPy's own Python code issues
/// (`Mean of empty slice`), for [`flush`] with the others.
pub fn warn(msg: &str) {
    PENDING.with(|p| p.borrow_mut().push(Pending::Warning(msg.to_string())));
}

/// Reports a division by zero of `name` (`divide by zero encountered in
/// divide`) that code outside the kernels found, such as `timedelta /
/// 0`, under the session's `np.seterr` settings.
pub fn divide_by_zero(name: &str) -> Result<()> {
    report(
        Flags {
            divide: true,
            ..Flags::default()
        },
        name,
    )
}

/// How many elements of `x` each result of a reduction over `axes`
/// (`None`: all) reads.
fn reduced_count(x: &Array, axes: Option<&[isize]>) -> usize {
    match axes {
        None => x.size(),
        Some(axes) => axes
            .iter()
            .map(|&a| {
                let a = if a < 0 { a + x.ndim() as isize } else { a };
                x.shape().get(a as usize).copied().unwrap_or(1)
            })
            .product(),
    }
}

/// The checks after a reduction or scan of `x` over `axes` made `r`, as
/// NumPy's: `overflow encountered in reduce` (`accumulate` for `cumsum`
/// and `cumprod`), and for `mean`, `var` and `std` the warnings of their
/// Python code (`Mean of empty slice`, `Degrees of freedom <= 0 for
/// slice`) with the invalid division by the empty count.
pub fn check_reduce(
    op: &str,
    x: &Array,
    axes: Option<&[isize]>,
    ddof: f64,
    r: &Array,
) -> Result<()> {
    if !settings().any() || x.dtype().is_complex() {
        return Ok(());
    }
    let count = reduced_count(x, axes) as f64;
    // NumPy divides an array result with `divide`, a scalar one with
    // `scalar divide`.
    let divide = if r.ndim() == 0 {
        "scalar divide"
    } else {
        "divide"
    };
    let invalid = Flags {
        invalid: true,
        ..Flags::default()
    };
    match op {
        "mean" if count == 0.0 && r.size() > 0 => {
            warn("Mean of empty slice");
            return report(invalid, divide);
        }
        "var" | "std" if count - ddof <= 0.0 && r.size() > 0 => {
            warn("Degrees of freedom <= 0 for slice");
            if count == 0.0 {
                // The mean it subtracts divides by zero first.
                report(invalid, "divide")?;
            }
            return report(invalid, divide);
        }
        "sum" | "prod" | "cumsum" | "cumprod" | "mean" => {}
        _ => return Ok(()),
    }
    if r.dtype().is_complex() || !has_nonfinite(r) {
        return Ok(());
    }
    let name = if op.starts_with("cum") {
        "accumulate"
    } else {
        "reduce"
    };
    let inputs = x.to_elems();
    let nan_in = inputs
        .iter()
        .any(|e| matches!(e, Elem::Float(f) if f.is_nan()));
    let inf_in = inputs
        .iter()
        .any(|e| matches!(e, Elem::Float(f) if f.is_infinite()));
    let outputs = r.to_elems();
    let flags = Flags {
        over: !nan_in
            && !inf_in
            && outputs
                .iter()
                .any(|e| matches!(e, Elem::Float(f) if f.is_infinite())),
        invalid: !nan_in
            && outputs
                .iter()
                .any(|e| matches!(e, Elem::Float(f) if f.is_nan())),
        ..Flags::default()
    };
    if flags.any() {
        report(flags, name)?;
    }
    Ok(())
}

/// The checks after `a.astype(dtype)` made `r` from `x`: NumPy's
/// `overflow encountered in cast` for a finite float too large for the
/// new float type, `invalid value encountered in cast` for a NaN or an
/// infinity made an integer.
pub fn check_cast(x: &Array, r: &Array) -> Result<()> {
    if !settings().any() || !x.dtype().is_float() || r.dtype().is_complex() {
        return Ok(());
    }
    let flags = if r.dtype().is_integer() || r.dtype() == DType::Bool {
        Flags {
            invalid: r.dtype() != DType::Bool && has_nonfinite(x),
            ..Flags::default()
        }
    } else {
        let written = xpush_npu::ops::nonfinite_written();
        Flags {
            over: may_be_nonfinite(r, written) && has_nonfinite(r) && !has_nonfinite(x),
            ..Flags::default()
        }
    };
    if flags.any() {
        report(flags, "cast")?;
    }
    Ok(())
}

/// What the checks of an in-place operation (`a += b`, `out=a`) know of
/// `a` before it is overwritten: whether it was finite (a pass over it,
/// only while some error is handled and `a` is a real float array on the
/// cpu).
pub struct Before {
    /// `Some(finite)` for a real float cpu array; `None`: not checked.
    finite: Option<bool>,
    /// Whether any error is handled.
    active: bool,
}

impl Before {
    /// Looks at `a` before the operation overwrites it.
    pub fn of(a: &Array) -> Before {
        let active = settings().any();
        let checked =
            active && a.dtype().is_float() && a.device() == xpush_npu::device::Device::Cpu;
        Before {
            finite: checked.then(|| !has_nonfinite(a)),
            active,
        }
    }

    /// The checks after ufunc `name` wrote `out` (from `a` and `other`,
    /// the second operand of a binary ufunc). Where `a` was not all
    /// finite, an infinity or NaN in `out` may be its own: nothing is
    /// reported then.
    pub fn check(&self, name: &str, other: Option<&Value>, out: &Array) -> Result<()> {
        if !self.active {
            return Ok(());
        }
        let b = other.and_then(array_of);
        if out.dtype().is_integer() {
            if let Some(b) = &b {
                let flags = Flags {
                    divide: int_division_by_zero(name, &[out, b]),
                    ..Flags::default()
                };
                if flags.any() {
                    report(flags, name)?;
                }
            }
            return Ok(());
        }
        let written = xpush_npu::ops::nonfinite_written();
        if self.finite != Some(true) || !(may_be_nonfinite(out, written) && has_nonfinite(out)) {
            return Ok(());
        }
        // `a`'s values are gone but were finite: a finite stand-in for
        // them; a function infinite only at its pole divided by zero.
        let a = Array::full(out.shape(), xpush_npu::Scalar::Float64(1.0), DType::Float64);
        let mut flags = match &b {
            Some(b) => classify(name, &[&a, b], out)?,
            None => classify(name, &[&a], out)?,
        };
        if flags.over
            && matches!(
                name,
                "reciprocal" | "log" | "log2" | "log10" | "log1p" | "arctanh"
            )
        {
            flags.over = false;
            flags.divide = true;
        }
        if flags.any() {
            report(flags, name)?;
        }
        Ok(())
    }
}

/// What `np.errstate(...)` makes: a context manager.
pub struct ErrState {
    /// `call=`, when given.
    call: Option<Value>,
    /// `errstate`'s other arguments (`all`, `divide`, `over`, `under`,
    /// `invalid`).
    args: Vec<Value>,
    /// The settings and callback each enclosing entry replaced.
    saved: RefCell<Vec<(Settings, Option<Value>)>>,
}

impl ErrState {
    /// Entry: the block's settings and callback, checked here as NumPy
    /// checks them.
    pub fn enter(&self, host: &mut dyn Host) -> Result<()> {
        let args = Args {
            values: self.args.clone(),
            rest: Vec::new(),
        };
        let old = settings();
        let new = old.with(&args)?;
        if let Some(cb) = &self.call {
            check_callback(host, cb)?;
        }
        let old_cb = self.call.clone().map(set_callback);
        self.saved.borrow_mut().push((old, old_cb));
        set(new);
        Ok(())
    }

    /// Exit: the settings and callback before the block.
    pub fn exit(&self) {
        if let Some((old, old_cb)) = self.saved.borrow_mut().pop() {
            set(old);
            if let Some(cb) = old_cb {
                set_callback(cb);
            }
        }
    }
}

fn seterr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let old = settings();
    let new = old.with(a)?;
    set(new);
    old.as_dict()
}

fn geterr(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    settings().as_dict()
}

fn errstate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // The modes and the callback are checked on entry, as NumPy's are.
    let call = a.take(0);
    let call =
        (!matches!(&call, Value::Object(o) if matches!(**o, Object::Missing))).then_some(call);
    Ok(Value::Object(Rc::new(Object::ErrState(ErrState {
        call,
        args: a.values[1..].to_vec(),
        saved: RefCell::new(Vec::new()),
    }))))
}

fn seterrcall(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.take(0);
    check_callback(host, &func)?;
    Ok(set_callback(func))
}

fn geterrcall(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(callback())
}
