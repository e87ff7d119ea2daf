//! `np.memmap`: an array backed by a file (numpy/_core/memmap.py). NumPy
//! maps the file into memory; here the array holds the file's bytes read
//! at construction, and `flush()` writes them back (modes `r+` and `w+`;
//! `r` is read-only and `c`, copy-on-write, never writes). Like `np.matrix`
//! it is a class on `np.ndarray` ([`crate::py::class::Class`]) whose
//! methods are the table entries of the `memmap` module below; an
//! instance's `__dict__` holds `_data` (the array), `filename`, `offset`,
//! `mode` and `_root`, the memmap that owns the file (a view's flush
//! writes its root's array).
//!
//! As in NumPy, indexing and the view-making methods (`T`, `reshape`,
//! `transpose`, ...) give memmaps sharing the memory, while arithmetic,
//! ufuncs and reductions give plain arrays.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use super::compose::{np_kw, shape_value};
use super::subclass::Subclass;
use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::py::class::{Attrs, Class};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// `np.memmap` itself (for `:help`; the module's `memmap` is the class).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyIo, "numpy", "memmap", "(filename, dtype=None, mode='r+', offset=0, shape=None, order='C')", construct,
        "An array backed by a binary file (a class, an ndarray subclass; dtype uint8 by default): mode 'r' read-only, 'r+' read and write, 'w+' create or overwrite, 'c' copy-on-write; flush() writes the changes to the file.",
        ["np.memmap('/dev/null', dtype=np.uint8, mode='w+', shape=(0,)).shape  # (0,)"]),
];

