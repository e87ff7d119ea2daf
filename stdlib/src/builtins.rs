//! Python's builtin functions (`print`, `len`, `sorted`, ...). The builtin
//! types (`int`, `str`, `range`, ...) are in [`crate::types`].
//!
//! `enumerate`, `zip`, `map`, `filter`, `reversed` and `iter` return lazy
//! iterator objects ([`crate::py::lazy`]).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use xpush_lang::ast::{BinOp, CmpOp};

use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, SourceKind};
use crate::ops::{self, type_name};
use crate::py::lazy::{collect, iter_of, stream, IterObj, IterState};
use crate::py::{arith, attr, compare, iter::to_vec, num};
use crate::table::{FuncDef, Kind};
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The builtin functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "builtins", "print", "(*args, sep=' ', end='\\n', file=None, flush=False)", print,
        "Print the values, separated by sep and followed by end, to the output or to a file opened for writing.",
        ["print('a', 1, sep='-')  # None"]),
    entry!(Function, Builtin, "builtins", "len", "(obj, /)", len,
        "Return the number of items in a container.",
        ["len([1, 2, 3])  # 3", "len('héllo')  # 5", "len(range(0, 10, 3))  # 4", "len(5)  # TypeError: object of type 'int' has no len()"]),
    entry!(Function, Builtin, "builtins", "abs", "(x, /)", abs,
        "Return the absolute value of the argument.",
        ["abs(-3)  # 3", "abs(-2.5)  # 2.5", "abs(3+4j)  # 5.0", "abs(-9223372036854775808)  # 9223372036854775808"]),
    entry!(Function, Builtin, "builtins", "min", "(*args, key=None, default=<no value>)", min,
        "With one iterable argument, return its smallest item; with several, the smallest argument.",
        ["min([3, 1, 2])  # 1", "min(3, 1, 2)  # 1", "min(['bb', 'a', 'ccc'], key=len)  # 'a'", "min([])  # ValueError: min() arg is an empty sequence"]),
    entry!(Function, Builtin, "builtins", "max", "(*args, key=None, default=<no value>)", max,
        "With one iterable argument, return its largest item; with several, the largest argument.",
        ["max([3, 1, 2])  # 3", "max(1, 2.5)  # 2.5", "max(['bb', 'a', 'ccc'], key=len)  # 'ccc'", "max([])  # ValueError: max() arg is an empty sequence", "max([], default=0)  # 0"]),
    entry!(Function, Builtin, "builtins", "sum", "(iterable, /, start=0)", sum,
        "Return start plus the sum of the items of the iterable.",
        ["sum([1, 2, 3])  # 6", "sum([0.1, 0.2])  # 0.30000000000000004", "sum([[1], [2]], [])  # [1, 2]", "sum(['a'], '')  # TypeError: sum() can't sum strings [use ''.join(seq) instead]"]),
    entry!(Function, Builtin, "builtins", "round", "(number, ndigits=None)", round,
        "Round a number to ndigits decimal places (half to even); an int if ndigits is omitted.",
        ["round(2.5)  # 2", "round(3.5)  # 4", "round(2.675, 2)  # 2.67", "round(1234, -2)  # 1200", "round(12345.0, -2)  # 12300.0", "round(-0.5)  # 0"]),
    entry!(Function, Builtin, "builtins", "repr", "(obj, /)", repr,
        "Return the canonical string representation of the object.",
        ["repr('a')  # \"'a'\"", "repr(1e16)  # '1e+16'"]),
    entry!(Type, Builtin, "builtins", "enumerate", "(iterable, start=0)", enumerate,
        "An iterator of (count, item) pairs, counting from start.",
        ["list(enumerate('ab'))  # [(0, 'a'), (1, 'b')]", "list(enumerate([5], start=1))  # [(1, 5)]"]),
    entry!(Type, Builtin, "builtins", "zip", "(*iterables, strict=False)", zip,
        "An iterator of tuples pairing the items of the iterables, up to the shortest (strict: all the same length).",
        ["list(zip([1, 2, 3], 'ab'))  # [(1, 'a'), (2, 'b')]", "list(zip())  # []",
         "list(zip([1], [], strict=True))  # ValueError: zip() argument 2 is shorter than argument 1"]),
    entry!(Type, Builtin, "builtins", "map", "(func, *iterables)", map,
        "An iterator of func applied to the items of the iterables, in step.",
        ["list(map(abs, [-1, 2]))  # [1, 2]", "list(map(pow, [2, 3], [3, 2]))  # [8, 9]"]),
    entry!(Type, Builtin, "builtins", "filter", "(function, iterable, /)", filter,
        "An iterator of the items for which function is true (None: the true items).",
        ["list(filter(None, [0, 1, '', 'a']))  # [1, 'a']"]),
    entry!(Function, Builtin, "builtins", "iter", "(object, /)", iter,
        "An iterator over an iterable (an iterator returns itself).",
        ["next(iter([7]))  # 7", "iter(1)  # TypeError: 'int' object is not iterable"]),
    entry!(Function, Builtin, "builtins", "next", "(iterator, *default)", next,
        "The next item of an iterator, or default when it is exhausted (else StopIteration).",
        ["next(iter([]), 'done')  # 'done'", "next([1])  # TypeError: 'list' object is not an iterator"]),
    entry!(Function, Builtin, "builtins", "sorted", "(iterable, /, *, key=None, reverse=False)", sorted,
        "Return a new sorted list (stable); key is applied to each item, reverse sorts descending.",
        ["sorted([3, 1, 2])  # [1, 2, 3]", "sorted(['bb', 'a', 'c'], key=len, reverse=True)  # ['bb', 'a', 'c']", "sorted([1, 'a'])  # TypeError: '<' not supported between instances of 'str' and 'int'"]),
    entry!(Type, Builtin, "builtins", "reversed", "(sequence, /)", reversed,
        "An iterator over the items of a sequence in reverse order.",
        ["list(reversed([1, 2, 3]))  # [3, 2, 1]", "list(reversed(range(3)))  # [2, 1, 0]", "reversed(1)  # TypeError: 'int' object is not reversible"]),
    entry!(Function, Builtin, "builtins", "isinstance", "(obj, class_or_tuple, /)", isinstance,
        "Return whether an object is an instance of a type or of one of a tuple of types.",
        ["isinstance(True, int)  # True", "isinstance(1.5, (int, str))  # False", "isinstance(1, 1)  # TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"]),
    entry!(Function, Builtin, "builtins", "divmod", "(x, y, /)", divmod,
        "Return the tuple (x // y, x % y).",
        ["divmod(-7, 2)  # (-4, 1)", "divmod(-7.5, 2)  # (-4.0, 0.5)", "divmod(1, 0)  # ZeroDivisionError: integer division or modulo by zero"]),
    entry!(Function, Builtin, "builtins", "pow", "(base, exp, mod=None)", pow,
        "Return base ** exp, or base ** exp % mod computed efficiently (mod inverse for negative exp).",
        ["pow(2, 10)  # 1024", "pow(2, -1)  # 0.5", "pow(3, 4, 5)  # 1", "pow(2, -1, 5)  # 3", "pow(2, 3, 0)  # ValueError: pow() 3rd argument cannot be 0"]),
    entry!(Function, Builtin, "builtins", "all", "(iterable, /)", all,
        "Return True if every item is true (or the iterable is empty).",
        ["all([1, 2, 0])  # False", "all([])  # True"]),
    entry!(Function, Builtin, "builtins", "any", "(iterable, /)", any,
        "Return True if any item is true.",
        ["any([0, '', 3])  # True", "any([])  # False"]),
    entry!(Function, Builtin, "builtins", "hex", "(number, /)", hex,
        "Return the hexadecimal representation of an int.",
        ["hex(255)  # '0xff'", "hex(-42)  # '-0x2a'", "hex(1.5)  # TypeError: 'float' object cannot be interpreted as an integer"]),
    entry!(Function, Builtin, "builtins", "oct", "(number, /)", oct,
        "Return the octal representation of an int.",
        ["oct(8)  # '0o10'", "oct(-8)  # '-0o10'"]),
    entry!(Function, Builtin, "builtins", "bin", "(number, /)", bin,
        "Return the binary representation of an int.",
        ["bin(5)  # '0b101'", "bin(-5)  # '-0b101'", "bin(0)  # '0b0'"]),
    entry!(Function, Builtin, "builtins", "ord", "(c, /)", ord,
        "Return the Unicode code point of a one-character string.",
        ["ord('a')  # 97", "ord('é')  # 233", "ord('ab')  # TypeError: ord() expected a character, but string of length 2 found"]),
    entry!(Function, Builtin, "builtins", "chr", "(i, /)", chr,
        "Return the one-character string for a Unicode code point.",
        ["chr(97)  # 'a'", "chr(-1)  # ValueError: chr() arg not in range(0x110000)"]),
    entry!(Function, Builtin, "builtins", "hash", "(obj, /)", hash,
        "Return the hash of an object: equal numbers hash alike across int, float, complex and NumPy scalars.",
        ["hash(1.0)  # 1", "hash(-1)  # -2", "hash((1, 2))  # -3550055125485641917", "hash([])  # TypeError: unhashable type: 'list'"]),
    entry!(Function, Builtin, "builtins", "format", "(value, format_spec='', /)", format,
        "Format a value with a format spec ([[fill]align][sign][z][#][0][width][,|_][.precision][type]).",
        ["format(3.14159, '.2f')  # '3.14'", "format(1234567, ',')  # '1,234,567'", "format(255, '#06x')  # '0x00ff'", "format('ab', '*^6')  # '**ab**'",
         "format(0.5, '%')  # '50.000000%'", "format(1.0, 'x')  # ValueError: Unknown format code 'x' for object of type 'float'"]),
    entry!(Function, Builtin, "builtins", "getattr", "(object, name, *default)", getattr,
        "The named attribute of an object, or default when it has none.",
        ["getattr(1.5, 'real')  # 1.5", "getattr(1, 'nope', None)  # None", "getattr(1, 'nope')  # AttributeError: 'int' object has no attribute 'nope'"]),
    entry!(Function, Builtin, "builtins", "hasattr", "(obj, name, /)", hasattr,
        "Whether the object has the named attribute.",
        ["hasattr('a', 'upper')  # True", "hasattr(1, 'upper')  # False"]),
    entry!(Function, Builtin, "builtins", "setattr", "(obj, name, value, /)", setattr,
        "Sets the named attribute, where the object allows it.",
        ["setattr(1, 'x', 2)  # AttributeError: 'int' object has no attribute 'x'"]),
    entry!(Function, Builtin, "builtins", "id", "(obj, /)", id,
        "The identity of an object: equal for two names of the same object.",
        ["x = [1]; id(x) == id(x)  # True", "id([]) == id(1)  # False"]),
    entry!(Function, Builtin, "builtins", "issubclass", "(cls, class_or_tuple, /)", issubclass,
        "Return whether a class derives from another (or from one of a tuple of classes).",
        ["issubclass(ZeroDivisionError, ArithmeticError)  # True", "issubclass(bool, int)  # True",
         "issubclass(KeyError, (TypeError, LookupError))  # True", "issubclass(1, int)  # TypeError: issubclass() arg 1 must be a class"]),
    entry!(Function, Builtin, "builtins", "globals", "()", globals,
        "A dict of the module's variables as they are now (a snapshot: assigning into it does not bind a name).",
        ["'len' in globals()  # False"]),
    entry!(Function, Builtin, "builtins", "locals", "()", locals,
        "A dict of the current scope's variables as they are now: a function's locals inside a function, globals() at module level.",
        ["locals() == globals()  # True"]),
    entry!(Function, Builtin, "builtins", "dir", "(*object)", dir,
        "The sorted names of an object's attributes (a module's names, a class's and its instance's); without an argument, the names in the current scope.",
        ["'upper' in dir('a')  # True", "'pi' in dir(math)  # True", "dir(1, 2)  # TypeError: dir expected at most 1 argument, got 2"]),
    entry!(Function, Builtin, "builtins", "vars", "(*object)", vars,
        "An object's `__dict__`: an instance's attributes, a module's or a class's namespace; without an argument, locals().",
        ["vars(1)  # TypeError: vars() argument must have __dict__ attribute", "vars(1, 2)  # TypeError: vars expected at most 1 argument, got 2"]),
    entry!(Function, Builtin, "builtins", "eval", "(source, globals=None, locals=None, /)", eval,
        "The value of one expression given as a string, run in the module's globals (or the dict `globals`) with `locals` read first; in a function, its locals as `locals()` gives them.",
        ["eval('1 + 2 * 3')  # 7", "eval('x * 2', {'x': 21})  # 42", "eval(1)  # TypeError: eval() arg 1 must be a string, bytes or code object"]),
    entry!(Function, Builtin, "builtins", "exec", "(source, globals=None, locals=None, /)", exec,
        "Runs statements given as a string in the module's globals (or in the dict `globals`, which then holds the names the code binds); returns None.",
        ["exec('y = 6 * 7', {})  # None",
         "exec('x', 1)  # TypeError: exec() globals must be a dict, not int"]),
    entry!(Function, Builtin, "builtins", "callable", "(obj, /)", callable,
        "Return whether the object can be called.",
        ["callable(len)  # True", "callable(1)  # False"]),
    entry!(Function, Builtin, "builtins", "help", "(obj, /)", help,
        "Prints the signature, doc line and examples of a function or method (a module: its entries).",
        ["help(1)  # None"]),
];

