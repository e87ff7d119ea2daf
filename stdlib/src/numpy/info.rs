//! `np.info`, `ndarray.data` (a `memoryview` of the array's buffer),
//! `np.ma.ids`, and the `numpy.ma.core` and `numpy.ma.extras` submodules.
//!
//! NumPy's data pointers are addresses in its process; here an array's
//! pointer is [`xpush_npu::Array::data_address`], which is stable while
//! the buffer lives and differs between views by their byte offsets, so
//! the relations scripts test (`a.data` of a view, `ids()` of a copy)
//! hold as in NumPy.
//!
//! `memoryview` is a class like a user's ([`crate::py::class::Class`])
//! whose methods are the table entries of the `memoryview` module below;
//! an instance's `__dict__` holds `_obj`, the array it views.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::{Array, DType};

use super::compose::shape_value;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::class::{Attrs, Class, Instance};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// `np.info`, `ndarray.data`, `np.ma.ids`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyPrint, "numpy", "info", "(object=None, maxwidth=76, output=None, toplevel='numpy')", info,
        "Prints information about an object: for an array its class, shape, strides, itemsize, flags, data pointer, byte order and type; for a function its signature and description.",
        ["np.info(np.zeros(2))  # None"]),
    entry!(Property, NdArray, "ndarray", "data", "(self, /)", data_p,
        "A memoryview of the array's buffer (nbytes, format, itemsize, shape, strides, readonly, tolist(); bytes(a.data) is its bytes in C order).",
        ["np.arange(3).data.nbytes  # 24", "np.arange(3.0).data.format  # 'd'"]),
    entry!(Function, NumpyCreate, "numpy.ma", "ids", "(a)", ids,
        "The addresses of a masked array's data and mask buffers (the mask's is nomask's when nothing is masked).",
        ["len(np.ma.ids(np.ma.array([1, 2], mask=[0, 1])))  # 2"]),
];

/// The builtin `memoryview` (the type the views' class derives from).
pub const BUILTIN: &[FuncDef] = &[entry!(
    Type,
    Builtin,
    "builtins",
    "memoryview",
    "(object)",
    memoryview_new,
    "A view of an object's buffer: of an array (a.data) or of bytes (read-only, format 'B').",
    [
        "memoryview(b'ab').tolist()  # [97, 98]",
        "isinstance(np.zeros(2).data, memoryview)  # True"
    ]
)];

