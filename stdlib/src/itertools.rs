//! `itertools`: the lazy iterators (`count`, `cycle`, `repeat`, `chain`,
//! `islice`, `accumulate`, `zip_longest`, `starmap`, `takewhile`,
//! `dropwhile`, `compress`, `pairwise`) step their inputs one item at a
//! time, so infinite ones work; the combinatoric ones (`product`,
//! `combinations`, `permutations`) and `groupby` read their input first,
//! as CPython's do, and yield in CPython's order.

use xpush_lang::ast::BinOp;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::py::iter::ValueIter;
use crate::py::lazy::{collect, stream, IterObj, IterState, Stream};
use crate::py::num;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The `itertools` functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, Builtin, "itertools", "count", "(start=0, step=1)", count,
        "start, start + step, start + 2*step, ... without end.", ["list(itertools.islice(itertools.count(5, 2), 3))  # [5, 7, 9]"]),
    entry!(Type, Builtin, "itertools", "cycle", "(iterable, /)", cycle,
        "The items of the iterable, over and over.", ["list(itertools.islice(itertools.cycle('ab'), 5))  # ['a', 'b', 'a', 'b', 'a']"]),
    entry!(Type, Builtin, "itertools", "repeat", "(object, times=None)", repeat,
        "The object, times times (forever without times).", ["list(itertools.repeat('x', 3))  # ['x', 'x', 'x']"]),
    entry!(Type, Builtin, "itertools", "chain", "(*iterables)", chain,
        "The items of each iterable in turn.", ["list(itertools.chain([1], (2, 3), 'ab'))  # [1, 2, 3, 'a', 'b']"]),
    entry!(Function, Builtin, "chain", "from_iterable", "(iterable, /)", chain_from_iterable,
        "chain over the iterables an iterable yields.", ["list(itertools.chain.from_iterable([[1], [2, 3]]))  # [1, 2, 3]"]),
    entry!(Type, Builtin, "itertools", "islice", "(iterable, *args)", islice,
        "islice(it, stop) or islice(it, start, stop[, step]): a slice of an iterator, lazily.",
        ["list(itertools.islice(range(10), 2, 8, 3))  # [2, 5]",
         "itertools.islice('abc', -1)  # ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."]),
    entry!(Type, Builtin, "itertools", "accumulate", "(iterable, func=None, *, initial=None)", accumulate,
        "Running totals (or running results of func).", ["list(itertools.accumulate([1, 2, 3, 4]))  # [1, 3, 6, 10]", "list(itertools.accumulate([1, 2], initial=10))  # [10, 11, 13]"]),
    entry!(Type, Builtin, "itertools", "zip_longest", "(*iterables, fillvalue=None)", zip_longest,
        "zip to the longest iterable, the shorter ones filled.", ["list(itertools.zip_longest('ab', [1, 2, 3]))  # [('a', 1), ('b', 2), (None, 3)]"]),
    entry!(Type, Builtin, "itertools", "starmap", "(function, iterable, /)", starmap,
        "function(*args) for each args of the iterable.", ["list(itertools.starmap(pow, [(2, 3), (3, 2)]))  # [8, 9]"]),
    entry!(Type, Builtin, "itertools", "takewhile", "(predicate, iterable, /)", takewhile,
        "Items while the predicate holds.", ["list(itertools.takewhile(bool, [1, 2, 0, 3]))  # [1, 2]"]),
    entry!(Type, Builtin, "itertools", "dropwhile", "(predicate, iterable, /)", dropwhile,
        "Items from the first one for which the predicate fails.", ["list(itertools.dropwhile(bool, [1, 0, 2]))  # [0, 2]"]),
    entry!(Type, Builtin, "itertools", "compress", "(data, selectors)", compress,
        "The items of data whose selector is true.", ["list(itertools.compress('abcd', [1, 0, 1, 0]))  # ['a', 'c']"]),
    entry!(Type, Builtin, "itertools", "pairwise", "(iterable, /)", pairwise,
        "Successive overlapping pairs.", ["list(itertools.pairwise('abc'))  # [('a', 'b'), ('b', 'c')]"]),
    entry!(Type, Builtin, "itertools", "product", "(*iterables, repeat=1)", product,
        "The cartesian product, as nested for loops (the last iterable varying fastest).",
        ["list(itertools.product('ab', [1, 2]))  # [('a', 1), ('a', 2), ('b', 1), ('b', 2)]", "len(list(itertools.product([0, 1], repeat=3)))  # 8"]),
    entry!(Type, Builtin, "itertools", "combinations", "(iterable, r)", combinations,
        "The r-length subsequences, in order.", ["list(itertools.combinations('abc', 2))  # [('a', 'b'), ('a', 'c'), ('b', 'c')]",
         "itertools.combinations('abc', -1)  # ValueError: r must be non-negative"]),
    entry!(Type, Builtin, "itertools", "permutations", "(iterable, r=None)", permutations,
        "The r-length orderings (all of the items by default).", ["list(itertools.permutations('ab'))  # [('a', 'b'), ('b', 'a')]"]),
    entry!(Type, Builtin, "itertools", "groupby", "(iterable, key=None)", groupby,
        "(key, group) for each run of consecutive items with the same key.",
        ["len(list(itertools.groupby('aabbbc')))  # 3"]),
];