fn print(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text_arg = |v: &Value, what: &str| -> Result<Option<String>> {
        match v {
            Value::None => Ok(None),
            Value::Str(s) => Ok(Some(s.to_string())),
            other => Err(Error::type_error(format!(
                "{what} must be None or a string, not {}",
                type_name(other)
            ))),
        }
    };
    let sep = text_arg(a.get(0), "sep")?.unwrap_or_else(|| " ".into());
    let end = text_arg(a.get(1), "end")?.unwrap_or_else(|| "\n".into());
    let mut out = String::new();
    for (i, v) in a.rest.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(&crate::py::class::to_str(host, v)?);
    }
    out.push_str(&end);
    match a.get(2) {
        Value::None => host.write_out(&out),
        file if crate::sysmod::stream_text(host, file, &out) => {}
        file => match crate::files::file_of(file) {
            Some(f) => f.write_str(&out, ops::truthy(a.get(3))?)?,
            None => {
                return Err(Error::attribute_error(format!(
                    "'{}' object has no attribute 'write'",
                    type_name(file)
                )))
            }
        },
    }
    Ok(Value::None)
}

/// `len(v)`.
pub fn length(v: &Value) -> Result<usize> {
    Ok(match v {
        Value::Str(s) => {
            if s.is_ascii() {
                s.len()
            } else {
                s.chars().count()
            }
        }
        Value::Bytes(b) => b.len(),
        Value::ByteArray(b) => b.borrow().len(),
        Value::List(l) => l.borrow().len(),
        Value::Tuple(t) => t.len(),
        Value::Dict(d) => d.borrow().len(),
        Value::Set(t) => t.borrow().len(),
        Value::FrozenSet(t) => t.len(),
        Value::DictView(v) => v.dict.borrow().len(),
        Value::Range(r) => usize::try_from(compare::range_len(r)).unwrap_or(usize::MAX),
        Value::Module(m) => m.members.borrow().len(),
        Value::Array(a) => crate::numpy::arith::length(a)?,
        Value::HostArray(a) if crate::numpy::host::record::is_void(v) => {
            crate::numpy::host::record::of(a.dtype()).map_or(0, |r| r.fields.len())
        }
        Value::HostArray(a) => match a.shape().first() {
            Some(&n) => n,
            None => return Err(Error::type_error("len() of unsized object")),
        },
        Value::HostDType(d) => crate::numpy::host::record::of(*d).map_or(0, |r| r.fields.len()),
        Value::DType(_) => 0,
        Value::Object(_) if crate::collections::deque_of(v).is_some() => {
            crate::collections::deque_of(v).map_or(0, |d| d.borrow().items.len())
        }
        Value::Object(o) if matches!(&**o, crate::value::Object::FlatIter(_)) => match &**o {
            crate::value::Object::FlatIter(a) => crate::numpy::flatiter::len(a)?,
            _ => 0,
        },
        Value::Object(_) if crate::pyplot::items(v).is_some() => {
            crate::pyplot::items(v).map_or(Ok(0), |items| items.map(|i| i.len()))?
        }
        _ => {
            return Err(Error::type_error(format!(
                "object of type '{}' has no len()",
                type_name(v)
            )))
        }
    })
}

