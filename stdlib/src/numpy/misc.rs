//! The rest of NumPy's namespace that NumPy writes in Python on top of its
//! primitives: type queries (`iscomplex`, `common_type`, `min_scalar_type`,
//! `isdtype`, ...), the window functions, `vander`, `unwrap`, the nan- and
//! array-API scans, `array_equiv`, the `as*array` family, `binary_repr` and
//! `base_repr`, `unstack` and `broadcast_shapes`. Each follows NumPy's own
//! definition step by step through [`super::compose`], so values, dtypes
//! and errors are NumPy's and the work runs on the session's device.

use xpush_lang::ast::{BinOp, CmpOp};
use xpush_npu::DType;

use super::compose::{attr, bin, cmp, item, method, np, np_kw, shape_value, slice, truth};
use super::conv::{as_array, dtype_arg, opt_int, to_scalar, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::SIGNED_INF, runs = Dispatch, Function, NumpyUfunc, "numpy", "isposinf", "(x, out=None)", isposinf,
        "Whether each element is positive infinity (isinf and not signbit).",
        ["np.isposinf([np.inf, -np.inf, 1.0])  # array([ True, False, False])"]),
    entry!(npu = crate::coverage::how::SIGNED_INF, runs = Dispatch, Function, NumpyUfunc, "numpy", "isneginf", "(x, out=None)", isneginf,
        "Whether each element is negative infinity (isinf and signbit).",
        ["np.isneginf([np.inf, -np.inf, 1.0])  # array([False,  True, False])"]),
    entry!(npu = crate::coverage::how::IMAG_TEST, runs = Dispatch, Function, NumpyTypes, "numpy", "iscomplex", "(x)", iscomplex,
        "Whether each element has a nonzero imaginary part (False for real dtypes).",
        ["np.iscomplex([1+1j, 1+0j, 4.5])  # array([ True, False, False])"]),
    entry!(npu = crate::coverage::how::IMAG_TEST, runs = Dispatch, Function, NumpyTypes, "numpy", "isreal", "(x)", isreal,
        "Whether each element's imaginary part is zero (False for strings, True for timedeltas and objects).",
        ["np.isreal([1+1j, 1+0j, 4.5])  # array([False,  True,  True])"]),
    entry!(npu = crate::coverage::how::REAL_IF_CLOSE, runs = Dispatch, Function, NumpyTypes, "numpy", "real_if_close", "(a, tol=100)", real_if_close,
        "The real part when every imaginary part is below tol (machine epsilons when tol > 1).",
        ["np.real_if_close([2.1 + 4e-14j, 5.2 + 3e-15j], tol=1000)  # array([2.1, 5.2])"]),
    entry!(Function, NumpyTypes, "numpy", "iterable", "(y)", iterable,
        "Whether iter(y) succeeds.", ["np.iterable([1, 2])  # True", "np.iterable(2)  # False"]),
    entry!(Function, NumpyTypes, "numpy", "typename", "(char)", typename,
        "A description of a type code.", ["np.typename('d')  # 'double precision'"]),
    entry!(Function, NumpyTypes, "numpy", "mintypecode", "(typechars, typeset='GDFgdf', default='d')", mintypecode,
        "The smallest type code of typeset that the given types (codes or arrays) can be cast to.",
        ["np.mintypecode(['d', 'f', 'S'])  # 'd'", "np.mintypecode('dF')  # 'D'"]),
    entry!(Function, NumpyTypes, "numpy", "common_type", "(*arrays)", common_type,
        "The inexact scalar type common to the arrays (integers count as float64).",
        ["np.common_type(np.arange(2, dtype=np.float32))  # <class 'numpy.float32'>", "np.common_type(np.arange(2), np.array([1j]))  # <class 'numpy.complex128'>"]),
    entry!(Function, NumpyTypes, "numpy", "min_scalar_type", "(a, /)", min_scalar_type,
        "The smallest dtype holding a scalar's value (an array's own dtype otherwise).",
        ["np.min_scalar_type(10)  # dtype('uint8')", "np.min_scalar_type(-260)  # dtype('int16')", "np.min_scalar_type(1e50)  # dtype('float64')"]),
    entry!(Function, NumpyTypes, "numpy", "isdtype", "(dtype, kind)", isdtype,
        "Whether a dtype is of a kind ('bool', 'signed integer', 'unsigned integer', 'integral', 'real floating', 'complex floating', 'numeric') or one of given dtypes.",
        ["np.isdtype(np.float32, 'real floating')  # True", "np.isdtype(np.int8, ('bool', np.uint8))  # False"]),
    entry!(npu = crate::coverage::how::NAN_SCAN, runs = Dispatch, Function, NumpyReduce, "numpy", "nancumsum", "(a, axis=None, dtype=None, out=None)", nancumsum,
        "Cumulative sum with NaNs counted as zero.", ["np.nancumsum([1.0, np.nan, 2.0])  # array([1., 1., 3.])"]),
    entry!(npu = crate::coverage::how::NAN_SCAN, runs = Dispatch, Function, NumpyReduce, "numpy", "nancumprod", "(a, axis=None, dtype=None, out=None)", nancumprod,
        "Cumulative product with NaNs counted as one.", ["np.nancumprod([2.0, np.nan, 3.0])  # array([2., 2., 6.])"]),
    entry!(npu = crate::coverage::how::CUMULATIVE, runs = Dispatch, Function, NumpyReduce, "numpy", "cumulative_sum", "(x, /, *, axis=None, dtype=None, out=None, include_initial=False)", cumulative_sum,
        "The array API's cumulative sum: axis needed above 1-d, include_initial prepends 0.",
        ["np.cumulative_sum([1, 2, 3], include_initial=True)  # array([0, 1, 3, 6])"]),
    entry!(npu = crate::coverage::how::CUMULATIVE, runs = Dispatch, Function, NumpyReduce, "numpy", "cumulative_prod", "(x, /, *, axis=None, dtype=None, out=None, include_initial=False)", cumulative_prod,
        "The array API's cumulative product: axis needed above 1-d, include_initial prepends 1.",
        ["np.cumulative_prod([1, 2, 3], include_initial=True)  # array([1, 1, 2, 6])"]),
    entry!(npu = crate::coverage::how::COPYTO, runs = Dispatch, Function, NumpyManip, "numpy", "copyto", "(dst, src, casting='same_kind', where=True)", copyto,
        "Copies src into dst (broadcast, cast under casting, only where `where` is True).",
        ["d = np.zeros(3); np.copyto(d, [1, 2, 3], where=[True, False, True]); d  # array([1., 0., 3.])", "np.copyto(np.zeros(2, dtype=np.int64), np.ones(2))  # TypeError: Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'"]),
    entry!(npu = crate::coverage::how::ARRAY_EQUIV, runs = Dispatch, Function, NumpyManip, "numpy", "array_equiv", "(a1, a2)", array_equiv,
        "Whether the arrays are equal after broadcasting (False if they do not broadcast).",
        ["np.array_equiv([1, 2], [[1, 2], [1, 2]])  # True", "np.array_equiv([1, 2], [1, 2, 3])  # False"]),
    entry!(Function, NumpyCreate, "numpy", "asanyarray", "(a, dtype=None, order=None, *, device=None, copy=None, like=None)", asanyarray,
        "Same as np.asarray (xpush has no array subclasses).", ["np.asanyarray([1, 2])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::RELAYOUT, runs = Dispatch, Function, NumpyCreate, "numpy", "ascontiguousarray", "(a, dtype=None, *, like=None)", ascontiguousarray,
        "The array in C order, at least 1-d (no copy when it already is).",
        ["np.ascontiguousarray(5)  # array([5])"]),
    entry!(npu = crate::coverage::how::RELAYOUT, runs = Dispatch, Function, NumpyCreate, "numpy", "asfortranarray", "(a, dtype=None, *, like=None)", asfortranarray,
        "The array in Fortran (column-major) order, at least 1-d.",
        ["np.asfortranarray([[1, 2], [3, 4]]).strides  # (8, 16)"]),
    entry!(npu = crate::coverage::how::CHKFINITE, runs = Dispatch, Function, NumpyCreate, "numpy", "asarray_chkfinite", "(a, dtype=None, order=None)", asarray_chkfinite,
        "np.asarray that raises ValueError for infinities and NaNs.",
        ["np.asarray_chkfinite([1.0, 2.0])  # array([1., 2.])", "np.asarray_chkfinite([1.0, np.nan])  # ValueError: array must not contain infs or NaNs"]),
    entry!(npu = crate::coverage::how::VANDER, runs = Dispatch, Function, NumpyCreate, "numpy", "vander", "(x, N=None, increasing=False)", vander,
        "The Vandermonde matrix: columns are powers of x (decreasing unless increasing=True).",
        ["np.vander([1, 2, 3], 3)  # array([[1, 1, 1],\n       [4, 2, 1],\n       [9, 3, 1]])"]),
    entry!(npu = crate::coverage::how::BARTLETT, runs = Dispatch, Function, NumpyCreate, "numpy", "bartlett", "(M)", bartlett,
        "The Bartlett (triangular) window of M points.", ["np.bartlett(5)  # array([0. , 0.5, 1. , 0.5, 0. ])"]),
    entry!(npu = crate::coverage::how::COSINE_WINDOW, runs = Dispatch, Function, NumpyCreate, "numpy", "blackman", "(M)", blackman,
        "The Blackman window of M points.", ["np.blackman(1)  # array([1.])"]),
    entry!(npu = crate::coverage::how::COSINE_WINDOW, runs = Dispatch, Function, NumpyCreate, "numpy", "hamming", "(M)", hamming,
        "The Hamming window of M points.", ["np.hamming(3)  # array([0.08, 1.  , 0.08])"]),
    entry!(npu = crate::coverage::how::COSINE_WINDOW, runs = Dispatch, Function, NumpyCreate, "numpy", "hanning", "(M)", hanning,
        "The Hann window of M points.", ["np.hanning(3)  # array([0., 1., 0.])"]),
    entry!(npu = crate::coverage::how::KAISER, runs = Dispatch, Function, NumpyCreate, "numpy", "kaiser", "(M, beta)", kaiser,
        "The Kaiser window of M points and shape beta.", ["np.kaiser(1, 14)  # array([1.])"]),
    entry!(npu = crate::coverage::how::UNWRAP, runs = Dispatch, Function, NumpyManip, "numpy", "unwrap", "(p, discont=None, axis=-1, *, period=6.283185307179586)", unwrap,
        "Phases unwrapped: jumps larger than period/2 replaced by their period complement.",
        ["np.unwrap([0.0, 0.78, 5.49, 6.28])  # array([ 0.        ,  0.78      , -0.79318531, -0.00318531])"]),
    entry!(Function, NumpyTypes, "numpy", "binary_repr", "(num, width=None)", binary_repr,
        "The binary string of an integer (two's complement of width bits when negative and width is given).",
        ["np.binary_repr(5)  # '101'", "np.binary_repr(-3, width=4)  # '1101'"]),
    entry!(Function, NumpyTypes, "numpy", "base_repr", "(number, base=2, padding=0)", base_repr,
        "The string of an integer in a base up to 36, with padding zeros on the left.",
        ["np.base_repr(255, 16)  # 'FF'", "np.base_repr(7, 2, padding=3)  # '000111'"]),
    entry!(npu = crate::coverage::how::HOST_INDICES, Function, NumpyManip, "numpy", "packbits", "(a, /, axis=None, bitorder='big')", packbits,
        "The truth of the elements packed eight to a uint8 (the flattened array for axis=None), zero-padded.",
        ["np.packbits([1, 0, 1, 1, 0, 0, 0, 0, 1])  # array([176, 128], dtype=uint8)"]),
    entry!(npu = crate::coverage::how::HOST_INDICES, Function, NumpyManip, "numpy", "unpackbits", "(a, /, axis=None, count=None, bitorder='big')", unpackbits,
        "The bits of a uint8 array, eight elements per byte (the flattened array for axis=None).",
        ["np.unpackbits(np.array([176], dtype=np.uint8))  # array([1, 0, 1, 1, 0, 0, 0, 0], dtype=uint8)"]),
    entry!(Function, NumpyTypes, "numpy", "getbufsize", "()", getbufsize,
        "The size of the buffer NumPy's ufuncs use (kept for compatibility; xpush's kernels need none).",
        ["np.getbufsize()  # 8192"]),
    entry!(Function, NumpyTypes, "numpy", "setbufsize", "(size)", setbufsize,
        "Sets the ufunc buffer size (a multiple of 16 up to 10**7) and returns the old one.",
        ["np.setbufsize(10)  # ValueError: Buffer size, 10, is not a multiple of 16"]),
    entry!(npu = crate::coverage::how::CAST, runs = Dispatch, Function, NumpyTypes, "numpy", "astype", "(x, dtype, /, *, copy=True, device=None)", astype,
        "x.astype(dtype) for an array or NumPy scalar (the array API's function form).",
        ["np.astype(np.arange(3), np.float32)  # array([0., 1., 2.], dtype=float32)", "np.astype([1, 2], np.float32)  # TypeError: Input should be a NumPy array or scalar. It is a <class 'list'> instead."]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "row_stack", "(tup, *, dtype=None, casting='same_kind')", row_stack,
        "Deprecated alias of np.vstack (warns DeprecationWarning).", ["np.row_stack(([1], [2]))  # array([[1],\n       [2]])"]),
    entry!(Function, NumpyManip, "numpy", "unstack", "(x, /, *, axis=0)", unstack,
        "The views along an axis, as a tuple.",
        ["np.unstack(np.arange(4).reshape(2, 2))  # (array([0, 1]), array([2, 3]))"]),
    entry!(Function, NumpyManip, "numpy", "broadcast_shapes", "(*args)", broadcast_shapes,
        "The shape the given shapes broadcast to.",
        ["np.broadcast_shapes((2, 1), (3,))  # (2, 3)", "np.broadcast_shapes((2,), (3,))  # ValueError: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with shape (3,)."]),
];

