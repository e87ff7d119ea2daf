//! `functools.reduce` and `functools.partial`, and the `operator` module:
//! Python's operators as functions (`operator.add`), and the callable
//! objects `itemgetter` and `attrgetter`.

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::ops;
use crate::py::lazy::stream;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// A callable object of these modules.
pub enum Callable {
    /// `functools.partial(func, *args, **keywords)`.
    Partial {
        /// The function.
        func: Value,
        /// The arguments put first.
        args: Vec<Value>,
        /// The keyword arguments (a call's own override them).
        keywords: Kwargs,
    },
    /// `operator.itemgetter(*items)`.
    ItemGetter(Vec<Value>),
    /// `operator.attrgetter(*attrs)`: each a dotted name.
    AttrGetter(Vec<String>),
    /// `functools.lru_cache(maxsize)(func)` and `functools.cache(func)`:
    /// results by arguments, the least recently used dropped past
    /// `maxsize` (`None`: unbounded).
    Cache {
        /// The wrapped function.
        func: Value,
        /// Results by argument key, least recently used first.
        memo: std::cell::RefCell<crate::value::DictTable>,
        /// `maxsize`.
        maxsize: Option<usize>,
    },
    /// `functools.lru_cache(maxsize=...)`: the decorator it returns.
    CacheDecorator(Option<usize>),
    /// `np.vectorize(pyfunc, ...)`.
    Vectorize(Box<crate::numpy::vectorize::Vectorize>),
    /// `np.frompyfunc(func, nin, nout)`.
    FromPyFunc(Box<crate::numpy::host::object::FromPyFunc>),
    /// A special method of a NumPy value (`a.__add__`, `np.ndarray.__add__`).
    Dunder(Box<crate::numpy::dunder::Wrapper>),
}

