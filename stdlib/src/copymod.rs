//! The `copy` module: `copy.copy` (a shallow copy) and `copy.deepcopy`
//! (a copy all the way down, each shared or cyclic part copied once), as
//! CPython's module makes them. A class's own `__copy__` and
//! `__deepcopy__(memo)` are called when it defines them; an instance of
//! any other class is a new instance of it with a copy of its `__dict__`.
//! NumPy arrays copy as `ndarray.__copy__`/`__deepcopy__` do (new
//! memory; an object array's elements deep-copied too).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::class::{Attrs, Instance};
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// The entries.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "copy", "copy", "(x)", copy,
        "A shallow copy of x: a new list, dict, set, bytearray or array with the same items (the items themselves shared); a new instance of x's class with the same attributes, or what x.__copy__() returns; immutable values (numbers, str, tuples, ...) are returned as they are.",
        ["a = [[1], 2]; b = copy.copy(a); b[0] is a[0]  # True"]),
    entry!(Function, Builtin, "copy", "deepcopy", "(x, memo=None, _nil=[])", deepcopy,
        "A deep copy of x: containers and instances copied with everything they hold, recursively; a part reachable twice is copied once (cycles too), memo maps id() of what was copied to its copy. A class's __deepcopy__(memo) is used when defined.",
        ["a = [[1], 2]; b = copy.deepcopy(a); b[0] is a[0]  # False",
         "a = [1]; b = copy.deepcopy([a, a]); b[0] is b[1]  # True"]),
];

/// Whether `x` is a value no operation changes, which both copies
/// return as it is (CPython's `_copy_immutable` and `_deepcopy_atomic`
/// types; tuples and frozensets only for the shallow copy).
fn immutable(x: &Value) -> bool {
    matches!(
        x,
        Value::None
            | Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::Bytes(_)
            | Value::Range(_)
            | Value::Slice(_)
            | Value::Ellipsis
            | Value::Builtin(_)
            | Value::Function(_)
            | Value::Module(_)
            | Value::Class(_)
            | Value::Scalar(_)
            | Value::DType(_)
            | Value::HostDType(_)
            | Value::ExcType(_)
    )
}

/// `x.name(*args)` when x's class (or x, a native value) has the method.
fn call_method(
    host: &mut dyn Host,
    x: &Value,
    name: &str,
    args: Vec<Value>,
) -> Option<Result<Value>> {
    let m = match x {
        // The method of the class (CPython looks the copy protocol up
        // on the type).
        Value::Instance(inst) => {
            inst.class.lookup(name)?;
            crate::py::class::getattr(host, x, name)?
        }
        _ => crate::ops::getattr(x, name).ok().map(Ok)?,
    };
    Some(m.and_then(|m| host.call(&m, args, Vec::new())))
}

/// `x.copy()` of a NumPy array subclass made as a class (a masked array,
/// a matrix): both copies of one are NumPy's `ndarray.__copy__`, new
/// data and mask.
fn subclass_copy(host: &mut dyn Host, x: &Value) -> Option<Result<Value>> {
    if !crate::numpy::ma::is_ma(x) && !crate::numpy::matrix::is_matrix(x) {
        return None;
    }
    let m = match crate::py::class::getattr(host, x, "copy") {
        Some(Ok(m)) => Ok(m),
        _ => crate::ops::getattr(x, "copy"),
    };
    Some(m.and_then(|m| host.call(&m, Vec::new(), Vec::new())))
}

/// A new instance of `inst`'s class whose attributes are `attrs`.
fn instance_like(inst: &Instance, attrs: Attrs) -> Value {
    Value::Instance(Rc::new(Instance {
        class: inst.class.clone(),
        attrs: RefCell::new(attrs),
        args: RefCell::new(inst.args.borrow().clone()),
    }))
}

fn copy(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0);
    if immutable(x) || matches!(x, Value::Tuple(_) | Value::FrozenSet(_)) {
        return Ok(x.clone());
    }
    if let Value::Object(o) = x {
        if let Some(copied) = copy_random(o, |v| Ok(v.clone())) {
            return Ok(Value::Object(Rc::new(copied?)));
        }
    }
    Ok(match x {
        Value::List(l) => Value::list(l.borrow().clone()),
        Value::Dict(d) => Value::dict(d.borrow().clone()),
        Value::Set(s) => Value::set(s.borrow().clone()),
        Value::ByteArray(b) => Value::ByteArray(Rc::new(RefCell::new(b.borrow().clone()))),
        Value::Instance(inst) => {
            match call_method(host, x, "__copy__", Vec::new()).or_else(|| subclass_copy(host, x)) {
                Some(r) => r?,
                None => {
                    let mut attrs = Attrs::default();
                    for (k, v) in inst.attrs.borrow().items() {
                        attrs.set(k, v.clone());
                    }
                    instance_like(inst, attrs)
                }
            }
        }
        other => match call_method(host, other, "__copy__", Vec::new())
            .or_else(|| call_method(host, other, "copy", Vec::new()))
        {
            Some(r) => r?,
            None => return Err(cannot_copy(other)),
        },
    })
}

