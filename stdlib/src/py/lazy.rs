//! Python's iterator objects: generator expressions, `map`, `filter`,
//! `zip`, `enumerate`, `reversed` and what `iter()` returns. Each is
//! stepped one item at a time, and stepping may run user code (a
//! generator's body, `map`'s function), so it goes through the [`Host`]:
//! [`Stream::next`] is the one way to walk any iterable lazily, and
//! [`collect`] drains one.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use super::iter::{iterate, ValueIter};
use crate::host::{GenInput, Host};
use crate::ops;
use crate::value::{DictTable, SetTable, Value};
use crate::{Error, Result};

/// An iterator object (`Value::Iter`).
pub struct IterObj {
    /// Its state; borrowed while it steps (a generator stepping itself is
    /// `ValueError: generator already executing`).
    state: RefCell<IterState>,
    /// Python's type name (`generator`, `map`, `list_iterator`).
    type_name: &'static str,
    /// A generator function's `__qualname__` (its repr names it); `None`
    /// for a generator expression and the other iterators.
    qualname: Option<Rc<str>>,
}

/// What an iterator object does on each step.
pub enum IterState {
    /// The items of a container, as `iter(container)` walks it.
    Items(ValueIter),
    /// `map(func, *iterables)`.
    Map(Value, Vec<Stream>),
    /// `filter(func, iterable)`; `func` None keeps the true items.
    Filter(Value, Stream),
    /// `zip(*iterables, strict=False)`.
    Zip(Vec<Stream>, bool),
    /// `enumerate(iterable, start)`: the next count.
    Enumerate(Stream, Value),
    /// An `itertools` iterator.
    Tool(Box<crate::itertools::Tool>),
    /// A generator expression: the interpreter's suspended state, stepped
    /// by [`Host::resume`].
    Generator(Box<dyn Any>),
    /// Any walk (a user object's items, as `iter()` of it makes).
    Stream(Box<Stream>),
    /// `np.broadcast(...)`: positions stepped in C order; never `Done`,
    /// since `reset()` starts it again.
    Broadcast(Rc<crate::numpy::broadcast::Broadcast>),
    /// `np.nditer(...)`: never `Done` either (`reset()`).
    NdIter(Rc<crate::numpy::nditer::NdIter>),
    /// Finished: every later step is the end.
    Done,
}

impl IterObj {
    /// A new iterator object with Python type name `type_name`, as a value.
    pub fn value(type_name: &'static str, state: IterState) -> Value {
        Value::Iter(Rc::new(IterObj {
            state: RefCell::new(state),
            type_name,
            qualname: None,
        }))
    }

    /// The generator object a call of generator function `qualname` makes.
    pub fn generator(qualname: Rc<str>, state: IterState) -> Value {
        Value::Iter(Rc::new(IterObj {
            state: RefCell::new(state),
            type_name: "generator",
            qualname: Some(qualname),
        }))
    }

    /// Runs `f` on a generator's own state (what the interpreter keeps in
    /// it); `None` for any other iterator, or one running now.
    pub fn with_generator<R>(&self, f: impl FnOnce(&mut dyn Any) -> R) -> Option<R> {
        let mut state = self.state.try_borrow_mut().ok()?;
        match &mut *state {
            IterState::Generator(g) => Some(f(g.as_mut())),
            _ => None,
        }
    }

    /// A generator function's `__qualname__`.
    pub fn qualname(&self) -> Option<&str> {
        self.qualname.as_deref()
    }

    /// `gen.send(v)` / `gen.throw(e)`: the generator resumed with `input`;
    /// its next value, or `None` when it ended (StopIteration).
    pub fn send(&self, host: &mut dyn Host, input: GenInput) -> Result<Option<Value>> {
        let Ok(mut state) = self.state.try_borrow_mut() else {
            return Err(Error::value_error(format!(
                "{} already executing",
                self.type_name
            )));
        };
        let item = match &mut *state {
            IterState::Generator(g) => host.resume_with(g.as_mut(), Some(input)),
            IterState::Done => match input {
                GenInput::Throw(v) => Err(super::exc::to_raise(&v)?.0),
                GenInput::Send(_) => Ok(None),
            },
            _ => Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'send'",
                self.type_name
            ))),
        };
        if !matches!(item, Ok(Some(_))) {
            *state = IterState::Done;
        }
        item
    }

    /// The state of an `np.broadcast` object; `None` for other iterators
    /// (or one stepping now).
    pub fn broadcast(&self) -> Option<Rc<crate::numpy::broadcast::Broadcast>> {
        match &*self.state.try_borrow().ok()? {
            IterState::Broadcast(b) => Some(b.clone()),
            _ => None,
        }
    }

    /// The state of an `np.nditer` object; `None` for other iterators
    /// (or one stepping now).
    pub fn nditer(&self) -> Option<Rc<crate::numpy::nditer::NdIter>> {
        match &*self.state.try_borrow().ok()? {
            IterState::NdIter(n) => Some(n.clone()),
            _ => None,
        }
    }

    /// Python's type name.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The next item, or `None` at the end (`StopIteration`).
    pub fn next(&self, host: &mut dyn Host) -> Result<Option<Value>> {
        let Ok(mut state) = self.state.try_borrow_mut() else {
            return Err(Error::value_error(format!(
                "{} already executing",
                self.type_name
            )));
        };
        let item = step(&mut state, host);
        match &item {
            Ok(Some(_)) => {}
            // An exhausted iterator stays exhausted, and so does a
            // generator whose body raised; `map` and the others go on
            // after an error in their function, as CPython's do.
            Ok(None) if !matches!(*state, IterState::Broadcast(_) | IterState::NdIter(_)) => {
                *state = IterState::Done
            }
            Ok(None) => {}
            Err(_) if matches!(*state, IterState::Generator(_)) => *state = IterState::Done,
            Err(_) => {}
        }
        item
    }
}

