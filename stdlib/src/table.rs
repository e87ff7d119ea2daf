//! The stdlib table: every function, type and method declared once.
//!
//! `:help`, completion, argument binding and the coverage report read this
//! table and nothing else (uiua's `primitive!` table is the model).
//!
//! Each source file declares `pub const FUNCS: &[FuncDef]` (usually with the
//! [`entry!`](crate::entry) macro) and is listed in [`SOURCES`]; the global
//! registry concatenates them once, assigns [`FnId`]s in that order and parses
//! every signature. Module constants (`math.pi`) live in [`CONSTANTS`].
//!
//! Examples are `"EXPR  # EXPECTED"` strings, run by the test in
//! [`crate::examples`]: `EXPR` is a call or method call on literals (nested
//! calls and `x = ...; ...` sequences allowed), `EXPECTED` is the repr of the
//! result or `ErrorClass: message`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::bind::{self, Lit, Sig};
use crate::host::{Host, Kwargs};
use crate::value::Value;
use crate::{Error, Result};

/// Index of an entry in the global registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FnId(pub u32);

/// What kind of callable an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A plain function (`len`, `np.sum`, `math.sqrt`).
    Function,
    /// A type whose call constructs a value (`int`, `str`, `list`); prints as `<class 'int'>`.
    Type,
    /// A method of the type named by the entry's `module` (`str.upper`); its first parameter is `self`.
    Method,
    /// A data attribute computed from the receiver on access (`a.shape`,
    /// `a.T`); its signature is `(self, /)`.
    Property,
}

/// The group an entry is listed under in `:help` and the coverage report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// Python builtins.
    Builtin,
    /// Methods of Python's str.
    StrMethod,
    /// Methods of Python's bytes and bytearray.
    BytesMethod,
    /// Methods of Python's list.
    ListMethod,
    /// Methods of Python's dict.
    DictMethod,
    /// Methods of Python's set and frozenset.
    SetMethod,
    /// The `math` module.
    Math,
    /// The `time` and `sys` modules.
    System,
    /// NumPy: dtypes, scalar types and type queries.
    NumpyTypes,
    /// NumPy: array creation.
    NumpyCreate,
    /// NumPy: elementwise ufuncs.
    NumpyUfunc,
    /// NumPy: reductions and scans.
    NumpyReduce,
    /// NumPy: shape manipulation, selection and comparison helpers.
    NumpyManip,
    /// NumPy: printing options.
    NumpyPrint,
    /// NumPy: matrix products and `numpy.linalg`.
    NumpyLinalg,
    /// NumPy: `numpy.fft`.
    NumpyFft,
    /// NumPy: `numpy.random` and its `Generator`.
    NumpyRandom,
    /// NumPy: file input and output (`save`, `load`, `loadtxt`, ...).
    NumpyIo,
    /// NumPy: `numpy.testing`.
    NumpyTesting,
    /// NumPy: `numpy.strings` and `numpy.char`, the string functions.
    NumpyText,
    /// NumPy: structured dtypes and records (`np.void`, `np.rec`, the
    /// fields of a dtype).
    NumpyRecord,
    /// Attributes and methods of `numpy.ndarray`.
    NdArray,
    /// `matplotlib.pyplot`.
    Plot,
}

/// How an entry executes (the NPU coverage report reads this).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// Host-only Python-level code; never touches a device.
    Host,
    /// Runs array primitives through `xpush_npu::ops` dispatch (so on the
    /// session's device, with its fallback policy).
    Dispatch,
}

/// The implementation: receives the bound arguments in signature order.
pub type Imp = fn(&mut dyn Host, &mut crate::bind::Args) -> Result<Value>;

/// One table entry.
pub struct FuncDef {
    /// The name (`"sqrt"`).
    pub name: &'static str,
    /// Module, or the receiver type for methods (`"builtins"`, `"math"`, `"str"`).
    pub module: &'static str,
    /// Python-style signature, parsed once: `"(x, /, ndigits=None)"`, `"(*args, sep=' ', end='\n')"`.
    pub sig: &'static str,
    /// One-line doc.
    pub doc: &'static str,
    /// Runnable examples: `"expr  # expected repr"` lines, checked by a test.
    pub examples: &'static [&'static str],
    /// Listing group.
    pub category: Category,
    /// Function, type or method.
    pub kind: Kind,
    /// How it runs.
    pub runs: Runs,
    /// What it runs on the NPU, for the coverage report (`xpush ops`).
    pub npu: crate::coverage::Npu,
    /// The implementation.
    pub imp: Imp,
}

