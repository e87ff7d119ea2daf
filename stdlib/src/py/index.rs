//! Subscripts: `v[i]`, `v[a:b:c]`, item and slice assignment and deletion
//! for list, tuple, str and range.

use std::rc::Rc;

use num_traits::Signed;

use super::compare::range_len;
use crate::ops::type_name;
use crate::value::{RangeObj, SliceObj, Value};
use crate::{Error, Result};

/// A slice resolved against a length: CPython's `PySlice_AdjustIndices`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceIdx {
    /// First index.
    pub start: i64,
    /// Stop index (exclusive).
    pub stop: i64,
    /// Step (never zero).
    pub step: i64,
    /// Number of selected elements.
    pub len: usize,
}

impl SliceIdx {
    /// The selected indices, in order.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        (0..self.len).map(move |k| (self.start + k as i64 * self.step) as usize)
    }
}

fn slice_bound(v: &Value) -> Result<Option<i64>> {
    Ok(match v {
        Value::None => None,
        Value::Bool(b) => Some(i64::from(*b)),
        Value::Int(i) => Some(*i),
        Value::BigInt(b) => Some(if b.is_negative() { -i64::MAX } else { i64::MAX }),
        _ => {
            return Err(Error::type_error(
                "slice indices must be integers or None or have an __index__ method",
            ))
        }
    })
}

/// Resolves `s` against a sequence of length `len`.
pub fn slice_indices(s: &SliceObj, len: usize) -> Result<SliceIdx> {
    let step = match slice_bound(&s.step)? {
        None => 1,
        Some(0) => return Err(Error::value_error("slice step cannot be zero")),
        Some(st) => st.max(-i64::MAX),
    };
    let length = len as i64;
    let adjust = |v: Option<i64>, default: i64| -> i64 {
        match v {
            None => default,
            Some(mut x) => {
                if x < 0 {
                    x += length;
                    if x < 0 {
                        x = if step < 0 { -1 } else { 0 };
                    }
                } else if x >= length {
                    x = if step < 0 { length - 1 } else { length };
                }
                x
            }
        }
    };
    let start = adjust(
        slice_bound(&s.start)?,
        if step < 0 { length - 1 } else { 0 },
    );
    let stop = adjust(slice_bound(&s.stop)?, if step < 0 { -1 } else { length });
    let n = if step < 0 {
        if stop < start {
            (start - stop - 1) / (-step) + 1
        } else {
            0
        }
    } else if start < stop {
        (stop - start - 1) / step + 1
    } else {
        0
    };
    Ok(SliceIdx {
        start,
        stop,
        step,
        len: n as usize,
    })
}

/// Where an index failed, for the message.
fn index_type_error(container: &str, idx: &Value) -> Error {
    match container {
        "str" => Error::type_error(format!(
            "string indices must be integers, not '{}'",
            type_name(idx)
        )),
        _ => Error::type_error(format!(
            "{container} indices must be integers or slices, not {}",
            type_name(idx)
        )),
    }
}

/// Normalises an integer index against `len`; `what` is the out-of-range message.
pub(crate) fn seq_index(idx: &Value, len: usize, container: &str, what: &str) -> Result<usize> {
    let i = match idx {
        Value::Bool(b) => i64::from(*b),
        Value::Int(i) => *i,
        Value::BigInt(_) => {
            return Err(Error::index_error(
                "cannot fit 'int' into an index-sized integer",
            ))
        }
        Value::Scalar(s) if s.dtype().is_integer() => super::num::index_i64(idx)?,
        _ => return Err(index_type_error(container, idx)),
    };
    let j = if i < 0 { i + len as i64 } else { i };
    if j < 0 || j >= len as i64 {
        return Err(Error::index_error(what.to_string()));
    }
    Ok(j as usize)
}

fn str_char_at(s: &str, i: usize) -> &str {
    if s.is_ascii() {
        return &s[i..i + 1];
    }
    let (b, c) = s.char_indices().nth(i).unwrap_or((0, ' '));
    &s[b..b + c.len_utf8()]
}

