//! `set` and `frozenset`: the types, their methods and operators. Each
//! operation combines the tables in the order CPython's does, so results
//! iterate in CPython's order (see [`crate::py::set`]).

use std::rc::Rc;

use xpush_lang::ast::BinOp;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::type_name;
use crate::py::keys;
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

/// The error of a set method called on something else.
fn not_a_set(v: &Value) -> Error {
    Error::type_error(format!(
        "descriptor requires a 'set' object but received a '{}'",
        type_name(v)
    ))
}

fn receiver(v: &Value) -> Result<SetTable> {
    table_of(v).ok_or_else(|| not_a_set(v))
}

/// Wraps `t` in the type of `like` (a set or a frozenset).
fn same_type(like: &Value, t: SetTable) -> Value {
    match like {
        Value::FrozenSet(_) => Value::FrozenSet(Rc::new(t)),
        _ => Value::set(t),
    }
}

/// The other operand of a set method, read before the set is changed
/// (reading it may run user code, a generator's body, and it may be
/// this very set): a set's table, a dict's keys, or any iterable's items.
pub enum Other {
    /// A set, frozenset, or keys or items view.
    Table(SetTable),
    /// A dict's keys.
    Keys(Vec<Value>),
    /// The items of any other iterable.
    Items(Vec<Value>),
}

impl Other {
    /// The keys or items, in order.
    pub fn items(&self) -> Vec<Value> {
        match self {
            Other::Table(t) => t.to_vec(),
            Other::Keys(v) | Other::Items(v) => v.clone(),
        }
    }

    /// Whether any of them hashes through user code.
    pub fn user_keys(&self) -> bool {
        match self {
            Other::Table(t) => keys::holds_user_keys(t),
            Other::Keys(v) | Other::Items(v) => v.iter().any(keys::is_user_key),
        }
    }

    /// Reads `v`.
    pub fn of(host: &mut dyn Host, v: &Value) -> Result<Other> {
        if let Some(t) = table_of(v) {
            return Ok(Other::Table(t));
        }
        Ok(match v {
            Value::Dict(d) => Other::Keys(d.borrow().keys()),
            other => Other::Items(collect(host, other)?),
        })
    }
}

/// CPython's `set_update_internal`: adds the elements of `other` to `t`
/// (a set's table merged whole; a dict's keys after one resize).
pub fn update_with(t: &mut SetTable, other: &Other) -> Result<()> {
    match other {
        Other::Table(o) => t.merge(o),
        Other::Keys(keys) => {
            t.reserve(keys.len());
            for k in keys {
                t.add(k.clone())?;
            }
        }
        Other::Items(items) => {
            for k in items {
                t.add(k.clone())?;
            }
        }
    }
    Ok(())
}

/// `set(other)`, as a table.
pub fn build(host: &mut dyn Host, other: &Value) -> Result<SetTable> {
    let other = Other::of(host, other)?;
    if other.user_keys() {
        return keys::set_of(host, other.items());
    }
    let mut t = SetTable::new();
    update_with(&mut t, &other)?;
    Ok(t)
}

/// `receiver op o` for each of `others` in turn, run through the host
/// when a user key is on either side (CPython calls their `__hash__` and
/// `__eq__`); `None` when none is, for the tables' own algebra.
fn via_host(
    host: &mut dyn Host,
    op: BinOp,
    receiver_value: &Value,
    others: &[Other],
) -> Result<Option<SetTable>> {
    let user = match receiver_value {
        Value::Set(s) => keys::holds_user_keys(&s.borrow()),
        Value::FrozenSet(s) => keys::holds_user_keys(s),
        v => table_of(v).is_some_and(|t| keys::holds_user_keys(&t)),
    };
    if !user && !others.iter().any(Other::user_keys) {
        return Ok(None);
    }
    let mut t = receiver(receiver_value)?;
    for o in others {
        t = keys::algebra(host, op, &t, &o.items())?;
    }
    Ok(Some(t))
}

