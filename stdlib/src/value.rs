//! The object model: every value a program can hold.

use std::cell::RefCell;
use std::rc::Rc;

use num_bigint::BigInt;
use num_complex::Complex64;

pub use crate::py::dict::{DictKind, DictTable};
pub use crate::py::set::SetTable;
use crate::table::FnId;

/// A value of the language.
///
/// Cheap to clone: small values are inline, everything else is behind an `Rc`.
/// Python ints use `Int` whenever they fit in an `i64` and `BigInt` only
/// beyond; every operation keeps that normal form (see [`Value::from_bigint`]).
///
/// NumPy scalars are inline too: `Scalar` is `repr(u64)`, an 8-byte tag
/// then its payload at offset 8, and Rust's niche filling makes that tag
/// word `Value`'s own tag (the tag values `Scalar` does not use name the
/// other variants), so every other payload sits at offset 8 as well. That
/// layout matters twice: with a one-byte tag the one-byte payloads
/// (`Bool`, `DType`) would sit at offset 1, every move of a `Value` would
/// copy bytes 1..8 piecewise, and the wide loads after such narrow stores
/// miss store-to-load forwarding (the interpreter moves values on every
/// call and return; an 8-byte tag made `fib(25)` 25% faster); and a NumPy
/// scalar held inline costs no allocation (iterating over an array makes
/// one per element). The size stays 24, and the unused tag values still
/// give `Option<Value>` and `Result<Value, _>` their niche.
#[derive(Clone)]
pub enum Value {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// A Python int that fits in 64 bits.
    Int(i64),
    /// A Python int that does not fit in 64 bits.
    BigInt(Rc<BigInt>),
    /// A Python float.
    Float(f64),
    /// A Python complex.
    Complex(Complex64),
    /// A Python str.
    Str(Rc<str>),
    /// A Python bytes.
    Bytes(Rc<[u8]>),
    /// A Python bytearray (shared, mutable).
    ByteArray(Rc<RefCell<Vec<u8>>>),
    /// A Python list (shared, mutable).
    List(Rc<RefCell<Vec<Value>>>),
    /// A Python tuple.
    Tuple(Rc<[Value]>),
    /// A Python dict (shared, mutable, insertion-ordered).
    Dict(Rc<RefCell<DictTable>>),
    /// A Python set (shared, mutable; CPython's iteration order).
    Set(Rc<RefCell<SetTable>>),
    /// A Python frozenset.
    FrozenSet(Rc<SetTable>),
    /// `d.keys()`, `d.values()`, `d.items()`: a live view of a dict.
    DictView(Rc<DictView>),
    /// An iterator object: a generator, `map`, `zip`, what `iter()` returns.
    Iter(Rc<crate::py::lazy::IterObj>),
    /// `range(start, stop, step)`.
    Range(Rc<RangeObj>),
    /// `slice(start, stop, step)`, as built by `a[1:2]`.
    Slice(Rc<SliceObj>),
    /// `...`.
    Ellipsis,
    /// A function, type or method from the stdlib table, unbound.
    Builtin(FnId),
    /// A table method bound to its receiver (`"a b".split`).
    Method(Rc<BoundMethod>),
    /// A function defined with `def`; only the interpreter looks inside.
    Function(Rc<dyn UserFunction>),
    /// A module (`math`, `numpy`, `numpy.linalg`, `sys`, ...).
    Module(Rc<Module>),
    /// A NumPy array (`numpy.ndarray`); clones share the array object, and
    /// views of it share its storage.
    Array(Rc<xpush_npu::Array>),
    /// A NumPy scalar (`np.float32(1.5)`, `a[0]`, `a.sum()`).
    Scalar(xpush_npu::Scalar),
    /// A dtype object (`np.dtype('float32')`, `a.dtype`).
    DType(xpush_npu::DType),
    /// A fixed-width string array (`np.array(['a', 'bc'])`, dtype `<U2`);
    /// a host array (see [`crate::numpy::host`]).
    HostArray(Rc<crate::numpy::host::HostArray>),
    /// A fixed-width text dtype (`dtype('<U2')`, `dtype('S3')`).
    HostDType(crate::numpy::host::HostDType),
    /// A builtin exception class (`ValueError`, `np.linalg.LinAlgError`).
    ExcType(xpush_npu::ExcKind),
    /// A native object with fixed attributes and a fixed repr
    /// (`np.finfo(np.float32)`, `np.iinfo(np.int8)`).
    Record(Rc<Record>),
    /// A native object with state whose methods are the table entries of
    /// its type (`np.random.default_rng()`, `np.load` of an `.npz`).
    Object(Rc<Object>),
    /// A class made by a `class` statement.
    Class(Rc<crate::py::class::Class>),
    /// An instance of a user class.
    Instance(Rc<crate::py::class::Instance>),
    /// A user function bound to its receiver (`obj.method`).
    BoundMethod(Rc<crate::py::class::MethodObj>),
}

