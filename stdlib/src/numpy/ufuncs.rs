//! Elementwise ufuncs as table entries: `np.sqrt(x, out=None, where=True)`,
//! `np.add(x1, x2, ...)` and their aliases, plus `round`/`around`, `clip`
//! and `divmod`, all run through npu dispatch.

use xpush_npu::ops::{self as nops, BinaryOp, Operand, UnaryOp};
use xpush_npu::{Array, DType};

use super::conv::{arg, as_array, opt_int, wrap_result, Arg};
use super::fperr;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

macro_rules! uf1 {
    ($name:literal, $op:ident, $doc:literal, $ex:literal) => {
        entry!(
            npu = $crate::coverage::Npu::Op(xpush_npu::ops::Op::Unary(UnaryOp::$op)),
            runs = Dispatch,
            Function,
            NumpyUfunc,
            "numpy",
            $name,
            "(x, /, out=None, *, where=True, dtype=None)",
            |_: &mut dyn Host, a: &mut Args| unary_ufunc(UnaryOp::$op, a),
            $doc,
            [$ex]
        )
    };
}

macro_rules! uf2 {
    ($name:literal, $op:ident, $doc:literal, $ex:literal) => {
        entry!(
            npu = $crate::coverage::Npu::Op(xpush_npu::ops::Op::Binary(BinaryOp::$op)),
            runs = Dispatch,
            Function,
            NumpyUfunc,
            "numpy",
            $name,
            "(x1, x2, /, out=None, *, where=True, dtype=None)",
            |_: &mut dyn Host, a: &mut Args| binary_ufunc(BinaryOp::$op, a),
            $doc,
            [$ex]
        )
    };
}