/// A set receiver's contents replaced by `t` (the `_update` methods).
fn replace(v: &Value, t: SetTable) -> Result<Value> {
    mutate(v, |s| {
        *s = t;
        Ok(Value::None)
    })
}

/// CPython's `set_intersection`.
fn intersect(t: &SetTable, other: &Other) -> Result<SetTable> {
    let items = match other {
        Other::Table(o) => return Ok(t.intersection(o)),
        Other::Keys(items) | Other::Items(items) => items,
    };
    let mut out = SetTable::new();
    for k in items {
        if t.contains(k)? {
            out.add(k.clone())?;
        }
    }
    Ok(out)
}

/// CPython's `set_difference`.
fn subtract(t: &SetTable, other: &Other) -> Result<SetTable> {
    match other {
        Other::Table(o) => Ok(t.difference(o)),
        Other::Keys(keys) if (t.len() >> 2) <= keys.len() => {
            let keys = SetTable::from_items(keys.iter().cloned())?;
            let mut out = SetTable::new();
            for k in t.iter() {
                if !keys.contains(k)? {
                    out.add(k.clone())?;
                }
            }
            Ok(out)
        }
        Other::Keys(items) | Other::Items(items) => {
            let mut out = t.copy();
            out.discard_all(items.iter().cloned())?;
            Ok(out)
        }
    }
}

/// CPython's `set_difference_update_internal`.
fn subtract_in_place(t: &mut SetTable, other: &Other) -> Result<()> {
    match other {
        Other::Table(o) => t.difference_update(o),
        Other::Keys(items) | Other::Items(items) => t.discard_all(items.iter().cloned())?,
    }
    Ok(())
}

/// CPython's `set_symmetric_difference_update`.
fn symmetric_in_place(t: &mut SetTable, other: &Other) -> Result<()> {
    match other {
        Other::Keys(keys) => {
            for k in keys {
                if !t.discard(k)? {
                    t.add(k.clone())?;
                }
            }
        }
        Other::Table(o) => t.symmetric_update(o),
        Other::Items(items) => t.symmetric_update(&SetTable::from_items(items.iter().cloned())?),
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
    table_of(a)?;
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
    if let (true, Value::Set(s)) = (in_place, a) {
        // `s op= other`: the set itself changes (no copy of it).
        let mut t = s.borrow_mut();
        match op {
            BinOp::BitOr => t.merge(&y),
            BinOp::BitAnd => *t = t.intersection(&y),
            BinOp::Sub => t.difference_update(&y),
            _ => t.symmetric_update(&y),
        }
        drop(t);
        return Some(Ok(a.clone()));
    }
    let x = table_of(a)?;
    let result = match op {
        BinOp::BitOr => x.union(&y),
        BinOp::BitAnd => x.intersection(&y),
        BinOp::Sub => x.difference(&y),
        _ => x.symmetric_difference(&y),
    };
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
        // The set changes in place; its callers read their other operands
        // first (`Other::of`), so nothing else holds it meanwhile.
        Value::Set(s) => f(&mut s.borrow_mut()),
        other => Err(not_a_set(other)),
    }
}

fn add(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keys::set_add(host, set_cell(a.get(0))?, a.get(1).clone())?;
    Ok(Value::None)
}

fn remove(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = a.get(1);
    if !keys::set_discard(host, set_cell(a.get(0))?, key)? {
        return Err(keys::key_error(host, key));
    }
    Ok(Value::None)
}

fn discard(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    keys::set_discard(host, set_cell(a.get(0))?, a.get(1))?;
    Ok(Value::None)
}

