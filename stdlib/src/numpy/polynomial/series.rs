//! The coefficient arithmetic of `numpy.polynomial`, one generic function
//! per NumPy routine, on float64 or complex128 series (lowest degree first)
//! in NumPy's own order of operations (numpy/polynomial/*.py), so that
//! results agree to the last bit: `polymul` is `np.convolve`, `chebmul`
//! goes through z-series, the other bases through their `mulx` recurrences.
//! The loops keep NumPy's index arithmetic (`prd[i + 1]`, `c[j - 2]`), so
//! that each line can be read against its Python.
#![allow(clippy::needless_range_loop)]

use std::ops::{Add, Div, Mul, Neg, Sub};

use num_complex::Complex64;

use super::Basis;
use crate::{Error, Result};

/// A coefficient: float64 or complex128.
pub trait Coef:
    Copy
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// The coefficient of a real number.
    fn real(x: f64) -> Self;
    /// `np.sqrt`.
    fn sqrt(self) -> Self;
}

impl Coef for f64 {
    fn real(x: f64) -> Self {
        x
    }
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
}

impl Coef for Complex64 {
    fn real(x: f64) -> Self {
        Complex64::new(x, 0.0)
    }
    fn sqrt(self) -> Self {
        Complex64::sqrt(self)
    }
}

fn r<T: Coef>(x: f64) -> T {
    T::real(x)
}

fn zero<T: Coef>() -> T {
    T::real(0.0)
}

/// `pu.trimseq`: trailing zeros dropped, one element kept.
pub fn trimseq<T: Coef>(mut c: Vec<T>) -> Vec<T> {
    while c.len() > 1 && c[c.len() - 1] == zero() {
        c.pop();
    }
    c
}

/// `pu._add`.
pub fn add<T: Coef>(c1: &[T], c2: &[T]) -> Vec<T> {
    let (long, short) = if c1.len() > c2.len() {
        (c1, c2)
    } else {
        (c2, c1)
    };
    let mut out = long.to_vec();
    for (o, s) in out.iter_mut().zip(short) {
        *o = if c1.len() > c2.len() {
            *o + *s
        } else {
            *s + *o
        };
    }
    trimseq(out)
}

/// `pu._sub`.
pub fn sub<T: Coef>(c1: &[T], c2: &[T]) -> Vec<T> {
    if c1.len() > c2.len() {
        let mut out = c1.to_vec();
        for (o, s) in out.iter_mut().zip(c2) {
            *o = *o - *s;
        }
        trimseq(out)
    } else {
        let mut out: Vec<T> = c2.iter().map(|&v| -v).collect();
        for (o, s) in out.iter_mut().zip(c1) {
            *o = *o + *s;
        }
        trimseq(out)
    }
}

fn scale<T: Coef>(c: &[T], s: T) -> Vec<T> {
    c.iter().map(|&v| v * s).collect()
}

fn divide<T: Coef>(c: &[T], s: T) -> Vec<T> {
    c.iter().map(|&v| v / s).collect()
}

/// `np.convolve(a, b)` (full mode), each sum in index order.
pub fn convolve<T: Coef>(a: &[T], b: &[T]) -> Vec<T> {
    let n = a.len() + b.len() - 1;
    (0..n)
        .map(|k| {
            let lo = k.saturating_sub(b.len() - 1);
            let hi = k.min(a.len() - 1);
            let mut s = zero();
            for i in lo..=hi {
                s = s + a[i] * b[k - i];
            }
            s
        })
        .collect()
}

