//! The functions of the basis modules (`polyval`, `chebfit`, `legder`,
//! ...) on language values, each following its NumPy source: coefficients
//! through `pu.as_series` into [`series`](super::series), evaluations and
//! Vandermonde matrices through the operators (so they take arrays,
//! scalars and, for `convert`, polynomial objects), fits through
//! `np.linalg.lstsq` and roots through `np.linalg.eigvals`.

use num_complex::Complex64;
use xpush_lang::ast::{BinOp, CmpOp};
use xpush_npu::{Array, DType, Scalar};

use super::series::{self, Coef};
use super::Basis;
use crate::host::Host;
use crate::numpy::compose::{call_in, cmp, item, method, np, np_kw, slice, truth};
use crate::numpy::conv::{as_array, wrap};
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// A coefficient series: float64 or complex128 (NumPy's common type).
#[derive(Clone, Debug)]
pub enum Series {
    /// float64.
    R(Vec<f64>),
    /// complex128.
    C(Vec<Complex64>),
}

/// Runs `$body` on the series' vector as `$v`, wrapping a vector result.
macro_rules! map_series {
    ($s:expr, $v:ident => $body:expr) => {
        match $s {
            Series::R($v) => Series::R($body),
            Series::C($v) => Series::C($body),
        }
    };
}
pub(crate) use map_series;