fn len(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = if crate::py::class::is_instance(a.get(0)) {
        crate::py::class::len(host, a.get(0))?
    } else {
        length(a.get(0))?
    };
    Ok(Value::Int(i64::try_from(n).map_err(|_| {
        Error::overflow("Python int too large to convert to C ssize_t")
    })?))
}

fn abs(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::numpy::host::object::is_object(a.get(0)) {
        return crate::numpy::host::object::unary(host, None, a.get(0));
    }
    if crate::py::class::is_instance(a.get(0)) {
        let missing = "bad operand type for abs(): '{}'";
        return crate::py::class::call_special(host, a.get(0), "__abs__", Vec::new(), missing);
    }
    arith::abs(a.get(0))
}

fn min_max(host: &mut dyn Host, a: &mut Args, name: &str, op: CmpOp) -> Result<Value> {
    let key = a.get(0).clone();
    // `default=`: what an empty iterable gives (not given: the sentinel).
    let default = match a.get(1) {
        Value::Object(o) if matches!(**o, crate::value::Object::Missing) => None,
        v => Some(v.clone()),
    };
    if default.is_some() && a.rest.len() > 1 {
        return Err(Error::type_error(format!(
            "Cannot specify a default for {name}() with multiple positional arguments"
        )));
    }
    // One iterable is streamed (a million-element array is never held
    // as a million values); several arguments are the items.
    let mut items = match a.rest.len() {
        0 => {
            return Err(Error::type_error(format!(
                "{name} expected at least 1 argument, got 0"
            )))
        }
        1 => stream(&a.rest[0])?,
        _ => stream(&Value::list(std::mem::take(&mut a.rest)))?,
    };
    let mut best: Option<(Value, Value)> = None;
    let mut i = 0u32;
    while let Some(item) = items.next(host)? {
        i = i.wrapping_add(1);
        if i.is_multiple_of(4096) {
            host.check_interrupt()?;
        }
        let k = if key.is_none() {
            item.clone()
        } else {
            host.call(&key, vec![item.clone()], Vec::new())?
        };
        let better = match &best {
            None => true,
            Some((bk, _)) => crate::py::class::order(host, op, &k, bk)?,
        };
        if better {
            best = Some((k, item));
        }
    }
    match (best, default) {
        (Some((_, v)), _) => Ok(v),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(Error::value_error(format!(
            "{name}() arg is an empty sequence"
        ))),
    }
}