fn memoryview_new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        v @ Value::Array(_) => data_p(
            host,
            &mut Args {
                values: vec![v.clone()],
                rest: Vec::new(),
            },
        ),
        Value::Bytes(b) => {
            let arr = Array::from_vec(b.to_vec(), &[b.len()])?;
            arr.set_writeable(false)?;
            let v = super::conv::wrap(arr);
            data_p(
                host,
                &mut Args {
                    values: vec![v],
                    rest: Vec::new(),
                },
            )
        }
        v if crate::py::class::class_of(v).is_some_and(|c| c.name == "memoryview") => Ok(v.clone()),
        other => Err(Error::type_error(format!(
            "memoryview: a bytes-like object is required, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// The methods and properties of `memoryview`.
pub const MEMORYVIEW: &[FuncDef] = &[
    entry!(Method, NdArray, "memoryview", "__repr__", "(self)", mv_repr,
        "<memory at 0x...>.",
        ["repr(np.arange(2).data)[:10]  # '<memory at'"]),
    entry!(Method, NdArray, "memoryview", "__len__", "(self)", mv_len,
        "The length of the first axis.",
        ["len(np.zeros((3, 2)).data)  # 3"]),
    entry!(Method, NdArray, "memoryview", "__getitem__", "(self, key)", mv_getitem,
        "An element of a one-dimensional view as a Python scalar.",
        ["np.arange(3).data[1]  # 1"]),
    entry!(Method, NdArray, "memoryview", "__bytes__", "(self)", mv_tobytes,
        "The buffer's bytes in C order (what bytes(view) gives).",
        ["bytes(np.array([1], dtype=np.uint8).data)  # b'\\x01'"]),
    entry!(Method, NdArray, "memoryview", "tobytes", "(self, order='C')", mv_tobytes,
        "The buffer's bytes in C order.",
        ["np.array([1, 2], dtype=np.uint8).data.tobytes()  # b'\\x01\\x02'"]),
    entry!(Method, NdArray, "memoryview", "tolist", "(self)", mv_tolist,
        "The elements as nested lists of Python scalars.",
        ["np.arange(4).reshape(2, 2).data.tolist()  # [[0, 1], [2, 3]]"]),
    entry!(Method, NdArray, "memoryview", "hex", "(self)", mv_hex,
        "The buffer's bytes as hexadecimal digits.",
        ["np.array([1, 255], dtype=np.uint8).data.hex()  # '01ff'"]),
    entry!(Property, NdArray, "memoryview", "obj", "(self, /)", mv_obj,
        "The array the view is of.",
        ["a = np.arange(2); a.data.obj is a  # True"]),
    entry!(Property, NdArray, "memoryview", "nbytes", "(self, /)", mv_nbytes,
        "The number of bytes of the elements.",
        ["np.zeros((2, 3), dtype=np.float32).data.nbytes  # 24"]),
    entry!(Property, NdArray, "memoryview", "itemsize", "(self, /)", mv_itemsize,
        "The bytes per element.",
        ["np.zeros(2, dtype=np.int16).data.itemsize  # 2"]),
    entry!(Property, NdArray, "memoryview", "format", "(self, /)", mv_format,
        "The struct format character of the elements ('d' float64, 'l' int64, '?' bool, 'Zd' complex128, ...).",
        ["np.zeros(2, dtype=np.uint8).data.format  # 'B'"]),
    entry!(Property, NdArray, "memoryview", "shape", "(self, /)", mv_shape,
        "The shape.",
        ["np.zeros((2, 3)).data.shape  # (2, 3)"]),
    entry!(Property, NdArray, "memoryview", "strides", "(self, /)", mv_strides,
        "The strides in bytes.",
        ["np.zeros((2, 3)).data.strides  # (24, 8)"]),
    entry!(Property, NdArray, "memoryview", "ndim", "(self, /)", mv_ndim,
        "The number of dimensions.",
        ["np.zeros((2, 3)).data.ndim  # 2"]),
    entry!(Property, NdArray, "memoryview", "readonly", "(self, /)", mv_readonly,
        "Whether the buffer is read-only (the array is not writeable).",
        ["np.zeros(2).data.readonly  # False"]),
    entry!(Property, NdArray, "memoryview", "c_contiguous", "(self, /)", mv_c,
        "Whether the buffer is C-contiguous.",
        ["np.zeros((2, 3)).data.c_contiguous  # True"]),
    entry!(Property, NdArray, "memoryview", "f_contiguous", "(self, /)", mv_f,
        "Whether the buffer is Fortran-contiguous.",
        ["np.zeros((2, 3)).T.data.f_contiguous  # True"]),
    entry!(Property, NdArray, "memoryview", "contiguous", "(self, /)", mv_contiguous,
        "Whether the buffer is C- or Fortran-contiguous.",
        ["np.zeros(4)[::2].data.contiguous  # False"]),
];

fn the_array(v: &Value) -> Result<Rc<Array>> {
    match v {
        Value::Array(a) => Ok(a.clone()),
        other => Err(Error::type_error(format!(
            "expected a numpy.ndarray, got '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

// ---- np.info ----

fn yes(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// NumPy's `_info` of an ndarray, its data pointer this process's.
fn array_info(a: &Array, class: &str) -> String {
    let shape = crate::ops::repr(&shape_value(a.shape()));
    let strides: Vec<Value> = a
        .byte_strides()
        .iter()
        .map(|&s| Value::Int(s as i64))
        .collect();
    let l = a.layout();
    format!(
        "class:  {class}\nshape:  {shape}\nstrides:  {}\nitemsize:  {}\naligned:  True\ncontiguous:  {}\nfortran:  {}\ndata pointer: {:#x}\nbyteorder:  little\nbyteswap:  False\ntype: {}\n",
        crate::ops::repr(&Value::tuple(strides)),
        a.dtype().itemsize(),
        yes(l.is_c_contiguous()),
        yes(l.is_f_contiguous()),
        a.data_address(),
        a.dtype().name(),
    )
}

/// Whether the entry `d` takes objects as they are, not as their
/// `__array__` (`np.info` names an ndarray subclass's class).
pub fn sees_objects(d: &FuncDef) -> bool {
    // np.array also reads `__array__` itself: with subok=True a matrix or
    // masked array stays what it is.
    d.module == "numpy" && matches!(d.name, "info" | "array")
}

fn ndarray_type() -> Result<table::FnId> {
    table::lookup("numpy", "ndarray").ok_or_else(|| Error::runtime_error("no np.ndarray"))
}

fn info(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = match a.get(0) {
        Value::Array(x) => array_info(x, "ndarray"),
        // The ndarray subclasses (np.matrix, np.memmap, MaskedArray) hold
        // their array as `_data`.
        Value::Instance(i)
            if crate::py::class::instance_of(a.get(0), &Value::Builtin(ndarray_type()?))
                == Some(true) =>
        {
            match i.attrs.borrow().get("_data") {
                Some(Value::Array(x)) => array_info(x, i.class.name),
                _ => format!("{}\n", crate::ops::repr(a.get(0))),
            }
        }
        Value::None => match table::lookup("numpy", "info") {
            Some(id) => format!("{}\n", table::help_text(id)),
            None => String::new(),
        },
        Value::Builtin(id) => format!("{}\n", table::help_text(*id)),
        Value::Str(name) => match table::lookup("numpy", name) {
            Some(id) => format!("{}\n", table::help_text(id)),
            None => format!("Help for {name} not found.\n"),
        },
        other => format!("{}\n", crate::ops::repr(other)),
    };
    match a.get(2) {
        Value::None => host.write_out(&text),
        out => {
            let write = crate::ops::getattr(out, "write").or_else(|_| {
                crate::py::class::getattr(host, out, "write").unwrap_or_else(|| {
                    Err(Error::attribute_error("output has no attribute 'write'"))
                })
            })?;
            crate::ops::call(host, &write, vec![Value::str(text)], Vec::new())?;
        }
    }
    Ok(Value::None)
}

// ---- ndarray.data ----

thread_local! {
    static MV_CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
    static NOMASK: RefCell<Option<Array>> = const { RefCell::new(None) };
}

/// The class `memoryview`.
fn mv_class() -> Result<Rc<Class>> {
    if let Some(c) = MV_CLASS.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let mut attrs = super::poly1d::table_attrs("memoryview", &[]);
    attrs.set("__hash__", Value::None);
    let mut c = Class::new("memoryview", "memoryview", "builtins", Vec::new(), attrs)?;
    if let Some(id) = crate::py::attr::type_id("memoryview") {
        c.bases = vec![Value::Builtin(id)];
    }
    let c = Rc::new(c);
    MV_CLASS.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

fn data_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arr = a.get(0).clone();
    the_array(&arr)?;
    let mut attrs = Attrs::default();
    attrs.set("_obj", arr);
    Ok(Value::Instance(Rc::new(Instance {
        class: mv_class()?,
        attrs: RefCell::new(attrs),
        args: RefCell::new(Vec::new()),
    })))
}

fn viewed(a: &Args) -> Result<Rc<Array>> {
    match a.get(0) {
        Value::Instance(i) => match i.attrs.borrow().get("_obj") {
            Some(v) => the_array(v),
            None => Err(Error::value_error(
                "operation forbidden on released memoryview object",
            )),
        },
        other => Err(Error::type_error(format!(
            "descriptor requires a 'memoryview' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

fn mv_repr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let addr = match a.get(0) {
        Value::Instance(i) => Rc::as_ptr(i) as *const () as usize,
        _ => 0,
    };
    Ok(Value::str(format!("<memory at {addr:#x}>")))
}

fn mv_len(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    match x.shape().first() {
        Some(&n) => Ok(Value::Int(n as i64)),
        None => Err(Error::type_error("0-dim memory has no length")),
    }
}

fn mv_getitem(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    match x.ndim() {
        1 => {
            let item = crate::ops::getitem(&Value::Array(x.clone()), a.get(1))?;
            match item {
                Value::Scalar(s) => Ok(super::conv::to_python(&s)),
                _ => Err(Error::not_implemented(
                    "memoryview: slices are not supported here",
                )),
            }
        }
        0 => Err(Error::type_error("invalid indexing of 0-dim memory")),
        _ => Err(Error::not_implemented(
            "multi-dimensional sub-views are not implemented",
        )),
    }
}

fn mv_tobytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    Ok(Value::Bytes(xpush_npu::io::npy::to_bytes(&x)?.into()))
}

fn mv_hex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    let b = xpush_npu::io::npy::to_bytes(&x)?;
    Ok(Value::str(
        b.iter().map(|x| format!("{x:02x}")).collect::<String>(),
    ))
}

fn mv_tolist(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    super::compose::method(host, &Value::Array(x), "tolist", Vec::new())
}

fn mv_obj(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Array(viewed(a)?))
}

fn mv_nbytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    Ok(Value::Int((x.size() * x.dtype().itemsize()) as i64))
}

fn mv_itemsize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(viewed(a)?.dtype().itemsize() as i64))
}

/// The `struct` format character of a dtype, as NumPy's buffer gives it.
fn format_char(d: DType) -> &'static str {
    match d {
        DType::Bool => "?",
        DType::Int8 => "b",
        DType::Int16 => "h",
        DType::Int32 => "i",
        DType::Int64 => "l",
        DType::UInt8 => "B",
        DType::UInt16 => "H",
        DType::UInt32 => "I",
        DType::UInt64 => "L",
        DType::Float16 | DType::BFloat16 => "e",
        DType::Float32 => "f",
        DType::Float64 => "d",
        DType::Complex64 => "Zf",
        DType::Complex128 => "Zd",
    }
}

fn mv_format(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(format_char(viewed(a)?.dtype())))
}

fn mv_shape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(shape_value(viewed(a)?.shape()))
}

fn mv_strides(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    Ok(Value::tuple(
        x.byte_strides()
            .iter()
            .map(|&s| Value::Int(s as i64))
            .collect(),
    ))
}

fn mv_ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(viewed(a)?.ndim() as i64))
}

fn mv_readonly(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(!viewed(a)?.is_writeable()))
}

fn mv_c(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(viewed(a)?.layout().is_c_contiguous()))
}