fn isposinf(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    signed_inf(host, a, false)
}

fn isneginf(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    signed_inf(host, a, true)
}

/// `isinf(x) & signbit(x)` (negative) or `isinf(x) & ~signbit(x)`.
fn signed_inf(host: &mut dyn Host, a: &mut Args, negative: bool) -> Result<Value> {
    let x = a.get(0).clone();
    let d = as_array(&x)?.dtype();
    if d.is_complex() {
        return Err(Error::type_error(format!(
            "This operation is not supported for {} values because it would be ambiguous.",
            d.name()
        )));
    }
    let inf = np(host, "isinf", vec![x.clone()])?;
    let mut sign = np(host, "signbit", vec![x])?;
    if !negative {
        sign = np(host, "invert", vec![sign])?;
    }
    let mut args = vec![inf, sign];
    if !matches!(a.get(1), Value::None) {
        args.push(a.get(1).clone());
    }
    np(host, "logical_and", args)
}

/// `np.isreal`/`np.iscomplex` of a Python str or bytes: NumPy's
/// `imag('x') == 0` and its non-complex answer are both `np.False_`.
fn text_is_neither(v: &Value) -> Option<Value> {
    matches!(v, Value::Str(_) | Value::Bytes(_))
        .then_some(Value::Scalar(xpush_npu::Scalar::Bool(false)))
}