fn min(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    min_max(host, a, "min", CmpOp::Lt)
}

fn max(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    min_max(host, a, "max", CmpOp::Gt)
}

fn sum(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut acc = a.take(1);
    if matches!(acc, Value::Str(_)) {
        return Err(Error::type_error(
            "sum() can't sum strings [use ''.join(seq) instead]",
        ));
    }
    let mut items = stream(a.get(0))?;
    let mut i = 0u32;
    while let Some(item) = items.next(host)? {
        i = i.wrapping_add(1);
        if i.is_multiple_of(4096) {
            host.check_interrupt()?;
        }
        acc = match crate::py::class::binary(host, BinOp::Add, &acc, &item) {
            Some(r) => r?,
            None => ops::binary(BinOp::Add, &acc, &item)?,
        };
    }
    Ok(acc)
}

/// Rounds an exact rational `num / den` (den > 0) to the nearest int, ties to even.
fn round_half_even(num: &BigInt, den: &BigInt) -> BigInt {
    let (q, r) = num.div_mod_floor(den);
    let twice = &r * 2;
    if twice > *den || (twice == *den && q.is_odd()) {
        q + 1
    } else {
        q
    }
}

/// `round(x, n)` for a float, correctly rounded as CPython does (the exact
/// binary value is rounded half-to-even at the n-th decimal).
pub fn round_float(x: f64, n: i64) -> Result<f64> {
    if !x.is_finite() || x == 0.0 || n > 330 {
        return Ok(x);
    }
    if n < -330 {
        return Ok(0.0f64.copysign(x));
    }
    // x = m * 2**e exactly.
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let m = BigInt::from(m);
    let ten = BigInt::from(10);
    // Scale to x * 10**n as num / den.
    let (mut num, mut den) = if e >= 0 {
        (m << (e as u64), BigInt::from(1))
    } else {
        (m, BigInt::from(1) << ((-e) as u64))
    };
    if n >= 0 {
        num *= num_traits::Pow::pow(&ten, n as u32);
    } else {
        den *= num_traits::Pow::pow(&ten, (-n) as u32);
    }
    let q = round_half_even(&num.abs(), &den);
    let text = format!("{q}e{}", -n);
    let r: f64 = text.parse().unwrap_or(f64::INFINITY);
    if r.is_infinite() {
        return Err(Error::overflow("rounded value too large to represent"));
    }
    Ok(if x < 0.0 { -r } else { r })
}

