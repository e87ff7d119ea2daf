//! Attributes and methods of `numpy.ndarray` (NumPy scalars share them):
//! `shape`, `ndim`, `size`, `dtype`, `itemsize`, `nbytes`, `T`, `real`,
//! `imag`, `strides`, `base`, and `reshape`, `ravel`, `flatten`,
//! `transpose`, `swapaxes`, `squeeze`, `astype`, `copy`, `fill`, `item`,
//! `tolist`. The reductions as methods are in [`super::reduce`].

use xpush_npu::device::Device;
use xpush_npu::ops::{self as nops, UnaryOp};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType, Layout};

use super::conv::{self, as_array, dtype_arg, reshape_dims, to_python, wrap, wrap_result};
use super::order::{self, Order};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};
use xpush_npu::promote::Casting;

/// `ndarray` attributes and methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::TRANSFER, runs = Dispatch, Method, NdArray, "ndarray", "get", "(self, /)", get,
        "A copy on the cpu device (CuPy's a.get(): an npu array is copied to the host after a synchronize).", ["np.arange(2).get()  # array([0, 1])"]),
    entry!(npu = crate::coverage::how::TRANSFER, runs = Dispatch, Method, NdArray, "ndarray", "to_device", "(self, device, /)", to_device,
        "A copy on the given device ('cpu', 'npu' or 'npu:N'; the npu is started on first use).",
        ["np.arange(2).to_device('cpu')  # array([0, 1])", "np.arange(2).to_device('gpu')  # ValueError: unknown device 'gpu' (expected 'cpu' or 'npu')"]),
    entry!(npu = crate::coverage::how::TRANSFER, runs = Dispatch, Function, NumpyCreate, "numpy", "asnumpy", "(a)", asnumpy,
        "A copy of the array on the cpu device (CuPy's cupy.asnumpy).", ["np.asnumpy([1, 2])  # array([1, 2])"]),
    entry!(Property, NdArray, "ndarray", "device", "(self, /)", device,
        "The device holding the array ('cpu' or 'npu:N').", ["np.zeros(1).device  # 'cpu'"]),
    entry!(Property, NdArray, "ndarray", "shape", "(self, /)", shape,
        "The array's dimensions, as a tuple.", ["np.zeros((2, 3)).shape  # (2, 3)"]),
    entry!(Property, NdArray, "ndarray", "ndim", "(self, /)", ndim,
        "The number of dimensions.", ["np.zeros((2, 3)).ndim  # 2"]),
    entry!(Property, NdArray, "ndarray", "size", "(self, /)", size,
        "The number of elements.", ["np.zeros((2, 3)).size  # 6"]),
    entry!(Property, NdArray, "ndarray", "dtype", "(self, /)", dtype,
        "The element type.", ["np.arange(3).dtype  # dtype('int64')"]),
    entry!(Property, NdArray, "ndarray", "itemsize", "(self, /)", itemsize,
        "Bytes per element.", ["np.zeros(2, dtype=np.float32).itemsize  # 4"]),
    entry!(Property, NdArray, "ndarray", "nbytes", "(self, /)", nbytes,
        "Bytes of all elements.", ["np.zeros(3).nbytes  # 24"]),
    entry!(Property, NdArray, "ndarray", "T", "(self, /)", t,
        "The transposed array (a view).", ["np.zeros((2, 3)).T.shape  # (3, 2)"]),
    entry!(Property, NdArray, "ndarray", "flat", "(self, /)", flat,
        "A flat iterator over the elements in C order: index it to read, assign through it to write.",
        ["np.arange(6).reshape(2, 3).flat[4]  # np.int64(4)"]),
    entry!(Property, NdArray, "ndarray", "mT", "(self, /)", m_t,
        "The matrix transpose: the last two axes swapped (a view).",
        ["np.zeros((4, 2, 3)).mT.shape  # (4, 3, 2)", "np.zeros(3).mT  # ValueError: matrix transpose with ndim < 2 is undefined"]),
    entry!(npu = crate::coverage::how::REAL, runs = Dispatch, Property, NdArray, "ndarray", "real", "(self, /)", real,
        "The real part (the array itself for real dtypes).", ["np.array([1+2j]).real  # array([1.])"]),
    entry!(npu = crate::coverage::how::IMAG, runs = Dispatch, Property, NdArray, "ndarray", "imag", "(self, /)", imag,
        "The imaginary part (zeros for real dtypes).", ["np.array([1+2j]).imag  # array([2.])"]),
    entry!(Property, NdArray, "ndarray", "strides", "(self, /)", strides,
        "Bytes to step along each axis.", ["np.zeros((2, 3)).strides  # (24, 8)"]),
    entry!(Property, NdArray, "ndarray", "base", "(self, /)", base,
        "The array whose memory a view uses, or None for an array owning its memory (xpush: the whole buffer the view uses, as an array, not the object the view was taken from).",
        ["np.zeros(4)[::2].base is not None  # True", "np.zeros(4).base  # None"]),
    entry!(Property, NdArray, "ndarray", "flags", "(self, /)", flags,
        "The memory flags: C/F contiguity, OWNDATA, WRITEABLE (settable: `a.flags.writeable = False` makes writes raise), ALIGNED, WRITEBACKIFCOPY.",
        ["np.zeros((2, 3)).T.flags.f_contiguous  # True", "np.arange(4).reshape(2, 2).flags['OWNDATA']  # False", "a = np.zeros(3); a.setflags(write=False); a.fill(1)  # ValueError: assignment destination is read-only"]),
    entry!(Method, NdArray, "ndarray", "setflags", "(self, /, write=None, align=None, uic=None)", setflags,
        "Sets the WRITEABLE flag (`write=`); ALIGNED and WRITEBACKIFCOPY as NumPy allows.",
        ["a = np.zeros(3); a.setflags(write=False); a.flags.writeable  # False", "a = np.zeros(3); a.setflags(write=False); a[1:].setflags(write=True)  # ValueError: cannot set WRITEABLE flag to True of this array"]),
    entry!(Method, NdArray, "ndarray", "reshape", "(self, /, *shape, order='C', copy=None)", reshape,
        "The same data in a new shape (one dimension may be -1), read and placed in C order or Fortran order (`order='F'`, or 'A' for a Fortran-contiguous array); a view when possible, a copy always with copy=True.",
        ["np.arange(6).reshape(2, -1)  # array([[0, 1, 2],\n       [3, 4, 5]])", "np.arange(6).reshape((4,))  # ValueError: cannot reshape array of size 6 into shape (4,)", "np.arange(6).reshape(2, 3, order='F')  # array([[0, 2, 4],\n       [1, 3, 5]])"]),
    entry!(Method, NdArray, "ndarray", "ravel", "(self, /, order='C')", ravel,
        "The elements as a 1-d array (a view when possible), read in C order, Fortran order ('F'), Fortran order for a Fortran-contiguous array ('A') or memory order ('K').",
        ["np.eye(2).ravel()  # array([1., 0., 0., 1.])", "np.arange(4).reshape(2, 2).ravel('F')  # array([0, 2, 1, 3])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Method, NdArray, "ndarray", "flatten", "(self, /, order='C')", flatten,
        "A 1-d copy of the elements, read in C order or the `order=` of `ravel`.", ["np.eye(2, dtype=int).flatten()  # array([1, 0, 0, 1])", "np.arange(4).reshape(2, 2).flatten('F')  # array([0, 2, 1, 3])"]),
    entry!(Method, NdArray, "ndarray", "transpose", "(self, /, *axes)", transpose,
        "The axes permuted (reversed by default), as a view.",
        ["np.zeros((1, 2, 3)).transpose(2, 0, 1).shape  # (3, 1, 2)"]),
    entry!(Method, NdArray, "ndarray", "swapaxes", "(self, axis1, axis2, /)", swapaxes,
        "Two axes interchanged, as a view.", ["np.zeros((1, 2)).swapaxes(0, 1).shape  # (2, 1)"]),
    entry!(Method, NdArray, "ndarray", "squeeze", "(self, /, axis=None)", squeeze,
        "Length-1 axes removed, as a view.", ["np.zeros((1, 2, 1)).squeeze().shape  # (2,)"]),
    entry!(npu = crate::coverage::how::CAST, runs = Dispatch, Method, NdArray, "ndarray", "astype", "(self, dtype, /, order='K', casting='unsafe', subok=True, copy=True)", astype,
        "A copy cast to a dtype (unsafe casting: floats truncate toward zero), laid out as the array is (order='K') or in order 'C', 'F' or 'A'; casting= limits the cast as np.can_cast does.",
        ["np.array([1.7, -1.7]).astype(int)  # array([ 1, -1])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Method, NdArray, "ndarray", "copy", "(self, order='C')", copy,
        "A copy of the array, laid out in order 'C' (the default), 'F', 'A' (F if the array is Fortran-contiguous only) or 'K' (as the array is).",
        ["np.arange(2).copy()  # array([0, 1])", "np.arange(6).reshape(2, 3).copy(order='F').strides  # (8, 16)"]),
    entry!(npu = crate::coverage::how::COPY, Method, NdArray, "ndarray", "fill", "(self, value, /)", fill,
        "Sets every element to a value (cast to the dtype).",
        ["a = np.zeros(2); a.fill(3); a  # array([3., 3.])"]),
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "item", "(self, /, *args)", item,
        "An element as a Python scalar (the only one, or at a flat or per-axis index).",
        ["np.array([[1.5]]).item()  # 1.5", "np.arange(4).item(2)  # 2", "np.arange(2).item()  # ValueError: can only convert an array of size 1 to a Python scalar"]),
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "tolist", "(self, /)", tolist,
        "The array as nested lists of Python scalars.", ["np.eye(2, dtype=int).tolist()  # [[1, 0], [0, 1]]"]),
    entry!(npu = crate::coverage::how::TRANSFER, Method, NdArray, "ndarray", "tobytes", "(self, /, order='C')", tobytes,
        "The raw bytes of the elements (little-endian), in C order, or Fortran order for 'F' ('A' is Fortran only for a Fortran-contiguous array).",
        ["np.arange(3, dtype=np.int16).tobytes()  # b'\\x00\\x00\\x01\\x00\\x02\\x00'", "np.array([[1, 2], [3, 4]], dtype=np.int8).tobytes('F')  # b'\\x01\\x03\\x02\\x04'",
         "np.arange(2).tobytes('X')  # ValueError: order must be one of 'C', 'F', 'A', or 'K' (got 'X')"]),
];