fn iscomplex(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(r) = text_is_neither(a.get(0)) {
        return Ok(r);
    }
    let x = wrap(as_array(a.get(0))?);
    if let Value::Array(arr) = &x {
        if !arr.dtype().is_complex() {
            let z = np_kw(
                host,
                "zeros",
                vec![shape_value(arr.shape())],
                &[("dtype", Value::DType(DType::Bool))],
            )?;
            return item(&z, Value::tuple(Vec::new()));
        }
    }
    let im = attr(&x, "imag")?;
    cmp(CmpOp::NotEq, &im, &Value::Int(0))
}

fn isreal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(r) = text_is_neither(a.get(0)) {
        return Ok(r);
    }
    let im = np(host, "imag", vec![a.get(0).clone()])?;
    cmp(CmpOp::Eq, &im, &Value::Int(0))
}

fn real_if_close(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arr = as_array(a.get(0))?;
    let d = arr.dtype();
    let x = wrap(arr);
    if !d.is_complex() {
        return Ok(x);
    }
    let mut tol = a.get(1).clone();
    if truth(&cmp(CmpOp::Gt, &tol, &Value::Int(1))?)? {
        tol = bin(BinOp::Mul, &Value::Float(d.finfo()?.eps.as_f64()), &tol)?;
    }
    let im = attr(&x, "imag")?;
    let small = cmp(CmpOp::Lt, &np(host, "absolute", vec![im])?, &tol)?;
    if truth(&np(host, "all", vec![small])?)? {
        return attr(&x, "real");
    }
    Ok(x)
}

fn iterable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(crate::ops::iterate(a.get(0)).is_ok()))
}

fn typename(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    const NAMES: &[(&str, &str)] = &[
        ("S1", "character"),
        ("?", "bool"),
        ("b", "signed char"),
        ("B", "unsigned char"),
        ("h", "short"),
        ("H", "unsigned short"),
        ("i", "integer"),
        ("I", "unsigned integer"),
        ("l", "long integer"),
        ("L", "unsigned long integer"),
        ("q", "long long integer"),
        ("Q", "unsigned long long integer"),
        ("f", "single precision"),
        ("d", "double precision"),
        ("g", "long precision"),
        ("F", "complex single precision"),
        ("D", "complex double precision"),
        ("G", "complex long double precision"),
        ("S", "string"),
        ("U", "unicode"),
        ("V", "void"),
        ("O", "object"),
    ];
    let key = a.get(0);
    if let Value::Str(s) = key {
        if let Some((_, n)) = NAMES.iter().find(|(c, _)| **c == **s) {
            return Ok(Value::str(*n));
        }
    }
    Err(Error::new(crate::ExcKind::KeyError, crate::ops::repr(key)))
}

/// NumPy's type codes from the widest to the narrowest (`_typecodes_by_elsize`).
const BY_ELSIZE: &str = "GDFgdfQqLlIiHhBb?";

fn mintypecode(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let typeset = crate::ops::to_str(a.get(1));
    let mut found: Vec<char> = Vec::new();
    for t in crate::py::iter::to_vec(a.get(0))? {
        let code = match &t {
            Value::Str(s) if !s.is_empty() => s.to_string(),
            other => as_array(other)?.dtype().char_code().to_string(),
        };
        // A string code counts when it is one character of the type set.
        if code.chars().count() == 1 {
            let c = code.chars().next().unwrap_or(' ');
            if typeset.contains(c) && !found.contains(&c) {
                found.push(c);
            }
        }
    }
    if found.is_empty() {
        return Ok(a.get(2).clone());
    }
    if found.contains(&'F') && found.contains(&'d') {
        return Ok(Value::str("D"));
    }
    let rank = |c: &char| BY_ELSIZE.find(*c).unwrap_or(usize::MAX);
    let best = found.iter().min_by_key(|c| rank(c)).copied().unwrap_or('d');
    Ok(Value::str(best.to_string()))
}