impl Callable {
    /// Python's type name.
    pub fn type_name(&self) -> &'static str {
        match self {
            Callable::Partial { .. } => "functools.partial",
            Callable::ItemGetter(_) => "operator.itemgetter",
            Callable::AttrGetter(_) => "operator.attrgetter",
            Callable::Cache { .. } => "functools._lru_cache_wrapper",
            Callable::CacheDecorator(_) => "function",
            Callable::Vectorize(_) => "numpy.vectorize",
            Callable::FromPyFunc(_) => "numpy.ufunc",
            Callable::Dunder(w) => w.type_name(),
        }
    }

    /// `repr`: `functools.partial(<built-in function pow>, 2)`, `operator.itemgetter(1)`.
    pub fn repr(&self) -> String {
        match self {
            Callable::Partial {
                func,
                args,
                keywords,
            } => {
                let mut parts = vec![ops::repr(func)];
                parts.extend(args.iter().map(ops::repr));
                parts.extend(
                    keywords
                        .iter()
                        .map(|(k, v)| format!("{k}={}", ops::repr(v))),
                );
                format!("functools.partial({})", parts.join(", "))
            }
            Callable::ItemGetter(items) => {
                let parts: Vec<String> = items.iter().map(ops::repr).collect();
                format!("operator.itemgetter({})", parts.join(", "))
            }
            Callable::AttrGetter(names) => {
                let parts: Vec<String> =
                    names.iter().map(|n| crate::py::repr::str_repr(n)).collect();
                format!("operator.attrgetter({})", parts.join(", "))
            }
            Callable::Cache { func, .. } => {
                format!("<functools._lru_cache_wrapper of {}>", ops::repr(func))
            }
            Callable::CacheDecorator(_) => {
                "<function lru_cache.<locals>.decorating_function>".into()
            }
            Callable::Vectorize(v) => format!(
                "<numpy.vectorize object at {:#x}>",
                &**v as *const crate::numpy::vectorize::Vectorize as usize
            ),
            Callable::FromPyFunc(f) => f.repr(),
            Callable::Dunder(w) => w.repr(),
        }
    }

    /// `partial.func`, `.args`, `.keywords`.
    pub fn attr(&self, name: &str) -> Option<Value> {
        if let Callable::Vectorize(v) = self {
            return v.attr(name);
        }
        if let Callable::FromPyFunc(f) = self {
            return f.attr(name);
        }
        let Callable::Partial {
            func,
            args,
            keywords,
        } = self
        else {
            return None;
        };
        Some(match name {
            "func" => func.clone(),
            "args" => Value::tuple(args.clone()),
            "keywords" => {
                let mut d = crate::value::DictTable::default();
                for (k, v) in keywords {
                    d.insert(Value::Str(k.clone()), v.clone()).ok()?;
                }
                Value::dict(d)
            }
            _ => return None,
        })
    }

    /// Calls the object.
    pub fn call(&self, host: &mut dyn Host, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        match self {
            Callable::Vectorize(v) => v.call(host, args, kwargs),
            Callable::FromPyFunc(f) => f.call(host, args, kwargs),
            Callable::Dunder(w) => w.call(host, args, kwargs),
            Callable::CacheDecorator(maxsize) => {
                let func = one_arg(args, kwargs, "decorating_function")?;
                Ok(cache_value(func, *maxsize))
            }
            Callable::Cache {
                func,
                memo,
                maxsize,
            } => {
                // The key: the positional arguments, then a marker and the keywords.
                let mut key = args.clone();
                if !kwargs.is_empty() {
                    // One marker object for every call, as CPython's `kwd_mark`.
                    key.push(Object::missing());
                    for (k, v) in &kwargs {
                        key.push(Value::Str(k.clone()));
                        key.push(v.clone());
                    }
                }
                let key = Value::tuple(key);
                let hit = memo.borrow().get(&key)?;
                if let Some(v) = hit {
                    // Most recently used: to the end.
                    let mut m = memo.borrow_mut();
                    m.remove(&key)?;
                    m.insert(key, v.clone())?;
                    return Ok(v);
                }
                let v = host.call(func, args, kwargs)?;
                let mut m = memo.borrow_mut();
                if *maxsize == Some(0) {
                    return Ok(v);
                }
                m.insert(key, v.clone())?;
                if let Some(max) = maxsize {
                    while m.len() > *max {
                        let Some(oldest) = m.keys().into_iter().next() else {
                            break;
                        };
                        m.remove(&oldest)?;
                    }
                }
                Ok(v)
            }
            Callable::Partial {
                func,
                args: first,
                keywords,
            } => {
                let mut all = first.clone();
                all.extend(args);
                let mut kw: Kwargs = keywords
                    .iter()
                    .filter(|(k, _)| !kwargs.iter().any(|(n, _)| n == k))
                    .cloned()
                    .collect();
                kw.extend(kwargs);
                host.call(func, all, kw)
            }
            Callable::ItemGetter(items) => {
                let obj = one_arg(args, kwargs, "itemgetter")?;
                if let [item] = &items[..] {
                    return ops::getitem(&obj, item);
                }
                let got = items
                    .iter()
                    .map(|i| ops::getitem(&obj, i))
                    .collect::<Result<Vec<_>>>()?;
                Ok(Value::tuple(got))
            }
            Callable::AttrGetter(names) => {
                let obj = one_arg(args, kwargs, "attrgetter")?;
                let get = |name: &str| -> Result<Value> {
                    let mut v = obj.clone();
                    for part in name.split('.') {
                        v = ops::getattr(&v, part)?;
                    }
                    Ok(v)
                };
                if let [name] = &names[..] {
                    return get(name);
                }
                let got = names.iter().map(|n| get(n)).collect::<Result<Vec<_>>>()?;
                Ok(Value::tuple(got))
            }
        }
    }
}

/// The one positional argument of an itemgetter or attrgetter call.
fn one_arg(mut args: Vec<Value>, kwargs: Kwargs, name: &str) -> Result<Value> {
    if !kwargs.is_empty() {
        return Err(Error::type_error(format!(
            "{name}() takes no keyword arguments"
        )));
    }
    if args.len() != 1 {
        return Err(Error::type_error(format!(
            "{name} expected 1 argument, got {}",
            args.len()
        )));
    }
    Ok(args.remove(0))
}