fn step(state: &mut IterState, host: &mut dyn Host) -> Result<Option<Value>> {
    match state {
        IterState::Items(it) => Ok(it.next()),
        IterState::Stream(s) => s.next(host),
        IterState::Broadcast(b) => b.step(),
        IterState::NdIter(n) => n.step(),
        IterState::Map(func, its) => {
            let mut args = Vec::with_capacity(its.len());
            for it in its.iter_mut() {
                match it.next(host)? {
                    Some(v) => args.push(v),
                    None => return Ok(None),
                }
            }
            host.call(func, args, Vec::new()).map(Some)
        }
        IterState::Filter(func, it) => loop {
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            let keep = match &*func {
                Value::None => ops::truthy(&v)?,
                f => ops::truthy(&host.call(f, vec![v.clone()], Vec::new())?)?,
            };
            if keep {
                return Ok(Some(v));
            }
        },
        IterState::Zip(its, strict) => {
            let mut row = Vec::with_capacity(its.len());
            for (i, it) in its.iter_mut().enumerate() {
                match it.next(host)? {
                    Some(v) => row.push(v),
                    None if *strict && i > 0 => return Err(zip_length_error(i, "shorter")),
                    None => {
                        if *strict {
                            for (j, rest) in its.iter_mut().enumerate().skip(1) {
                                if rest.next(host)?.is_some() {
                                    return Err(zip_length_error(j, "longer"));
                                }
                            }
                        }
                        return Ok(None);
                    }
                }
            }
            if row.is_empty() {
                return Ok(None);
            }
            Ok(Some(Value::tuple(row)))
        }
        IterState::Enumerate(it, count) => {
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            let n = count.clone();
            *count = ops::binary(xpush_lang::ast::BinOp::Add, count, &Value::Int(1))?;
            Ok(Some(Value::tuple(vec![n, v])))
        }
        IterState::Tool(t) => crate::itertools::step(t, host),
        IterState::Generator(g) => host.resume(&mut **g),
        IterState::Done => Ok(None),
    }
}

/// `zip(strict=True)`'s error for argument `i` (0-based) being `shorter`
/// or `longer` than the ones before it.
fn zip_length_error(i: usize, what: &str) -> Error {
    let before = if i == 1 {
        "argument 1".to_string()
    } else {
        format!("arguments 1-{i}")
    };
    Error::value_error(format!("zip() argument {} is {what} than {before}", i + 1))
}

/// A walk over any iterable: a container's items directly, or an
/// iterator object stepped through the host.
pub enum Stream {
    /// A container (or host-free iterator) walked in place.
    Plain(ValueIter),
    /// A dict (or a view of one) walked in place, with its length when
    /// the walk began: a loop that adds or removes keys is an error, as
    /// in CPython.
    Dict(ValueIter, Rc<RefCell<DictTable>>, usize),
    /// A set's keys as they were when the walk began, and the set: a loop
    /// that changes its size is an error, as in CPython.
    Set(ValueIter, Rc<RefCell<SetTable>>, usize),
    /// An iterator object.
    Lazy(Rc<IterObj>),
    /// A user object: its `__iter__` called on the first step, then the
    /// `__next__` of what that returned (or its `__getitem__` with 0, 1,
    /// ... up to an IndexError, the older sequence protocol).
    User(Box<UserIter>),
}

/// The state of a [`Stream::User`].
pub enum UserIter {
    /// `__iter__` not called yet.
    Start(Value),
    /// Stepping a user iterator's `__next__`.
    Next(Value),
    /// Stepping a sequence's `__getitem__`: the object and the next index.
    Index(Value, i64),
    /// `__iter__` returned a builtin iterable.
    Inner(Stream),
    /// Exhausted.
    Done,
}