fn str_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `KeyError: 'k'` (the key's repr, as `str(KeyError(k))` shows it).
pub fn key_error(key: &Value) -> Error {
    Error::new(crate::ExcKind::KeyError, crate::ops::repr(key))
}

/// The outcome of `del d[key]` that removed `removed`: a KeyError when
/// nothing was there, except in a Counter.
pub fn deleted(d: &crate::value::DictTable, key: &Value, removed: Option<Value>) -> Result<()> {
    let counter = matches!(d.kind(), crate::value::DictKind::Counter);
    match removed {
        Some(_) => Ok(()),
        None if counter => Ok(()),
        None => Err(key_error(key)),
    }
}

/// Whether `index` is one a NumPy scalar takes, as the 0-d array it is
/// (`()`, `...`, `None`, a boolean mask): no int, slice or field name.
fn scalar_index(index: &Value) -> bool {
    let bad = |i: &Value| {
        matches!(
            i,
            Value::Int(_) | Value::BigInt(_) | Value::Slice(_) | Value::Str(_)
        )
    };
    match index {
        Value::Tuple(items) => !items.iter().any(bad),
        i => !bad(i),
    }
}

/// `v[index]`.
pub fn getitem(v: &Value, index: &Value) -> Result<Value> {
    match v {
        Value::Dict(d) => d.borrow().get(index)?.ok_or_else(|| key_error(index)),
        // A NumPy scalar takes only `()`, `...` and `None` (new axes).
        Value::Scalar(_) if !scalar_index(index) => Err(Error::new(
            crate::ExcKind::IndexError,
            "invalid index to scalar variable.",
        )),
        Value::Array(_) => {
            let r = crate::numpy::arith::getitem(v, index)?;
            crate::numpy::attrs::note_view(v, &r);
            Ok(r)
        }
        Value::Scalar(_) => crate::numpy::arith::getitem(v, index),
        Value::HostDType(d) if d.kind.is_record() => match crate::numpy::host::record::of(*d) {
            Some(r) => crate::numpy::host::record::dtype_getitem(&r, index),
            None => Err(key_error(index)),
        },
        Value::HostArray(_) if crate::numpy::host::python_text(v).is_some() => {
            // `np.str_('ab')[0]` is str's indexing: `'a'`.
            getitem(&crate::numpy::host::as_python(v.clone()), index)
        }
        Value::HostArray(a) => match a.record_key(index)? {
            Some(v) => Ok(v),
            None => a.getitem(&crate::numpy::conv::index_items(index)?),
        },
        Value::Object(o) if matches!(&**o, crate::value::Object::IndexTrick(_)) => {
            crate::numpy::index_tricks::getitem(o, index)
        }
        Value::Object(o) if matches!(&**o, crate::value::Object::Flags(_)) => match &**o {
            crate::value::Object::Flags(a) => crate::numpy::flags::getitem(a, index),
            _ => Ok(Value::None),
        },
        Value::Object(o) if matches!(&**o, crate::value::Object::FlatIter(_)) => match &**o {
            crate::value::Object::FlatIter(a) => crate::numpy::flatiter::getitem(a, index),
            _ => Ok(Value::None),
        },
        Value::Object(o) => match crate::collections::deque_of(v) {
            Some(d) => crate::collections::deque_getitem(d, index),
            None => match crate::pyplot::getitem(v, index) {
                Some(r) => r,
                None => crate::numpy::io::object_getitem(o, index),
            },
        },
        Value::Bytes(_) | Value::ByteArray(_) => super::bytes::getitem(v, index),
        Value::Iter(i) if i.nditer().is_some() => match i.nditer() {
            Some(it) => it.operand_value(super::num::index_i64(index)?),
            None => Ok(Value::None),
        },
        Value::Record(r) => match index {
            Value::Str(k) => r
                .attrs
                .iter()
                .find(|(n, _)| *n == &**k)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| Error::new(crate::ExcKind::KeyError, crate::ops::repr(index))),
            _ => Err(Error::type_error(format!(
                "'{}' object is not subscriptable",
                type_name(v)
            ))),
        },
        Value::List(l) => {
            if let Value::Slice(s) = index {
                let items = l.borrow();
                let si = slice_indices(s, items.len())?;
                return Ok(Value::list(
                    si.indices().map(|i| items[i].clone()).collect(),
                ));
            }
            let items = l.borrow();
            let i = seq_index(index, items.len(), "list", "list index out of range")?;
            Ok(items[i].clone())
        }
        Value::Tuple(t) => {
            if let Value::Slice(s) = index {
                let si = slice_indices(s, t.len())?;
                if si.len == t.len() && si.step == 1 {
                    return Ok(v.clone());
                }
                return Ok(Value::tuple(si.indices().map(|i| t[i].clone()).collect()));
            }
            let i = seq_index(index, t.len(), "tuple", "tuple index out of range")?;
            Ok(t[i].clone())
        }
        Value::Str(s) => {
            if let Value::Slice(sl) = index {
                if s.is_ascii() {
                    let si = slice_indices(sl, s.len())?;
                    if si.step == 1 {
                        return Ok(Value::str(
                            &s[si.start.max(0) as usize..(si.start.max(0) as usize + si.len)],
                        ));
                    }
                    let bytes = s.as_bytes();
                    return Ok(Value::str(
                        si.indices().map(|i| bytes[i] as char).collect::<String>(),
                    ));
                }
                let chars: Vec<char> = s.chars().collect();
                let si = slice_indices(sl, chars.len())?;
                return Ok(Value::str(
                    si.indices().map(|i| chars[i]).collect::<String>(),
                ));
            }
            let n = str_len(s);
            if matches!(index, Value::Slice(_)) || !super::num::is_int(index) {
                return Err(index_type_error("str", index));
            }
            let i = seq_index(index, n, "str", "string index out of range")?;
            Ok(Value::str(str_char_at(s, i)))
        }
        Value::Range(r) => {
            let n = range_len(r);
            if let Value::Slice(sl) = index {
                let si = slice_indices(sl, n as usize)?;
                let at = |k: i64| i128::from(r.start) + i128::from(k) * i128::from(r.step);
                let clamp = |x: i128| x.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
                return Ok(Value::Range(Rc::new(RangeObj {
                    start: clamp(at(si.start)),
                    stop: clamp(at(si.stop)),
                    step: clamp(i128::from(r.step) * i128::from(si.step)),
                })));
            }
            let i = match index {
                Value::Bool(b) => i128::from(*b),
                Value::Int(i) => i128::from(*i),
                Value::BigInt(_) => {
                    return Err(Error::index_error("range object index out of range"))
                }
                _ => return Err(index_type_error("range", index)),
            };
            let j = if i < 0 { i + i128::from(n) } else { i };
            if j < 0 || j >= i128::from(n) {
                return Err(Error::index_error("range object index out of range"));
            }
            Ok(Value::Int(
                (i128::from(r.start) + j * i128::from(r.step)) as i64,
            ))
        }
        _ => Err(Error::type_error(format!(
            "'{}' object is not subscriptable",
            type_name(v)
        ))),
    }
}

