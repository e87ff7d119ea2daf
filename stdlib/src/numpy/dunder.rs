//! The special methods of `numpy.ndarray` and of NumPy's scalars as
//! attributes (`a.__add__(1)`, `np.float64(1.5).__repr__()`,
//! `np.ndarray.__add__(a, 1)`).
//!
//! One table, `DUNDERS` (with `BINARY` giving each binary operator's
//! forward, reflected and in-place names), maps each name to what it runs:
//! an operator of the language through [`Host::operate`] (so the value,
//! dtype, warnings and errors are the operator's; a reflected method runs
//! it with the operands swapped, an in-place one changes the array and
//! returns it), or the builtin that reaches the special method (`__len__`
//! is `len`, `__repr__` is `repr`). The table also says which receivers
//! have the name, as NumPy's types do (a scalar has no `__len__`, only
//! integer scalars have `__index__`, only the array the in-place forms).
//! A method returns `NotImplemented` where NumPy's does (`defers`,
//! `reflected_defers`), so Python's fallback is the caller's to run.

use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::host::{Host, Kwargs, Operator};
use crate::numpy::host::HostKind;
use crate::table;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// What kind of NumPy value receives a special method: which names it
/// has follows from this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recv {
    Array,
    Bool,
    Int,
    Float,
    Complex,
    Text,
    DateTime,
    TimeDelta,
}

impl Recv {
    /// The bit of this receiver in a [`Dunder::on`] mask.
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

const ARR: u8 = 1 << Recv::Array as u8;
const BOOL: u8 = 1 << Recv::Bool as u8;
const INT: u8 = 1 << Recv::Int as u8;
const FLT: u8 = 1 << Recv::Float as u8;
const CPX: u8 = 1 << Recv::Complex as u8;
const TXT: u8 = 1 << Recv::Text as u8;
const DT: u8 = 1 << Recv::DateTime as u8;
const TD: u8 = 1 << Recv::TimeDelta as u8;
/// Every receiver.
const ALL: u8 = ARR | BOOL | INT | FLT | CPX | TXT | DT | TD;

/// What a special method runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// `self op other`.
    Binary(BinOp),
    /// `other op self`.
    Reflected(BinOp),
    /// `self op= other`: the array changed in place, and returned.
    InPlace(BinOp),
    /// `self op other` for a rich comparison.
    Compare(CmpOp),
    /// `op self`.
    Unary(UnaryOp),
    /// `other in self`.
    Contains,
    /// The builtin `(module, name)` called with `self` and the arguments.
    Builtin(&'static str, &'static str),
    /// The builtin called with the argument first, then `self`
    /// (`__rdivmod__` is `divmod(other, self)`).
    BuiltinReflected(&'static str, &'static str),
    /// `self[key] = value`.
    SetItem,
    /// `del self[key]`.
    DelItem,
    /// `__array__(dtype=None, /, *, copy=None)`: `np.asarray(self, dtype)`,
    /// or `np.array(self, dtype)` for `copy=True`.
    Array,
    /// `__copy__()` and `__deepcopy__(memo)`: the `copy` method.
    Copy,
}

/// One special method.
struct Dunder {
    name: &'static str,
    slot: Slot,
    /// The receivers that have it (a mask of [`Recv`] bits).
    on: u8,
    /// How many positional arguments it takes besides `self`: at least,
    /// at most.
    args: (usize, usize),
}

const fn d(name: &'static str, slot: Slot, on: u8, args: (usize, usize)) -> Dunder {
    Dunder {
        name,
        slot,
        on,
        args,
    }
}

