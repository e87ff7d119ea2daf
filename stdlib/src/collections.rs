//! `collections`: `Counter`, `defaultdict` and `OrderedDict` are dicts
//! whose table says which type they are ([`DictKind`]), so every dict
//! method, view and operator works on them unchanged and only what
//! differs lives here (a missing key, the repr, their own methods);
//! `namedtuple` makes a class whose instances hold their values as a
//! tuple; `deque` is a native double-ended queue. Each as CPython 3.11's.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::ops;
use crate::py::class::{self, Attrs, Class, Descriptor, Instance};
use crate::py::iter::ValueIter;
use crate::py::keys;
use crate::py::lazy::{collect, IterObj, IterState};
use crate::table::FuncDef;
use crate::value::{DictKind, DictTable, Object, Value};
use crate::{Error, ExcKind, Result};

/// The types of `collections` and their methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, Builtin, "collections", "Counter", "(iterable=None, /, **kwds)", counter,
        "A dict counting hashable items: from an iterable (each item counted), a mapping of counts, or keywords; a missing key counts 0.",
        ["collections.Counter('abracadabra')  # Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1})",
         "collections.Counter(a=2)['z']  # 0", "isinstance(collections.Counter(), dict)  # True"]),
    entry!(Method, Builtin, "Counter", "most_common", "(self, n=None)", most_common,
        "The n most common (item, count) pairs, most common first (ties in first-seen order); all of them without n.",
        ["collections.Counter('abracadabra').most_common(2)  # [('a', 5), ('b', 2)]"]),
    entry!(Method, Builtin, "Counter", "elements", "(self, /)", elements,
        "An iterator over the items, each repeated as many times as its count (counts below 1 skipped).",
        ["sorted(collections.Counter(a=2, b=1, c=0).elements())  # ['a', 'a', 'b']"]),
    entry!(Method, Builtin, "Counter", "update", "(self, iterable=None, /, **kwds)", counter_update,
        "Add counts: of the items of an iterable, of a mapping's counts, of keywords.",
        ["c = collections.Counter('ab'); c.update('bc'); c  # Counter({'b': 2, 'a': 1, 'c': 1})"]),
    entry!(Method, Builtin, "Counter", "subtract", "(self, iterable=None, /, **kwds)", counter_subtract,
        "Subtract counts (they may go to zero or below).",
        ["c = collections.Counter(a=1); c.subtract('aab'); c  # Counter({'a': -1, 'b': -1})"]),
    entry!(Method, Builtin, "Counter", "total", "(self, /)", total,
        "The sum of the counts.",
        ["collections.Counter('hello').total()  # 5"]),
    entry!(Function, Builtin, "Counter", "fromkeys", "(iterable, v=None, /)", counter_fromkeys,
        "Not implemented for Counter, as in CPython: use Counter(iterable).",
        ["collections.Counter.fromkeys('ab')  # NotImplementedError: Counter.fromkeys() is undefined.  Use Counter(iterable) instead."]),
    entry!(Type, Builtin, "collections", "defaultdict", "(default_factory=None, /, *args, **kwargs)", defaultdict,
        "A dict whose missing keys get default_factory() (then stored); the other arguments are dict's.",
        ["d = collections.defaultdict(list); d['a'].append(1); d  # defaultdict(<class 'list'>, {'a': [1]})",
         "collections.defaultdict(1)  # TypeError: first argument must be callable or None"]),
    entry!(Property, Builtin, "defaultdict", "default_factory", "(self, /)", default_factory,
        "The function called for a missing key (None: missing keys are a KeyError).",
        ["collections.defaultdict(int).default_factory  # <class 'int'>"]),
    entry!(Type, Builtin, "collections", "OrderedDict", "(iterable=None, /, **kwargs)", ordered_dict,
        "A dict that remembers insertion order, with move_to_end and popitem(last=False); == between two is order-sensitive.",
        ["collections.OrderedDict([('b', 1), ('a', 2)])  # OrderedDict([('b', 1), ('a', 2)])"]),
    entry!(Method, Builtin, "OrderedDict", "move_to_end", "(self, key, last=True)", move_to_end,
        "Move an existing key to the end (to the front with last=False).",
        ["d = collections.OrderedDict.fromkeys('abc'); d.move_to_end('a'); list(d)  # ['b', 'c', 'a']",
         "collections.OrderedDict().move_to_end('x')  # KeyError: 'x'"]),
    entry!(Method, Builtin, "OrderedDict", "popitem", "(self, last=True)", od_popitem,
        "Remove and return the last (key, value) pair, or the first with last=False.",
        ["collections.OrderedDict(a=1, b=2).popitem(last=False)  # ('a', 1)",
         "collections.OrderedDict().popitem()  # KeyError: 'dictionary is empty'"]),
    entry!(Function, Builtin, "OrderedDict", "fromkeys", "(iterable, value=None, /)", od_fromkeys,
        "A new OrderedDict with the keys of an iterable, each mapped to value.",
        ["collections.OrderedDict.fromkeys('ab', 0)  # OrderedDict([('a', 0), ('b', 0)])"]),
    entry!(Function, Builtin, "collections", "namedtuple", "(typename, field_names, *, rename=False, defaults=None, module=None)", namedtuple,
        "A tuple class whose items are also attributes: Point = namedtuple('Point', 'x y'); Point(1, y=2).x.",
        ["collections.namedtuple('Point', 'x y')._fields  # ('x', 'y')",
         "collections.namedtuple('P', 'x, y', defaults=[0])._field_defaults  # {'y': 0}",
         "collections.namedtuple('P', 'x _y')  # ValueError: Field names cannot start with an underscore: '_y'"]),
    entry!(Type, Builtin, "collections", "deque", "(iterable=(), maxlen=None)", deque,
        "A double-ended queue: appends and pops at either end in constant time; with maxlen, items fall off the other end.",
        ["collections.deque([1, 2, 3], maxlen=2)  # deque([2, 3], maxlen=2)"]),
    entry!(Method, Builtin, "deque", "append", "(self, x, /)", dq_append,
        "Add x at the right end.", ["d = collections.deque([1]); d.append(2); d  # deque([1, 2])"]),
    entry!(Method, Builtin, "deque", "appendleft", "(self, x, /)", dq_appendleft,
        "Add x at the left end.", ["d = collections.deque([1]); d.appendleft(0); d  # deque([0, 1])"]),
    entry!(Method, Builtin, "deque", "pop", "(self, /)", dq_pop,
        "Remove and return the rightmost item.",
        ["collections.deque([1, 2]).pop()  # 2", "collections.deque().pop()  # IndexError: pop from an empty deque"]),
    entry!(Method, Builtin, "deque", "popleft", "(self, /)", dq_popleft,
        "Remove and return the leftmost item.",
        ["collections.deque([1, 2]).popleft()  # 1", "collections.deque().popleft()  # IndexError: pop from an empty deque"]),
    entry!(Method, Builtin, "deque", "extend", "(self, iterable, /)", dq_extend,
        "Append the items of an iterable at the right.", ["d = collections.deque(); d.extend('ab'); d  # deque(['a', 'b'])"]),
    entry!(Method, Builtin, "deque", "extendleft", "(self, iterable, /)", dq_extendleft,
        "Append the items of an iterable at the left, one by one (so they end up reversed).",
        ["d = collections.deque([9]); d.extendleft('ab'); d  # deque(['b', 'a', 9])"]),
    entry!(Method, Builtin, "deque", "rotate", "(self, n=1, /)", dq_rotate,
        "Rotate n steps to the right (to the left when n is negative).",
        ["d = collections.deque(range(5)); d.rotate(2); d  # deque([3, 4, 0, 1, 2])"]),
    entry!(Method, Builtin, "deque", "clear", "(self, /)", dq_clear,
        "Remove every item.", ["d = collections.deque([1]); d.clear(); d  # deque([])"]),
    entry!(Method, Builtin, "deque", "count", "(self, x, /)", dq_count,
        "How many items equal x.", ["collections.deque([1, 2, 1]).count(1)  # 2"]),
    entry!(Method, Builtin, "deque", "index", "(self, x, /)", dq_index,
        "The position of the first item equal to x.",
        ["collections.deque('abc').index('c')  # 2", "collections.deque().index(1)  # ValueError: 1 is not in deque"]),
    entry!(Method, Builtin, "deque", "remove", "(self, value, /)", dq_remove,
        "Remove the first item equal to value.",
        ["d = collections.deque([1, 2, 1]); d.remove(1); d  # deque([2, 1])",
         "collections.deque().remove(1)  # ValueError: 1 is not in deque"]),
    entry!(Method, Builtin, "deque", "insert", "(self, i, x, /)", dq_insert,
        "Insert x before position i.", ["d = collections.deque([1, 3]); d.insert(1, 2); d  # deque([1, 2, 3])"]),
    entry!(Method, Builtin, "deque", "reverse", "(self, /)", dq_reverse,
        "Reverse in place.", ["d = collections.deque([1, 2]); d.reverse(); d  # deque([2, 1])"]),
    entry!(Method, Builtin, "deque", "copy", "(self, /)", dq_copy,
        "A shallow copy.", ["collections.deque([1], maxlen=4).copy()  # deque([1], maxlen=4)"]),
    entry!(Property, Builtin, "deque", "maxlen", "(self, /)", dq_maxlen,
        "The maximum length, or None when unbounded.", ["collections.deque(maxlen=3).maxlen  # 3"]),
];