/// The ufuncs.
pub const FUNCS: &[FuncDef] = &[
    uf1!(
        "negative",
        Negative,
        "Numerical negative, elementwise.",
        "np.negative([1, -2])  # array([-1,  2])"
    ),
    uf1!(
        "positive",
        Positive,
        "Numerical positive (a copy), elementwise.",
        "np.positive([1.5])  # array([1.5])"
    ),
    uf1!(
        "absolute",
        Absolute,
        "Absolute value, elementwise (complex gives the magnitude).",
        "np.absolute([-1.5, 2])  # array([1.5, 2. ])"
    ),
    uf1!(
        "fabs",
        Fabs,
        "Absolute value of floats, elementwise.",
        "np.fabs([-1, 2])  # array([1., 2.])"
    ),
    uf1!(
        "sign",
        Sign,
        "Sign (-1, 0 or 1), elementwise.",
        "np.sign([-3, 0, 2])  # array([-1,  0,  1])"
    ),
    uf1!(
        "sqrt",
        Sqrt,
        "Square root, elementwise (last-bit results as the platform libm).",
        "np.sqrt([1, 4, 9])  # array([1., 2., 3.])"
    ),
    uf1!(
        "cbrt",
        Cbrt,
        "Cube root, elementwise.",
        "np.cbrt([8.0, -27.0])  # array([ 2., -3.])"
    ),
    uf1!(
        "square",
        Square,
        "Square, elementwise.",
        "np.square([2, -3])  # array([4, 9])"
    ),
    uf1!(
        "reciprocal",
        Reciprocal,
        "1 / x, elementwise (integer division truncates).",
        "np.reciprocal([2.0, 4.0])  # array([0.5 , 0.25])"
    ),
    uf1!(
        "exp",
        Exp,
        "Exponential, elementwise (last-bit results as the platform libm).",
        "np.exp([0.0])  # array([1.])"
    ),
    uf1!(
        "exp2",
        Exp2,
        "2 ** x, elementwise.",
        "np.exp2([3.0])  # array([8.])"
    ),
    uf1!(
        "expm1",
        Expm1,
        "exp(x) - 1, accurate near zero.",
        "np.expm1([0.0])  # array([0.])"
    ),
    uf1!(
        "log",
        Log,
        "Natural logarithm, elementwise.",
        "np.log([1.0])  # array([0.])"
    ),
    uf1!(
        "log2",
        Log2,
        "Base-2 logarithm, elementwise.",
        "np.log2([8.0])  # array([3.])"
    ),
    uf1!(
        "log10",
        Log10,
        "Base-10 logarithm, elementwise.",
        "np.log10([100.0])  # array([2.])"
    ),
    uf1!(
        "log1p",
        Log1p,
        "log(1 + x), accurate near zero.",
        "np.log1p([0.0])  # array([0.])"
    ),
    uf1!(
        "sin",
        Sin,
        "Sine, elementwise (radians).",
        "np.sin([0.0])  # array([0.])"
    ),
    uf1!(
        "cos",
        Cos,
        "Cosine, elementwise (radians).",
        "np.cos([0.0])  # array([1.])"
    ),
    uf1!(
        "tan",
        Tan,
        "Tangent, elementwise (radians).",
        "np.tan([0.0])  # array([0.])"
    ),
    uf1!(
        "arcsin",
        Arcsin,
        "Inverse sine, elementwise.",
        "np.arcsin([0.0])  # array([0.])"
    ),
    uf1!(
        "arccos",
        Arccos,
        "Inverse cosine, elementwise.",
        "np.arccos([1.0])  # array([0.])"
    ),
    uf1!(
        "arctan",
        Arctan,
        "Inverse tangent, elementwise.",
        "np.arctan([0.0])  # array([0.])"
    ),
    uf1!(
        "sinh",
        Sinh,
        "Hyperbolic sine, elementwise.",
        "np.sinh([0.0])  # array([0.])"
    ),
    uf1!(
        "cosh",
        Cosh,
        "Hyperbolic cosine, elementwise.",
        "np.cosh([0.0])  # array([1.])"
    ),
    uf1!(
        "tanh",
        Tanh,
        "Hyperbolic tangent, elementwise.",
        "np.tanh([0.0])  # array([0.])"
    ),
    uf1!(
        "arcsinh",
        Arcsinh,
        "Inverse hyperbolic sine, elementwise.",
        "np.arcsinh([0.0])  # array([0.])"
    ),
    uf1!(
        "arccosh",
        Arccosh,
        "Inverse hyperbolic cosine, elementwise.",
        "np.arccosh([1.0])  # array([0.])"
    ),
    uf1!(
        "arctanh",
        Arctanh,
        "Inverse hyperbolic tangent, elementwise.",
        "np.arctanh([0.0])  # array([0.])"
    ),
    uf1!(
        "deg2rad",
        Deg2rad,
        "Degrees to radians, elementwise.",
        "np.deg2rad([180.0])  # array([3.14159265])"
    ),
    uf1!(
        "radians",
        Deg2rad,
        "Alias of np.deg2rad.",
        "np.radians([90.0])  # array([1.57079633])"
    ),
    uf1!(
        "rad2deg",
        Rad2deg,
        "Radians to degrees, elementwise.",
        "np.rad2deg([np.pi])  # array([180.])"
    ),
    uf1!(
        "degrees",
        Rad2deg,
        "Alias of np.rad2deg.",
        "np.degrees([np.pi / 2])  # array([90.])"
    ),
    uf1!(
        "floor",
        Floor,
        "Largest integer not above x, elementwise.",
        "np.floor([-1.5, 1.5])  # array([-2.,  1.])"
    ),
    uf1!(
        "ceil",
        Ceil,
        "Smallest integer not below x, elementwise.",
        "np.ceil([-1.5, 1.5])  # array([-1.,  2.])"
    ),
    uf1!(
        "trunc",
        Trunc,
        "Round toward zero, elementwise.",
        "np.trunc([-1.5, 1.5])  # array([-1.,  1.])"
    ),
    uf1!(
        "fix",
        Trunc,
        "Round toward zero, elementwise (as np.trunc for real input).",
        "np.fix([-2.5, 2.5])  # array([-2.,  2.])"
    ),
    uf1!(
        "rint",
        Rint,
        "Round to the nearest integer, half to even.",
        "np.rint([0.5, 1.5, 2.5])  # array([0., 2., 2.])"
    ),
    uf1!(
        "isnan",
        Isnan,
        "Whether each element is NaN.",
        "np.isnan([1.0, np.nan])  # array([False,  True])"
    ),
    uf1!(
        "isinf",
        Isinf,
        "Whether each element is infinite.",
        "np.isinf([np.inf, 1.0])  # array([ True, False])"
    ),
    uf1!(
        "isfinite",
        Isfinite,
        "Whether each element is finite.",
        "np.isfinite([np.inf, 1.0])  # array([False,  True])"
    ),
    uf1!(
        "signbit",
        Signbit,
        "Whether the sign bit is set, elementwise.",
        "np.signbit([-0.0, 1.0])  # array([ True, False])"
    ),
    uf1!(
        "logical_not",
        LogicalNot,
        "Logical NOT, elementwise.",
        "np.logical_not([0, 2])  # array([ True, False])"
    ),
    uf1!(
        "invert",
        Invert,
        "Bitwise NOT (~), elementwise.",
        "np.invert(np.array([0, 1], dtype=np.uint8))  # array([255, 254], dtype=uint8)"
    ),
    uf1!(
        "bitwise_count",
        BitwiseCount,
        "The number of 1 bits in the absolute value of each integer.",
        "np.bitwise_count([0, 7, -8, 255])  # array([0, 3, 1, 8], dtype=uint8)"
    ),
    uf1!(
        "conjugate",
        Conjugate,
        "Complex conjugate, elementwise.",
        "np.conjugate([1+2j])  # array([1.-2.j])"
    ),
    entry!(npu = crate::coverage::how::REAL, runs = Dispatch, Function, NumpyUfunc, "numpy", "real", "(val)", real,
        "The real part: val.real (a view of an array's, a Python number's own), or that of np.asanyarray(val). Not a ufunc, as NumPy's.",
        ["np.real([1+2j])  # array([1.])", "np.real(1 + 1j)  # 1.0"]),
    entry!(npu = crate::coverage::how::IMAG, runs = Dispatch, Function, NumpyUfunc, "numpy", "imag", "(val)", imag,
        "The imaginary part: val.imag (a view of an array's, a Python number's own), or that of np.asanyarray(val). Not a ufunc, as NumPy's.",
        ["np.imag([1+2j])  # array([2.])", "np.imag(1 + 1j)  # 1.0"]),
    entry!(
        npu = crate::coverage::Npu::Op(xpush_npu::ops::Op::Unary(UnaryOp::Angle)),
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy",
        "angle",
        "(z, deg=False)",
        angle,
        "Argument of complex numbers, in radians (degrees with deg=True).",
        [
            "np.angle([1j])  # array([1.57079633])",
            "np.angle(1 + 1j, deg=True)  # np.float64(45.0)"
        ]
    ),
    uf1!(
        "sinc",
        Sinc,
        "Normalised sinc, sin(pi x) / (pi x).",
        "np.sinc([0.0])  # array([1.])"
    ),
    uf1!(
        "spacing",
        Spacing,
        "Distance to the next float away from zero.",
        "np.spacing(np.float32(1.0))  # np.float32(1.1920929e-07)"
    ),
    uf2!(
        "add",
        Add,
        "Sum, elementwise, with broadcasting.",
        "np.add([1, 2], 3)  # array([4, 5])"
    ),
    uf2!(
        "subtract",
        Subtract,
        "Difference, elementwise.",
        "np.subtract([1, 2], [[1], [2]])  # array([[ 0,  1],\n       [-1,  0]])"
    ),
    uf2!(
        "multiply",
        Multiply,
        "Product, elementwise.",
        "np.multiply([1, 2], 2.5)  # array([2.5, 5. ])"
    ),
    uf2!(
        "divide",
        TrueDivide,
        "True division, elementwise (integers divide in float64).",
        "np.divide([1, 2], 4)  # array([0.25, 0.5 ])"
    ),
    uf2!(
        "floor_divide",
        FloorDivide,
        "Floor division, elementwise (integer division by zero gives 0).",
        "np.floor_divide([7, -7], 2)  # array([ 3, -4])"
    ),
    uf2!(
        "remainder",
        Remainder,
        "Remainder with the sign of the divisor (Python's %).",
        "np.remainder([7, -7], 3)  # array([1, 2])"
    ),
    uf2!(
        "fmod",
        Fmod,
        "Remainder with the sign of the dividend (C's fmod).",
        "np.fmod([-7, 7], 3)  # array([-1,  1])"
    ),
    uf2!(
        "power",
        Power,
        "x1 ** x2, elementwise.",
        "np.power([2, 3], 2)  # array([4, 9])"
    ),
    uf2!(
        "float_power",
        FloatPower,
        "x1 ** x2 in float64 (or complex128).",
        "np.float_power(2, [3])  # array([8.])"
    ),
    uf2!(
        "maximum",
        Maximum,
        "Elementwise maximum (NaN propagates).",
        "np.maximum([1, 5], [4, 2])  # array([4, 5])"
    ),
    uf2!(
        "minimum",
        Minimum,
        "Elementwise minimum (NaN propagates).",
        "np.minimum([1, 5], [4, 2])  # array([1, 2])"
    ),
    uf2!(
        "fmax",
        Fmax,
        "Elementwise maximum, ignoring NaN.",
        "np.fmax([np.nan, 1.0], [2.0, np.nan])  # array([2., 1.])"
    ),
    uf2!(
        "fmin",
        Fmin,
        "Elementwise minimum, ignoring NaN.",
        "np.fmin([np.nan, 1.0], [2.0, np.nan])  # array([2., 1.])"
    ),
    uf2!(
        "arctan2",
        Arctan2,
        "Quadrant-aware arctan(x1 / x2).",
        "np.arctan2([1.0], [1.0])  # array([0.78539816])"
    ),
    uf2!(
        "hypot",
        Hypot,
        "sqrt(x1**2 + x2**2), elementwise.",
        "np.hypot([3.0], [4.0])  # array([5.])"
    ),
    uf2!(
        "copysign",
        Copysign,
        "x1 with the sign of x2.",
        "np.copysign([1.0, 2.0], -1.0)  # array([-1., -2.])"
    ),
    uf2!(
        "nextafter",
        Nextafter,
        "The next float after x1 toward x2.",
        "np.nextafter(np.float32(1), np.float32(2))  # np.float32(1.0000001)"
    ),
    uf2!(
        "ldexp",
        Ldexp,
        "x1 * 2**x2, elementwise.",
        "np.ldexp([1.0], [3])  # array([8.])"
    ),
    uf2!(
        "logaddexp",
        Logaddexp,
        "log(exp(x1) + exp(x2)) without overflow.",
        "np.logaddexp([0.0], [0.0])  # array([0.69314718])"
    ),
    uf2!(
        "logaddexp2",
        Logaddexp2,
        "log2(2**x1 + 2**x2) without overflow.",
        "np.logaddexp2([1.0], [1.0])  # array([2.])"
    ),
    uf2!(
        "heaviside",
        Heaviside,
        "Heaviside step: 0 below zero, x2 at zero, 1 above.",
        "np.heaviside([-1.0, 0.0, 2.0], 0.5)  # array([0. , 0.5, 1. ])"
    ),
    uf2!(
        "gcd",
        Gcd,
        "Greatest common divisor, elementwise.",
        "np.gcd([12, 20], 8)  # array([4, 4])"
    ),
    uf2!(
        "lcm",
        Lcm,
        "Least common multiple, elementwise.",
        "np.lcm([4, 6], 10)  # array([20, 30])"
    ),
    uf2!(
        "bitwise_and",
        BitwiseAnd,
        "Bitwise AND (&), elementwise.",
        "np.bitwise_and([12], [10])  # array([8])"
    ),
    uf2!(
        "bitwise_or",
        BitwiseOr,
        "Bitwise OR (|), elementwise.",
        "np.bitwise_or([12], [10])  # array([14])"
    ),
    uf2!(
        "bitwise_xor",
        BitwiseXor,
        "Bitwise XOR (^), elementwise.",
        "np.bitwise_xor([12], [10])  # array([6])"
    ),
    uf2!(
        "left_shift",
        LeftShift,
        "Bit shift left (<<), elementwise.",
        "np.left_shift([1], [4])  # array([16])"
    ),
    uf2!(
        "right_shift",
        RightShift,
        "Bit shift right (>>), elementwise (arithmetic for signed).",
        "np.right_shift([-16], [2])  # array([-4])"
    ),
    uf2!(
        "logical_and",
        LogicalAnd,
        "Logical AND, elementwise.",
        "np.logical_and([1, 0], [1, 1])  # array([ True, False])"
    ),
    uf2!(
        "logical_or",
        LogicalOr,
        "Logical OR, elementwise.",
        "np.logical_or([1, 0], [0, 0])  # array([ True, False])"
    ),
    uf2!(
        "logical_xor",
        LogicalXor,
        "Logical XOR, elementwise.",
        "np.logical_xor([1, 0], [1, 1])  # array([False,  True])"
    ),
    uf2!(
        "equal",
        Equal,
        "x1 == x2, elementwise.",
        "np.equal([1, 2], 2)  # array([False,  True])"
    ),
    uf2!(
        "not_equal",
        NotEqual,
        "x1 != x2, elementwise.",
        "np.not_equal([1, 2], 2)  # array([ True, False])"
    ),
    uf2!(
        "less",
        Less,
        "x1 < x2, elementwise.",
        "np.less([1, 2], 2)  # array([ True, False])"
    ),
    uf2!(
        "less_equal",
        LessEqual,
        "x1 <= x2, elementwise.",
        "np.less_equal([1, 2], 2)  # array([ True,  True])"
    ),
    uf2!(
        "greater",
        Greater,
        "x1 > x2, elementwise.",
        "np.greater([1, 3], 2)  # array([False,  True])"
    ),
    uf2!(
        "greater_equal",
        GreaterEqual,
        "x1 >= x2, elementwise.",
        "np.greater_equal([1, 3], 2)  # array([False,  True])"
    ),
    entry!(
        npu = crate::coverage::how::ROUND,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy",
        "round",
        "(a, decimals=0, out=None)",
        round,
        "Round to the given number of decimals, half to even.",
        [
            "np.round([0.5, 1.5, 2.675], 2)  # array([0.5 , 1.5 , 2.68])",
            "np.round([2.5, 3.5])  # array([2., 4.])"
        ]
    ),
    entry!(
        npu = crate::coverage::how::ROUND,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy",
        "around",
        "(a, decimals=0, out=None)",
        round,
        "Alias of np.round.",
        ["np.around([1.25], 1)  # array([1.2])"]
    ),
    entry!(
        npu = crate::coverage::how::CLIP,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy",
        "clip",
        "(a, a_min=None, a_max=None, out=None)",
        clip,
        "Limit the values to [a_min, a_max].",
        ["np.clip([1, 5, 9], 2, 6)  # array([2, 5, 6])"]
    ),
    entry!(
        npu = crate::coverage::how::DIVMOD,
        runs = Dispatch,
        Function,
        NumpyUfunc,
        "numpy",
        "divmod",
        "(x1, x2, /)",
        divmod,
        "(x1 // x2, x1 % x2), elementwise.",
        ["np.divmod([7, -7], 3)  # (array([ 2, -3]), array([1, 2]))"]
    ),
    entry!(
        npu = crate::coverage::how::ROUND,
        runs = Dispatch,
        Method,
        NdArray,
        "ndarray",
        "round",
        "(self, /, decimals=0, out=None)",
        round,
        "Round to the given number of decimals (see np.round).",
        ["np.array([1.45]).round(1)  # array([1.4])"]
    ),
    entry!(
        npu = crate::coverage::how::CLIP,
        runs = Dispatch,
        Method,
        NdArray,
        "ndarray",
        "clip",
        "(self, /, min=None, max=None, out=None)",
        clip,
        "Limit the values (see np.clip).",
        ["np.arange(4).clip(1, 2)  # array([1, 1, 2, 2])"]
    ),
    entry!(
        npu = crate::coverage::how::CONJ,
        runs = Dispatch,
        Method,
        NdArray,
        "ndarray",
        "conj",
        "(self, /)",
        conj_method,
        "Complex conjugate (see np.conjugate).",
        ["np.array([1j]).conj()  # array([0.-1.j])"]
    ),
    entry!(
        npu = crate::coverage::how::CONJ,
        runs = Dispatch,
        Method,
        NdArray,
        "ndarray",
        "conjugate",
        "(self, /)",
        conj_method,
        "Complex conjugate (see np.conjugate).",
        ["np.array([1j]).conjugate()  # array([0.-1.j])"]
    ),
    entry!(npu = crate::coverage::how::I0, runs = Dispatch, Function, NumpyUfunc, "numpy", "i0", "(x)", i0,
        "Modified Bessel function of the first kind, order 0 (NumPy's Chebyshev series; an array, 0-d for a scalar).",
        ["np.i0([0, 1, 2, 3])  # array([1.        , 1.26606588, 2.2795853 , 4.88079259])", "np.i0(0.)  # array(1.)"]),
    entry!(npu = crate::coverage::how::NAN_TO_NUM, runs = Dispatch, Function, NumpyUfunc, "numpy", "nan_to_num", "(x, copy=True, nan=0.0, posinf=None, neginf=None)", nan_to_num,
        "NaN replaced by nan (0.0), infinities by posinf/neginf (the dtype's largest finite values by default).",
        ["np.nan_to_num([np.nan, 1.5])  # array([0. , 1.5])", "np.nan_to_num(np.array([np.inf, -np.inf]), posinf=9.0, neginf=-9.0)  # array([ 9., -9.])", "np.nan_to_num([1, 2])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::UFUNC_REDUCE, runs = Dispatch, Method, NumpyUfunc, "ufunc", "reduce", "(self, array, /, axis=0, dtype=None, out=None, keepdims=False)", ufunc_reduce,
        "Reduce along an axis with a binary ufunc (any of them; in order along the axis for those without a reduction kernel).",
        ["np.add.reduce([[1, 2], [3, 4]])  # array([4, 6])", "np.multiply.reduce([1, 2, 3], axis=None)  # np.int64(6)"]),
    entry!(npu = crate::coverage::how::UFUNC_ACCUMULATE, runs = Dispatch, Method, NumpyUfunc, "ufunc", "accumulate", "(self, array, /, axis=0, dtype=None, out=None)", ufunc_accumulate,
        "Accumulate along an axis with a binary ufunc (any of them).",
        ["np.add.accumulate([1, 2, 3])  # array([1, 3, 6])", "np.maximum.accumulate([1, 3, 2, 5])  # array([1, 3, 3, 5])"]),
    entry!(npu = crate::coverage::how::UFUNC_OUTER, runs = Dispatch, Method, NumpyUfunc, "ufunc", "outer", "(self, A, B, /)", ufunc_outer,
        "The ufunc applied to every pair (a, b) of elements; shape A.shape + B.shape.",
        ["np.multiply.outer([1, 2], [1, 10])  # array([[ 1, 10],\n       [ 2, 20]])"]),
    entry!(npu = crate::coverage::how::UFUNC_AT, runs = Dispatch, Method, NumpyUfunc, "ufunc", "at", "(self, a, indices, b=None, /)", ufunc_at,
        "Unbuffered in-place a[indices] = ufunc(a[indices], b): repeated indices accumulate.",
        ["a = np.zeros(3, dtype=int); np.add.at(a, [0, 0, 2], 1); a  # array([2, 0, 1])"]),
];

/// Applies `where=` (a mask choosing between the new result and the
/// current contents of `out`, or zeros without `out`).
/// With an `out=`, NumPy checks that the result casts into it under
/// `same_kind` (`result`, the loop's dtype, before anything is computed)
/// and that it holds the broadcast shape.
fn check_masked_out(name: &str, result: DType, out: &Value) -> Result<()> {
    match out {
        Value::Array(o) => nops::check_out_cast(name, result, o.dtype()),
        _ => Ok(()),
    }
}

/// With `where=` and `out=`, NumPy's iterator broadcasts the inputs, the
/// output and the mask together: a mismatch names all their shapes.
fn check_where_out_shapes(inputs: &[&[usize]], mask: &Value, out: &Value) -> Result<()> {
    let Value::Array(o) = out else {
        return Ok(());
    };
    let m = as_array(mask)?;
    let mut shapes: Vec<&[usize]> = inputs.to_vec();
    shapes.push(o.shape());
    shapes.push(m.shape());
    if xpush_npu::layout::broadcast_shapes(&shapes).is_err() {
        let listed: String = shapes
            .iter()
            .map(|s| format!("{} ", xpush_npu::layout::shape_repr(s)))
            .collect();
        return Err(Error::value_error(format!(
            "operands could not be broadcast together with shapes {listed}"
        )));
    }
    Ok(())
}

fn masked(r: Array, mask: &Value, out: &Value) -> Result<Array> {
    let m = as_array(mask)?;
    let (r, other) = match out {
        Value::Array(o) => {
            let shape = xpush_npu::layout::broadcast_shapes(&[r.shape(), m.shape()])?;
            nops::check_out_shape(o, &shape)?;
            // The result is cast into out's dtype (C casts), then chosen:
            // no promotion of the two through a wider dtype.
            (nops::cast(&r, o.dtype())?, (**o).clone())
        }
        _ => {
            let zeros = Array::zeros(&[], r.dtype());
            (r, zeros)
        }
    };
    nops::where_(&m, Operand::Array(&r), Operand::Array(&other))
}

fn has_where(w: &Value) -> bool {
    !matches!(w, Value::Bool(true))
}

fn unary_ufunc(op: UnaryOp, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let (out, w) = (a.get(1), a.get(2));
    let dtype = super::conv::dtype_arg(a.get(3))?;
    match out {
        Value::Array(o) if !has_where(w) => {
            // Written over its input: what the checks need is read first.
            let before = o.shares_storage(&x).then(|| fperr::Before::of(o));
            nops::unary_into_typed(op, o, &x, dtype)?;
            match before {
                Some(before) => before.check(op.name(), None, o)?,
                None => fperr::check(op.name(), &[&x], &[o])?,
            }
            Ok(out.clone())
        }
        _ => {
            check_masked_out(
                op.name(),
                nops::unary_result_dtype(op, x.dtype(), dtype)?,
                out,
            )?;
            if has_where(w) {
                check_where_out_shapes(&[x.shape()], w, out)?;
            }
            let mut r = nops::unary_typed(op, &x, dtype)?;
            if has_where(w) {
                r = masked(r, w, out)?;
            }
            fperr::check(op.name(), &[&x], &[&r])?;
            super::reduce::deliver(r, out)
        }
    }
}

fn binary_ufunc(op: BinaryOp, a: &mut Args) -> Result<Value> {
    let (x, y) = (arg(a.get(0))?, arg(a.get(1))?);
    let (out, w) = (a.get(2), a.get(3));
    let dtype = super::conv::dtype_arg(a.get(4))?;
    if op == BinaryOp::Power && dtype.is_none() {
        let base = as_array(a.get(0))?;
        if let Some(d) = power_sqrt_loop(&base, &y)? {
            let base = super::conv::wrap(nops::cast(&base, d)?);
            let mut args = Args {
                values: vec![base, out.clone(), w.clone()],
                rest: Vec::new(),
            };
            return unary_ufunc(UnaryOp::Sqrt, &mut args);
        }
    }
    let inputs = [a.get(0), a.get(1)];
    match out {
        Value::Array(o) if !has_where(w) => {
            // Written over an input: what the checks need is read first.
            let aliased = inputs
                .iter()
                .any(|v| matches!(v, Value::Array(i) if i.shares_storage(o)));
            let before = aliased.then(|| fperr::Before::of(o));
            nops::binary_into_typed(op, o, x.op(), y.op(), dtype)?;
            match before {
                Some(before) => before.check(op.name(), Some(a.get(1)), o)?,
                None => fperr::check_args(op.name(), &inputs, &[o])?,
            }
            Ok(out.clone())
        }
        _ => {
            let lo = nops::binary_result_dtype(op, &x.op(), &y.op(), dtype)?;
            check_masked_out(op.name(), lo, out)?;
            if has_where(w) {
                check_where_out_shapes(&[x.op().shape_of(), y.op().shape_of()], w, out)?;
            }
            let mut r = nops::binary_op_typed(op, x.op(), y.op(), dtype)?;
            if has_where(w) {
                r = masked(r, w, out)?;
            }
            fperr::check_args(op.name(), &inputs, &[&r])?;
            super::reduce::deliver(r, out)
        }
    }
}

/// The loop dtype when `np.power(x, y)` is `np.sqrt(x)`: NumPy's
/// float32/float64 power loop, given one exponent for the whole loop (read
/// at stride 0: a Python float, a NumPy scalar or 0-d array, a one-element
/// array broadcast over a larger base), computes `x ** 0.5` as `sqrt(x)`,
/// so `np.power(-0.0, 0.5)` is -0.0 and `np.power(-inf, 0.5)` NaN where
/// `pow` gives 0.0 and inf (a Python-scalar base too: `np.power(-inf,
/// 0.5)` is nan). An array of exponents and the float16 loop go through
/// `pow`.
fn power_sqrt_loop(x: &Array, y: &Arg) -> Result<Option<DType>> {
    let (d, half) = match y {
        Arg::Float(v) => {
            use xpush_npu::promote::{result_type, Operand as P, PyScalarKind};
            let d = result_type(&[P::DType(x.dtype()), P::Weak(PyScalarKind::Float)])?;
            (d, *v == 0.5)
        }
        Arg::Arr(e) => {
            let stride0 = e.size() == 1 && e.ndim() <= x.ndim() && (e.ndim() == 0 || x.size() > 1);
            let d = xpush_npu::promote::promote_types(x.dtype(), e.dtype());
            (d, stride0 && e.item()?.as_f64() == 0.5)
        }
        _ => return Ok(None),
    };
    Ok((half && matches!(d, DType::Float32 | DType::Float64)).then_some(d))
}

/// `np.round(x, decimals)`: `rint(x * 10**d) / 10**d` for floats, as NumPy.
pub fn round_array(x: &Array, decimals: i64) -> Result<Array> {
    let d = x.dtype();
    if d.is_bool() {
        // NumPy's rint of bool is float16; with decimals the scaling
        // multiply's float64 result cannot go back into bool.
        if decimals == 0 {
            return nops::unary(UnaryOp::Rint, x);
        }
        let name = if decimals > 0 { "multiply" } else { "divide" };
        return Err(xpush_npu::Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!("Cannot cast ufunc '{name}' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'"),
        ));
    }
    if d.is_complex() {
        return round_complex(x, decimals);
    }
    if d.is_integer() {
        if decimals >= 0 {
            return nops::copy(x);
        }
        let p = 10i128.pow(decimals.unsigned_abs().min(18) as u32);
        let q = nops::binary_op(BinaryOp::TrueDivide, Operand::Array(x), Operand::PyInt(p))?;
        let r = nops::unary(UnaryOp::Rint, &q)?;
        let r = nops::binary_op(BinaryOp::Multiply, Operand::Array(&r), Operand::PyInt(p))?;
        return nops::cast(&r, d);
    }
    if decimals == 0 {
        return nops::unary(UnaryOp::Rint, x);
    }
    let p = 10f64.powi(decimals.unsigned_abs().min(400) as i32);
    let (scale, unscale) = if decimals > 0 {
        (BinaryOp::Multiply, BinaryOp::TrueDivide)
    } else {
        (BinaryOp::TrueDivide, BinaryOp::Multiply)
    };
    let y = nops::binary_op(scale, Operand::Array(x), Operand::PyFloat(p))?;
    let y = nops::unary(UnaryOp::Rint, &y)?;
    nops::binary_op(unscale, Operand::Array(&y), Operand::PyFloat(p))
}