/// `<basis>mulx`: the series times x.
pub fn mulx<T: Coef>(basis: Basis, c: &[T]) -> Vec<T> {
    if c.len() == 1 && c[0] == zero() {
        return c.to_vec();
    }
    let n = c.len();
    let mut prd = vec![zero(); n + 1];
    match basis {
        Basis::Poly => {
            prd[0] = c[0] * zero();
            prd[1..].copy_from_slice(c);
        }
        Basis::Cheb => {
            prd[0] = c[0] * zero();
            prd[1] = c[0];
            if n > 1 {
                let tmp: Vec<T> = c[1..].iter().map(|&v| v / r(2.0)).collect();
                prd[2..].copy_from_slice(&tmp);
                for (p, t) in prd[..n - 1].iter_mut().zip(&tmp) {
                    *p = *p + *t;
                }
            }
        }
        Basis::Leg => {
            prd[0] = c[0] * zero();
            prd[1] = c[0];
            for i in 1..n {
                let (j, k, s) = (i + 1, i - 1, (2 * i + 1) as f64);
                prd[j] = c[i] * r(j as f64) / r(s);
                prd[k] = prd[k] + c[i] * r(i as f64) / r(s);
            }
        }
        Basis::Herm => {
            prd[0] = c[0] * zero();
            prd[1] = c[0] / r(2.0);
            for i in 1..n {
                prd[i + 1] = c[i] / r(2.0);
                prd[i - 1] = prd[i - 1] + c[i] * r(i as f64);
            }
        }
        Basis::HermE => {
            prd[0] = c[0] * zero();
            prd[1] = c[0];
            for i in 1..n {
                prd[i + 1] = c[i];
                prd[i - 1] = prd[i - 1] + c[i] * r(i as f64);
            }
        }
        Basis::Lag => {
            prd[0] = c[0];
            prd[1] = -c[0];
            for i in 1..n {
                prd[i + 1] = -c[i] * r((i + 1) as f64);
                prd[i] = prd[i] + c[i] * r((2 * i + 1) as f64);
                prd[i - 1] = prd[i - 1] - c[i] * r(i as f64);
            }
        }
    }
    prd
}

fn cseries_to_zseries<T: Coef>(c: &[T]) -> Vec<T> {
    let n = c.len();
    let mut zs = vec![zero(); 2 * n - 1];
    for (i, &v) in c.iter().enumerate() {
        zs[n - 1 + i] = v / r(2.0);
    }
    let rev: Vec<T> = zs.iter().rev().copied().collect();
    zs.iter().zip(rev).map(|(&a, b)| a + b).collect()
}

fn zseries_to_cseries<T: Coef>(zs: &[T]) -> Vec<T> {
    let n = zs.len().div_ceil(2);
    let mut c = zs[n - 1..].to_vec();
    for v in c.iter_mut().take(n).skip(1) {
        *v = *v * r(2.0);
    }
    c
}

/// `_zseries_div`: quotient and remainder z-series.
fn zseries_div<T: Coef>(z1: &[T], z2: &[T]) -> (Vec<T>, Vec<T>) {
    let mut z1 = z1.to_vec();
    let mut z2 = z2.to_vec();
    let (lc1, lc2) = (z1.len(), z2.len());
    if lc2 == 1 {
        let d = z2[0];
        let q: Vec<T> = z1.iter().map(|&v| v / d).collect();
        let rem = vec![q[0] * zero()];
        return (q, rem);
    }
    if lc1 < lc2 {
        return (vec![z1[0] * zero()], z1);
    }
    let dlen = lc1 - lc2;
    let scl = z2[0];
    for v in z2.iter_mut() {
        *v = *v / scl;
    }
    let mut quo = vec![zero(); dlen + 1];
    let (mut i, mut j) = (0, dlen);
    while i < j {
        let rr = z1[i];
        quo[i] = z1[i];
        quo[dlen - i] = rr;
        let tmp: Vec<T> = z2.iter().map(|&v| rr * v).collect();
        for (k, t) in tmp.iter().enumerate() {
            z1[i + k] = z1[i + k] - *t;
        }
        for (k, t) in tmp.iter().enumerate() {
            z1[j + k] = z1[j + k] - *t;
        }
        i += 1;
        j -= 1;
    }
    let rr = z1[i];
    quo[i] = rr;
    for (k, &v) in z2.iter().enumerate() {
        z1[i + k] = z1[i + k] - rr * v;
    }
    for q in quo.iter_mut() {
        *q = *q / scl;
    }
    let rem = z1[i + 1..i + lc2 - 1].to_vec();
    (quo, rem)
}

