//! Host sort kernels: a stable sort of every lane along the last axis in
//! NumPy's order (NaN last; complex lexicographic with NumPy's NaN
//! classes), the cpu side of [`SortBackend`]. Real dtypes run the radix
//! sort of [`crate::radix`]; complex values compare as elements.

use half::{bf16, f16};
use rayon::prelude::*;

use crate::quicksort::{self, QuickSort};
use crate::radix::{self, RadixKey};
use crate::CpuBackend;
use xpush_core::array::Array;
use xpush_core::backend::SortBackend;
use xpush_core::dtype::{DType, Elem, WithDType};
use xpush_core::error::{Error, Result};
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

/// `$body` with `$T` the element type of a real dtype (one with a radix
/// key), `$complex` for the complex dtypes.
macro_rules! by_real_dtype {
    ($dt:expr, $T:ident => $body:expr, complex => $complex:expr) => {
        match $dt {
            DType::Bool => {
                type $T = bool;
                $body
            }
            DType::Int8 => {
                type $T = i8;
                $body
            }
            DType::Int16 => {
                type $T = i16;
                $body
            }
            DType::Int32 => {
                type $T = i32;
                $body
            }
            DType::Int64 => {
                type $T = i64;
                $body
            }
            DType::UInt8 => {
                type $T = u8;
                $body
            }
            DType::UInt16 => {
                type $T = u16;
                $body
            }
            DType::UInt32 => {
                type $T = u32;
                $body
            }
            DType::UInt64 => {
                type $T = u64;
                $body
            }
            DType::Float16 => {
                type $T = f16;
                $body
            }
            DType::BFloat16 => {
                type $T = bf16;
                $body
            }
            DType::Float32 => {
                type $T = f32;
                $body
            }
            DType::Float64 => {
                type $T = f64;
                $body
            }
            DType::Complex64 | DType::Complex128 => $complex,
        }
    };
}

/// Runs `f` on every lane of `n` consecutive elements of `v`, the lanes
/// on every thread when there are many.
fn each_lane<E: Send>(v: &mut [E], n: usize, f: impl Fn(&mut [E]) + Sync + Send) {
    if n == 0 {
        return;
    }
    if v.len() > n && v.len() >= 1 << 16 {
        v.par_chunks_mut(n).for_each(f);
    } else {
        v.chunks_mut(n).for_each(f);
    }
}

/// What to do with each lane.
#[derive(Clone, Copy)]
enum LaneWork<'a> {
    /// A stable sort.
    Sort,
    /// A sort whose equal elements may come in any order: the AVX-512
    /// quicksort where the CPU and the dtype have it, else the stable
    /// sort. Values only (an argsort stays stable).
    SortUnstable,
    /// NumPy's partition around these positions: the quicksort's
    /// selection where there is one, else the radix selection.
    Partition(&'a [usize]),
}

impl LaneWork<'_> {
    fn run<E: RadixKey + QuickSort>(self, v: &mut [E], n: usize) {
        match self {
            LaneWork::Sort => each_lane(v, n, radix::sort),
            LaneWork::SortUnstable => each_lane(v, n, |lane| {
                if !E::quicksort(lane) {
                    radix::sort(lane)
                }
            }),
            LaneWork::Partition(kth) => each_lane(v, n, |lane| {
                if !E::quickselect(lane, kth) {
                    radix::partition(lane, kth)
                }
            }),
        }
    }
}

/// (value, position) pairs have no quicksort: an argsort is stable.
impl<T, I> QuickSort for (T, I) {}