/// The binary operators with their forward, reflected and in-place names.
const BINARY: &[(BinOp, &str, &str, &str)] = &[
    (BinOp::Add, "__add__", "__radd__", "__iadd__"),
    (BinOp::Sub, "__sub__", "__rsub__", "__isub__"),
    (BinOp::Mul, "__mul__", "__rmul__", "__imul__"),
    (BinOp::Div, "__truediv__", "__rtruediv__", "__itruediv__"),
    (
        BinOp::FloorDiv,
        "__floordiv__",
        "__rfloordiv__",
        "__ifloordiv__",
    ),
    (BinOp::Mod, "__mod__", "__rmod__", "__imod__"),
    (BinOp::Pow, "__pow__", "__rpow__", "__ipow__"),
    (BinOp::MatMul, "__matmul__", "__rmatmul__", "__imatmul__"),
    (BinOp::BitAnd, "__and__", "__rand__", "__iand__"),
    (BinOp::BitOr, "__or__", "__ror__", "__ior__"),
    (BinOp::BitXor, "__xor__", "__rxor__", "__ixor__"),
    (BinOp::LShift, "__lshift__", "__rlshift__", "__ilshift__"),
    (BinOp::RShift, "__rshift__", "__rrshift__", "__irshift__"),
];

/// Every special method other than the binary operators' (which
/// [`BINARY`] gives), with the receivers that have it.
const DUNDERS: &[Dunder] = &[
    d("__eq__", Slot::Compare(CmpOp::Eq), ALL, (1, 1)),
    d("__ne__", Slot::Compare(CmpOp::NotEq), ALL, (1, 1)),
    d("__lt__", Slot::Compare(CmpOp::Lt), ALL, (1, 1)),
    d("__le__", Slot::Compare(CmpOp::LtE), ALL, (1, 1)),
    d("__gt__", Slot::Compare(CmpOp::Gt), ALL, (1, 1)),
    d("__ge__", Slot::Compare(CmpOp::GtE), ALL, (1, 1)),
    d("__neg__", Slot::Unary(UnaryOp::Neg), ALL, (0, 0)),
    d("__pos__", Slot::Unary(UnaryOp::Pos), ALL, (0, 0)),
    d("__invert__", Slot::Unary(UnaryOp::Invert), ALL, (0, 0)),
    d("__abs__", Slot::Builtin("builtins", "abs"), ALL, (0, 0)),
    d("__bool__", Slot::Builtin("builtins", "bool"), ALL, (0, 0)),
    d("__float__", Slot::Builtin("builtins", "float"), ALL, (0, 0)),
    d("__int__", Slot::Builtin("builtins", "int"), ALL, (0, 0)),
    d(
        "__index__",
        Slot::Builtin("operator", "index"),
        ARR | INT,
        (0, 0),
    ),
    d(
        "__complex__",
        Slot::Builtin("builtins", "complex"),
        ARR | CPX,
        (0, 0),
    ),
    d(
        "__round__",
        Slot::Builtin("builtins", "round"),
        INT | FLT | TD,
        (0, 1),
    ),
    d(
        "__divmod__",
        Slot::Builtin("builtins", "divmod"),
        ALL,
        (1, 1),
    ),
    d(
        "__rdivmod__",
        Slot::BuiltinReflected("builtins", "divmod"),
        ALL,
        (1, 1),
    ),
    d(
        "__len__",
        Slot::Builtin("builtins", "len"),
        ARR | TXT,
        (0, 0),
    ),
    d(
        "__iter__",
        Slot::Builtin("builtins", "iter"),
        ARR | TXT,
        (0, 0),
    ),
    d("__contains__", Slot::Contains, ARR | TXT, (1, 1)),
    d(
        "__getitem__",
        Slot::Builtin("operator", "getitem"),
        ALL,
        (1, 1),
    ),
    d("__setitem__", Slot::SetItem, ARR, (2, 2)),
    d("__delitem__", Slot::DelItem, ARR, (1, 1)),
    d("__repr__", Slot::Builtin("builtins", "repr"), ALL, (0, 0)),
    d("__str__", Slot::Builtin("builtins", "str"), ALL, (0, 0)),
    d(
        "__format__",
        Slot::Builtin("builtins", "format"),
        ALL,
        (1, 1),
    ),
    // An array is unhashable: its `__hash__` is `None` ([`data_attr`]).
    d(
        "__hash__",
        Slot::Builtin("builtins", "hash"),
        ALL & !ARR,
        (0, 0),
    ),
    d("__array__", Slot::Array, ALL, (0, 1)),
    d("__copy__", Slot::Copy, ALL, (0, 0)),
    d("__deepcopy__", Slot::Copy, ALL, (1, 1)),
];

