//! Random sampling that reproduces NumPy's streams bit for bit.
//!
//! - [`RandomState`]: the legacy `np.random` state (MT19937 with NumPy's
//!   seeding, the polar Gaussian with its cached second value, masked
//!   rejection for integers, the legacy distributions);
//! - [`Generator`]: `np.random.default_rng(seed)` (SeedSequence + PCG64,
//!   Lemire's bounded integers, the ziggurat normal and exponential);
//! - [`bitgen`]: the bit generators and `SeedSequence` themselves.
//!
//! Every sampler takes `size: Option<&[usize]>`; `None` gives a 0-d array
//! where NumPy returns a Python scalar (the caller unwraps it). Parameters
//! are scalars (NumPy's array-broadcast parameters are not supported).
//! Errors carry NumPy's exception class and message.

pub mod bitgen;
mod bitgens;
mod dists;
mod generator;
mod legacy;
mod mt_jump;
mod ziggurat;

pub use bitgen::{BitGen, Mt19937, Pcg64, SeedSequence};
pub use bitgens::{BitGenerator, Pcg64Dxsm, Philox, PhiloxState, Sfc64};
pub use generator::Generator;
pub use legacy::RandomState;

use crate::array::Array;
use crate::device::ToDevice;
use crate::dtype::{DType, WithDType};
use crate::error::{Error, Result};
use crate::layout::shape_size;

/// The population `choice` draws from: `a` as an integer (`arange(a)`) or
/// an array (samples are taken along its first axis).
#[derive(Clone, Copy, Debug)]
pub enum Population<'a> {
    /// `choice(5, ...)`: samples from `arange(5)`.
    Range(i64),
    /// `choice(arr, ...)`: samples from the entries of `arr` along axis 0.
    Array(&'a Array),
}

/// The output shape for `size` (`None` is 0-d).
fn out_shape(size: Option<&[usize]>) -> Vec<usize> {
    size.map(<[usize]>::to_vec).unwrap_or_default()
}

/// The number of samples for `size`.
fn out_count(size: Option<&[usize]>) -> usize {
    shape_size(&out_shape(size))
}

/// A contiguous array from values known to match `shape`.
fn make<T: WithDType>(v: Vec<T>, shape: &[usize]) -> Array {
    match Array::from_vec(v, shape) {
        Ok(a) => a,
        Err(_) => Array::zeros(shape, T::DTYPE),
    }
}

/// Draws `size` doubles with `f`.
fn fill_f64(size: Option<&[usize]>, mut f: impl FnMut() -> f64) -> Array {
    let shape = out_shape(size);
    let v: Vec<f64> = (0..shape_size(&shape)).map(|_| f()).collect();
    make(v, &shape)
}

/// Draws `size` int64 values with `f`.
fn fill_i64(size: Option<&[usize]>, mut f: impl FnMut() -> i64) -> Array {
    let shape = out_shape(size);
    let v: Vec<i64> = (0..shape_size(&shape)).map(|_| f()).collect();
    make(v, &shape)
}

/// Converts raw bounded draws (already wrapped to the type's width) into an
/// array of `dtype`.
fn ints_to_array(v: Vec<u64>, shape: &[usize], dtype: DType) -> Array {
    match dtype {
        DType::Bool => make(v.into_iter().map(|x| x != 0).collect::<Vec<_>>(), shape),
        DType::Int8 => make(v.into_iter().map(|x| x as i8).collect::<Vec<_>>(), shape),
        DType::Int16 => make(v.into_iter().map(|x| x as i16).collect::<Vec<_>>(), shape),
        DType::Int32 => make(v.into_iter().map(|x| x as i32).collect::<Vec<_>>(), shape),
        DType::UInt8 => make(v.into_iter().map(|x| x as u8).collect::<Vec<_>>(), shape),
        DType::UInt16 => make(v.into_iter().map(|x| x as u16).collect::<Vec<_>>(), shape),
        DType::UInt32 => make(v.into_iter().map(|x| x as u32).collect::<Vec<_>>(), shape),
        DType::UInt64 => make(v, shape),
        _ => make(v.into_iter().map(|x| x as i64).collect::<Vec<_>>(), shape),
    }
}