/// `<basis>mul`.
pub fn mul<T: Coef>(basis: Basis, c1: &[T], c2: &[T]) -> Vec<T> {
    match basis {
        Basis::Poly => trimseq(convolve(c1, c2)),
        Basis::Cheb => {
            let prd = convolve(&cseries_to_zseries(c1), &cseries_to_zseries(c2));
            trimseq(zseries_to_cseries(&prd))
        }
        _ => mul_recurrence(basis, c1, c2),
    }
}

/// legmul, hermmul, hermemul and lagmul: Clenshaw's recurrence on series.
fn mul_recurrence<T: Coef>(basis: Basis, c1: &[T], c2: &[T]) -> Vec<T> {
    let (c, xs) = if c1.len() > c2.len() {
        (c2, c1)
    } else {
        (c1, c2)
    };
    let (c0, c1) = match c.len() {
        1 => (scale(xs, c[0]), vec![zero()]),
        2 => (scale(xs, c[0]), scale(xs, c[1])),
        len => {
            let mut nd = len as f64;
            let mut c0 = scale(xs, c[len - 2]);
            let mut c1 = scale(xs, c[len - 1]);
            for i in 3..=len {
                let tmp = c0;
                nd -= 1.0;
                let ci = scale(xs, c[len - i]);
                match basis {
                    Basis::Leg => {
                        c0 = sub(&ci, &divide(&scale(&c1, r(nd - 1.0)), r(nd)));
                        let m = divide(&scale(&mulx(basis, &c1), r(2.0 * nd - 1.0)), r(nd));
                        c1 = add(&tmp, &m);
                    }
                    Basis::Herm => {
                        c0 = sub(&ci, &scale(&c1, r(2.0 * (nd - 1.0))));
                        c1 = add(&tmp, &scale(&mulx(basis, &c1), r(2.0)));
                    }
                    Basis::HermE => {
                        c0 = sub(&ci, &scale(&c1, r(nd - 1.0)));
                        c1 = add(&tmp, &mulx(basis, &c1));
                    }
                    _ => {
                        c0 = sub(&ci, &divide(&scale(&c1, r(nd - 1.0)), r(nd)));
                        let s = sub(&scale(&c1, r(2.0 * nd - 1.0)), &mulx(basis, &c1));
                        c1 = add(&tmp, &divide(&s, r(nd)));
                    }
                }
            }
            (c0, c1)
        }
    };
    match basis {
        Basis::Herm => add(&c0, &scale(&mulx(basis, &c1), r(2.0))),
        Basis::Lag => add(&c0, &sub(&c1, &mulx(basis, &c1))),
        _ => add(&c0, &mulx(basis, &c1)),
    }
}

/// `<basis>div`: quotient and remainder.
pub fn div<T: Coef>(basis: Basis, c1: &[T], c2: &[T]) -> Result<(Vec<T>, Vec<T>)> {
    let (lc1, lc2) = (c1.len(), c2.len());
    if c2[lc2 - 1] == zero() {
        return Err(Error::new(crate::ExcKind::ZeroDivisionError, ""));
    }
    if lc1 < lc2 {
        return Ok((vec![c1[0] * zero()], c1.to_vec()));
    }
    if lc2 == 1 {
        return Ok((divide(c1, c2[0]), vec![c1[0] * zero()]));
    }
    Ok(match basis {
        Basis::Poly => {
            let mut c1 = c1.to_vec();
            let scl = c2[lc2 - 1];
            let c2: Vec<T> = c2[..lc2 - 1].iter().map(|&v| v / scl).collect();
            let (mut i, mut j) = ((lc1 - lc2) as i64, lc1 as i64 - 1);
            while i >= 0 {
                let cj = c1[j as usize];
                for (k, &v) in c2.iter().enumerate() {
                    let at = i as usize + k;
                    c1[at] = c1[at] - v * cj;
                }
                i -= 1;
                j -= 1;
            }
            let split = (j + 1) as usize;
            (divide(&c1[split..], scl), trimseq(c1[..split].to_vec()))
        }
        Basis::Cheb => {
            let (q, rem) = zseries_div(&cseries_to_zseries(c1), &cseries_to_zseries(c2));
            (
                trimseq(zseries_to_cseries(&q)),
                trimseq(zseries_to_cseries(&rem)),
            )
        }
        _ => {
            let mut quo = vec![zero(); lc1 - lc2 + 1];
            let mut rem = c1.to_vec();
            for i in (0..=lc1 - lc2).rev() {
                let mut unit = vec![zero(); i];
                unit.push(r(1.0));
                let p = mul(basis, &unit, c2);
                let q = rem[rem.len() - 1] / p[p.len() - 1];
                let keep = rem.len() - 1;
                rem = (0..keep).map(|k| rem[k] - q * p[k]).collect();
                quo[i] = q;
            }
            (quo, trimseq(rem))
        }
    })
}