fn mv_f(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(viewed(a)?.layout().is_f_contiguous()))
}

fn mv_contiguous(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = viewed(a)?;
    let l = x.layout();
    Ok(Value::Bool(l.is_c_contiguous() || l.is_f_contiguous()))
}

// ---- np.ma.ids ----

/// The address NumPy's `nomask` (one bool) has: one buffer per thread.
fn nomask_address() -> usize {
    NOMASK.with(|n| {
        n.borrow_mut()
            .get_or_insert_with(|| Array::from_scalar(xpush_npu::Scalar::Bool(false)))
            .data_address()
    })
}

fn ids(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let (data, mask) = if super::ma::is_ma(v) {
        super::ma::parts(v)?
    } else {
        return Err(Error::attribute_error(format!(
            "'{}' object has no attribute 'ids'",
            crate::ops::type_name(v)
        )));
    };
    let daddr = match &data {
        Value::Array(x) => x.data_address(),
        _ => 0,
    };
    let maddr = match &mask {
        Some(Value::Array(m)) => m.data_address(),
        _ => nomask_address(),
    };
    Ok(Value::tuple(vec![
        Value::Int(daddr as i64),
        Value::Int(maddr as i64),
    ]))
}

// ---- numpy.ma.core and numpy.ma.extras ----