/// Complex values round part by part, as NumPy rounds the real and the
/// imaginary view each as floats: an infinite part stays infinite, a zero
/// keeps its sign, and no complex division rounds the other part.
fn round_complex(x: &Array, decimals: i64) -> Result<Array> {
    use xpush_npu::{Elem, ToDevice};
    let host = |op: UnaryOp| -> Result<Vec<Elem>> {
        let part = round_array(&nops::unary(op, x)?, decimals)?;
        Ok(part.to_device(xpush_npu::device::Device::Cpu)?.to_elems())
    };
    let (re, im) = (host(UnaryOp::Real)?, host(UnaryOp::Imag)?);
    let elems: Vec<Elem> = re
        .iter()
        .zip(&im)
        .map(|(r, i)| Elem::Complex(r.as_f64(), i.as_f64()))
        .collect();
    super::conv::from_elems(&elems, x.shape(), x.dtype())?.to_device(x.device())
}

fn round(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let r = round_array(&x, opt_int(a.get(1))?.unwrap_or(0))?;
    super::reduce::deliver(r, a.get(2))
}

/// `np.clip` as NumPy 2's `_clip`: a Python int bound beyond an integer
/// array's range on its own side clips nothing and is dropped (no bound
/// left is `np.positive`); one bound is `maximum`/`minimum`; two are the
/// three-operand `np.clip` ufunc, whose dtype promotes all three (Python
/// scalars weak), so `np.clip(uint16, 0.5, np.complex64(z))` is complex64.
fn clip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (lo, hi) = (a.get(1), a.get(2));
    if lo.is_none() && hi.is_none() {
        return Err(Error::value_error("One of max or min must be given"));
    }
    let x = as_array(a.get(0))?;
    let beyond = |v: &Value, low: bool| -> bool {
        let Ok(info) = x.dtype().iinfo() else {
            return false;
        };
        let i = match v {
            Value::Int(i) => i128::from(*i),
            Value::BigInt(b) => {
                use num_traits::{Signed, ToPrimitive};
                b.to_i128().unwrap_or(if b.is_negative() {
                    i128::MIN
                } else {
                    i128::MAX
                })
            }
            _ => return false,
        };
        if low {
            i <= info.min
        } else {
            i >= info.max
        }
    };
    let lo = (!lo.is_none() && !beyond(lo, true))
        .then(|| arg(lo))
        .transpose()?;
    let hi = (!hi.is_none() && !beyond(hi, false))
        .then(|| arg(hi))
        .transpose()?;
    let r = match (&lo, &hi) {
        (None, None) => nops::unary(UnaryOp::Positive, &x)?,
        (Some(l), None) => nops::binary_op(BinaryOp::Maximum, Operand::Array(&x), l.op())?,
        (None, Some(h)) => nops::binary_op(BinaryOp::Minimum, Operand::Array(&x), h.op())?,
        (Some(l), Some(h)) => {
            let dt = clip_dtype(&x, &[l.op(), h.op()]);
            if dt.is_complex() {
                clip_complex(&x, &l.op().to_array(dt)?, &h.op().to_array(dt)?, dt)?
            } else {
                let r =
                    nops::binary_op_typed(BinaryOp::Maximum, Operand::Array(&x), l.op(), Some(dt))?;
                nops::binary_op_typed(BinaryOp::Minimum, Operand::Array(&r), h.op(), Some(dt))?
            }
        }
    };
    super::reduce::deliver(r, a.get(3))
}