/// The entry for `name` as a receiver of kind `recv` has it.
fn find(name: &str, recv: Recv) -> Option<Dunder> {
    let binary = BINARY
        .iter()
        .find_map(|&(op, forward, reflected, inplace)| {
            let (n, slot) = if name == forward {
                (forward, Slot::Binary(op))
            } else if name == reflected {
                (reflected, Slot::Reflected(op))
            } else if name == inplace {
                (inplace, Slot::InPlace(op))
            } else {
                return None;
            };
            // Only the array has `@` and the in-place forms; `**` takes a
            // modulo too.
            let on = if op == BinOp::MatMul || n == inplace {
                ARR
            } else {
                ALL
            };
            let args = if op == BinOp::Pow { (1, 2) } else { (1, 1) };
            Some(d(n, slot, on, args))
        });
    binary
        .or_else(|| {
            DUNDERS
                .iter()
                .find(|e| e.name == name)
                .map(|e| d(e.name, e.slot, e.on, e.args))
        })
        .filter(|e| e.on & recv.bit() != 0)
}

/// The receiver kind of a NumPy value; `None` for any other value.
fn receiver_kind(v: &Value) -> Option<Recv> {
    Some(match v {
        Value::Array(_) => Recv::Array,
        Value::HostArray(h) if !h.is_scalar() => Recv::Array,
        Value::HostArray(h) => match h.dtype().kind {
            HostKind::Str | HostKind::Bytes => Recv::Text,
            HostKind::DateTime(_) => Recv::DateTime,
            HostKind::TimeDelta(_) => Recv::TimeDelta,
            HostKind::Object | HostKind::Record(_) => return None,
        },
        Value::Scalar(s) => {
            let dt = s.dtype();
            if dt.is_bool() {
                Recv::Bool
            } else if dt.is_integer() {
                Recv::Int
            } else if dt.is_complex() {
                Recv::Complex
            } else {
                Recv::Float
            }
        }
        _ => return None,
    })
}

/// The receiver kind of the instances of NumPy type `t` (`np.ndarray`,
/// `np.float64`, `np.str_`); `None` for an abstract type and any other.
fn type_receiver(t: table::FnId) -> Option<Recv> {
    let d = table::get(t);
    if d.module != "numpy" || d.kind != table::Kind::Type {
        return None;
    }
    Some(match d.name {
        "ndarray" => Recv::Array,
        "str_" | "bytes_" => Recv::Text,
        "datetime64" => Recv::DateTime,
        "timedelta64" => Recv::TimeDelta,
        _ => {
            let dt = crate::numpy::conv::dtype_arg(&Value::Builtin(t)).ok()??;
            if dt.is_bool() {
                Recv::Bool
            } else if dt.is_integer() {
                Recv::Int
            } else if dt.is_complex() {
                Recv::Complex
            } else if dt.is_float() {
                Recv::Float
            } else {
                return None;
            }
        }
    })
}

/// `v.name` for a special attribute of a NumPy value: a bound special
/// method, or the data attributes `__hash__` (an array's is `None`),
/// `__class__`, `__doc__` and `__array_priority__`. `None` when `v` is
/// no NumPy value or has no such attribute.
pub fn attr(v: &Value, name: &str) -> Option<Value> {
    if !name.starts_with("__") {
        return None;
    }
    let recv = receiver_kind(v)?;
    if let Some(a) = data_attr(v, recv, name) {
        return Some(a);
    }
    let e = find(name, recv)?;
    Some(wrapper(Wrapper {
        name: e.name,
        receiver: Some(v.clone()),
        owner: None,
    }))
}

