//! A stable LSD radix sort on order-preserving integer keys: the cpu
//! backend's sort of every fixed-width number dtype in NumPy's order.
//!
//! Each element maps to an unsigned key ([`RadixKey::key`]) whose integer
//! order is NumPy's sort order: integers with the sign bit flipped, floats
//! with their IEEE bits made monotone, `-0.0` keyed as `+0.0` (they are
//! equal to NumPy) and every NaN keyed above `+inf` (NaN last, NaNs equal).
//! The key is computed on the fly in each pass and the elements themselves
//! move, so a stable sort keeps equal elements (both zeros, NaN payloads,
//! the indices of an argsort) in input order, as `kind='stable'` asks.
//!
//! A pass scatters by one 8-bit digit of the key. Passes whose digit is the
//! same for every element are skipped (small integers in a wide dtype cost
//! one or two passes, not eight). Large inputs run each pass on every
//! rayon thread: each thread counts the digits of its own chunk, and the
//! output is cut into one region per (digit, chunk) with `split_at_mut`,
//! so every thread writes only its own regions and the sort stays safe
//! Rust. Short inputs (a lane of a 2-d sort) use the standard library's
//! stable sort on the same keys.
//!
//! Why not a crate: the radix-sort crates on crates.io sort by the value's
//! own bits (or are unstable), and NumPy's order needs the key mapping
//! above with stability; the sort itself is these hundred lines.

use half::{bf16, f16};
use rayon::prelude::*;

/// Bits of one digit: 256 buckets, whose write cursors stay in L1.
const DIGIT_BITS: u32 = 8;
const BUCKETS: usize = 1 << DIGIT_BITS;
/// Below this many elements the standard library's stable sort on the
/// keys beats the radix passes' fixed cost (clearing and summing counts).
const SMALL: usize = 512;
/// From this many elements each pass runs on every rayon thread.
const PARALLEL: usize = 1 << 16;

/// An element sorted by an unsigned key in NumPy's order.
pub trait RadixKey: Copy + Send + Sync {
    /// Significant bits of [`RadixKey::key`] (the digits sorted).
    const BITS: u32;
    /// The order-preserving key: `a` sorts before `b` in NumPy's order
    /// exactly when `a.key() < b.key()`, and equal keys are equal elements.
    fn key(self) -> u64;
    /// Whether the element is a NaN (keyed as the largest key).
    fn is_nan(self) -> bool {
        false
    }
}

macro_rules! unsigned_key {
    ($($t:ty),*) => {$(
        impl RadixKey for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn key(self) -> u64 {
                self as u64
            }
        }
    )*};
}
unsigned_key!(u8, u16, u32, u64);

macro_rules! signed_key {
    ($($t:ty => $u:ty),*) => {$(
        impl RadixKey for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn key(self) -> u64 {
                // Flipping the sign bit orders two's complement as unsigned.
                ((self as $u) ^ (1 << (<$t>::BITS - 1))) as u64
            }
        }
    )*};
}
signed_key!(i8 => u8, i16 => u16, i32 => u32, i64 => u64);

impl RadixKey for bool {
    const BITS: u32 = 8;
    #[inline(always)]
    fn key(self) -> u64 {
        u64::from(self)
    }
}

/// The monotone key of an IEEE float's bits, `width` wide: negative values
/// have every bit flipped, the others the sign bit set; `-0.0` is keyed as
/// `+0.0` and every NaN as the largest key. Branch-free: signs and NaNs
/// in random data would mispredict in every pass.
#[inline(always)]
fn float_key(bits: u64, width: u32, is_nan: bool) -> u64 {
    let sign = 1u64 << (width - 1);
    let all = sign | (sign - 1);
    let bits = bits & !(u64::from(bits == sign) * sign);
    let negative = bits >> (width - 1);
    let key = bits ^ ((negative.wrapping_neg() & all) | sign);
    let nan = u64::from(is_nan).wrapping_neg();
    (key & !nan) | (all & nan)
}