/// The complex loop of NumPy's `np.clip` ufunc (`clip.cpp`): `_NPY_MAX`
/// then `_NPY_MIN`, each keeping its first operand when that has a NaN
/// part or compares beyond the bound by `PyArray_CGT`/`PyArray_CLT`, plain
/// lexicographic order in which a NaN part in the bound counts for
/// nothing (`np.clip(1, -1, complex(1.5, nan))` is `1+0j`; `np.minimum`
/// would give the NaN bound).
fn clip_complex(x: &Array, lo: &Array, hi: &Array, dt: DType) -> Result<Array> {
    let x = nops::cast(x, dt)?;
    let b = |op: BinaryOp, p: &Array, q: &Array| nops::binary(op, p, q);
    // PyArray_CGT(p, q): p.re > q.re || (p.re == q.re && p.im > q.im).
    let gt = |p: &Array, q: &Array| -> Result<Array> {
        let (pr, qr) = (
            nops::unary(UnaryOp::Real, p)?,
            nops::unary(UnaryOp::Real, q)?,
        );
        let (pi, qi) = (
            nops::unary(UnaryOp::Imag, p)?,
            nops::unary(UnaryOp::Imag, q)?,
        );
        let tie = b(
            BinaryOp::LogicalAnd,
            &b(BinaryOp::Equal, &pr, &qr)?,
            &b(BinaryOp::Greater, &pi, &qi)?,
        )?;
        b(BinaryOp::LogicalOr, &b(BinaryOp::Greater, &pr, &qr)?, &tie)
    };
    let keep = |a: &Array, beyond: Array| -> Result<Array> {
        b(
            BinaryOp::LogicalOr,
            &nops::unary(UnaryOp::Isnan, a)?,
            &beyond,
        )
    };
    let m = nops::where_(
        &keep(&x, gt(&x, lo)?)?,
        Operand::Array(&x),
        Operand::Array(lo),
    )?;
    nops::where_(
        &keep(&m, gt(hi, &m)?)?,
        Operand::Array(&m),
        Operand::Array(hi),
    )
}