/// The names NumPy defines in `numpy.ma.extras` (its `__all__`).
const EXTRAS: &[&str] = &[
    "apply_along_axis",
    "apply_over_axes",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "average",
    "clump_masked",
    "clump_unmasked",
    "column_stack",
    "compress_cols",
    "compress_nd",
    "compress_rowcols",
    "compress_rows",
    "count_masked",
    "corrcoef",
    "cov",
    "diagflat",
    "dot",
    "dstack",
    "ediff1d",
    "flatnotmasked_contiguous",
    "flatnotmasked_edges",
    "hsplit",
    "hstack",
    "isin",
    "in1d",
    "intersect1d",
    "mask_cols",
    "mask_rowcols",
    "mask_rows",
    "masked_all",
    "masked_all_like",
    "median",
    "mr_",
    "ndenumerate",
    "notmasked_contiguous",
    "notmasked_edges",
    "polyfit",
    "row_stack",
    "setdiff1d",
    "setxor1d",
    "stack",
    "unique",
    "union1d",
    "vander",
    "vstack",
];

/// `numpy.ma.core` (`extras == false`) or `numpy.ma.extras` of the
/// module `numpy.ma`: the members NumPy defines in that file (`dot` is in
/// both).
pub fn ma_submodule(ma: &crate::value::Module, extras: bool) -> Value {
    let name = if extras {
        "numpy.ma.extras"
    } else {
        "numpy.ma.core"
    };
    let members: Vec<(Rc<str>, Value)> = ma
        .members
        .borrow()
        .iter()
        .filter(|(n, v)| {
            let in_extras = EXTRAS.contains(&&**n);
            !matches!(v, Value::Module(_)) && (in_extras == extras || &**n == "dot")
        })
        .map(|(n, v)| (n.clone(), v.clone()))
        .chain(
            // The classes of the submodule's own (MaskedArrayFutureWarning).
            crate::ExcKind::ALL
                .iter()
                .filter(|k| k.module() == name)
                .map(|&k| (Rc::from(k.name()), Value::ExcType(k))),
        )
        .collect();
    Value::Module(Rc::new(crate::value::Module {
        name: name.to_string(),
        members: RefCell::new(members),
        user: Default::default(),
    }))
}

/// `import numpy.ma.core` / `numpy.ma.extras`: the member of `numpy.ma`.
pub fn import_ma_submodule(host: &mut dyn Host, extras: bool) -> Result<Value> {
    let ma = super::ma::build(host)?;
    let name = if extras { "extras" } else { "core" };
    match &ma {
        Value::Module(m) => m
            .get(name)
            .ok_or_else(|| Error::runtime_error("numpy.ma has no submodule")),
        _ => Err(Error::runtime_error("numpy.ma is not a module")),
    }
}