/// Declares one [`FuncDef`]:
/// `entry!(Kind, Category, "module", "name", "(sig)", imp, "doc", ["ex  # repr", ...])`,
/// optionally prefixed by `runs = Dispatch,` (the default is `Host`) and,
/// before that, by `npu = <Npu>,` saying what it runs on the NPU (the
/// default, [`Npu::Derived`](crate::coverage::Npu::Derived), follows from `runs`).
#[macro_export]
macro_rules! entry {
    (@make $npu:expr, $runs:ident, $kind:ident, $cat:ident, $module:literal, $name:literal, $sig:literal, $imp:expr, $doc:literal, [$($ex:literal),* $(,)?]) => {
        $crate::table::FuncDef {
            name: $name,
            module: $module,
            sig: $sig,
            doc: $doc,
            examples: &[$($ex),*],
            category: $crate::table::Category::$cat,
            kind: $crate::table::Kind::$kind,
            runs: $crate::table::Runs::$runs,
            npu: $npu,
            imp: $imp,
        }
    };
    (npu = $npu:expr, runs = $runs:ident, $($rest:tt)*) => {
        $crate::entry!(@make $npu, $runs, $($rest)*)
    };
    (npu = $npu:expr, $($rest:tt)*) => {
        $crate::entry!(@make $npu, Host, $($rest)*)
    };
    (runs = $runs:ident, $($rest:tt)*) => {
        $crate::entry!(@make $crate::coverage::Npu::Derived, $runs, $($rest)*)
    };
    ($kind:ident, $($rest:tt)*) => {
        $crate::entry!(@make $crate::coverage::Npu::Derived, Host, $kind, $($rest)*)
    };
}

/// Every per-file table, in registry order. A new module (numpy) adds its
/// `FUNCS` slice here.
pub const SOURCES: &[&[FuncDef]] = &[
    crate::builtins::FUNCS,
    crate::types::FUNCS,
    crate::strmethods::FUNCS,
    crate::bytesmethods::FUNCS,
    crate::files::FUNCS,
    crate::osmod::FUNCS,
    crate::itertools::FUNCS,
    crate::functools::FUNCS,
    crate::copymod::FUNCS,
    crate::tempmod::FUNCS,
    crate::timeitmod::FUNCS,
    crate::dataclasses::FUNCS,
    crate::collections::FUNCS,
    crate::collections_abc::FUNCS,
    crate::warnings::FUNCS,
    crate::pyrandom::FUNCS,
    crate::json::FUNCS,
    crate::textmods::FUNCS,
    crate::listmethods::FUNCS,
    crate::dictmethods::FUNCS,
    crate::setmethods::FUNCS,
    crate::genmethods::FUNCS,
    crate::setmethods::SET_SHARED,
    crate::setmethods::FROZENSET_METHODS,
    crate::math::FUNCS,
    crate::sysmod::FUNCS,
    crate::datetime::FUNCS,
    crate::datetime::METHODS,
    crate::numpy::types::FUNCS,
    crate::numpy::structured::FUNCS,
    crate::numpy::ma_records::FUNCS,
    crate::numpy::ma_records::METHODS,
    crate::numpy::create::FUNCS,
    crate::numpy::attrs::FUNCS,
    crate::numpy::reinterpret::FUNCS,
    crate::numpy::stride_tricks::FUNCS,
    crate::numpy::ufuncs::FUNCS,
    crate::numpy::ufuncs::UFUNC_OBJECT,
    crate::numpy::fperr::FUNCS,
    crate::numpy::reduce::FUNCS,
    crate::numpy::manip::FUNCS,
    crate::numpy::linalg::FUNCS,
    crate::numpy::fft::FUNCS,
    crate::numpy::random::FUNCS,
    crate::numpy::random::STATE_FUNCS,
    crate::numpy::bitgen::FUNCS,
    crate::numpy::io::FUNCS,
    crate::numpy::io::RAW_FUNCS,
    crate::numpy::io::BYTESWAP,
    crate::numpy::manip2::FUNCS,
    crate::numpy::broadcast::FUNCS,
    crate::numpy::nditer::FUNCS,
    crate::numpy::indexing::FUNCS,
    crate::numpy::sort::FUNCS,
    crate::numpy::stats::FUNCS,
    crate::numpy::misc::FUNCS,
    crate::numpy::array_api::FUNCS,
    crate::numpy::poly::FUNCS,
    crate::numpy::poly1d::FUNCS,
    crate::numpy::poly1d::METHODS,
    crate::numpy::matrix::FUNCS,
    crate::numpy::einsum_path::FUNCS,
    crate::numpy::dtypes::FUNCS,
    crate::numpy::dtypes::PARAMETRIC,
    crate::numpy::info::FUNCS,
    crate::numpy::info::MEMORYVIEW,
    crate::numpy::info::BUILTIN,
    crate::numpy::memmap::FUNCS,
    crate::numpy::memmap::METHODS,
    crate::numpy::matrix::METHODS,
    crate::numpy::ma::FUNCS,
    crate::numpy::ma::METHODS,
    crate::numpy::ma_extras::FUNCS,
    crate::numpy::ma_extras::MR_METHODS,
    crate::numpy::ma_extras::MA_METHODS,
    crate::numpy::ma_methods::METHODS,
    crate::numpy::ma_methods::ITER_METHODS,
    crate::numpy::ma::PRINT_METHODS,
    crate::numpy::polynomial::FUNCS,
    crate::numpy::polynomial::METHODS,
    crate::numpy::memory::FUNCS,
    crate::numpy::index_tricks::FUNCS,
    crate::numpy::printing::FUNCS,
    crate::numpy::testing::FUNCS,
    crate::numpy::emath::FUNCS,
    crate::numpy::histdd::FUNCS,
    crate::numpy::host::strings::FUNCS,
    crate::numpy::host::strings::COMPARE,
    crate::numpy::host::strings::MORE,
    crate::numpy::host::strings::ONLY,
    crate::numpy::host::times::FUNCS,
    crate::numpy::host::times::BUSDAYCAL_METHODS,
    crate::numpy::host::object::FUNCS,
    crate::pyplot::FUNCS,
    crate::pyplot_draw::FUNCS,
    crate::pyplot_axis::FUNCS,
    crate::pyplot_charts::FUNCS,
    crate::pyplot_cmap::FUNCS,
    crate::pyplot_rc::FUNCS,
];