/// The dtype of the three-operand clip: the array's and the strong bounds'
/// dtypes promoted, then each Python scalar bound's kind (NEP 50).
fn clip_dtype(x: &Array, bounds: &[Operand]) -> DType {
    use xpush_npu::promote::{promote_types, with_weak};
    let strong = bounds
        .iter()
        .filter(|o| o.weak_kind().is_none())
        .fold(x.dtype(), |d, o| promote_types(d, o.dtype_of()));
    bounds
        .iter()
        .filter_map(|o| o.weak_kind())
        .fold(strong, with_weak)
}

fn divmod(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (arg(a.get(0))?, arg(a.get(1))?);
    let q = nops::binary_op(BinaryOp::FloorDivide, x.op(), y.op())?;
    let r = nops::binary_op(BinaryOp::Remainder, x.op(), y.op())?;
    fperr::check_args("divmod", &[a.get(0), a.get(1)], &[&q, &r])?;
    Ok(Value::tuple(vec![wrap_result(q)?, wrap_result(r)?]))
}

/// The binary ufunc a `numpy` table entry stands for (`np.add`; the
/// aliases, `np.mod`, are the entry of the ufunc they name).
pub fn binary_ufunc_of(name: &str) -> Option<BinaryOp> {
    BinaryOp::from_name(name)
}