/// The state of a lazy itertools iterator.
pub enum Tool {
    /// `count(start, step)`: the next value.
    Count(Value, Value),
    /// `cycle`: the input while it lasts, the saved items after.
    Cycle(Option<Stream>, Vec<Value>, usize),
    /// `repeat(object, times)`: how many are left (`None`: forever).
    Repeat(Value, Option<u64>),
    /// `chain.from_iterable(outer)`: the iterable being walked.
    Chain(Stream, Option<Stream>),
    /// `islice`: the input, the next index to yield, the stop, the step,
    /// and the index of the input's next item.
    Islice(Stream, u64, Option<u64>, u64, u64),
    /// `accumulate`: the function (None adds), the total so far, and an
    /// initial value still to yield.
    Accumulate(Stream, Value, Option<Value>, Option<Value>),
    /// `zip_longest`: the inputs (None once exhausted) and the fill value.
    ZipLongest(Vec<Option<Stream>>, Value),
    /// `starmap(func, iterable)`.
    Starmap(Value, Stream),
    /// `takewhile(pred, iterable)`: whether it has stopped.
    TakeWhile(Value, Stream, bool),
    /// `dropwhile(pred, iterable)`: whether it is past the dropped items.
    DropWhile(Value, Stream, bool),
    /// `compress(data, selectors)`.
    Compress(Stream, Stream),
    /// `pairwise`: the previous item.
    Pairwise(Stream, Option<Value>),
}

/// The next item of a lazy itertools iterator.
pub fn step(tool: &mut Tool, host: &mut dyn Host) -> Result<Option<Value>> {
    match tool {
        Tool::Count(next, step) => {
            let v = next.clone();
            *next = ops::binary(BinOp::Add, next, step)?;
            Ok(Some(v))
        }
        Tool::Cycle(input, saved, pos) => {
            if let Some(it) = input {
                if let Some(v) = it.next(host)? {
                    saved.push(v.clone());
                    return Ok(Some(v));
                }
                *input = None;
            }
            if saved.is_empty() {
                return Ok(None);
            }
            let v = saved[*pos % saved.len()].clone();
            *pos = (*pos + 1) % saved.len();
            Ok(Some(v))
        }
        Tool::Repeat(v, times) => match times {
            None => Ok(Some(v.clone())),
            Some(0) => Ok(None),
            Some(n) => {
                *n -= 1;
                Ok(Some(v.clone()))
            }
        },
        Tool::Chain(outer, current) => loop {
            if let Some(it) = current {
                if let Some(v) = it.next(host)? {
                    return Ok(Some(v));
                }
            }
            match outer.next(host)? {
                Some(next) => *current = Some(stream(&next)?),
                None => return Ok(None),
            }
        },
        Tool::Islice(it, next, stop, step, index) => {
            if stop.is_some_and(|s| *next >= s) {
                return Ok(None);
            }
            loop {
                let Some(v) = it.next(host)? else {
                    return Ok(None);
                };
                let i = *index;
                *index += 1;
                if i % 4096 == 4095 {
                    // Skipping ahead may take long: Ctrl-C still stops it.
                    host.check_interrupt()?;
                }
                if i == *next {
                    *next += *step;
                    return Ok(Some(v));
                }
            }
        }
        Tool::Accumulate(it, func, total, initial) => {
            if let Some(first) = initial.take() {
                *total = Some(first.clone());
                return Ok(Some(first));
            }
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            let next = match total.take() {
                None => v,
                Some(t) if func.is_none() => ops::binary(BinOp::Add, &t, &v)?,
                Some(t) => host.call(func, vec![t, v], Vec::new())?,
            };
            *total = Some(next.clone());
            Ok(Some(next))
        }
        Tool::ZipLongest(its, fill) => {
            let mut row = Vec::with_capacity(its.len());
            let mut live = false;
            for slot in its.iter_mut() {
                let v = match slot {
                    Some(it) => match it.next(host)? {
                        Some(v) => {
                            live = true;
                            v
                        }
                        None => {
                            *slot = None;
                            fill.clone()
                        }
                    },
                    None => fill.clone(),
                };
                row.push(v);
            }
            Ok(live.then(|| Value::tuple(row)))
        }
        Tool::Starmap(func, it) => match it.next(host)? {
            Some(args) => {
                let args = crate::py::iter::to_vec(&args)?;
                host.call(func, args, Vec::new()).map(Some)
            }
            None => Ok(None),
        },
        Tool::TakeWhile(pred, it, stopped) => {
            if *stopped {
                return Ok(None);
            }
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            if ops::truthy(&host.call(pred, vec![v.clone()], Vec::new())?)? {
                return Ok(Some(v));
            }
            *stopped = true;
            Ok(None)
        }
        Tool::DropWhile(pred, it, past) => loop {
            host.check_interrupt()?;
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            if *past || !ops::truthy(&host.call(pred, vec![v.clone()], Vec::new())?)? {
                *past = true;
                return Ok(Some(v));
            }
        },
        Tool::Compress(data, selectors) => loop {
            host.check_interrupt()?;
            let (Some(d), Some(s)) = (data.next(host)?, selectors.next(host)?) else {
                return Ok(None);
            };
            if ops::truthy(&s)? {
                return Ok(Some(d));
            }
        },
        Tool::Pairwise(it, prev) => {
            if prev.is_none() {
                *prev = it.next(host)?;
                if prev.is_none() {
                    return Ok(None);
                }
            }
            let Some(v) = it.next(host)? else {
                return Ok(None);
            };
            let first = prev.replace(v.clone()).unwrap_or(Value::None);
            Ok(Some(Value::tuple(vec![first, v])))
        }
    }
}