/// The table of a `set` receiver (not a frozenset).
fn set_cell(v: &Value) -> Result<&std::cell::RefCell<SetTable>> {
    match v {
        Value::Set(s) => Ok(s),
        other => Err(not_a_set(other)),
    }
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

/// Reads every operand of a multi-argument method (before the set changes).
fn others(host: &mut dyn Host, a: &Args) -> Result<Vec<Other>> {
    a.rest.iter().map(|o| Other::of(host, o)).collect()
}

fn update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::BitOr, a.get(0), &others)? {
        return replace(a.get(0), t);
    }
    mutate(a.get(0), |t| {
        others.iter().try_for_each(|o| update_with(t, o))
    })?;
    Ok(Value::None)
}

fn intersection_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::BitAnd, a.get(0), &others)? {
        return replace(a.get(0), t);
    }
    mutate(a.get(0), |t| {
        for o in &others {
            *t = intersect(t, o)?;
        }
        Ok(())
    })?;
    Ok(Value::None)
}

fn difference_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::Sub, a.get(0), &others)? {
        return replace(a.get(0), t);
    }
    mutate(a.get(0), |t| {
        others.iter().try_for_each(|o| subtract_in_place(t, o))
    })?;
    Ok(Value::None)
}

fn symmetric_difference_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let other = Other::of(host, a.get(1))?;
    let others = [other];
    if let Some(t) = via_host(host, BinOp::BitXor, a.get(0), &others)? {
        return replace(a.get(0), t);
    }
    let [other] = others;
    mutate(a.get(0), |t| symmetric_in_place(t, &other))?;
    Ok(Value::None)
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    Ok(same_type(a.get(0), t.copy()))
}

fn union(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::BitOr, a.get(0), &others)? {
        return Ok(same_type(a.get(0), t));
    }
    let mut t = receiver(a.get(0))?.copy();
    for o in &others {
        update_with(&mut t, o)?;
    }
    Ok(same_type(a.get(0), t))
}

fn intersection(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::BitAnd, a.get(0), &others)? {
        return Ok(same_type(a.get(0), t));
    }
    let mut t = receiver(a.get(0))?;
    if others.is_empty() {
        t = t.copy();
    }
    for o in &others {
        t = intersect(&t, o)?;
    }
    Ok(same_type(a.get(0), t))
}

fn difference(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let others = others(host, a)?;
    if let Some(t) = via_host(host, BinOp::Sub, a.get(0), &others)? {
        return Ok(same_type(a.get(0), t));
    }
    let t = receiver(a.get(0))?;
    let Some((first, more)) = others.split_first() else {
        return Ok(same_type(a.get(0), t.copy()));
    };
    let mut out = subtract(&t, first)?;
    for o in more {
        subtract_in_place(&mut out, o)?;
    }
    Ok(same_type(a.get(0), out))
}

fn symmetric_difference(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    // The other operand is read once (it may be an iterator).
    let others = [Other::of(host, a.get(1))?];
    if let Some(out) = via_host(host, BinOp::BitXor, a.get(0), &others)? {
        return Ok(same_type(a.get(0), out));
    }
    let mut out = SetTable::new();
    update_with(&mut out, &others[0])?;
    out.symmetric_update(&t);
    Ok(same_type(a.get(0), out))
}

fn issubset(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    let o = match table_of(a.get(1)) {
        Some(o) => o,
        None => build(host, a.get(1))?,
    };
    if keys::holds_user_keys(&t) || keys::holds_user_keys(&o) {
        return Ok(Value::Bool(keys::subset(host, &t, &o)?));
    }
    Ok(Value::Bool(t.is_subset(&o)))
}

fn issuperset(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    for k in collect(host, a.get(1))? {
        if !keys::frozen_contains(host, &t, &k)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn isdisjoint(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = receiver(a.get(0))?;
    if let Some(o) = table_of(a.get(1)).filter(|o| !keys::holds_user_keys(o)) {
        return Ok(Value::Bool(t.is_disjoint(&o)));
    }
    for k in collect(host, a.get(1))? {
        if keys::frozen_contains(host, &t, &k)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}