fn receiver_op(a: &Args) -> Result<BinaryOp> {
    receiver_binary(a, "reduce")
}

/// The binary ufunc a ufunc method is called on; NumPy's ValueError for
/// the others (`np.sin.reduce`: "reduce only supported for binary functions").
fn receiver_binary(a: &Args, method: &str) -> Result<BinaryOp> {
    let Value::Builtin(id) = a.get(0) else {
        return Err(Error::type_error(
            "descriptor requires a 'numpy.ufunc' object",
        ));
    };
    let d = crate::table::get(*id);
    if let Some(op) = binary_ufunc_of(d.name) {
        return Ok(op);
    }
    let what = if method == "outer" {
        "outer product"
    } else {
        method
    };
    match ufunc_info(d.name) {
        Some(_) if method == "at" => Err(Error::not_implemented(format!(
            "{}.at is not available yet (binary ufuncs only)",
            d.name
        ))),
        Some(u) if u.nin == 2 && u.nout > 1 => Err(Error::value_error(format!(
            "{what} only supported for functions returning a single value"
        ))),
        Some(u) if u.nin != 2 => Err(Error::value_error(format!(
            "{what} only supported for binary functions"
        ))),
        _ => Err(Error::not_implemented(format!(
            "{}.{method} is not available yet",
            d.name
        ))),
    }
}

fn ufunc_reduce(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use xpush_npu::ops::{ReduceOp, ReduceOpts};
    let op = receiver_op(a)?;
    let x = as_array(a.get(1))?;
    let axes = super::conv::axes_arg(a.get(2))?;
    let keepdims = crate::ops::truthy(a.get(5))?;
    let dtype = super::conv::dtype_arg(a.get(3))?;
    let kernel = match op {
        BinaryOp::Add => Some(ReduceOp::Sum),
        BinaryOp::Multiply => Some(ReduceOp::Prod),
        BinaryOp::Maximum => Some(ReduceOp::Max),
        BinaryOp::Minimum => Some(ReduceOp::Min),
        BinaryOp::LogicalAnd => Some(ReduceOp::All),
        BinaryOp::LogicalOr => Some(ReduceOp::Any),
        _ => None,
    };
    if let Some(r) = kernel {
        let o = ReduceOpts {
            axes,
            keepdims,
            dtype,
            ddof: 0.0,
        };
        return super::reduce::deliver(nops::reduce(r, &x, &o)?, a.get(4));
    }
    // Any other binary ufunc: NumPy's ordered loop along one axis.
    let axis = match axes.as_deref() {
        Some([one]) => *one,
        None if x.ndim() == 1 => 0,
        Some([]) => return super::reduce::deliver(x.clone(), a.get(4)),
        _ if !xpush_npu::ops::numeric::reorderable(op) => {
            return Err(Error::value_error(format!(
                "reduction operation '{}' is not reorderable, so at most one axis may be specified",
                op.name()
            )))
        }
        _ => {
            return Err(Error::not_implemented(format!(
                "{}.reduce over several axes is not available yet",
                op.name()
            )))
        }
    };
    let mut r = xpush_npu::ops::numeric::ufunc_fold(op, &x, axis, dtype, false)?;
    if keepdims {
        let ax = xpush_npu::layout::normalize_axis(axis, x.ndim())?;
        r = r.with_layout(r.layout().expand_dims(ax as isize)?);
    }
    super::reduce::deliver(r, a.get(4))
}

fn ufunc_accumulate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use xpush_npu::ops::{ReduceOp, ReduceOpts};
    let op = receiver_binary(a, "accumulate")?;
    let x = as_array(a.get(1))?;
    let axis = opt_int(a.get(2))?.unwrap_or(0) as isize;
    let dtype = super::conv::dtype_arg(a.get(3))?;
    let kernel = match op {
        BinaryOp::Add => Some(ReduceOp::Cumsum),
        BinaryOp::Multiply => Some(ReduceOp::Cumprod),
        _ => None,
    };
    let r = match kernel {
        Some(r) => {
            let o = ReduceOpts {
                axes: Some(vec![axis]),
                keepdims: false,
                dtype,
                ddof: 0.0,
            };
            nops::reduce(r, &x, &o)?
        }
        // Any other binary ufunc: NumPy's ordered loop along the axis.
        None => xpush_npu::ops::numeric::ufunc_fold(op, &x, axis, dtype, true)?,
    };
    super::reduce::deliver(r, a.get(4))
}

fn ufunc_outer(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let op = receiver_binary(a, "outer")?;
    let x = as_array(a.get(1))?;
    let y = as_array(a.get(2))?;
    let mut shape: Vec<isize> = x.shape().iter().map(|&d| d as isize).collect();
    shape.extend(std::iter::repeat_n(1, y.ndim()));
    let x = x.reshape(&shape)?;
    wrap_result(nops::binary(op, &x, &y)?)
}

fn ufunc_at(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let op = receiver_binary(a, "at")?;
    let Value::Array(x) = a.get(1) else {
        return Err(Error::type_error("first operand must be array"));
    };
    let items = super::conv::index_items(a.get(2))?;
    let dims: Vec<isize> = x.shape().iter().map(|&d| d as isize).collect();
    let pos = Array::arange_int(0, x.size() as i64, 1, xpush_npu::DType::Int64)?.reshape(&dims)?;
    let sel = nops::get_index(&pos, &items)?;
    if a.get(3).is_none() {
        return Err(Error::value_error("second operand needed for ufunc"));
    }
    let b = arg(a.get(3))?.into_array()?;
    nops::numeric::ufunc_at(op, x, &sel, &b)?;
    Ok(Value::None)
}

/// `np.real`/`np.imag`: NumPy's `val.real`, falling back to
/// `asanyarray(val).real` for values without the attribute (lists).
fn part(host: &mut dyn Host, a: &Args, name: &str) -> Result<Value> {
    let v = a.get(0);
    if let Ok(p) = crate::ops::getattr(v, name) {
        return Ok(p);
    }
    let arr = super::compose::np(host, "asanyarray", vec![v.clone()])?;
    crate::ops::getattr(&arr, name)
}

fn real(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    part(host, a, "real")
}

fn imag(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    part(host, a, "imag")
}

