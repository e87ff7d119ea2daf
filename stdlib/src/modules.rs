//! `import`: which module names exist and how each is built.
//!
//! Extension point: a new module (numpy, numpy.linalg) adds one line to
//! [`BUILDERS`] with a function that builds its [`Module`]. Modules whose
//! members are plain table entries and constants can use [`from_table`].

use std::cell::RefCell;
use std::rc::Rc;

use crate::host::Host;
use crate::table::{self, Kind};
use crate::value::{Module, Value};
use crate::{Error, ExcKind, Result};

/// Builds a fresh module value.
pub type ModuleBuilder = fn(&mut dyn Host) -> Result<Value>;

/// Every importable module: name and builder.
pub const BUILDERS: &[(&str, ModuleBuilder)] = &[
    ("builtins", |_| Ok(from_table("builtins"))),
    ("math", |_| Ok(from_table("math"))),
    ("time", |_| Ok(from_table("time"))),
    ("sys", crate::sysmod::build_sys),
    ("os", crate::osmod::build_os),
    ("itertools", |_| Ok(from_table("itertools"))),
    ("functools", |_| Ok(from_table("functools"))),
    ("copy", |_| Ok(from_table("copy"))),
    ("tempfile", |_| Ok(from_table("tempfile"))),
    ("timeit", |_| Ok(from_table("timeit"))),
    ("dataclasses", |_| Ok(from_table("dataclasses"))),
    ("collections", |_| Ok(build_collections())),
    ("collections.abc", |_| Ok(from_table("collections.abc"))),
    ("warnings", |_| Ok(from_table("warnings"))),
    ("random", |_| Ok(from_table("random"))),
    ("json", build_json),
    ("io", |_| Ok(build_io())),
    ("textwrap", |_| Ok(from_table("textwrap"))),
    ("string", |_| Ok(from_table("string"))),
    ("operator", |_| Ok(from_table("operator"))),
    ("os.path", |_| Ok(crate::osmod::build_path())),
    // NumPy and the names numpy-ascend users import it under. Its functions
    // arrive with the array runtime; the module and its submodules exist now
    // so that scripts import cleanly.
    ("datetime", |_| Ok(crate::datetime::build())),
    ("numpy", build_numpy),
    ("numpy_xpu", build_numpy),
    ("cupy", build_numpy),
    ("numpy.linalg", |_| Ok(from_table("numpy.linalg"))),
    ("numpy.fft", |_| Ok(from_table("numpy.fft"))),
    ("numpy.random", |_| Ok(from_table("numpy.random"))),
    ("numpy.exceptions", |_| Ok(from_table("numpy.exceptions"))),
    ("numpy.testing", |_| Ok(from_table("numpy.testing"))),
    ("numpy.emath", |_| Ok(from_table("numpy.emath"))),
    ("numpy.dtypes", |_| Ok(crate::numpy::dtypes::build())),
    ("numpy.rec", |_| Ok(crate::numpy::structured::build_rec())),
    ("numpy.lib", |_| Ok(build_numpy_lib())),
    ("numpy.lib.stride_tricks", |_| {
        Ok(from_table("numpy.lib.stride_tricks"))
    }),
    ("numpy.lib.scimath", |_| Ok(from_table("numpy.emath"))),
    ("numpy.strings", |_| Ok(from_table("numpy.strings"))),
    ("numpy.char", |_| Ok(from_table("numpy.char"))),
    ("numpy.polynomial", crate::numpy::polynomial::build),
    ("numpy.ma", crate::numpy::ma::build),
    ("numpy.ma.core", |host| {
        crate::numpy::info::import_ma_submodule(host, false)
    }),
    ("numpy.ma.extras", |host| {
        crate::numpy::info::import_ma_submodule(host, true)
    }),
    ("numpy.polynomial.polynomial", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::Poly)
    }),
    ("numpy.polynomial.chebyshev", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::Cheb)
    }),
    ("numpy.polynomial.legendre", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::Leg)
    }),
    ("numpy.polynomial.hermite", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::Herm)
    }),
    ("numpy.polynomial.hermite_e", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::HermE)
    }),
    ("numpy.polynomial.laguerre", |_| {
        crate::numpy::polynomial::build_basis_module(crate::numpy::polynomial::Basis::Lag)
    }),
    ("numpy.polynomial.polyutils", |_| {
        Ok(from_table("numpy.polynomial.polyutils"))
    }),
    ("matplotlib", crate::pyplot::build_matplotlib),
    ("matplotlib.pyplot", |_| Ok(crate::pyplot::build_pyplot())),
    ("matplotlib.cm", |_| Ok(crate::pyplot_cmap::build_cm())),
    ("matplotlib.style", |_| Ok(crate::pyplot_rc::build_style())),
    ("matplotlib.animation", |_| {
        crate::pyplot::unsupported_module("matplotlib.animation")
    }),
    ("mpl_toolkits", |_| {
        crate::pyplot::unsupported_module("mpl_toolkits")
    }),
    ("mpl_toolkits.mplot3d", |_| {
        crate::pyplot::unsupported_module("mpl_toolkits")
    }),
];