/// `v[index] = value`.
pub fn setitem(v: &Value, index: &Value, value: Value) -> Result<()> {
    match v {
        Value::Dict(d) if crate::pyplot_rc::is_rc(d) => crate::pyplot_rc::set_item(d, index, value),
        Value::Dict(d) => d.borrow_mut().insert(index.clone(), value),
        Value::Array(_) | Value::Scalar(_) => crate::numpy::arith::setitem(v, index, &value),
        Value::HostArray(a) => {
            if a.record_key_set(index, &value)? {
                return Ok(());
            }
            a.setitem(&crate::numpy::conv::index_items(index)?, &value)
        }
        Value::Object(_) if crate::collections::deque_of(v).is_some() => {
            match crate::collections::deque_of(v) {
                Some(d) => crate::collections::deque_setitem(d, index, value),
                None => Ok(()),
            }
        }
        Value::Object(o) if matches!(&**o, crate::value::Object::Flags(_)) => match &**o {
            crate::value::Object::Flags(a) => crate::numpy::flags::setitem(a, index, &value),
            _ => Ok(()),
        },
        Value::Object(o) if matches!(&**o, crate::value::Object::FlatIter(_)) => match &**o {
            crate::value::Object::FlatIter(a) => crate::numpy::flatiter::setitem(a, index, value),
            _ => Ok(()),
        },
        Value::ByteArray(ba) => super::bytes::setitem(ba, index, &value),
        Value::List(l) => {
            if let Value::Slice(s) = index {
                return assign_slice(l, s, value);
            }
            let mut items = l.borrow_mut();
            let n = items.len();
            let i = seq_index(index, n, "list", "list assignment index out of range")?;
            items[i] = value;
            Ok(())
        }
        _ => Err(Error::type_error(format!(
            "'{}' object does not support item assignment",
            type_name(v)
        ))),
    }
}