const _: () = assert!(std::mem::size_of::<Value>() <= 24);
const _: () = assert!(std::mem::size_of::<Option<Value>>() == std::mem::size_of::<Value>());

/// A native object with read-only attributes (the results of `np.finfo`
/// and `np.iinfo`).
pub struct Record {
    /// Its type name (`numpy.finfo`).
    pub type_name: &'static str,
    /// Its repr.
    pub repr: String,
    /// Its attributes.
    pub attrs: Vec<(&'static str, Value)>,
}

/// A native object with state. Its methods and properties are table
/// entries whose module is [`Object::methods_module`] (`Generator.random`,
/// `NpzFile.files`).
pub enum Object {
    /// What `object()` makes: an object with nothing but its identity.
    Plain,
    /// `NotImplemented` (one per thread: see [`Object::not_implemented`]).
    NotImplemented,
    /// `dataclasses.MISSING` (one per thread: see [`Object::missing`]).
    Missing,
    /// A `random.Random` (the `random` module's functions use a hidden one).
    PyRandom(RefCell<crate::pyrandom::PyRandom>),
    /// What `dataclasses.field()` returns.
    Field(crate::dataclasses::FieldSpec),
    /// A dataclass's `__dataclass_fields__`.
    Fields(Rc<Vec<crate::dataclasses::Field>>),
    /// An exception object (`ValueError('bad')`, what `except ... as e` binds).
    Exception(crate::py::exc::ExcObj),
    /// A file object, as `open()` returns it.
    File(crate::files::FileObj),
    /// `np.printoptions(...)`: options to print with inside a `with` block.
    PrintOptions {
        /// The options inside the block.
        options: crate::numpy::printopts::State,
        /// The options each enclosing entry replaced, to restore on exit.
        saved: RefCell<Vec<crate::numpy::printopts::State>>,
    },
    /// `sys.stdout` (false) or `sys.stderr` (true).
    StdStream(bool),
    /// A callable object of functools or operator (`partial`, `itemgetter`).
    Callable(crate::functools::Callable),
    /// `property`, `staticmethod`, `classmethod`, `super()` and the
    /// methods of `object` they reach.
    Descriptor(crate::py::class::Descriptor),
    /// `np.errstate(...)`: a context manager for floating-point error
    /// handling.
    ErrState(crate::numpy::fperr::ErrState),
    /// `np.random.Generator(bit_generator)`: the bit generator object
    /// (an [`Object::BitGenerator`]) it draws from.
    Generator(Value),
    /// A bit generator (`np.random.PCG64(seed)`, `MT19937`, ...).
    BitGenerator(crate::numpy::bitgen::BitGenObj),
    /// `np.random.SeedSequence(entropy)`.
    SeedSequence(crate::numpy::bitgen::SeedSeqObj),
    /// `np.random.RandomState(seed)`: NumPy's legacy MT19937 generator.
    /// The second field is the MT19937 object it shares its state with,
    /// when made as `RandomState(MT19937(...))`.
    RandomState(RefCell<xpush_npu::random::RandomState>, Option<Value>),
    /// `a.flat`: the array (held here) seen as one dimension.
    FlatIter(Value),
    /// `a.flags`: the array (held here)'s memory flags.
    Flags(Value),
    /// `np.mgrid`, `np.r_`, `np.s_`, ...: objects indexed to build arrays.
    IndexTrick(crate::numpy::index_tricks::IndexTrick),
    /// The archive `np.load` returns for an `.npz` file.
    Npz {
        /// The path it was loaded from (shown by its repr).
        path: String,
        /// The arrays, by name.
        archive: xpush_npu::io::Npz,
    },
    /// A `collections.deque`.
    Deque(RefCell<crate::collections::Deque>),
    /// `warnings.catch_warnings(...)`: a context manager.
    CatchWarnings(crate::warnings::CatchWarnings),
    /// A matplotlib `Figure`, `Axes` or array of axes (`plt.subplots()`).
    Plot(crate::pyplot::PlotObj),
    /// A `datetime.date`, `datetime`, `time` or `timedelta`.
    DateTime(crate::datetime::Dt),
    /// A `tempfile.TemporaryDirectory`.
    TempDir(crate::tempmod::TempDir),
    /// A `timeit.Timer`.
    Timer(crate::timeitmod::Timer),
}

impl Object {
    /// The `dataclasses.MISSING` singleton.
    pub fn missing() -> Value {
        thread_local! {
            static IT: Rc<Object> = Rc::new(Object::Missing);
        }
        IT.with(|o| Value::Object(o.clone()))
    }

