//! Dict keys and set items whose class defines `__hash__` (and usually
//! `__eq__`): hashing and comparing them runs user code, so they go
//! through the host, as CPython's dict calls the slots of the key's type.
//!
//! [`super::hash::hash`] and [`super::hash::key_eq`] are pure functions
//! for the builtin types; a user key reaching them is refused (a
//! `TypeError`), never hashed by identity behind the user's back. The
//! functions here are the ones the interpreter and the stdlib call where
//! a key may be a user object: they compute the hash through
//! `__hash__`, collect the stored keys of that hash, release the table,
//! run `__eq__` against each (user code may read or change the very
//! table it is a key of), and then act on the key found, recognised by
//! identity. A plain key takes the tables' own fast path.

use std::cell::RefCell;

use super::class;
use super::compare::is;
use super::dict::DictTable;
use super::hash::{hash, key_eq, tuple_hash_by};
use super::set::SetTable;
use crate::host::Host;
use crate::value::Value;
use crate::Result;
use xpush_lang::ast::{BinOp, CmpOp};

/// Whether hashing `v` runs user code: an instance of a class that
/// defines `__hash__` (other than the namedtuples and frozen dataclasses
/// whose hash xpush computes itself), or a tuple holding one.
pub fn is_user_key(v: &Value) -> bool {
    match v {
        Value::Instance(i) => {
            crate::collections::key_tuple(v).is_none()
                && crate::dataclasses::key_fields(v).is_none()
                && matches!(i.class.lookup("__hash__"), Some(f) if !matches!(f, Value::None))
        }
        Value::Tuple(t) => t.iter().any(is_user_key),
        _ => false,
    }
}

/// Whether finding `v` in a dict may run user code: a user key, or a
/// user object whose `repr` a KeyError shows (also inside a tuple).
pub fn needs_host(v: &Value) -> bool {
    match v {
        Value::Instance(_) => true,
        Value::Tuple(t) => t.iter().any(needs_host),
        _ => false,
    }
}

/// `hash(v)` for any key, a user object's through its `__hash__`.
pub fn hash_key(host: &mut dyn Host, v: &Value) -> Result<i64> {
    match v {
        Value::Instance(_) if is_user_key(v) => class::hash(host, v),
        Value::Tuple(t) if is_user_key(v) => tuple_hash_by(t, &mut |x| hash_key(host, x)),
        _ => hash(v),
    }
}