fn object(c: Callable) -> Value {
    Value::Object(std::rc::Rc::new(Object::Callable(c)))
}

/// `functools.partial(func, *args, **keywords)` as a value.
pub fn partial_value(func: Value, args: Vec<Value>, keywords: Kwargs) -> Value {
    object(Callable::Partial {
        func,
        args,
        keywords,
    })
}

/// The functools and operator functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "functools", "reduce", "(function, iterable, /, *initial)", reduce,
        "Fold the iterable with a two-argument function, left to right (from initial if given).",
        ["functools.reduce(operator.mul, [1, 2, 3, 4])  # 24", "functools.reduce(operator.add, [], 0)  # 0",
         "functools.reduce(operator.add, [])  # TypeError: reduce() of empty iterable with no initial value"]),
    entry!(Function, Builtin, "functools", "lru_cache", "(maxsize=128, typed=False)", lru_cache,
        "A decorator caching a function's results by its arguments, keeping the maxsize most recently used (None: all).",
        ["callable(functools.lru_cache(maxsize=None))  # True", "functools.lru_cache(maxsize=2)(abs)(-3)  # 3"]),
    entry!(Function, Builtin, "functools", "cache", "(user_function, /)", cache,
        "A decorator caching every result of a function by its arguments (lru_cache(maxsize=None)).",
        ["functools.cache(abs)(-4)  # 4"]),
    entry!(Type, Builtin, "functools", "partial", "(func, /, *args, **keywords)", partial,
        "A callable that calls func with these arguments first (and these keywords, unless the call gives its own).",
        ["functools.partial(pow, 2)(10)  # 1024", "functools.partial(int, base=2)('101')  # 5"]),
    entry!(Type, Builtin, "operator", "itemgetter", "(item, /, *items)", itemgetter,
        "A callable returning obj[item] (a tuple for several items).", ["operator.itemgetter(1)([5, 6])  # 6", "operator.itemgetter(0, 2)('abc')  # ('a', 'c')"]),
    entry!(Type, Builtin, "operator", "attrgetter", "(attr, /, *attrs)", attrgetter,
        "A callable returning obj.attr (dotted names follow attributes; a tuple for several).", ["operator.attrgetter('real')(3)  # 3"]),
    entry!(Function, Builtin, "operator", "add", "(a, b, /)", add, "a + b.", ["operator.add(1, 2)  # 3"]),
    entry!(Function, Builtin, "operator", "sub", "(a, b, /)", sub_, "a - b.", ["operator.sub(5, 3)  # 2"]),
    entry!(Function, Builtin, "operator", "mul", "(a, b, /)", mul, "a * b.", ["operator.mul(3, 4)  # 12"]),
    entry!(Function, Builtin, "operator", "truediv", "(a, b, /)", truediv, "a / b.", ["operator.truediv(1, 2)  # 0.5"]),
    entry!(Function, Builtin, "operator", "floordiv", "(a, b, /)", floordiv, "a // b.", ["operator.floordiv(7, 2)  # 3"]),
    entry!(Function, Builtin, "operator", "mod", "(a, b, /)", mod_, "a % b.", ["operator.mod(7, 3)  # 1"]),
    entry!(Function, Builtin, "operator", "pow", "(a, b, /)", pow, "a ** b.", ["operator.pow(2, 5)  # 32"]),
    entry!(Function, Builtin, "operator", "matmul", "(a, b, /)", matmul, "a @ b.", ["operator.matmul(np.eye(2), np.ones(2))  # array([1., 1.])"]),
    entry!(Function, Builtin, "operator", "and_", "(a, b, /)", and_, "a & b.", ["operator.and_(6, 3)  # 2"]),
    entry!(Function, Builtin, "operator", "or_", "(a, b, /)", or_, "a | b.", ["operator.or_(1, 2)  # 3"]),
    entry!(Function, Builtin, "operator", "xor", "(a, b, /)", xor, "a ^ b.", ["operator.xor(3, 1)  # 2"]),
    entry!(Function, Builtin, "operator", "concat", "(a, b, /)", concat, "a + b for sequences.", ["operator.concat([1], [2])  # [1, 2]"]),
    entry!(Function, Builtin, "operator", "neg", "(a, /)", neg, "-a.", ["operator.neg(2)  # -2"]),
    entry!(Function, Builtin, "operator", "pos", "(a, /)", pos, "+a.", ["operator.pos(-2)  # -2"]),
    entry!(Function, Builtin, "operator", "abs", "(a, /)", abs, "abs(a).", ["operator.abs(-3)  # 3"]),
    entry!(Function, Builtin, "operator", "not_", "(a, /)", not_, "not a.", ["operator.not_(0)  # True"]),
    entry!(Function, Builtin, "operator", "truth", "(a, /)", truth, "bool(a).", ["operator.truth([])  # False"]),
    entry!(Function, Builtin, "operator", "eq", "(a, b, /)", eq, "a == b.", ["operator.eq(1, 1.0)  # True"]),
    entry!(Function, Builtin, "operator", "ne", "(a, b, /)", ne, "a != b.", ["operator.ne(1, 2)  # True"]),
    entry!(Function, Builtin, "operator", "lt", "(a, b, /)", lt, "a < b.", ["operator.lt(1, 2)  # True"]),
    entry!(Function, Builtin, "operator", "le", "(a, b, /)", le, "a <= b.", ["operator.le(2, 2)  # True"]),
    entry!(Function, Builtin, "operator", "gt", "(a, b, /)", gt, "a > b.", ["operator.gt(1, 2)  # False"]),
    entry!(Function, Builtin, "operator", "ge", "(a, b, /)", ge, "a >= b.", ["operator.ge(1, 2)  # False"]),
    entry!(Function, Builtin, "operator", "getitem", "(a, b, /)", getitem, "a[b].", ["operator.getitem([1, 2], 0)  # 1"]),
    entry!(Function, Builtin, "operator", "contains", "(a, b, /)", contains, "b in a.", ["operator.contains([1], 1)  # True"]),
    entry!(Function, Builtin, "operator", "is_", "(a, b, /)", is_, "a is b.", ["operator.is_(None, None)  # True"]),
    entry!(Function, Builtin, "operator", "is_not", "(a, b, /)", is_not, "a is not b.", ["operator.is_not(1, None)  # True"]),
    entry!(Function, Builtin, "operator", "index", "(a, /)", index, "a as an int (its __index__).", ["operator.index(5)  # 5"]),
];