fn round(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0);
    let nd = a.get(1);
    if matches!(x, Value::Scalar(_)) {
        return crate::numpy::arith::round(x, nd);
    }
    if !matches!(nd, Value::None) && !num::is_int(nd) {
        return Err(Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            type_name(nd)
        )));
    }
    match x {
        Value::Float(f) => {
            if nd.is_none() {
                return num::f64_to_int(f.round_ties_even());
            }
            let n = match nd {
                Value::BigInt(b) => {
                    if b.is_negative() {
                        -1000
                    } else {
                        1000
                    }
                }
                other => num::index_i64(other)?,
            };
            Ok(Value::Float(round_float(*f, n)?))
        }
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => {
            let v = num::to_bigint(x).unwrap_or_default();
            let n = match nd {
                Value::None => return Ok(Value::from_bigint(v)),
                Value::BigInt(b) if b.is_negative() => return Ok(Value::Int(0)),
                Value::BigInt(_) => return Ok(Value::from_bigint(v)),
                other => num::index_i64(other)?,
            };
            if n >= 0 {
                return Ok(Value::from_bigint(v));
            }
            let p = num_traits::Pow::pow(&BigInt::from(10), (-n).min(100_000) as u32);
            let q = round_half_even(&v, &p);
            Ok(Value::from_bigint(q * p))
        }
        _ => Err(Error::type_error(format!(
            "type {} doesn't define __round__ method",
            type_name(x)
        ))),
    }
}

fn repr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(crate::py::class::repr(host, a.get(0))?))
}

fn enumerate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let start = Value::from_bigint(num::index_big(a.get(1))?);
    Ok(IterObj::value(
        "enumerate",
        IterState::Enumerate(stream(a.get(0))?, start),
    ))
}

fn zip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let strict = ops::truthy(a.get(0))?;
    let its = a.rest.iter().map(stream).collect::<Result<Vec<_>>>()?;
    Ok(IterObj::value("zip", IterState::Zip(its, strict)))
}

fn map(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.is_empty() {
        return Err(Error::type_error("map() must have at least two arguments."));
    }
    let its = a.rest.iter().map(stream).collect::<Result<Vec<_>>>()?;
    Ok(IterObj::value("map", IterState::Map(a.get(0).clone(), its)))
}

fn filter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(IterObj::value(
        "filter",
        IterState::Filter(a.get(0).clone(), stream(a.get(1))?),
    ))
}

fn iter(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::py::class::is_instance(a.get(0)) {
        return crate::py::class::iter(host, a.get(0));
    }
    iter_of(a.get(0))
}

fn next(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::py::class::is_instance(a.get(0)) {
        return match (crate::py::class::next(host, a.get(0))?, a.rest.first()) {
            (Some(v), _) => Ok(v),
            (None, Some(default)) => Ok(default.clone()),
            (None, None) => Err(Error::new(crate::ExcKind::StopIteration, "")),
        };
    }
    let Value::Iter(it) = a.get(0) else {
        return Err(Error::type_error(format!(
            "'{}' object is not an iterator",
            type_name(a.get(0))
        )));
    };
    let generator = it.type_name() == "generator";
    match (it.next(host)?, a.rest.first()) {
        (Some(v), _) => Ok(v),
        (None, Some(default)) => Ok(default.clone()),
        (None, None) if generator => Err(crate::genmethods::stop(host)),
        (None, None) => Err(Error::new(crate::ExcKind::StopIteration, "")),
    }
}

fn sorted(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = collect(host, a.get(0))?;
    let reverse = ops::truthy(a.get(2))?;
    let key = a.get(1).clone();
    Ok(Value::list(crate::py::sort::sort_values(
        host, items, &key, reverse,
    )?))
}

fn reversed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    if let Some(d) = crate::collections::deque_of(v) {
        let items: Vec<Value> = d.borrow().items.iter().rev().cloned().collect();
        return Ok(IterObj::value(
            "_collections._deque_reverse_iterator",
            IterState::Items(crate::py::iter::ValueIter::Values(items.into_iter())),
        ));
    }
    match v {
        Value::List(_)
        | Value::Tuple(_)
        | Value::Str(_)
        | Value::Bytes(_)
        | Value::ByteArray(_)
        | Value::Range(_)
        | Value::Dict(_)
        | Value::Array(_) => {
            let mut items = to_vec(v)?;
            items.reverse();
            let name = match v {
                Value::List(_) => "list_reverseiterator",
                Value::Range(_) => "range_iterator",
                Value::Dict(_) => "dict_reversekeyiterator",
                _ => "reversed",
            };
            Ok(IterObj::value(
                name,
                IterState::Items(crate::py::iter::ValueIter::Values(items.into_iter())),
            ))
        }
        _ => Err(Error::type_error(format!(
            "'{}' object is not reversible",
            type_name(v)
        ))),
    }
}

fn issubclass(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(subclass_of(a.get(0), a.get(1))?))
}