    /// The `NotImplemented` singleton.
    pub fn not_implemented() -> Value {
        thread_local! {
            static IT: Rc<Object> = Rc::new(Object::NotImplemented);
        }
        IT.with(|o| Value::Object(o.clone()))
    }

    /// Python's type name (`numpy.random._generator.Generator`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Object::Plain => "object",
            Object::Exception(e) => e.kind.name(),
            Object::File(f) => f.type_name(),
            Object::PrintOptions { .. } => "contextlib._GeneratorContextManager",
            Object::Callable(c) => c.type_name(),
            Object::Descriptor(d) => d.type_name(),
            Object::StdStream(_) => "_io.TextIOWrapper",
            Object::ErrState(_) => "numpy.errstate",
            Object::NotImplemented => "NotImplementedType",
            Object::Missing => "dataclasses._MISSING_TYPE",
            Object::PyRandom(_) => "random.Random",
            Object::Field(_) => "dataclasses.Field",
            Object::Fields(_) => "dict",
            Object::Generator(_) => "numpy.random._generator.Generator",
            Object::BitGenerator(b) => b.type_name(),
            Object::SeedSequence(_) => "numpy.random.bit_generator.SeedSequence",
            Object::RandomState(..) => "numpy.random.mtrand.RandomState",
            Object::Npz { .. } => "numpy.lib.npyio.NpzFile",
            Object::IndexTrick(t) => t.type_name(),
            Object::FlatIter(_) => "numpy.flatiter",
            Object::Flags(_) => "numpy._core.multiarray.flagsobj",
            Object::Deque(_) => "collections.deque",
            Object::DateTime(d) => d.type_name(),
            Object::CatchWarnings(_) => "warnings.catch_warnings",
            Object::Plot(p) => p.type_name(),
            Object::TempDir(_) => "tempfile.TemporaryDirectory",
            Object::Timer(_) => "timeit.Timer",
        }
    }

    /// The table module holding this type's methods (the last part of
    /// its type name), as a one-element list for attribute lookup.
    pub fn methods_module(&self) -> &'static [&'static str] {
        match self {
            Object::Plain
            | Object::NotImplemented
            | Object::Exception(_)
            | Object::Missing
            | Object::Field(_)
            | Object::Fields(_) => &[],
            Object::File(_) => &["file"],
            Object::PrintOptions { .. }
            | Object::ErrState(_)
            | Object::Callable(_)
            | Object::Descriptor(_) => &[],
            Object::StdStream(_) => &["stdstream"],
            Object::Generator(_) => &["Generator"],
            Object::BitGenerator(b) => b.methods_module(),
            Object::SeedSequence(_) => &["SeedSequence"],
            Object::RandomState(..) => &["RandomState"],
            Object::PyRandom(_) => &["Random"],
            Object::Npz { .. } => &["NpzFile"],
            Object::Deque(_) => &["deque"],
            Object::CatchWarnings(_)
            | Object::IndexTrick(_)
            | Object::FlatIter(_)
            | Object::Flags(_) => &[],
            Object::Plot(p) => p.methods_module(),
            Object::TempDir(_) => &["TemporaryDirectory"],
            Object::Timer(_) => &["Timer"],
            Object::DateTime(d) => match d {
                crate::datetime::Dt::Date(_) => &["datetime.date"],
                crate::datetime::Dt::DateTime(_) => &["datetime.datetime"],
                crate::datetime::Dt::Time(_) => &["datetime.time"],
                crate::datetime::Dt::Delta(_) => &["datetime.timedelta"],
            },
        }
    }
}