fn data_attr(v: &Value, recv: Recv, name: &str) -> Option<Value> {
    Some(match name {
        "__hash__" if recv == Recv::Array => Value::None,
        "__class__" => crate::py::attr::type_of(v),
        "__doc__" => match crate::py::attr::type_of(v) {
            Value::Builtin(t) => Value::str(table::get(t).doc),
            _ => Value::None,
        },
        // NumPy's priorities: an array's 0.0, a scalar's NPY_SCALAR_PRIORITY.
        "__array_priority__" if recv == Recv::Array => Value::Float(0.0),
        "__array_priority__" => Value::Float(SCALAR_PRIORITY),
        _ => return None,
    })
}

/// NumPy's `NPY_SCALAR_PRIORITY`: a scalar's `__array_priority__`, and an
/// object's without one.
const SCALAR_PRIORITY: f64 = -1_000_000.0;

/// `T.name` for NumPy type `t` (`np.ndarray.__add__`): the unbound
/// special method, which checks its first argument is a `T`. `None`
/// when `t` has no such special method.
pub fn type_attr(t: table::FnId, name: &str) -> Option<Value> {
    if !name.starts_with("__") {
        return None;
    }
    let recv = type_receiver(t)?;
    match name {
        "__hash__" if recv == Recv::Array => return Some(Value::None),
        "__doc__" => return Some(Value::str(table::get(t).doc)),
        "__array_priority__" if recv == Recv::Array => return Some(Value::Float(0.0)),
        "__array_priority__" => return Some(Value::Float(SCALAR_PRIORITY)),
        _ => {}
    }
    let e = find(name, recv)?;
    Some(wrapper(Wrapper {
        name: e.name,
        receiver: None,
        owner: Some(t),
    }))
}

/// A special method as a value: bound to a receiver (CPython's
/// `method-wrapper`), or taken from the type (a `wrapper_descriptor`,
/// whose first argument is the receiver).
pub struct Wrapper {
    name: &'static str,
    receiver: Option<Value>,
    /// The type it was taken from, for an unbound one.
    owner: Option<table::FnId>,
}

fn wrapper(w: Wrapper) -> Value {
    Value::Object(Rc::new(Object::Callable(
        crate::functools::Callable::Dunder(Box::new(w)),
    )))
}

impl Wrapper {
    /// Python's type name.
    pub fn type_name(&self) -> &'static str {
        match self.receiver {
            Some(_) => "method-wrapper",
            None => "wrapper_descriptor",
        }
    }

    /// `<method-wrapper '__add__' of numpy.ndarray object at 0x...>`,
    /// `<slot wrapper '__add__' of 'numpy.ndarray' objects>`.
    pub fn repr(&self) -> String {
        match (&self.receiver, self.owner) {
            (Some(r), _) => format!(
                "<method-wrapper '{}' of {} object at {:#x}>",
                self.name,
                crate::ops::type_name(r),
                self as *const Wrapper as usize
            ),
            (None, Some(t)) => format!(
                "<slot wrapper '{}' of '{}' objects>",
                self.name,
                table::qualname(table::get(t))
            ),
            (None, None) => format!("<slot wrapper '{}'>", self.name),
        }
    }

    /// Calls it: the receiver (or, unbound, the first argument) with the
    /// arguments, through the table's slot.
    pub fn call(&self, host: &mut dyn Host, mut args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        let receiver = match (&self.receiver, self.owner) {
            (Some(r), _) => r.clone(),
            (None, Some(t)) => {
                let qual = table::qualname(table::get(t));
                if args.is_empty() {
                    return Err(Error::type_error(format!(
                        "descriptor '{}' of '{qual}' object needs an argument",
                        self.name
                    )));
                }
                let first = args.remove(0);
                if !crate::py::attr::is_instance(&first, t) {
                    return Err(Error::type_error(format!(
                        "descriptor '{}' requires a '{qual}' object but received a '{}'",
                        self.name,
                        crate::ops::type_name(&first)
                    )));
                }
                first
            }
            (None, None) => return Err(Error::type_error("a slot wrapper needs a receiver")),
        };
        let Some(recv) = receiver_kind(&receiver) else {
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute '{}'",
                crate::ops::type_name(&receiver),
                self.name
            )));
        };
        let Some(e) = find(self.name, recv) else {
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute '{}'",
                crate::ops::type_name(&receiver),
                self.name
            )));
        };
        // `__array__(dtype=None, /, *, copy=None)` is a method with a
        // keyword; the slot wrappers take none.
        let copy = match (e.slot, &kwargs[..]) {
            (_, []) => None,
            (Slot::Array, [(k, v)]) if &**k == "copy" => Some(v.clone()),
            (Slot::Array, [(k, _), ..]) => {
                return Err(Error::type_error(format!(
                    "__array__() got an unexpected keyword argument '{k}'"
                )))
            }
            _ => {
                return Err(Error::type_error(format!(
                    "wrapper {}() takes no keyword arguments",
                    self.name
                )))
            }
        };
        let (lo, hi) = e.args;
        if args.len() < lo || args.len() > hi {
            let want = if args.len() < lo { lo } else { hi };
            let plural = if want == 1 { "" } else { "s" };
            return Err(Error::type_error(format!(
                "expected {want} argument{plural}, got {}",
                args.len()
            )));
        }
        if let Some(copy) = copy.filter(|c| !c.is_none()) {
            // `copy=True` (and `False`, which NumPy's `__array__` takes as
            // "no copy needed" for an array): `np.array(self, dtype, copy=)`.
            let f = table::lookup("numpy", "array")
                .ok_or_else(|| Error::runtime_error("no numpy.array"))?;
            let mut all = vec![receiver.clone()];
            all.extend(args);
            return host.call(&Value::Builtin(f), all, vec![("copy".into(), copy)]);
        }
        run(host, e.slot, &receiver, recv, args)
    }
}