/// Validates `[low, high)` (or `[low, high]` when `closed`) for an integer
/// `dtype` and returns `(off, rng, bits)` as `_rand_<type>` computes them.
fn int_bounds(low: i128, high: i128, closed: bool, dtype: DType) -> Result<(u64, u64, u32)> {
    let (lb, ub, bits) = int_limits(dtype)?;
    let name = dtype.name();
    let high = if closed { high } else { high - 1 };
    if low < lb {
        return Err(Error::value_error(format!(
            "low is out of bounds for {name}"
        )));
    }
    if high > ub {
        return Err(Error::value_error(format!(
            "high is out of bounds for {name}"
        )));
    }
    if low > high {
        return Err(bounds_order_error(low != 0, closed));
    }
    let rng = (high - low) as u64;
    let off = low as u64;
    Ok((off, rng, bits))
}

/// NumPy's `format_bounds_error`: `high <= 0` (`high < 0` when closed)
/// when every `low` is 0, the default of the one-argument form, else
/// `low >= high` (`low > high`).
fn bounds_order_error(any_low: bool, closed: bool) -> Error {
    Error::value_error(match (any_low, closed) {
        (false, true) => "high < 0",
        (false, false) => "high <= 0",
        (true, true) => "low > high",
        (true, false) => "low >= high",
    })
}

/// The smallest and largest value of an integer `dtype` (or bool) and its
/// bits (1 for bool); NumPy's TypeError for any other dtype.
fn int_limits(dtype: DType) -> Result<(i128, i128, u32)> {
    Ok(match dtype {
        DType::Bool => (0, 1, 1),
        DType::Int8 => (i8::MIN.into(), i8::MAX.into(), 8),
        DType::Int16 => (i16::MIN.into(), i16::MAX.into(), 16),
        DType::Int32 => (i32::MIN.into(), i32::MAX.into(), 32),
        DType::Int64 => (i64::MIN.into(), i64::MAX.into(), 64),
        DType::UInt8 => (0, u8::MAX.into(), 8),
        DType::UInt16 => (0, u16::MAX.into(), 16),
        DType::UInt32 => (0, u32::MAX.into(), 32),
        DType::UInt64 => (0, u64::MAX.into(), 64),
        other => {
            return Err(Error::type_error(format!(
                "Unsupported dtype {} for randint",
                other.repr()
            )))
        }
    })
}

/// Array-like `low` or `high` of `randint`/`integers`: the values (Python
/// ints may pass int64) in C order, and the shape.
#[derive(Clone, Debug, PartialEq)]
pub struct IntBounds {
    /// The values.
    pub values: Vec<i128>,
    /// Their shape.
    pub shape: Vec<usize>,
}