/// The type entry of a `collections` type (`type(Counter())`).
pub fn type_of(kind: &DictKind) -> Option<Value> {
    crate::table::lookup("collections", kind.type_name()).map(Value::Builtin)
}

/// The table modules holding a dict's methods, its own type's first.
pub fn method_modules(kind: &DictKind) -> &'static [&'static str] {
    match kind {
        DictKind::Dict => &["dict"],
        DictKind::Counter => &["Counter", "dict"],
        DictKind::DefaultDict(_) => &["defaultdict", "dict"],
        DictKind::OrderedDict => &["OrderedDict", "dict"],
    }
}

fn new_dict(kind: DictKind) -> Rc<RefCell<DictTable>> {
    Rc::new(RefCell::new(DictTable::of_kind(kind)))
}

fn dict_of(v: &Value, kind: &str) -> Result<Rc<RefCell<DictTable>>> {
    match v {
        Value::Dict(d) if d.borrow().kind().type_name() == kind => Ok(d.clone()),
        other => Err(Error::type_error(format!(
            "descriptor requires a '{kind}' object but received a '{}'",
            ops::type_name(other)
        ))),
    }
}

/// `d[key]` of a dict with a missing-key rule (`Counter`, `defaultdict`):
/// the value, or what the rule gives for a missing key (CPython's
/// `__missing__`).
pub fn getitem(host: &mut dyn Host, d: &Rc<RefCell<DictTable>>, key: &Value) -> Result<Value> {
    if let Some(v) = keys::dict_get(host, d, key)? {
        return Ok(v);
    }
    let kind = d.borrow().kind().clone();
    let factory = match kind {
        DictKind::Counter => return Ok(Value::Int(0)),
        DictKind::DefaultDict(f) if !f.is_none() => f,
        _ => return Err(keys::key_error(host, key)),
    };
    let v = host.call(&factory, Vec::new(), Vec::new())?;
    keys::dict_insert(host, d, key.clone(), v.clone())?;
    Ok(v)
}