/// `numpy`: its table entries plus the `linalg`, `fft` and `random` submodules.
fn build_numpy(host: &mut dyn Host) -> Result<Value> {
    let numpy = from_table("numpy");
    if let Value::Module(m) = &numpy {
        for sub in [
            "linalg",
            "fft",
            "random",
            "exceptions",
            "testing",
            "emath",
            "strings",
            "char",
        ] {
            m.set(sub, from_table(&format!("numpy.{sub}")));
        }
        // Alias scalar types are the canonical type (`np.double is np.float64`).
        for (_, d) in table::members("numpy").filter(|(_, d)| d.kind == Kind::Type) {
            if let Ok(dt) = xpush_npu::DType::parse(d.name) {
                if dt.name() != d.name {
                    if let Some(id) = table::lookup("numpy", dt.name()) {
                        m.set(d.name, Value::Builtin(id));
                    }
                }
            }
        }
        m.set("lib", build_numpy_lib());
        m.set("typecodes", typecodes());
        m.set("dtypes", crate::numpy::dtypes::build());
        m.set("ScalarType", crate::numpy::dtypes::scalar_type());
        m.set("sctypeDict", crate::numpy::dtypes::sctype_dict());
        m.set("polynomial", crate::numpy::polynomial::build(host)?);
        m.set("ma", crate::numpy::ma::build(host)?);
        // `np.rec` and its two classes, also at the top (`np.recarray`).
        m.set("rec", crate::numpy::structured::build_rec());
        if let Some(id) = table::lookup("numpy.rec", "recarray") {
            m.set("recarray", Value::Builtin(id));
        }
        // `np.poly1d` is a class (its table entry documents it).
        m.set("poly1d", crate::numpy::poly1d::class_value()?);
        m.set("matrix", crate::numpy::matrix::class_value()?);
        m.set("memmap", Value::Class(crate::numpy::memmap::class()?));
        m.set(
            "busdaycalendar",
            Value::Class(crate::numpy::host::times::busdaycalendar_class()?),
        );
        for (name, trick) in crate::numpy::index_tricks::IndexTrick::ALL {
            m.set(name, trick.value());
        }
        m.set(
            "True_",
            crate::numpy::conv::scalar(xpush_npu::Scalar::Bool(true)),
        );
        m.set(
            "False_",
            crate::numpy::conv::scalar(xpush_npu::Scalar::Bool(false)),
        );
    }
    Ok(numpy)
}

/// `numpy.lib`: its submodules `stride_tricks` and `scimath` (the
/// functions of `numpy.emath`, as NumPy's `np.lib.scimath` is).
fn build_numpy_lib() -> Value {
    let lib = from_table("numpy.lib");
    if let Value::Module(m) = &lib {
        m.set("stride_tricks", from_table("numpy.lib.stride_tricks"));
        m.set("scimath", from_table("numpy.emath"));
    }
    lib
}

/// `np.typecodes`: NumPy's type-code strings by kind.
fn typecodes() -> Value {
    const CODES: [(&str, &str); 9] = [
        ("Character", "c"),
        ("Integer", "bhilqnp"),
        ("UnsignedInteger", "BHILQNP"),
        ("Float", "efdg"),
        ("Complex", "FDG"),
        ("AllInteger", "bBhHiIlLqQnNpP"),
        ("AllFloat", "efdgFDG"),
        ("Datetime", "Mm"),
        ("All", "?bhilqnpBHILQNPefdgFDGSUVOMm"),
    ];
    let mut d = crate::value::DictTable::new();
    for (k, v) in CODES {
        // Str keys always hash: insert cannot fail.
        let _ = d.insert(Value::str(k), Value::str(v));
    }
    Value::dict(d)
}