/// CPython's error for a value its copy protocol cannot take.
fn cannot_copy(x: &Value) -> Error {
    Error::type_error(format!(
        "cannot pickle '{}' object",
        crate::ops::type_name(x)
    ))
}

/// The copies made so far in one `deepcopy`, by `id()` of the original;
/// the memo dict the user passed, if any, kept in step.
struct Memo {
    copies: HashMap<i64, Value>,
    user: Option<Value>,
    /// How deep the copy is nested now.
    depth: usize,
}

/// How deeply nested a value `deepcopy` takes (CPython's default
/// recursion limit; it fails at about half of it).
const MAX_DEPTH: usize = 1000;

impl Memo {
    fn get(&self, x: &Value) -> Option<Value> {
        self.copies.get(&crate::py::repr::object_id(x)).cloned()
    }

    fn put(&mut self, x: &Value, copied: &Value) -> Result<()> {
        let id = crate::py::repr::object_id(x);
        self.copies.insert(id, copied.clone());
        if let Some(Value::Dict(d)) = &self.user {
            d.borrow_mut().insert(Value::Int(id), copied.clone())?;
        }
        Ok(())
    }
}

fn deepcopy(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut memo = Memo {
        copies: HashMap::new(),
        user: None,
        depth: 0,
    };
    match a.get(1) {
        Value::None => {}
        d @ Value::Dict(table) => {
            for (k, v) in table.borrow().pairs() {
                if let Value::Int(id) = k {
                    memo.copies.insert(id, v);
                }
            }
            memo.user = Some(d.clone());
        }
        // CPython calls `memo.get(id(x))` first.
        other => {
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'get'",
                crate::ops::type_name(other)
            )))
        }
    }
    deep(host, a.get(0), &mut memo)
}

/// `copy.deepcopy(x)` with the copies made so far.
fn deep(host: &mut dyn Host, x: &Value, memo: &mut Memo) -> Result<Value> {
    if immutable(x) {
        return Ok(x.clone());
    }
    if memo.depth >= MAX_DEPTH {
        return Err(Error::new(
            crate::ExcKind::RecursionError,
            "maximum recursion depth exceeded",
        ));
    }
    memo.depth += 1;
    let out = deep_inner(host, x, memo);
    memo.depth -= 1;
    out
}