/// Whether `d[key]` of this dict has a rule for a missing key.
pub fn has_missing(d: &DictTable) -> bool {
    matches!(d.kind(), DictKind::Counter | DictKind::DefaultDict(_))
}

/// The repr of a `collections` dict around the repr of its items
/// (`items` is the dict's own repr, `{...}`), or `None` for a dict.
pub fn dict_repr(
    d: &DictTable,
    items: &str,
    factory_repr: impl FnOnce(&Value) -> String,
) -> Option<String> {
    Some(match d.kind() {
        DictKind::Dict => return None,
        DictKind::Counter if d.is_empty() => "Counter()".into(),
        DictKind::Counter => format!("Counter({items})"),
        DictKind::DefaultDict(f) => format!("defaultdict({}, {items})", factory_repr(f)),
        DictKind::OrderedDict if d.is_empty() => "OrderedDict()".into(),
        DictKind::OrderedDict => return None,
    })
}

/// The pairs a repr shows, in its order: a Counter's most common first
/// (insertion order when the counts do not compare, as CPython falls
/// back to).
pub fn repr_pairs(d: &DictTable) -> Vec<(Value, Value)> {
    let pairs = d.pairs();
    if matches!(d.kind(), DictKind::Counter) {
        if let Ok(sorted) = by_count(pairs.clone()) {
            return sorted;
        }
    }
    pairs
}

/// Pairs sorted by value, largest first, equal ones in their order.
fn by_count(mut pairs: Vec<(Value, Value)>) -> Result<Vec<(Value, Value)>> {
    let mut err = None;
    pairs.sort_by(|(_, a), (_, b)| {
        let lt = |x: &Value, y: &Value| ops::compare(CmpOp::Lt, x, y).and_then(|r| ops::truthy(&r));
        match (lt(b, a), lt(a, b)) {
            (Ok(true), _) => std::cmp::Ordering::Less,
            (_, Ok(true)) => std::cmp::Ordering::Greater,
            (Err(e), _) | (_, Err(e)) => {
                err.get_or_insert(e);
                std::cmp::Ordering::Equal
            }
            _ => std::cmp::Ordering::Equal,
        }
    });
    match err {
        Some(e) => Err(e),
        None => Ok(pairs),
    }
}

/// Adds (or with `sign` -1 subtracts) the counts of `source`: a mapping's
/// values, else one per item of an iterable; then the keywords.
fn add_counts(
    host: &mut dyn Host,
    d: &Rc<RefCell<DictTable>>,
    source: &Value,
    kwds: &Value,
    sign: i64,
) -> Result<()> {
    let op = if sign < 0 { BinOp::Sub } else { BinOp::Add };
    let mut pairs = match source {
        Value::None => Vec::new(),
        Value::Dict(m) => m.borrow().pairs(),
        other => collect(host, other)?
            .into_iter()
            .map(|k| (k, Value::Int(1)))
            .collect(),
    };
    if let Value::Dict(kw) = kwds {
        pairs.extend(kw.borrow().pairs());
    }
    for (k, n) in pairs {
        let old = keys::dict_get(host, d, &k)?.unwrap_or(Value::Int(0));
        let new = ops::binary(op, &old, &n)?;
        keys::dict_insert(host, d, k, new)?;
    }
    Ok(())
}

fn kwargs_of(a: &Args) -> &Value {
    a.values.last().unwrap_or(&Value::None)
}

fn counter(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = new_dict(DictKind::Counter);
    add_counts(host, &d, a.get(0), kwargs_of(a), 1)?;
    Ok(Value::Dict(d))
}

fn counter_update(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "Counter")?;
    add_counts(host, &d, a.get(1), kwargs_of(a), 1)?;
    Ok(Value::None)
}

fn counter_subtract(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "Counter")?;
    add_counts(host, &d, a.get(1), kwargs_of(a), -1)?;
    Ok(Value::None)
}

fn counter_fromkeys(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::new(
        ExcKind::NotImplementedError,
        "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.",
    ))
}

fn most_common(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "Counter")?;
    let sorted = by_count(d.borrow().pairs())?;
    let n = match a.get(1) {
        Value::None => sorted.len(),
        v => usize::try_from(crate::py::num::index_i64(v)?.max(0)).unwrap_or(usize::MAX),
    };
    Ok(Value::list(
        sorted
            .into_iter()
            .take(n)
            .map(|(k, v)| Value::tuple(vec![k, v]))
            .collect(),
    ))
}

fn elements(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "Counter")?;
    let mut items = Vec::new();
    for (k, n) in d.borrow().pairs() {
        let n = crate::py::num::index_i64(&n).map_err(|_| {
            Error::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                ops::type_name(&n)
            ))
        })?;
        for _ in 0..n.max(0) {
            items.push(k.clone());
        }
    }
    Ok(IterObj::value(
        "itertools.chain",
        IterState::Items(ValueIter::Values(items.into_iter())),
    ))
}

fn total(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "Counter")?;
    let mut sum = Value::Int(0);
    for v in d.borrow().values() {
        sum = ops::binary(BinOp::Add, &sum, &v)?;
    }
    Ok(sum)
}

fn positive(v: &Value) -> Result<bool> {
    ops::truthy(&ops::compare(CmpOp::Gt, v, &Value::Int(0))?)
}