/// `work` on the lanes of a real dtype: on its values, or on (value,
/// position) pairs when the indices are asked for.
fn lanes_typed<T, I>(
    a: &Array,
    n: usize,
    work: LaneWork,
    indices: bool,
) -> Result<(Array, Option<Array>)>
where
    T: WithDType + RadixKey + QuickSort,
    I: Copy + Send + Sync + TryFrom<usize> + Into<u64>,
{
    let data = a.to_vec::<T>()?;
    if !indices {
        let mut data = data;
        work.run(&mut data, n);
        return Ok((Array::from_vec(data, a.shape())?, None));
    }
    if let LaneWork::Partition(kth) = work {
        let (values, idx) = argpartition_lanes(&data, n, kth)?;
        return Ok((
            Array::from_vec(values, a.shape())?,
            Some(Array::from_vec(idx, a.shape())?),
        ));
    }
    if matches!(work, LaneWork::Sort) {
        if let Some(sorted) = argsort_packed(&data, n) {
            let (values, idx) = sorted;
            return Ok((
                Array::from_vec(values, a.shape())?,
                Some(Array::from_vec(idx, a.shape())?),
            ));
        }
    }
    let position = |i: usize| I::try_from(i % n.max(1)).ok();
    let mut pairs: Vec<(T, I)> = data
        .iter()
        .enumerate()
        .map(|(i, &x)| position(i).map(|p| (x, p)))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::runtime_error("sort position out of range"))?;
    work.run(&mut pairs, n);
    let (values, idx): (Vec<T>, Vec<i64>) =
        pairs.into_iter().map(|(x, i)| (x, i.into() as i64)).unzip();
    Ok((
        Array::from_vec(values, a.shape())?,
        Some(Array::from_vec(idx, a.shape())?),
    ))
}

/// The stable sort with positions of lanes of `n` keys of 16 or 32 bits,
/// as the AVX-512 quicksort of `key << 32 | position`: equal keys order
/// by position, so the result is the stable one the radix sort of pairs
/// gives, and the values are gathered from `data` by the positions.
/// `None` where the quicksort is not available or a key or a position
/// needs more than 32 bits.
fn argsort_packed<T: RadixKey>(data: &[T], n: usize) -> Option<(Vec<T>, Vec<i64>)> {
    if !(9..=32).contains(&T::BITS)
        || n == 0
        || u32::try_from(n).is_err()
        || !quicksort::available()
    {
        return None;
    }
    let mut packed: Vec<u64> = data
        .par_iter()
        .enumerate()
        .map(|(i, x)| x.key() << 32 | (i % n) as u64)
        .collect();
    each_lane(&mut packed, n, |lane| {
        u64::quicksort(lane);
    });
    let position = |p: u64| (p & u64::from(u32::MAX)) as usize;
    let values = packed
        .par_iter()
        .enumerate()
        .map(|(i, &p)| data[i - i % n + position(p)])
        .collect();
    let idx = packed.par_iter().map(|&p| position(p) as i64).collect();
    Some((values, idx))
}

/// NumPy's argpartition of lanes of `n` keys around the sorted positions
/// `kth`, with the values in the same order. The kth values of each lane
/// are selected from a copy of it (the quicksort's selection, else the
/// radix one); then a counting pass and a placing pass send each position
/// to the bucket of the selected value its key equals, or to the bucket
/// between two selected values it falls in, buckets in key order. Each
/// kth slot then
/// holds its order statistic, with no larger key before it and no
/// smaller one after it: NumPy's contract, the order within a bucket
/// being the lane's.
fn argpartition_lanes<T: WithDType + RadixKey + QuickSort>(
    data: &[T],
    n: usize,
    kth: &[usize],
) -> Result<(Vec<T>, Vec<i64>)> {
    let shape = [data.len()];
    let mut values = xpush_core::pool::take::<T>(data.len(), &shape)?;
    values.copy_from_slice(data);
    let mut idx = xpush_core::pool::take::<i64>(data.len(), &shape)?;
    if n == 0 {
        return Ok((values, idx));
    }
    let lane = |((v, src), out): ((&mut [T], &[T]), &mut [i64])| {
        if !T::quickselect(v, kth) {
            radix::partition(v, kth);
        }
        let mut cuts: Vec<u64> = kth.iter().map(|&k| v[k].key()).collect();
        cuts.sort_unstable();
        cuts.dedup();
        if let [cut] = cuts[..] {
            place_around(src, cut, v, out);
        } else {
            place_between(src, &cuts, v, out);
        }
    };
    if data.len() > n && data.len() >= 1 << 16 {
        let lanes = values.par_chunks_mut(n).zip(data.par_chunks(n));
        lanes.zip(idx.par_chunks_mut(n)).for_each(lane);
    } else {
        let lanes = values.chunks_mut(n).zip(data.chunks(n));
        lanes.zip(idx.chunks_mut(n)).for_each(lane);
    }
    Ok((values, idx))
}

