//! `collections.abc`: the abstract collection types, for `isinstance`
//! (`isinstance(x, Iterable)`, `isinstance(d, Mapping)`). A builtin value
//! is an instance as CPython registers its type; a user object as its
//! class defines the methods an ABC checks (`__iter__` for `Iterable`,
//! `__len__` for `Sized`, ...). Calling one is CPython's TypeError: they
//! are abstract.

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::Error;

macro_rules! abc {
    ($($name:literal, $doc:literal, $ex:literal;)*) => {
        &[$(entry!(Type, Builtin, "collections.abc", $name, "(*args, **kwargs)",
            |_: &mut dyn Host, _: &mut Args| Err(abstract_error($name)), $doc, [$ex]),)*]
    };
}

/// The abstract types.
pub const FUNCS: &[FuncDef] = abc! {
    "Iterable", "What has __iter__ (lists, strs, dicts, arrays, generators, ...).", "isinstance([1], collections.abc.Iterable)  # True";
    "Iterator", "What has __iter__ and __next__ (generators, map, zip, iter(...)).", "isinstance(iter([1]), collections.abc.Iterator)  # True";
    "Generator", "A generator object.", "isinstance(range(3), collections.abc.Generator)  # False";
    "Reversible", "What reversed() takes (sequences, dicts and their views).", "isinstance({}, collections.abc.Reversible)  # True";
    "Sized", "What has __len__.", "isinstance('ab', collections.abc.Sized)  # True";
    "Container", "What has __contains__ (what `in` asks).", "isinstance(range(3), collections.abc.Container)  # True";
    "Collection", "Sized, iterable and a container.", "isinstance({1}, collections.abc.Collection)  # True";
    "Sequence", "list, tuple, str, bytes, bytearray, range, deque (not dicts, sets or arrays).", "isinstance(np.arange(2), collections.abc.Sequence)  # False";
    "MutableSequence", "list, bytearray and deque.", "isinstance((1,), collections.abc.MutableSequence)  # False";
    "Mapping", "dict and its kin (Counter, defaultdict, OrderedDict).", "isinstance({}, collections.abc.Mapping)  # True";
    "MutableMapping", "dict and its kin.", "isinstance({}, collections.abc.MutableMapping)  # True";
    "Set", "set, frozenset and a dict's keys and items views.", "isinstance(frozenset(), collections.abc.Set)  # True";
    "MutableSet", "set.", "isinstance(frozenset(), collections.abc.MutableSet)  # False";
    "Callable", "What can be called (functions, classes, methods, objects with __call__).", "isinstance(len, collections.abc.Callable)  # True";
    "Hashable", "What hash() takes.", "isinstance([], collections.abc.Hashable)  # False";
};

/// CPython 3.11's TypeError for calling an abstract class.
fn abstract_error(name: &str) -> Error {
    let methods = match name {
        "Iterable" => "__iter__",
        "Iterator" => "__next__",
        "Generator" => "send, throw",
        "Reversible" => "__iter__, __reversed__",
        "Sized" => "__len__",
        "Container" => "__contains__",
        "Collection" => "__contains__, __iter__, __len__",
        "Sequence" => "__getitem__, __len__",
        "MutableSequence" => "__delitem__, __getitem__, __len__, __setitem__, insert",
        "Mapping" => "__getitem__, __iter__, __len__",
        "MutableMapping" => "__delitem__, __getitem__, __iter__, __len__, __setitem__",
        "Set" => "__contains__, __iter__, __len__",
        "MutableSet" => "__contains__, __iter__, __len__, add, discard",
        "Callable" => "__call__",
        _ => "__hash__",
    };
    let s = if methods.contains(',') { "s" } else { "" };
    Error::type_error(format!(
        "Can't instantiate abstract class {name} with abstract method{s} {methods}"
    ))
}

/// Whether a user object's class defines `method`.
fn defines(v: &Value, method: &str) -> bool {
    crate::py::class::class_of(v).is_some_and(|c| c.lookup(method).is_some())
}

/// `isinstance(v, collections.abc.<name>)`.
pub fn is_instance(v: &Value, name: &str) -> bool {
    let deque = crate::collections::deque_of(v).is_some();
    let file = crate::files::file_of(v).is_some();
    let sequence = matches!(
        v,
        Value::Str(_)
            | Value::Bytes(_)
            | Value::ByteArray(_)
            | Value::List(_)
            | Value::Tuple(_)
            | Value::Range(_)
    ) || deque;
    let set_view =
        matches!(v, Value::DictView(d) if !matches!(d.kind, crate::value::ViewKind::Values));
    // The builtin collections: iterable, sized and containers alike.
    let collection = sequence
        || matches!(
            v,
            Value::Dict(_)
                | Value::Set(_)
                | Value::FrozenSet(_)
                | Value::DictView(_)
                | Value::Array(_)
                | Value::HostArray(_)
        );
    let iterable = collection || file || matches!(v, Value::Iter(_)) || defines(v, "__iter__");
    let sized = collection || defines(v, "__len__");
    let container = collection || defines(v, "__contains__");
    let iterator =
        matches!(v, Value::Iter(_)) || file || (defines(v, "__iter__") && defines(v, "__next__"));
    match name {
        "Iterable" => iterable,
        "Iterator" => iterator,
        "Generator" => matches!(v, Value::Iter(i) if i.type_name() == "generator"),
        "Reversible" => {
            sequence
                || matches!(v, Value::Dict(_) | Value::DictView(_))
                || defines(v, "__reversed__")
        }
        "Sized" => sized,
        "Container" => container,
        "Collection" => sized && iterable && container,
        "Sequence" => sequence,
        "MutableSequence" => matches!(v, Value::List(_) | Value::ByteArray(_)) || deque,
        "Mapping" | "MutableMapping" => matches!(v, Value::Dict(_)),
        "Set" => matches!(v, Value::Set(_) | Value::FrozenSet(_)) || set_view,
        "MutableSet" => matches!(v, Value::Set(_)),
        "Callable" => crate::py::attr::callable(v),
        "Hashable" => match v {
            Value::Instance(_) => !crate::py::class::class_of(v)
                .and_then(|c| c.lookup("__hash__"))
                .is_some_and(|h| h.is_none()),
            Value::Object(o) if matches!(**o, Object::Plain) => true,
            // A deque is unhashable; a dict's values view hashes by identity.
            _ if deque => false,
            Value::DictView(d) => matches!(d.kind, crate::value::ViewKind::Values),
            v => crate::py::hash::hash(v).is_ok(),
        },
        _ => false,
    }
}