/// `a op b` between two Counters (`+`, `-`, `|`, `&`), as CPython's:
/// only positive counts are kept. `None` unless both are Counters.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    let (Value::Dict(x), Value::Dict(y)) = (a, b) else {
        return None;
    };
    let is_counter = |d: &Rc<RefCell<DictTable>>| matches!(d.borrow().kind(), DictKind::Counter);
    if !is_counter(x)
        || !is_counter(y)
        || !matches!(op, BinOp::Add | BinOp::Sub | BinOp::BitOr | BinOp::BitAnd)
    {
        return None;
    }
    Some(counter_binary(op, x, y))
}

fn counter_binary(
    op: BinOp,
    x: &Rc<RefCell<DictTable>>,
    y: &Rc<RefCell<DictTable>>,
) -> Result<Value> {
    let (xs, ys) = (x.borrow().pairs(), y.borrow().pairs());
    let mut out = DictTable::of_kind(DictKind::Counter);
    let lt = |p: &Value, q: &Value| ops::truthy(&ops::compare(CmpOp::Lt, p, q)?);
    for (k, count) in &xs {
        let other = y.borrow().get(k)?.unwrap_or(Value::Int(0));
        let new = match op {
            BinOp::Add => ops::binary(BinOp::Add, count, &other)?,
            BinOp::Sub => ops::binary(BinOp::Sub, count, &other)?,
            BinOp::BitOr if lt(count, &other)? => other,
            BinOp::BitAnd if !lt(count, &other)? => other,
            _ => count.clone(),
        };
        if positive(&new)? {
            out.insert(k.clone(), new)?;
        }
    }
    if op == BinOp::BitAnd {
        return Ok(Value::dict(out));
    }
    for (k, count) in ys {
        if x.borrow().contains(&k)? {
            continue;
        }
        if op == BinOp::Sub {
            if lt(&count, &Value::Int(0))? {
                out.insert(k, ops::binary(BinOp::Sub, &Value::Int(0), &count)?)?;
            }
        } else if positive(&count)? {
            out.insert(k, count)?;
        }
    }
    Ok(Value::dict(out))
}

/// `+c` and `-c` of a Counter: its positive counts, or its negated
/// negative ones. `None` for anything else.
pub fn unary(op: UnaryOp, a: &Value) -> Option<Result<Value>> {
    let Value::Dict(d) = a else {
        return None;
    };
    if !matches!(d.borrow().kind(), DictKind::Counter) || !matches!(op, UnaryOp::Pos | UnaryOp::Neg)
    {
        return None;
    }
    let run = || {
        let mut out = DictTable::of_kind(DictKind::Counter);
        for (k, v) in d.borrow().pairs() {
            let v = if op == UnaryOp::Neg {
                ops::binary(BinOp::Sub, &Value::Int(0), &v)?
            } else {
                v
            };
            if positive(&v)? {
                out.insert(k, v)?;
            }
        }
        Ok(Value::dict(out))
    };
    Some(run())
}

/// `a == b` between dicts where one is a `collections` type with its own
/// rule: two OrderedDicts compare in order too; Counters count a missing
/// key as 0. `None` for plain dicts.
pub fn dict_eq(
    x: &DictTable,
    y: &DictTable,
    eq: impl Fn(&Value, &Value) -> Result<bool>,
) -> Option<Result<bool>> {
    match (x.kind(), y.kind()) {
        (DictKind::OrderedDict, DictKind::OrderedDict) => {
            let (xs, ys) = (x.pairs(), y.pairs());
            if xs.len() != ys.len() {
                return Some(Ok(false));
            }
            let run = || {
                for ((k1, v1), (k2, v2)) in xs.iter().zip(&ys) {
                    if !eq(k1, k2)? || !eq(v1, v2)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            };
            Some(run())
        }
        (DictKind::Counter, DictKind::Counter) => {
            let run = || {
                for (a, b) in [(x, y), (y, x)] {
                    for (k, v) in a.iter() {
                        let w = b.get(k)?.unwrap_or(Value::Int(0));
                        if !eq(v, &w)? {
                            return Ok(false);
                        }
                    }
                }
                Ok(true)
            };
            Some(run())
        }
        _ => None,
    }
}

fn defaultdict(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let factory = a.get(0).clone();
    if !factory.is_none() && !crate::py::attr::callable(&factory) {
        return Err(Error::type_error("first argument must be callable or None"));
    }
    if a.rest.len() > 1 {
        return Err(Error::type_error(format!(
            "dict expected at most 1 argument, got {}",
            a.rest.len()
        )));
    }
    let d = new_dict(DictKind::DefaultDict(factory));
    fill(
        host,
        &d,
        a.rest.first().unwrap_or(&Value::None),
        kwargs_of(a),
    )?;
    Ok(Value::Dict(d))
}

/// Adds the pairs of a mapping or iterable of pairs, then the keywords.
fn fill(
    host: &mut dyn Host,
    d: &Rc<RefCell<DictTable>>,
    source: &Value,
    kwargs: &Value,
) -> Result<()> {
    let mut pairs = crate::dictmethods::pairs_of(host, source)?;
    if let Value::Dict(kw) = kwargs {
        pairs.extend(kw.borrow().pairs());
    }
    let mut t = d.borrow_mut();
    for (k, v) in pairs {
        t.insert(k, v)?;
    }
    Ok(())
}

fn default_factory(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::Dict(d) => match d.borrow().kind() {
            DictKind::DefaultDict(f) => Ok(f.clone()),
            _ => Ok(Value::None),
        },
        _ => Ok(Value::None),
    }
}

fn ordered_dict(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = new_dict(DictKind::OrderedDict);
    fill(host, &d, a.get(0), kwargs_of(a))?;
    Ok(Value::Dict(d))
}