fn get(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(copy_to(&recv(a)?, Device::Cpu)?))
}

/// A copy of `x` on `dev` (a transfer when it lives elsewhere; the copy to
/// the host synchronizes the device's stream first).
pub(crate) fn copy_to(x: &Array, dev: Device) -> Result<Array> {
    if x.device() == dev {
        return nops::copy(x);
    }
    x.to_device(dev)
}

/// The device named by a `device=` argument (`'cpu'`, `'npu'`, `'npu:N'`).
pub(crate) fn device_arg(v: &Value) -> Result<Device> {
    match v {
        Value::Str(s) => Device::parse(s),
        other => Err(Error::value_error(format!(
            "unknown device {} (expected 'cpu' or 'npu')",
            crate::ops::repr(other)
        ))),
    }
}

fn to_device(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dev = device_arg(a.get(1))?;
    Ok(wrap(copy_to(&recv(a)?, dev)?))
}

fn asnumpy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(copy_to(&as_array(a.get(0))?, Device::Cpu)?))
}

fn device(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(recv(a)?.device().to_string()))
}

fn recv(a: &Args) -> Result<Array> {
    as_array(a.get(0))
}

fn int(n: usize) -> Value {
    Value::Int(n as i64)
}

fn shape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::tuple(
        recv(a)?.shape().iter().map(|&d| int(d)).collect(),
    ))
}