fn nan_to_num(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let d = x.dtype();
    if !d.is_inexact() {
        return wrap_result(nops::copy(&x)?);
    }
    // NumPy's copyto of each replacement into the (real and imaginary)
    // parts where they are NaN, +inf, -inf: a replacement is a number or
    // an array broadcast against x, cast to the part's dtype.
    let part = d.real_dtype();
    let max = part.finfo()?.max.as_f64();
    let value = |v: &Value, default: f64| -> Result<Array> {
        if v.is_none() {
            Ok(Array::full(&[], xpush_npu::Scalar::Float64(default), part))
        } else {
            Ok(as_array(v)?.astype(part))
        }
    };
    let (nan, posinf, neginf) = (
        value(a.get(2), 0.0)?,
        value(a.get(3), max)?,
        value(a.get(4), -max)?,
    );
    let fix = |p: &Array| -> Result<Array> {
        let isnan = nops::unary(UnaryOp::Isnan, p)?;
        let r = nops::where_(&isnan, Operand::Array(&nan), Operand::Array(p))?;
        let isinf = nops::unary(UnaryOp::Isinf, p)?;
        let pos = nops::binary_op(BinaryOp::Greater, Operand::Array(p), Operand::PyInt(0))?;
        let ispos = nops::binary(BinaryOp::LogicalAnd, &isinf, &pos)?;
        let r = nops::where_(&ispos, Operand::Array(&posinf), Operand::Array(&r))?;
        let neg = nops::binary_op(BinaryOp::Less, Operand::Array(p), Operand::PyInt(0))?;
        let isneg = nops::binary(BinaryOp::LogicalAnd, &isinf, &neg)?;
        nops::where_(&isneg, Operand::Array(&neginf), Operand::Array(&r))
    };
    let out = if d.is_complex() {
        let re = fix(&nops::unary(UnaryOp::Real, &x)?)?;
        let im = fix(&nops::unary(UnaryOp::Imag, &x)?)?;
        super::conv::complex_from_parts(&re, &im, d)?
    } else {
        fix(&x)?
    };
    // `copy=False`: NumPy replaces in x itself (an array given).
    if matches!(a.get(0), Value::Array(_)) && !crate::ops::truthy(a.get(1))? {
        crate::py::index::setitem(a.get(0), &Value::Ellipsis, wrap_result(out)?)?;
        return match a.get(0) {
            Value::Array(x) if x.ndim() == 0 => wrap_result((**x).clone()),
            v => Ok(v.clone()),
        };
    }
    wrap_result(out)
}

/// `np.angle(z, deg=False)`: NumPy's `arctan2(z.imag, z.real)`, then
/// `a *= 180 / pi` for degrees.
fn angle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let mut r = nops::unary(UnaryOp::Angle, &x)?;
    if crate::ops::truthy(a.get(1))? {
        r = nops::binary_op(
            BinaryOp::Multiply,
            Operand::Array(&r),
            Operand::PyFloat(180.0 / std::f64::consts::PI),
        )?;
    }
    wrap_result(r)
}

/// NumPy's `_i0A` (Chebyshev coefficients of `exp(-x) i0(x)` on [0, 8]).
const I0_A: [f64; 30] = [
    -4.4153416464793395e-18,
    3.3307945188222384e-17,
    -2.431279846547955e-16,
    1.715391285555133e-15,
    -1.1685332877993451e-14,
    7.676185498604936e-14,
    -4.856446783111929e-13,
    2.95505266312964e-12,
    -1.726826291441556e-11,
    9.675809035373237e-11,
    -5.189795601635263e-10,
    2.6598237246823866e-09,
    -1.300025009986248e-08,
    6.046995022541919e-08,
    -2.670793853940612e-07,
    1.1173875391201037e-06,
    -4.4167383584587505e-06,
    1.6448448070728896e-05,
    -5.754195010082104e-05,
    0.00018850288509584165,
    -0.0005763755745385824,
    0.0016394756169413357,
    -0.004324309995050576,
    0.010546460394594998,
    -0.02373741480589947,
    0.04930528423967071,
    -0.09490109704804764,
    0.17162090152220877,
    -0.3046826723431984,
    0.6767952744094761,
];

/// NumPy's `_i0B` (of `exp(-x) sqrt(x) i0(x)` on (8, inf), in `32/x`).
const I0_B: [f64; 25] = [
    -7.233180487874754e-18,
    -4.830504485944182e-18,
    4.46562142029676e-17,
    3.461222867697461e-17,
    -2.8276239805165836e-16,
    -3.425485619677219e-16,
    1.7725601330565263e-15,
    3.8116806693526224e-15,
    -9.554846698828307e-15,
    -4.150569347287222e-14,
    1.54008621752141e-14,
    3.8527783827421426e-13,
    7.180124451383666e-13,
    -1.7941785315068062e-12,
    -1.3215811840447713e-11,
    -3.1499165279632416e-11,
    1.1889147107846439e-11,
    4.94060238822497e-10,
    3.3962320257083865e-09,
    2.266668990498178e-08,
    2.0489185894690638e-07,
    2.8913705208347567e-06,
    6.889758346916825e-05,
    0.0033691164782556943,
    0.8044904110141088,
];

/// NumPy's `_chbevl(x, vals)`, its Python steps on arrays: the first two
/// steps still hold Python floats (weak: a float32 `x` stays float32).
fn chbevl(x: &Array, vals: &[f64]) -> Result<Array> {
    use BinaryOp::{Add, Multiply, Subtract};
    let bin = |op, a: Operand, b: Operand| nops::binary_op(op, a, b);
    // b0 = vals[0]; b1 = 0.0; then b2 = b1; b1 = b0; b0 = x*b1 - b2 + v.
    let b1 = vals[0];
    let b0 = bin(Multiply, Operand::Array(x), Operand::PyFloat(b1))?;
    let b0 = bin(Subtract, Operand::Array(&b0), Operand::PyFloat(0.0))?;
    let mut b0 = bin(Add, Operand::Array(&b0), Operand::PyFloat(vals[1]))?;
    let t = bin(Multiply, Operand::Array(x), Operand::Array(&b0))?;
    let t = bin(Subtract, Operand::Array(&t), Operand::PyFloat(b1))?;
    let mut b1 = std::mem::replace(
        &mut b0,
        bin(Add, Operand::Array(&t), Operand::PyFloat(vals[2]))?,
    );
    let mut b2 = b1.clone();
    for &v in &vals[3..] {
        b2 = std::mem::replace(&mut b1, b0.clone());
        let t = bin(Multiply, Operand::Array(x), Operand::Array(&b1))?;
        let t = bin(Subtract, Operand::Array(&t), Operand::Array(&b2))?;
        b0 = bin(Add, Operand::Array(&t), Operand::PyFloat(v))?;
    }
    let d = bin(Subtract, Operand::Array(&b0), Operand::Array(&b2))?;
    bin(Multiply, Operand::PyFloat(0.5), Operand::Array(&d))
}

