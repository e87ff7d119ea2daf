//! `dict`: the type, its methods, and `|` between dicts.

use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::type_name;
use crate::py::iter::iterate;
use crate::py::keys;
use crate::py::lazy::collect;
use crate::table::FuncDef;
use crate::value::{DictTable, DictView, Value, ViewKind};
use crate::{Error, Result};

/// The dict type and its methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, Builtin, "builtins", "dict", "(iterable=None, /, **kwargs)", dict,
        "Build a dict from a mapping or an iterable of (key, value) pairs, then the keyword arguments.",
        ["dict([(1, 'a'), (2, 'b')])  # {1: 'a', 2: 'b'}", "dict(a=1, b=2)  # {'a': 1, 'b': 2}",
         "dict(zip('ab', [1, 2]))  # {'a': 1, 'b': 2}", "dict({1: 2}, x=3)  # {1: 2, 'x': 3}",
         "dict([1])  # TypeError: cannot convert dictionary update sequence element #0 to a sequence",
         "dict([(1, 2, 3)])  # ValueError: dictionary update sequence element #0 has length 3; 2 is required"]),
    entry!(Method, DictMethod, "dict", "keys", "(self, /)", keys,
        "A live view of the keys.",
        ["{1: 2, 3: 4}.keys()  # dict_keys([1, 3])"]),
    entry!(Method, DictMethod, "dict", "values", "(self, /)", values,
        "A live view of the values.",
        ["{1: 2, 3: 4}.values()  # dict_values([2, 4])"]),
    entry!(Method, DictMethod, "dict", "items", "(self, /)", items,
        "A live view of the (key, value) pairs.",
        ["{1: 2}.items()  # dict_items([(1, 2)])"]),
    entry!(Method, DictMethod, "dict", "get", "(self, key, default=None, /)", get,
        "The value for key if key is in the dict, else default.",
        ["{1: 2}.get(1)  # 2", "{1: 2}.get(5, 0)  # 0", "{}.get([])  # TypeError: unhashable type: 'list'"]),
    entry!(Method, DictMethod, "dict", "setdefault", "(self, key, default=None, /)", setdefault,
        "The value for key, inserting default first if key is missing.",
        ["d = {}; d.setdefault('a', []).append(1); d  # {'a': [1]}"]),
    entry!(Method, DictMethod, "dict", "pop", "(self, key, *default)", pop,
        "Remove key and return its value, or default if given; KeyError otherwise.",
        ["d = {1: 2}; d.pop(1)  # 2", "{}.pop(1, None)  # None", "{}.pop('a')  # KeyError: 'a'"]),
    entry!(Method, DictMethod, "dict", "popitem", "(self, /)", popitem,
        "Remove and return the last inserted (key, value) pair.",
        ["{1: 2, 3: 4}.popitem()  # (3, 4)", "{}.popitem()  # KeyError: 'popitem(): dictionary is empty'"]),
    entry!(Method, DictMethod, "dict", "update", "(self, other=None, /, **kwargs)", update,
        "Add the pairs of a mapping or iterable of pairs, then the keyword arguments.",
        ["d = {1: 2}; d.update({1: 3, 4: 5}); d  # {1: 3, 4: 5}", "d = {}; d.update(a=1); d  # {'a': 1}"]),
    entry!(Method, DictMethod, "dict", "clear", "(self, /)", clear,
        "Remove every item.",
        ["d = {1: 2}; d.clear(); d  # {}"]),
    entry!(Method, DictMethod, "dict", "copy", "(self, /)", copy,
        "A shallow copy.",
        ["{1: [2]}.copy()  # {1: [2]}"]),
    entry!(Function, DictMethod, "dict", "fromkeys", "(iterable, value=None, /)", fromkeys,
        "A new dict with the keys of an iterable, each mapped to value.",
        ["dict.fromkeys('ab', 0)  # {'a': 0, 'b': 0}"]),
];

/// The table of a dict receiver.
fn table(v: &Value) -> Result<&Rc<std::cell::RefCell<DictTable>>> {
    match v {
        Value::Dict(d) => Ok(d),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'dict' object but received a '{}'",
            type_name(other)
        ))),
    }
}

/// Adds the pairs of `source` to `d`, as `dict(source)` and `d.update(source)` do.
pub fn update_from(host: &mut dyn Host, d: &mut DictTable, source: &Value) -> Result<()> {
    for (k, v) in pairs_of(host, source)? {
        keys::insert_to_new(host, d, k, v)?;
    }
    Ok(())
}