fn ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(int(recv(a)?.ndim()))
}

fn size(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(int(recv(a)?.size()))
}

fn dtype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::DType(recv(a)?.dtype()))
}

fn itemsize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(int(recv(a)?.dtype().itemsize()))
}

fn nbytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    Ok(int(x.size() * x.dtype().itemsize()))
}

/// Keeps a NumPy scalar a scalar when a view operation leaves it 0-d.
fn same_kind(receiver: &Value, r: Array) -> Result<Value> {
    if matches!(receiver, Value::Scalar(_)) {
        wrap_result(r)
    } else {
        Ok(wrap(r))
    }
}

fn t(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    same_kind(a.get(0), x.transpose(None)?)
}

fn flat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?;
    Ok(super::flatiter::new(a.get(0).clone()))
}

fn m_t(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    let nd = x.ndim() as isize;
    if nd < 2 {
        return Err(Error::value_error(
            "matrix transpose with ndim < 2 is undefined",
        ));
    }
    let mut axes: Vec<isize> = (0..nd).collect();
    axes.swap(nd as usize - 1, nd as usize - 2);
    same_kind(a.get(0), x.transpose(Some(&axes))?)
}

fn real(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(part) = complex_scalar_part(a.get(0), false) {
        return Ok(part);
    }
    let x = recv(a)?;
    if !x.dtype().is_complex() {
        return Ok(a.get(0).clone());
    }
    same_kind(a.get(0), nops::unary(UnaryOp::Real, &x)?)
}