fn tool(name: &'static str, t: Tool) -> Value {
    IterObj::value(name, IterState::Tool(Box::new(t)))
}

/// An iterator over precomputed items (the combinatoric tools).
fn items(name: &'static str, v: Vec<Value>) -> Value {
    IterObj::value(name, IterState::Items(ValueIter::Values(v.into_iter())))
}

/// A count argument: a non-negative int, or CPython's ValueError `message`.
fn count_arg(v: &Value, message: &str) -> Result<u64> {
    if !num::is_int(v) {
        return Err(Error::value_error(message.to_string()));
    }
    u64::try_from(num::index_i64(v)?).map_err(|_| Error::value_error(message.to_string()))
}

fn count(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let is_number = |v: &Value| {
        matches!(
            v,
            Value::Int(_)
                | Value::BigInt(_)
                | Value::Float(_)
                | Value::Complex(_)
                | Value::Bool(_)
                | Value::Scalar(_)
        )
    };
    if !is_number(a.get(0)) || !is_number(a.get(1)) {
        return Err(Error::type_error("a number is required"));
    }
    Ok(tool(
        "count",
        Tool::Count(a.get(0).clone(), a.get(1).clone()),
    ))
}

fn cycle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool(
        "cycle",
        Tool::Cycle(Some(stream(a.get(0))?), Vec::new(), 0),
    ))
}

fn repeat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let times = match a.get(1) {
        Value::None => None,
        v => Some(num::index_i64(v)?.max(0) as u64),
    };
    Ok(tool("repeat", Tool::Repeat(a.get(0).clone(), times)))
}

fn chain(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let outer = stream(&Value::list(a.rest.clone()))?;
    Ok(tool("chain", Tool::Chain(outer, None)))
}

fn chain_from_iterable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool("chain", Tool::Chain(stream(a.get(0))?, None)))
}

fn islice(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let it = stream(a.get(0))?;
    let opt = |v: &Value, message: &str| -> Result<Option<u64>> {
        match v {
            Value::None => Ok(None),
            v => count_arg(v, message).map(Some),
        }
    };
    const STOP: &str =
        "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    const START: &str = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    const STEP: &str = "Step for islice() must be a positive integer or None.";
    let (start, stop, step) = match &a.rest[..] {
        [stop] => (0, opt(stop, STOP)?, 1),
        [start, stop] => (opt(start, START)?.unwrap_or(0), opt(stop, STOP)?, 1),
        [start, stop, step] => {
            let step = opt(step, STEP)?.unwrap_or(1);
            if step == 0 {
                return Err(Error::value_error(STEP));
            }
            (opt(start, START)?.unwrap_or(0), opt(stop, STOP)?, step)
        }
        [] => {
            return Err(Error::type_error(
                "islice expected at least 2 arguments, got 1",
            ))
        }
        more => {
            return Err(Error::type_error(format!(
                "islice expected at most 4 arguments, got {}",
                more.len() + 1
            )))
        }
    };
    Ok(tool("islice", Tool::Islice(it, start, stop, step, 0)))
}

fn accumulate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let initial = match a.get(2) {
        Value::None => None,
        v => Some(v.clone()),
    };
    Ok(tool(
        "accumulate",
        Tool::Accumulate(stream(a.get(0))?, a.get(1).clone(), None, initial),
    ))
}