macro_rules! float_key {
    ($($t:ty => $bits:expr),*) => {$(
        impl RadixKey for $t {
            const BITS: u32 = $bits;
            #[inline(always)]
            fn key(self) -> u64 {
                float_key(u64::from(self.to_bits()), $bits, <$t>::is_nan(self))
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
        }
    )*};
}
float_key!(f16 => 16, bf16 => 16, f32 => 32, f64 => 64);

/// An element with its position, for argsort: sorted by the element.
impl<T: RadixKey, I: Copy + Send + Sync> RadixKey for (T, I) {
    const BITS: u32 = T::BITS;
    #[inline(always)]
    fn key(self) -> u64 {
        self.0.key()
    }
    fn is_nan(self) -> bool {
        self.0.is_nan()
    }
}

#[inline(always)]
fn digit<E: RadixKey>(e: E, shift: u32) -> usize {
    ((e.key() >> shift) as usize) & (BUCKETS - 1)
}

/// Sorts `v` stably in NumPy's order of its elements' keys.
pub fn sort<E: RadixKey>(v: &mut [E]) {
    if v.len() < SMALL {
        v.sort_by_key(|e| e.key());
        return;
    }
    let chunk = chunk_len(v.len());
    let mut buf = v.to_vec();
    // `in_buf`: whether the elements in their current order are in `buf`.
    let mut in_buf = false;
    for pass in 0..E::BITS.div_ceil(DIGIT_BITS) {
        let shift = pass * DIGIT_BITS;
        let (src, dst) = if in_buf {
            (&buf[..], &mut v[..])
        } else {
            (&v[..], &mut buf[..])
        };
        if scatter(src, dst, shift, chunk) {
            in_buf = !in_buf;
        }
    }
    if in_buf {
        v.copy_from_slice(&buf);
    }
}

/// The length of the chunks a pass over `n` elements is cut into: one
/// chunk per rayon thread for large inputs, else one.
fn chunk_len(n: usize) -> usize {
    let threads = if n >= PARALLEL {
        rayon::current_num_threads().max(1)
    } else {
        1
    };
    n.div_ceil(threads).max(1)
}

/// `f` of every chunk of `src`, on the rayon threads when there are
/// several.
fn map_chunks<E: Sync, R: Send>(
    src: &[E],
    chunk: usize,
    f: impl Fn(&[E]) -> R + Sync + Send,
) -> Vec<R> {
    if src.len() > chunk {
        src.par_chunks(chunk).with_max_len(1).map(f).collect()
    } else {
        vec![f(src)]
    }
}

/// Moves each element of every chunk of `src` to the front of the region
/// `slot_of` names among that chunk's own regions (`regions[c]` for chunk
/// `c`), on the rayon threads when there are several chunks. The caller
/// made each region exactly as long as the elements it receives.
fn place_chunks<'a, E, S>(
    src: &[E],
    chunk: usize,
    regions: Vec<S>,
    slot_of: impl Fn(E) -> usize + Sync + Send,
) where
    E: RadixKey + 'a,
    S: AsMut<[&'a mut [E]]> + Send,
{
    let place = |(part, mut out): (&[E], S)| {
        let out = out.as_mut();
        for &e in part {
            let slot = &mut out[slot_of(e)];
            if let Some((first, tail)) = std::mem::take(slot).split_first_mut() {
                *first = e;
                *slot = tail;
            }
        }
    };
    if regions.len() > 1 {
        src.par_chunks(chunk)
            .with_max_len(1)
            .zip(regions.into_par_iter())
            .for_each(place);
    } else {
        src.chunks(chunk).zip(regions).for_each(place);
    }
}

/// One pass: `src` stably scattered into `dst` by the digit at `shift`,
/// chunks of `chunk` at once. Returns false, leaving `dst` untouched, when
/// every element has the same digit (the pass would move nothing).
fn scatter<E: RadixKey>(src: &[E], dst: &mut [E], shift: u32, chunk: usize) -> bool {
    let counts: Vec<[usize; BUCKETS]> = map_chunks(src, chunk, |part| {
        let mut c = [0usize; BUCKETS];
        for &e in part {
            c[digit(e, shift)] += 1;
        }
        c
    });
    let total = |b: usize| counts.iter().map(|c| c[b]).sum::<usize>();
    if (0..BUCKETS).any(|b| total(b) == src.len()) {
        return false;
    }
    // The output regions in order: digit-major, then chunk, so that each
    // digit's elements keep their input order across the chunks.
    let mut regions: Vec<Vec<&mut [E]>> = (0..counts.len())
        .map(|_| Vec::with_capacity(BUCKETS))
        .collect();
    let mut rest = dst;
    for b in 0..BUCKETS {
        for (c, count) in counts.iter().enumerate() {
            let (region, tail) = rest.split_at_mut(count[b]);
            regions[c].push(region);
            rest = tail;
        }
    }
    place_chunks(src, chunk, regions, |e| digit(e, shift));
    true
}

/// Bits of the digit [`partition`] counts first: 65,536 buckets, so the
/// bucket holding the `k`-th element is a small share of any real data.
const SELECT_BITS: u32 = 16;
/// Below this many elements [`partition`] is the standard library's
/// selection alone.
const SELECT_SMALL: usize = 1 << 14;

/// Rearranges `v` so that every position in `kth` (ascending, each below
/// `v.len()`; repeats are ignored) holds the element a sort would put there, with no
/// larger element before it and no smaller one after (NumPy's partition
/// contract; the order within the sides is unspecified).
///
/// The first `k` is a radix selection: one count of the top 16 key bits
/// finds the bucket holding the `k`-th element, one pass moves the
/// elements below, in and above that bucket to their three regions (on
/// every thread for large inputs), and the standard library's selection
/// finishes inside the bucket. Each further `k` selects within what lies
/// right of the one before.
pub fn partition<E: RadixKey>(v: &mut [E], kth: &[usize]) {
    let mut done = 0;
    for (i, &k) in kth.iter().enumerate() {
        if k < done {
            continue;
        }
        let part = &mut v[done..];
        let k = k - done;
        if i == 0 && part.len() >= SELECT_SMALL {
            select_radix(part, k);
        } else {
            part.select_nth_unstable_by_key(k, |e| e.key());
        }
        done += k + 1;
    }
}

/// [`partition`] of one `k` by the top key digit, then within its bucket.
fn select_radix<E: RadixKey>(v: &mut [E], k: usize) {
    let bits = E::BITS.min(SELECT_BITS);
    let shift = E::BITS - bits;
    let top = |e: E| (e.key() >> shift) as usize;
    let src = v.to_vec();
    let chunk = chunk_len(src.len());
    let counts: Vec<Vec<u32>> = map_chunks(&src, chunk, |part| {
        let mut c = vec![0u32; 1 << bits];
        for &e in part {
            c[top(e)] += 1;
        }
        c
    });
    // The bucket `b` holding the k-th element, and how many lie below it.
    let (mut below, mut b) = (0usize, 0usize);
    loop {
        let here: usize = counts.iter().map(|c| c[b] as usize).sum();
        if below + here > k {
            break;
        }
        below += here;
        b += 1;
    }
    let side = |c: &Vec<u32>| {
        let lo: usize = c[..b].iter().map(|&x| x as usize).sum();
        (lo, c[b] as usize)
    };
    let sizes: Vec<(usize, usize, usize)> = counts
        .iter()
        .zip(src.chunks(chunk))
        .map(|(c, part)| {
            let (lo, mid) = side(c);
            (lo, mid, part.len() - lo - mid)
        })
        .collect();
    // Regions in order: every chunk's low elements, then their bucket
    // elements, then their high ones; each chunk writes only its own.
    let mut regions: Vec<[&mut [E]; 3]> = Vec::with_capacity(sizes.len());
    let (mut lows, rest) = v.split_at_mut(below);
    let in_bucket: usize = sizes.iter().map(|s| s.1).sum();
    let (mut mids, mut highs) = rest.split_at_mut(in_bucket);
    for &(lo, mid, hi) in &sizes {
        let (l, lt) = std::mem::take(&mut lows).split_at_mut(lo);
        let (m, mt) = std::mem::take(&mut mids).split_at_mut(mid);
        let (h, ht) = std::mem::take(&mut highs).split_at_mut(hi);
        (lows, mids, highs) = (lt, mt, ht);
        regions.push([l, m, h]);
    }
    // 0, 1 or 2 for below, in or above the bucket, without a branch
    // (random data would mispredict one in two).
    place_chunks(&src, chunk, regions, |e| {
        let t = top(e);
        usize::from(t >= b) + usize::from(t > b)
    });
    if bits < E::BITS {
        v[below..below + in_bucket].select_nth_unstable_by_key(k - below, |e| e.key());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The radix sort agrees with the standard library's stable sort on
    /// the same keys (compared as printed: `-0.0` apart from `0.0`, NaN
    /// equal to NaN).
    fn check<E: RadixKey + std::fmt::Debug>(mut v: Vec<E>) {
        let mut expected = v.clone();
        expected.sort_by_key(|e| e.key());
        sort(&mut v);
        assert_eq!(format!("{v:?}"), format!("{expected:?}"));
    }

    /// A deterministic pseudo-random sequence (xorshift), no dependency.
    fn noise(n: usize, seed: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            })
            .collect()
    }

    #[test]
    fn float_keys_follow_numpy_order() {
        let order = [
            f64::NEG_INFINITY,
            -1.5,
            -f64::MIN_POSITIVE,
            0.0,
            f64::MIN_POSITIVE,
            2.0,
            f64::INFINITY,
            f64::NAN,
        ];
        for w in order.windows(2) {
            assert!(w[0].key() < w[1].key(), "{} < {}", w[0], w[1]);
        }
        assert_eq!((-0.0f64).key(), 0.0f64.key());
        assert_eq!((-f64::NAN).key(), f64::NAN.key());
        assert_eq!((-0.0f32).key(), 0.0f32.key());
        assert!(f16::NEG_INFINITY.key() < f16::from_f32(-0.5).key());
        assert!(f16::INFINITY.key() < f16::NAN.key());
        assert!(i8::MIN.key() < (-1i8).key() && (-1i8).key() < 0i8.key());
        assert!(i64::MIN.key() < i64::MAX.key());
    }

    #[test]
    fn sorts_every_width_serial_and_parallel() {
        for n in [0, 1, 7, SMALL + 3, PARALLEL + 1001] {
            let r = noise(n, 0x9e37_79b9_7f4a_7c15);
            check(r.iter().map(|&x| x as i8).collect::<Vec<_>>());
            check(r.iter().map(|&x| x as u16).collect::<Vec<_>>());
            check(r.iter().map(|&x| x as i32).collect::<Vec<_>>());
            check(r.iter().map(|&x| x as i64).collect::<Vec<_>>());
            check(r.iter().map(|&x| x >> 40).collect::<Vec<u64>>());
            let f: Vec<f64> = r
                .iter()
                .map(|&x| match x % 50 {
                    0 => f64::NAN,
                    1 => -0.0,
                    2 => 0.0,
                    3 => f64::NEG_INFINITY,
                    _ => (x as i64 as f64) * 1e-15,
                })
                .collect();
            let mut expected = f.clone();
            expected.sort_by(|a, b| xpush_core::order::float_cmp(*a, *b));
            let mut got = f.clone();
            sort(&mut got);
            // Stable and keyed as NumPy: the same bits, zeros and NaNs
            // in input order.
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&got), bits(&expected));
            check(f.iter().map(|&x| x as f32).collect::<Vec<_>>());
            check(f.iter().map(|&x| f16::from_f64(x)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn argsort_pairs_keep_ties_in_input_order() {
        let vals = [3i32, 1, 3, 1, 2, 3];
        let mut pairs: Vec<(i32, u32)> = (0..PARALLEL + 5)
            .map(|i| (vals[i % vals.len()], i as u32))
            .collect();
        sort(&mut pairs);
        assert!(pairs
            .windows(2)
            .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
    }
    #[test]
    fn partition_puts_each_kth_in_place() {
        for n in [5, SELECT_SMALL + 17, PARALLEL + 3] {
            let r = noise(n, 7);
            let f: Vec<f32> = r
                .iter()
                .map(|&x| {
                    if x % 97 == 0 {
                        f32::NAN
                    } else {
                        (x as i32 >> 8) as f32
                    }
                })
                .collect();
            let mut sorted = f.clone();
            sort(&mut sorted);
            for kth in [vec![0], vec![n / 2], vec![n - 1], vec![1, n / 3, n - 2]] {
                let mut p = f.clone();
                partition(&mut p, &kth);
                for &k in &kth {
                    assert_eq!(p[k].key(), sorted[k].key(), "n={n} k={k}");
                    assert!(p[..k].iter().all(|e| e.key() <= p[k].key()));
                    assert!(p[k + 1..].iter().all(|e| e.key() >= p[k].key()));
                }
                let mut back = p.clone();
                sort(&mut back);
                assert_eq!(format!("{back:?}"), format!("{sorted:?}"));
            }
            let mut small: Vec<u16> = r.iter().map(|&x| x as u16).collect();
            let mut s2 = small.clone();
            s2.sort();
            partition(&mut small, &[n / 2]);
            assert_eq!(small[n / 2], s2[n / 2]);
        }
    }
}