fn od_fromkeys(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = new_dict(DictKind::OrderedDict);
    for k in collect(host, a.get(0))? {
        d.borrow_mut().insert(k, a.get(1).clone())?;
    }
    Ok(Value::Dict(d))
}

fn move_to_end(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "OrderedDict")?;
    let last = ops::truthy(a.get(2))?;
    let found = d.borrow_mut().move_to_end(a.get(1), last)?;
    if !found {
        return Err(crate::py::index::key_error(a.get(1)));
    }
    Ok(Value::None)
}

fn od_popitem(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dict_of(a.get(0), "OrderedDict")?;
    let popped = if ops::truthy(a.get(1))? {
        d.borrow_mut().pop_last()
    } else {
        d.borrow_mut().pop_first()?
    };
    match popped {
        Some((k, v)) => Ok(Value::tuple(vec![k, v])),
        None => Err(Error::new(ExcKind::KeyError, "'dictionary is empty'")),
    }
}

// ---- namedtuple ----

/// What `namedtuple()` gives each class it makes: the field names and
/// the defaults of the last fields.
pub struct TupleSpec {
    /// `_fields`.
    pub fields: Vec<Rc<str>>,
    /// The defaults, for the last `defaults.len()` fields.
    pub defaults: Vec<Value>,
}

pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

fn is_keyword(s: &str) -> bool {
    const KEYWORDS: [&str; 35] = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
        "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
        "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
        "try", "while", "with", "yield",
    ];
    KEYWORDS.contains(&s)
}

fn namedtuple(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let typename = ops::to_str(a.get(0));
    let names: Vec<String> = match a.get(1) {
        Value::Str(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        other => collect(host, other)?.iter().map(ops::to_str).collect(),
    };
    let rename = ops::truthy(a.get(2))?;
    let mut fields: Vec<Rc<str>> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let bad = !is_identifier(name)
            || is_keyword(name)
            || name.starts_with('_')
            || fields.iter().any(|f| **f == **name);
        if rename && bad {
            fields.push(format!("_{i}").into());
        } else {
            fields.push(name.as_str().into());
        }
    }
    for name in std::iter::once(typename.as_str()).chain(fields.iter().map(|f| &**f)) {
        if !is_identifier(name) {
            return Err(Error::value_error(format!(
                "Type names and field names must be valid identifiers: {}",
                ops::repr(&Value::str(name))
            )));
        }
        if is_keyword(name) {
            return Err(Error::value_error(format!(
                "Type names and field names cannot be a keyword: {}",
                ops::repr(&Value::str(name))
            )));
        }
    }
    for (i, f) in fields.iter().enumerate() {
        if f.starts_with('_') && !rename {
            return Err(Error::value_error(format!(
                "Field names cannot start with an underscore: {}",
                ops::repr(&Value::str(&**f))
            )));
        }
        if fields[..i].contains(f) {
            return Err(Error::value_error(format!(
                "Encountered duplicate field name: {}",
                ops::repr(&Value::str(&**f))
            )));
        }
    }
    let defaults = match a.get(3) {
        Value::None => Vec::new(),
        v => collect(host, v)?,
    };
    if defaults.len() > fields.len() {
        return Err(Error::type_error(
            "Got more default values than field names",
        ));
    }
    let module = match a.get(4) {
        Value::None => "__main__".to_string(),
        v => ops::to_str(v),
    };
    let spec = Rc::new(TupleSpec { fields, defaults });
    Ok(Value::Class(tuple_class(&typename, &module, spec)?))
}

/// The class `namedtuple(typename, spec.fields, module=module)` makes.
fn tuple_class(typename: &str, module: &str, spec: Rc<TupleSpec>) -> Result<Rc<Class>> {
    let mut attrs = Attrs::default();
    let method = |name: &'static str| {
        class::descriptor(Descriptor::NamedTuple {
            method: name,
            spec: spec.clone(),
        })
    };
    for name in TUPLE_METHODS {
        attrs.set(name, method(name));
    }
    attrs.set(
        "_make",
        class::descriptor(Descriptor::ClassMethod(method("_make"))),
    );
    for (index, f) in spec.fields.iter().enumerate() {
        attrs.set(f, class::descriptor(Descriptor::TupleField { index }));
    }
    attrs.set(
        "_fields",
        Value::tuple(spec.fields.iter().map(|f| Value::Str(f.clone())).collect()),
    );
    let mut defaults = DictTable::new();
    let first = spec.fields.len() - spec.defaults.len();
    for (f, v) in spec.fields[first..].iter().zip(&spec.defaults) {
        defaults.insert(Value::Str(f.clone()), v.clone())?;
    }
    attrs.set("_field_defaults", Value::dict(defaults));
    let tuple = crate::py::attr::type_id("tuple")
        .map(Value::Builtin)
        .unwrap_or(Value::None);
    Ok(Rc::new(Class {
        name: class::intern(typename),
        qualname: typename.into(),
        module: module.into(),
        bases: vec![tuple],
        mro: Vec::new(),
        exc_base: None,
        attrs: RefCell::new(attrs),
    }))
}

thread_local! {
    /// The namedtuple classes of [`named_result`], by module and name.
    static RESULT_CLASSES: RefCell<HashMap<(&'static str, &'static str), Rc<Class>>> =
        RefCell::new(HashMap::new());
}