/// The methods and properties of the class (module `memmap`).
pub const METHODS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__init__", "(self, filename, dtype=None, mode='r+', offset=0, shape=None, order='C')", init,
        "Opens the file and reads its bytes at offset as an array of dtype and shape.",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).dtype  # dtype('uint8')"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "flush", "(self)", flush,
        "Writes the array back to the file (modes r+ and w+; nothing for r and c).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).flush()  # None"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__array__", "(self, dtype=None, copy=None)", array_m,
        "The array (optionally of dtype).",
        ["type(np.asarray(np.memmap('/dev/null', mode='w+', shape=(0,))))  # <class 'numpy.ndarray'>"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__repr__", "(self)", repr_m,
        "memmap([...]): the array repr under the class name.",
        ["repr(np.memmap('/dev/null', mode='w+', shape=(0,)))  # 'memmap([], dtype=uint8)'"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__str__", "(self)", str_m,
        "The array's str.",
        ["str(np.memmap('/dev/null', mode='w+', shape=(0,)))  # '[]'"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__len__", "(self)", len_m,
        "The length of the first axis.",
        ["len(np.memmap('/dev/null', mode='w+', shape=(0,)))  # 0"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__iter__", "(self)", iter_m,
        "Iterates over the first axis.",
        ["list(np.memmap('/dev/null', mode='w+', shape=(0,)))  # []"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__bool__", "(self)", bool_m,
        "The truth of a one-element array.",
        ["bool(np.memmap('/dev/null', mode='w+', shape=(0,)).size)  # False"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__getitem__", "(self, index)", getitem_m,
        "An element, or a view as a memmap sharing the file's memory (a copy from fancy indexing is an ndarray).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,))[:0].shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__setitem__", "(self, index, value)", setitem_m,
        "Assigns into the memory (ValueError for mode 'r').",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).__setitem__(slice(None), 1)  # None"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__getattr__", "(self, name)", getattr_m,
        "The ndarray attributes and methods of the array.",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).ndim  # 1"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Property, NumpyIo, "memmap", "T", "(self, /)", t_p,
        "The transpose, a memmap view.",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).T.shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "transpose", "(self, *args, **kwargs)", transpose_m,
        "The transpose, a memmap view.",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).transpose().shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "reshape", "(self, *args, **kwargs)", reshape_m,
        "A new shape, a memmap (a view when possible).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).reshape(0, 1).shape  # (0, 1)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "ravel", "(self, *args, **kwargs)", ravel_m,
        "The elements flattened, a memmap (a view when possible).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).ravel().shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "squeeze", "(self, *args, **kwargs)", squeeze_m,
        "Without length-one axes, a memmap view.",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).squeeze().shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "copy", "(self, *args, **kwargs)", copy_m,
        "A copy in memory (a memmap not backed by the file).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).copy().shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "astype", "(self, *args, **kwargs)", astype_m,
        "A copy cast to a dtype (a memmap not backed by the file).",
        ["np.memmap('/dev/null', mode='w+', shape=(0,)).astype(float).dtype  # dtype('float64')"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__add__", "(self, other)", add_m, "Elementwise sum, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) + 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__radd__", "(self, other)", radd_m, "Elementwise sum, an ndarray.", ["(1 + np.memmap('/dev/null', mode='w+', shape=(0,))).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__sub__", "(self, other)", sub_m, "Elementwise difference, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) - 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__rsub__", "(self, other)", rsub_m, "Elementwise difference, an ndarray.", ["(1 - np.memmap('/dev/null', mode='w+', shape=(0,))).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__mul__", "(self, other)", mul_m, "Elementwise product, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) * 2).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__rmul__", "(self, other)", rmul_m, "Elementwise product, an ndarray.", ["(2 * np.memmap('/dev/null', mode='w+', shape=(0,))).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__truediv__", "(self, other)", truediv_m, "Elementwise quotient, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) / 2).dtype  # dtype('float64')"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__rtruediv__", "(self, other)", rtruediv_m, "Elementwise quotient, an ndarray.", ["(2 / np.memmap('/dev/null', mode='w+', shape=(0,))).dtype  # dtype('float64')"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__floordiv__", "(self, other)", floordiv_m, "Elementwise floor quotient, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) // 2).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__mod__", "(self, other)", mod_m, "Elementwise remainder, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) % 2).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__pow__", "(self, other)", pow_m, "Elementwise power, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) ** 2).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__matmul__", "(self, other)", matmul_m, "The matrix product, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) @ np.zeros(0, np.uint8)).shape  # ()"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__iadd__", "(self, other)", iadd_m, "Elementwise sum in place.", ["np.memmap('/dev/null', mode='w+', shape=(0,)).__iadd__(1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__isub__", "(self, other)", isub_m, "Elementwise difference in place.", ["np.memmap('/dev/null', mode='w+', shape=(0,)).__isub__(1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__imul__", "(self, other)", imul_m, "Elementwise product in place.", ["np.memmap('/dev/null', mode='w+', shape=(0,)).__imul__(2).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__neg__", "(self)", neg_m, "Elementwise negation, an ndarray.", ["(-np.memmap('/dev/null', mode='w+', shape=(0,))).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__eq__", "(self, other)", eq_m, "Elementwise ==, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) == 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__ne__", "(self, other)", ne_m, "Elementwise !=, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) != 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__lt__", "(self, other)", lt_m, "Elementwise <, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) < 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__le__", "(self, other)", le_m, "Elementwise <=, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) <= 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__gt__", "(self, other)", gt_m, "Elementwise >, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) > 1).shape  # (0,)"]),
    entry!(npu = crate::coverage::how::SUBCLASS, runs = Dispatch, Method, NumpyIo, "memmap", "__ge__", "(self, other)", ge_m, "Elementwise >=, an ndarray.", ["(np.memmap('/dev/null', mode='w+', shape=(0,)) >= 1).shape  # (0,)"]),
];

thread_local! {
    static CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
}

/// `np.memmap`, an ndarray subclass of the shared model.
static MEMMAP: Subclass = Subclass {
    name: "memmap",
    priority: -100.0,
    cache: &CLASS,
};

/// The class `numpy.memmap`: its base is `np.ndarray`.
pub fn class() -> Result<Rc<Class>> {
    MEMMAP.class()
}