/// The scalar type of a dtype as a value (`np.float64`).
fn type_value(d: DType) -> Result<Value> {
    table::lookup("numpy", d.name())
        .map(Value::Builtin)
        .ok_or_else(|| Error::type_error(format!("no scalar type for {}", d.name())))
}

pub(crate) fn common_type(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.iter().any(|v| matches!(v, Value::HostArray(_))) {
        return Err(Error::type_error(
            "can't get common type for non-numeric array",
        ));
    }
    // NumPy's precision ladder: half 0, single 1, double 2 (integers count as double).
    let mut complex = false;
    let mut precision = 0;
    for v in &a.rest {
        let d = match v {
            Value::Array(x) => x.dtype(),
            Value::Scalar(s) => s.dtype(),
            other => {
                return Err(Error::attribute_error(format!(
                    "'{}' object has no attribute 'dtype'",
                    crate::ops::type_name(other)
                )))
            }
        };
        complex |= d.is_complex();
        let p = match d.real_dtype() {
            d if d.is_integer() && !d.is_bool() => 2,
            DType::Float16 => 0,
            DType::Float32 => 1,
            DType::Float64 => 2,
            _ => {
                return Err(Error::type_error(
                    "can't get common type for non-numeric array",
                ))
            }
        };
        precision = precision.max(p);
    }
    let d = match (complex, precision) {
        (false, 0) => DType::Float16,
        (false, 1) => DType::Float32,
        (false, _) => DType::Float64,
        (true, 1) => DType::Complex64,
        (true, _) => DType::Complex128,
    };
    type_value(d)
}

pub(crate) fn min_scalar_type(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    if let Some(h) = super::host::promote::min_scalar_type(v) {
        return Ok(Value::HostDType(h));
    }
    let s = match v {
        Value::Array(x) if x.ndim() > 0 => return Ok(Value::DType(x.dtype())),
        Value::Int(_) | Value::BigInt(_) => {
            let i = super::conv::pyint(v)?;
            return Ok(Value::DType(min_int_type(i)));
        }
        other => to_scalar(other)?,
    };
    let d = s.dtype();
    let out = if d.is_bool() {
        DType::Bool
    } else if d.is_integer() {
        match s.to_elem() {
            xpush_npu::Elem::Int(i) => min_int_type(i128::from(i)),
            xpush_npu::Elem::UInt(u) => min_int_type(i128::from(u)),
            _ => d,
        }
    } else if d.is_complex() {
        let (re, im) = s.to_elem().as_complex();
        if fits(re, 3.4e38) && fits(im, 3.4e38) && d != DType::Complex64 {
            DType::Complex64
        } else {
            d
        }
    } else {
        let x = s.as_f64();
        if fits(x, 65000.0) {
            DType::Float16
        } else if fits(x, 3.4e38) && d != DType::Float16 {
            DType::Float32
        } else {
            d
        }
    };
    Ok(Value::DType(out))
}

/// Whether `x` lies strictly inside `(-bound, bound)`, or is infinite or
/// NaN (which every float type holds).
fn fits(x: f64, bound: f64) -> bool {
    !x.is_finite() || (x > -bound && x < bound)
}

/// The smallest integer dtype holding `i` (unsigned when not negative).
fn min_int_type(i: i128) -> DType {
    if i >= 0 {
        match i {
            0..=0xff => DType::UInt8,
            0x100..=0xffff => DType::UInt16,
            0x1_0000..=0xffff_ffff => DType::UInt32,
            _ => DType::UInt64,
        }
    } else if i >= -128 {
        DType::Int8
    } else if i >= -32768 {
        DType::Int16
    } else if i >= i128::from(i32::MIN) {
        DType::Int32
    } else {
        DType::Int64
    }
}

/// A dtype argument of `isdtype`: a dtype or scalar type, else `None`.
fn isdtype_dtype(v: &Value) -> Option<DType> {
    match v {
        Value::DType(d) => Some(*d),
        Value::Builtin(id) if table::get(*id).kind == table::Kind::Type => {
            dtype_arg(v).ok().flatten()
        }
        _ => None,
    }
}

fn isdtype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = isdtype_dtype(a.get(0)).ok_or_else(|| {
        Error::type_error(format!(
            "dtype argument must be a NumPy dtype, but it is a {}.",
            type_repr(a.get(0))
        ))
    })?;
    let kinds = match a.get(1) {
        Value::Tuple(t) => t.to_vec(),
        other => vec![other.clone()],
    };
    let mut hit = false;
    for k in &kinds {
        hit |= match k {
            Value::Str(s) => match &**s {
                "bool" => d.is_bool(),
                "signed integer" => d.is_signed_integer(),
                "unsigned integer" => d.is_unsigned_integer(),
                "integral" => d.is_integer() && !d.is_bool(),
                "real floating" => d.is_float(),
                "complex floating" => d.is_complex(),
                "numeric" => !d.is_bool(),
                other => {
                    return Err(Error::value_error(format!(
                        "kind argument is a string, but '{other}' is not a known kind name."
                    )))
                }
            },
            other => {
                let kd = isdtype_dtype(other).ok_or_else(|| {
                    Error::type_error(format!(
                        "kind argument must be comprised of NumPy dtypes or strings only, but is a {}.",
                        type_repr(other)
                    ))
                })?;
                kd == d
            }
        };
    }
    Ok(Value::Bool(hit))
}

/// `repr(type(v))`: `<class 'int'>`.
fn type_repr(v: &Value) -> String {
    format!("<class '{}'>", crate::ops::type_name(v))
}

fn nancumsum(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_scan(host, a, "cumsum", 0)
}

fn nancumprod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_scan(host, a, "cumprod", 1)
}

/// NumPy's `_replace_nan` then the scan: NaNs of an inexact array become `fill`.
fn nan_scan(host: &mut dyn Host, a: &mut Args, scan: &str, fill: i64) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let mut v = wrap(x.clone());
    if x.dtype().is_inexact() {
        let nan = np(host, "isnan", vec![v.clone()])?;
        v = np(host, "where", vec![nan, Value::Int(fill), v])?;
        // where() gives a Python int fill its own weak type; keep the dtype.
        v = method(host, &v, "astype", vec![Value::DType(x.dtype())])?;
    }
    np_kw(
        host,
        scan,
        vec![v],
        &[
            ("axis", a.get(1).clone()),
            ("dtype", a.get(2).clone()),
            ("out", a.get(3).clone()),
        ],
    )
}