/// An instance of the namedtuple class `module.typename` with these
/// fields, as the libraries written in Python return them
/// (`EighResult(eigenvalues=..., eigenvectors=...)` from
/// `np.linalg.eigh`). The class is made once per thread, so
/// `type(r) is type(r2)` holds as it does in CPython.
pub fn named_result(
    module: &'static str,
    typename: &'static str,
    fields: &[(&'static str, Value)],
) -> Result<Value> {
    let known = RESULT_CLASSES.with(|c| c.borrow().get(&(module, typename)).cloned());
    let class = match known {
        Some(class) => class,
        None => {
            let spec = TupleSpec {
                fields: fields.iter().map(|(f, _)| Rc::from(*f)).collect(),
                defaults: Vec::new(),
            };
            let class = tuple_class(typename, module, Rc::new(spec))?;
            RESULT_CLASSES.with(|c| c.borrow_mut().insert((module, typename), class.clone()));
            class
        }
    };
    Ok(make(
        &class,
        fields.iter().map(|(_, v)| v.clone()).collect(),
    ))
}

/// The methods every namedtuple class has (besides the classmethod `_make`).
const TUPLE_METHODS: [&str; 17] = [
    "__init__",
    "__repr__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__hash__",
    "__len__",
    "__getitem__",
    "__iter__",
    "__contains__",
    "__add__",
    "__setattr__",
    "_asdict",
    "_replace",
];

fn tuple_of(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Tuple(t) => Some(t.to_vec()),
        Value::Instance(i)
            if i.class.lookup("_fields").is_some() && i.class.bases.iter().any(is_tuple_type) =>
        {
            Some(i.args.borrow().clone())
        }
        _ => None,
    }
}

/// A namedtuple instance whose class keeps the `__eq__` and `__hash__`
/// namedtuple wrote, as the tuple it hashes and compares as (so it can
/// be a dict key or set item without running user code).
pub fn key_tuple(v: &Value) -> Option<Value> {
    let Value::Instance(i) = v else {
        return None;
    };
    let native = |name| {
        matches!(i.class.lookup(name), Some(Value::Object(o))
            if matches!(&*o, Object::Descriptor(Descriptor::NamedTuple { .. })))
    };
    if native("__eq__") && native("__hash__") {
        as_tuple(v)
    } else {
        None
    }
}

/// A namedtuple instance as the tuple it is (what `json` and NumPy see).
pub fn as_tuple(v: &Value) -> Option<Value> {
    match v {
        Value::Instance(_) => tuple_of(v).map(Value::tuple),
        _ => None,
    }
}

/// A namedtuple instance of the same class as `v` holding `items` (for
/// a result whose arrays move to another device), or `None` when `v` is
/// no namedtuple.
pub fn with_items(v: &Value, items: Vec<Value>) -> Option<Value> {
    match v {
        Value::Instance(i) if tuple_of(v).is_some() => Some(make(&i.class, items)),
        _ => None,
    }
}

/// A namedtuple as a tuple, a deque as a list: the sequences NumPy reads
/// item by item (`np.array(deque([1, 2]))`).
pub fn as_sequence(v: &Value) -> Option<Value> {
    match deque_of(v) {
        Some(d) => Some(Value::list(d.borrow().items.iter().cloned().collect())),
        None => as_tuple(v),
    }
}

fn is_tuple_type(v: &Value) -> bool {
    matches!(v, Value::Builtin(id) if Some(*id) == crate::py::attr::type_id("tuple"))
}

/// A new instance of namedtuple class `class` holding `values`.
fn make(class: &Rc<Class>, values: Vec<Value>) -> Value {
    Value::Instance(Rc::new(Instance {
        class: class.clone(),
        attrs: RefCell::new(Attrs::default()),
        args: RefCell::new(values),
    }))
}

/// Binds `Point(1, y=2)`'s arguments to the fields, as the `__new__`
/// CPython writes does.
fn bind_fields(qual: &str, spec: &TupleSpec, args: &[Value], kwargs: Kwargs) -> Result<Vec<Value>> {
    let n = spec.fields.len();
    if args.len() > n {
        return Err(Error::type_error(format!(
            "{qual}.__new__() takes {} positional argument{} but {} were given",
            n + 1,
            if n == 0 { "" } else { "s" },
            args.len() + 1
        )));
    }
    let mut values: Vec<Option<Value>> = args.iter().cloned().map(Some).collect();
    values.resize(n, None);
    for (k, v) in kwargs {
        match spec.fields.iter().position(|f| **f == *k) {
            Some(i) if values[i].is_none() => values[i] = Some(v),
            Some(_) => {
                return Err(Error::type_error(format!(
                    "{qual}.__new__() got multiple values for argument '{k}'"
                )))
            }
            None => {
                return Err(Error::type_error(format!(
                    "{qual}.__new__() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let first_default = n - spec.defaults.len();
    for (i, v) in values.iter_mut().enumerate() {
        if v.is_none() && i >= first_default {
            *v = Some(spec.defaults[i - first_default].clone());
        }
    }
    let missing: Vec<String> = spec
        .fields
        .iter()
        .zip(&values)
        .filter(|(_, v)| v.is_none())
        .map(|(f, _)| format!("'{f}'"))
        .collect();
    if !missing.is_empty() {
        let list = match missing.len() {
            1 => missing[0].clone(),
            k => format!("{} and {}", missing[..k - 1].join(", "), missing[k - 1]),
        };
        return Err(Error::type_error(format!(
            "{qual}.__new__() missing {} required positional argument{}: {list}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(values.into_iter().flatten().collect())
}

/// Calls a method of a namedtuple class: `args[0]` is the instance (the
/// class, for `_make`).
pub fn call_tuple_method(
    host: &mut dyn Host,
    method: &str,
    spec: &TupleSpec,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    let Some((this, rest)) = args.split_first() else {
        return Err(Error::type_error(format!("{method}() missing 'self'")));
    };
    if method == "_make" {
        let Value::Class(c) = this else {
            return Err(Error::type_error("_make() needs the class"));
        };
        let values = match rest {
            [iterable] => collect(host, iterable)?,
            _ => return Err(Error::type_error("_make() takes 1 positional argument")),
        };
        if values.len() != spec.fields.len() {
            return Err(Error::type_error(format!(
                "Expected {} arguments, got {}",
                spec.fields.len(),
                values.len()
            )));
        }
        return Ok(make(c, values));
    }
    let Value::Instance(inst) = this else {
        return Err(Error::type_error(format!(
            "{method}() needs a namedtuple instance"
        )));
    };
    let qual = inst.class.qualname.clone();
    let values = || inst.args.borrow().clone();
    let one = || match rest {
        [x] => Ok(x),
        _ => Err(Error::type_error(format!(
            "{method}() takes exactly one argument ({} given)",
            rest.len()
        ))),
    };
    match method {
        "__init__" => {
            *inst.args.borrow_mut() = bind_fields(&qual, spec, rest, kwargs)?;
            Ok(Value::None)
        }
        "__repr__" => {
            let mut parts = Vec::new();
            for (f, v) in spec.fields.iter().zip(values()) {
                parts.push(format!("{f}={}", class::repr(host, &v)?));
            }
            Ok(Value::str(format!(
                "{}({})",
                inst.class.name,
                parts.join(", ")
            )))
        }
        "__len__" => Ok(Value::Int(values().len() as i64)),
        "__getitem__" => ops::getitem(&Value::tuple(values()), one()?),
        "__iter__" => Ok(IterObj::value(
            "tuple_iterator",
            IterState::Items(ValueIter::Values(values().into_iter())),
        )),
        "__contains__" => {
            let x = one()?;
            Ok(Value::Bool(position(host, &values(), x)?.is_some()))
        }
        "__hash__" => Ok(Value::Int(crate::py::hash::hash(&Value::tuple(values()))?)),
        "__add__" => match tuple_of(one()?) {
            Some(other) => Ok(Value::tuple(values().into_iter().chain(other).collect())),
            None => Ok(Object::not_implemented()),
        },
        "__setattr__" => {
            let name = rest.first().map(ops::to_str).unwrap_or_default();
            if spec.fields.iter().any(|f| **f == *name) {
                Err(Error::attribute_error("can't set attribute"))
            } else {
                Err(Error::attribute_error(format!(
                    "'{}' object has no attribute '{name}'",
                    inst.class.name
                )))
            }
        }
        "_asdict" => {
            let mut d = DictTable::new();
            for (f, v) in spec.fields.iter().zip(values()) {
                d.insert(Value::Str(f.clone()), v)?;
            }
            Ok(Value::dict(d))
        }
        "_replace" => {
            let mut new = values();
            let mut unknown = Vec::new();
            for (k, v) in kwargs {
                match spec.fields.iter().position(|f| **f == *k) {
                    Some(i) => new[i] = v,
                    None => unknown.push(Value::Str(k)),
                }
            }
            if !unknown.is_empty() {
                return Err(Error::value_error(format!(
                    "Got unexpected field names: {}",
                    ops::repr(&Value::list(unknown))
                )));
            }
            Ok(make(&inst.class, new))
        }
        _ => {
            let other = one()?;
            let Some(y) = tuple_of(other) else {
                return Ok(Object::not_implemented());
            };
            let op = match method {
                "__eq__" => CmpOp::Eq,
                "__ne__" => CmpOp::NotEq,
                "__lt__" => CmpOp::Lt,
                "__le__" => CmpOp::LtE,
                "__gt__" => CmpOp::Gt,
                _ => CmpOp::GtE,
            };
            if op == CmpOp::NotEq {
                let eq = crate::dataclasses::compare_seq(host, CmpOp::Eq, &values(), &y)?;
                return Ok(Value::Bool(!eq));
            }
            crate::dataclasses::compare_seq(host, op, &values(), &y).map(Value::Bool)
        }
    }
}

/// `point.x`: the field's value.
pub fn field_value(inst: &Instance, index: usize) -> Value {
    inst.args
        .borrow()
        .get(index)
        .cloned()
        .unwrap_or(Value::None)
}

// ---- deque ----

/// A `collections.deque`.
pub struct Deque {
    /// The items, left to right.
    pub items: VecDeque<Value>,
    /// `maxlen`: appends past it drop items from the other end.
    pub maxlen: Option<usize>,
}

impl Deque {
    fn push(&mut self, v: Value, left: bool) {
        if self.maxlen == Some(0) {
            return;
        }
        if left {
            if Some(self.items.len()) == self.maxlen {
                self.items.pop_back();
            }
            self.items.push_front(v);
        } else {
            if Some(self.items.len()) == self.maxlen {
                self.items.pop_front();
            }
            self.items.push_back(v);
        }
    }

    /// The repr: `deque([1, 2])`, `deque([1], maxlen=3)`; `items` is the
    /// repr of the items as a list.
    pub fn repr(&self, items: &str) -> String {
        match self.maxlen {
            Some(n) => format!("deque({items}, maxlen={n})"),
            None => format!("deque({items})"),
        }
    }
}

/// The deque `v` is, if it is one.
pub fn deque_of(v: &Value) -> Option<&RefCell<Deque>> {
    match v {
        Value::Object(o) => match &**o {
            Object::Deque(d) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

fn this(a: &Args) -> Result<&RefCell<Deque>> {
    deque_of(a.get(0)).ok_or_else(|| {
        Error::type_error(format!(
            "descriptor requires a 'collections.deque' object but received a '{}'",
            ops::type_name(a.get(0))
        ))
    })
}

fn new_deque(items: VecDeque<Value>, maxlen: Option<usize>) -> Value {
    Value::Object(Rc::new(Object::Deque(RefCell::new(Deque {
        items,
        maxlen,
    }))))
}

fn deque(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let maxlen = match a.get(1) {
        Value::None => None,
        Value::Int(n) if *n >= 0 => Some(*n as usize),
        Value::Int(_) => return Err(Error::value_error("maxlen must be non-negative")),
        _ => return Err(Error::type_error("an integer is required")),
    };
    let mut d = Deque {
        items: VecDeque::new(),
        maxlen,
    };
    for v in collect(host, a.get(0))? {
        d.push(v, false);
    }
    Ok(new_deque(d.items, d.maxlen))
}

fn dq_append(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?.borrow_mut().push(a.get(1).clone(), false);
    Ok(Value::None)
}

fn dq_appendleft(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?.borrow_mut().push(a.get(1).clone(), true);
    Ok(Value::None)
}

fn empty_pop() -> Error {
    Error::new(ExcKind::IndexError, "pop from an empty deque")
}

fn dq_pop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?.borrow_mut().items.pop_back().ok_or_else(empty_pop)
}

fn dq_popleft(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?
        .borrow_mut()
        .items
        .pop_front()
        .ok_or_else(empty_pop)
}

fn dq_extend(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // Read first: the iterable may be the deque itself.
    let items = collect(host, a.get(1))?;
    let mut d = this(a)?.borrow_mut();
    for v in items {
        d.push(v, false);
    }
    Ok(Value::None)
}

fn dq_extendleft(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = collect(host, a.get(1))?;
    let mut d = this(a)?.borrow_mut();
    for v in items {
        d.push(v, true);
    }
    Ok(Value::None)
}

fn dq_rotate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = crate::py::num::index_i64(a.get(1))?;
    let mut d = this(a)?.borrow_mut();
    let len = d.items.len() as i64;
    if len > 1 {
        let k = n.rem_euclid(len) as usize;
        d.items.rotate_right(k);
    }
    Ok(Value::None)
}

fn dq_clear(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?.borrow_mut().items.clear();
    Ok(Value::None)
}

/// The items as they are now (comparing may run user code that changes the deque).
fn snapshot(a: &Args) -> Result<Vec<Value>> {
    Ok(this(a)?.borrow().items.iter().cloned().collect())
}

/// The first of `items` that is or equals `x` (user `__eq__` included), as
/// `list.index` finds it.
fn position(host: &mut dyn Host, items: &[Value], x: &Value) -> Result<Option<usize>> {
    for (i, v) in items.iter().enumerate() {
        if crate::py::compare::is(v, x) || class::order(host, CmpOp::Eq, v, x)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn not_in_deque(x: &Value) -> Error {
    Error::value_error(format!("{} is not in deque", ops::repr(x)))
}

fn dq_count(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut n = 0;
    for v in &snapshot(a)? {
        if crate::py::compare::is(v, a.get(1)) || class::order(host, CmpOp::Eq, v, a.get(1))? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn dq_index(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = snapshot(a)?;
    match position(host, &items, a.get(1))? {
        Some(i) => Ok(Value::Int(i as i64)),
        None => Err(not_in_deque(a.get(1))),
    }
}

fn dq_remove(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = snapshot(a)?;
    match position(host, &items, a.get(1))? {
        Some(i) => {
            this(a)?.borrow_mut().items.remove(i);
            Ok(Value::None)
        }
        None => Err(not_in_deque(a.get(1))),
    }
}

fn dq_insert(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let i = crate::py::num::index_i64(a.get(1))?;
    let mut d = this(a)?.borrow_mut();
    if Some(d.items.len()) == d.maxlen {
        return Err(Error::new(
            ExcKind::IndexError,
            "deque already at its maximum size",
        ));
    }
    let len = d.items.len() as i64;
    let at = if i < 0 { (i + len).max(0) } else { i.min(len) };
    d.items.insert(at as usize, a.get(2).clone());
    Ok(Value::None)
}

fn dq_reverse(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    this(a)?.borrow_mut().items.make_contiguous().reverse();
    Ok(Value::None)
}

fn dq_copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = this(a)?.borrow();
    Ok(new_deque(d.items.clone(), d.maxlen))
}

fn dq_maxlen(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match this(a)?.borrow().maxlen {
        Some(n) => Value::Int(n as i64),
        None => Value::None,
    })
}

/// The deque index `i` (negative from the end), or CPython's IndexError.
fn deque_index(d: &Deque, index: &Value) -> Result<usize> {
    let i = match index {
        Value::Int(_) | Value::Bool(_) => crate::py::num::index_i64(index)?,
        other => {
            return Err(Error::type_error(format!(
                "sequence index must be integer, not '{}'",
                ops::type_name(other)
            )))
        }
    };
    let len = d.items.len() as i64;
    let j = if i < 0 { i + len } else { i };
    if (0..len).contains(&j) {
        Ok(j as usize)
    } else {
        Err(Error::new(ExcKind::IndexError, "deque index out of range"))
    }
}

/// `d[i]`.
pub fn deque_getitem(d: &RefCell<Deque>, index: &Value) -> Result<Value> {
    let d = d.borrow();
    let i = deque_index(&d, index)?;
    Ok(d.items[i].clone())
}

/// `d[i] = v`.
pub fn deque_setitem(d: &RefCell<Deque>, index: &Value, v: Value) -> Result<()> {
    let mut d = d.borrow_mut();
    let i = deque_index(&d, index)?;
    d.items[i] = v;
    Ok(())
}

/// `del d[i]`.
pub fn deque_delitem(d: &RefCell<Deque>, index: &Value) -> Result<()> {
    let mut d = d.borrow_mut();
    let i = deque_index(&d, index)?;
    d.items.remove(i);
    Ok(())
}