/// `isinstance(v, np.memmap)`.
pub fn is_memmap(v: &Value) -> bool {
    MEMMAP.is(v)
}

fn attr_of(v: &Value, name: &str) -> Result<Value> {
    MEMMAP.attr(v, name)
}

fn data(v: &Value) -> Result<Value> {
    MEMMAP.data(v)
}

fn operand(v: &Value) -> Result<Value> {
    MEMMAP.operand(v)
}

/// A memmap instance over `arr`, its file attributes those of `like`
/// (`None`: not backed by a file).
fn make(arr: Value, like: Option<&Value>) -> Result<Value> {
    let mut attrs = Attrs::default();
    attrs.set("_data", arr);
    for name in ["filename", "offset", "mode", "_root"] {
        let v = match like {
            Some(l) => attr_of(l, name)?,
            None => Value::None,
        };
        attrs.set(name, v);
    }
    // A view's flush writes the memmap that owns the file.
    if let Some(l) = like {
        if attr_of(l, "_root")?.is_none() {
            attrs.set("_root", l.clone());
        }
    }
    MEMMAP.instance(attrs)
}

/// NumPy's `memmap.__array_wrap__`/`__getitem__`: a result sharing the
/// memmap's memory is a memmap view, anything else a plain array.
fn wrap_view(me: &Value, r: Value) -> Result<Value> {
    if attr_of(me, "filename")?.is_none() {
        return Ok(r);
    }
    match (&r, data(me)?) {
        (Value::Array(x), Value::Array(d)) if x.shares_storage(&d) => make(r, Some(me)),
        _ => Ok(r),
    }
}

// ---- construction ----

fn construct(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = class()?;
    let args = a.values.clone();
    host.call(&Value::Class(c), args, Vec::new())
}

const MODES: [(&str, &str); 8] = [
    ("r", "r"),
    ("c", "c"),
    ("r+", "r+"),
    ("w+", "w+"),
    ("readonly", "r"),
    ("copyonwrite", "c"),
    ("readwrite", "r+"),
    ("write", "w+"),
];