/// `issubclass(cls, classinfo)`: exception classes by their hierarchy,
/// the other types by name (bool is an int, everything an object).
fn subclass_of(cls: &Value, classinfo: &Value) -> Result<bool> {
    if let (Value::Class(_), Value::Tuple(infos)) = (cls, classinfo) {
        for info in infos.iter() {
            if subclass_of(cls, info)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    if let Some(r) = crate::py::class::subclass_of(cls, classinfo) {
        return Ok(r);
    }
    let type_name = |v: &Value| match v {
        Value::Builtin(id) if crate::table::get(*id).kind == Kind::Type => {
            Some(crate::table::get(*id).name)
        }
        Value::ExcType(k) => Some(k.name()),
        _ => None,
    };
    let Some(name) = type_name(cls) else {
        return Err(Error::type_error("issubclass() arg 1 must be a class"));
    };
    // NumPy's scalar types: their hierarchy (np.float64 is a np.floating
    // and a float).
    if let (Value::Builtin(c), Value::Builtin(b)) = (cls, classinfo) {
        let (c, b) = (crate::table::get(*c), crate::table::get(*b));
        if c.module == "numpy" && b.kind == Kind::Type {
            let numpy_base = b.module == "numpy";
            if let Some(r) = crate::numpy::types::numpy_subclass(c.name, b.name, numpy_base) {
                return Ok(r);
            }
        }
    }
    match classinfo {
        Value::Tuple(infos) => {
            for info in infos.iter() {
                if subclass_of(cls, info)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::ExcType(k) => Ok(matches!(cls, Value::ExcType(c) if c.is_subclass(*k))),
        info => match type_name(info) {
            Some(base) => Ok(name == base || base == "object" || (base == "int" && name == "bool")),
            None => Err(Error::type_error(
                "issubclass() arg 2 must be a class, a tuple of classes, or a union",
            )),
        },
    }
}

fn globals(host: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(host.globals_dict())
}

/// The attributes every instance of a class of its own has from `object`
/// (CPython 3.11's `dir(object())`, with an instance's `__dict__`,
/// `__module__` and `__weakref__`).
const OBJECT_ATTRS: [&str; 27] = [
    "__class__",
    "__delattr__",
    "__dict__",
    "__dir__",
    "__doc__",
    "__eq__",
    "__format__",
    "__ge__",
    "__getattribute__",
    "__getstate__",
    "__gt__",
    "__hash__",
    "__init__",
    "__init_subclass__",
    "__le__",
    "__lt__",
    "__module__",
    "__ne__",
    "__new__",
    "__reduce__",
    "__reduce_ex__",
    "__repr__",
    "__setattr__",
    "__sizeof__",
    "__str__",
    "__subclasshook__",
    "__weakref__",
];

/// The one optional argument of `dir`/`vars`: CPython's error for more.
fn at_most_one<'a>(name: &str, a: &'a Args) -> Result<Option<&'a Value>> {
    match a.rest.len() {
        0 | 1 => Ok(a.rest.first()),
        n => Err(Error::type_error(format!(
            "{name} expected at most 1 argument, got {n}"
        ))),
    }
}

/// `dir(object)`; `dir()` at module level (inside a function the
/// interpreter answers from the function's scope).
fn dir(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut names: Vec<Rc<str>> = match at_most_one("dir", a)? {
        None => host.globals().into_iter().map(|(n, _)| n).collect(),
        Some(Value::Module(m)) => m.members.borrow().iter().map(|(n, _)| n.clone()).collect(),
        Some(Value::Instance(i)) => {
            let own = i
                .attrs
                .borrow()
                .items()
                .iter()
                .map(|(n, _)| n.clone())
                .collect();
            class_names(&i.class, own)
        }
        Some(Value::Class(c)) => class_names(c, Vec::new()),
        Some(v) => attr::method_modules(v)
            .iter()
            .flat_map(|m| crate::table::members(m))
            .map(|(_, d)| Rc::from(d.name))
            .collect(),
    };
    names.sort();
    names.dedup();
    Ok(Value::list(names.into_iter().map(Value::Str).collect()))
}

/// `object`'s attributes, `names`, and the namespaces of `class` and of
/// the classes it derives from.
fn class_names(class: &Rc<crate::py::class::Class>, mut names: Vec<Rc<str>>) -> Vec<Rc<str>> {
    names.extend(OBJECT_ATTRS.iter().map(|&n| Rc::from(n)));
    for c in std::iter::once(class).chain(&class.mro) {
        let attrs = c.attrs.borrow();
        let own = attrs.items().iter().map(|(n, _)| n.clone());
        names.extend(own.filter(|n| &**n != "__qualname__"));
    }
    names
}

/// `vars(object)`: the `__dict__` of an instance, a module or a class (a
/// snapshot); `vars()` is `locals()`.
fn vars(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items: Vec<(Rc<str>, Value)> = match at_most_one("vars", a)? {
        None => return globals(host, a),
        Some(Value::Instance(i)) => i.attrs.borrow().items().to_vec(),
        Some(Value::Class(c)) => {
            // A class statement's namespace starts with `__module__`.
            let mut items = vec![(Rc::from("__module__"), Value::Str(c.module.clone()))];
            items.extend(c.attrs.borrow().items().iter().cloned());
            items
        }
        Some(Value::Module(m)) => m.members.borrow().clone(),
        Some(_) => {
            return Err(Error::type_error(
                "vars() argument must have __dict__ attribute",
            ))
        }
    };
    let mut d = crate::value::DictTable::default();
    for (name, v) in items {
        d.insert(Value::Str(name), v)?;
    }
    Ok(Value::Dict(std::rc::Rc::new(std::cell::RefCell::new(d))))
}

/// `locals()` where the interpreter did not compile it as a read of the
/// scope (at module level, or called through another name): the module's
/// variables.
fn locals(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    globals(host, a)
}

/// `eval(source, globals, locals)`.
fn eval(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    run_source(host, a, SourceKind::Eval)
}

/// `exec(source, globals, locals)`.
fn exec(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    run_source(host, a, SourceKind::Exec)
}

/// `eval` and `exec`: CPython's checks of the source and the namespaces,
/// then the interpreter runs it. `eval` drops the source's leading
/// spaces and tabs, as CPython's does.
fn run_source(host: &mut dyn Host, a: &mut Args, kind: SourceKind) -> Result<Value> {
    let name = kind.name();
    let source = match a.get(0) {
        Value::Str(s) => s.to_string(),
        Value::Bytes(b) => String::from_utf8(b.to_vec()).map_err(|_| {
            Error::new(
                ExcKind::SyntaxError,
                "(unicode error) 'utf-8' codec can't decode the source",
            )
        })?,
        _ => {
            return Err(Error::type_error(format!(
                "{name}() arg 1 must be a string, bytes or code object"
            )))
        }
    };
    let globals = match a.get(1) {
        Value::None => None,
        g @ Value::Dict(_) => Some(g.clone()),
        other => {
            return Err(Error::type_error(match kind {
                SourceKind::Eval => "globals must be a dict".to_string(),
                SourceKind::Exec => {
                    format!("exec() globals must be a dict, not {}", type_name(other))
                }
            }))
        }
    };
    let locals = match a.get(2) {
        Value::None => None,
        l @ Value::Dict(_) => Some(l.clone()),
        other => {
            return Err(Error::type_error(match kind {
                SourceKind::Eval => "locals must be a mapping".to_string(),
                SourceKind::Exec => {
                    format!("locals must be a mapping or None, not {}", type_name(other))
                }
            }))
        }
    };
    let source = match kind {
        SourceKind::Eval => source.trim_start_matches([' ', '\t']).to_string(),
        SourceKind::Exec => source,
    };
    host.run_source(&source, kind, globals, locals)
}

fn isinstance(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(instance_of(a.get(0), a.get(1))?))
}

/// `isinstance(obj, classinfo)`: a type, or a tuple of class infos, nested
/// to any depth as Python allows.
fn instance_of(obj: &Value, classinfo: &Value) -> Result<bool> {
    // The collections.abc types ask what an object does, user objects too.
    if let Value::Builtin(id) = classinfo {
        if crate::table::get(*id).module == "collections.abc" {
            return Ok(attr::is_instance(obj, *id));
        }
    }
    if let Some(r) = crate::py::class::instance_of(obj, classinfo) {
        return Ok(r);
    }
    match classinfo {
        Value::Builtin(id) if crate::table::get(*id).kind == Kind::Type => {
            Ok(attr::is_instance(obj, *id))
        }
        Value::ExcType(k) => {
            Ok(crate::py::exc::object(obj).is_some_and(|e| e.kind.is_subclass(*k)))
        }
        Value::Tuple(infos) => {
            for info in infos.iter() {
                if instance_of(obj, info)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Err(Error::type_error(
            "isinstance() arg 2 must be a type, a tuple of types, or a union",
        )),
    }
}

fn format(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let spec = match a.get(1) {
        Value::Str(s) => s.clone(),
        other => {
            return Err(Error::type_error(format!(
                "format() argument 2 must be str, not {}",
                type_name(other)
            )))
        }
    };
    Ok(Value::str(crate::py::class::format(host, a.get(0), &spec)?))
}

fn attr_name(v: &Value) -> Result<&str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "attribute name must be string, not '{}'",
            type_name(other)
        ))),
    }
}