fn cumulative_sum(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cumulative(host, a, "cumsum", 0)
}

fn cumulative_prod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    cumulative(host, a, "cumprod", 1)
}

/// NumPy's `_cumulative_func`: the scan along `axis` (needed above 1-d),
/// with the identity prepended for `include_initial`.
fn cumulative(host: &mut dyn Host, a: &mut Args, scan: &str, identity: i64) -> Result<Value> {
    let x = np(host, "atleast_1d", vec![a.get(0).clone()])?;
    let nd = as_array(&x)?.ndim() as i64;
    let axis = match opt_int(a.get(1))? {
        Some(ax) => ax,
        None if nd >= 2 => {
            return Err(Error::value_error(
                "For arrays which have more than one dimension ``axis`` argument is required.",
            ))
        }
        None => 0,
    };
    let (dtype, out) = (a.get(2).clone(), a.get(3).clone());
    let include = truth(a.get(4))?;
    let along = |s: Value| {
        let mut idx = vec![slice(None, None, None); nd as usize];
        let ax = if axis < 0 { axis + nd } else { axis };
        if let Some(at) = idx.get_mut(ax as usize) {
            *at = s;
        }
        Value::tuple(idx)
    };
    if include && !matches!(out, Value::None) {
        // Scanned into out[..., 1:, ...], the identity into out[..., 0, ...].
        let rest = item(&out, along(slice(Some(1), None, None)))?;
        np_kw(
            host,
            scan,
            vec![x],
            &[("axis", Value::Int(axis)), ("dtype", dtype), ("out", rest)],
        )?;
        crate::ops::setitem(&out, &along(Value::Int(0)), Value::Int(identity))?;
        return Ok(out);
    }
    let res = np_kw(
        host,
        scan,
        vec![x],
        &[("axis", Value::Int(axis)), ("dtype", dtype), ("out", out)],
    )?;
    if !include {
        return Ok(res);
    }
    let r = as_array(&res)?;
    let ax = if axis < 0 { axis + nd } else { axis };
    let mut shape: Vec<usize> = r.shape().to_vec();
    if let Some(n) = shape.get_mut(ax as usize) {
        *n = 1;
    }
    let first = np_kw(
        host,
        "full",
        vec![shape_value(&shape), Value::Int(identity)],
        &[("dtype", Value::DType(r.dtype()))],
    )?;
    np_kw(
        host,
        "concatenate",
        vec![Value::tuple(vec![first, res])],
        &[("axis", Value::Int(axis))],
    )
}

fn copyto(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dst = a.get(0).clone();
    let Value::Array(d) = &dst else {
        return Err(Error::type_error(format!(
            "copyto() argument 1 must be a numpy.ndarray, not {}",
            crate::ops::type_name(&dst)
        )));
    };
    let dt = d.dtype();
    let src = match a.get(1) {
        // A Python number takes dst's dtype (with NumPy's range checks).
        v @ (Value::Bool(_)
        | Value::Int(_)
        | Value::BigInt(_)
        | Value::Float(_)
        | Value::Complex(_)) => np_kw(
            host,
            "array",
            vec![v.clone()],
            &[("dtype", Value::DType(dt))],
        )?,
        v => {
            let what = if matches!(v, Value::Scalar(_)) {
                "scalar"
            } else {
                "array data"
            };
            let s = wrap(as_array(v)?);
            let sd = as_array(&s)?.dtype();
            let casting = a.get(2).clone();
            let ok = np(
                host,
                "can_cast",
                vec![Value::DType(sd), Value::DType(dt), casting.clone()],
            )?;
            if !truth(&ok)? {
                return Err(Error::type_error(format!(
                    "Cannot cast {what} from {} to {} according to the rule {}",
                    sd.repr(),
                    dt.repr(),
                    crate::ops::repr(&casting)
                )));
            }
            s
        }
    };
    let value = match a.get(3) {
        Value::Bool(true) => src,
        w => {
            let picked = np(host, "where", vec![w.clone(), src, dst.clone()])?;
            method(host, &picked, "astype", vec![Value::DType(dt)])?
        }
    };
    crate::ops::setitem(&dst, &Value::Ellipsis, value)?;
    Ok(Value::None)
}

fn array_equiv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (Ok(x), Ok(y)) = (as_array(a.get(0)), as_array(a.get(1))) else {
        return Ok(Value::Bool(false));
    };
    if xpush_npu::layout::broadcast_shapes(&[x.shape(), y.shape()]).is_err() {
        return Ok(Value::Bool(false));
    }
    let eq = cmp(CmpOp::Eq, &wrap(x), &wrap(y))?;
    let all = np(host, "all", vec![eq])?;
    Ok(Value::Bool(truth(&all)?))
}

pub(crate) fn asanyarray(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np_kw(
        host,
        "asarray",
        vec![a.get(0).clone()],
        &[("dtype", a.get(1).clone())],
    )
}

fn ascontiguousarray(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    laid_out(host, a, "C")
}

/// `np.asarray(a, dtype, order=order)` of at least one dimension: `a`
/// itself when it is already so, else a new array (owning its data).
fn laid_out(host: &mut dyn Host, a: &Args, order: &str) -> Result<Value> {
    let x = np_kw(
        host,
        "asarray",
        vec![a.get(0).clone()],
        &[("dtype", a.get(1).clone())],
    )?;
    let x = at_least_1d(host, x)?;
    np_kw(host, "asarray", vec![x], &[("order", Value::str(order))])
}

/// `x` itself when it is an array of at least one dimension, else `atleast_1d(x)`.
fn at_least_1d(host: &mut dyn Host, x: Value) -> Result<Value> {
    match &x {
        Value::Array(arr) if arr.ndim() > 0 => Ok(x),
        _ => np(host, "atleast_1d", vec![x]),
    }
}

fn asfortranarray(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    laid_out(host, a, "F")
}

fn asarray_chkfinite(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = np_kw(
        host,
        "asarray",
        vec![a.get(0).clone()],
        &[("dtype", a.get(1).clone())],
    )?;
    if let Value::Array(arr) = &x {
        if arr.dtype().is_inexact() {
            let fin = np(host, "isfinite", vec![x.clone()])?;
            if !truth(&np(host, "all", vec![fin])?)? {
                return Err(Error::value_error("array must not contain infs or NaNs"));
            }
        }
    }
    Ok(x)
}

