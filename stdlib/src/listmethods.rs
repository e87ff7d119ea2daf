//! Methods of `list` and `tuple`.

use std::cell::RefCell;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::py::{compare, iter::to_vec, num, sort};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The list and tuple methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(
        Method,
        ListMethod,
        "list",
        "append",
        "(self, object, /)",
        append,
        "Append an object to the end.",
        ["x = [1]; x.append(2); x  # [1, 2]"]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "extend",
        "(self, iterable, /)",
        extend,
        "Append the items of an iterable.",
        [
            "x = [1]; x.extend('ab'); x  # [1, 'a', 'b']",
            "x = [1]; x.extend(x); x  # [1, 1]"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "insert",
        "(self, index, object, /)",
        insert,
        "Insert an object before index (clamped to the list).",
        [
            "x = [1, 2]; x.insert(-1, 9); x  # [1, 9, 2]",
            "x = [1]; x.insert(10, 2); x  # [1, 2]"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "pop",
        "(self, index=-1, /)",
        pop,
        "Remove and return the item at index (default last).",
        [
            "[1, 2, 3].pop()  # 3",
            "[1, 2, 3].pop(0)  # 1",
            "[].pop()  # IndexError: pop from empty list",
            "[1].pop(5)  # IndexError: pop index out of range"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "remove",
        "(self, value, /)",
        remove,
        "Remove the first item equal to value.",
        [
            "x = [1, 2, 1]; x.remove(1); x  # [2, 1]",
            "[1].remove(3)  # ValueError: list.remove(x): x not in list"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "index",
        "(self, value, start=0, stop=9223372036854775807, /)",
        index,
        "Return the first index of value.",
        [
            "[1, 2, 3].index(2)  # 1",
            "[1].index(2)  # ValueError: 2 is not in list"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "count",
        "(self, value, /)",
        count,
        "Return the number of items equal to value.",
        ["[1, 2, 1.0].count(1)  # 2"]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "reverse",
        "(self, /)",
        reverse,
        "Reverse in place.",
        ["x = [1, 2, 3]; x.reverse(); x  # [3, 2, 1]"]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "sort",
        "(self, /, *, key=None, reverse=False)",
        sort_,
        "Sort in place (stable).",
        [
            "x = [3, 1, 2]; x.sort(); x  # [1, 2, 3]",
            "x = ['bb', 'a', 'ccc']; x.sort(key=len, reverse=True); x  # ['ccc', 'bb', 'a']"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "copy",
        "(self, /)",
        copy,
        "Return a shallow copy.",
        ["[1, 2].copy()  # [1, 2]"]
    ),
    entry!(
        Method,
        ListMethod,
        "list",
        "clear",
        "(self, /)",
        clear,
        "Remove all items.",
        ["x = [1, 2]; x.clear(); x  # []"]
    ),
    entry!(
        Method,
        ListMethod,
        "tuple",
        "index",
        "(self, value, start=0, stop=9223372036854775807, /)",
        tuple_index,
        "Return the first index of value.",
        [
            "(1, 2).index(2)  # 1",
            "(1,).index(2)  # ValueError: tuple.index(x): x not in tuple"
        ]
    ),
    entry!(
        Method,
        ListMethod,
        "tuple",
        "count",
        "(self, value, /)",
        count,
        "Return the number of items equal to value.",
        ["(1, 1, 2).count(1)  # 2"]
    ),
];

fn list_of(a: &Args) -> Result<Rc<RefCell<Vec<Value>>>> {
    match a.get(0) {
        Value::List(l) => Ok(l.clone()),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'list' object but received a '{}'",
            ops::type_name(other)
        ))),
    }
}

fn append(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    l.borrow_mut().push(a.take(1));
    Ok(Value::None)
}

fn extend(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let items = crate::py::lazy::collect(host, a.get(1))?;
    l.borrow_mut().extend(items);
    Ok(Value::None)
}

fn insert(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let i = num::index_i64(a.get(1))?;
    let v = a.take(2);
    let mut items = l.borrow_mut();
    let n = items.len() as i64;
    let pos = if i < 0 { (i + n).max(0) } else { i.min(n) };
    items.insert(pos as usize, v);
    Ok(Value::None)
}

fn pop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let i = num::index_i64(a.get(1))?;
    let mut items = l.borrow_mut();
    if items.is_empty() {
        return Err(Error::index_error("pop from empty list"));
    }
    let n = items.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(Error::index_error("pop index out of range"));
    }
    Ok(items.remove(j as usize))
}

/// The index of the first item equal to `v` in `items[start..stop]`.
fn position(items: &[Value], v: &Value, start: &Value, stop: &Value) -> Result<Option<usize>> {
    let n = items.len() as i64;
    let adj = |x: &Value| -> Result<i64> {
        let i = num::index_i64(x).unwrap_or(i64::MAX);
        Ok(if i < 0 { (i + n).max(0) } else { i.min(n) })
    };
    let (s, e) = (adj(start)?, adj(stop)?);
    for i in s..e.max(s) {
        let x = &items[i as usize];
        if compare::is(x, v) || compare::eq(x, v)? {
            return Ok(Some(i as usize));
        }
    }
    Ok(None)
}

fn remove(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let snapshot = l.borrow().clone();
    match position(&snapshot, a.get(1), &Value::Int(0), &Value::Int(i64::MAX))? {
        Some(i) => {
            let mut items = l.borrow_mut();
            if i < items.len() {
                items.remove(i);
            }
            Ok(Value::None)
        }
        None => Err(Error::value_error("list.remove(x): x not in list")),
    }
}

fn index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let snapshot = l.borrow().clone();
    match position(&snapshot, a.get(1), a.get(2), a.get(3))? {
        Some(i) => Ok(Value::Int(i as i64)),
        None => Err(Error::value_error(format!(
            "{} is not in list",
            ops::repr(a.get(1))
        ))),
    }
}

fn tuple_index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = to_vec(a.get(0))?;
    match position(&items, a.get(1), a.get(2), a.get(3))? {
        Some(i) => Ok(Value::Int(i as i64)),
        None => Err(Error::value_error("tuple.index(x): x not in tuple")),
    }
}

fn count(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = to_vec(a.get(0))?;
    let v = a.get(1);
    let mut n = 0;
    for x in &items {
        if compare::is(x, v) || compare::eq(x, v)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn reverse(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    list_of(a)?.borrow_mut().reverse();
    Ok(Value::None)
}

fn sort_(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let l = list_of(a)?;
    let reverse = ops::truthy(a.get(2))?;
    let key = a.get(1).clone();
    let items = std::mem::take(&mut *l.borrow_mut());
    match sort::sort_values(host, items.clone(), &key, reverse) {
        Ok(sorted) => {
            *l.borrow_mut() = sorted;
            Ok(Value::None)
        }
        Err(e) => {
            *l.borrow_mut() = items;
            Err(e)
        }
    }
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::list(list_of(a)?.borrow().clone()))
}

fn clear(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    list_of(a)?.borrow_mut().clear();
    Ok(Value::None)
}