/// `<basis>pow` (`pu._pow`, and chebpow's z-series product).
pub fn pow<T: Coef>(basis: Basis, c: &[T], power: usize) -> Vec<T> {
    match power {
        0 => vec![r(1.0)],
        1 => c.to_vec(),
        _ if basis == Basis::Cheb => {
            let zs = cseries_to_zseries(c);
            let mut prd = zs.clone();
            for _ in 2..=power {
                prd = convolve(&prd, &zs);
            }
            zseries_to_cseries(&prd)
        }
        _ => {
            let mut prd = c.to_vec();
            for _ in 2..=power {
                prd = if basis == Basis::Poly {
                    convolve(&prd, c)
                } else {
                    mul(basis, &prd, c)
                };
            }
            prd
        }
    }
}

/// `<basis>der` for `cnt >= 1` on a 1-d series.
pub fn der<T: Coef>(basis: Basis, c: &[T], cnt: usize, scl: T) -> Vec<T> {
    let mut c = c.to_vec();
    let mut n = c.len();
    if cnt >= n {
        // `c[:1] * 0` (empty for an empty series).
        return c.iter().take(1).map(|&v| v * zero()).collect();
    }
    for _ in 0..cnt {
        n -= 1;
        for v in c.iter_mut() {
            *v = *v * scl;
        }
        let mut der = vec![zero(); n];
        let f = |x: usize| -> T { r(x as f64) };
        match basis {
            Basis::Poly => {
                for j in (1..=n).rev() {
                    der[j - 1] = f(j) * c[j];
                }
            }
            Basis::Cheb => {
                for j in (3..=n).rev() {
                    der[j - 1] = f(2 * j) * c[j];
                    c[j - 2] = c[j - 2] + f(j) * c[j] / f(j - 2);
                }
                if n > 1 {
                    der[1] = f(4) * c[2];
                }
                der[0] = c[1];
            }
            Basis::Leg => {
                for j in (3..=n).rev() {
                    der[j - 1] = f(2 * j - 1) * c[j];
                    c[j - 2] = c[j - 2] + c[j];
                }
                if n > 1 {
                    der[1] = f(3) * c[2];
                }
                der[0] = c[1];
            }
            Basis::Herm => {
                for j in (1..=n).rev() {
                    der[j - 1] = f(2 * j) * c[j];
                }
            }
            Basis::HermE => {
                for j in (1..=n).rev() {
                    der[j - 1] = f(j) * c[j];
                }
            }
            Basis::Lag => {
                for j in (2..=n).rev() {
                    der[j - 1] = -c[j];
                    c[j - 1] = c[j - 1] + c[j];
                }
                der[0] = -c[1];
            }
        }
        c = der;
    }
    c
}