fn vander(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() != 1 {
        return Err(Error::value_error(
            "x must be a one-dimensional array or sequence.",
        ));
    }
    let len = x.shape()[0];
    let n = match opt_int(a.get(1))? {
        Some(n) => usize::try_from(n)
            .map_err(|_| Error::value_error("negative dimensions are not allowed"))?,
        None => len,
    };
    let increasing = truth(a.get(2))?;
    let dt = xpush_npu::promote::promote_types(x.dtype(), DType::Int64);
    let dtv = Value::DType(dt);
    let ones = np_kw(
        host,
        "ones",
        vec![shape_value(&[len, n.min(1)])],
        &[("dtype", dtv.clone())],
    )?;
    let v = if n > 1 {
        // Columns x, x, ..., multiplied along the row: x, x**2, ... as NumPy's
        // multiply.accumulate computes them.
        let col = method(host, &wrap(x), "astype", vec![dtv])?;
        let col = item(
            &col,
            Value::tuple(vec![slice(None, None, None), Value::None]),
        )?;
        let reps = np(host, "broadcast_to", vec![col, shape_value(&[len, n - 1])])?;
        let powers = np_kw(host, "cumprod", vec![reps], &[("axis", Value::Int(1))])?;
        np_kw(
            host,
            "concatenate",
            vec![Value::tuple(vec![ones, powers])],
            &[("axis", Value::Int(1))],
        )?
    } else {
        ones
    };
    if increasing {
        return Ok(v);
    }
    let flipped = item(
        &v,
        Value::tuple(vec![slice(None, None, None), slice(None, None, Some(-1))]),
    )?;
    np(host, "ascontiguousarray", vec![flipped])
}

/// A window's length as NumPy reads it (`np.array([0.0, M])[1]`), and the
/// empty or one-point window it gives below 2 points.
fn window_len(host: &mut dyn Host, m: &Value) -> Result<(f64, Option<Value>)> {
    let m = to_scalar(m)?.as_f64();
    let f64v = Value::DType(DType::Float64);
    if m < 1.0 {
        let empty = np_kw(
            host,
            "array",
            vec![Value::list(Vec::new())],
            &[("dtype", f64v)],
        )?;
        return Ok((m, Some(empty)));
    }
    if m == 1.0 {
        return Ok((
            m,
            Some(np_kw(
                host,
                "ones",
                vec![Value::Int(1)],
                &[("dtype", f64v)],
            )?),
        ));
    }
    Ok((m, None))
}

/// `cos(k * pi * n / (M - 1))` over `n = arange(1 - M, M, 2)`.
fn cos_term(host: &mut dyn Host, n: &Value, m: f64, k: f64) -> Result<Value> {
    let arg = bin(BinOp::Mul, &Value::Float(k * std::f64::consts::PI), n)?;
    let arg = bin(BinOp::Div, &arg, &Value::Float(m - 1.0))?;
    np(host, "cos", vec![arg])
}

fn symmetric_n(host: &mut dyn Host, m: f64) -> Result<Value> {
    np(
        host,
        "arange",
        vec![Value::Float(1.0 - m), Value::Float(m), Value::Int(2)],
    )
}

fn bartlett(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (m, small) = window_len(host, a.get(0))?;
    if let Some(w) = small {
        return Ok(w);
    }
    let n = symmetric_n(host, m)?;
    let r = bin(BinOp::Div, &n, &Value::Float(m - 1.0))?;
    let le = cmp(CmpOp::LtE, &n, &Value::Int(0))?;
    let up = bin(BinOp::Add, &Value::Int(1), &r)?;
    let down = bin(BinOp::Sub, &Value::Int(1), &r)?;
    np(host, "where", vec![le, up, down])
}

fn blackman(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (m, small) = window_len(host, a.get(0))?;
    if let Some(w) = small {
        return Ok(w);
    }
    let n = symmetric_n(host, m)?;
    let c1 = bin(BinOp::Mul, &Value::Float(0.5), &cos_term(host, &n, m, 1.0)?)?;
    let c2 = bin(
        BinOp::Mul,
        &Value::Float(0.08),
        &cos_term(host, &n, m, 2.0)?,
    )?;
    bin(BinOp::Add, &bin(BinOp::Add, &Value::Float(0.42), &c1)?, &c2)
}

fn hamming(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    raised_cosine(host, a, 0.54, 0.46)
}

fn hanning(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    raised_cosine(host, a, 0.5, 0.5)
}

/// `a0 + a1 * cos(pi * n / (M - 1))`.
fn raised_cosine(host: &mut dyn Host, a: &mut Args, a0: f64, a1: f64) -> Result<Value> {
    let (m, small) = window_len(host, a.get(0))?;
    if let Some(w) = small {
        return Ok(w);
    }
    let n = symmetric_n(host, m)?;
    let c = bin(BinOp::Mul, &Value::Float(a1), &cos_term(host, &n, m, 1.0)?)?;
    bin(BinOp::Add, &Value::Float(a0), &c)
}

fn kaiser(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = to_scalar(a.get(0))?.as_f64();
    let beta = Value::Float(to_scalar(a.get(1))?.as_f64());
    if m == 1.0 {
        let f64v = Value::DType(DType::Float64);
        return np_kw(host, "ones", vec![Value::Int(1)], &[("dtype", f64v)]);
    }
    let n = np(host, "arange", vec![Value::Float(0.0), Value::Float(m)])?;
    let alpha = Value::Float((m - 1.0) / 2.0);
    let r = bin(BinOp::Div, &bin(BinOp::Sub, &n, &alpha)?, &alpha)?;
    let r2 = bin(BinOp::Pow, &r, &Value::Float(2.0))?;
    let root = np(host, "sqrt", vec![bin(BinOp::Sub, &Value::Int(1), &r2)?])?;
    let num = np(host, "i0", vec![bin(BinOp::Mul, &beta, &root)?])?;
    let den = np(host, "i0", vec![beta])?;
    bin(BinOp::Div, &num, &den)
}