/// [`deep`] of a value that is not immutable.
fn deep_inner(host: &mut dyn Host, x: &Value, memo: &mut Memo) -> Result<Value> {
    if let Some(done) = memo.get(x) {
        return Ok(done);
    }
    if let Value::Object(o) = x {
        if let Some(copied) = copy_random(o, |v| deep(host, v, memo)) {
            let out = Value::Object(Rc::new(copied?));
            memo.put(x, &out)?;
            return Ok(out);
        }
    }
    let out = match x {
        Value::List(l) => {
            let out = Rc::new(RefCell::new(Vec::new()));
            memo.put(x, &Value::List(out.clone()))?;
            let items = l.borrow().clone();
            for v in &items {
                let c = deep(host, v, memo)?;
                out.borrow_mut().push(c);
            }
            return Ok(Value::List(out));
        }
        Value::Dict(d) => {
            // Of the same kind (Counter, defaultdict, OrderedDict).
            let mut empty = d.borrow().clone();
            empty.clear();
            let out = Rc::new(RefCell::new(empty));
            memo.put(x, &Value::Dict(out.clone()))?;
            let pairs = d.borrow().pairs();
            for (k, v) in &pairs {
                let (k, v) = (deep(host, k, memo)?, deep(host, v, memo)?);
                out.borrow_mut().insert(k, v)?;
            }
            return Ok(Value::Dict(out));
        }
        Value::Tuple(items) => {
            let copied = items
                .iter()
                .map(|v| deep(host, v, memo))
                .collect::<Result<Vec<_>>>()?;
            // A tuple of items that copy to themselves is itself; a
            // tuple reached again while its items were copied (a cycle
            // through a list) is that copy.
            if let Some(done) = memo.get(x) {
                return Ok(done);
            }
            if copied
                .iter()
                .zip(items.iter())
                .all(|(c, v)| crate::py::compare::is(c, v))
            {
                x.clone()
            } else {
                Value::tuple(copied)
            }
        }
        Value::Set(s) => {
            let items = s.borrow().to_vec();
            let copied = items
                .iter()
                .map(|v| deep(host, v, memo))
                .collect::<Result<Vec<_>>>()?;
            Value::set(crate::py::set::SetTable::from_items(copied)?)
        }
        Value::FrozenSet(s) => {
            let copied = s
                .to_vec()
                .iter()
                .map(|v| deep(host, v, memo))
                .collect::<Result<Vec<_>>>()?;
            Value::FrozenSet(Rc::new(crate::py::set::SetTable::from_items(copied)?))
        }
        Value::ByteArray(b) => Value::ByteArray(Rc::new(RefCell::new(b.borrow().clone()))),
        Value::Object(o) if matches!(&**o, crate::value::Object::Deque(_)) => {
            let crate::value::Object::Deque(d) = &**o else {
                return Err(cannot_copy(x));
            };
            let (items, maxlen) = {
                let d = d.borrow();
                (d.items.iter().cloned().collect::<Vec<_>>(), d.maxlen)
            };
            let out = Rc::new(crate::value::Object::Deque(RefCell::new(
                crate::collections::Deque {
                    items: std::collections::VecDeque::with_capacity(items.len()),
                    maxlen,
                },
            )));
            memo.put(x, &Value::Object(out.clone()))?;
            for v in &items {
                let c = deep(host, v, memo)?;
                if let crate::value::Object::Deque(d) = &*out {
                    d.borrow_mut().items.push_back(c);
                }
            }
            return Ok(Value::Object(out));
        }
        Value::Instance(inst) => {
            let memo_dict = memo_value(memo);
            match call_method(host, x, "__deepcopy__", vec![memo_dict])
                .or_else(|| subclass_copy(host, x))
            {
                Some(r) => r?,
                None => {
                    let out = instance_like(inst, Attrs::default());
                    memo.put(x, &out)?;
                    let items: Vec<(Rc<str>, Value)> = inst.attrs.borrow().items().to_vec();
                    if let Value::Instance(o) = &out {
                        for (k, v) in &items {
                            let c = deep(host, v, memo)?;
                            o.attrs.borrow_mut().set(k, c);
                        }
                        let args = inst.args.borrow().clone();
                        let args = args
                            .iter()
                            .map(|v| deep(host, v, memo))
                            .collect::<Result<Vec<_>>>()?;
                        *o.args.borrow_mut() = args;
                    }
                    return Ok(out);
                }
            }
        }
        other => {
            let memo_dict = memo_value(memo);
            match call_method(host, other, "__deepcopy__", vec![memo_dict])
                .or_else(|| call_method(host, other, "__copy__", Vec::new()))
                .or_else(|| call_method(host, other, "copy", Vec::new()))
            {
                Some(r) => r?,
                None => return Err(cannot_copy(other)),
            }
        }
    };
    memo.put(x, &out)?;
    Ok(out)
}

/// The copy of one of numpy.random's objects with a state, as NumPy's
/// pickling makes it: a new object in the same state, drawing the same
/// numbers from then on, holding what `child` makes of the objects it
/// holds (a generator's bit generator, a bit generator's seed sequence):
/// themselves for `copy.copy` (a generator's copy draws from the same bit
/// generator), their deep copies for `copy.deepcopy`. `None` for any other
/// object.
fn copy_random(
    o: &Object,
    mut child: impl FnMut(&Value) -> Result<Value>,
) -> Option<Result<Object>> {
    use crate::numpy::bitgen::{BitGenObj, SeedSeqObj};
    let copied = match o {
        Object::Generator(bit_generator) => child(bit_generator).map(Object::Generator),
        Object::BitGenerator(b) => child(&b.seed_seq).map(|seed_seq| {
            Object::BitGenerator(BitGenObj {
                gen: RefCell::new(b.gen.borrow().clone()),
                seed_seq,
            })
        }),
        Object::SeedSequence(s) => Ok(Object::SeedSequence(SeedSeqObj {
            entropy: s.entropy.clone(),
            spawn_key: s.spawn_key.clone(),
            pool_size: s.pool_size,
            n_children_spawned: s.n_children_spawned.clone(),
            ss: s.ss.clone(),
        })),
        Object::RandomState(state, bit_generator) => bit_generator
            .as_ref()
            .map(child)
            .transpose()
            .map(|b| Object::RandomState(RefCell::new(state.borrow().clone()), b)),
        _ => return None,
    };
    Some(copied)
}

/// The memo as the dict a `__deepcopy__(memo)` method is given.
fn memo_value(memo: &mut Memo) -> Value {
    if let Some(d) = &memo.user {
        return d.clone();
    }
    let mut t = crate::py::dict::DictTable::new();
    for (id, v) in &memo.copies {
        // Ints never fail to hash.
        let _ = t.insert(Value::Int(*id), v.clone());
    }
    let d = Value::dict(t);
    memo.user = Some(d.clone());
    d
}