/// Key equality with user `__eq__`: the same object, else `==` (through
/// the host when either side is a user object, item by item for tuples).
pub fn eq_key(host: &mut dyn Host, a: &Value, b: &Value) -> Result<bool> {
    if is(a, b) {
        return Ok(true);
    }
    match (a, b) {
        (Value::Tuple(x), Value::Tuple(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !eq_key(host, p, q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => match class::compare(host, CmpOp::Eq, a, b) {
            Some(r) => class::truthy(host, &r?),
            None => Ok(key_eq(a, b)),
        },
    }
}

/// The stored key among `candidates` that equals `key`.
fn matching(host: &mut dyn Host, key: &Value, candidates: Vec<Value>) -> Result<Option<Value>> {
    for c in candidates {
        if eq_key(host, &c, key)? {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// Where a user key is in a table: its hash, and the stored key equal
/// to it (`None`: not there).
struct Located {
    hash: i64,
    stored: Option<Value>,
}

impl Located {
    /// Recognises the stored key by identity (the table's predicate).
    fn eq(&self) -> impl Fn(&Value) -> bool + '_ {
        move |k| self.stored.as_ref().is_some_and(|s| is(k, s))
    }
}

/// Finds `key` among the stored keys `candidates` returns for its hash.
fn locate(
    host: &mut dyn Host,
    key: &Value,
    candidates: impl FnOnce(i64) -> Vec<Value>,
) -> Result<Located> {
    let h = hash_key(host, key)?;
    let candidates = candidates(h);
    Ok(Located {
        hash: h,
        stored: matching(host, key, candidates)?,
    })
}

fn locate_in_dict(host: &mut dyn Host, d: &RefCell<DictTable>, key: &Value) -> Result<Located> {
    locate(host, key, |h| d.borrow().candidates(h))
}

fn locate_in_set(host: &mut dyn Host, s: &RefCell<SetTable>, key: &Value) -> Result<Located> {
    locate(host, key, |h| s.borrow().candidates(h))
}

/// `d.get(key)`: the value stored under `key`, if any.
pub fn dict_get(host: &mut dyn Host, d: &RefCell<DictTable>, key: &Value) -> Result<Option<Value>> {
    if !is_user_key(key) {
        return d.borrow().get(key);
    }
    let at = locate_in_dict(host, d, key)?;
    Ok(d.borrow().get_by(at.hash, at.eq()))
}

/// `key in d`.
pub fn dict_contains(host: &mut dyn Host, d: &RefCell<DictTable>, key: &Value) -> Result<bool> {
    Ok(dict_get(host, d, key)?.is_some())
}

/// `d[key] = value`.
pub fn dict_insert(
    host: &mut dyn Host,
    d: &RefCell<DictTable>,
    key: Value,
    value: Value,
) -> Result<()> {
    if !is_user_key(&key) {
        return d.borrow_mut().insert(key, value);
    }
    let at = locate_in_dict(host, d, &key)?;
    d.borrow_mut().insert_by(at.hash, at.eq(), key, value);
    Ok(())
}

/// `del d[key]` / `d.pop(key)`: the value removed, if the key was there.
pub fn dict_remove(
    host: &mut dyn Host,
    d: &RefCell<DictTable>,
    key: &Value,
) -> Result<Option<Value>> {
    if !is_user_key(key) {
        return d.borrow_mut().remove(key);
    }
    let at = locate_in_dict(host, d, key)?;
    Ok(d.borrow_mut().remove_by(at.hash, at.eq()).map(|(_, v)| v))
}

/// `KeyError: key` with the key's own `repr` (a user `__repr__` runs).
pub fn key_error(host: &mut dyn Host, key: &Value) -> crate::Error {
    match class::repr(host, key) {
        Ok(r) => crate::Error::new(crate::ExcKind::KeyError, r),
        Err(e) => e,
    }
}

/// `d[key]`: a KeyError naming the key when it is not there.
pub fn dict_getitem(host: &mut dyn Host, d: &RefCell<DictTable>, key: &Value) -> Result<Value> {
    match dict_get(host, d, key)? {
        Some(v) => Ok(v),
        None => Err(key_error(host, key)),
    }
}

/// `del d[key]`: a KeyError when it is not there (no error in a Counter).
pub fn dict_delitem(host: &mut dyn Host, d: &RefCell<DictTable>, key: &Value) -> Result<()> {
    let removed = dict_remove(host, d, key)?;
    let outcome = super::index::deleted(&d.borrow(), key, removed);
    outcome.map_err(|_| key_error(host, key))
}

/// `key in container` for a dict, a set, a frozenset or a dict's keys
/// view; `None` for any other container.
pub fn contains(host: &mut dyn Host, container: &Value, key: &Value) -> Option<Result<bool>> {
    Some(match container {
        Value::Dict(d) => dict_contains(host, d, key),
        Value::Set(s) => set_contains(host, s, key),
        Value::FrozenSet(s) => frozen_contains(host, s, key),
        Value::DictView(v) if v.kind == crate::value::ViewKind::Keys => {
            dict_contains(host, &v.dict, key)
        }
        _ => return None,
    })
}

/// `key in s`.
pub fn set_contains(host: &mut dyn Host, s: &RefCell<SetTable>, key: &Value) -> Result<bool> {
    if !is_user_key(key) {
        return s.borrow().contains(key);
    }
    let at = locate_in_set(host, s, key)?;
    Ok(s.borrow().contains_by(at.hash, at.eq()))
}

/// `s.add(key)`.
pub fn set_add(host: &mut dyn Host, s: &RefCell<SetTable>, key: Value) -> Result<()> {
    if !is_user_key(&key) {
        return s.borrow_mut().add(key);
    }
    let at = locate_in_set(host, s, &key)?;
    s.borrow_mut().add_by(at.hash, at.eq(), key);
    Ok(())
}

/// `s.discard(key)`: whether it was there.
pub fn set_discard(host: &mut dyn Host, s: &RefCell<SetTable>, key: &Value) -> Result<bool> {
    if !is_user_key(key) {
        return s.borrow_mut().discard(key);
    }
    let at = locate_in_set(host, s, key)?;
    Ok(s.borrow_mut().discard_by(at.hash, at.eq()))
}

/// `key in s` for a frozenset (or any set no user code can reach).
pub fn frozen_contains(host: &mut dyn Host, s: &SetTable, key: &Value) -> Result<bool> {
    if !is_user_key(key) {
        return s.contains(key);
    }
    let at = locate(host, key, |h| s.candidates(h))?;
    Ok(s.contains_by(at.hash, at.eq()))
}

/// `s.add(key)` to a set being built, not yet visible to user code (a
/// display, a comprehension).
pub fn add_to_new(host: &mut dyn Host, s: &mut SetTable, key: Value) -> Result<()> {
    if !is_user_key(&key) {
        return s.add(key);
    }
    let at = locate(host, &key, |h| s.candidates(h))?;
    s.add_by(at.hash, at.eq(), key);
    Ok(())
}

/// `d[key] = value` in a dict being built, not yet visible to user code.
pub fn insert_to_new(
    host: &mut dyn Host,
    d: &mut DictTable,
    key: Value,
    value: Value,
) -> Result<()> {
    if !is_user_key(&key) {
        return d.insert(key, value);
    }
    let at = locate(host, &key, |h| d.candidates(h))?;
    d.insert_by(at.hash, at.eq(), key, value);
    Ok(())
}

/// A set of `items`, added in order (user keys through the host).
pub fn set_of(host: &mut dyn Host, items: Vec<Value>) -> Result<SetTable> {
    let mut s = SetTable::new();
    for item in items {
        add_to_new(host, &mut s, item)?;
    }
    Ok(s)
}

/// Whether any key of `t` hashes through user code.
pub fn holds_user_keys(t: &SetTable) -> bool {
    t.iter().any(is_user_key)
}

/// A set operation whose operands hold user keys, element by element
/// through the host, as CPython's `set_union`, `set_intersection`,
/// `set_difference` and `set_symmetric_difference` run (`b` is the other
/// operand's items in its order).
pub fn algebra(host: &mut dyn Host, op: BinOp, a: &SetTable, b: &[Value]) -> Result<SetTable> {
    let mut out = SetTable::new();
    match op {
        BinOp::BitOr => {
            out = a.copy();
            for k in b {
                add_to_new(host, &mut out, k.clone())?;
            }
        }
        BinOp::BitXor => {
            out = a.copy();
            for k in set_of(host, b.to_vec())?.iter() {
                let at = locate(host, k, |h| out.candidates(h))?;
                if at.stored.is_some() {
                    out.discard_by(at.hash, at.eq());
                } else {
                    out.add_by(at.hash, at.eq(), k.clone());
                }
            }
        }
        BinOp::BitAnd => {
            for k in b {
                if frozen_contains(host, a, k)? {
                    add_to_new(host, &mut out, k.clone())?;
                }
            }
        }
        _ => {
            let other = set_of(host, b.to_vec())?;
            for k in a.iter() {
                if !frozen_contains(host, &other, k)? {
                    add_to_new(host, &mut out, k.clone())?;
                }
            }
        }
    }
    Ok(out)
}

/// Whether every key of `a` is in `b`.
pub fn subset(host: &mut dyn Host, a: &SetTable, b: &SetTable) -> Result<bool> {
    if a.len() > b.len() {
        return Ok(false);
    }
    for k in a.iter() {
        if !frozen_contains(host, b, k)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The tables of two set or frozenset operands when either holds a user
/// key (copied: the operation runs user code); `None` otherwise, without
/// copying anything.
fn user_set_tables(a: &Value, b: &Value) -> Option<(SetTable, SetTable)> {
    fn holds(v: &Value) -> Option<bool> {
        match v {
            Value::Set(s) => Some(holds_user_keys(&s.borrow())),
            Value::FrozenSet(s) => Some(holds_user_keys(s)),
            _ => None,
        }
    }
    fn table(v: &Value) -> Option<SetTable> {
        match v {
            Value::Set(s) => Some(s.borrow().clone()),
            Value::FrozenSet(s) => Some((**s).clone()),
            _ => None,
        }
    }
    let (x, y) = (holds(a)?, holds(b)?);
    if !x && !y {
        return None;
    }
    Some((table(a)?, table(b)?))
}

/// `a op b` (or `a op= b`) for two sets when either holds user keys, and
/// `a | b` of two dicts when the right one does; `None` otherwise (the
/// tables' own algebra does it).
pub fn set_binary(
    host: &mut dyn Host,
    op: BinOp,
    a: &Value,
    b: &Value,
    in_place: bool,
) -> Option<Result<Value>> {
    if !matches!(
        op,
        BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor
    ) {
        return None;
    }
    if let (Value::Dict(x), Value::Dict(y), BinOp::BitOr) = (a, b, op) {
        // `a | b`: a copy of `a` updated with `b`.
        if !y.borrow().iter().any(|(k, _)| is_user_key(k)) {
            return None;
        }
        let pairs = y.borrow().pairs();
        let target = if in_place {
            x.clone()
        } else {
            std::rc::Rc::new(RefCell::new(x.borrow().clone()))
        };
        return Some((|| {
            for (k, v) in pairs {
                dict_insert(host, &target, k, v)?;
            }
            Ok(Value::Dict(target))
        })());
    }
    let (x, y) = user_set_tables(a, b)?;
    Some(algebra(host, op, &x, &y.to_vec()).map(|t| match a {
        Value::Set(s) if in_place => {
            *s.borrow_mut() = t;
            a.clone()
        }
        Value::FrozenSet(_) => Value::FrozenSet(std::rc::Rc::new(t)),
        _ => Value::set(t),
    }))
}

/// `a op b` comparing two sets, or two dicts, when either holds user
/// keys: equality and, for sets, inclusion; `None` otherwise.
pub fn compare(host: &mut dyn Host, op: CmpOp, a: &Value, b: &Value) -> Option<Result<bool>> {
    if let (Value::Dict(x), Value::Dict(y)) = (a, b) {
        if !matches!(op, CmpOp::Eq | CmpOp::NotEq) {
            return None;
        }
        if !x.borrow().iter().any(|(k, _)| is_user_key(k)) {
            return None;
        }
        let pairs = x.borrow().pairs();
        return Some((|| {
            let equal = pairs.len() == y.borrow().len() && {
                let mut all = true;
                for (k, v) in &pairs {
                    all = match dict_get(host, y, k)? {
                        Some(w) => eq_key(host, v, &w)?,
                        None => false,
                    };
                    if !all {
                        break;
                    }
                }
                all
            };
            Ok(equal == (op == CmpOp::Eq))
        })());
    }
    let (x, y) = user_set_tables(a, b)?;
    let same =
        |host: &mut dyn Host| -> Result<bool> { Ok(x.len() == y.len() && subset(host, &x, &y)?) };
    Some(match op {
        CmpOp::Eq => same(host),
        CmpOp::NotEq => same(host).map(|s| !s),
        CmpOp::LtE => subset(host, &x, &y),
        CmpOp::GtE => subset(host, &y, &x),
        CmpOp::Lt => Ok(x.len() < y.len()).and_then(|p| Ok(p && subset(host, &x, &y)?)),
        CmpOp::Gt => Ok(y.len() < x.len()).and_then(|p| Ok(p && subset(host, &y, &x)?)),
        _ => return None,
    })
}
