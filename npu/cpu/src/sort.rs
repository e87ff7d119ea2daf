//! Host sort kernels: NumPy's total order of elements (NaN last, complex
//! lexicographic with NumPy's NaN classes) and a stable sort of every lane
//! along the last axis, the cpu side of [`SortBackend`].

use crate::CpuBackend;
use xpush_core::array::Array;
use xpush_core::backend::SortBackend;
use xpush_core::dtype::{Elem, WithDType};
use xpush_core::error::Result;
use xpush_core::order::np_cmp;

/// The stable permutation sorting each lane of `n` consecutive elements.
pub fn argsort_lanes(elems: &[Elem], n: usize) -> Vec<i64> {
    let mut out = Vec::with_capacity(elems.len());
    if n == 0 {
        return out;
    }
    for lane in elems.chunks(n) {
        let mut idx: Vec<usize> = (0..lane.len()).collect();
        idx.sort_by(|&i, &j| np_cmp(lane[i], lane[j]));
        out.extend(idx.into_iter().map(|i| i as i64));
    }
    out
}

/// The elements of each lane of `n` (C order of `data`) permuted by
/// `perm` (lane-relative indices).
fn permute<T: WithDType>(data: &[T], perm: &[i64], n: usize) -> Vec<T> {
    perm.iter()
        .enumerate()
        .map(|(k, &p)| data[(k / n) * n + p as usize])
        .collect()
}

/// `a` (any dtype, host) with every lane along its last axis permuted by
/// `perm`.
pub fn take_lanes(a: &Array, perm: &[i64]) -> Result<Array> {
    let n = a.shape().last().copied().unwrap_or(1).max(1);
    let storage = xpush_core::with_dtype!(a.dtype(), T => {
        T::wrap_vec(permute(&a.to_vec::<T>()?, perm, n))
    });
    Array::from_storage(storage, a.shape())
}

impl SortBackend for CpuBackend {
    fn sort_last(&self, a: &Array, _stable: bool, indices: bool) -> Result<(Array, Option<Array>)> {
        let n = a.shape().last().copied().unwrap_or(1);
        let perm = argsort_lanes(&a.to_elems(), n);
        let values = take_lanes(a, &perm)?;
        let idx = if indices {
            Some(Array::from_vec(perm, a.shape())?)
        } else {
            None
        };
        Ok((values, idx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_sorts_last_and_complex_nan_classes_follow_numpy() {
        let mut v = [
            Elem::Float(f64::NAN),
            Elem::Float(1.0),
            Elem::Float(-0.0),
            Elem::Float(f64::NEG_INFINITY),
        ];
        v.sort_by(|a, b| np_cmp(*a, *b));
        assert!(matches!(v[0], Elem::Float(x) if x == f64::NEG_INFINITY));
        assert!(matches!(v[3], Elem::Float(x) if x.is_nan()));
        let c = [
            Elem::Complex(f64::NAN, f64::NAN),
            Elem::Complex(f64::NAN, 1.0),
            Elem::Complex(2.0, f64::NAN),
            Elem::Complex(5.0, 0.0),
        ];
        assert_eq!(argsort_lanes(&c, 4), vec![3, 2, 1, 0]);
    }

    #[test]
    fn argsort_is_stable_within_each_lane() {
        let e: Vec<Elem> = [2, 1, 2, 1, 3, 3, 0, 0]
            .iter()
            .map(|&i| Elem::Int(i))
            .collect();
        assert_eq!(argsort_lanes(&e, 4), vec![1, 3, 0, 2, 2, 3, 0, 1]);
    }
}