fn unwrap(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = wrap(as_array(a.get(0))?);
    let Value::Array(parr) = &p else {
        return Ok(p);
    };
    let nd = parr.ndim();
    let axis = a.get(2).clone();
    let period = a.get(3).clone();
    let dd = np_kw(host, "diff", vec![p.clone()], &[("axis", axis.clone())])?;
    let discont = match a.get(1) {
        Value::None => bin(BinOp::Div, &period, &Value::Int(2))?,
        d => d.clone(),
    };
    let ax = opt_int(&axis)?.unwrap_or(-1);
    let ax = if ax < 0 { ax + nd as i64 } else { ax } as usize;
    let mut idx = vec![slice(None, None, None); nd];
    if let Some(s) = idx.get_mut(ax) {
        *s = slice(Some(1), None, None);
    }
    let slice1 = Value::tuple(idx);
    let dtype = np(host, "result_type", vec![dd.clone(), period.clone()])?;
    let integral = matches!(&dtype, Value::DType(d) if d.is_integer());
    let (high, ambiguous) = if integral {
        let q = bin(BinOp::FloorDiv, &period, &Value::Int(2))?;
        let r = bin(BinOp::Mod, &period, &Value::Int(2))?;
        let amb = truth(&cmp(CmpOp::Eq, &r, &Value::Int(0))?)?;
        (q, amb)
    } else {
        (bin(BinOp::Div, &period, &Value::Int(2))?, true)
    };
    let low = crate::ops::unary(xpush_lang::ast::UnaryOp::Neg, &high)?;
    let shifted = bin(BinOp::Sub, &dd, &low)?;
    let mut ddmod = bin(BinOp::Add, &np(host, "mod", vec![shifted, period])?, &low)?;
    if ambiguous {
        let at_low = cmp(CmpOp::Eq, &ddmod, &low)?;
        let pos = cmp(CmpOp::Gt, &dd, &Value::Int(0))?;
        let mask = bin(BinOp::BitAnd, &at_low, &pos)?;
        ddmod = np(host, "where", vec![mask, high, ddmod.clone()])?;
        ddmod = method(host, &ddmod, "astype", vec![dtype.clone()])?;
    }
    let correct = bin(BinOp::Sub, &ddmod, &dd)?;
    let small = cmp(CmpOp::Lt, &np(host, "absolute", vec![dd])?, &discont)?;
    let correct = np(host, "where", vec![small, Value::Int(0), correct])?;
    let correct = method(host, &correct, "astype", vec![dtype.clone()])?;
    let up = np_kw(
        host,
        "array",
        vec![p.clone()],
        &[("dtype", dtype), ("copy", Value::Bool(true))],
    )?;
    let sums = np_kw(
        host,
        "cumsum",
        vec![correct],
        &[("axis", Value::Int(ax as i64))],
    )?;
    let tail = bin(BinOp::Add, &item(&p, slice1.clone())?, &sums)?;
    crate::ops::setitem(&up, &slice1, tail)?;
    Ok(up)
}

/// `operator.index(v)` (ints, bools, NumPy integers) as an `i128`.
fn index_int(v: &Value) -> Result<i128> {
    use num_traits::ToPrimitive;
    crate::py::num::index_big(v)?
        .to_i128()
        .ok_or_else(|| Error::overflow("Python int too large to convert to C long"))
}

fn binary_repr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = index_int(a.get(0))?;
    let width = opt_int(a.get(1))?;
    let check = |binwidth: usize| match width {
        Some(w) if w < binwidth as i64 => Err(Error::value_error(format!(
            "Insufficient bit width={w} provided for binwidth={binwidth}"
        ))),
        _ => Ok(()),
    };
    let w = width.unwrap_or(0).max(0) as usize;
    if num == 0 {
        return Ok(Value::str("0".repeat(w.max(1))));
    }
    if num > 0 {
        let b = format!("{num:b}");
        check(b.len())?;
        return Ok(Value::str(format!("{b:0>w$}")));
    }
    if width.is_none() {
        return Ok(Value::str(format!("-{:b}", -num)));
    }
    let mut poswidth = format!("{:b}", -num).len() as u32;
    if 1i128.checked_shl(poswidth - 1) == Some(-num) {
        poswidth -= 1;
    }
    let twocomp = (1i128 << (poswidth + 1)) + num;
    let b = format!("{twocomp:b}");
    check(b.len())?;
    Ok(Value::str(format!(
        "{}{b}",
        "1".repeat(w.saturating_sub(b.len()))
    )))
}

fn base_repr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let base = opt_int(a.get(1))?.unwrap_or(2);
    if base > 36 {
        return Err(Error::value_error(
            "Bases greater than 36 not handled in base_repr.",
        ));
    }
    if base < 2 {
        return Err(Error::value_error(
            "Bases less than 2 not handled in base_repr.",
        ));
    }
    let number = match a.get(0) {
        Value::Float(f) => *f as i128,
        Value::Scalar(s) if !s.dtype().is_integer() => s.as_f64() as i128,
        other => index_int(other)?,
    };
    let mut num = number.unsigned_abs();
    let mut res: Vec<u8> = Vec::new();
    while num > 0 {
        res.push(DIGITS[(num % base as u128) as usize]);
        num /= base as u128;
    }
    let padding = opt_int(a.get(2))?.unwrap_or(0).max(0) as usize;
    res.extend(std::iter::repeat_n(b'0', padding));
    if number < 0 {
        res.push(b'-');
    }
    if res.is_empty() {
        res.push(b'0');
    }
    res.reverse();
    Ok(Value::str(String::from_utf8_lossy(&res).into_owned()))
}

fn unstack(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() == 0 {
        return Err(Error::value_error("Input array must be at least 1-d."));
    }
    let moved = np(
        host,
        "moveaxis",
        vec![wrap(x), a.get(1).clone(), Value::Int(0)],
    )?;
    Ok(Value::tuple(crate::py::iter::to_vec(&moved)?))
}

fn broadcast_shapes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let shapes: Vec<Vec<usize>> = a
        .rest
        .iter()
        .map(super::conv::shape_arg)
        .collect::<Result<_>>()?;
    let mut out: Vec<usize> = Vec::new();
    for (i, s) in shapes.iter().enumerate() {
        out = xpush_npu::layout::broadcast_shapes(&[&out, s]).map_err(|_| {
            // NumPy names the first argument that does not fit the ones before.
            let first = shapes[..i]
                .iter()
                .position(|p| xpush_npu::layout::broadcast_shapes(&[p, s]).is_err())
                .unwrap_or(0);
            Error::value_error(format!(
                "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {first} with shape {} and arg {i} with shape {}.",
                shape_repr(&shapes[first]),
                shape_repr(s)
            ))
        })?;
    }
    Ok(shape_value(&out))
}