/// Which view of a dict a [`DictView`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// `d.keys()`.
    Keys,
    /// `d.values()`.
    Values,
    /// `d.items()`: `(key, value)` tuples.
    Items,
}

/// A live view of a dict: it sees later changes to the dict.
pub struct DictView {
    /// The dict.
    pub dict: Rc<RefCell<DictTable>>,
    /// Keys, values or items.
    pub kind: ViewKind,
}

impl DictView {
    /// Python's type name (`dict_keys`).
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            ViewKind::Keys => "dict_keys",
            ViewKind::Values => "dict_values",
            ViewKind::Items => "dict_items",
        }
    }

    /// The view's items now, in the dict's order.
    pub fn items(&self) -> Vec<Value> {
        let d = self.dict.borrow();
        match self.kind {
            ViewKind::Keys => d.keys(),
            ViewKind::Values => d.values(),
            ViewKind::Items => d
                .iter()
                .map(|(k, v)| Value::tuple(vec![k.clone(), v.clone()]))
                .collect(),
        }
    }
}

/// `range` as Python has it: all three fields, never materialised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeObj {
    /// First value.
    pub start: i64,
    /// Bound (exclusive).
    pub stop: i64,
    /// Step, never zero.
    pub step: i64,
}

/// A slice object; `None` fields are omitted bounds.
#[derive(Clone)]
pub struct SliceObj {
    /// Lower bound.
    pub start: Value,
    /// Upper bound.
    pub stop: Value,
    /// Step.
    pub step: Value,
}

/// A stdlib method bound to its receiver.
#[derive(Clone)]
pub struct BoundMethod {
    /// The receiver, passed as the first argument.
    pub receiver: Value,
    /// The method's table entry.
    pub func: FnId,
}

/// A module: a name and its members.
pub struct Module {
    /// Dotted name (`numpy.linalg`).
    pub name: String,
    /// Members by name, in insertion order.
    pub members: RefCell<Vec<(Rc<str>, Value)>>,
    /// For a module of the user's own (`import helpers`), the
    /// interpreter's index of its globals, which its attributes are read
    /// from and written to while its code runs on.
    pub user: std::cell::Cell<Option<u32>>,
}

impl Module {
    /// Looks up a member.
    pub fn get(&self, name: &str) -> Option<Value> {
        self.members
            .borrow()
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v.clone())
    }

    /// Adds or replaces a member.
    pub fn set(&self, name: &str, value: Value) {
        let mut members = self.members.borrow_mut();
        match members.iter_mut().find(|(n, _)| &**n == name) {
            Some(slot) => slot.1 = value,
            None => members.push((name.into(), value)),
        }
    }
}

/// A function defined in the language. The interpreter implements it; the
/// stdlib only needs its name and to hand it back through
/// [`crate::host::Host::call`].
pub trait UserFunction {
    /// The function's `__name__`.
    fn name(&self) -> &str;
    /// The function's `__qualname__` (`A.method`, `f.<locals>.g`).
    fn qualname(&self) -> &str {
        self.name()
    }
    /// The function's `__doc__`.
    fn doc(&self) -> Option<&str> {
        None
    }
    /// For the interpreter to downcast to its own type.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl Value {
    /// Wraps a big integer, normalising to `Int` when it fits in an `i64`.
    pub fn from_bigint(n: BigInt) -> Value {
        match i64::try_from(&n) {
            Ok(small) => Value::Int(small),
            Err(_) => Value::BigInt(Rc::new(n)),
        }
    }

    /// A `str` value.
    pub fn str(s: impl Into<Rc<str>>) -> Value {
        Value::Str(s.into())
    }

    /// A new list value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(items)))
    }

    /// A new dict value.
    pub fn dict(table: DictTable) -> Value {
        Value::Dict(Rc::new(RefCell::new(table)))
    }

    /// A new set value.
    pub fn set(table: SetTable) -> Value {
        Value::Set(Rc::new(RefCell::new(table)))
    }

    /// A new tuple value.
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(items.into())
    }

    /// Whether this is `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
}

/// Debug-prints as Python's `repr`.
impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::ops::repr(self))
    }
}