/// `_rand_<type>_broadcast`: one draw per element of the broadcast of
/// `low` and `high` (or of `size`, which they must broadcast with), each
/// in `[low, high)` (`[low, high]` when `closed`), by `draw`. The bounds
/// are checked over the whole arrays first, in NumPy's order. `high=None`
/// means `[0, low)`; `masked` picks the draw as in [`bitgen::BoundedDraw`].
fn bounded_broadcast<G: BitGen>(
    g: &mut G,
    masked: bool,
    low: &IntBounds,
    high: Option<&IntBounds>,
    size: Option<&[usize]>,
    closed: bool,
    dtype: DType,
) -> Result<Array> {
    let zero = IntBounds {
        values: vec![0],
        shape: Vec::new(),
    };
    let (low, high) = match high {
        Some(h) => (low, h),
        None => (&zero, low),
    };
    let (lb, ub, bits) = int_limits(dtype)?;
    if let Some(s) = size {
        if shape_size(s) == 0 {
            return Ok(ints_to_array(Vec::new(), s, dtype));
        }
    }
    let name = dtype.name();
    let highs: Vec<i128> = high
        .values
        .iter()
        .map(|&h| if closed { h } else { h - 1 })
        .collect();
    let any_low = low.values.iter().any(|&l| l != 0);
    // The 64-bit types read `low` into the dtype itself, so it must fit.
    if low.values.iter().any(|&l| l < lb || (bits == 64 && l > ub)) {
        return Err(Error::value_error(format!(
            "low is out of bounds for {name}"
        )));
    }
    if bits == 64 && highs.iter().any(|&h| h < lb) {
        return Err(bounds_order_error(any_low, closed));
    }
    if highs.iter().any(|&h| h > ub) {
        return Err(Error::value_error(format!(
            "high is out of bounds for {name}"
        )));
    }
    // The comparison `low >= high` broadcasts them with the ufunc's error.
    let pair = crate::layout::broadcast_shapes(&[&low.shape, &high.shape])?;
    let positions = |b: &IntBounds, shape: &[usize]| -> Result<Vec<i64>> {
        make((0..b.values.len() as i64).collect(), &b.shape)
            .broadcast_to(shape)?
            .to_vec::<i64>()
    };
    let (pl, ph) = (positions(low, &pair)?, positions(high, &pair)?);
    if pl
        .iter()
        .zip(&ph)
        .any(|(&l, &h)| low.values[l as usize] > highs[h as usize])
    {
        return Err(bounds_order_error(any_low, closed));
    }
    let shape = match size {
        None => pair.clone(),
        Some(s) => s.to_vec(),
    };
    let all = crate::ops::manip::broadcast_shape_args(&[&low.shape, &high.shape, &shape])?;
    let (pl, ph) = (positions(low, &all)?, positions(high, &all)?);
    let mut d = bitgen::BoundedDraw::new(masked, bits);
    let v: Vec<u64> = (0..shape_size(&shape))
        .map(|i| {
            let l = low.values[pl[i] as usize];
            let h = highs[ph[i] as usize];
            d.draw(g, l as u64, (h - l) as u64)
        })
        .collect();
    Ok(ints_to_array(v, &shape, dtype))
}

/// Checks a non-negative parameter as NumPy's `CONS_NON_NEGATIVE` does.
fn check_non_negative(v: f64, name: &str) -> Result<()> {
    if !v.is_nan() && v.is_sign_negative() {
        return Err(Error::value_error(format!("{name} < 0")));
    }
    Ok(())
}

/// Checks a positive parameter (`CONS_POSITIVE`).
fn check_positive(v: f64, name: &str) -> Result<()> {
    if v <= 0.0 {
        return Err(Error::value_error(format!("{name} <= 0")));
    }
    Ok(())
}

/// `p.cumsum(); cdf /= cdf[-1]` as NumPy computes it (sequential sums).
fn cdf_of(p: &[f64]) -> Vec<f64> {
    let mut acc = 0.0;
    let mut cdf: Vec<f64> = p
        .iter()
        .map(|&x| {
            acc += x;
            acc
        })
        .collect();
    if let Some(&last) = cdf.last() {
        for c in &mut cdf {
            *c /= last;
        }
    }
    cdf
}

/// `cdf.searchsorted(u, side='right')`.
fn search_right(cdf: &[f64], u: f64) -> i64 {
    cdf.partition_point(|&c| c <= u) as i64
}