impl UserIter {
    fn next(&mut self, host: &mut dyn Host) -> Result<Option<Value>> {
        loop {
            match self {
                UserIter::Start(obj) => {
                    let obj = obj.clone();
                    *self = if super::class::special_of(&obj, "__iter__") {
                        let it =
                            super::class::call_special(host, &obj, "__iter__", Vec::new(), "")?;
                        let non_iterator = || {
                            Error::type_error(format!(
                                "iter() returned non-iterator of type '{}'",
                                ops::type_name(&it)
                            ))
                        };
                        match &it {
                            Value::Instance(_) if super::class::special_of(&it, "__next__") => {
                                UserIter::Next(it)
                            }
                            Value::Iter(_) => UserIter::Inner(stream(&it)?),
                            _ => return Err(non_iterator()),
                        }
                    } else {
                        UserIter::Index(obj, 0)
                    };
                }
                UserIter::Next(it) => {
                    let it = it.clone();
                    return match super::class::call_special(host, &it, "__next__", Vec::new(), "") {
                        Ok(v) => Ok(Some(v)),
                        Err(e) if e.kind() == crate::ExcKind::StopIteration => {
                            *self = UserIter::Done;
                            Ok(None)
                        }
                        Err(e) => Err(e),
                    };
                }
                UserIter::Index(obj, i) => {
                    let (obj, at) = (obj.clone(), *i);
                    *i += 1;
                    let args = vec![Value::Int(at)];
                    return match super::class::call_special(host, &obj, "__getitem__", args, "") {
                        Ok(v) => Ok(Some(v)),
                        Err(e)
                            if matches!(
                                e.kind(),
                                crate::ExcKind::IndexError | crate::ExcKind::StopIteration
                            ) =>
                        {
                            *self = UserIter::Done;
                            Ok(None)
                        }
                        Err(e) => Err(e),
                    };
                }
                UserIter::Inner(s) => return s.next(host),
                UserIter::Done => return Ok(None),
            }
        }
    }
}

impl Stream {
    /// The next item, or `None` at the end.
    #[inline]
    pub fn next(&mut self, host: &mut dyn Host) -> Result<Option<Value>> {
        match self {
            Stream::Plain(it) => Ok(it.next()),
            Stream::Dict(it, d, len) => {
                if d.borrow().len() != *len {
                    return Err(Error::new(
                        crate::ExcKind::RuntimeError,
                        "dictionary changed size during iteration",
                    ));
                }
                Ok(it.next())
            }
            Stream::Set(it, t, len) => {
                if t.borrow().len() != *len {
                    return Err(Error::new(
                        crate::ExcKind::RuntimeError,
                        "Set changed size during iteration",
                    ));
                }
                Ok(it.next())
            }
            Stream::Lazy(obj) => obj.next(host),
            Stream::User(u) => u.next(host),
        }
    }
}

/// `iter(v)` as a stream: TypeError `'int' object is not iterable`.
pub fn stream(v: &Value) -> Result<Stream> {
    Ok(match v {
        Value::Iter(obj) => Stream::Lazy(obj.clone()),
        Value::Dict(d) => Stream::Dict(iterate(v)?, d.clone(), d.borrow().len()),
        Value::DictView(view) => {
            let len = view.dict.borrow().len();
            Stream::Dict(iterate(v)?, view.dict.clone(), len)
        }
        Value::Set(t) => Stream::Set(iterate(v)?, t.clone(), t.borrow().len()),
        Value::Instance(_) => {
            if !super::class::special_of(v, "__iter__")
                && !super::class::special_of(v, "__getitem__")
            {
                return Err(Error::type_error(format!(
                    "'{}' object is not iterable",
                    ops::type_name(v)
                )));
            }
            Stream::User(Box::new(UserIter::Start(v.clone())))
        }
        other => Stream::Plain(iterate(other)?),
    })
}

/// The items of any iterable, an iterator object drained through the host.
pub fn collect(host: &mut dyn Host, v: &Value) -> Result<Vec<Value>> {
    if super::class::is_instance(v) {
        let mut s = stream(v)?;
        let mut out = Vec::new();
        while let Some(item) = s.next(host)? {
            out.push(item);
        }
        return Ok(out);
    }
    let Value::Iter(obj) = v else {
        return super::iter::to_vec(v);
    };
    let mut out = Vec::new();
    while let Some(item) = obj.next(host)? {
        if out.len() % 4096 == 4095 {
            host.check_interrupt()?;
        }
        out.push(item);
    }
    Ok(out)
}

/// `iter(v)`: an iterator object over any iterable (an iterator is its
/// own iterator).
pub fn iter_of(v: &Value) -> Result<Value> {
    if let Value::Iter(_) = v {
        return Ok(v.clone());
    }
    let name = match v {
        Value::List(_) => "list_iterator",
        Value::Tuple(_) => "tuple_iterator",
        Value::Str(s) if s.is_ascii() => "str_ascii_iterator",
        Value::Str(_) => "str_iterator",
        Value::Range(_) => "range_iterator",
        Value::Bytes(_) => "bytes_iterator",
        Value::ByteArray(_) => "bytearray_iterator",
        Value::DictView(view) if view.kind == crate::value::ViewKind::Values => {
            "dict_valueiterator"
        }
        Value::DictView(view) if view.kind == crate::value::ViewKind::Items => "dict_itemiterator",
        Value::Dict(_) | Value::DictView(_) => "dict_keyiterator",
        Value::Set(_) | Value::FrozenSet(_) => "set_iterator",
        _ => "iterator",
    };
    Ok(IterObj::value(name, IterState::Items(iterate(v)?)))
}