/// The members of module `name` as `import` builds it: each name, and
/// whether it is itself a module (`numpy.linalg` in `numpy`). Empty for an
/// unknown module. For tools (the static checker); built once per module.
pub fn member_names(name: &str) -> Rc<Vec<(String, bool)>> {
    type Members = Rc<Vec<(String, bool)>>;
    thread_local! {
        static CACHE: RefCell<std::collections::HashMap<String, Members>> =
            RefCell::new(std::collections::HashMap::new());
    }
    if let Some(hit) = CACHE.with(|c| c.borrow().get(name).cloned()) {
        return hit;
    }
    let names: Vec<(String, bool)> = match import(&mut crate::host::QuietHost, name) {
        Ok(Value::Module(m)) => m
            .members
            .borrow()
            .iter()
            .map(|(n, v)| (n.to_string(), matches!(v, Value::Module(_))))
            .collect(),
        _ => Vec::new(),
    };
    let names = Rc::new(names);
    CACHE.with(|c| c.borrow_mut().insert(name.to_string(), names.clone()));
    names
}

/// A module whose members are the table's functions for `name` plus its
/// [`table::CONSTANTS`].
pub fn from_table(name: &str) -> Value {
    let mut members: Vec<(Rc<str>, Value)> = table::members(name)
        .filter(|(_, d)| d.kind != Kind::Method)
        .map(|(id, d)| (Rc::from(d.name), Value::Builtin(id)))
        .collect();
    for (alias, id) in table::aliases(name) {
        members.push((Rc::from(alias), Value::Builtin(id)));
    }
    for (n, v) in table::constants(name) {
        members.push((Rc::from(n), v));
    }
    // NumPy's exception classes live in their modules (`np.linalg.LinAlgError`).
    for &k in ExcKind::ALL.iter().filter(|k| k.module() == name) {
        members.push((Rc::from(k.name()), Value::ExcType(k)));
    }
    Value::Module(Rc::new(Module {
        name: name.to_string(),
        members: RefCell::new(members),
        user: Default::default(),
    }))
}

/// `collections`, with its `abc` submodule as an attribute (CPython's
/// package imports it).
fn build_collections() -> Value {
    let m = from_table("collections");
    if let Value::Module(module) = &m {
        module
            .members
            .borrow_mut()
            .push((Rc::from("abc"), from_table("collections.abc")));
    }
    m
}

/// `io`: `StringIO`, `BytesIO`, the file types and `open`.
fn build_io() -> Value {
    let m = from_table("_io");
    if let Value::Module(module) = &m {
        if let Some(id) = table::lookup("builtins", "open") {
            module
                .members
                .borrow_mut()
                .push((Rc::from("open"), Value::Builtin(id)));
        }
        return Value::Module(Rc::new(Module {
            name: "io".to_string(),
            members: RefCell::new(module.members.borrow().clone()),
            user: Default::default(),
        }));
    }
    m
}

/// `json`: its functions, and `JSONDecodeError` (a `json.decoder` class
/// the package exports).
fn build_json(_: &mut dyn Host) -> Result<Value> {
    let m = from_table("json");
    if let Value::Module(module) = &m {
        module.members.borrow_mut().push((
            Rc::from("JSONDecodeError"),
            Value::ExcType(ExcKind::JSONDecodeError),
        ));
    }
    Ok(m)
}

/// The builder for a module name, if it exists.
pub fn module_builder(name: &str) -> Option<ModuleBuilder> {
    BUILDERS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// `import name`: a fresh module value, or ModuleNotFoundError.
pub fn import(host: &mut dyn Host, name: &str) -> Result<Value> {
    match module_builder(name) {
        Some(build) => build(host),
        None => Err(Error::new(
            ExcKind::ModuleNotFoundError,
            format!("No module named '{name}'"),
        )),
    }
}