/// Neumaier-free Kahan sum as NumPy's `kahan_sum` for `choice`'s `p`.
fn kahan_sum(p: &[f64]) -> f64 {
    if p.is_empty() {
        return 0.0;
    }
    let mut sum = p[0];
    let mut c = 0.0;
    for &x in &p[1..] {
        let y = x - c;
        let t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    sum
}

/// Validates `choice`'s arguments; returns the population size.
/// `modern` selects the `Generator`'s wording of the messages.
fn choice_checks(
    a: &Population<'_>,
    size: Option<&[usize]>,
    p: Option<&[f64]>,
    modern: bool,
) -> Result<usize> {
    let msg = |legacy: &str, new: &str| Error::value_error(if modern { new } else { legacy });
    let n_samples = out_count(size);
    let pop = match *a {
        Population::Range(n) => {
            if n <= 0 && n_samples != 0 {
                return Err(msg(
                    "a must be greater than 0 unless no samples are taken",
                    "a must be a positive integer unless no samples are taken",
                ));
            }
            n.max(0) as usize
        }
        Population::Array(arr) => {
            if arr.ndim() == 0 {
                return Err(Error::value_error("a must be 1-dimensional or an integer"));
            }
            let n = arr.shape()[0];
            if n == 0 && n_samples != 0 {
                return Err(msg(
                    "'a' cannot be empty unless no samples are taken",
                    "a cannot be empty unless no samples are taken",
                ));
            }
            n
        }
    };
    if let Some(p) = p {
        if p.len() != pop {
            return Err(msg(
                "'a' and 'p' must have same size",
                "a and p must have same size",
            ));
        }
        let s = kahan_sum(p);
        if s.is_nan() {
            return Err(msg(
                "probabilities contain NaN",
                "Probabilities contain NaN",
            ));
        }
        if p.iter().any(|&x| x < 0.0) {
            return Err(msg(
                "probabilities are not non-negative",
                "Probabilities are not non-negative",
            ));
        }
        if (s - 1.0).abs() > f64::EPSILON.sqrt() {
            return Err(msg(
                "probabilities do not sum to 1",
                "Probabilities do not sum to 1. See Notes section of docstring for more information.",
            ));
        }
    }
    Ok(pop)
}

/// Sampling without replacement with probabilities `p`, shared by both
/// front ends (`draw(k)` gives `k` uniforms).
fn choice_p_noreplace(
    p: &[f64],
    size: usize,
    mut draw: impl FnMut(usize) -> Vec<f64>,
) -> Result<Vec<i64>> {
    if p.iter().filter(|&&x| x > 0.0).count() < size {
        return Err(Error::value_error("Fewer non-zero entries in p than size"));
    }
    let mut p = p.to_vec();
    let mut found: Vec<i64> = Vec::with_capacity(size);
    while found.len() < size {
        let x = draw(size - found.len());
        for &f in &found {
            p[f as usize] = 0.0;
        }
        let cdf = cdf_of(&p);
        let new: Vec<i64> = x.iter().map(|&u| search_right(&cdf, u)).collect();
        // np.unique(new, return_index=True), indices sorted: first
        // occurrences in order of appearance.
        let mut seen = std::collections::HashSet::new();
        for v in new {
            if seen.insert(v) {
                found.push(v);
            }
        }
    }
    Ok(found)
}

/// `a[idx]` for `choice`: the indices themselves for a range population,
/// else the rows of the array along axis 0.
fn choice_result(a: &Population<'_>, idx: Vec<i64>, shape: &[usize]) -> Result<Array> {
    match *a {
        Population::Range(_) => Ok(make(idx, shape)),
        Population::Array(arr) => take_rows(arr, &idx, shape),
    }
}

/// `arr[idx]` with `idx` (valid row indices) shaped `idx_shape`.
fn take_rows(arr: &Array, idx: &[i64], idx_shape: &[usize]) -> Result<Array> {
    let c = arr.to_contiguous();
    let row: usize = arr.shape()[1..].iter().product();
    let mut shape = idx_shape.to_vec();
    shape.extend_from_slice(&arr.shape()[1..]);
    let s = c.storage().read();
    let storage = crate::with_storage!(&*s, v => {
        let mut out = Vec::with_capacity(idx.len() * row);
        for &i in idx {
            let start = i as usize * row;
            out.extend_from_slice(&v[start..start + row]);
        }
        WithDType::wrap_vec(out)
    });
    drop(s);
    Array::from_storage(storage, &shape)
}

/// Fisher-Yates over `axis` of `a` in place (through views), with `draw(i)`
/// giving the partner index in `[0, i]`, for `i` from `n - 1` down to 1.
fn shuffle_axis(a: &Array, axis: usize, mut draw: impl FnMut(u64) -> u64) -> Result<()> {
    a.check_writeable("array")?;
    if a.device() != crate::device::Device::Cpu {
        // Shuffle a host copy, then write it back into the device view
        // (`a[...] = host`, through dispatch).
        let host = a.to_host()?;
        shuffle_axis(&host, axis, draw)?;
        let back = host.to_device(a.device())?;
        return crate::ops::set_index(a, &[crate::ops::Index::Ellipsis], (&back).into());
    }
    let n = a.shape()[axis];
    if n == 0 || a.size() == 0 {
        return Ok(());
    }
    let offsets: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            a.layout()
                .index_axis(axis, i as isize)
                .map(|l| l.offsets().collect())
        })
        .collect::<Result<_>>()?;
    let mut s = a.storage().write();
    for i in (1..n).rev() {
        let j = draw(i as u64) as usize;
        if i == j {
            continue;
        }
        crate::with_storage!(&mut *s, v => {
            for (&oi, &oj) in offsets[i].iter().zip(&offsets[j]) {
                v.swap(oi, oj);
            }
        });
    }
    Ok(())
}