fn getattr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.len() > 1 {
        return Err(Error::type_error(format!(
            "getattr expected at most 3 arguments, got {}",
            a.rest.len() + 2
        )));
    }
    // A NumPy text scalar names the attribute as the str it is; the
    // object keeps its NumPy type (`getattr(np.str_('a'), 'dtype')`).
    let name = crate::numpy::host::as_python(a.get(1).clone());
    let found = attr_of(host, a.get(0), attr_name(&name)?);
    match (found, a.rest.first()) {
        (Err(e), Some(default)) if e.kind() == crate::ExcKind::AttributeError => {
            Ok(default.clone())
        }
        (r, _) => r,
    }
}

/// `v.name`, user objects' descriptors and `__getattr__` included.
fn attr_of(host: &mut dyn Host, v: &Value, name: &str) -> Result<Value> {
    match crate::py::class::getattr(host, v, name) {
        Some(r) => r,
        None => ops::getattr(v, name),
    }
}

fn hasattr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = crate::numpy::host::as_python(a.get(1).clone());
    match attr_of(host, a.get(0), attr_name(&name)?) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if e.kind() == crate::ExcKind::AttributeError => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn setattr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let value = a.get(2).clone();
    let name = attr_name(a.get(1))?;
    match crate::py::class::setattr(host, a.get(0), name, value.clone()) {
        Some(r) => r?,
        None => ops::setattr(a.get(0), name, value)?,
    }
    Ok(Value::None)
}

fn id(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(crate::py::repr::object_id(a.get(0))))
}

fn hash(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::py::class::is_instance(a.get(0)) {
        return Ok(Value::Int(crate::py::class::hash(host, a.get(0))?));
    }
    Ok(Value::Int(crate::py::hash::hash(a.get(0))?))
}

fn divmod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(r) = crate::py::class::divmod(host, a.get(0), a.get(1)) {
        return r;
    }
    arith::divmod(a.get(0), a.get(1))
}

