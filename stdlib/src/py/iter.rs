//! Iteration as `for` and `list()` see it.

use std::cell::RefCell;
use std::rc::Rc;

use super::compare::range_len;
use crate::ops::type_name;
use crate::value::{DictTable, Value, ViewKind};
use crate::{Error, Result};

/// An iterator over a value, as `for` and `list()` see it.
pub enum ValueIter {
    /// Nothing left.
    Empty,
    /// A list, by index: sees items appended during the loop, as CPython's list iterator does.
    List {
        /// The list.
        list: Rc<RefCell<Vec<Value>>>,
        /// Next index.
        pos: usize,
    },
    /// A tuple.
    Tuple {
        /// The items.
        items: Rc<[Value]>,
        /// Next index.
        pos: usize,
    },
    /// A str, one char at a time.
    Str {
        /// The string.
        s: Rc<str>,
        /// Next byte offset.
        pos: usize,
    },
    /// A bytes or bytearray, one int per byte (a bytearray is read live).
    Bytes {
        /// The bytes or bytearray.
        data: Value,
        /// Next index.
        pos: usize,
    },
    /// An array along its first axis, lazily: an element (a NumPy scalar)
    /// of a 1-d array, a view of each row of a deeper one, read when the
    /// loop gets to it.
    Array {
        /// The array (for a 1-d array on a device, a host copy: its
        /// elements are values; rows stay views of the array itself).
        array: Rc<xpush_npu::Array>,
        /// Next index.
        pos: usize,
        /// The first axis's length.
        len: usize,
    },
    /// A file's lines, read as the loop goes.
    File(Value),
    /// A range, lazily: no allocation per element.
    Range {
        /// Next value.
        next: i64,
        /// Elements left.
        remaining: u64,
        /// Step.
        step: i64,
    },
    /// A dict's keys, values or items, by position in its entries.
    Dict {
        /// The dict.
        dict: Rc<RefCell<DictTable>>,
        /// The next entry position.
        pos: usize,
        /// What each step yields.
        kind: ViewKind,
    },
    /// Precomputed values.
    Values(std::vec::IntoIter<Value>),
}

impl Iterator for ValueIter {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        match self {
            ValueIter::Range {
                next,
                remaining,
                step,
            } => {
                if *remaining == 0 {
                    return None;
                }
                let v = *next;
                *remaining -= 1;
                *next = next.wrapping_add(*step);
                Some(Value::Int(v))
            }
            ValueIter::Empty => None,
            ValueIter::List { list, pos } => {
                let v = list.borrow().get(*pos).cloned();
                *pos += 1;
                v
            }
            ValueIter::Tuple { items, pos } => {
                let v = items.get(*pos).cloned();
                *pos += 1;
                v
            }
            ValueIter::Str { s, pos } => {
                let c = s[*pos..].chars().next()?;
                let start = *pos;
                *pos += c.len_utf8();
                Some(Value::str(&s[start..*pos]))
            }
            ValueIter::Array { array, pos, len } => {
                if *pos >= *len {
                    return None;
                }
                let i = *pos;
                *pos += 1;
                if array.ndim() == 1 {
                    // In range: `len` is the length of axis 0, which never changes.
                    Some(Value::Scalar(array.scalar_at(&[i])))
                } else {
                    array
                        .index_axis(0, i as isize)
                        .ok()
                        .map(crate::numpy::conv::wrap)
                }
            }
            ValueIter::File(f) => crate::files::file_of(f)?.next_line().ok().flatten(),
            ValueIter::Bytes { data, pos } => {
                let b = *super::bytes::view(data)?.get(*pos)?;
                *pos += 1;
                Some(Value::Int(i64::from(b)))
            }
            ValueIter::Dict { dict, pos, kind } => {
                let (next, k, v) = dict.borrow().entry_from(*pos)?;
                *pos = next;
                Some(match kind {
                    ViewKind::Keys => k,
                    ViewKind::Values => v,
                    ViewKind::Items => Value::tuple(vec![k, v]),
                })
            }
            ValueIter::Values(it) => it.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            ValueIter::Range { remaining, .. } => {
                // The lower bound is what `collect` preallocates: keep it modest.
                let n = usize::try_from(*remaining).unwrap_or(usize::MAX);
                (n.min(1 << 16), Some(n))
            }
            ValueIter::Tuple { items, pos } => {
                let n = items.len().saturating_sub(*pos);
                (n, Some(n))
            }
            ValueIter::Values(it) => it.size_hint(),
            ValueIter::List { list, pos } => (list.borrow().len().saturating_sub(*pos), None),
            ValueIter::Dict { dict, .. } => (0, Some(dict.borrow().len())),
            ValueIter::Str { s, pos } => (s.len().saturating_sub(*pos).min(1), None),
            ValueIter::Bytes { .. } | ValueIter::File(_) => (0, None),
            ValueIter::Array { pos, len, .. } => {
                let n = len.saturating_sub(*pos);
                (n, Some(n))
            }
            ValueIter::Empty => (0, Some(0)),
        }
    }
}