/// Module-level constants: `(module, name, value)`.
pub const CONSTANTS: &[(&str, &str, Lit)] = &[
    ("builtins", "Ellipsis", Lit::Ellipsis),
    ("builtins", "NotImplemented", Lit::NotImplemented),
    ("math", "pi", Lit::Float(std::f64::consts::PI)),
    ("math", "e", Lit::Float(std::f64::consts::E)),
    ("math", "tau", Lit::Float(std::f64::consts::TAU)),
    ("math", "inf", Lit::Float(f64::INFINITY)),
    ("math", "nan", Lit::Float(f64::NAN)),
    ("sys", "maxsize", Lit::Int(i64::MAX)),
    ("string", "ascii_lowercase", Lit::StaticStr("abcdefghijklmnopqrstuvwxyz")),
    ("string", "ascii_uppercase", Lit::StaticStr("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
    ("string", "ascii_letters", Lit::StaticStr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")),
    ("string", "digits", Lit::StaticStr("0123456789")),
    ("string", "hexdigits", Lit::StaticStr("0123456789abcdefABCDEF")),
    ("string", "octdigits", Lit::StaticStr("01234567")),
    ("string", "punctuation", Lit::StaticStr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")),
    ("string", "whitespace", Lit::StaticStr(" \t\n\r\x0b\x0c")),
    ("string", "printable", Lit::StaticStr("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c")),
    ("numpy", "pi", Lit::Float(std::f64::consts::PI)),
    ("numpy", "e", Lit::Float(std::f64::consts::E)),
    ("numpy", "euler_gamma", Lit::Float(0.577_215_664_901_532_9)),
    ("numpy", "inf", Lit::Float(f64::INFINITY)),
    ("numpy", "nan", Lit::Float(f64::NAN)),
    ("numpy", "newaxis", Lit::None),
    ("numpy", "little_endian", Lit::Bool(true)),
    ("sys", "platform", Lit::Str(String::new())),
    ("sys", "version", Lit::Str(String::new())),
];

/// Second names of one entry, as NumPy binds one object under two names
/// (`np.acos is np.arccos`, `np.concat is np.concatenate`):
/// `(module, alias, module of the entry, its name)`. The alias resolves to the
/// entry itself, so `is`, `repr` (`<ufunc 'arccos'>`) and `:help` are the entry's.
pub const ALIASES: &[(&str, &str, &str, &str)] = &[
    ("timeit", "default_timer", "time", "perf_counter"),
    ("numpy", "abs", "numpy", "absolute"),
    ("numpy", "acos", "numpy", "arccos"),
    ("numpy", "acosh", "numpy", "arccosh"),
    ("numpy", "asin", "numpy", "arcsin"),
    ("numpy", "asinh", "numpy", "arcsinh"),
    ("numpy", "atan", "numpy", "arctan"),
    ("numpy", "atanh", "numpy", "arctanh"),
    ("numpy", "atan2", "numpy", "arctan2"),
    ("numpy", "pow", "numpy", "power"),
    ("numpy", "bitwise_not", "numpy", "invert"),
    ("numpy", "bitwise_invert", "numpy", "invert"),
    ("numpy", "bitwise_left_shift", "numpy", "left_shift"),
    ("numpy", "bitwise_right_shift", "numpy", "right_shift"),
    ("numpy", "conj", "numpy", "conjugate"),
    ("numpy", "true_divide", "numpy", "divide"),
    ("numpy", "mod", "numpy", "remainder"),
    ("numpy", "concat", "numpy", "concatenate"),
    ("numpy", "permute_dims", "numpy", "transpose"),
    (
        "numpy.random",
        "Generator",
        "numpy.random._generator",
        "Generator",
    ),
    (
        "numpy.random",
        "RandomState",
        "numpy.random.mtrand",
        "RandomState",
    ),
    (
        "numpy.random",
        "SeedSequence",
        "numpy.random.bit_generator",
        "SeedSequence",
    ),
    (
        "numpy.random",
        "BitGenerator",
        "numpy.random.bit_generator",
        "BitGenerator",
    ),
    ("numpy.random", "PCG64", "numpy.random._pcg64", "PCG64"),
    (
        "numpy.random",
        "PCG64DXSM",
        "numpy.random._pcg64",
        "PCG64DXSM",
    ),
    (
        "numpy.random",
        "MT19937",
        "numpy.random._mt19937",
        "MT19937",
    ),
    ("numpy.random", "Philox", "numpy.random._philox", "Philox"),
    ("numpy.random", "SFC64", "numpy.random._sfc64", "SFC64"),
];

struct Registry {
    defs: Vec<&'static FuncDef>,
    sigs: Vec<std::result::Result<Sig, String>>,
    index: HashMap<(&'static str, &'static str), FnId>,
}

fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(|| {
        let defs: Vec<&'static FuncDef> = SOURCES.iter().flat_map(|s| s.iter()).collect();
        let sigs = defs.iter().map(|d| bind::parse_sig(d.sig)).collect();
        let mut index = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            index.entry((d.module, d.name)).or_insert(FnId(i as u32));
        }
        for &(module, alias, target_module, target) in ALIASES {
            if let Some(&id) = index.get(&(target_module, target)) {
                index.entry((module, alias)).or_insert(id);
            }
        }
        Registry { defs, sigs, index }
    })
}

/// The entry for `id`.
///
/// Ids only come from this registry, so an unknown id is a bug; it yields
/// the first entry rather than panicking.
pub fn get(id: FnId) -> &'static FuncDef {
    let reg = registry();
    reg.defs.get(id.0 as usize).copied().unwrap_or(reg.defs[0])
}

/// The parsed signature of `id` (an error string if the table's sig is malformed).
pub fn sig(id: FnId) -> std::result::Result<&'static Sig, &'static str> {
    match registry().sigs.get(id.0 as usize) {
        Some(Ok(s)) => Ok(s),
        Some(Err(e)) => Err(e),
        None => Err("no such entry"),
    }
}

/// Looks an entry up by module (or receiver type) and name.
pub fn lookup(module: &str, name: &str) -> Option<FnId> {
    // HashMap is covariant in its key, so the 'static keys can be queried with shorter-lived strs.
    let index: &HashMap<(&str, &str), FnId> = &registry().index;
    index.get(&(module, name)).copied()
}

/// Looks up a builtin name (`len`, `int`) quickly.
pub fn lookup_builtin(name: &str) -> Option<FnId> {
    lookup("builtins", name)
}

/// The value a bare builtin name resolves to (`len`, `int`,
/// `NotImplemented`), if any.
pub fn builtin(name: &str) -> Option<Value> {
    lookup_builtin(name)
        .map(Value::Builtin)
        .or_else(|| {
            CONSTANTS
                .iter()
                .find(|(m, n, _)| *m == "builtins" && *n == name)
                .map(|(_, _, lit)| lit.to_value())
        })
        .or_else(|| crate::ExcKind::from_name(name).map(Value::ExcType))
}

/// The number of entries.
pub fn len() -> usize {
    registry().defs.len()
}

/// Every entry with its id.
pub fn all() -> impl Iterator<Item = (FnId, &'static FuncDef)> {
    registry()
        .defs
        .iter()
        .enumerate()
        .map(|(i, d)| (FnId(i as u32), *d))
}

/// The entries of one module (or one receiver type's methods), for
/// completion and `:help`.
pub fn members(module: &str) -> impl Iterator<Item = (FnId, &'static FuncDef)> + '_ {
    all().filter(move |(_, d)| d.module == module)
}

/// The aliases of one module with the entries they name (`("acos", arccos)`).
pub fn aliases(module: &str) -> impl Iterator<Item = (&'static str, FnId)> + '_ {
    ALIASES
        .iter()
        .filter(move |(m, ..)| *m == module)
        .filter_map(|&(m, alias, ..)| lookup(m, alias).map(|id| (alias, id)))
}

/// The constants of one module, as values (sys's platform and version are
/// filled in here).
pub fn constants(module: &str) -> Vec<(&'static str, Value)> {
    CONSTANTS
        .iter()
        .filter(|(m, _, _)| *m == module)
        .map(|(m, n, lit)| {
            let v = match (*m, *n) {
                ("sys", "platform") => Value::str(crate::sysmod::platform()),
                ("sys", "version") => Value::str(crate::sysmod::VERSION),
                _ => lit.to_value(),
            };
            (*n, v)
        })
        .collect()
}

/// The name used in messages: `len`, `math.sqrt`, `str.split`.
pub fn qualname(d: &FuncDef) -> String {
    if d.module == "builtins" || d.module == "_types" {
        d.name.to_string()
    } else {
        format!("{}.{}", d.module, d.name)
    }
}

/// The name argument errors give: NumPy's functions are Python functions
/// (or C functions named so) whose messages name them bare, `zeros() got
/// an unexpected keyword argument 'foo'`; the other modules' are CPython's
/// C functions, named with their module (`math.sqrt() takes exactly one
/// argument (2 given)`).
///
/// Methods follow their class. NumPy's compiled classes ([`compiled_numpy`])
/// name theirs bare too (`normal() got an unexpected keyword argument`),
/// except the array reductions that take `where=`, which NumPy runs as
/// the Python functions of `numpy._core._methods` (`_sum()`, and `_amax()`
/// for `max`, after `np.amax`). CPython's classes and NumPy's Python
/// classes (`np.matrix`, `np.ma.MaskedArray`) give `Class.method()`.
fn error_name(d: &FuncDef, s: &Sig) -> String {
    if d.module == "numpy" || d.module.starts_with("numpy.") {
        return d.name.to_string();
    }
    if d.kind != Kind::Method || !compiled_numpy(d.module) {
        return qualname(d);
    }
    if d.module == "ndarray" && s.params.iter().any(|p| p.name == "where") {
        return match d.name {
            "max" | "min" => format!("_a{}", d.name),
            name => format!("_{name}"),
        };
    }
    d.name.to_string()
}

/// Whether the methods of receiver type `module` are NumPy's compiled
/// (C or Cython) ones: the array's (so the scalars'), the dtype's, and
/// those of `numpy.random`'s classes (`Generator`, `RandomState`,
/// `SeedSequence`, the bit generators).
fn compiled_numpy(module: &str) -> bool {
    if matches!(module, "ndarray" | "dtype") {
        return true;
    }
    registry()
        .defs
        .iter()
        .any(|t| t.kind == Kind::Type && t.name == module && t.module.starts_with("numpy.random"))
}

/// `name(sig)` followed by the doc line and the examples, for `:help`.
pub fn help_text(id: FnId) -> String {
    let d = get(id);
    let mut out = format!("{}{}\n    {}", qualname(d), d.sig, d.doc);
    for ex in d.examples {
        out.push_str("\n    >>> ");
        match ex.split_once("  # ") {
            Some((code, want)) => {
                out.push_str(code.trim());
                out.push_str("\n    ");
                out.push_str(want.trim());
            }
            None => out.push_str(ex),
        }
    }
    out
}

/// Whether `v` is a user object whose class defines `__array__`, or a
/// list or tuple holding one (`np.concatenate([obj, obj])`).
fn array_like(v: &Value) -> bool {
    match v {
        Value::List(items) => items.borrow().iter().any(array_like),
        Value::Tuple(items) => items.iter().any(array_like),
        _ => crate::py::class::special_of(v, "__array__"),
    }
}

/// `v.__array__()` for an object with the array protocol, else `v`; a
/// list or tuple holding such objects is a new one holding their arrays.
pub(crate) fn via_array(host: &mut dyn Host, v: Value) -> Result<Value> {
    if !array_like(&v) {
        return Ok(v);
    }
    match &v {
        Value::List(items) => {
            let items = items.borrow().clone();
            let items = items.into_iter().map(|x| via_array(host, x));
            return Ok(Value::list(items.collect::<Result<_>>()?));
        }
        Value::Tuple(items) => {
            let items = items.iter().map(|x| via_array(host, x.clone()));
            return Ok(Value::tuple(items.collect::<Result<_>>()?));
        }
        _ => {}
    }
    match crate::py::class::call_special(host, &v, "__array__", Vec::new(), "")? {
        a @ Value::Array(_) => Ok(a),
        _ => Err(Error::value_error(
            "object __array__ method not producing an array",
        )),
    }
}

/// The arguments an entry sees: NumPy's text scalars (`np.str_('a')`,
/// what indexing a string array gives) are the Python `str` and `bytes`
/// they derive from, to every entry but NumPy's own (which take them as
/// the 0-d arrays they also are) and the builtins that keep or inspect a
/// value as it is ([`keeps_numpy_scalars`]).
fn python_text_args(d: &FuncDef, args: Vec<Value>, kwargs: Kwargs) -> (Vec<Value>, Kwargs) {
    let is_host = |v: &Value| match v {
        Value::HostArray(_) => true,
        // matplotlib reads into its lists ([`python_text_deep`]).
        Value::List(_) | Value::Tuple(_) => d.category == Category::Plot,
        _ => false,
    };
    if !args
        .iter()
        .chain(kwargs.iter().map(|(_, v)| v))
        .any(is_host)
        || d.module == "numpy"
        || d.module.starts_with("numpy.")
        || d.module == "ndarray"
        || keeps_numpy_scalars(d)
    {
        return (args, kwargs);
    }
    use crate::numpy::host::as_python;
    // matplotlib reads the lists it is given (labels, colors, categories)
    // and keeps none: their text scalars are strs too.
    let convert = if d.category == Category::Plot {
        python_text_deep
    } else {
        as_python
    };
    (
        args.into_iter().map(convert).collect(),
        kwargs.into_iter().map(|(k, v)| (k, convert(v))).collect(),
    )
}

/// `v` with the NumPy text scalars in it, in lists and tuples at any
/// depth, as Python `str`/`bytes` (new lists where one changes).
fn python_text_deep(v: Value) -> Value {
    fn has_scalar(v: &Value) -> bool {
        match v {
            Value::HostArray(_) => crate::numpy::host::python_text(v).is_some(),
            Value::List(items) => items.borrow().iter().any(has_scalar),
            Value::Tuple(items) => items.iter().any(has_scalar),
            _ => false,
        }
    }
    if !has_scalar(&v) {
        return v;
    }
    match v {
        Value::List(items) => {
            let items: Vec<Value> = items
                .borrow()
                .iter()
                .cloned()
                .map(python_text_deep)
                .collect();
            Value::list(items)
        }
        Value::Tuple(items) => Value::tuple(items.iter().cloned().map(python_text_deep).collect()),
        v => crate::numpy::host::as_python(v),
    }
}

/// The builtins and methods that store their arguments or ask what they
/// are: they keep a NumPy scalar a NumPy scalar (`[np.str_('a')]` prints
/// so, `type(a[0])` is `numpy.str_`).
fn keeps_numpy_scalars(d: &FuncDef) -> bool {
    match d.module {
        "builtins" => matches!(
            d.name,
            "repr"
                | "ascii"
                | "type"
                | "isinstance"
                | "id"
                | "min"
                | "max"
                | "list"
                | "tuple"
                | "set"
                | "frozenset"
                | "dict"
                | "sorted"
                | "iter"
                | "next"
                | "zip"
                | "enumerate"
                | "callable"
                | "hasattr"
                | "getattr"
                | "dir"
                | "vars"
                | "object"
        ),
        "list" => matches!(d.name, "append" | "insert" | "extend" | "__setitem__"),
        "dict" => matches!(
            d.name,
            "setdefault" | "update" | "fromkeys" | "__setitem__" | "get" | "pop"
        ),
        "set" => matches!(d.name, "add" | "update"),
        "deque" => matches!(d.name, "append" | "appendleft" | "extend" | "extendleft"),
        _ => false,
    }
}

/// Whether `v` is an object whose class sets `__array_ufunc__ = None`.
fn opts_out_of_ufuncs(v: &Value) -> bool {
    crate::py::class::class_of(v)
        .and_then(|c| c.lookup("__array_ufunc__"))
        .is_some_and(|f| f.is_none())
}

/// Calls an entry with the given positional and keyword arguments, binding
/// them against its signature first (Python's TypeError messages on mismatch).
pub fn call(host: &mut dyn Host, id: FnId, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
    let d = get(id);
    let (args, kwargs) = python_text_args(d, args, kwargs);
    if args.first().is_some_and(|r| scalar_receiver(d, r)) {
        let v = call_entry(host, d, id, args, kwargs)?;
        return Ok(crate::numpy::host::scalar_result(v));
    }
    // An array that owns its memory, as the first argument: the base of
    // a view the entry returns of it (`a.reshape(2, 3).base is a`).
    let source = match args.first() {
        Some(v @ Value::Array(a)) if !a.is_view() => Some(v.clone()),
        _ => None,
    };
    let v = call_entry(host, d, id, args, kwargs)?;
    if let Some(s) = &source {
        crate::numpy::attrs::note_view(s, &v);
    }
    Ok(v)
}

/// [`call`] once its arguments are the ones the entry sees.
fn call_entry(
    host: &mut dyn Host,
    d: &FuncDef,
    id: FnId,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    // An operand whose class sets `__array_ufunc__ = None` (NumPy's
    // polynomial classes) opts out of every ufunc.
    if let Some(v) = args.iter().find(|v| opts_out_of_ufuncs(v)) {
        if crate::numpy::ufuncs::is_ufunc(d) {
            return Err(Error::type_error(format!(
                "operand '{}' does not support ufuncs (__array_ufunc__=None)",
                crate::ops::type_name(v)
            )));
        }
    }
    // A masked array meets a ufunc or a reduction as NumPy's
    // `__array_wrap__` and methods take it.
    if let Some(v) = crate::numpy::ma::intercept(host, id, &args, &kwargs)? {
        return Ok(v);
    }
    // So does a matrix (an ndarray subclass): the reductions call its
    // methods, the ufuncs wrap their result back into a matrix.
    if let Some(v) = crate::numpy::matrix::intercept(host, id, &args, &kwargs)? {
        return Ok(v);
    }
    // NumPy's functions take a user object with `__array__` as the array
    // it returns (the array protocol), wherever an argument stands.
    let numpy = d.kind != Kind::Method
        && (d.module == "numpy" || d.module.starts_with("numpy."))
        && d.module != "numpy.ma"
        && !crate::numpy::poly1d::sees_poly1d(d)
        && !crate::numpy::info::sees_objects(d);
    let (args, kwargs) = if numpy
        && (args
            .iter()
            .chain(kwargs.iter().map(|(_, v)| v))
            .any(array_like))
    {
        let args = args
            .into_iter()
            .map(|v| via_array(host, v))
            .collect::<Result<_>>()?;
        let kwargs = kwargs
            .into_iter()
            .map(|(k, v)| Ok((k, via_array(host, v)?)))
            .collect::<Result<_>>()?;
        (args, kwargs)
    } else {
        (args, kwargs)
    };
    // A ufunc's text operands (a str, or lists holding strs) are string
    // arrays, as NumPy makes them: `np.equal(['a', 'b'], 'a')` runs the
    // string loop.
    let args = if crate::numpy::ufuncs::is_ufunc(d)
        && args
            .iter()
            .any(|v| !matches!(v, Value::HostArray(_)) && crate::numpy::host::holds_text(v))
    {
        args.into_iter()
            .map(|v| match v {
                Value::HostArray(_) => Ok(v),
                v if crate::numpy::host::holds_text(&v) => {
                    crate::numpy::host::from_value(&v, None).map(crate::numpy::host::wrap)
                }
                v => Ok(v),
            })
            .collect::<Result<Vec<_>>>()?
    } else {
        args
    };
    let s = sig(id)
        .map_err(|e| Error::runtime_error(format!("bad signature for {}: {e}", qualname(d))))?;
    let on_npu = xpush_npu::device::placement().device.is_npu();
    let host_copies = on_npu && reads_host_copies(d);
    // The dtype a host entry is recorded under: its first array's.
    let dtype = if host_copies {
        args.iter()
            .find_map(|v| match v {
                Value::Array(a) => Some(a.dtype()),
                _ => None,
            })
            .unwrap_or_else(xpush_npu::device::default_float)
    } else {
        xpush_npu::device::default_float()
    };
    let (args, kwargs) = if host_copies {
        // A host entry reads its arrays' memory: give it host copies.
        let args = args.into_iter().map(on_host).collect::<Result<_>>()?;
        let kwargs = kwargs
            .into_iter()
            .map(|(k, v)| Ok((k, on_host(v)?)))
            .collect::<Result<_>>()?;
        (args, kwargs)
    } else {
        (args, kwargs)
    };
    let mut bound = bind::bind_lazy(
        s,
        bind::LazyName(&|| error_name(d, s)),
        args,
        kwargs,
        d.kind == Kind::Method,
    )?;
    // A text array argument: the entry's text override, or NumPy's
    // message that this entry takes no strings.
    if let Some(t) = text_argument(d, &bound) {
        return call_on_text(host, d, &mut bound, &t);
    }
    let v = if host_copies {
        // Arrays it builds from lists stay on the host too, until the result is placed.
        xpush_npu::device::with_host_placement(|| {
            xpush_npu::device::host_call(d.name, dtype, || (d.imp)(host, &mut bound))
        })?
    } else {
        (d.imp)(host, &mut bound)?
    };
    if on_npu && !TO_HOST.contains(&(d.module, d.name)) {
        return on_session_device(v);
    }
    Ok(v)
}

/// For a NumPy entry (a function of `numpy` or a submodule, an `ndarray`
/// or `dtype` method), the dtype of the first text array (or text dtype)
/// among the bound arguments, if any (inside lists and tuples too:
/// `np.concatenate`).
fn text_argument(d: &FuncDef, args: &bind::Args) -> Option<crate::numpy::host::HostDType> {
    let numpy = d.module == "numpy"
        || d.module.starts_with("numpy.")
        || d.module == "ndarray"
        || d.module == "dtype";
    if !numpy
        || matches!(d.category, Category::NumpyText | Category::NumpyRecord)
        || crate::numpy::host::times::is_entry(d)
    {
        return None;
    }
    fn find(v: &Value) -> Option<crate::numpy::host::HostDType> {
        match v {
            Value::HostArray(a) => Some(a.dtype()),
            Value::HostDType(d) => Some(*d),
            Value::List(items) => items.borrow().iter().find_map(find),
            Value::Tuple(items) => items.iter().find_map(find),
            _ => None,
        }
    }
    args.values.iter().chain(args.rest.iter()).find_map(find)
}

/// Runs entry `d` whose arguments hold a text array: its override (see
/// [`crate::numpy::host::funcs::override_for`]), else a TypeError naming
/// the entry and the dtype.
fn call_on_text(
    host: &mut dyn Host,
    d: &FuncDef,
    args: &mut bind::Args,
    dtype: &crate::numpy::host::HostDType,
) -> Result<Value> {
    use crate::numpy::host::funcs::{self, Override};
    // `None`: the entry itself, run on the text array's index array.
    let found = if dtype.kind == crate::numpy::host::HostKind::Object {
        crate::numpy::host::object::override_for(d.module, d.name)
    } else if dtype.kind.is_record() {
        crate::numpy::host::record::override_for(d.module, d.name)
    } else {
        funcs::override_for(d.module, d.name)
    };
    let run = match found {
        Some(Override::OnIndex) if crate::numpy::host::funcs::first_host(args).is_some() => None,
        Some(o @ (Override::Own(_) | Override::ByName(_))) => Some(o),
        _ => return Err(crate::numpy::host::unsupported(&qualname(d), *dtype)),
    };
    let run = |h: &mut dyn Host, a: &mut bind::Args| match run {
        Some(Override::Own(imp)) => imp(h, a),
        Some(Override::ByName(imp)) => imp(h, d.name, a),
        _ => funcs::on_index(h, d.imp, a),
    };
    if !xpush_npu::device::placement().device.is_npu() {
        return run(host, args);
    }
    // Text arrays are host arrays: on an NPU session the entry runs on the
    // host (numeric arguments copied there, arrays it makes from lists kept
    // there), is recorded as a host call, and its numeric results go to
    // the session device as every entry's do.
    for v in args.values.iter_mut().chain(args.rest.iter_mut()) {
        *v = on_host(std::mem::replace(v, Value::None))?;
    }
    let label = crate::numpy::host::kind_label(dtype.kind);
    let v = xpush_npu::device::with_host_placement(|| {
        xpush_npu::device::host_call_labelled(d.name, label, || run(host, args))
    });
    on_session_device(v?)
}

/// Calls a property entry on its receiver (`a.shape`), through the text
/// overrides as [`call`] does.
pub fn call_property(host: &mut dyn Host, id: FnId, receiver: Value) -> Result<Value> {
    let d = get(id);
    let mut args = bind::Args {
        values: vec![receiver],
        rest: Vec::new(),
    };
    let scalar = scalar_receiver(d, args.get(0));
    let source = match args.get(0) {
        v @ Value::Array(a) if !a.is_view() => Some(v.clone()),
        _ => None,
    };
    let v = match text_argument(d, &args) {
        Some(t) => call_on_text(host, d, &mut args, &t)?,
        None => (d.imp)(host, &mut args)?,
    };
    if let Some(s) = &source {
        crate::numpy::attrs::note_view(s, &v);
    }
    Ok(if scalar {
        crate::numpy::host::scalar_result(v)
    } else {
        v
    })
}

/// Whether an `ndarray` method or property is called on a NumPy host
/// scalar (`np.str_`, `np.datetime64`), whose 0-d results are scalars.
fn scalar_receiver(d: &FuncDef, receiver: &Value) -> bool {
    d.module == "ndarray"
        && d.kind != Kind::Function
        && crate::numpy::host::scalar_type(receiver).is_some()
}

/// Entries whose result stays where they put it: the transfers
/// (`np.asnumpy`, `a.get()`, `a.to_device(...)`, `np.asarray(x, device=...)`).
const TO_HOST: &[(&str, &str)] = &[
    ("numpy", "asnumpy"),
    ("numpy", "asarray"),
    ("ndarray", "get"),
    ("ndarray", "to_device"),
];

/// Host entries of the modules that compute on host memory and never
/// write into their arguments (so a host copy of an npu input is safe);
/// `shuffle` works in place and moves its data itself.
fn reads_host_copies(d: &FuncDef) -> bool {
    const MODULES: &[&str] = &[
        "numpy.linalg",
        "numpy.fft",
        "numpy.random",
        "Generator",
        "RandomState",
    ];
    d.runs == Runs::Host && MODULES.contains(&d.module) && d.name != "shuffle"
}

/// A value with its device arrays (also inside lists and tuples) copied
/// to the host, for the entries that compute on host memory.
fn on_host(v: Value) -> Result<Value> {
    Ok(match v {
        Value::Array(a) if a.device() != xpush_npu::device::Device::Cpu => {
            crate::numpy::conv::wrap(a.to_host()?)
        }
        Value::Tuple(items) if items.iter().any(|x| matches!(x, Value::Array(_))) => {
            Value::tuple(items.iter().cloned().map(on_host).collect::<Result<_>>()?)
        }
        Value::List(items) if items.borrow().iter().any(|x| matches!(x, Value::Array(_))) => {
            let items = items
                .borrow()
                .iter()
                .cloned()
                .map(on_host)
                .collect::<Result<_>>()?;
            Value::list(items)
        }
        v => v,
    })
}

/// A result with its cpu arrays moved to the session's NPU: arrays a
/// function built or computed on the host live on the session device
/// like the rest (the one place that decides it for every entry).
fn on_session_device(v: Value) -> Result<Value> {
    Ok(match v {
        Value::Array(a) if a.device() == xpush_npu::device::Device::Cpu => {
            crate::numpy::conv::wrap(xpush_npu::device::place((*a).clone())?)
        }
        Value::Tuple(items) if items.iter().any(|x| matches!(x, Value::Array(_))) => Value::tuple(
            items
                .iter()
                .cloned()
                .map(on_session_device)
                .collect::<Result<_>>()?,
        ),
        // A namedtuple result (`EighResult`): the same class, its arrays moved.
        Value::Instance(_) => match crate::collections::as_tuple(&v) {
            Some(Value::Tuple(items)) if items.iter().any(|x| matches!(x, Value::Array(_))) => {
                let moved = items
                    .iter()
                    .cloned()
                    .map(on_session_device)
                    .collect::<Result<_>>()?;
                crate::collections::with_items(&v, moved).unwrap_or(v)
            }
            _ => v,
        },
        v => v,
    })
}
