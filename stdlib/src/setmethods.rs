//! `set` and `frozenset`: the types, their methods and operators. Each
//! operation combines the tables in the order CPython's does, so results
//! iterate in CPython's order (see [`crate::py::set`]).

use std::rc::Rc;

use xpush_lang::ast::BinOp;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::type_name;
use crate::py::lazy::collect;
use crate::table::FuncDef;
use crate::value::{SetTable, Value};
use crate::{Error, Result};

/// The set type, frozenset type and the methods only a set has.
pub const FUNCS: &[FuncDef] = &[
    entry!(
        Type,
        Builtin,
        "builtins",
        "set",
        "(iterable=(), /)",
        set,
        "Build a set of the distinct items of an iterable.",
        [
            "set([3, 1, 3])  # {1, 3}",
            "set()  # set()",
            "set([[1]])  # TypeError: unhashable type: 'list'"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "frozenset",
        "(iterable=(), /)",
        frozenset,
        "Build an immutable, hashable set of the distinct items of an iterable.",
        [
            "frozenset([2, 1])  # frozenset({1, 2})",
            "frozenset()  # frozenset()"
        ]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "add",
        "(self, object, /)",
        add,
        "Add an element.",
        ["s = {1}; s.add(2); s  # {1, 2}"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "remove",
        "(self, object, /)",
        remove,
        "Remove an element; KeyError if it is missing.",
        [
            "s = {1, 2}; s.remove(1); s  # {2}",
            "set().remove(3)  # KeyError: 3"
        ]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "discard",
        "(self, object, /)",
        discard,
        "Remove an element if it is present.",
        ["s = {1}; s.discard(5); s  # {1}"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "pop",
        "(self, /)",
        pop,
        "Remove and return an arbitrary element.",
        [
            "{3}.pop()  # 3",
            "set().pop()  # KeyError: 'pop from an empty set'"
        ]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "clear",
        "(self, /)",
        clear,
        "Remove every element.",
        ["s = {1}; s.clear(); s  # set()"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "update",
        "(self, *others)",
        update,
        "Add the elements of every iterable.",
        ["s = {1}; s.update([2], (3,)); s  # {1, 2, 3}"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "intersection_update",
        "(self, *others)",
        intersection_update,
        "Keep only the elements found in every iterable.",
        ["s = {1, 2, 3}; s.intersection_update([2, 3, 4]); s  # {2, 3}"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "difference_update",
        "(self, *others)",
        difference_update,
        "Remove the elements of every iterable.",
        ["s = {1, 2, 3}; s.difference_update([2]); s  # {1, 3}"]
    ),
    entry!(
        Method,
        SetMethod,
        "set",
        "symmetric_difference_update",
        "(self, other, /)",
        symmetric_difference_update,
        "Keep the elements found in exactly one of the set and the iterable.",
        ["s = {1, 2}; s.symmetric_difference_update([2, 3]); s  # {1, 3}"]
    ),
];

/// The methods `set` and `frozenset` share, declared for the type named
/// `$module`.
macro_rules! shared {
    ($module:literal) => {
        &[
            entry!(
                Method,
                SetMethod,
                $module,
                "copy",
                "(self, /)",
                copy,
                "A shallow copy.",
                ["{1, 2}.copy()  # {1, 2}"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "union",
                "(self, *others)",
                union,
                "The elements of the set and of every iterable.",
                ["{1}.union([2], 'a') == {1, 2, 'a'}  # True"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "intersection",
                "(self, *others)",
                intersection,
                "The elements common to the set and every iterable.",
                ["{1, 2, 3}.intersection([2, 3], (3,))  # {3}"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "difference",
                "(self, *others)",
                difference,
                "The elements of the set in none of the iterables.",
                ["{1, 2, 3}.difference([2])  # {1, 3}"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "symmetric_difference",
                "(self, other, /)",
                symmetric_difference,
                "The elements in exactly one of the set and the iterable.",
                ["{1, 2}.symmetric_difference([2, 3])  # {1, 3}"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "issubset",
                "(self, other, /)",
                issubset,
                "Whether every element is in the iterable.",
                ["{1}.issubset([1, 2])  # True"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "issuperset",
                "(self, other, /)",
                issuperset,
                "Whether every element of the iterable is in the set.",
                ["{1, 2}.issuperset([3])  # False"]
            ),
            entry!(
                Method,
                SetMethod,
                $module,
                "isdisjoint",
                "(self, other, /)",
                isdisjoint,
                "Whether the set and the iterable share no element.",
                ["{1}.isdisjoint([2])  # True"]
            ),
        ]
    };
}

/// The methods of `set` that `frozenset` has too.
pub const SET_SHARED: &[FuncDef] = shared!("set");

/// The methods of `frozenset` (all shared with `set`).
pub const FROZENSET_METHODS: &[FuncDef] = shared!("frozenset");

/// A copy of the table of a set or frozenset, or the set of a dict's
/// keys or items view (views of keys and items are set-like).
pub fn table_of(v: &Value) -> Option<SetTable> {
    match v {
        Value::Set(s) => Some(s.borrow().clone()),
        Value::FrozenSet(s) => Some((**s).clone()),
        Value::DictView(view) if view.kind != crate::value::ViewKind::Values => {
            SetTable::from_items(view.items()).ok()
        }
        _ => None,
    }
}

fn receiver(v: &Value) -> Result<SetTable> {
    table_of(v).ok_or_else(|| {
        Error::type_error(format!(
            "descriptor requires a 'set' object but received a '{}'",
            type_name(v)
        ))
    })
}

/// Wraps `t` in the type of `like` (a set or a frozenset).
fn same_type(like: &Value, t: SetTable) -> Value {
    match like {
        Value::FrozenSet(_) => Value::FrozenSet(Rc::new(t)),
        _ => Value::set(t),
    }
}

/// CPython's `set_update_internal`: adds the elements of `other` to `t`
/// (a set's table merged whole; a dict's keys after one resize).
pub fn update_with(host: &mut dyn Host, t: &mut SetTable, other: &Value) -> Result<()> {
    match other {
        Value::Set(_) | Value::FrozenSet(_) => {
            if let Some(o) = table_of(other) {
                t.merge(&o);
            }
        }
        Value::Dict(d) => {
            let keys = d.borrow().keys();
            t.reserve(keys.len());
            for k in keys {
                t.add(k)?;
            }
        }
        _ => {
            for k in collect(host, other)? {
                t.add(k)?;
            }
        }
    }
    Ok(())
}

/// `set(other)`, as a table.
pub fn build(host: &mut dyn Host, other: &Value) -> Result<SetTable> {
    let mut t = SetTable::new();
    update_with(host, &mut t, other)?;
    Ok(t)
}

/// CPython's `set_intersection`.
fn intersect(host: &mut dyn Host, t: &SetTable, other: &Value) -> Result<SetTable> {
    if let Some(o) = table_of(other) {
        return Ok(t.intersection(&o));
    }
    let mut out = SetTable::new();
    for k in collect(host, other)? {
        if t.contains(&k)? {
            out.add(k)?;
        }
    }
    Ok(out)
}

/// CPython's `set_difference`.
fn subtract(host: &mut dyn Host, t: &SetTable, other: &Value) -> Result<SetTable> {
    match other {
        Value::Set(_) | Value::FrozenSet(_) => {
            Ok(t.difference(&table_of(other).unwrap_or_default()))
        }
        Value::Dict(d) => {
            let d = d.borrow();
            if (t.len() >> 2) > d.len() {
                let mut out = t.copy();
                out.discard_all(d.keys())?;
                return Ok(out);
            }
            let mut out = SetTable::new();
            for k in t.iter() {
                if !d.contains(k)? {
                    out.add(k.clone())?;
                }
            }
            Ok(out)
        }
        _ => {
            let mut out = t.copy();
            out.discard_all(collect(host, other)?)?;
            Ok(out)
        }
    }
}

/// CPython's `set_difference_update_internal`.
fn subtract_in_place(host: &mut dyn Host, t: &mut SetTable, other: &Value) -> Result<()> {
    match table_of(other) {
        Some(o) => t.difference_update(&o),
        None => t.discard_all(collect(host, other)?)?,
    }
    Ok(())
}

/// CPython's `set_symmetric_difference_update`.
fn symmetric_in_place(host: &mut dyn Host, t: &mut SetTable, other: &Value) -> Result<()> {
    match other {
        Value::Dict(d) => {
            for k in d.borrow().keys() {
                if !t.discard(&k)? {
                    t.add(k)?;
                }
            }
        }
        _ => {
            let o = match table_of(other) {
                Some(o) => o,
                None => build(host, other)?,
            };
            t.symmetric_update(&o);
        }
    }
    Ok(())
}

/// `a op b` and `a op= b` for sets and frozensets: `None` when the
/// operands are not two sets (or the operator is not a set operator).
/// The result has the type of `a`; in place, `a` (a set) is updated.
pub fn binary(op: BinOp, a: &Value, b: &Value, in_place: bool) -> Option<Result<Value>> {
    if !matches!(
        op,
        BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor
    ) {
        return None;
    }
    let mut x = table_of(a)?;
    // A view's operation takes any iterable on the right.
    let y = match (a, table_of(b)) {
        (_, Some(y)) => y,
        (Value::DictView(_), None) => {
            let items = crate::py::iter::iterate(b).ok()?;
            match SetTable::from_items(items) {
                Ok(y) => y,
                Err(e) => return Some(Err(e)),
            }
        }
        _ => return None,
    };
    let in_place = in_place && matches!(a, Value::Set(_));
    let result = match (op, in_place) {
        (BinOp::BitOr, true) => {
            x.merge(&y);
            x
        }
        (BinOp::BitOr, false) => x.union(&y),
        (BinOp::BitAnd, _) => x.intersection(&y),
        (BinOp::Sub, true) => {
            x.difference_update(&y);
            x
        }
        (BinOp::Sub, false) => x.difference(&y),
        (_, true) => {
            x.symmetric_update(&y);
            x
        }
        (_, false) => x.symmetric_difference(&y),
    };
    if let (true, Value::Set(s)) = (in_place, a) {
        *s.borrow_mut() = result;
        return Some(Ok(a.clone()));
    }
    Some(Ok(same_type(a, result)))
}

fn set(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::set(build(host, a.get(0))?))
}

fn frozenset(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        v @ Value::FrozenSet(_) => Ok(v.clone()),
        v => Ok(Value::FrozenSet(Rc::new(build(host, v)?))),
    }
}

/// Runs `f` on the table of a `set` receiver (not a frozenset).
fn mutate<T>(v: &Value, f: impl FnOnce(&mut SetTable) -> Result<T>) -> Result<T> {
    match v {
        Value::Set(s) => {
            // Work on a copy: the arguments may be this very set.
            let mut t = s.borrow().clone();
            let out = f(&mut t)?;
            *s.borrow_mut() = t;
            Ok(out)
        }
        other => Err(Error::type_error(format!(
            "descriptor requires a 'set' object but received a '{}'",
            type_name(other)
        ))),
    }
}

fn add(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = a.get(1).clone();
    mutate(a.get(0), |t| t.add(key))?;
    Ok(Value::None)
}

fn remove(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = a.get(1);
    if !mutate(a.get(0), |t| t.discard(key))? {
        return Err(crate::py::index::key_error(key));
    }
    Ok(Value::None)
}

fn discard(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = a.get(1);
    mutate(a.get(0), |t| t.discard(key))?;
    Ok(Value::None)
}

fn pop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    mutate(a.get(0), |t| {
        t.pop()
            .ok_or_else(|| Error::new(crate::ExcKind::KeyError, "'pop from an empty set'"))
    })
}

fn clear(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    mutate(a.get(0), |t| {
        t.clear();
        Ok(())
    })?;
    Ok(Value::None)
}

fn update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = std::mem::take(&mut a.rest);
    mutate(a.get(0), |t| {
        for o in &others {
            update_with(host, t, o)?;
        }
        Ok(())
    })?;
    Ok(Value::None)
}

fn intersection_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = std::mem::take(&mut a.rest);
    mutate(a.get(0), |t| {
        for o in &others {
            *t = intersect(host, t, o)?;
        }
        Ok(())
    })?;
    Ok(Value::None)
}

fn difference_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = std::mem::take(&mut a.rest);
    mutate(a.get(0), |t| {
        for o in &others {
            subtract_in_place(host, t, o)?;
        }
        Ok(())
    })?;
    Ok(Value::None)
}

fn symmetric_difference_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let other = a.get(1).clone();
    mutate(a.get(0), |t| symmetric_in_place(host, t, &other))?;
    Ok(Value::None)
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    Ok(same_type(a.get(0), t.copy()))
}

fn union(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut t = receiver(a.get(0))?.copy();
    for o in &a.rest {
        update_with(host, &mut t, o)?;
    }
    Ok(same_type(a.get(0), t))
}

fn intersection(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut t = receiver(a.get(0))?;
    if a.rest.is_empty() {
        t = t.copy();
    }
    for o in &a.rest {
        t = intersect(host, &t, o)?;
    }
    Ok(same_type(a.get(0), t))
}

fn difference(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    let Some((first, more)) = a.rest.split_first() else {
        return Ok(same_type(a.get(0), t.copy()));
    };
    let mut out = subtract(host, &t, first)?;
    for o in more {
        subtract_in_place(host, &mut out, o)?;
    }
    Ok(same_type(a.get(0), out))
}

fn symmetric_difference(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    let mut out = build(host, a.get(1))?;
    out.symmetric_update(&t);
    Ok(same_type(a.get(0), out))
}

fn issubset(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    let o = match table_of(a.get(1)) {
        Some(o) => o,
        None => build(host, a.get(1))?,
    };
    Ok(Value::Bool(t.is_subset(&o)))
}

fn issuperset(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    for k in collect(host, a.get(1))? {
        if !t.contains(&k)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn isdisjoint(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    if let Some(o) = table_of(a.get(1)) {
        return Ok(Value::Bool(t.is_disjoint(&o)));
    }
    for k in collect(host, a.get(1))? {
        if t.contains(&k)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}