/// A checked axis for shuffles and permutations.
fn shuffle_axis_index(a: &Array, axis: isize) -> Result<usize> {
    if a.ndim() == 0 {
        return Err(Error::index_error(
            "x must be an integer or at least 1-dimensional",
        ));
    }
    crate::layout::normalize_axis(axis, a.ndim())
}

/// NumPy's parameter constraints (`_common.pyx`'s `CONS_*`), each with its
/// `ValueError` message.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cons {
    /// `CONS_NON_NEGATIVE`: `name < 0` (NaN passes).
    NonNegative,
    /// `CONS_POSITIVE`: `name <= 0` (NaN passes).
    Positive,
    /// `CONS_POSITIVE_NOT_NAN`.
    PositiveNotNan,
    /// `CONS_BOUNDED_0_1`: `0 <= v <= 1`.
    Bounded01,
    /// `CONS_BOUNDED_GT_0_1`: `0 < v <= 1`.
    BoundedGt01,
    /// `CONS_BOUNDED_LT_0_1`: `0 <= v < 1`.
    BoundedLt01,
    /// `CONS_GT_1`: `v > 1`.
    Gt1,
    /// `CONS_POISSON` / `LEGACY_CONS_POISSON`: `0 <= v <= max`.
    Poisson(f64),
}

/// `check_constraint(val, name, cons)`.
pub(crate) fn check(v: f64, name: &str, cons: Cons) -> Result<()> {
    let bad = |msg: String| Err(Error::value_error(msg));
    match cons {
        Cons::NonNegative => check_non_negative(v, name),
        Cons::Positive => check_positive(v, name),
        Cons::PositiveNotNan if v.is_nan() => bad(format!("{name} must not be NaN")),
        Cons::PositiveNotNan => check_positive(v, name),
        Cons::Bounded01 if !(0.0..=1.0).contains(&v) => {
            bad(format!("{name} < 0, {name} > 1 or {name} is NaN"))
        }
        Cons::BoundedGt01 if !(v > 0.0 && v <= 1.0) => {
            bad(format!("{name} <= 0, {name} > 1 or {name} contains NaNs"))
        }
        Cons::BoundedLt01 if !(0.0..1.0).contains(&v) => {
            bad(format!("{name} < 0, {name} >= 1 or {name} is NaN"))
        }
        Cons::Gt1 if v.is_nan() || v <= 1.0 => bad(format!("{name} <= 1 or {name} is NaN")),
        Cons::Poisson(_) if v.is_nan() || v < 0.0 => bad(format!("{name} < 0 or {name} is NaN")),
        Cons::Poisson(max) if v > max => bad(format!("{name} value too large")),
        _ => Ok(()),
    }
}