fn init(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let path = match a.get(1) {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "memmap filename must be a str (a path), not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let dtype = match super::conv::dtype_arg(a.get(2))? {
        Some(d) => d,
        None => xpush_npu::DType::UInt8,
    };
    let mode_arg = crate::ops::to_str(a.get(3));
    let mode = MODES
        .iter()
        .find(|(k, _)| *k == mode_arg)
        .map(|(_, m)| *m)
        .ok_or_else(|| {
            Error::value_error(format!(
                "mode must be one of ['r', 'c', 'r+', 'w+', 'readonly', 'copyonwrite', 'readwrite', 'write'] (got {})",
                crate::ops::repr(a.get(3))
            ))
        })?;
    let offset = crate::py::num::index_i64(a.get(4))?;
    if offset < 0 {
        return Err(Error::value_error("offset must be non-negative"));
    }
    let offset = offset as usize;
    let shape: Option<Vec<usize>> = match a.get(5) {
        Value::None => None,
        v => Some(super::conv::shape_arg(v)?),
    };
    let order = crate::ops::to_str(a.get(6));
    let item = dtype.itemsize();
    if mode == "w+" && shape.is_none() {
        return Err(Error::value_error("shape must be given if mode == 'w+'"));
    }
    let mut bytes = if mode == "w+" {
        Vec::new()
    } else {
        std::fs::read(&path).map_err(|e| crate::files::os_error(&e, &path))?
    };
    let shape = match shape {
        Some(s) => s,
        None => {
            let avail = bytes.len().saturating_sub(offset);
            if offset > bytes.len() || avail % item != 0 {
                return Err(Error::value_error(
                    "Size of available data is not a multiple of the data-type size.",
                ));
            }
            vec![avail / item]
        }
    };
    // The buffer is allocated here: NumPy's errors for a size no memory holds.
    super::conv::alloc_check(&shape, dtype)?;
    let n: usize = shape.iter().product();
    let need = offset
        .checked_add(n * item)
        .ok_or_else(|| Error::value_error("mmap length is greater than file size"))?;
    if bytes.len() < need {
        if mode == "r" || mode == "c" {
            return Err(Error::value_error("mmap length is greater than file size"));
        }
        // NumPy extends the file (w+ creates it) to hold the array.
        bytes.resize(need, 0);
        if mode == "w+" {
            std::fs::write(&path, &bytes).map_err(|e| crate::files::os_error(&e, &path))?;
        } else {
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .map_err(|e| crate::files::os_error(&e, &path))?;
            let current = std::fs::metadata(&path)
                .map(|m| m.len() as usize)
                .unwrap_or(0);
            std::io::Write::write_all(&mut f, &vec![0u8; need.saturating_sub(current)])
                .map_err(|e| crate::files::os_error(&e, &path))?;
        }
    }
    let flat = xpush_npu::io::npy::from_bytes(&bytes[offset..need], dtype)?;
    let arr = super::conv::wrap(flat);
    let arr = np_kw(
        host,
        "reshape",
        vec![arr, shape_value(&shape)],
        &[("order", Value::str(if order == "F" { "F" } else { "C" }))],
    )?;
    let arr = if mode == "r" {
        match arr {
            Value::Array(x) => {
                x.set_writeable(false)?;
                Value::Array(x)
            }
            other => other,
        }
    } else {
        arr
    };
    let abs = std::fs::canonicalize(&path)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or(path);
    if let Value::Instance(i) = &me {
        let mut attrs = i.attrs.borrow_mut();
        attrs.set("_data", arr);
        attrs.set("filename", Value::str(abs));
        attrs.set("offset", Value::Int(offset as i64));
        attrs.set("mode", Value::str(mode));
        attrs.set("_order", Value::str(if order == "F" { "F" } else { "C" }));
        attrs.set("_root", Value::None);
    }
    Ok(Value::None)
}

/// `flush()`: the root memmap's array written back at its offset.
fn flush(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let root = match attr_of(&me, "_root")? {
        Value::None => me,
        r => r,
    };
    let mode = crate::ops::to_str(&attr_of(&root, "mode")?);
    if mode != "r+" && mode != "w+" {
        return Ok(Value::None);
    }
    let path = crate::ops::to_str(&attr_of(&root, "filename")?);
    let offset = crate::py::num::index_i64(&attr_of(&root, "offset")?)? as usize;
    let order = match &root {
        Value::Instance(i) => i
            .attrs
            .borrow()
            .get("_order")
            .map(crate::ops::to_str)
            .unwrap_or_else(|| "C".into()),
        _ => "C".into(),
    };
    let d = data(&root)?;
    let flat = np_kw(host, "ravel", vec![d], &[("order", Value::str(order))])?;
    let Value::Array(x) = flat else {
        return Ok(Value::None);
    };
    let bytes = xpush_npu::io::npy::to_bytes(&x)?;
    let mut file = std::fs::read(&path).map_err(|e| crate::files::os_error(&e, &path))?;
    if file.len() < offset + bytes.len() {
        file.resize(offset + bytes.len(), 0);
    }
    file[offset..offset + bytes.len()].copy_from_slice(&bytes);
    std::fs::write(&path, &file).map_err(|e| crate::files::os_error(&e, &path))?;
    Ok(Value::None)
}

// ---- the ndarray behaviour ----

fn this(a: &Args) -> Result<Value> {
    data(a.get(0))
}

fn array_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MEMMAP.array(host, a)
}

fn repr_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MEMMAP.repr(host, a)
}

fn str_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MEMMAP.str(a)
}

fn len_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match this(a)? {
        Value::Array(x) => match x.shape().first() {
            Some(&n) => Ok(Value::Int(n as i64)),
            None => Err(Error::type_error("len() of unsized object")),
        },
        _ => Ok(Value::Int(0)),
    }
}

