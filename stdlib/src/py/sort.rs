//! A stable merge sort driven by Python's `<`, which may fail (mixed
//! types) and may call user code (`key=`).

use xpush_lang::ast::CmpOp;

use crate::host::Host;
use crate::value::Value;
use crate::Result;

fn lt(host: &mut dyn Host, a: &Value, b: &Value) -> Result<bool> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Ok(x < y),
        (Value::Float(x), Value::Float(y)) => Ok(x < y),
        (Value::Str(x), Value::Str(y)) => Ok(x < y),
        _ => super::class::order(host, CmpOp::Lt, a, b),
    }
}

/// Stable sort of `(key, item)` pairs by key using only `<`.
fn merge_sort(host: &mut dyn Host, v: Vec<(Value, Value)>) -> Result<Vec<(Value, Value)>> {
    if v.len() <= 1 {
        return Ok(v);
    }
    if v.len() <= 16 {
        // Insertion sort: compares later against earlier, as CPython does.
        let mut out: Vec<(Value, Value)> = Vec::with_capacity(v.len());
        for item in v {
            let mut pos = out.len();
            while pos > 0 && lt(host, &item.0, &out[pos - 1].0)? {
                pos -= 1;
            }
            out.insert(pos, item);
        }
        return Ok(out);
    }
    let mut left = v;
    let right = left.split_off(left.len() / 2);
    let (left, right) = (merge_sort(host, left)?, merge_sort(host, right)?);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        if lt(host, &b.0, &a.0)? {
            out.extend(r.next());
        } else {
            out.extend(l.next());
        }
    }
    out.extend(l);
    out.extend(r);
    Ok(out)
}

/// Sorts `items` as `sorted(items, key=key, reverse=reverse)`: stable,
/// TypeError on incomparable items, `key` called once per item.
pub fn sort_values(
    host: &mut dyn Host,
    items: Vec<Value>,
    key: &Value,
    reverse: bool,
) -> Result<Vec<Value>> {
    let mut pairs = Vec::with_capacity(items.len());
    for item in items {
        let k = if key.is_none() {
            item.clone()
        } else {
            host.call(key, vec![item.clone()], Vec::new())?
        };
        pairs.push((k, item));
    }
    if reverse {
        pairs.reverse();
    }
    let mut sorted = merge_sort(host, pairs)?;
    if reverse {
        sorted.reverse();
    }
    Ok(sorted.into_iter().map(|(_, v)| v).collect())
}