/// One integration step of `<basis>int` before the constant is fixed:
/// the antiderivative's coefficients with `tmp[0]` as NumPy has it.
pub fn int_step<T: Coef>(basis: Basis, c: &[T]) -> Vec<T> {
    let n = c.len();
    let mut tmp = vec![zero(); n + 1];
    let f = |x: usize| -> T { r(x as f64) };
    match basis {
        Basis::Poly | Basis::HermE => {
            tmp[0] = c[0] * zero();
            tmp[1] = c[0];
            for j in 1..n {
                tmp[j + 1] = c[j] / f(j + 1);
            }
        }
        Basis::Cheb => {
            tmp[0] = c[0] * zero();
            tmp[1] = c[0];
            if n > 1 {
                tmp[2] = c[1] / f(4);
            }
            for j in 2..n {
                tmp[j + 1] = c[j] / f(2 * (j + 1));
                tmp[j - 1] = tmp[j - 1] - c[j] / f(2 * (j - 1));
            }
        }
        Basis::Leg => {
            tmp[0] = c[0] * zero();
            tmp[1] = c[0];
            if n > 1 {
                tmp[2] = c[1] / f(3);
            }
            for j in 2..n {
                let t = c[j] / f(2 * j + 1);
                tmp[j + 1] = t;
                tmp[j - 1] = tmp[j - 1] - t;
            }
        }
        Basis::Herm => {
            tmp[0] = c[0] * zero();
            tmp[1] = c[0] / f(2);
            for j in 1..n {
                tmp[j + 1] = c[j] / f(2 * (j + 1));
            }
        }
        Basis::Lag => {
            tmp[0] = c[0];
            tmp[1] = -c[0];
            for j in 1..n {
                tmp[j] = tmp[j] + c[j];
                tmp[j + 1] = -c[j];
            }
        }
    }
    tmp
}

/// `<basis>val` at one scalar (the recurrences of the `val` functions).
pub fn val_at<T: Coef>(basis: Basis, x: T, c: &[T]) -> T {
    let len = c.len();
    if basis == Basis::Poly {
        let mut c0 = c[len - 1] + x * zero();
        for i in 2..=len {
            c0 = c[len - i] + c0 * x;
        }
        return c0;
    }
    let (c0, c1) = match len {
        1 => (c[0], zero()),
        2 => (c[0], c[1]),
        _ => {
            let (mut c0, mut c1) = (c[len - 2], c[len - 1]);
            let mut nd = len as f64;
            for i in 3..=len {
                let tmp = c0;
                nd -= 1.0;
                match basis {
                    Basis::Cheb => {
                        c0 = c[len - i] - c1;
                        c1 = tmp + c1 * (r::<T>(2.0) * x);
                    }
                    Basis::Leg => {
                        c0 = c[len - i] - c1 * r((nd - 1.0) / nd);
                        c1 = tmp + c1 * x * r((2.0 * nd - 1.0) / nd);
                    }
                    Basis::Herm => {
                        c0 = c[len - i] - c1 * r(2.0 * (nd - 1.0));
                        c1 = tmp + c1 * (x * r(2.0));
                    }
                    Basis::HermE => {
                        c0 = c[len - i] - c1 * r(nd - 1.0);
                        c1 = tmp + c1 * x;
                    }
                    _ => {
                        c0 = c[len - i] - c1 * r(nd - 1.0) / r(nd);
                        c1 = tmp + c1 * (r::<T>(2.0 * nd - 1.0) - x) / r(nd);
                    }
                }
            }
            (c0, c1)
        }
    };
    match basis {
        Basis::Herm => c0 + c1 * (x * r(2.0)),
        Basis::Lag => c0 + c1 * (r::<T>(1.0) - x),
        _ => c0 + c1 * x,
    }
}

/// `<basis>line(off, scl)`.
pub fn line<T: Coef>(basis: Basis, off: T, scl: T) -> Vec<T> {
    if scl == zero() {
        return vec![off];
    }
    match basis {
        Basis::Herm => vec![off, scl / r(2.0)],
        Basis::Lag => vec![off + scl, -scl],
        _ => vec![off, scl],
    }
}

