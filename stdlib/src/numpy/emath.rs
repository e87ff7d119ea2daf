//! `numpy.emath` (numpy/lib/_scimath_impl.py): `sqrt`, `log`, `log2`,
//! `log10`, `logn`, `power`, `arccos`, `arcsin`, `arctanh` that return
//! complex results where the real functions have none (`emath.sqrt(-1)` is
//! `1j`): a real input outside the real domain is made complex first.

use xpush_lang::ast::{BinOp, CmpOp};
use xpush_npu::DType;

use super::compose::{bin, cmp, method, np, truth};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::Result;

macro_rules! emath1 {
    ($name:literal, $fix:ident, $doc:literal, $ex:literal) => {
        entry!(
            npu = crate::coverage::how::EMATH,
            runs = Dispatch,
            Function,
            NumpyUfunc,
            "numpy.emath",
            $name,
            "(x)",
            |host: &mut dyn Host, a: &mut Args| {
                let x = $fix(host, a.get(0))?;
                np(host, $name, vec![x])
            },
            $doc,
            [$ex]
        )
    };
}

/// The entries (`numpy.emath`).
pub const FUNCS: &[FuncDef] = &[
    emath1!(
        "sqrt",
        real_lt_zero,
        "Square root; negative reals give imaginary results.",
        "np.emath.sqrt(-4)  # np.complex128(2j)"
    ),
    emath1!(
        "log",
        real_lt_zero,
        "Natural logarithm; negative reals give complex results.",
        "np.emath.log(-1)  # np.complex128(3.141592653589793j)"
    ),
    emath1!(
        "log2",
        real_lt_zero,
        "Base-2 logarithm; negative reals give complex results.",
        "np.emath.log2(8)  # np.float64(3.0)"
    ),
    emath1!(
        "log10",
        real_lt_zero,
        "Base-10 logarithm; negative reals give complex results.",
        "np.emath.log10(100)  # np.float64(2.0)"
    ),
    emath1!(
        "arccos",
        real_abs_gt_1,
        "Inverse cosine; reals beyond [-1, 1] give complex results.",
        "np.emath.arccos(1)  # np.float64(0.0)"
    ),
    emath1!(
        "arcsin",
        real_abs_gt_1,
        "Inverse sine; reals beyond [-1, 1] give complex results.",
        "np.emath.arcsin(0)  # np.float64(0.0)"
    ),
    emath1!(
        "arctanh",
        real_abs_gt_1,
        "Inverse hyperbolic tangent; reals beyond [-1, 1] give complex results.",
        "np.emath.arctanh(0)  # np.float64(0.0)"
    ),
    entry!(
        npu = crate::coverage::how::EMATH,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy.emath",
        "logn",
        "(n, x)",
        logn,
        "Logarithm of x in base n; negative reals give complex results.",
        ["np.emath.logn(2, 8)  # np.float64(3.0)"]
    ),
    entry!(
        npu = crate::coverage::how::EMATH,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy.emath",
        "power",
        "(x, p)",
        power,
        "x ** p; negative reals give complex results, negative integer powers float ones.",
        ["np.emath.power(-4, 0.5)  # np.complex128(1.2246467991473532e-16+2j)"]
    ),
];

/// NumPy's `_tocomplex`: complex64 for the small types, complex128 otherwise.
fn to_complex(host: &mut dyn Host, x: Value) -> Result<Value> {
    let d = as_array(&x)?.dtype();
    let c = match d {
        DType::Float32
        | DType::Int8
        | DType::Int16
        | DType::UInt8
        | DType::UInt16
        | DType::Complex64 => DType::Complex64,
        _ => DType::Complex128,
    };
    method(host, &x, "astype", vec![Value::DType(c)])
}

/// `asarray(x)`, made complex when it is real and `bad` holds somewhere.
fn complex_where(
    host: &mut dyn Host,
    v: &Value,
    bad: impl Fn(&mut dyn Host, &Value) -> Result<Value>,
) -> Result<Value> {
    let x = np(host, "asarray", vec![v.clone()])?;
    let real = np(host, "isreal", vec![x.clone()])?;
    let out = bad(host, &x)?;
    let both = bin(BinOp::BitAnd, &real, &out)?;
    if truth(&np(host, "any", vec![both])?)? {
        return to_complex(host, x);
    }
    Ok(x)
}

/// NumPy's `_fix_real_lt_zero`.
fn real_lt_zero(host: &mut dyn Host, v: &Value) -> Result<Value> {
    complex_where(host, v, |_, x| cmp(CmpOp::Lt, x, &Value::Int(0)))
}

/// NumPy's `_fix_real_abs_gt_1`.
fn real_abs_gt_1(host: &mut dyn Host, v: &Value) -> Result<Value> {
    complex_where(host, v, |host, x| {
        let a = np(host, "absolute", vec![x.clone()])?;
        cmp(CmpOp::Gt, &a, &Value::Int(1))
    })
}

fn logn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = real_lt_zero(host, a.get(1))?;
    let n = real_lt_zero(host, a.get(0))?;
    let lx = np(host, "log", vec![x])?;
    let ln = np(host, "log", vec![n])?;
    bin(BinOp::Div, &lx, &ln)
}

fn power(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = real_lt_zero(host, a.get(0))?;
    // NumPy's `_fix_int_lt_zero`: negative integer powers become floats.
    let mut p = np(host, "asarray", vec![a.get(1).clone()])?;
    let pa = as_array(&p)?;
    if pa.dtype().is_integer()
        && truth(&np(host, "any", vec![cmp(CmpOp::Lt, &p, &Value::Int(0))?])?)?
    {
        p = bin(BinOp::Mul, &p, &Value::Float(1.0))?;
    }
    np(host, "power", vec![x, p])
}