fn assign_slice(l: &Rc<std::cell::RefCell<Vec<Value>>>, s: &SliceObj, value: Value) -> Result<()> {
    let new: Vec<Value> = match &value {
        Value::List(src) => src.borrow().clone(),
        _ => match super::iter::iterate(&value) {
            Ok(it) => it.collect(),
            Err(_) => return Err(Error::type_error("can only assign an iterable")),
        },
    };
    let mut items = l.borrow_mut();
    let si = slice_indices(s, items.len())?;
    if si.step == 1 {
        let start = si.start.max(0) as usize;
        let stop = (start + si.len).max(start);
        items.splice(start..stop, new);
        return Ok(());
    }
    if new.len() != si.len {
        return Err(Error::value_error(format!(
            "attempt to assign sequence of size {} to extended slice of size {}",
            new.len(),
            si.len
        )));
    }
    for (i, v) in si.indices().zip(new) {
        items[i] = v;
    }
    Ok(())
}

/// `del v[index]`.
pub fn delitem(v: &Value, index: &Value) -> Result<()> {
    match v {
        Value::Dict(d) => {
            let removed = d.borrow_mut().remove(index)?;
            deleted(&d.borrow(), index, removed)
        }
        Value::Object(_) if crate::collections::deque_of(v).is_some() => {
            match crate::collections::deque_of(v) {
                Some(d) => crate::collections::deque_delitem(d, index),
                None => Ok(()),
            }
        }
        Value::ByteArray(ba) => super::bytes::delitem(ba, index),
        // NumPy's arrays have a fixed size.
        Value::Array(_) => Err(Error::value_error("cannot delete array elements")),
        Value::HostArray(h) if !h.is_scalar() => {
            Err(Error::value_error("cannot delete array elements"))
        }
        Value::List(l) => {
            let mut items = l.borrow_mut();
            if let Value::Slice(s) = index {
                let si = slice_indices(s, items.len())?;
                if si.step == 1 {
                    let start = si.start.max(0) as usize;
                    items.drain(start..start + si.len);
                } else {
                    let mut drop = vec![false; items.len()];
                    for i in si.indices() {
                        drop[i] = true;
                    }
                    let mut k = 0;
                    items.retain(|_| {
                        k += 1;
                        !drop[k - 1]
                    });
                }
                return Ok(());
            }
            let n = items.len();
            let i = seq_index(index, n, "list", "list assignment index out of range")?;
            items.remove(i);
            Ok(())
        }
        Value::Tuple(_) | Value::Str(_) | Value::Bytes(_) | Value::Range(_) => {
            Err(Error::type_error(format!(
                "'{}' object doesn't support item deletion",
                type_name(v)
            )))
        }
        _ => Err(Error::type_error(format!(
            "'{}' object does not support item deletion",
            type_name(v)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::repr;

    fn sl(a: Option<i64>, b: Option<i64>, c: Option<i64>) -> Value {
        let f = |x: Option<i64>| x.map_or(Value::None, Value::Int);
        Value::Slice(Rc::new(SliceObj {
            start: f(a),
            stop: f(b),
            step: f(c),
        }))
    }

    fn ten() -> Value {
        Value::list((0..10).map(Value::Int).collect())
    }

    fn g(v: &Value, i: &Value) -> String {
        match getitem(v, i) {
            Ok(x) => repr(&x),
            Err(e) => format!("{e}"),
        }
    }

    #[test]
    fn slicing() {
        let l = ten();
        assert_eq!(g(&l, &sl(None, None, Some(-3))), "[9, 6, 3, 0]");
        assert_eq!(g(&l, &sl(Some(-2), Some(2), Some(-2))), "[8, 6, 4]");
        assert_eq!(g(&l, &sl(Some(100), None, None)), "[]");
        assert_eq!(g(&l, &sl(Some(-100), Some(2), None)), "[0, 1]");
        assert_eq!(
            g(&l, &sl(None, None, Some(0))),
            "ValueError: slice step cannot be zero"
        );
        assert_eq!(
            g(&Value::str("hello"), &sl(None, None, Some(-1))),
            "'olleh'"
        );
        assert_eq!(g(&Value::str("héllo"), &sl(Some(1), Some(3), None)), "'él'");
        let r = Value::Range(Rc::new(RangeObj {
            start: 0,
            stop: 10,
            step: 1,
        }));
        assert_eq!(g(&r, &sl(None, None, Some(-1))), "range(9, -1, -1)");
        assert_eq!(g(&r, &sl(Some(2), Some(8), Some(3))), "range(2, 8, 3)");
        assert_eq!(g(&r, &Value::Int(-1)), "9");
        assert_eq!(
            g(&r, &Value::Int(-11)),
            "IndexError: range object index out of range"
        );
    }

    #[test]
    fn index_errors() {
        let l = ten();
        assert_eq!(g(&l, &Value::Int(-1)), "9");
        assert_eq!(g(&l, &Value::Bool(true)), "1");
        assert_eq!(
            g(&l, &Value::Int(10)),
            "IndexError: list index out of range"
        );
        let big = Value::from_bigint(num_bigint::BigInt::from(1u128 << 100));
        assert_eq!(
            g(&l, &big),
            "IndexError: cannot fit 'int' into an index-sized integer"
        );
        assert_eq!(
            g(&l, &Value::str("a")),
            "TypeError: list indices must be integers or slices, not str"
        );
        assert_eq!(
            g(&Value::tuple(vec![]), &Value::Int(0)),
            "IndexError: tuple index out of range"
        );
        assert_eq!(
            g(&Value::str("abc"), &Value::Int(5)),
            "IndexError: string index out of range"
        );
        assert_eq!(
            g(&Value::str("abc"), &Value::Float(1.0)),
            "TypeError: string indices must be integers, not 'float'"
        );
        assert_eq!(
            g(&Value::Int(1), &Value::Int(0)),
            "TypeError: 'int' object is not subscriptable"
        );
        let e = setitem(
            &Value::tuple(vec![Value::Int(1)]),
            &Value::Int(0),
            Value::None,
        )
        .unwrap_err();
        assert_eq!(e.msg(), "'tuple' object does not support item assignment");
        let e = setitem(&Value::str("a"), &Value::Int(0), Value::None).unwrap_err();
        assert_eq!(e.msg(), "'str' object does not support item assignment");
        let e = setitem(&l, &Value::Int(10), Value::None).unwrap_err();
        assert_eq!(e.msg(), "list assignment index out of range");
    }

    #[test]
    fn slice_assignment_and_deletion() {
        let l = ten();
        setitem(
            &l,
            &sl(Some(1), Some(9), None),
            Value::list(vec![Value::str("x")]),
        )
        .unwrap();
        assert_eq!(repr(&l), "[0, 'x', 9]");
        setitem(
            &l,
            &sl(Some(5), Some(1), None),
            Value::tuple(vec![Value::Int(7)]),
        )
        .unwrap();
        assert_eq!(repr(&l), "[0, 'x', 9, 7]");
        let e = setitem(
            &l,
            &sl(None, None, Some(2)),
            Value::list(vec![Value::Int(1)]),
        )
        .unwrap_err();
        assert_eq!(
            e.msg(),
            "attempt to assign sequence of size 1 to extended slice of size 2"
        );
        let e = setitem(&l, &sl(None, None, None), Value::Int(1)).unwrap_err();
        assert_eq!(e.msg(), "can only assign an iterable");
        setitem(
            &l,
            &sl(None, None, Some(-2)),
            Value::list(vec![Value::Int(1), Value::Int(2)]),
        )
        .unwrap();
        assert_eq!(repr(&l), "[0, 2, 9, 1]");
        let m = ten();
        delitem(&m, &sl(Some(1), Some(3), None)).unwrap();
        assert_eq!(repr(&m), "[0, 3, 4, 5, 6, 7, 8, 9]");
        delitem(&m, &sl(None, None, Some(2))).unwrap();
        assert_eq!(repr(&m), "[3, 5, 7, 9]");
        delitem(&m, &Value::Int(-1)).unwrap();
        assert_eq!(repr(&m), "[3, 5, 7]");
        // a[:] = a copies first.
        setitem(&m, &sl(None, None, None), m.clone()).unwrap();
        assert_eq!(repr(&m), "[3, 5, 7]");
    }
}