fn reduce(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    let mut items = stream(a.get(1))?;
    if a.rest.len() > 1 {
        return Err(Error::type_error(format!(
            "reduce expected at most 3 arguments, got {}",
            a.rest.len() + 2
        )));
    }
    let mut acc = match a.rest.first() {
        Some(v) => v.clone(),
        None => match items.next(host)? {
            Some(v) => v,
            None => {
                return Err(Error::type_error(
                    "reduce() of empty iterable with no initial value",
                ))
            }
        },
    };
    while let Some(v) = items.next(host)? {
        acc = host.call(&func, vec![acc, v], Vec::new())?;
    }
    Ok(acc)
}

/// A caching wrapper of `func`.
fn cache_value(func: Value, maxsize: Option<usize>) -> Value {
    object(Callable::Cache {
        func,
        memo: std::cell::RefCell::new(crate::value::DictTable::default()),
        maxsize,
    })
}

/// `lru_cache(maxsize=128)` returns a decorator; `@lru_cache` without
/// parentheses wraps the function at once.
fn lru_cache(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::None => Ok(object(Callable::CacheDecorator(None))),
        f if crate::py::attr::callable(f) => Ok(cache_value(f.clone(), Some(128))),
        Value::Int(n) => Ok(object(Callable::CacheDecorator(Some((*n).max(0) as usize)))),
        _ => Err(Error::type_error(
            "Expected first argument to be an integer, a callable, or None",
        )),
    }
}

fn cache(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(cache_value(a.get(0).clone(), None))
}