fn iter_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = this(a)?;
    let id = table::lookup_builtin("iter").ok_or_else(|| Error::runtime_error("no iter"))?;
    table::call(host, id, vec![d], Vec::new())
}

fn bool_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MEMMAP.truth(a)
}

fn getitem_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let r = crate::ops::getitem(&data(&me)?, &operand(a.get(1))?)?;
    wrap_view(&me, r)
}

fn setitem_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    crate::ops::setitem(&this(a)?, &operand(a.get(1))?, operand(a.get(2))?)?;
    Ok(Value::None)
}

fn getattr_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    MEMMAP.array_attr(a, &crate::ops::to_str(a.get(1)))
}

fn t_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let me = a.get(0).clone();
    let r = crate::ops::getattr(&data(&me)?, "T")?;
    wrap_view(&me, r)
}

fn kwargs_of(a: &Args) -> Kwargs {
    match a.get(1) {
        Value::Dict(d) => d
            .borrow()
            .iter()
            .map(|(k, v)| (Rc::from(crate::ops::to_str(k).as_str()), v.clone()))
            .collect(),
        _ => Kwargs::new(),
    }
}

/// The ndarray method `name`; a view of the memory stays a memmap, a copy
/// is a memmap not backed by the file when `copies` (NumPy's `copy` and
/// `astype` keep the subclass), else an ndarray.
fn method(host: &mut dyn Host, name: &str, a: &Args, copies: bool) -> Result<Value> {
    let me = a.get(0).clone();
    let m = crate::ops::getattr(&data(&me)?, name)?;
    let r = crate::ops::call(host, &m, a.rest.clone(), kwargs_of(a))?;
    let r = wrap_view(&me, r)?;
    if copies && matches!(r, Value::Array(_)) {
        return make(r, None);
    }
    Ok(r)
}

fn transpose_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "transpose", a, false)
}

fn reshape_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "reshape", a, true)
}

fn ravel_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "ravel", a, true)
}

fn squeeze_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "squeeze", a, false)
}

fn copy_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "copy", a, true)
}

fn astype_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    method(host, "astype", a, true)
}

fn binop(op: BinOp, a: &Args, reflected: bool) -> Result<Value> {
    let (x, y) = (this(a)?, operand(a.get(1))?);
    if reflected {
        crate::ops::binary(op, &y, &x)
    } else {
        crate::ops::binary(op, &x, &y)
    }
}

macro_rules! binops {
    ($($f:ident => $op:ident, $refl:expr);* $(;)?) => {
        $(
            fn $f(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                binop(BinOp::$op, a, $refl)
            }
        )*
    };
}

binops! {
    add_m => Add, false; radd_m => Add, true;
    sub_m => Sub, false; rsub_m => Sub, true;
    mul_m => Mul, false; rmul_m => Mul, true;
    truediv_m => Div, false; rtruediv_m => Div, true;
    floordiv_m => FloorDiv, false; mod_m => Mod, false; pow_m => Pow, false;
    matmul_m => MatMul, false;
}

fn inplace(host: &mut dyn Host, ufunc: &str, a: &Args) -> Result<Value> {
    MEMMAP.inplace(host, ufunc, a)
}

fn iadd_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "add", a)
}

fn isub_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "subtract", a)
}

fn imul_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    inplace(host, "multiply", a)
}

fn neg_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    crate::ops::unary(UnaryOp::Neg, &this(a)?)
}

fn cmpop(op: CmpOp, a: &Args) -> Result<Value> {
    crate::ops::compare(op, &this(a)?, &operand(a.get(1))?)
}

macro_rules! cmpops {
    ($($f:ident => $op:ident),* $(,)?) => {
        $(
            fn $f(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                cmpop(CmpOp::$op, a)
            }
        )*
    };
}

cmpops! {
    eq_m => Eq, ne_m => NotEq, lt_m => Lt, le_m => LtE, gt_m => Gt, ge_m => GtE,
}