/// The `(key, value)` pairs of a mapping or an iterable of pairs, read
/// whole (reading may run user code, and `source` may be the dict being
/// updated), with CPython's errors.
pub fn pairs_of(host: &mut dyn Host, source: &Value) -> Result<Vec<(Value, Value)>> {
    match source {
        Value::None => Ok(Vec::new()),
        Value::Dict(other) => Ok(other.borrow().pairs()),
        other => {
            let mut pairs = Vec::new();
            for (i, item) in collect(host, other)?.into_iter().enumerate() {
                let pair: Vec<Value> = match iterate(&item) {
                    Ok(it) => it.collect(),
                    Err(_) => {
                        return Err(Error::type_error(format!(
                            "cannot convert dictionary update sequence element #{i} to a sequence"
                        )))
                    }
                };
                let [k, v]: [Value; 2] = pair.try_into().map_err(|p: Vec<Value>| {
                    Error::value_error(format!(
                        "dictionary update sequence element #{i} has length {}; 2 is required",
                        p.len()
                    ))
                })?;
                pairs.push((k, v));
            }
            Ok(pairs)
        }
    }
}

fn add_kwargs(d: &mut DictTable, a: &Args) -> Result<()> {
    if let Value::Dict(kw) = a.values.last().unwrap_or(&Value::None) {
        let pairs = kw.borrow().pairs();
        for (k, v) in pairs {
            d.insert(k, v)?;
        }
    }
    Ok(())
}

fn dict(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = DictTable::new();
    update_from(host, &mut d, a.get(0))?;
    add_kwargs(&mut d, a)?;
    Ok(Value::dict(d))
}

fn view(a: &Args, kind: ViewKind) -> Result<Value> {
    Ok(Value::DictView(Rc::new(DictView {
        dict: table(a.get(0))?.clone(),
        kind,
    })))
}

fn keys(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    view(a, ViewKind::Keys)
}

fn values(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    view(a, ViewKind::Values)
}

fn items(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    view(a, ViewKind::Items)
}

fn get(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let found = keys::dict_get(host, table(a.get(0))?, a.get(1))?;
    Ok(found.unwrap_or_else(|| a.get(2).clone()))
}

fn setdefault(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = table(a.get(0))?;
    if let Some(v) = keys::dict_get(host, d, a.get(1))? {
        return Ok(v);
    }
    let v = a.get(2).clone();
    keys::dict_insert(host, d, a.get(1).clone(), v.clone())?;
    Ok(v)
}

fn pop(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.len() > 1 {
        return Err(Error::type_error(format!(
            "pop expected at most 2 arguments, got {}",
            a.rest.len() + 1
        )));
    }
    let removed = keys::dict_remove(host, table(a.get(0))?, a.get(1))?;
    match (removed, a.rest.first()) {
        (Some(v), _) => Ok(v),
        (None, Some(default)) => Ok(default.clone()),
        (None, None) => Err(keys::key_error(host, a.get(1))),
    }
}

fn popitem(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let last = table(a.get(0))?.borrow_mut().pop_last();
    match last {
        Some((k, v)) => Ok(Value::tuple(vec![k, v])),
        None => Err(Error::new(
            crate::ExcKind::KeyError,
            "'popitem(): dictionary is empty'",
        )),
    }
}

fn update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = table(a.get(0))?.clone();
    // The pairs are read first: the source may be `d` itself.
    let pairs = pairs_of(host, a.get(1))?;
    // `rcParams.update(...)` checks each value as matplotlib's does.
    let rc = crate::pyplot_rc::is_rc(&d);
    for (k, v) in pairs {
        let v = if rc {
            crate::pyplot_rc::validated(&k, v)?
        } else {
            v
        };
        keys::dict_insert(host, &d, k, v)?;
    }
    let done = add_kwargs(&mut d.borrow_mut(), a);
    done.map(|()| Value::None)
}

fn clear(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    table(a.get(0))?.borrow_mut().clear();
    Ok(Value::None)
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::dict(table(a.get(0))?.borrow().clone()))
}

fn fromkeys(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut d = DictTable::new();
    for k in collect(host, a.get(0))? {
        keys::insert_to_new(host, &mut d, k, a.get(1).clone())?;
    }
    Ok(Value::dict(d))
}

/// `a | b` for two dicts: a copy of `a` updated with `b`; `a |= b`
/// updates `a` in place.
pub fn merge(a: &Value, b: &Value, in_place: bool) -> Option<Result<Value>> {
    let (Value::Dict(x), Value::Dict(y)) = (a, b) else {
        return None;
    };
    // `y`'s pairs are read first: `d |= d` is allowed.
    let pairs = y.borrow().pairs();
    let insert = |t: &mut DictTable| pairs.into_iter().try_for_each(|(k, v)| t.insert(k, v));
    if in_place {
        return Some(insert(&mut x.borrow_mut()).map(|()| a.clone()));
    }
    let mut new = x.borrow().clone();
    Some(insert(&mut new).map(|()| Value::dict(new)))
}