/// [`argpartition_lanes`]' placement for one selected key `cut`: the keys
/// below it first, then those equal to it, then those above (buckets 0,
/// 1 and 2, chosen without a branch: where a key goes is as unpredictable
/// as the data).
fn place_around<T: RadixKey + Send + Sync>(src: &[T], cut: u64, v: &mut [T], out: &mut [i64]) {
    let bucket = |x: &T| {
        let k = x.key();
        usize::from(k >= cut) + usize::from(k > cut)
    };
    place_buckets(src, 3, bucket, v, out);
}

/// [`argpartition_lanes`]' placement for several selected keys `cuts`
/// (sorted, distinct): bucket `2i + 1` holds the keys equal to `cuts[i]`,
/// bucket `2i` those between `cuts[i - 1]` and `cuts[i]`.
fn place_between<T: RadixKey + Send + Sync>(src: &[T], cuts: &[u64], v: &mut [T], out: &mut [i64]) {
    let bucket = |x: &T| {
        let k = x.key();
        cuts.iter()
            .map(|&c| 2 * usize::from(c < k) + usize::from(c == k))
            .sum::<usize>()
    };
    place_buckets(src, 2 * cuts.len() + 1, bucket, v, out);
}

/// One run's stretch of each bucket in the values and in the positions.
type Stretches<'a, T> = (Vec<&'a mut [T]>, Vec<&'a mut [i64]>);

/// Writes the elements of `src` and their positions into `v` and `out`
/// grouped by `bucket` (of `buckets`), the buckets in order and each in
/// the order of `src`. A long lane is cut into a run per thread: each run
/// counts its buckets, and then places its elements into its own stretch
/// of every bucket, so the result is the one-thread placement.
fn place_buckets<T: Copy + Send + Sync>(
    src: &[T],
    buckets: usize,
    bucket: impl Fn(&T) -> usize + Sync,
    v: &mut [T],
    out: &mut [i64],
) {
    if src.len() < 1 << 16 || rayon::current_num_threads() < 2 {
        // A short lane (of many, perhaps): one pass to count, one to place.
        let mut start = vec![0usize; buckets];
        for x in src {
            start[bucket(x)] += 1;
        }
        let mut sum = 0;
        for s in &mut start {
            (*s, sum) = (sum, sum + *s);
        }
        for (i, x) in src.iter().enumerate() {
            let at = &mut start[bucket(x)];
            v[*at] = *x;
            out[*at] = i as i64;
            *at += 1;
        }
        return;
    }
    let run = src.len().div_ceil(rayon::current_num_threads());
    let runs: Vec<&[T]> = src.chunks(run).collect();
    let counts: Vec<Vec<usize>> = runs
        .par_iter()
        .map(|r| {
            let mut n = vec![0usize; buckets];
            for x in *r {
                n[bucket(x)] += 1;
            }
            n
        })
        .collect();
    // Each run's stretch of each bucket: bucket by bucket, run by run.
    let mut stretches: Vec<Stretches<T>> = runs.iter().map(|_| (Vec::new(), Vec::new())).collect();
    let (mut rest_v, mut rest_out) = (v, out);
    for b in 0..buckets {
        for (r, n) in counts.iter().enumerate() {
            let (head_v, tail_v) = std::mem::take(&mut rest_v).split_at_mut(n[b]);
            let (head_out, tail_out) = std::mem::take(&mut rest_out).split_at_mut(n[b]);
            stretches[r].0.push(head_v);
            stretches[r].1.push(head_out);
            (rest_v, rest_out) = (tail_v, tail_out);
        }
    }
    runs.into_par_iter()
        .zip(stretches)
        .enumerate()
        .for_each(|(r, (src, (mut vs, mut outs)))| {
            let base = r * run;
            let mut cursor = vec![0usize; buckets];
            for (i, x) in src.iter().enumerate() {
                let b = bucket(x);
                let at = cursor[b];
                vs[b][at] = *x;
                outs[b][at] = (base + i) as i64;
                cursor[b] = at + 1;
            }
        });
}