/// `np.i0(x)`: NumPy's code, step for step on arrays (`exp(x) *
/// chbevl(x/2 - 2, A)` for `x <= 8`, `exp(x) * chbevl(32/x - 2, B) /
/// sqrt(x)` above), so each dtype rounds as NumPy's does. The result is an
/// array, 0-d for a scalar, as NumPy's `piecewise` gives.
fn i0(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use BinaryOp::{Multiply, Subtract, TrueDivide};
    let bin = |op, a: Operand, b: Operand| nops::binary_op(op, a, b);
    let x = as_array(a.get(0))?;
    if x.dtype().is_complex() {
        return Err(Error::type_error("i0 not supported for complex values"));
    }
    let x = if x.dtype().is_inexact() {
        x
    } else {
        nops::cast(&x, DType::Float64)?
    };
    let x = nops::unary(UnaryOp::Absolute, &x)?;
    let ex = nops::unary(UnaryOp::Exp, &x)?;
    // _i0_1: exp(x) * chbevl(x / 2.0 - 2, A)
    let t = bin(TrueDivide, Operand::Array(&x), Operand::PyFloat(2.0))?;
    let t = bin(Subtract, Operand::Array(&t), Operand::PyInt(2))?;
    let c = chbevl(&t, &I0_A)?;
    let small = bin(Multiply, Operand::Array(&ex), Operand::Array(&c))?;
    // _i0_2: exp(x) * chbevl(32.0 / x - 2.0, B) / sqrt(x)
    let t = bin(TrueDivide, Operand::PyFloat(32.0), Operand::Array(&x))?;
    let t = bin(Subtract, Operand::Array(&t), Operand::PyFloat(2.0))?;
    let c = chbevl(&t, &I0_B)?;
    let big = bin(Multiply, Operand::Array(&ex), Operand::Array(&c))?;
    let root = nops::unary(UnaryOp::Sqrt, &x)?;
    let big = bin(TrueDivide, Operand::Array(&big), Operand::Array(&root))?;
    let le8 = bin(
        BinaryOp::LessEqual,
        Operand::Array(&x),
        Operand::PyFloat(8.0),
    )?;
    let r = nops::where_(&le8, Operand::Array(&small), Operand::Array(&big))?;
    Ok(super::conv::wrap(r))
}

fn conj_method(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    wrap_result(nops::unary(UnaryOp::Conjugate, &x)?)
}

// ------------------------------------------------------- ufunc objects

/// NumPy's data of one ufunc, generated from numpy (`api/ufuncs.txt`).
pub struct UfuncInfo {
    /// Inputs.
    pub nin: usize,
    /// Outputs.
    pub nout: usize,
    /// `repr(identity)`: `0`, `1`, `-1`, `True`, `False`, `-inf`, `None`.
    pub identity: &'static str,
    /// The gufunc signature, `None` for elementwise ufuncs.
    pub signature: &'static str,
    /// The loops (`np.add.types`).
    pub types: Vec<&'static str>,
}

/// NumPy's ufunc of this name (not an alias), if it is one.
pub fn ufunc_info(name: &str) -> Option<&'static UfuncInfo> {
    static TABLE: std::sync::OnceLock<std::collections::HashMap<&'static str, UfuncInfo>> =
        std::sync::OnceLock::new();
    TABLE
        .get_or_init(|| {
            include_str!("../api/ufuncs.txt")
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| {
                    let mut parts = l.split(' ');
                    let name = parts.next()?;
                    let nin = parts.next()?.parse().ok()?;
                    let nout = parts.next()?.parse().ok()?;
                    let identity = parts.next()?;
                    let signature = parts.next()?;
                    let info = UfuncInfo {
                        nin,
                        nout,
                        identity,
                        signature,
                        types: parts.collect(),
                    };
                    Some((name, info))
                })
                .collect()
        })
        .get(name)
}

/// Whether a table entry is one of NumPy's ufuncs (`np.add`, `np.sin`; not
/// `np.sinc` or `np.isposinf`, which NumPy writes as functions).
pub fn is_ufunc(d: &FuncDef) -> bool {
    d.module == "numpy" && d.kind == crate::table::Kind::Function && ufunc_info(d.name).is_some()
}

/// The ufunc an attribute is read from (`np.add.nin`).
fn receiver_info(a: &Args) -> Result<&'static UfuncInfo> {
    match a.get(0) {
        Value::Builtin(id) => ufunc_info(crate::table::get(*id).name),
        _ => None,
    }
    .ok_or_else(|| Error::type_error("descriptor requires a 'numpy.ufunc' object"))
}

fn ufunc_nin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(receiver_info(a)?.nin as i64))
}

fn ufunc_nout(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(receiver_info(a)?.nout as i64))
}

fn ufunc_nargs(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let u = receiver_info(a)?;
    Ok(Value::Int((u.nin + u.nout) as i64))
}

fn ufunc_ntypes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(receiver_info(a)?.types.len() as i64))
}

fn ufunc_types(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let u = receiver_info(a)?;
    Ok(Value::list(
        u.types.iter().map(|t| Value::str(*t)).collect(),
    ))
}

fn ufunc_identity(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match receiver_info(a)?.identity {
        "None" => Value::None,
        "True" => Value::Bool(true),
        "False" => Value::Bool(false),
        "-inf" => Value::Float(f64::NEG_INFINITY),
        "inf" => Value::Float(f64::INFINITY),
        n => n
            .parse::<i64>()
            .map(Value::Int)
            .or_else(|_| n.parse::<f64>().map(Value::Float))
            .unwrap_or(Value::None),
    })
}

fn ufunc_signature(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match receiver_info(a)?.signature {
        "None" => Value::None,
        s => Value::str(s),
    })
}

/// The ufunc objects' attributes and their type.
pub const UFUNC_OBJECT: &[FuncDef] = &[
    entry!(Type, NumpyUfunc, "numpy", "ufunc", "(*args)", |_: &mut dyn Host, _: &mut Args| {
            Err(Error::type_error("cannot create 'numpy.ufunc' instances"))
        },
        "The type of NumPy's ufuncs (np.add, np.sin, ...): nin, nout, types, identity, reduce, accumulate, outer, at.",
        ["isinstance(np.add, np.ufunc)  # True", "isinstance(np.sum, np.ufunc)  # False"]),
    entry!(Property, NumpyUfunc, "ufunc", "nin", "(self, /)", ufunc_nin,
        "The number of inputs.", ["np.add.nin  # 2"]),
    entry!(Property, NumpyUfunc, "ufunc", "nout", "(self, /)", ufunc_nout,
        "The number of outputs.", ["np.divmod.nout  # 2"]),
    entry!(Property, NumpyUfunc, "ufunc", "nargs", "(self, /)", ufunc_nargs,
        "nin + nout.", ["np.add.nargs  # 3"]),
    entry!(Property, NumpyUfunc, "ufunc", "ntypes", "(self, /)", ufunc_ntypes,
        "The number of NumPy's loops for this ufunc.", ["np.add.ntypes  # 22"]),
    entry!(Property, NumpyUfunc, "ufunc", "types", "(self, /)", ufunc_types,
        "NumPy's loops, as 'inputs->outputs' type codes.", ["np.sqrt.types[:3]  # ['e->e', 'f->f', 'd->d']"]),
    entry!(Property, NumpyUfunc, "ufunc", "identity", "(self, /)", ufunc_identity,
        "The value of a reduction over nothing (None when there is none).", ["np.multiply.identity  # 1"]),
    entry!(Property, NumpyUfunc, "ufunc", "signature", "(self, /)", ufunc_signature,
        "The core signature of a generalized ufunc (None for elementwise ones).", ["np.matmul.signature  # '(n?,k),(k,m?)->(n?,m?)'"]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table;

    /// Every ufunc npu implements is exposed under its NumPy name.
    #[test]
    fn every_npu_ufunc_is_in_the_table() {
        for op in UnaryOp::ALL {
            assert!(
                table::lookup("numpy", op.name()).is_some(),
                "np.{}",
                op.name()
            );
        }
        for op in BinaryOp::ALL {
            assert!(
                table::lookup("numpy", op.name()).is_some(),
                "np.{}",
                op.name()
            );
            assert_eq!(binary_ufunc_of(op.name()), Some(*op));
        }
    }
}