/// `pu._fromroots` with the basis' line and product (`roots` sorted).
pub fn fromroots<T: Coef>(basis: Basis, roots: &[T]) -> Vec<T> {
    if roots.is_empty() {
        return vec![r(1.0)];
    }
    // `<basis>line(-r, 1)` with the integer 1: `-scl` and `scl / 2` are
    // real numbers before they become coefficients (no signed zero parts).
    let unit = |off: T| -> Vec<T> {
        match basis {
            Basis::Herm => vec![off, r(0.5)],
            Basis::Lag => vec![off + r(1.0), r(-1.0)],
            _ => vec![off, r(1.0)],
        }
    };
    let mut p: Vec<Vec<T>> = roots.iter().map(|&x| unit(-x)).collect();
    let mut n = p.len();
    while n > 1 {
        let (m, rem) = (n / 2, n % 2);
        let mut tmp: Vec<Vec<T>> = (0..m).map(|i| mul(basis, &p[i], &p[i + m])).collect();
        if rem == 1 {
            tmp[0] = mul(basis, &tmp[0], &p[p.len() - 1]);
        }
        p = tmp;
        n = m;
    }
    p.swap_remove(0)
}

/// `<basis>companion`: the (scaled) companion matrix, row-major, for a
/// series of at least two coefficients.
pub fn companion<T: Coef>(basis: Basis, c: &[T]) -> (usize, Vec<T>) {
    let len = c.len();
    let last = c[len - 1];
    if len == 2 {
        let v = match basis {
            Basis::Herm => -(r::<T>(0.5) * c[0]) / c[1],
            Basis::Lag => r::<T>(1.0) + c[0] / c[1],
            _ => -c[0] / c[1],
        };
        return (1, vec![v]);
    }
    let n = len - 1;
    let mut mat = vec![zero::<T>(); n * n];
    let mut set_bands = |top: &[T]| {
        for (i, &t) in top.iter().enumerate() {
            mat[i * n + i + 1] = t;
            mat[(i + 1) * n + i] = t;
        }
    };
    let sqrt = |x: f64| -> T { r::<T>(x).sqrt() };
    match basis {
        Basis::Poly => {
            set_bands(&[]);
            for i in 0..n - 1 {
                mat[(i + 1) * n + i] = r(1.0);
            }
            for i in 0..n {
                mat[i * n + n - 1] = mat[i * n + n - 1] - c[i] / last;
            }
        }
        Basis::Cheb => {
            let scl: Vec<T> = (0..n)
                .map(|i| if i == 0 { r(1.0) } else { sqrt(0.5) })
                .collect();
            let top: Vec<T> = (0..n - 1)
                .map(|i| if i == 0 { sqrt(0.5) } else { r(0.5) })
                .collect();
            set_bands(&top);
            for i in 0..n {
                let v = c[i] / last * (scl[i] / scl[n - 1]) * r(0.5);
                mat[i * n + n - 1] = mat[i * n + n - 1] - v;
            }
        }
        Basis::Leg => {
            let scl: Vec<T> = (0..n)
                .map(|i| r::<T>(1.0) / sqrt((2 * i + 1) as f64))
                .collect();
            let top: Vec<T> = (0..n - 1)
                .map(|i| r::<T>((i + 1) as f64) * scl[i] * scl[i + 1])
                .collect();
            set_bands(&top);
            let f = r::<T>(n as f64 / (2 * n - 1) as f64);
            for i in 0..n {
                let v = c[i] / last * (scl[i] / scl[n - 1]) * f;
                mat[i * n + n - 1] = mat[i * n + n - 1] - v;
            }
        }
        Basis::Herm | Basis::HermE => {
            let herm = basis == Basis::Herm;
            // hstack((1, 1/sqrt(k * arange(n-1, 0, -1)))), accumulated, reversed.
            let mut acc = vec![r::<T>(1.0)];
            for k in (1..n).rev() {
                let d = if herm { 2.0 * k as f64 } else { k as f64 };
                let prev = acc[acc.len() - 1];
                acc.push(prev * (r::<T>(1.0) / sqrt(d)));
            }
            acc.reverse();
            let top: Vec<T> = (1..n)
                .map(|k| {
                    if herm {
                        sqrt(0.5 * k as f64)
                    } else {
                        sqrt(k as f64)
                    }
                })
                .collect();
            set_bands(&top);
            for i in 0..n {
                let v = if herm {
                    acc[i] * c[i] / (r::<T>(2.0) * last)
                } else {
                    acc[i] * c[i] / last
                };
                mat[i * n + n - 1] = mat[i * n + n - 1] - v;
            }
        }
        Basis::Lag => {
            let top: Vec<T> = (1..n).map(|k| -r::<T>(k as f64)).collect();
            set_bands(&top);
            for i in 0..n {
                mat[i * n + i] = r(2.0 * i as f64 + 1.0);
            }
            for i in 0..n {
                let v = c[i] / last * r(n as f64);
                mat[i * n + n - 1] = mat[i * n + n - 1] + v;
            }
        }
    }
    (n, mat)
}