/// `POISSON_LAM_MAX` (and the legacy one, `long` being 64 bits):
/// `float(INT64_MAX) - sqrt(INT64_MAX) * 10`.
pub(crate) fn poisson_lam_max() -> f64 {
    i64::MAX as f64 - (i64::MAX as f64).sqrt() * 10.0
}

/// Validates `multinomial`'s `n` and 1-d `pvals` as NumPy does (the
/// messages of `Generator` and `RandomState` agree).
fn multinomial_checks(n: i64, pvals: &[f64]) -> Result<()> {
    if pvals.is_empty() {
        return Err(Error::value_error(
            "pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.",
        ));
    }
    // `check_array_constraint`'s wording (pvals is an array).
    if pvals.iter().any(|&p| !(0.0..=1.0).contains(&p)) {
        return Err(Error::value_error(
            "pvals < 0, pvals > 1 or pvals contains NaNs",
        ));
    }
    if kahan_sum(&pvals[..pvals.len() - 1]) > 1.0 + 1e-12 {
        return Err(Error::value_error("sum(pvals[:-1]) > 1.0"));
    }
    if n < 0 {
        return Err(Error::value_error("n < 0"));
    }
    Ok(())
}

/// `multinomial(n, pvals, size)`'s output: `size + (len(pvals),)` counts,
/// each row drawn by `row`.
fn multinomial_fill(size: Option<&[usize]>, d: usize, mut row: impl FnMut(&mut [i64])) -> Array {
    let mut shape = out_shape(size);
    shape.push(d);
    let total = shape_size(&shape);
    let mut v = vec![0i64; total];
    if d > 0 {
        for chunk in v.chunks_mut(d) {
            row(chunk);
        }
    }
    make(v, &shape)
}

/// `dirichlet(alpha, size)` as both front ends compute it (after their
/// checks): with `small_path`, stick-breaking with betas when every alpha
/// is below 0.1, else normalized gammas. `draw(a, Some(b))` is a beta
/// draw, `draw(a, None)` a standard gamma one.
fn dirichlet_fill(
    alpha: &[f64],
    size: Option<&[usize]>,
    small_path: bool,
    mut draw: impl FnMut(f64, Option<f64>) -> f64,
) -> Array {
    let k = alpha.len();
    let mut shape = out_shape(size);
    shape.push(k);
    let mut v = vec![0f64; shape_size(&shape)];
    if k == 0 {
        return make(v, &shape);
    }
    let max = alpha.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if small_path && max < 0.1 {
        let mut csum_arr = vec![0f64; k];
        let mut csum = 0.0;
        for j in (0..k).rev() {
            csum += alpha[j];
            csum_arr[j] = csum;
        }
        if csum > 0.0 {
            for row in v.chunks_mut(k) {
                let mut acc = 1.0;
                for j in 0..k - 1 {
                    let x = draw(alpha[j], Some(csum_arr[j + 1]));
                    row[j] = acc * x;
                    acc *= 1.0 - x;
                    if csum_arr[j + 1] == 0.0 {
                        break;
                    }
                }
                row[k - 1] = acc;
            }
        }
    } else {
        for row in v.chunks_mut(k) {
            let mut acc = 0.0;
            for (x, &a) in row.iter_mut().zip(alpha) {
                *x = draw(a, None);
                acc += *x;
            }
            let invacc = 1.0 / acc;
            for x in row.iter_mut() {
                *x *= invacc;
            }
        }
    }
    make(v, &shape)
}