/// Runs `slot` for `receiver` with the (counted) arguments.
fn run(
    host: &mut dyn Host,
    slot: Slot,
    receiver: &Value,
    recv: Recv,
    mut args: Vec<Value>,
) -> Result<Value> {
    let not_implemented = Object::not_implemented;
    match slot {
        Slot::Binary(op) | Slot::Reflected(op) | Slot::InPlace(op) => {
            // `pow(a, b, mod)`: NumPy leaves a modulo to the other operand;
            // the in-place form ignores it.
            if args.len() == 2 {
                let modulo = args.pop().unwrap_or(Value::None);
                if !modulo.is_none() && !matches!(slot, Slot::InPlace(_)) {
                    return Ok(not_implemented());
                }
            }
            let other = &args[0];
            match slot {
                Slot::Binary(_) if defers(receiver, recv, other, Some(op)) => Ok(not_implemented()),
                Slot::Binary(_) => host.operate(Operator::Binary(op), receiver, Some(other)),
                Slot::Reflected(_) if reflected_defers(receiver, recv, other, op) => {
                    Ok(not_implemented())
                }
                Slot::Reflected(_) => host.operate(Operator::Binary(op), other, Some(receiver)),
                _ => host.operate(Operator::InPlace(op), receiver, Some(other)),
            }
        }
        Slot::Compare(op) => {
            if defers(receiver, recv, &args[0], None) {
                return Ok(not_implemented());
            }
            host.operate(Operator::Compare(op), receiver, Some(&args[0]))
        }
        Slot::Unary(op) => host.operate(Operator::Unary(op), receiver, None),
        Slot::Contains => host.operate(Operator::Compare(CmpOp::In), &args[0], Some(receiver)),
        Slot::Builtin(module, name) | Slot::BuiltinReflected(module, name) => {
            let f = table::lookup(module, name)
                .ok_or_else(|| Error::runtime_error(format!("no builtin {module}.{name}")))?;
            let mut all = Vec::with_capacity(args.len() + 1);
            if matches!(slot, Slot::BuiltinReflected(..)) {
                all.append(&mut args);
                all.push(receiver.clone());
            } else {
                all.push(receiver.clone());
                all.append(&mut args);
            }
            host.call(&Value::Builtin(f), all, Vec::new())
        }
        Slot::SetItem => {
            let value = args.pop().unwrap_or(Value::None);
            crate::ops::setitem(receiver, &args[0], value)?;
            Ok(Value::None)
        }
        Slot::DelItem => {
            crate::ops::delitem(receiver, &args[0])?;
            Ok(Value::None)
        }
        Slot::Array => {
            let f = table::lookup("numpy", "asarray")
                .ok_or_else(|| Error::runtime_error("no numpy.asarray"))?;
            let mut all = vec![receiver.clone()];
            all.append(&mut args);
            host.call(&Value::Builtin(f), all, Vec::new())
        }
        Slot::Copy => {
            let f = table::lookup("ndarray", "copy")
                .ok_or_else(|| Error::runtime_error("no ndarray.copy"))?;
            host.call(&Value::Builtin(f), vec![receiver.clone()], Vec::new())
        }
    }
}

