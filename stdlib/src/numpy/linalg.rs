//! Linear algebra: the products of `numpy` (`matmul`, `dot`, `vdot`,
//! `inner`, `outer`, `tensordot`, `einsum`, `kron`, `matrix_transpose`)
//! and the `numpy.linalg` module. The entries only bind arguments; the
//! work is `xpush_npu::ops::linalg` (shapes, dtypes, NumPy's errors).
//!
//! NumPy returns named tuples from `slogdet`, `eig`, `eigh`, `svd` and
//! `qr`; xpush returns plain tuples (they unpack the same way).

use xpush_npu::ops::linalg::{self as la, NormOrd, QrMode, TensordotAxes};
use xpush_npu::Array;

use super::conv::{as_array, axes_seq, wrap_result};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The products in `numpy` and the `numpy.linalg` functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "matmul", "(x1, x2, /)", matmul,
        "Matrix product (the `@` operator): 1-d operands are a row / a column, leading axes broadcast.",
        ["np.matmul([[1, 2], [3, 4]], [1, 1])  # array([3, 7])", "np.matmul([[1, 2]], [[1, 2]])  # ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 1 is different from 2)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "dot", "(a, b)", dot,
        "Dot product: sums the last axis of a against the second-to-last of b (multiply for scalars).",
        ["np.dot([1, 2], [3, 4])  # np.int64(11)", "np.dot([[1, 0], [0, 2]], [[1], [1]])  # array([[1],\n       [2]])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "vdot", "(a, b, /)", vdot,
        "Dot product of the flattened arrays, conjugating the first.",
        ["np.vdot([1j, 2], [1j, 3])  # np.complex128(7+0j)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "inner", "(a, b, /)", inner,
        "Inner product over the last axes of both arrays.", ["np.inner([1, 2, 3], [0, 1, 0])  # np.int64(2)"]),
    entry!(npu = crate::coverage::how::UFUNC_OUTER, runs = Dispatch, Function, NumpyLinalg, "numpy", "outer", "(a, b)", outer,
        "Outer product of the flattened arrays.", ["np.outer([1, 2], [1, 10])  # array([[ 1, 10],\n       [ 2, 20]])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "tensordot", "(a, b, axes=2)", tensordot,
        "Sum of products over the given axes: an int N (last N of a, first N of b) or a pair of axis lists.",
        ["np.tensordot(np.ones((2, 3)), np.ones((3, 4)), axes=1).shape  # (2, 4)", "np.tensordot([[1, 2], [3, 4]], [[1, 0], [0, 1]], axes=([0], [1]))  # array([[1, 3],\n       [2, 4]])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "einsum", "(subscripts, /, *operands, optimize=False)", einsum,
        "Einstein summation ('ij,jk->ik'; implicit output, repeated indices and '...' allowed), or the interleaved form einsum(a, [0, 1], b, [1, 2], [0, 2]). optimize= (a contraction order, as np.einsum_path gives) is accepted; xpush contracts in its own order.",
        ["np.einsum('ii', [[1, 2], [3, 4]])  # np.int64(5)", "np.einsum([[1, 2], [3, 4]], [0, 0])  # np.int64(5)", "np.einsum('ij->ji', [[1, 2]])  # array([[1],\n       [2]])"]),
    entry!(npu = crate::coverage::how::UFUNC_OUTER, runs = Dispatch, Function, NumpyLinalg, "numpy", "kron", "(a, b)", kron,
        "Kronecker product.", ["np.kron([1, 2], [1, 10])  # array([ 1, 10,  2, 20])"]),
    entry!(Function, NumpyLinalg, "numpy", "matrix_transpose", "(x, /)", matrix_transpose,
        "The last two axes swapped, as a view.", ["np.matrix_transpose([[1, 2]])  # array([[1],\n       [2]])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Method, NdArray, "ndarray", "dot", "(self, b, /)", dot,
        "Dot product with b (as np.dot(a, b)).", ["np.array([1, 2]).dot([3, 4])  # np.int64(11)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "matmul", "(x1, x2, /)", matmul,
        "Matrix product (as np.matmul).", ["np.linalg.matmul([1, 2], [[1], [2]])  # array([5])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "matrix_transpose", "(x, /)", matrix_transpose,
        "The last two axes swapped (as np.matrix_transpose).", ["np.linalg.matrix_transpose(np.zeros((2, 3))).shape  # (3, 2)"]),
    entry!(npu = crate::coverage::how::UFUNC_OUTER, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "outer", "(x1, x2, /)", linalg_outer,
        "Outer product of two 1-d arrays.",
        ["np.linalg.outer([1, 2], [3, 4])  # array([[3, 4],\n       [6, 8]])", "np.linalg.outer([[1, 2]], [1, 2])  # ValueError: Input arrays must be one-dimensional, but they are x1.ndim=2 and x2.ndim=1."]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "multi_dot", "(arrays, *, out=None)", multi_dot,
        "Chained dot product of two or more arrays (the first and last may be 1-d).",
        ["np.linalg.multi_dot([[1, 2], [[1, 0], [0, 1]], [1, 1]])  # np.int64(3)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "matrix_power", "(a, n)", matrix_power,
        "A square matrix to an integer power (negative powers invert; 0 gives the identity).",
        ["np.linalg.matrix_power([[1, 1], [0, 1]], 3)  # array([[1, 3],\n       [0, 1]])", "np.linalg.matrix_power([[1, 1], [0, 1]], 1.5)  # TypeError: exponent must be an integer"]),
    entry!(npu = crate::coverage::how::NORM, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "norm", "(x, ord=None, axis=None, keepdims=False)", norm,
        "Vector or matrix norm (ord: None, a number, inf, 'fro' or 'nuc'; axis: an int or a pair).",
        ["np.linalg.norm([3, 4])  # np.float64(5.0)", "np.linalg.norm([[1, 2], [3, 4]], 1)  # np.float64(6.0)"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "det", "(a)", det,
        "Determinant of a square matrix (or of each in a stack).", ["np.linalg.det([[2, 0], [0, 3]])  # np.float64(6.0)"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "slogdet", "(a)", slogdet,
        "Sign and natural log of the absolute determinant: SlogdetResult(sign, logabsdet), a namedtuple.",
        ["np.linalg.slogdet([[2, 0], [0, 3]])  # SlogdetResult(sign=np.float64(1.0), logabsdet=np.float64(1.791759469228055))"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "inv", "(a)", inv,
        "Inverse of a square matrix; LinAlgError: Singular matrix when there is none.",
        ["np.linalg.inv([[2, 0], [0, 4]])  # array([[0.5 , 0.  ],\n       [0.  , 0.25]])", "np.linalg.inv([[1, 2], [2, 4]])  # LinAlgError: Singular matrix"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "solve", "(a, b)", solve,
        "Solves a x = b for a square a (b a vector or a stack of matrices).",
        ["np.linalg.solve([[2, 0], [0, 4]], [2, 2])  # array([1. , 0.5])", "np.linalg.solve([[1, 2], [2, 4]], [1, 2])  # LinAlgError: Singular matrix"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "cholesky", "(a, /, *, upper=False)", cholesky,
        "Cholesky factor L (a = L L^H) of a Hermitian positive-definite matrix, or the upper one.",
        ["np.linalg.cholesky([[4, 2], [2, 5]])  # array([[2., 0.],\n       [1., 2.]])", "np.linalg.cholesky([[1, 2], [2, 1]])  # LinAlgError: Matrix is not positive definite"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "qr", "(a, mode='reduced')", qr,
        "QR factorisation: QRResult(Q, R), a namedtuple, for mode 'reduced' or 'complete'; R alone for 'r'. Signs may differ from LAPACK's.",
        ["np.linalg.qr([[3, 0], [4, 5]], mode='r').shape  # (2, 2)"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "svd", "(a, full_matrices=True, compute_uv=True, hermitian=False)", svd,
        "Singular value decomposition: SVDResult(U, S, Vh), a namedtuple, or S alone with compute_uv=False. Vector signs may differ from LAPACK's.",
        ["np.linalg.svd([[3, 0], [0, 4]], compute_uv=False)  # array([4., 3.])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "eig", "(a)", eig,
        "Eigenvalues and right eigenvectors of a square matrix (complex when needed): EigResult(eigenvalues, eigenvectors), a namedtuple. Order and phases may differ from LAPACK's.",
        ["np.linalg.eig([[2, 0], [0, 3]])[0]  # array([2., 3.])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "eigvals", "(a)", eigvals,
        "Eigenvalues of a square matrix. Order may differ from LAPACK's.", ["np.linalg.eigvals([[0, 1], [-1, 0]])  # array([0.+1.j, 0.-1.j])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "eigh", "(a, UPLO='L')", eigh,
        "Ascending eigenvalues and orthonormal eigenvectors of a Hermitian matrix: EighResult(eigenvalues, eigenvectors), a namedtuple. Vector signs may differ from LAPACK's.",
        ["np.linalg.eigh([[2, 1], [1, 2]]).eigenvalues  # array([1., 3.])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "eigvalsh", "(a, UPLO='L')", eigvalsh,
        "Ascending eigenvalues of a Hermitian matrix.",
        ["np.linalg.eigvalsh([[2, 1], [1, 2]])  # array([1., 3.])", "np.linalg.eigvalsh([[1]], UPLO='X')  # ValueError: UPLO argument must be 'L' or 'U'"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "lstsq", "(a, b, rcond=None)", lstsq,
        "Least-squares solution of a x = b: (x, residuals, rank, singular values).",
        ["np.linalg.lstsq([[1, 0], [0, 1], [0, 0]], [1, 2, 3])[0]  # array([1., 2.])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "pinv", "(a, rcond=None, hermitian=False)", pinv,
        "Moore-Penrose pseudo-inverse (singular values below rcond * max dropped; default 1e-15).",
        ["np.linalg.pinv([[2, 0], [0, 0]])  # array([[0.5, 0. ],\n       [0. , 0. ]])"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "matrix_rank", "(A, tol=None, hermitian=False)", matrix_rank,
        "Rank by the SVD: singular values above tol (default max(s) * max(m, n) * eps).",
        ["np.linalg.matrix_rank([[1, 2], [2, 4]])  # np.int64(1)"]),
    entry!(Function, NumpyLinalg, "numpy.linalg", "cond", "(x, p=None)", cond,
        "Condition number in the given norm (default 2: ratio of extreme singular values).",
        ["np.linalg.cond([[1, 0], [0, 2]])  # np.float64(2.0)"]),
];

/// Both operands of a binary product as arrays.
fn pair(a: &Args) -> Result<(Array, Array)> {
    Ok((as_array(a.get(0))?, as_array(a.get(1))?))
}

/// `a @ b` for the language's operator: `np.matmul`.
pub fn matmul_values(x: &Value, y: &Value) -> Result<Value> {
    wrap_result(la::matmul(&as_array(x)?, &as_array(y)?)?)
}

/// `a @= b`: NumPy's `matmul(a, b, out=a)` over the last two axes of
/// each: `b` must be at least 2-d, the product must keep `a`'s shape, and
/// its dtype must cast to `a`'s with `same_kind`.
pub fn matmul_inplace(a: &Array, b: &Array) -> Result<()> {
    if a.ndim() < 1 || b.ndim() < 2 {
        return Err(Error::value_error(
            "inplace matrix multiplication requires the first operand to have at least one and the second at least two dimensions.",
        ));
    }
    let r = la::matmul(a, b)?;
    let (k, m) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if k != m {
        return Err(Error::value_error(format!(
            "matmul: Output operand 0 has a mismatch in its core dimension {}, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {k} is different from {m})",
            usize::from(a.ndim() > 1)
        )));
    }
    if r.shape() != a.shape() {
        return Err(Error::value_error(format!(
            "non-broadcastable output operand with shape {} doesn't match the broadcast shape {}",
            xpush_npu::layout::shape_repr(a.shape()),
            xpush_npu::layout::shape_repr(r.shape())
        )));
    }
    if !xpush_npu::promote::can_cast(r.dtype(), a.dtype(), xpush_npu::promote::Casting::SameKind) {
        return Err(Error::new(
            crate::ExcKind::UFuncTypeError,
            format!(
                "Cannot cast ufunc 'matmul' output from {} to {} with casting rule 'same_kind'",
                r.dtype().repr(),
                a.dtype().repr()
            ),
        ));
    }
    xpush_npu::ops::set_index(
        a,
        &[xpush_npu::ops::Index::Ellipsis],
        xpush_npu::ops::Operand::Array(&r),
    )
}

fn matmul(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    matmul_values(a.get(0), a.get(1))
}

fn dot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::dot(&x, &y)?)
}

fn vdot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::vdot(&x, &y)?)
}

fn inner(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::inner(&x, &y)?)
}

fn outer(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::outer(&x, &y)?)
}

fn linalg_outer(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    if x.ndim() != 1 || y.ndim() != 1 {
        return Err(Error::value_error(format!(
            "Input arrays must be one-dimensional, but they are x1.ndim={} and x2.ndim={}.",
            x.ndim(),
            y.ndim()
        )));
    }
    wrap_result(la::outer(&x, &y)?)
}

/// One side of `tensordot`'s `axes=(a_axes, b_axes)`: an int or a list.
fn axis_list(v: &Value) -> Result<Vec<isize>> {
    Ok(axes_seq(v)?.unwrap_or_default())
}

/// `tensordot`'s `axes=`: an int `N` or a pair of axis lists.
pub(crate) fn tensordot_axes(v: &Value) -> Result<TensordotAxes> {
    match v {
        Value::List(_) | Value::Tuple(_) => {
            let items = crate::py::iter::to_vec(v)?;
            let [xa, ya] = items.as_slice() else {
                return Err(Error::value_error("axes must consist of two sequences."));
            };
            Ok(TensordotAxes::Pair(axis_list(xa)?, axis_list(ya)?))
        }
        other => {
            let n = crate::py::num::index_i64(other)?;
            let n = usize::try_from(n)
                .map_err(|_| Error::value_error("negative axes are not supported in tensordot"))?;
            Ok(TensordotAxes::N(n))
        }
    }
}

fn tensordot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    let axes = tensordot_axes(a.get(2))?;
    // NumPy returns a 0-d array (not a scalar) for a full contraction.
    Ok(super::conv::wrap(la::tensordot(&x, &y, &axes)?))
}

fn einsum(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (spec, ops) = match a.get(0) {
        Value::Str(spec) => (spec.to_string(), a.rest.clone()),
        first => {
            let mut all = vec![first.clone()];
            all.extend(a.rest.iter().cloned());
            interleaved(&all)?
        }
    };
    let ops: Vec<Array> = ops.iter().map(as_array).collect::<Result<_>>()?;
    wrap_result(la::einsum(&spec, &ops)?)
}

/// `einsum`'s interleaved form (`einsum(a, [0, 1], b, [1, 2], [0, 2])`):
/// the subscripts string it spells and the operands. Each operand is
/// followed by its list of axis numbers (0-51 become `a`-`z`, `A`-`Z`;
/// `...` stays), and a last list without an operand is the output's.
pub(crate) fn interleaved(args: &[Value]) -> Result<(String, Vec<Value>)> {
    const SYMBOLS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let letters = |v: &Value| -> Result<String> {
        let mut out = String::new();
        for s in crate::py::iter::to_vec(v)? {
            match s {
                Value::Ellipsis => out.push_str("..."),
                s => {
                    let k = crate::py::num::index_i64(&s).map_err(|_| {
                        Error::type_error("each subscript must be either an integer or an ellipsis")
                    })?;
                    match usize::try_from(k).ok().and_then(|k| SYMBOLS.get(k)) {
                        Some(&c) => out.push(c as char),
                        None => {
                            return Err(Error::value_error(
                                "subscript is not within the valid range [0, 52)",
                            ))
                        }
                    }
                }
            }
        }
        Ok(out)
    };
    let mut ops = Vec::new();
    let mut inputs = Vec::new();
    let mut pairs = args.chunks_exact(2);
    for pair in pairs.by_ref() {
        ops.push(pair[0].clone());
        inputs.push(letters(&pair[1])?);
    }
    let mut spec = inputs.join(",");
    if let [out] = pairs.remainder() {
        spec.push_str("->");
        spec.push_str(&letters(out)?);
    }
    Ok((spec, ops))
}

fn kron(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::kron(&x, &y)?)
}

fn matrix_transpose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(la::matrix_transpose(&as_array(a.get(0))?)?)
}

fn multi_dot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if !a.get(1).is_none() {
        return Err(Error::not_implemented("multi_dot: out= is not supported"));
    }
    let arrays: Vec<Array> = crate::py::iter::to_vec(a.get(0))?
        .iter()
        .map(as_array)
        .collect::<Result<_>>()?;
    wrap_result(la::multi_dot(&arrays)?)
}

fn matrix_power(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let n = match a.get(1) {
        Value::Float(_) | Value::Complex(_) | Value::Str(_) | Value::None => {
            return Err(Error::type_error("exponent must be an integer"))
        }
        Value::Scalar(s) if !s.dtype().is_integer() => {
            return Err(Error::type_error("exponent must be an integer"))
        }
        other => super::conv::opt_int(other)?.unwrap_or(0),
    };
    wrap_result(la::matrix_power(&x, n)?)
}

/// `ord=` of `norm` and `p=` of `cond`: `None`, a number, `'fro'`,
/// `'nuc'`; other strings are NumPy's `ValueError` for `vector` or matrix
/// norms.
fn norm_ord(v: &Value, vector: bool) -> Result<Option<NormOrd>> {
    Ok(Some(match v {
        Value::None => return Ok(None),
        Value::Str(s) => match &**s {
            "fro" if !vector => NormOrd::Fro,
            "nuc" if !vector => NormOrd::Nuc,
            _ if vector => {
                return Err(Error::value_error(format!(
                    "Invalid norm order '{s}' for vectors"
                )))
            }
            _ => return Err(Error::value_error("Invalid norm order for matrices.")),
        },
        other => NormOrd::P(crate::py::num::to_f64(&super::conv::py_number(other)?)?),
    }))
}

fn norm(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axis = axes_seq(a.get(2))?;
    let vector = match &axis {
        Some(ax) => ax.len() == 1,
        None => x.ndim() == 1,
    };
    let ord = norm_ord(a.get(1), vector)?;
    let keepdims = crate::ops::truthy(a.get(3))?;
    wrap_result(la::norm(&x, ord, axis.as_deref(), keepdims)?)
}

fn det(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(la::det(&as_array(a.get(0))?)?)
}

/// A tuple of results (0-d arrays become NumPy scalars).
fn tuple_of(items: Vec<Array>) -> Result<Value> {
    Ok(Value::tuple(
        items.into_iter().map(wrap_result).collect::<Result<_>>()?,
    ))
}

/// One of `numpy.linalg`'s namedtuple results (`EighResult(eigenvalues=...,
/// eigenvectors=...)`), its fields named in order.
fn named(typename: &'static str, names: &[&'static str], items: Vec<Array>) -> Result<Value> {
    let fields = names
        .iter()
        .zip(items)
        .map(|(&n, a)| Ok((n, wrap_result(a)?)))
        .collect::<Result<Vec<_>>>()?;
    crate::collections::named_result("numpy.linalg._linalg", typename, &fields)
}

fn slogdet(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (s, l) = la::slogdet(&as_array(a.get(0))?)?;
    named("SlogdetResult", &["sign", "logabsdet"], vec![s, l])
}

fn inv(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(la::inv(&as_array(a.get(0))?)?)
}

fn solve(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    wrap_result(la::solve(&x, &y)?)
}

fn cholesky(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let upper = crate::ops::truthy(a.get(1))?;
    wrap_result(la::cholesky(&as_array(a.get(0))?, upper)?)
}

/// A string argument (`mode=`, `UPLO=`), or a TypeError naming it.
fn str_arg<'a>(v: &'a Value, what: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "{what} must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

fn qr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mode = QrMode::parse(str_arg(a.get(1), "mode")?)?;
    let r = la::qr(&as_array(a.get(0))?, mode)?;
    if mode == QrMode::R {
        return wrap_result(r.into_iter().next().ok_or_else(internal)?);
    }
    named("QRResult", &["Q", "R"], r)
}

fn internal() -> Error {
    Error::runtime_error("internal: missing linalg result")
}

fn svd(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let full = crate::ops::truthy(a.get(1))?;
    let uv = crate::ops::truthy(a.get(2))?;
    if crate::ops::truthy(a.get(3))? {
        return Err(Error::not_implemented(
            "svd(hermitian=True) is not supported in xpush; use eigh",
        ));
    }
    let r = la::svd(&x, full, uv)?;
    if !uv {
        return wrap_result(r.into_iter().next().ok_or_else(internal)?);
    }
    named("SVDResult", &["U", "S", "Vh"], r)
}

fn eig(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, v) = la::eig(&as_array(a.get(0))?)?;
    named("EigResult", &["eigenvalues", "eigenvectors"], vec![w, v])
}

fn eigvals(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(la::eigvals(&as_array(a.get(0))?)?)
}

fn eigh(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (w, v) = la::eigh(&as_array(a.get(0))?, str_arg(a.get(1), "UPLO")?)?;
    named("EighResult", &["eigenvalues", "eigenvectors"], vec![w, v])
}

fn eigvalsh(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(la::eigvalsh(
        &as_array(a.get(0))?,
        str_arg(a.get(1), "UPLO")?,
    )?)
}

/// An optional float argument (`rcond=`, `tol=`).
fn opt_f64(v: &Value) -> Result<Option<f64>> {
    match v {
        Value::None => Ok(None),
        other => crate::py::num::to_f64(&super::conv::py_number(other)?).map(Some),
    }
}

fn lstsq(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = pair(a)?;
    let (sol, res, rank, s) = la::lstsq(&x, &y, opt_f64(a.get(2))?)?;
    tuple_of(vec![sol, res, rank, s])
}

fn pinv(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // `hermitian=True` only selects a cheaper LAPACK path in NumPy.
    wrap_result(la::pinv(&as_array(a.get(0))?, opt_f64(a.get(1))?)?)
}

fn matrix_rank(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // `hermitian=True` only selects a cheaper LAPACK path in NumPy.
    let x = as_array(a.get(0))?;
    let r = la::matrix_rank(&x, opt_f64(a.get(1))?)?;
    if x.ndim() < 2 {
        // NumPy's `int(not all(A == 0))`: a Python int.
        return Ok(super::conv::to_python(&r.item()?));
    }
    wrap_result(r)
}

fn cond(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = norm_ord(a.get(1), false)?;
    wrap_result(la::cond(&as_array(a.get(0))?, p)?)
}
