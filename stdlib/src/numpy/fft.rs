//! The `numpy.fft` module: one-axis, 2-d and n-d transforms, the sample
//! frequencies and the shifts. The entries bind arguments; the work is
//! `xpush_npu::ops::fft` (dtypes: float32/complex64 stay single
//! precision, everything else is computed in double).

use xpush_npu::ops::fft as f;
use xpush_npu::{Array, Result as NResult};

use super::conv::{as_array, axes_seq, opt_int, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// A one-axis transform of npu: `(a, n, axis, norm)`.
type OneAxis = fn(&Array, Option<i64>, isize, Option<&str>) -> NResult<Array>;
/// An n-axis transform of npu: `(a, s, axes, norm)`.
type ManyAxes = fn(&Array, Option<&[i64]>, Option<&[isize]>, Option<&str>) -> NResult<Array>;

macro_rules! one_axis {
    ($name:literal, $func:path, $doc:literal, [$($ex:literal),*]) => {
        entry!(Function, NumpyFft, "numpy.fft", $name, "(a, n=None, axis=-1, norm=None)",
            |_: &mut dyn Host, a: &mut Args| one_axis(a, $func), $doc, [$($ex),*])
    };
}

macro_rules! many_axes {
    ($name:literal, $func:path, $doc:literal, [$($ex:literal),*]) => {
        entry!(Function, NumpyFft, "numpy.fft", $name, "(a, s=None, axes=None, norm=None)",
            |_: &mut dyn Host, a: &mut Args| many_axes(a, $func), $doc, [$($ex),*])
    };
}

/// The `numpy.fft` functions.
pub const FUNCS: &[FuncDef] = &[
    one_axis!("fft", f::fft, "Discrete Fourier transform along one axis (n pads or truncates; norm 'backward', 'ortho' or 'forward').",
        ["np.fft.fft([1, 0, 0, 0])  # array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j])", "np.fft.fft([1, 2], norm='x')  # ValueError: Invalid norm value x; should be \"backward\",\"ortho\" or \"forward\"."]),
    one_axis!("ifft", f::ifft, "Inverse discrete Fourier transform along one axis.",
        ["np.fft.ifft([4, 0, 0, 0])  # array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j])"]),
    one_axis!("rfft", f::rfft, "Fourier transform of real input: the n//2 + 1 non-negative frequencies.",
        ["np.fft.rfft([1, 2, 3, 4]).shape  # (3,)", "np.fft.rfft([1, 2, 3, 4])[1]  # np.complex128(-2+2j)"]),
    one_axis!("irfft", f::irfft, "Inverse of rfft: n real samples (default 2 * (m - 1)).",
        ["np.fft.irfft([4, 0, 0])  # array([1., 1., 1., 1.])"]),
    one_axis!("hfft", f::hfft, "Transform of a Hermitian-symmetric signal given by its first half: a real spectrum.",
        ["np.fft.hfft([1, 0, 0])  # array([1., 1., 1., 1.])"]),
    one_axis!("ihfft", f::ihfft, "Inverse of hfft: the first half of the Hermitian spectrum of real input.",
        ["np.fft.ihfft([1, 2, 3, 4])[1]  # np.complex128(-0.5-0.5j)"]),
    many_axes!("fft2", f::fft2, "2-d discrete Fourier transform (over the last two axes by default).",
        ["np.fft.fft2([[1, 0], [0, 0]])  # array([[1.+0.j, 1.+0.j],\n       [1.+0.j, 1.+0.j]])"]),
    many_axes!("ifft2", f::ifft2, "2-d inverse discrete Fourier transform.",
        ["np.fft.ifft2([[4, 0], [0, 0]])  # array([[1.+0.j, 1.+0.j],\n       [1.+0.j, 1.+0.j]])"]),
    many_axes!("rfft2", f::rfft2, "2-d transform of real input (the last axis halved).",
        ["np.fft.rfft2(np.ones((2, 4))).shape  # (2, 3)"]),
    many_axes!("irfft2", f::irfft2, "Inverse of rfft2.", ["np.fft.irfft2(np.ones((2, 3))).shape  # (2, 4)"]),
    many_axes!("fftn", f::fftn, "N-d discrete Fourier transform (all axes by default).",
        ["np.fft.fftn(np.ones((2, 2)))  # array([[4.+0.j, 0.+0.j],\n       [0.+0.j, 0.+0.j]])"]),
    many_axes!("ifftn", f::ifftn, "N-d inverse discrete Fourier transform.",
        ["np.fft.ifftn([[4, 0], [0, 0]])  # array([[1.+0.j, 1.+0.j],\n       [1.+0.j, 1.+0.j]])"]),
    many_axes!("rfftn", f::rfftn, "N-d transform of real input (the last axis halved).",
        ["np.fft.rfftn(np.ones((2, 2, 4))).shape  # (2, 2, 3)"]),
    many_axes!("irfftn", f::irfftn, "Inverse of rfftn.", ["np.fft.irfftn(np.ones((2, 3))).shape  # (2, 4)"]),
    entry!(Function, NumpyFft, "numpy.fft", "fftfreq", "(n, d=1.0)", fftfreq,
        "Sample frequencies of an n-point transform with sample spacing d.",
        ["np.fft.fftfreq(4)  # array([ 0.  ,  0.25, -0.5 , -0.25])"]),
    entry!(Function, NumpyFft, "numpy.fft", "rfftfreq", "(n, d=1.0)", rfftfreq,
        "Non-negative sample frequencies of an n-point rfft.", ["np.fft.rfftfreq(4, d=0.5)  # array([0. , 0.5, 1. ])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyFft, "numpy.fft", "fftshift", "(x, axes=None)", fftshift,
        "Zero frequency moved to the centre (a roll by n//2 along the axes, all by default).",
        ["np.fft.fftshift([0, 1, 2, -2, -1])  # array([-2, -1,  0,  1,  2])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyFft, "numpy.fft", "ifftshift", "(x, axes=None)", ifftshift,
        "Inverse of fftshift.", ["np.fft.ifftshift([-2, -1, 0, 1, 2])  # array([ 0,  1,  2, -2, -1])"]),
];

/// `norm=`: `None` or a string (npu checks its value).
fn norm_arg(v: &Value) -> Result<Option<&str>> {
    match v {
        Value::None => Ok(None),
        Value::Str(s) => Ok(Some(s)),
        other => Err(Error::value_error(format!(
            "Invalid norm value {}; should be \"backward\",\"ortho\" or \"forward\".",
            crate::ops::repr(other)
        ))),
    }
}

fn one_axis(a: &Args, func: OneAxis) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let n = opt_int(a.get(1))?;
    let axis = opt_int(a.get(2))?.unwrap_or(-1) as isize;
    Ok(wrap(func(&x, n, axis, norm_arg(a.get(3))?)?))
}

/// `s=`: `None` or a sequence of ints.
fn s_arg(v: &Value) -> Result<Option<Vec<i64>>> {
    match v {
        Value::None => Ok(None),
        other => crate::py::iter::to_vec(other)?
            .iter()
            .map(|x| Ok(opt_int(x)?.unwrap_or(0)))
            .collect::<Result<Vec<_>>>()
            .map(Some),
    }
}

fn many_axes(a: &Args, func: ManyAxes) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let s = s_arg(a.get(1))?;
    let axes = axes_seq(a.get(2))?;
    Ok(wrap(func(
        &x,
        s.as_deref(),
        axes.as_deref(),
        norm_arg(a.get(3))?,
    )?))
}

/// `n` and `d` of the frequency functions.
fn freq_args(a: &Args) -> Result<(i64, f64)> {
    let n = crate::py::num::index_i64(a.get(0))?;
    let d = crate::py::num::to_f64(&super::conv::py_number(a.get(1))?)?;
    Ok((n, d))
}

fn fftfreq(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (n, d) = freq_args(a)?;
    Ok(wrap(f::fftfreq(n, d)?))
}

fn rfftfreq(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (n, d) = freq_args(a)?;
    Ok(wrap(f::rfftfreq(n, d)?))
}

fn fftshift(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axes = axes_seq(a.get(1))?;
    Ok(wrap(f::fftshift(&x, axes.as_deref())?))
}

fn ifftshift(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axes = axes_seq(a.get(1))?;
    Ok(wrap(f::ifftshift(&x, axes.as_deref())?))
}