/// `iter(v)`: TypeError `'int' object is not iterable` for non-iterables.
pub fn iterate(v: &Value) -> Result<ValueIter> {
    Ok(match v {
        Value::Range(r) => ValueIter::Range {
            next: r.start,
            remaining: range_len(r),
            step: r.step,
        },
        Value::List(l) => ValueIter::List {
            list: l.clone(),
            pos: 0,
        },
        Value::Tuple(t) => ValueIter::Tuple {
            items: t.clone(),
            pos: 0,
        },
        // A text scalar iterates as its str or bytes does.
        Value::HostArray(_) if crate::numpy::host::python_text(v).is_some() => {
            return iterate(&crate::numpy::host::as_python(v.clone()));
        }
        // A text array iterates over its items (elements or sub-arrays).
        Value::HostArray(a) => ValueIter::Tuple {
            items: a.items()?.into(),
            pos: 0,
        },
        Value::Str(s) => ValueIter::Str {
            s: s.clone(),
            pos: 0,
        },
        Value::Object(o) if matches!(&**o, crate::value::Object::FlatIter(_)) => match &**o {
            crate::value::Object::FlatIter(a) => {
                ValueIter::Values(crate::numpy::flatiter::items(a)?.into_iter())
            }
            _ => ValueIter::Values(Vec::new().into_iter()),
        },
        Value::Object(_) if crate::pyplot::items(v).is_some() => {
            let items = crate::pyplot::items(v).unwrap_or(Ok(Vec::new()))?;
            ValueIter::Values(items.into_iter())
        }
        Value::Object(_) if crate::collections::deque_of(v).is_some() => {
            let items: Vec<Value> = crate::collections::deque_of(v)
                .map(|d| d.borrow().items.iter().cloned().collect())
                .unwrap_or_default();
            ValueIter::Values(items.into_iter())
        }
        Value::Object(_) if crate::files::file_of(v).is_some() => {
            if let Some(f) = crate::files::file_of(v) {
                f.start_lines()?;
            }
            ValueIter::File(v.clone())
        }
        Value::Bytes(_) | Value::ByteArray(_) => ValueIter::Bytes {
            data: v.clone(),
            pos: 0,
        },
        Value::Array(a) => {
            if a.ndim() == 0 {
                return Err(Error::type_error("iteration over a 0-d array"));
            }
            let array = if a.ndim() > 1 || a.device() == xpush_npu::device::Device::Cpu {
                a.clone()
            } else {
                Rc::new(a.to_host()?)
            };
            ValueIter::Array {
                len: array.shape()[0],
                array,
                pos: 0,
            }
        }
        Value::Dict(d) => ValueIter::Dict {
            dict: d.clone(),
            pos: 0,
            kind: ViewKind::Keys,
        },
        Value::DictView(view) => ValueIter::Dict {
            dict: view.dict.clone(),
            pos: 0,
            kind: view.kind,
        },
        // A set's keys as they are now (CPython raises if the set changes
        // size during the loop; a snapshot never sees the change).
        Value::Set(t) => ValueIter::Values(t.borrow().to_vec().into_iter()),
        Value::FrozenSet(t) => ValueIter::Values(t.to_vec().into_iter()),
        _ => {
            return Err(Error::type_error(format!(
                "'{}' object is not iterable",
                type_name(v)
            )))
        }
    })
}

/// Collects an iterable into a vector (a list is copied as it is now).
pub fn to_vec(v: &Value) -> Result<Vec<Value>> {
    match v {
        Value::List(l) => Ok(l.borrow().clone()),
        Value::Tuple(t) => Ok(t.to_vec()),
        Value::Range(r) if range_len(r) > super::arith::MAX_ITEMS as u64 => {
            Err(Error::new(crate::ExcKind::MemoryError, ""))
        }
        _ => Ok(iterate(v)?.collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::RangeObj;

    #[test]
    fn range_is_lazy_and_exact() {
        let r = |a, b, c| {
            Value::Range(Rc::new(RangeObj {
                start: a,
                stop: b,
                step: c,
            }))
        };
        let v: Vec<i64> = iterate(&r(10, 0, -3))
            .unwrap()
            .map(|v| if let Value::Int(i) = v { i } else { 0 })
            .collect();
        assert_eq!(v, [10, 7, 4, 1]);
        assert_eq!(iterate(&r(i64::MAX - 2, i64::MAX, 1)).unwrap().count(), 2);
        assert_eq!(
            iterate(&r(i64::MIN, i64::MAX, i64::MAX)).unwrap().count(),
            3
        );
        assert_eq!(
            iterate(&r(0, 1_000_000, 1)).unwrap().size_hint().1,
            Some(1_000_000)
        );
    }

    #[test]
    fn list_iteration_is_live() {
        let l = Value::list(vec![Value::Int(1)]);
        let mut it = iterate(&l).unwrap();
        assert!(it.next().is_some());
        if let Value::List(items) = &l {
            items.borrow_mut().push(Value::Int(2));
        }
        assert!(it.next().is_some());
        assert!(it.next().is_none());
        assert_eq!(
            iterate(&Value::Int(1)).err().unwrap().msg(),
            "'int' object is not iterable"
        );
        let chars: Vec<String> = iterate(&Value::str("hé"))
            .unwrap()
            .map(|v| crate::ops::to_str(&v))
            .collect();
        assert_eq!(chars, ["h", "é"]);
    }

    #[test]
    fn huge_ranges_raise_memory_error() {
        let huge = Value::Range(Rc::new(RangeObj {
            start: 0,
            stop: i64::MAX,
            step: 1,
        }));
        let err = to_vec(&huge).err().map(|e| e.kind());
        assert_eq!(err, Some(crate::ExcKind::MemoryError));
    }
}