impl Series {
    /// The number of coefficients.
    pub fn len(&self) -> usize {
        match self {
            Series::R(v) => v.len(),
            Series::C(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn complex(self) -> Vec<Complex64> {
        match self {
            Series::R(v) => v.into_iter().map(|x| Complex64::new(x, 0.0)).collect(),
            Series::C(v) => v,
        }
    }

    /// The series as a 1-d array value.
    pub fn value(self) -> Result<Value> {
        let a = match self {
            Series::R(v) => {
                let n = v.len();
                Array::from_vec(v, &[n])?
            }
            Series::C(v) => {
                let n = v.len();
                Array::from_vec(v, &[n])?
            }
        };
        Ok(wrap(xpush_npu::device::place(a)?))
    }
}

/// Two series of one type.
pub enum Pair {
    /// Both float64.
    R(Vec<f64>, Vec<f64>),
    /// Both complex128.
    C(Vec<Complex64>, Vec<Complex64>),
}

impl Pair {
    fn of(a: Series, b: Series) -> Pair {
        match (a, b) {
            (Series::R(x), Series::R(y)) => Pair::R(x, y),
            (a, b) => Pair::C(a.complex(), b.complex()),
        }
    }
}

/// `a op b` with Python's dispatch, polynomial objects included.
pub fn op(host: &mut dyn Host, o: BinOp, a: &Value, b: &Value) -> Result<Value> {
    match crate::py::class::binary(host, o, a, b) {
        Some(r) => r,
        None => crate::ops::binary(o, a, b),
    }
}

/// `len(v)` with Python's dispatch.
pub fn py_len(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let len = crate::table::builtin("len").ok_or_else(|| Error::type_error("len is missing"))?;
    let n = crate::ops::call(host, &len, vec![v.clone()], Vec::new())?;
    crate::py::num::index_i64(&n)
}

/// `np.array(v, ndmin=1)`.
fn array_1d(v: &Value) -> Result<Array> {
    let a = as_array(v)?;
    if a.ndim() == 0 {
        return a.reshape(&[1]);
    }
    Ok(a)
}

/// One value as a series (`pu.as_series([v], trim)[0]`, before the common type).
fn one_series(v: &Value, trim: bool) -> Result<Series> {
    // What the runtime's arrays cannot hold (text) has no numeric common type.
    let a = array_1d(v).map_err(|e| {
        if e.kind() == ExcKind::TypeError {
            Error::value_error("Coefficient arrays have no common type")
        } else {
            e
        }
    })?;
    if a.size() == 0 {
        return Err(Error::value_error("Coefficient array is empty"));
    }
    if a.ndim() != 1 {
        return Err(Error::value_error("Coefficient array is not 1-d"));
    }
    let s = if a.dtype().is_complex() {
        Series::C(a.astype(DType::Complex128).to_vec::<Complex64>()?)
    } else {
        Series::R(a.astype(DType::Float64).to_vec::<f64>()?)
    };
    Ok(if trim {
        map_series!(s, v => series::trimseq(v))
    } else {
        s
    })
}

/// `np.common_type` of the coefficient arrays: float16, float32 and
/// complex64 stay narrow, integers count as float64. The series are
/// computed in float64 or complex128 and cast to it ([`narrow`]).
pub fn common_type(vals: &[&Value]) -> Result<DType> {
    let (mut complex, mut wide) = (false, false);
    let mut half = true;
    for v in vals {
        match as_array(v)?.dtype() {
            DType::Float16 => {}
            DType::Float32 => half = false,
            DType::Complex64 => {
                complex = true;
                half = false;
            }
            DType::Complex128 => {
                complex = true;
                wide = true;
            }
            _ => wide = true,
        }
    }
    Ok(match (complex, wide, half) {
        (true, true, _) => DType::Complex128,
        (true, false, _) => DType::Complex64,
        (false, true, _) => DType::Float64,
        (false, false, true) => DType::Float16,
        (false, false, false) => DType::Float32,
    })
}

/// An array value (or a tuple of them) cast to the narrow common type `dt`.
pub fn narrow(v: Value, dt: DType) -> Result<Value> {
    if matches!(dt, DType::Float64 | DType::Complex128) {
        return Ok(v);
    }
    match &v {
        Value::Tuple(items) => Ok(Value::tuple(
            items
                .iter()
                .map(|x| narrow(x.clone(), dt))
                .collect::<Result<Vec<_>>>()?,
        )),
        Value::Array(a) if a.dtype() != dt => Ok(wrap(a.astype(dt))),
        _ => Ok(v),
    }
}

/// `pu.as_series([v], trim)`.
pub fn as_series(v: &Value, trim: bool) -> Result<Series> {
    one_series(v, trim)
}

/// `pu.as_series([a, b])`.
pub fn as_pair(a: &Value, b: &Value) -> Result<Pair> {
    Ok(Pair::of(one_series(a, true)?, one_series(b, true)?))
}

/// A scalar argument as float64 or complex128.
#[derive(Clone, Copy, Debug)]
pub enum Num {
    /// A real number.
    R(f64),
    /// A complex number.
    C(Complex64),
}

impl Num {
    /// The value read from a Python or NumPy number.
    pub fn of(v: &Value) -> Result<Num> {
        let s = crate::numpy::conv::to_scalar(v)?;
        Ok(match s {
            Scalar::Complex64(c) => Num::C(Complex64::new(c.re.into(), c.im.into())),
            Scalar::Complex128(c) => Num::C(c),
            s => Num::R(s.to_elem().as_f64()),
        })
    }

    fn c(self) -> Complex64 {
        match self {
            Num::R(x) => Complex64::new(x, 0.0),
            Num::C(c) => c,
        }
    }

    fn r(self) -> f64 {
        match self {
            Num::R(x) => x,
            Num::C(c) => c.re,
        }
    }

    fn is_complex(self) -> bool {
        matches!(self, Num::C(_))
    }
}

/// `pu._as_int(x, desc)`.
pub fn as_int(v: &Value, desc: &str) -> Result<i64> {
    crate::py::num::index_i64(v).map_err(|_| {
        Error::type_error(format!(
            "{desc} must be an integer, received {}",
            crate::ops::to_str(v)
        ))
    })
}

/// `int(v)` compared with `v`: the integer when `v` is integral.
fn integral(host: &mut dyn Host, v: &Value) -> Result<Option<i64>> {
    let int =
        crate::table::lookup_builtin("int").ok_or_else(|| Error::type_error("int is missing"))?;
    let i = crate::ops::call(host, &Value::Builtin(int), vec![v.clone()], Vec::new())?;
    if !truth(&cmp(CmpOp::Eq, &i, v)?)? {
        return Ok(None);
    }
    crate::py::num::index_i64(&i).map(Some)
}

/// `<basis>add(c1, c2)` (`pu._add`).
pub fn add(c1: &Value, c2: &Value) -> Result<Value> {
    let v = match as_pair(c1, c2)? {
        Pair::R(a, b) => Series::R(series::add(&a, &b)),
        Pair::C(a, b) => Series::C(series::add(&a, &b)),
    }
    .value()?;
    narrow(v, common_type(&[c1, c2])?)
}

/// `<basis>sub(c1, c2)` (`pu._sub`).
pub fn sub(c1: &Value, c2: &Value) -> Result<Value> {
    let v = match as_pair(c1, c2)? {
        Pair::R(a, b) => Series::R(series::sub(&a, &b)),
        Pair::C(a, b) => Series::C(series::sub(&a, &b)),
    }
    .value()?;
    narrow(v, common_type(&[c1, c2])?)
}

/// `<basis>mul(c1, c2)`.
pub fn mul(basis: Basis, c1: &Value, c2: &Value) -> Result<Value> {
    let v = match as_pair(c1, c2)? {
        Pair::R(a, b) => Series::R(series::mul(basis, &a, &b)),
        Pair::C(a, b) => Series::C(series::mul(basis, &a, &b)),
    }
    .value()?;
    narrow(v, common_type(&[c1, c2])?)
}

/// `<basis>div`: `(quotient, remainder)` as series.
pub fn div_series(basis: Basis, c1: &Value, c2: &Value) -> Result<(Series, Series)> {
    Ok(match as_pair(c1, c2)? {
        Pair::R(a, b) => {
            let (q, r) = series::div(basis, &a, &b)?;
            (Series::R(q), Series::R(r))
        }
        Pair::C(a, b) => {
            let (q, r) = series::div(basis, &a, &b)?;
            (Series::C(q), Series::C(r))
        }
    })
}

/// `<basis>div(c1, c2)`: `(quotient, remainder)`.
pub fn div(basis: Basis, c1: &Value, c2: &Value) -> Result<Value> {
    let (q, r) = div_series(basis, c1, c2)?;
    let dt = common_type(&[c1, c2])?;
    Ok(Value::tuple(vec![
        narrow(q.value()?, dt)?,
        narrow(r.value()?, dt)?,
    ]))
}

/// `<basis>mulx(c)`.
pub fn mulx(basis: Basis, c: &Value) -> Result<Value> {
    let v = map_series!(as_series(c, true)?, v => series::mulx(basis, &v)).value()?;
    narrow(v, common_type(&[c])?)
}

/// `<basis>pow(c, pow, maxpower)`.
pub fn pow(
    host: &mut dyn Host,
    basis: Basis,
    c: &Value,
    p: &Value,
    maxpower: &Value,
) -> Result<Value> {
    let s = as_series(c, true)?;
    let power = match integral(host, p)? {
        Some(n) if n >= 0 => n as usize,
        _ => return Err(Error::value_error("Power must be a non-negative integer.")),
    };
    if !maxpower.is_none() && truth(&cmp(CmpOp::Gt, &Value::Int(power as i64), maxpower)?)? {
        return Err(Error::value_error("Power is too large"));
    }
    let v = map_series!(s, v => series::pow(basis, &v, power)).value()?;
    narrow(v, common_type(&[c])?)
}

/// `np.array(c, ndmin=1, copy=True)` with integer and bool types made float64.
fn float_coefs(c: &Value) -> Result<Array> {
    let a = array_1d(c)?;
    let dt = a.dtype();
    Ok(if dt.is_integer() || dt.is_bool() {
        a.astype(DType::Float64)
    } else {
        xpush_npu::ops::copy(&a)?
    })
}

/// The columns of `c` along `axis` (moved first), as NumPy's derivatives
/// and integrals treat them: each column on its own, element by element.
struct Columns {
    /// The coefficients' dtype (the result's).
    dtype: DType,
    /// The normalised axis.
    axis: i64,
    /// The shape after the first axis of the moved array.
    rest: Vec<usize>,
    /// Each column (a series along `axis`).
    cols: Vec<Series>,
}

impl Columns {
    fn of(host: &mut dyn Host, c: &Array, axis: &Value) -> Result<Columns> {
        let iaxis = as_int(axis, "the axis")?;
        let nd = c.ndim() as i64;
        if iaxis < -nd || iaxis >= nd {
            return Err(Error::new(
                ExcKind::AxisError,
                format!("axis {iaxis} is out of bounds for array of dimension {nd}"),
            ));
        }
        let axis = iaxis.rem_euclid(nd);
        let moved = np(
            host,
            "moveaxis",
            vec![wrap(c.clone()), Value::Int(axis), Value::Int(0)],
        )?;
        let ma = as_array(&moved)?;
        let n = ma.shape()[0];
        let rest = ma.shape()[1..].to_vec();
        let m: usize = rest.iter().product();
        fn split<T: Copy>(flat: &[T], n: usize, m: usize) -> Vec<Vec<T>> {
            (0..m)
                .map(|j| (0..n).map(|i| flat[i * m + j]).collect())
                .collect()
        }
        let cols = if c.dtype().is_complex() {
            let flat: Vec<Complex64> = ma.astype(DType::Complex128).to_vec()?;
            split(&flat, n, m).into_iter().map(Series::C).collect()
        } else {
            let flat: Vec<f64> = ma.astype(DType::Float64).to_vec()?;
            split(&flat, n, m).into_iter().map(Series::R).collect()
        };
        Ok(Columns {
            dtype: c.dtype(),
            axis,
            rest,
            cols,
        })
    }

    /// The array of the columns, the axis moved back.
    fn value(self, host: &mut dyn Host) -> Result<Value> {
        self.value_moved(host, true)
    }

    /// The array of the columns, the axis moved back when `restore`.
    fn value_moved(self, host: &mut dyn Host, restore: bool) -> Result<Value> {
        let m = self.cols.len();
        let n = self.cols.first().map_or(0, Series::len);
        let mut shape = vec![n];
        shape.extend(&self.rest);
        let complex = self.cols.iter().any(|c| matches!(c, Series::C(_)));
        let a = if complex {
            let cols: Vec<Vec<Complex64>> = self.cols.into_iter().map(Series::complex).collect();
            let flat: Vec<Complex64> = (0..n * m).map(|k| cols[k % m][k / m]).collect();
            Array::from_vec(flat, &shape)?
        } else {
            let cols: Vec<Vec<f64>> = self
                .cols
                .into_iter()
                .map(|c| match c {
                    Series::R(v) => v,
                    Series::C(v) => v.into_iter().map(|z| z.re).collect(),
                })
                .collect();
            let flat: Vec<f64> = (0..n * m).map(|k| cols[k % m][k / m]).collect();
            Array::from_vec(flat, &shape)?
        };
        let a = narrow(wrap(xpush_npu::device::place(a)?), self.dtype)?;
        if !restore {
            return Ok(a);
        }
        np(
            host,
            "moveaxis",
            vec![a, Value::Int(0), Value::Int(self.axis)],
        )
    }
}

/// `<basis>der(c, m, scl, axis)`.
pub fn der(
    host: &mut dyn Host,
    basis: Basis,
    c: &Value,
    m: &Value,
    scl: &Value,
    axis: &Value,
) -> Result<Value> {
    let arr = float_coefs(c)?;
    let cnt = as_int(m, "the order of derivation")?;
    as_int(axis, "the axis")?;
    if cnt < 0 {
        return Err(Error::value_error(
            "The order of derivation must be non-negative",
        ));
    }
    let mut cols = Columns::of(host, &arr, axis)?;
    if cnt == 0 {
        return Ok(wrap(arr));
    }
    let scl = Num::of(scl)?;
    // hermeder returns `c[:1] * 0` before moving the axis back.
    let n = cols.cols.first().map_or(0, Series::len);
    let restore = !(basis == Basis::HermE && cnt as usize >= n);
    cols.cols = std::mem::take(&mut cols.cols)
        .into_iter()
        .map(|s| match (s, scl.is_complex()) {
            (Series::R(v), false) => Series::R(series::der(basis, &v, cnt as usize, scl.r())),
            (s, _) => Series::C(series::der(basis, &s.complex(), cnt as usize, scl.c())),
        })
        .collect();
    cols.value_moved(host, restore)
}

/// The integration steps of `<basis>int` on every column at once: a
/// column block that is all zeros of length one takes the constant alone.
fn integrate<T: Coef>(
    basis: Basis,
    mut cols: Vec<Vec<T>>,
    k: &[T],
    lbnd: T,
    scl: T,
) -> Vec<Vec<T>> {
    for &ki in k {
        for c in cols.iter_mut() {
            for v in c.iter_mut() {
                *v = *v * scl;
            }
        }
        let all_zero = cols.iter().all(|c| c.len() == 1 && c[0] == T::real(0.0));
        for c in cols.iter_mut() {
            if all_zero {
                c[0] = c[0] + ki;
            } else {
                let mut tmp = series::int_step(basis, c);
                tmp[0] = tmp[0] + (ki - series::val_at(basis, lbnd, &tmp));
                *c = tmp;
            }
        }
    }
    cols
}

/// `<basis>int(c, m, k, lbnd, scl, axis)`.
#[allow(clippy::too_many_arguments)]
pub fn int(
    host: &mut dyn Host,
    basis: Basis,
    c: &Value,
    m: &Value,
    k: &Value,
    lbnd: &Value,
    scl: &Value,
    axis: &Value,
) -> Result<Value> {
    let arr = float_coefs(c)?;
    let iterable = truth(&np(host, "iterable", vec![k.clone()])?)?;
    let ks = if iterable {
        crate::py::iter::to_vec(k)?
    } else {
        vec![k.clone()]
    };
    let cnt = as_int(m, "the order of integration")?;
    as_int(axis, "the axis")?;
    if cnt < 0 {
        return Err(Error::value_error(
            "The order of integration must be non-negative",
        ));
    }
    if ks.len() as i64 > cnt {
        return Err(Error::value_error("Too many integration constants"));
    }
    if as_array(lbnd)?.ndim() != 0 {
        return Err(Error::value_error("lbnd must be a scalar."));
    }
    if as_array(scl)?.ndim() != 0 {
        return Err(Error::value_error("scl must be a scalar."));
    }
    let mut cols = Columns::of(host, &arr, axis)?;
    if cnt == 0 {
        return Ok(wrap(arr));
    }
    if cols.cols.first().is_some_and(Series::is_empty) {
        return Err(Error::index_error(
            "index 0 is out of bounds for axis 0 with size 0",
        ));
    }
    let mut nums = ks.iter().map(Num::of).collect::<Result<Vec<_>>>()?;
    nums.resize(cnt as usize, Num::R(0.0));
    let (lb, sc) = (Num::of(lbnd)?, Num::of(scl)?);
    let complex = nums.iter().any(|n| n.is_complex())
        || lb.is_complex()
        || sc.is_complex()
        || cols.cols.iter().any(|c| matches!(c, Series::C(_)));
    let taken = std::mem::take(&mut cols.cols);
    cols.cols = if complex {
        let k: Vec<Complex64> = nums.iter().map(|n| n.c()).collect();
        let cs = taken.into_iter().map(Series::complex).collect();
        integrate(basis, cs, &k, lb.c(), sc.c())
            .into_iter()
            .map(Series::C)
            .collect()
    } else {
        let k: Vec<f64> = nums.iter().map(|n| n.r()).collect();
        let cs = taken
            .into_iter()
            .map(|s| match s {
                Series::R(v) => v,
                Series::C(v) => v.into_iter().map(|z| z.re).collect(),
            })
            .collect();
        integrate(basis, cs, &k, lb.r(), sc.r())
            .into_iter()
            .map(Series::R)
            .collect()
    };
    cols.value(host)
}

/// The coefficients of `c` as NumPy's `val` functions index them: `c[i]`
/// after `c + 0.0` for integers, and reshaped for `tensor` evaluation.
fn coef_items(c: &Value, x: &Value, tensor: bool) -> Result<Vec<Value>> {
    let mut arr = float_coefs(c)?;
    if let (Value::Array(xa), true) = (x, tensor) {
        let mut shape: Vec<isize> = arr.shape().iter().map(|&n| n as isize).collect();
        shape.extend(std::iter::repeat_n(1, xa.ndim()));
        arr = arr.reshape(&shape)?;
    }
    let v = wrap(arr);
    let n = as_array(&v)?.shape()[0];
    (0..n).map(|i| item(&v, Value::Int(i as i64))).collect()
}

/// `x` as the `val` functions take it (a list or tuple becomes an array).
fn val_arg(host: &mut dyn Host, x: &Value) -> Result<Value> {
    match x {
        Value::List(_) | Value::Tuple(_) => np(host, "asarray", vec![x.clone()]),
        _ => Ok(x.clone()),
    }
}

/// `<basis>val(x, c, tensor)`.
pub fn val(host: &mut dyn Host, basis: Basis, x: &Value, c: &Value, tensor: bool) -> Result<Value> {
    let x = val_arg(host, x)?;
    let c = coef_items(c, &x, tensor)?;
    val_items(host, basis, &x, &c)
}

/// The recurrences of the `val` functions on language values.
pub fn val_items(host: &mut dyn Host, basis: Basis, x: &Value, c: &[Value]) -> Result<Value> {
    use BinOp::{Add, Div, Mul, Sub};
    let len = c.len();
    if len == 0 {
        // NumPy's first read: `c[-1]` in Horner's scheme, else `c[-2]`.
        let at = if basis == Basis::Poly { -1 } else { -2 };
        return Err(Error::index_error(format!(
            "index {at} is out of bounds for axis 0 with size 0"
        )));
    }
    let f = Value::Float;
    let i = Value::Int;
    if basis == Basis::Poly {
        let z = op(host, Mul, x, &i(0))?;
        let mut c0 = op(host, Add, &c[len - 1], &z)?;
        for k in 2..=len {
            let t = op(host, Mul, &c0, x)?;
            c0 = op(host, Add, &c[len - k], &t)?;
        }
        return Ok(c0);
    }
    let x2 = match basis {
        Basis::Cheb => op(host, Mul, &i(2), x)?,
        Basis::Herm => op(host, Mul, x, &i(2))?,
        _ => x.clone(),
    };
    let (c0, c1) = match len {
        1 => (c[0].clone(), i(0)),
        2 => (c[0].clone(), c[1].clone()),
        _ => {
            let (mut c0, mut c1) = (c[len - 2].clone(), c[len - 1].clone());
            let mut nd = len as i64;
            for k in 3..=len {
                let tmp = c0.clone();
                nd -= 1;
                let ndf = nd as f64;
                match basis {
                    Basis::Cheb => {
                        c0 = op(host, Sub, &c[len - k], &c1)?;
                        let t = op(host, Mul, &c1, &x2)?;
                        c1 = op(host, Add, &tmp, &t)?;
                    }
                    Basis::Leg => {
                        let t = op(host, Mul, &c1, &f((ndf - 1.0) / ndf))?;
                        c0 = op(host, Sub, &c[len - k], &t)?;
                        let t = op(host, Mul, &c1, x)?;
                        let t = op(host, Mul, &t, &f((2.0 * ndf - 1.0) / ndf))?;
                        c1 = op(host, Add, &tmp, &t)?;
                    }
                    Basis::Herm => {
                        let t = op(host, Mul, &c1, &i(2 * (nd - 1)))?;
                        c0 = op(host, Sub, &c[len - k], &t)?;
                        let t = op(host, Mul, &c1, &x2)?;
                        c1 = op(host, Add, &tmp, &t)?;
                    }
                    Basis::HermE => {
                        let t = op(host, Mul, &c1, &i(nd - 1))?;
                        c0 = op(host, Sub, &c[len - k], &t)?;
                        let t = op(host, Mul, &c1, x)?;
                        c1 = op(host, Add, &tmp, &t)?;
                    }
                    Basis::Poly | Basis::Lag => {
                        let t = op(host, Mul, &c1, &i(nd - 1))?;
                        let t = op(host, Div, &t, &i(nd))?;
                        c0 = op(host, Sub, &c[len - k], &t)?;
                        let t = op(host, Sub, &i(2 * nd - 1), x)?;
                        let t = op(host, Mul, &c1, &t)?;
                        let t = op(host, Div, &t, &i(nd))?;
                        c1 = op(host, Add, &tmp, &t)?;
                    }
                }
            }
            (c0, c1)
        }
    };
    let last = match basis {
        Basis::Herm => op(host, Mul, &c1, &x2)?,
        Basis::Lag => {
            let t = op(host, Sub, &i(1), x)?;
            op(host, Mul, &c1, &t)?
        }
        _ => op(host, Mul, &c1, x)?,
    };
    op(host, Add, &c0, &last)
}

/// `pu._valnd`: `<basis>val2d`/`val3d`.
pub fn valnd(host: &mut dyn Host, basis: Basis, c: &Value, points: &[Value]) -> Result<Value> {
    let args = points
        .iter()
        .map(|p| np(host, "asanyarray", vec![p.clone()]))
        .collect::<Result<Vec<_>>>()?;
    let shape0 = as_array(&args[0])?.shape().to_vec();
    for a in &args[1..] {
        if as_array(a)?.shape() != shape0.as_slice() {
            return Err(Error::value_error(match args.len() {
                3 => "x, y, z are incompatible",
                2 => "x, y are incompatible",
                _ => "ordinates are incompatible",
            }));
        }
    }
    let mut c = val(host, basis, &args[0], c, true)?;
    for xi in &args[1..] {
        c = val(host, basis, xi, &c, false)?;
    }
    Ok(c)
}

/// `pu._gridnd`: `<basis>grid2d`/`grid3d`.
pub fn gridnd(host: &mut dyn Host, basis: Basis, c: &Value, points: &[Value]) -> Result<Value> {
    let mut c = c.clone();
    for xi in points {
        c = val(host, basis, xi, &c, true)?;
    }
    Ok(c)
}

/// `<basis>vander(x, deg)`.
pub fn vander(host: &mut dyn Host, basis: Basis, x: &Value, deg: &Value) -> Result<Value> {
    use BinOp::{Add, Div, Mul, Sub};
    let ideg = as_int(deg, "deg")?;
    if ideg < 0 {
        return Err(Error::value_error("deg must be non-negative"));
    }
    let x = wrap(array_1d(x)?);
    let x = op(host, Add, &x, &Value::Float(0.0))?;
    let i = Value::Int;
    let zero = op(host, Mul, &x, &i(0))?;
    let mut v = vec![op(host, Add, &zero, &i(1))?];
    if ideg > 0 {
        let x2 = match basis {
            Basis::Cheb => op(host, Mul, &i(2), &x)?,
            Basis::Herm => op(host, Mul, &x, &i(2))?,
            _ => x.clone(),
        };
        v.push(match basis {
            Basis::Herm => x2.clone(),
            Basis::Lag => op(host, Sub, &i(1), &x)?,
            _ => x.clone(),
        });
        for k in 2..=ideg {
            let (p1, p2) = (v[k as usize - 1].clone(), v[k as usize - 2].clone());
            let next = match basis {
                Basis::Poly => op(host, Mul, &p1, &x)?,
                Basis::Cheb => {
                    let t = op(host, Mul, &p1, &x2)?;
                    op(host, Sub, &t, &p2)?
                }
                Basis::Leg => {
                    let t = op(host, Mul, &p1, &x)?;
                    let t = op(host, Mul, &t, &i(2 * k - 1))?;
                    let u = op(host, Mul, &p2, &i(k - 1))?;
                    let t = op(host, Sub, &t, &u)?;
                    op(host, Div, &t, &i(k))?
                }
                Basis::Herm => {
                    let t = op(host, Mul, &p1, &x2)?;
                    let u = op(host, Mul, &p2, &i(2 * (k - 1)))?;
                    op(host, Sub, &t, &u)?
                }
                Basis::HermE => {
                    let t = op(host, Mul, &p1, &x)?;
                    let u = op(host, Mul, &p2, &i(k - 1))?;
                    op(host, Sub, &t, &u)?
                }
                Basis::Lag => {
                    let w = op(host, Sub, &i(2 * k - 1), &x)?;
                    let t = op(host, Mul, &p1, &w)?;
                    let u = op(host, Mul, &p2, &i(k - 1))?;
                    let t = op(host, Sub, &t, &u)?;
                    op(host, Div, &t, &i(k))?
                }
            };
            v.push(next);
        }
    }
    np_kw(host, "stack", vec![Value::list(v)], &[("axis", i(-1))])
}

/// `pu._vander_nd_flat`: `<basis>vander2d`/`vander3d`.
pub fn vander_nd(
    host: &mut dyn Host,
    basis: Basis,
    points: &[Value],
    deg: &Value,
) -> Result<Value> {
    let degrees = crate::py::iter::to_vec(deg)?;
    let n = points.len();
    if degrees.len() != n {
        return Err(Error::value_error(format!(
            "Expected {n} dimensions of degrees, got {}",
            degrees.len()
        )));
    }
    let stacked = np(host, "asarray", vec![Value::tuple(points.to_vec())])?;
    let stacked = op(host, BinOp::Add, &stacked, &Value::Float(0.0))?;
    let mut prod: Option<Value> = None;
    for (i, d) in degrees.iter().enumerate() {
        let pi = item(&stacked, Value::Int(i as i64))?;
        let v = vander(host, basis, &pi, d)?;
        let mut index = vec![Value::Ellipsis];
        for j in 0..n {
            index.push(if j == i {
                slice(None, None, None)
            } else {
                Value::None
            });
        }
        let v = item(&v, Value::tuple(index))?;
        prod = Some(match prod {
            None => v,
            Some(p) => op(host, BinOp::Mul, &p, &v)?,
        });
    }
    let v = prod.ok_or_else(|| {
        Error::value_error("Unable to guess a dtype or shape when no points are given")
    })?;
    let shape = as_array(&v)?.shape().to_vec();
    let mut new: Vec<Value> = shape[..shape.len() - n]
        .iter()
        .map(|&s| Value::Int(s as i64))
        .collect();
    new.push(Value::Int(-1));
    method(host, &v, "reshape", vec![Value::tuple(new)])
}

/// `pu._fit(<basis>vander, x, y, deg, rcond, full, w)`.
#[allow(clippy::too_many_arguments)]
pub fn fit(
    host: &mut dyn Host,
    basis: Basis,
    x: &Value,
    y: &Value,
    deg: &Value,
    rcond: &Value,
    full: bool,
    w: &Value,
) -> Result<Value> {
    use BinOp::{Add, Div, Mul};
    let x = np(host, "asarray", vec![x.clone()])?;
    let x = op(host, Add, &x, &Value::Float(0.0))?;
    let y = np(host, "asarray", vec![y.clone()])?;
    let y = op(host, Add, &y, &Value::Float(0.0))?;
    let dega = as_array(deg)?;
    if dega.ndim() > 1 || !dega.dtype().is_integer() || dega.size() == 0 {
        return Err(Error::type_error(
            "deg must be an int or non-empty 1-D array of int",
        ));
    }
    let degs: Vec<i64> = dega.astype(DType::Int64).to_vec()?;
    if degs.iter().any(|&d| d < 0) {
        return Err(Error::value_error("expected deg >= 0"));
    }
    let (xa, ya) = (as_array(&x)?, as_array(&y)?);
    crate::numpy::poly::check_fit_data(&xa, &ya)?;
    let mut sorted = degs.clone();
    sorted.sort_unstable();
    let lmax = sorted[sorted.len() - 1];
    let order = if dega.ndim() == 0 {
        lmax + 1
    } else {
        sorted.len() as i64
    };
    let mut van = vander(host, basis, &x, &Value::Int(lmax))?;
    if dega.ndim() > 0 {
        let cols = Value::list(sorted.iter().map(|&d| Value::Int(d)).collect());
        van = item(&van, Value::tuple(vec![slice(None, None, None), cols]))?;
    }
    let mut lhs = crate::ops::getattr(&van, "T")?;
    let mut rhs = crate::ops::getattr(&y, "T")?;
    if !w.is_none() {
        let w = np(host, "asarray", vec![w.clone()])?;
        let w = op(host, Add, &w, &Value::Float(0.0))?;
        let wa = as_array(&w)?;
        if wa.ndim() != 1 {
            return Err(Error::type_error("expected 1D vector for w"));
        }
        if wa.shape()[0] != xa.shape()[0] {
            return Err(Error::type_error("expected x and w to have same length"));
        }
        lhs = op(host, Mul, &lhs, &w)?;
        rhs = op(host, Mul, &rhs, &w)?;
    }
    let rcond = if rcond.is_none() {
        Value::Float(xa.shape()[0] as f64 * f64::EPSILON)
    } else {
        rcond.clone()
    };
    let sq = if as_array(&lhs)?.dtype().is_complex() {
        let re = np(host, "square", vec![crate::ops::getattr(&lhs, "real")?])?;
        let im = np(host, "square", vec![crate::ops::getattr(&lhs, "imag")?])?;
        op(host, Add, &re, &im)?
    } else {
        np(host, "square", vec![lhs.clone()])?
    };
    let sums = method(host, &sq, "sum", vec![Value::Int(1)])?;
    let scl = np(host, "sqrt", vec![sums])?;
    let zero = cmp(CmpOp::Eq, &scl, &Value::Int(0))?;
    crate::ops::setitem(&scl, &zero, Value::Int(1))?;
    let a = op(host, Div, &crate::ops::getattr(&lhs, "T")?, &scl)?;
    let b = crate::ops::getattr(&rhs, "T")?;
    let res = call_in(
        host,
        "numpy.linalg",
        "lstsq",
        vec![a, b, rcond.clone()],
        &[],
    )?;
    let parts = crate::py::iter::to_vec(&res)?;
    let [c, resids, rank, s] = <[Value; 4]>::try_from(parts)
        .map_err(|_| Error::type_error("lstsq returned an unexpected value"))?;
    let ct = crate::ops::getattr(&c, "T")?;
    let mut c = crate::ops::getattr(&op(host, Div, &ct, &scl)?, "T")?;
    if dega.ndim() > 0 {
        let ca = as_array(&c)?;
        let mut shape = vec![Value::Int(lmax + 1)];
        if ca.ndim() == 2 {
            shape.push(Value::Int(ca.shape()[1] as i64));
        }
        let cc = np_kw(
            host,
            "zeros",
            vec![Value::tuple(shape)],
            &[("dtype", Value::DType(ca.dtype()))],
        )?;
        let idx = Value::list(sorted.iter().map(|&d| Value::Int(d)).collect());
        crate::ops::setitem(&cc, &idx, c)?;
        c = cc;
    }
    if crate::py::num::index_i64(&rank)? != order && !full {
        crate::warnings::warn(
            host,
            ExcKind::RankWarning,
            "The fit may be poorly conditioned",
        )?;
    }
    if full {
        let status = Value::list(vec![resids, rank, s, rcond]);
        return Ok(Value::tuple(vec![c, status]));
    }
    Ok(c)
}

/// The companion matrix as an array value.
fn companion_value(basis: Basis, s: Series, reversed: bool) -> Result<Value> {
    fn build<T: Coef + xpush_npu::WithDType>(
        basis: Basis,
        c: &[T],
        reversed: bool,
    ) -> Result<Array> {
        let (n, mut m) = series::companion(basis, c);
        if reversed {
            m.reverse();
        }
        Array::from_vec(m, &[n, n])
    }
    let a = match s {
        Series::R(c) => build(basis, &c, reversed)?,
        Series::C(c) => build(basis, &c, reversed)?,
    };
    Ok(wrap(xpush_npu::device::place(a)?))
}

/// `<basis>companion(c)`.
pub fn companion(basis: Basis, c: &Value) -> Result<Value> {
    let s = as_series(c, true)?;
    if s.len() < 2 {
        return Err(Error::value_error(
            "Series must have maximum degree of at least 1.",
        ));
    }
    narrow(companion_value(basis, s, false)?, common_type(&[c])?)
}

/// `<basis>roots(c)`: eigenvalues of the (reversed) companion matrix, sorted.
pub fn roots(host: &mut dyn Host, basis: Basis, c: &Value) -> Result<Value> {
    let s = as_series(c, true)?;
    let dt = common_type(&[c])?;
    match s.len() {
        0 | 1 => {
            let empty = map_series!(s, _v => Vec::new());
            narrow(empty.value()?, dt)
        }
        2 => {
            let m = narrow(companion_value(basis, s, false)?, dt)?;
            method(host, &m, "reshape", vec![Value::Int(1)])
        }
        _ => {
            let m = narrow(companion_value(basis, s, basis != Basis::Poly)?, dt)?;
            let r = call_in(host, "numpy.linalg", "eigvals", vec![m], &[])?;
            method(host, &r, "sort", Vec::new())?;
            Ok(r)
        }
    }
}

fn sort_series(s: Series) -> Series {
    match s {
        Series::R(mut v) => {
            v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Greater));
            Series::R(v)
        }
        Series::C(mut v) => {
            v.sort_by(|a, b| {
                (a.re, a.im)
                    .partial_cmp(&(b.re, b.im))
                    .unwrap_or(std::cmp::Ordering::Greater)
            });
            Series::C(v)
        }
    }
}

/// `<basis>fromroots(roots)` as a series.
pub fn fromroots_series(basis: Basis, roots: &Value) -> Result<Series> {
    if as_array(roots)?.shape().first() == Some(&0) {
        return Ok(Series::R(vec![1.0]));
    }
    let s = sort_series(as_series(roots, false)?);
    Ok(map_series!(s, v => series::fromroots(basis, &v)))
}

/// `<basis>fromroots(roots)`.
/// (Always float64 or complex128: NumPy's `<basis>line(-r, 1)` makes an
/// array of a NumPy scalar and a Python int.)
pub fn fromroots(basis: Basis, roots: &Value) -> Result<Value> {
    fromroots_series(basis, roots)?.value()
}

/// `<basis>line(off, scl)`: an array of the arguments' own type.
pub fn line(host: &mut dyn Host, basis: Basis, off: &Value, scl: &Value) -> Result<Value> {
    if !truth(&cmp(CmpOp::NotEq, scl, &Value::Int(0))?)? {
        return np(host, "array", vec![Value::list(vec![off.clone()])]);
    }
    let items = match basis {
        Basis::Herm => vec![off.clone(), op(host, BinOp::Div, scl, &Value::Int(2))?],
        Basis::Lag => vec![
            op(host, BinOp::Add, off, scl)?,
            crate::ops::unary(xpush_lang::ast::UnaryOp::Neg, scl)?,
        ],
        _ => vec![off.clone(), scl.clone()],
    };
    np(host, "array", vec![Value::list(items)])
}

/// `x * 0` (NaN and the sign of zero kept, as NumPy's `c[:1] * 0`).
fn times_zero<T: Coef>(x: T) -> T {
    x * T::real(0.0)
}

/// `pu.trimcoef(c, tol)`.
pub fn trimcoef(c: &Value, tol: &Value) -> Result<Value> {
    if truth(&cmp(CmpOp::Lt, tol, &Value::Int(0))?)? {
        return Err(Error::value_error("tol must be non-negative"));
    }
    let s = as_series(c, true)?;
    let tol = crate::py::num::to_f64(tol)?;
    let last = match &s {
        Series::R(v) => v.iter().rposition(|x| x.abs() > tol),
        Series::C(v) => v.iter().rposition(|x| x.norm() > tol),
    };
    let v = match last {
        None => map_series!(s, v => vec![times_zero(v[0])]).value()?,
        Some(i) => map_series!(s, v => v[..=i].to_vec()).value()?,
    };
    narrow(v, common_type(&[c])?)
}

/// `pu.getdomain(x)`.
pub fn getdomain(x: &Value) -> Result<Value> {
    narrow(getdomain_wide(x)?, common_type(&[x])?)
}

fn getdomain_wide(x: &Value) -> Result<Value> {
    match as_series(x, false)? {
        Series::R(v) => {
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            Series::R(vec![lo, hi]).value()
        }
        Series::C(v) => {
            let fold = |f: fn(f64, f64) -> f64, init: f64, part: fn(&Complex64) -> f64| {
                v.iter().map(part).fold(init, f)
            };
            let lo = Complex64::new(
                fold(f64::min, f64::INFINITY, |c| c.re),
                fold(f64::min, f64::INFINITY, |c| c.im),
            );
            let hi = Complex64::new(
                fold(f64::max, f64::NEG_INFINITY, |c| c.re),
                fold(f64::max, f64::NEG_INFINITY, |c| c.im),
            );
            Series::C(vec![lo, hi]).value()
        }
    }
}

/// `pu.mapparms(old, new)`: `(off, scl)`.
pub fn mapparms(host: &mut dyn Host, old: &Value, new: &Value) -> Result<(Value, Value)> {
    use BinOp::{Div, Mul, Sub};
    let at = |v: &Value, i: i64| item(v, Value::Int(i));
    let (o0, o1, n0, n1) = (at(old, 0)?, at(old, 1)?, at(new, 0)?, at(new, 1)?);
    let oldlen = op(host, Sub, &o1, &o0)?;
    let newlen = op(host, Sub, &n1, &n0)?;
    let a = op(host, Mul, &o1, &n0)?;
    let b = op(host, Mul, &o0, &n1)?;
    let num = op(host, Sub, &a, &b)?;
    let off = op(host, Div, &num, &oldlen)?;
    let scl = op(host, Div, &newlen, &oldlen)?;
    Ok((off, scl))
}

/// `pu.mapdomain(x, old, new)`.
pub fn mapdomain(host: &mut dyn Host, x: &Value, old: &Value, new: &Value) -> Result<Value> {
    let plain = matches!(
        x,
        Value::Int(_) | Value::Float(_) | Value::Complex(_) | Value::Scalar(_) | Value::BigInt(_)
    ) || crate::py::class::is_instance(x);
    let x = if plain {
        x.clone()
    } else {
        np(host, "asanyarray", vec![x.clone()])?
    };
    let (off, scl) = mapparms(host, old, new)?;
    let t = op(host, BinOp::Mul, &scl, &x)?;
    op(host, BinOp::Add, &off, &t)
}