/// A shape as Python prints a tuple: `(2,)`, `(2, 3)`.
fn shape_repr(s: &[usize]) -> String {
    crate::ops::repr(&shape_value(s))
}

/// The bit order argument of `packbits`/`unpackbits`: whether it is `'little'`.
fn little_endian_bits(v: &Value) -> Result<bool> {
    match v {
        Value::None => Ok(false),
        Value::Str(s) if s.starts_with('b') || s.starts_with('B') => Ok(false),
        Value::Str(s) if s.starts_with('l') || s.starts_with('L') => Ok(true),
        _ => Err(Error::value_error(
            "'order' must be either 'little' or 'big'",
        )),
    }
}

/// `a` with `axis` (None: the flattened array) moved last, in C order, and
/// the axis it now stands for.
fn along_last(
    host: &mut dyn Host,
    a: Value,
    axis: &Value,
) -> Result<(xpush_npu::Array, Option<i64>)> {
    match axis {
        Value::None => {
            let flat = method(host, &a, "ravel", Vec::new())?;
            Ok((as_array(&flat)?.to_contiguous(), None))
        }
        ax => {
            let nd = as_array(&a)?.ndim();
            let ax = crate::py::num::index_i64(ax)?;
            let n = xpush_npu::layout::normalize_axis(ax as isize, nd)? as i64;
            let moved = np(host, "moveaxis", vec![a, Value::Int(n), Value::Int(-1)])?;
            Ok((as_array(&moved)?.to_contiguous(), Some(n)))
        }
    }
}

/// Moves the last axis of `r` back to `axis`.
fn back_from_last(host: &mut dyn Host, r: xpush_npu::Array, axis: Option<i64>) -> Result<Value> {
    match axis {
        None => Ok(wrap(r)),
        Some(n) => np(
            host,
            "moveaxis",
            vec![wrap(r), Value::Int(-1), Value::Int(n)],
        ),
    }
}

fn packbits(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if !(x.dtype().is_integer() || x.dtype().is_bool()) {
        return Err(Error::type_error(
            "Expected an input array of integer or boolean data type",
        ));
    }
    let little = little_endian_bits(a.get(2))?;
    let (x, axis) = along_last(host, wrap(x), a.get(1))?;
    let shape = x.shape().to_vec();
    let n = shape.last().copied().unwrap_or(1);
    let bits = xpush_npu::ops::manip::bools(&x)?;
    let lanes = bits.len().checked_div(n).unwrap_or(0);
    let packed_n = n.div_ceil(8);
    let mut out = Vec::with_capacity(lanes * packed_n);
    for lane in bits.chunks(n.max(1)).take(lanes) {
        for byte in lane.chunks(8) {
            let mut b = 0u8;
            for (i, &bit) in byte.iter().enumerate() {
                if bit {
                    b |= if little { 1 << i } else { 0x80 >> i };
                }
            }
            out.push(b);
        }
    }
    let mut new_shape = shape;
    match new_shape.last_mut() {
        Some(last) => *last = packed_n,
        None => new_shape.push(packed_n),
    }
    let r = xpush_npu::Array::from_vec(out, &new_shape)?;
    back_from_last(host, r, axis)
}

fn unpackbits(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.dtype() != DType::UInt8 {
        return Err(Error::type_error(
            "Expected an input array of unsigned byte data type",
        ));
    }
    let little = little_endian_bits(a.get(3))?;
    let (x, axis) = along_last(host, wrap(x), a.get(1))?;
    let shape = x.shape().to_vec();
    let n = shape.last().copied().unwrap_or(1);
    let bytes = x.to_vec::<u8>()?;
    let full = n * 8;
    let keep = match opt_int(a.get(2))? {
        None => full,
        Some(c) if c >= 0 => c as usize,
        Some(c) => full.saturating_sub(c.unsigned_abs() as usize),
    };
    let lanes = bytes.len().checked_div(n).unwrap_or(0);
    let mut out = Vec::with_capacity(lanes * keep);
    for lane in 0..lanes {
        for i in 0..keep {
            let bit = if i < full {
                let b = bytes[lane * n + i / 8];
                let k = i % 8;
                if little {
                    (b >> k) & 1
                } else {
                    (b >> (7 - k)) & 1
                }
            } else {
                0
            };
            out.push(bit);
        }
    }
    let mut new_shape = shape;
    match new_shape.last_mut() {
        Some(last) => *last = keep,
        None => new_shape.push(keep),
    }
    let r = xpush_npu::Array::from_vec(out, &new_shape)?;
    back_from_last(host, r, axis)
}

thread_local! {
    /// `np.setbufsize`'s value (NumPy's default 8192).
    static BUFSIZE: std::cell::Cell<i64> = const { std::cell::Cell::new(8192) };
}

fn getbufsize(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Int(BUFSIZE.with(|b| b.get())))
}

fn setbufsize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = crate::py::num::index_i64(a.get(0))?;
    let bad = |why: &str| Err(Error::value_error(format!("Buffer size, {size}, is {why}")));
    if size < 0 {
        return Err(Error::value_error("buffer size must be non-negative"));
    }
    if size < 5 {
        return bad("too small");
    }
    if size > 10_000_000 {
        return bad("too big");
    }
    if size % 16 != 0 {
        return bad("not a multiple of 16");
    }
    Ok(Value::Int(BUFSIZE.with(|b| b.replace(size))))
}

fn astype(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0);
    if !matches!(x, Value::Array(_) | Value::Scalar(_)) {
        return Err(Error::type_error(format!(
            "Input should be a NumPy array or scalar. It is a {} instead.",
            type_repr(x)
        )));
    }
    let m = crate::ops::getattr(x, "astype")?;
    crate::ops::call(
        host,
        &m,
        vec![a.get(1).clone()],
        vec![(std::rc::Rc::from("copy"), a.get(2).clone())],
    )
}

fn row_stack(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    crate::warnings::warn(
        host,
        crate::ExcKind::DeprecationWarning,
        "`row_stack` alias is deprecated. Use `np.vstack` directly.",
    )?;
    let r = np(host, "vstack", vec![a.get(0).clone()])?;
    match a.get(1) {
        Value::None => Ok(r),
        dtype => method(host, &r, "astype", vec![dtype.clone()]),
    }
}