fn zip_longest(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let its = a
        .rest
        .iter()
        .map(|v| stream(v).map(Some))
        .collect::<Result<Vec<_>>>()?;
    Ok(tool("zip_longest", Tool::ZipLongest(its, a.get(0).clone())))
}

fn starmap(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool(
        "starmap",
        Tool::Starmap(a.get(0).clone(), stream(a.get(1))?),
    ))
}

fn takewhile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool(
        "takewhile",
        Tool::TakeWhile(a.get(0).clone(), stream(a.get(1))?, false),
    ))
}

fn dropwhile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool(
        "dropwhile",
        Tool::DropWhile(a.get(0).clone(), stream(a.get(1))?, false),
    ))
}

fn compress(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool(
        "compress",
        Tool::Compress(stream(a.get(0))?, stream(a.get(1))?),
    ))
}

fn pairwise(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tool("pairwise", Tool::Pairwise(stream(a.get(0))?, None)))
}

fn product(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let times = num::index_i64(a.get(0))?;
    if times < 0 {
        return Err(Error::value_error("repeat argument cannot be negative"));
    }
    let pools: Vec<Vec<Value>> = a
        .rest
        .iter()
        .map(|v| collect(host, v))
        .collect::<Result<_>>()?;
    let pools: Vec<&Vec<Value>> = (0..times).flat_map(|_| pools.iter()).collect();
    let mut rows: Vec<Vec<Value>> = vec![Vec::new()];
    for pool in pools {
        let mut next = Vec::with_capacity(rows.len() * pool.len());
        for row in &rows {
            for v in pool.iter() {
                let mut r = row.clone();
                r.push(v.clone());
                next.push(r);
            }
        }
        rows = next;
        if rows.len() > crate::py::arith::MAX_ITEMS {
            return Err(Error::new(crate::ExcKind::MemoryError, ""));
        }
    }
    Ok(items(
        "product",
        rows.into_iter().map(Value::tuple).collect(),
    ))
}

/// The r-length index tuples of CPython's `combinations` algorithm, in its order.
fn combination_indices(n: usize, r: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if r > n {
        return out;
    }
    let mut idx: Vec<usize> = (0..r).collect();
    loop {
        out.push(idx.clone());
        let Some(i) = (0..r).rev().find(|&i| idx[i] != i + n - r) else {
            return out;
        };
        idx[i] += 1;
        for j in i + 1..r {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

fn combinations(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let pool = collect(host, a.get(0))?;
    let r = num::index_i64(a.get(1))?;
    if r < 0 {
        return Err(Error::value_error("r must be non-negative"));
    }
    let rows = combination_indices(pool.len(), r as usize)
        .into_iter()
        .map(|idx| Value::tuple(idx.into_iter().map(|i| pool[i].clone()).collect()))
        .collect();
    Ok(items("combinations", rows))
}

fn permutations(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let pool = collect(host, a.get(0))?;
    let n = pool.len();
    let r = match a.get(1) {
        Value::None => n,
        v => {
            let r = num::index_i64(v)?;
            if r < 0 {
                return Err(Error::value_error("r must be non-negative"));
            }
            r as usize
        }
    };
    let mut rows = Vec::new();
    if r <= n {
        // CPython's algorithm: cycles over the indices, lexicographic in positions.
        let mut indices: Vec<usize> = (0..n).collect();
        let mut cycles: Vec<usize> = (0..r).map(|i| n - i).collect();
        let emit = |indices: &[usize]| {
            Value::tuple(indices[..r].iter().map(|&i| pool[i].clone()).collect())
        };
        rows.push(emit(&indices));
        if n > 0 {
            'outer: loop {
                for i in (0..r).rev() {
                    cycles[i] -= 1;
                    if cycles[i] == 0 {
                        let moved = indices.remove(i);
                        indices.push(moved);
                        cycles[i] = n - i;
                    } else {
                        let j = cycles[i];
                        indices.swap(i, n - j);
                        rows.push(emit(&indices));
                        if rows.len() > crate::py::arith::MAX_ITEMS {
                            return Err(Error::new(crate::ExcKind::MemoryError, ""));
                        }
                        continue 'outer;
                    }
                }
                break;
            }
        }
    }
    Ok(items("permutations", rows))
}

fn groupby(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let values = collect(host, a.get(0))?;
    let key = a.get(1).clone();
    let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
    for v in values {
        let k = if key.is_none() {
            v.clone()
        } else {
            host.call(&key, vec![v.clone()], Vec::new())?
        };
        match groups.last_mut() {
            Some((last, members)) if crate::py::compare::eq(last, &k)? => members.push(v),
            _ => groups.push((k, vec![v])),
        }
    }
    let rows = groups
        .into_iter()
        .map(|(k, members)| Value::tuple(vec![k, items("_grouper", members)]))
        .collect();
    Ok(items("groupby", rows))
}