fn partial(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    if !crate::py::attr::callable(&func) {
        return Err(Error::type_error("the first argument must be callable"));
    }
    let keywords: Kwargs = match a.get(1) {
        Value::Dict(d) => d
            .borrow()
            .iter()
            .map(|(k, v)| (std::rc::Rc::from(ops::to_str(k).as_str()), v.clone()))
            .collect(),
        _ => Vec::new(),
    };
    Ok(object(Callable::Partial {
        func,
        args: a.rest.clone(),
        keywords,
    }))
}

fn itemgetter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut items = vec![a.get(0).clone()];
    items.extend(a.rest.iter().cloned());
    Ok(object(Callable::ItemGetter(items)))
}

fn attrgetter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut names = Vec::new();
    for v in std::iter::once(a.get(0)).chain(a.rest.iter()) {
        match v {
            Value::Str(s) => names.push(s.to_string()),
            _ => return Err(Error::type_error("attribute name must be a string")),
        }
    }
    Ok(object(Callable::AttrGetter(names)))
}

fn bin(a: &Args, op: BinOp) -> Result<Value> {
    ops::binary(op, a.get(0), a.get(1))
}

fn cmp(a: &Args, op: CmpOp) -> Result<Value> {
    ops::compare(op, a.get(0), a.get(1))
}

fn add(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Add)
}
fn sub_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Sub)
}
fn mul(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Mul)
}
fn truediv(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Div)
}
fn floordiv(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::FloorDiv)
}
fn mod_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Mod)
}
fn pow(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::Pow)
}
fn matmul(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::MatMul)
}
fn and_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::BitAnd)
}
fn or_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::BitOr)
}
fn xor(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    bin(a, BinOp::BitXor)
}
fn concat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sequence = |v: &Value| {
        matches!(
            v,
            Value::Str(_)
                | Value::List(_)
                | Value::Tuple(_)
                | Value::Bytes(_)
                | Value::ByteArray(_)
        )
    };
    if !sequence(a.get(0)) {
        return Err(Error::type_error(format!(
            "'{}' object can't be concatenated",
            ops::type_name(a.get(0))
        )));
    }
    bin(a, BinOp::Add)
}
fn neg(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ops::unary(UnaryOp::Neg, a.get(0))
}
fn pos(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ops::unary(UnaryOp::Pos, a.get(0))
}
fn abs(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let id = crate::table::lookup_builtin("abs").ok_or_else(|| Error::type_error("abs"))?;
    crate::table::call(host, id, vec![a.get(0).clone()], Vec::new())
}
fn not_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(!ops::truthy(a.get(0))?))
}
fn truth(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(ops::truthy(a.get(0))?))
}
fn eq(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::Eq)
}
fn ne(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::NotEq)
}
fn lt(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::Lt)
}
fn le(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::LtE)
}
fn gt(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::Gt)
}
fn ge(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::GtE)
}
fn getitem(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ops::getitem(a.get(0), a.get(1))
}
fn contains(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(
        &Args {
            values: vec![a.get(1).clone(), a.get(0).clone()],
            rest: Vec::new(),
        },
        CmpOp::In,
    )
}
fn is_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::Is)
}
fn is_not(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cmp(a, CmpOp::IsNot)
}
fn index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    // NumPy's integers (not its bool) are indexes, and so is an integer
    // array of one element with no dimensions.
    match v {
        Value::Scalar(s) if s.dtype().is_integer() => return crate::numpy::conv::py_number(v),
        Value::Array(arr) => {
            if arr.ndim() == 0 && arr.dtype().is_integer() {
                return crate::numpy::conv::py_number(v);
            }
            return Err(Error::type_error(
                "only integer scalar arrays can be converted to a scalar index",
            ));
        }
        _ => {}
    }
    if !crate::py::num::is_int(v) {
        return Err(Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            ops::type_name(v)
        )));
    }
    Ok(match v {
        Value::Bool(b) => Value::Int(i64::from(*b)),
        Value::Scalar(_) => crate::numpy::conv::py_number(v)?,
        other => other.clone(),
    })
}