fn imag(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(part) = complex_scalar_part(a.get(0), true) {
        return Ok(part);
    }
    let x = recv(a)?;
    if !x.dtype().is_complex() {
        return same_kind(a.get(0), Array::zeros(x.shape(), x.dtype()));
    }
    same_kind(a.get(0), nops::unary(UnaryOp::Imag, &x)?)
}

/// The real or imaginary part of a complex NumPy scalar, read off the
/// value as NumPy's scalar attributes do (`np.complex64(1+2j).imag` is
/// `np.float32(2.0)`): no array is made and no op runs.
fn complex_scalar_part(v: &Value, imag: bool) -> Option<Value> {
    let Value::Scalar(s) = v else {
        return None;
    };
    let xpush_npu::Elem::Complex(re, im) = s.to_elem() else {
        return None;
    };
    let part = if imag { im } else { re };
    Some(conv::scalar(xpush_npu::Scalar::from_f64(
        s.dtype().real_dtype(),
        part,
    )))
}

fn strides(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::tuple(
        recv(a)?
            .byte_strides()
            .iter()
            .map(|&s| Value::Int(s as i64))
            .collect(),
    ))
}

thread_local! {
    /// For each buffer a view was taken of (by [`Array::buffer_key`]), the
    /// array that owns it, as the language holds it: what the views'
    /// `.base` is (NumPy's base, collapsed to the array owning the
    /// memory). Weak: a view does not keep its owner's value alive here.
    static OWNERS: std::cell::RefCell<OwnerTable> = std::cell::RefCell::new(OwnerTable::default());
}

/// [`OWNERS`]: each owner and its layout, and the size at which entries
/// of dead owners are next dropped.
#[derive(Default)]
struct OwnerTable {
    owners: std::collections::HashMap<usize, (std::rc::Weak<Array>, Layout)>,
    prune_at: usize,
}

/// Records that `result`, made from `source` (an entry's receiver or an
/// indexed array), is a view of the buffer `source` owns: `result.base`
/// is then `source` itself (`Z[:3].base is Z`). Called where entries and
/// indexing return; a result that is no view costs one flag test.
pub fn note_view(source: &Value, result: &Value) {
    let (Value::Array(owner), Value::Array(view)) = (source, result) else {
        return;
    };
    if !view.is_view() || owner.is_view() || !view.shares_storage(owner) {
        return;
    }
    OWNERS.with(|t| {
        let mut t = t.borrow_mut();
        if t.owners.len() >= t.prune_at {
            t.owners.retain(|_, (w, _)| w.strong_count() > 0);
            t.prune_at = (2 * t.owners.len()).max(64);
        }
        let entry = (std::rc::Rc::downgrade(owner), owner.layout().clone());
        t.owners.insert(owner.buffer_key(), entry);
    });
}

/// The array value owning the buffer `x` views ([`note_view`]): itself
/// while the language holds it, else a new array of its layout.
fn owner_of(x: &Array) -> Option<Value> {
    let (weak, layout) = OWNERS.with(|t| t.borrow().owners.get(&x.buffer_key()).cloned())?;
    match weak.upgrade() {
        Some(owner) if !owner.is_view() && owner.shares_storage(x) => Some(Value::Array(owner)),
        // Gone, its buffer alive in `x`: an owner of the same layout.
        None if layout.shape.iter().product::<usize>() == x.buffer_elems() => {
            Some(wrap(x.with_layout(layout)))
        }
        _ => None,
    }
}