/// [`lanes_typed`] with the narrowest position type for lanes of `n`.
fn lanes_real<T: WithDType + RadixKey + QuickSort>(
    a: &Array,
    n: usize,
    work: LaneWork,
    indices: bool,
) -> Result<(Array, Option<Array>)> {
    if u32::try_from(n).is_ok() {
        lanes_typed::<T, u32>(a, n, work, indices)
    } else {
        lanes_typed::<T, u64>(a, n, work, indices)
    }
}

/// `work` on the lanes of `a`; `None` for complex dtypes (no radix key).
fn lanes(a: &Array, work: LaneWork, indices: bool) -> Option<Result<(Array, Option<Array>)>> {
    let n = a.shape().last().copied().unwrap_or(1);
    Some(
        by_real_dtype!(a.dtype(), T => lanes_real::<T>(a, n, work, indices), complex => return None),
    )
}

/// The sorted distinct elements of a 1-d real array: the quicksort (the
/// radix sort where there is none), then one pass keeping the first of
/// each run of equal keys (NaNs apart unless `equal_nan`).
fn unique_typed<T: WithDType + RadixKey + QuickSort>(a: &Array, equal_nan: bool) -> Result<Array> {
    let mut v = a.to_vec::<T>()?;
    if !T::quicksort(&mut v) {
        radix::sort(&mut v);
    }
    // Sorted, equal keys are neighbours; each run keeps its first.
    v.dedup_by(|x, prev| prev.key() == x.key() && (equal_nan || !x.is_nan()));
    let n = v.len();
    Array::from_vec(v, &[n])
}