/// Whether NumPy's forward method of `receiver` gives the operation up to
/// `other` (returns `NotImplemented`), as `binop_should_defer` and the
/// scalar operators decide: an object whose class sets `__array_ufunc__ =
/// None`, or one without `__array_ufunc__` whose `__array_priority__` is
/// above the receiver's; for a scalar, a scalar of a higher type
/// ([`to_higher_scalar`]) and `*` a Python sequence, whose repeat Python
/// runs then; for a text scalar, what Python's str or bytes does
/// not take (`NotImplemented` for a comparison with a non-text value).
/// `op` is `None` for a comparison.
fn defers(receiver: &Value, recv: Recv, other: &Value, op: Option<BinOp>) -> bool {
    if to_higher_scalar(receiver, other) {
        return true;
    }
    if let Some(c) = crate::py::class::class_of(other) {
        if crate::py::class::ndarray_subclass(other) {
            return false;
        }
        if let Some(u) = c.lookup("__array_ufunc__") {
            return u.is_none();
        }
        let mine = if recv == Recv::Array {
            0.0
        } else {
            SCALAR_PRIORITY
        };
        let theirs = match c.lookup("__array_priority__") {
            Some(Value::Float(f)) => f,
            Some(Value::Int(i)) => i as f64,
            Some(Value::Bool(b)) => f64::from(u8::from(b)),
            _ => SCALAR_PRIORITY,
        };
        return mine < theirs;
    }
    if recv != Recv::Array && op == Some(BinOp::Mul) && is_sequence(other) {
        return true;
    }
    recv == Recv::Text
        && op.is_none()
        && crate::numpy::host::python_text(other).is_none()
        && !matches!(other, Value::Str(_) | Value::Bytes(_))
}

/// Whether NumPy's reflected method gives the operation up: a scalar's
/// `__rmul__` of a Python sequence (Python repeats the sequence then), a
/// text scalar's `__radd__` (Python's str has none).
fn reflected_defers(receiver: &Value, recv: Recv, other: &Value, op: BinOp) -> bool {
    to_higher_scalar(receiver, other)
        || (recv != Recv::Array && op == BinOp::Mul && is_sequence(other))
        || (recv == Recv::Text && op == BinOp::Add)
}

/// Whether a NumPy scalar (not a bool) meets a scalar of a type its own
/// promotes to (`np.float32(1).__add__(np.float64(1))`): NumPy's scalar
/// operators leave that to the other scalar's method.
fn to_higher_scalar(receiver: &Value, other: &Value) -> bool {
    let (Value::Scalar(a), Value::Scalar(b)) = (receiver, other) else {
        return false;
    };
    let (mine, theirs) = (a.dtype(), b.dtype());
    let p = xpush_npu::promote::promote_types(mine, theirs);
    !mine.is_bool() && p == theirs && p != mine
}

/// A Python sequence that repeats under `*` (str, bytes, list, tuple).
fn is_sequence(v: &Value) -> bool {
    matches!(
        v,
        Value::Str(_) | Value::Bytes(_) | Value::List(_) | Value::Tuple(_)
    )
}