fn base(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Array(x) = a.get(0) else {
        return Ok(Value::None);
    };
    if !x.is_view() {
        return Ok(Value::None);
    }
    if let Some(owner) = owner_of(x) {
        return Ok(owner);
    }
    // A view of an array never held (`np.arange(6).reshape(2, 3)`): the
    // buffer, flat.
    let len = x.buffer_elems();
    Ok(wrap(x.with_layout(Layout::contiguous(&[len]))))
}

pub(crate) fn flags(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(super::flags::new(a.get(0).clone()))
}

pub(crate) fn setflags(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    super::flags::setflags(a.get(0), a.get(1), a.get(2), a.get(3))?;
    Ok(Value::None)
}

fn reshape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    if a.rest.is_empty() {
        return Err(Error::type_error(
            "reshape() takes exactly 1 argument (0 given)",
        ));
    }
    let dims = reshape_dims(&a.rest)?;
    same_kind(a.get(0), reshaped(&x, &dims, a.get(1), a.get(2))?)
}

/// `x` reshaped to `dims` under `reshape`'s `order=` and `copy=` (True:
/// always a copy; False: a view or NumPy's error; None: a view when
/// possible).
pub(crate) fn reshaped(x: &Array, dims: &[isize], order: &Value, copy: &Value) -> Result<Array> {
    let r = order::reshape(x, dims, Order::arg(order, Order::C)?)?;
    match copy {
        Value::None => Ok(r),
        c if crate::ops::truthy(c)? => {
            if r.shares_storage(x) {
                order::copy(&r, Order::K)
            } else {
                Ok(r)
            }
        }
        _ if !r.shares_storage(x) => Err(Error::value_error(
            "Unable to avoid creating a copy while reshaping.",
        )),
        _ => Ok(r),
    }
}

fn ravel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(ravel_in(&recv(a)?, a.get(1))?))
}

/// `ravel`'s `order=`: C order (the default), 'F' Fortran order, 'A'
/// Fortran order only for a Fortran-contiguous array, 'K' the axes in the
/// order of their strides in memory, as NumPy reads them.
pub fn ravel_in(x: &Array, order: &Value) -> Result<Array> {
    order::ravel(x, Order::arg(order, Order::C)?)
}

fn flatten(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let flat = ravel_in(&recv(a)?, a.get(1))?;
    Ok(wrap(nops::copy(&flat)?.reshape(&[-1])?))
}

/// The permutation of a `transpose` call: none, one tuple/list, or ints.
pub fn perm_arg(args: &[Value]) -> Result<Option<Vec<isize>>> {
    match args {
        [] | [Value::None] => Ok(None),
        [one @ (Value::Tuple(_) | Value::List(_))] => {
            Ok(Some(reshape_dims(std::slice::from_ref(one))?))
        }
        many => Ok(Some(reshape_dims(many)?)),
    }
}

fn transpose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    let perm = perm_arg(&a.rest)?;
    same_kind(a.get(0), x.transpose(perm.as_deref())?)
}

fn swapaxes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    let i = conv::opt_int(a.get(1))?.unwrap_or(0) as isize;
    let j = conv::opt_int(a.get(2))?.unwrap_or(0) as isize;
    Ok(wrap(x.with_layout(x.layout().swapaxes(i, j)?)))
}

/// A view of `x` with length-1 axes removed (`axis=` None, int or tuple).
pub fn squeeze_of(x: &Array, axis: &Value) -> Result<Array> {
    let axes = conv::axes_arg(axis)?;
    Ok(x.with_layout(x.layout().squeeze(axes.as_deref())?))
}

fn squeeze(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    same_kind(a.get(0), squeeze_of(&x, a.get(1))?)
}