/// The elements' stable sort in NumPy's order, by comparison (complex).
fn sort_elems(a: &Array, indices: bool) -> Result<(Array, Option<Array>)> {
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

impl SortBackend for CpuBackend {
    fn sort_last(&self, a: &Array, stable: bool, indices: bool) -> Result<(Array, Option<Array>)> {
        let work = if stable || indices {
            LaneWork::Sort
        } else {
            LaneWork::SortUnstable
        };
        lanes(a, work, indices).unwrap_or_else(|| sort_elems(a, indices))
    }

    fn partition_last(
        &self,
        a: &Array,
        kth: &[usize],
        indices: bool,
    ) -> Result<(Array, Option<Array>)> {
        // A full sort satisfies the partition contract for complex values.
        lanes(a, LaneWork::Partition(kth), indices).unwrap_or_else(|| sort_elems(a, indices))
    }

    fn unique_values(&self, a: &Array, equal_nan: bool) -> Result<Option<Array>> {
        let unique = by_real_dtype!(a.dtype(), T => unique_typed::<T>(a, equal_nan), complex => return Ok(None));
        unique.map(Some)
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

    /// The radix sort of (value, position) pairs: the stable result the
    /// packed quicksort must give.
    fn radix_pairs<T: RadixKey + Copy>(data: &[T], n: usize) -> (Vec<u64>, Vec<i64>) {
        let mut pairs: Vec<(T, u32)> = data
            .iter()
            .enumerate()
            .map(|(i, &x)| (x, (i % n) as u32))
            .collect();
        each_lane(&mut pairs, n, radix::sort);
        pairs.iter().map(|&(x, i)| (x.key(), i64::from(i))).unzip()
    }

    fn packed_matches_radix<T: RadixKey + Copy>(data: &[T], n: usize) {
        let Some((values, idx)) = argsort_packed(data, n) else {
            assert!(!quicksort::available() || T::BITS > 32);
            return;
        };
        let keys: Vec<u64> = values.iter().map(|x| x.key()).collect();
        assert_eq!((keys, idx), radix_pairs(data, n), "lanes of {n}");
    }

    /// Every kth slot holds its order statistic, no larger key before it,
    /// no smaller one after it, and the positions are a permutation that
    /// gathers the values (NaNs, signed zeros, ties, several lanes).
    #[test]
    fn argpartition_keeps_numpys_contract() {
        fn check<T: WithDType + RadixKey + QuickSort + std::fmt::Debug>(
            data: &[T],
            n: usize,
            kth: &[usize],
        ) {
            let (v, idx) = argpartition_lanes(data, n, kth).unwrap();
            for ((lane, src), pos) in v.chunks(n).zip(data.chunks(n)).zip(idx.chunks(n)) {
                let mut seen = vec![false; n];
                for (x, &p) in lane.iter().zip(pos) {
                    assert_eq!(x.key(), src[p as usize].key());
                    assert!(!std::mem::replace(&mut seen[p as usize], true));
                }
                let mut sorted: Vec<u64> = src.iter().map(|x| x.key()).collect();
                sorted.sort_unstable();
                for &k in kth {
                    let at = lane[k].key();
                    assert_eq!(at, sorted[k], "kth {k} of {src:?}");
                    assert!(lane[..k].iter().all(|x| x.key() <= at));
                    assert!(lane[k + 1..].iter().all(|x| x.key() >= at));
                }
            }
        }
        let f: Vec<f32> = (0..3000)
            .map(|i| match i % 11 {
                0 => f32::NAN,
                1 => -0.0,
                2 => 0.0,
                3 => f32::NEG_INFINITY,
                _ => ((i * 7919) % 61) as f32 - 30.0,
            })
            .collect();
        let i64s: Vec<i64> = (0..3000).map(|i| ((i * 104729) % 97) as i64 - 48).collect();
        let i8s: Vec<i8> = (0..3000).map(|i| ((i * 31) % 7) as i8 - 3).collect();
        for (n, kth) in [(3000, vec![0]), (3000, vec![1500]), (3000, vec![2999])] {
            check(&f, n, &kth);
            check(&i64s, n, &kth);
            check(&i8s, n, &kth);
        }
        for (n, kth) in [
            (100, vec![3, 3, 50, 99]),
            (30, vec![0, 29]),
            (1000, vec![10, 500, 990]),
        ] {
            check(&f, n, &kth);
            check(&i64s, n, &kth);
            check(&i8s, n, &kth);
        }
    }

    /// The placement across threads is the one-thread placement: the
    /// buckets in order, each in the order of the lane.
    #[test]
    fn bucket_placement_keeps_the_lane_order_on_every_thread() {
        let src: Vec<i32> = (0..300_001i64)
            .map(|i| ((i * 7919) % 1009) as i32 - 504)
            .collect();
        for cuts in [
            vec![7i32.key()],
            vec![(-100i32).key(), 0i32.key(), 250i32.key()],
        ] {
            let bucket = |x: &i32| {
                let k = x.key();
                cuts.iter()
                    .map(|&c| 2 * usize::from(c < k) + usize::from(c == k))
                    .sum::<usize>()
            };
            let (mut v, mut out) = (vec![0; src.len()], vec![0i64; src.len()]);
            place_buckets(&src, 2 * cuts.len() + 1, bucket, &mut v, &mut out);
            let mut want: Vec<usize> = (0..src.len()).collect();
            want.sort_by_key(|&i| bucket(&src[i]));
            let last = bucket(&src[want[src.len() - 1]]);
            assert_eq!(last, 2 * cuts.len(), "every bucket is used");
            assert!(out.iter().zip(&want).all(|(&o, &w)| o as usize == w));
            assert!(v.iter().zip(&want).all(|(&x, &w)| x == src[w]));
        }
    }

    #[test]
    fn packed_argsort_is_the_stable_radix_argsort() {
        // Many ties, NaNs of both signs, signed zeros and infinities, in
        // lanes long enough for the quicksort to partition.
        let special = [
            f32::NAN,
            -f32::NAN,
            -0.0,
            0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ];
        let f: Vec<f32> = (0..6_000u32)
            .map(|i| match i % 97 {
                k @ 0..=5 => special[k as usize],
                _ => ((i * 7919) % 53) as f32 - 26.0,
            })
            .collect();
        for n in [6_000, 3_000, 1_000, 37, 1] {
            packed_matches_radix(&f, n);
        }
        let h: Vec<f16> = f.iter().map(|&x| f16::from_f32(x)).collect();
        packed_matches_radix(&h, 1_500);
        let i: Vec<i16> = (0..5_000i32)
            .map(|i| ((i * 31) % 211 - 105) as i16)
            .collect();
        packed_matches_radix(&i, 5_000);
        let u: Vec<u32> = (0..70_000u32)
            .map(|i| i.wrapping_mul(2_654_435_761) >> 3)
            .collect();
        packed_matches_radix(&u, 70_000);
        // 64-bit keys do not pack.
        assert!(argsort_packed(&[1.0f64, 0.0], 2).is_none());
    }
}