/// `poly2<basis>(pol)`: a power series in the basis (Horner's scheme with
/// the basis' `mulx`).
pub fn from_power<T: Coef>(basis: Basis, pol: &[T]) -> Vec<T> {
    let mut res = vec![zero()];
    for &p in pol.iter().rev() {
        res = add(&mulx(basis, &res), &[p]);
    }
    res
}

/// `<basis>2poly(c)`: the series as a power series.
pub fn to_power<T: Coef>(basis: Basis, c: &[T]) -> Vec<T> {
    let n = c.len();
    let short = match basis {
        Basis::Poly => n >= 1,
        Basis::Cheb | Basis::Leg | Basis::HermE => n < 3,
        Basis::Herm | Basis::Lag => n == 1,
    };
    if short {
        return c.to_vec();
    }
    if basis == Basis::Herm && n == 2 {
        return vec![c[0], c[1] * r(2.0)];
    }
    let px = |v: &[T]| mulx(Basis::Poly, v);
    let (mut c0, mut c1) = (vec![c[n - 2]], vec![c[n - 1]]);
    for i in (2..n).rev() {
        let tmp = c0;
        let f = i as f64;
        let ci = [c[i - 2]];
        match basis {
            Basis::Cheb => {
                c0 = sub(&ci, &c1);
                c1 = add(&tmp, &scale(&px(&c1), r(2.0)));
            }
            Basis::Leg => {
                c0 = sub(&ci, &divide(&scale(&c1, r(f - 1.0)), r(f)));
                c1 = add(&tmp, &divide(&scale(&px(&c1), r(2.0 * f - 1.0)), r(f)));
            }
            Basis::Herm => {
                c0 = sub(&ci, &scale(&c1, r(2.0 * (f - 1.0))));
                c1 = add(&tmp, &scale(&px(&c1), r(2.0)));
            }
            Basis::HermE => {
                c0 = sub(&ci, &scale(&c1, r(f - 1.0)));
                c1 = add(&tmp, &px(&c1));
            }
            _ => {
                c0 = sub(&ci, &divide(&scale(&c1, r(f - 1.0)), r(f)));
                let s = sub(&scale(&c1, r(2.0 * f - 1.0)), &px(&c1));
                c1 = add(&tmp, &divide(&s, r(f)));
            }
        }
    }
    match basis {
        Basis::Herm => add(&c0, &scale(&px(&c1), r(2.0))),
        Basis::Lag => add(&c0, &sub(&c1, &px(&c1))),
        _ => add(&c0, &px(&c1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_and_quotients_invert() {
        for b in Basis::ALL {
            let (a, c) = ([1.0, 2.0, 3.0], [1.0, -1.0]);
            let p = mul(b, &a, &c);
            let (q, rem) = div(b, &p, &c).unwrap_or_default();
            assert_eq!(q, a.to_vec(), "{b:?}");
            assert_eq!(rem, vec![0.0], "{b:?}");
        }
    }

    #[test]
    fn power_series_round_trip() {
        for b in Basis::ALL {
            let p = [1.0, -2.0, 0.5, 4.0];
            let back = to_power(b, &from_power(b, &p));
            assert_eq!(back.len(), p.len(), "{b:?}");
            for (x, y) in back.iter().zip(p) {
                assert!((x - y).abs() < 1e-12, "{b:?}: {back:?}");
            }
        }
    }
}