fn astype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::numpy::host::dtype_arg(a.get(1)).is_some() {
        return crate::numpy::host::funcs::astype_value(a.get(0), a.get(1));
    }
    let x = recv(a)?;
    let d = dtype_arg(a.get(1))?.unwrap_or(DType::Float64);
    let order = Order::arg(a.get(2), Order::K)?;
    // NumPy 2.4's 'same_value': any cast whose values all survive it.
    let same_value = matches!(a.get(3), Value::Str(s) if &**s == "same_value");
    let casting = match a.get(3) {
        _ if same_value => Casting::Unsafe,
        Value::Str(s) => Casting::parse(s).map_err(|_| {
            Error::value_error(format!(
                "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe', 'same_value' (got '{s}')"
            ))
        })?,
        _ => Casting::Unsafe,
    };
    if !xpush_npu::promote::can_cast(x.dtype(), d, casting) {
        return Err(Error::type_error(format!(
            "Cannot cast array data from {} to {} according to the rule {}",
            x.dtype().repr(),
            d.repr(),
            crate::ops::repr(a.get(3))
        )));
    }
    if !crate::ops::truthy(a.get(5))? && d == x.dtype() && !order::needs_copy(&x, order) {
        return Ok(a.get(0).clone());
    }
    let r = order::cast(&x, d, order)?;
    if same_value && !super::manip::equal_arrays(&nops::cast(&r, x.dtype())?, &x, true)? {
        return Err(Error::value_error(format!(
            "could not cast 'same_value' {} to {}",
            c_type_name(x.dtype()),
            c_type_name(d)
        )));
    }
    super::fperr::check_cast(&x, &r)?;
    same_kind(a.get(0), r)
}

/// The C type NumPy names a dtype by in its casting errors.
fn c_type_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        DType::Int8 => "byte",
        DType::UInt8 => "ubyte",
        DType::Int16 => "short",
        DType::UInt16 => "ushort",
        DType::Int32 => "int",
        DType::UInt32 => "uint",
        DType::Int64 => "long",
        DType::UInt64 => "ulong",
        DType::Float16 => "half",
        DType::BFloat16 => "bfloat16",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Complex64 => "cfloat",
        DType::Complex128 => "cdouble",
    }
}

/// `a.copy()`: a C-ordered copy (NumPy's method default `order='C'`,
/// unlike `np.copy`'s `'K'`).
fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    same_kind(a.get(0), order::copy(&x, Order::arg(a.get(1), Order::K)?)?)
}

fn fill(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Array(x) = a.get(0) else {
        return Err(Error::type_error("fill() needs an array"));
    };
    if let Value::Complex(_) = a.get(1) {
        xpush_npu::promote::check_pycomplex(x.dtype())?;
    }
    x.check_writeable("assignment destination")?;
    x.fill(conv::to_scalar(a.get(1))?);
    Ok(Value::None)
}

fn item(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    // `item((i, j))` is `item(i, j)`.
    let args = match a.rest.as_slice() {
        [one @ Value::Tuple(_)] => crate::py::iter::to_vec(one)?,
        many => many.to_vec(),
    };
    let s = match args.as_slice() {
        [] => x.item()?,
        // One index into a 1-d array is that array's index.
        [i] if x.ndim() == 1 => x.get(&[conv::opt_int(i)?.unwrap_or(0) as isize])?,
        [i] => {
            let flat = x.reshape(&[-1])?;
            let i = conv::opt_int(i)?.unwrap_or(0) as isize;
            let n = flat.size() as isize;
            if i < -n || i >= n {
                return Err(Error::index_error(format!(
                    "index {i} is out of bounds for size {n}"
                )));
            }
            flat.get(&[i])?
        }
        many if many.len() != x.ndim() => {
            return Err(Error::value_error("incorrect number of indices for array"));
        }
        many => {
            let idx: Vec<isize> = many
                .iter()
                .map(|v| Ok(conv::opt_int(v)?.unwrap_or(0) as isize))
                .collect::<Result<_>>()?;
            x.get(&idx)?
        }
    };
    Ok(to_python(&s))
}

/// `a.tolist()`: nested lists of Python scalars (a 0-d array gives a scalar).
pub fn tolist_of(x: &Array) -> Result<Value> {
    if x.ndim() == 0 {
        return Ok(to_python(&x.item()?));
    }
    let n = x.shape()[0];
    let items = (0..n)
        .map(|i| tolist_of(&x.index_axis(0, i as isize)?))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::list(items))
}

fn tobytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = recv(a)?;
    let fortran = Order::arg(a.get(1), Order::K)?.is_fortran_for(x.layout());
    let x = if fortran { x.transpose(None)? } else { x };
    Ok(Value::Bytes(xpush_npu::io::npy::to_bytes(&x)?.into()))
}

fn tolist(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    tolist_of(&recv(a)?)
}