fn pow(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.get(2).is_none() {
        return ops::binary(BinOp::Pow, a.get(0), a.get(1));
    }
    let (Some(base), Some(exp), Some(m)) = (
        num::to_bigint(a.get(0)),
        num::to_bigint(a.get(1)),
        num::to_bigint(a.get(2)),
    ) else {
        return Err(Error::type_error(
            "pow() 3rd argument not allowed unless all arguments are integers",
        ));
    };
    if m.is_zero() {
        return Err(Error::value_error("pow() 3rd argument cannot be 0"));
    }
    let (base, exp) = if exp.is_negative() {
        let mabs = m.abs();
        let g = base.mod_floor(&mabs).extended_gcd(&mabs);
        if !num_traits::One::is_one(&g.gcd) {
            return Err(Error::value_error(
                "base is not invertible for the given modulus",
            ));
        }
        (g.x.mod_floor(&mabs), -exp)
    } else {
        (base, exp)
    };
    Ok(Value::from_bigint(base.modpow(&exp, &m)))
}

fn all(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut items = stream(a.get(0))?;
    let mut i = 0u32;
    while let Some(v) = items.next(host)? {
        i = i.wrapping_add(1);
        if i.is_multiple_of(4096) {
            host.check_interrupt()?;
        }
        if !ops::truthy(&v)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn any(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut items = stream(a.get(0))?;
    let mut i = 0u32;
    while let Some(v) = items.next(host)? {
        i = i.wrapping_add(1);
        if i.is_multiple_of(4096) {
            host.check_interrupt()?;
        }
        if ops::truthy(&v)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn radix(v: &Value, prefix: &str, fmt: fn(&BigInt) -> String) -> Result<Value> {
    let n = num::index_big(v)?;
    let sign = if n.is_negative() { "-" } else { "" };
    Ok(Value::str(format!("{sign}{prefix}{}", fmt(&n.abs()))))
}

fn hex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    radix(a.get(0), "0x", |n| format!("{n:x}"))
}

fn oct(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    radix(a.get(0), "0o", |n| format!("{n:o}"))
}

fn bin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    radix(a.get(0), "0b", |n| format!("{n:b}"))
}

fn ord(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::Str(s) => {
            let mut it = s.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => Ok(Value::Int(i64::from(u32::from(c)))),
                _ => Err(Error::type_error(format!(
                    "ord() expected a character, but string of length {} found",
                    s.chars().count()
                ))),
            }
        }
        other => Err(Error::type_error(format!(
            "ord() expected string of length 1, but {} found",
            type_name(other)
        ))),
    }
}

fn chr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let out_of_range = || Error::value_error("chr() arg not in range(0x110000)");
    let i = match v {
        Value::BigInt(_) => {
            return Err(Error::overflow("Python int too large to convert to C int"))
        }
        other => num::index_i64(other)?,
    };
    let c = u32::try_from(i)
        .ok()
        .filter(|c| *c < 0x110000)
        .ok_or_else(out_of_range)?;
    let c = char::from_u32(c)
        .ok_or_else(|| Error::value_error("surrogate code points are not supported"))?;
    Ok(Value::str(c.to_string()))
}

fn callable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(attr::callable(a.get(0))))
}

/// The table entry documenting class `c`: in its module, or in a package
/// above it (`numpy.polynomial` documents `numpy.polynomial.polynomial.Polynomial`).
fn documented_class(c: &crate::py::class::Class) -> Option<crate::table::FnId> {
    let mut module: &str = &c.module;
    loop {
        if let Some(id) = crate::table::lookup(module, c.name) {
            return Some(id);
        }
        module = &module[..module.rfind('.')?];
    }
}

/// `help(obj)`: the table's help text of a builtin, bound method or
/// documented class, the listing of a module, or the type of any other
/// value.
fn help(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = match a.get(0) {
        Value::Builtin(id) => crate::table::help_text(*id),
        Value::Method(m) => crate::table::help_text(m.func),
        // A method entry bound to an object of a class (`p.deriv`).
        Value::BoundMethod(m) if matches!(m.func, Value::Builtin(_)) => match &m.func {
            Value::Builtin(id) => crate::table::help_text(*id),
            _ => String::new(),
        },
        // A class the table documents in its module or a parent package
        // (`np.poly1d`, `np.polynomial.Polynomial`).
        Value::Class(c) if documented_class(c).is_some() => documented_class(c)
            .map(crate::table::help_text)
            .unwrap_or_default(),
        Value::Module(m) => {
            let mut out = format!("module {}:", m.name);
            for (_, d) in crate::table::members(&m.name) {
                out.push_str(&format!("\n  {}{}\n      {}", d.name, d.sig, d.doc));
            }
            out
        }
        other => format!("a {} object: {}", type_name(other), crate::ops::repr(other)),
    };
    host.write_out(&text);
    host.write_out("\n");
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_float_matches_cpython() {
        let cases: &[(f64, i64, f64)] = &[
            (2.675, 2, 2.67),
            (0.125, 2, 0.12),
            (0.375, 2, 0.38),
            (2.5, 0, 2.0),
            (12345.0, -2, 12300.0),
            (-0.5, 0, -0.0),
            (1.5e300, 2, 1.5e300),
            (0.0001, 2, 0.0),
            (12345.678, 2, 12345.68),
            (1e-5, 2, 0.0),
            (5e-324, 400, 5e-324),
        ];
        for (x, n, want) in cases {
            let got = round_float(*x, *n).unwrap();
            assert_eq!(got.to_bits(), want.to_bits(), "round({x}, {n}) = {got}");
        }
        assert_eq!(
            round_float(1.7976931348623157e308, -308).unwrap_err().msg(),
            "rounded value too large to represent"
        );
    }
}
