//! An unstable quicksort of 32- and 64-bit numbers on AVX-512 and AVX2:
//! the idea of x86-simd-sort, the sort NumPy runs for `kind='quicksort'`
//! (its default) on both, written again in safe Rust over `pulp`'s
//! feature-checked intrinsics.
//!
//! - Every number is sorted as an integer key: `int32`/`int64` as they
//!   are, unsigned integers with the sign bit flipped, floats with their
//!   IEEE bits made monotone ([`float_key!`]). `-0.0` keys below `+0.0`,
//!   and every NaN becomes the canonical quiet NaN keyed above `+inf`:
//!   NaN last, as NumPy's vectorized sort (which writes `quiet_NaN()`
//!   back) does too.
//! - A partition reads a vector of keys at a time (16 keys of 32 bits on
//!   AVX-512, 8 on AVX2; half as many of 64 bits): one compare gives the
//!   mask of keys at or above the pivot, two compresses pack the two
//!   groups (`vpcompress` on AVX-512; on AVX2 a `vpermd` by a permutation
//!   looked up by the mask), and they are stored at the two ends of the
//!   range. It works in place: the first and last vectors are held in
//!   registers, so there is always a vector's worth of read-but-unwritten
//!   room on the side a full-vector store lands ([`partition`]).
//! - Ranges of at most 16 vectors are sorted in registers by a bitonic
//!   network ([`sort_small`]); the pivot is the median of a sorted vector
//!   of samples.
//! - A range that keeps splitting badly (an adversarial input) falls back
//!   to the standard library's `sort_unstable` after `2 log2(n)` levels.
//! - A large range is partitioned once and its two sides sort on separate
//!   rayon threads.
//!
//! The algorithm is written once over [`simd::Lanes`]; the instruction
//! set is chosen at run time. On a CPU with neither (or off x86-64)
//! [`QuickSort::quick`] returns `false` and the caller sorts otherwise
//! (the radix sort).

use half::{bf16, f16};

/// What the quicksort does with a slice.
#[derive(Clone, Copy, Debug)]
pub enum Job<'a> {
    /// Sort it.
    Sort,
    /// Partition it as `np.partition` does: each position in the list
    /// (ascending, in range) gets the element a sort would put there, with
    /// none larger before it and none smaller after.
    Select(&'a [usize]),
}

/// A number type with an AVX-512 quicksort.
pub trait QuickSort: Sized {
    /// Runs `job` on `v` in NumPy's order (NaN last), not stably; `false`,
    /// with `v` untouched, where this CPU or this type has no quicksort.
    fn quick(v: &mut [Self], job: Job) -> bool {
        let _ = (v, job);
        false
    }

    /// Sorts `v` ([`Job::Sort`]).
    fn quicksort(v: &mut [Self]) -> bool {
        Self::quick(v, Job::Sort)
    }

    /// Partitions `v` around the positions `kth` ([`Job::Select`]).
    fn quickselect(v: &mut [Self], kth: &[usize]) -> bool {
        Self::quick(v, Job::Select(kth))
    }
}

impl QuickSort for bool {}
impl QuickSort for i8 {}
impl QuickSort for u8 {}
impl QuickSort for i16 {}
impl QuickSort for u16 {}
impl QuickSort for f16 {}
impl QuickSort for bf16 {}

/// Whether this CPU runs the quicksort (AVX-512 or AVX2 on x86-64).
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return simd::isa().is_some();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

#[cfg(not(target_arch = "x86_64"))]
mod no_simd {
    use super::QuickSort;
    impl QuickSort for i32 {}
    impl QuickSort for u32 {}
    impl QuickSort for f32 {}
    impl QuickSort for i64 {}
    impl QuickSort for u64 {}
    impl QuickSort for f64 {}
}

#[cfg(target_arch = "x86_64")]
mod simd {
    use super::{Job, QuickSort};
    use pulp::x86::{V3, V4};

    /// The vector operations the sort needs, for one key width and one
    /// instruction set: 16 lanes of `i32` or 8 of `i64` in an AVX-512
    /// register ([`avx512`]), 8 or 4 in an AVX2 one ([`avx2`]). Masks of
    /// lanes are bits, lane `i` at bit `i`.
    pub(super) trait Lanes: Copy + Send + Sync {
        /// The key.
        type E: Copy + Ord + Send + Sync + bytemuck::Pod;
        /// A vector of `N` keys.
        type V: Copy;
        /// Keys in a vector.
        const N: usize;
        /// The largest key: the padding of a partial vector.
        const MAX: Self::E;
        /// The key after `x` (`x < MAX`).
        fn succ(x: Self::E) -> Self::E;
        /// Runs `f` with the instruction set enabled (everything it
        /// inlines).
        fn vectorize<R>(self, f: impl FnOnce() -> R) -> R;
        /// The first `N` keys of `s`.
        fn load(self, s: &[Self::E]) -> Self::V;
        /// Writes `v` over the first `N` keys of `s`.
        fn store(self, s: &mut [Self::E], v: Self::V);
        /// `x` in every lane.
        fn splat(self, x: Self::E) -> Self::V;
        /// The permutation taking lane `f(i)` to lane `i`, in the form
        /// [`Lanes::permute`] takes.
        fn indices(self, f: impl Fn(usize) -> usize) -> Self::V;
        /// The lanes where `a >= b`, as bits.
        fn ge(self, a: Self::V, b: Self::V) -> u32;
        /// The lanes of `v` selected by `m`, packed into the low lanes (the
        /// other lanes hold anything).
        fn compress(self, m: u32, v: Self::V) -> Self::V;
        /// The lanes of `v` selected by `m`, packed into the top lanes;
        /// `rotations[c]` (of [`Lanes::indices`]) moves the low `c` lanes
        /// to the top, and `count` is how many lanes `m` selects.
        #[inline(always)]
        fn compress_top(
            self,
            m: u32,
            count: usize,
            v: Self::V,
            rotations: &[Self::V; 17],
        ) -> Self::V {
            self.permute(rotations[count], self.compress(m, v))
        }
        /// Lane-wise minimum.
        fn min(self, a: Self::V, b: Self::V) -> Self::V;
        /// Lane-wise maximum.
        fn max(self, a: Self::V, b: Self::V) -> Self::V;
        /// `v` permuted by `idx`, a vector of [`Lanes::indices`].
        fn permute(self, idx: Self::V, v: Self::V) -> Self::V;
        /// `b` in the lanes of `m`, `a` elsewhere.
        fn blend(self, m: u32, a: Self::V, b: Self::V) -> Self::V;
    }

    /// The members of a [`Lanes`] that every instruction set writes
    /// alike, for `$n` keys of type `$e` in a vector `$v` of a `pulp`
    /// token `self.0`.
    macro_rules! common_lanes {
        ($e:ty, $n:literal, $v:ty) => {
            type E = $e;
            type V = $v;
            const N: usize = $n;
            const MAX: $e = <$e>::MAX;
            #[inline(always)]
            fn succ(x: $e) -> $e {
                x + 1
            }
            #[inline(always)]
            fn vectorize<R>(self, f: impl FnOnce() -> R) -> R {
                self.0.vectorize(f)
            }
            #[inline(always)]
            fn load(self, s: &[$e]) -> $v {
                let a: &[$e; $n] = s[..$n].try_into().expect("a full vector");
                bytemuck::cast(*a)
            }
            #[inline(always)]
            fn store(self, s: &mut [$e], v: $v) {
                let a: &mut [$e; $n] = (&mut s[..$n]).try_into().expect("a full vector");
                *a = bytemuck::cast(v);
            }
        };
    }

    /// The AVX-512 lanes: one instruction for each operation.
    mod avx512 {
        use super::Lanes;
        use core::arch::x86_64::__m512i;
        use pulp::x86::V4;

        /// A [`Lanes`] of `$n` keys of type `$e` a vector, with the
        /// intrinsics of that key width.
        macro_rules! lanes {
            ($name:ident, $e:ty, $n:literal, $mask:ty, $set1:ident, $cmpge:ident,
             $compress:ident, $min:ident, $max:ident, $permute:ident, $blend:ident) => {
                #[doc = concat!($n, " `", stringify!($e), "` keys an AVX-512 vector.")]
                #[derive(Clone, Copy)]
                pub(in super::super) struct $name(pub V4);

                impl Lanes for $name {
                    common_lanes!($e, $n, __m512i);
                    #[inline(always)]
                    fn splat(self, x: $e) -> __m512i {
                        self.0.avx512f.$set1(x)
                    }
                    #[inline(always)]
                    fn indices(self, f: impl Fn(usize) -> usize) -> __m512i {
                        bytemuck::cast(core::array::from_fn::<$e, $n, _>(|i| f(i) as $e))
                    }
                    #[inline(always)]
                    fn ge(self, a: __m512i, b: __m512i) -> u32 {
                        self.0.avx512f.$cmpge(a, b) as u32
                    }
                    #[inline(always)]
                    fn compress(self, m: u32, v: __m512i) -> __m512i {
                        self.0.avx512f.$compress(m as $mask, v)
                    }
                    #[inline(always)]
                    fn min(self, a: __m512i, b: __m512i) -> __m512i {
                        self.0.avx512f.$min(a, b)
                    }
                    #[inline(always)]
                    fn max(self, a: __m512i, b: __m512i) -> __m512i {
                        self.0.avx512f.$max(a, b)
                    }
                    #[inline(always)]
                    fn permute(self, idx: __m512i, v: __m512i) -> __m512i {
                        self.0.avx512f.$permute(idx, v)
                    }
                    #[inline(always)]
                    fn blend(self, m: u32, a: __m512i, b: __m512i) -> __m512i {
                        self.0.avx512f.$blend(m as $mask, a, b)
                    }
                }
            };
        }

        lanes!(
            I32x16,
            i32,
            16,
            u16,
            _mm512_set1_epi32,
            _mm512_cmpge_epi32_mask,
            _mm512_maskz_compress_epi32,
            _mm512_min_epi32,
            _mm512_max_epi32,
            _mm512_permutexvar_epi32,
            _mm512_mask_blend_epi32
        );
        lanes!(
            I64x8,
            i64,
            8,
            u8,
            _mm512_set1_epi64,
            _mm512_cmpge_epi64_mask,
            _mm512_maskz_compress_epi64,
            _mm512_min_epi64,
            _mm512_max_epi64,
            _mm512_permutexvar_epi64,
            _mm512_mask_blend_epi64
        );
    }

    /// The AVX2 lanes. AVX2 has no compress and no mask registers: a
    /// compress is a lane permutation looked up by the mask (as
    /// x86-simd-sort's AVX2 sort does), a mask of bits becomes a vector
    /// for `blendv`, and 64-bit keys take their minimum and maximum by a
    /// compare and a blend. Every permutation is of 32-bit lanes
    /// (`vpermd`): a 64-bit lane moves as its two halves.
    mod avx2 {
        use super::Lanes;
        use core::arch::x86_64::__m256i;
        use pulp::x86::V3;

        /// For each mask `m` of `lanes` lanes (`M = 1 << lanes`), the
        /// 32-bit lane indices that gather the lanes of `m` first, in
        /// order, then the others; with `top`, the others first and the
        /// lanes of `m` last.
        const fn compress_table<const M: usize>(lanes: usize, top: bool) -> [[i32; 8]; M] {
            let per = 8 / lanes;
            let mut table = [[0i32; 8]; M];
            let mut m = 0;
            while m < M {
                let mut out = 0;
                let mut pass = 0;
                while pass < 2 {
                    let mut lane = 0;
                    while lane < lanes {
                        let selected = (m >> lane) & 1 == 1;
                        if selected == ((pass == 0) != top) {
                            let mut h = 0;
                            while h < per {
                                table[m][out] = (lane * per + h) as i32;
                                out += 1;
                                h += 1;
                            }
                        }
                        lane += 1;
                    }
                    pass += 1;
                }
                m += 1;
            }
            table
        }

        /// The compress permutations of eight 32-bit lanes.
        static COMPRESS_32: [[i32; 8]; 256] = compress_table::<256>(8, false);
        /// The compress permutations of four 64-bit lanes.
        static COMPRESS_64: [[i32; 8]; 16] = compress_table::<16>(4, false);
        /// The permutations packing the masked lanes of eight 32-bit lanes
        /// at the top.
        static COMPRESS_TOP_32: [[i32; 8]; 256] = compress_table::<256>(8, true);
        /// The same for four 64-bit lanes.
        static COMPRESS_TOP_64: [[i32; 8]; 16] = compress_table::<16>(4, true);

        /// `v` permuted by the 32-bit lane indices `perm` (`vpermd`).
        #[inline(always)]
        fn permute_by(simd: V3, perm: &[i32; 8], v: __m256i) -> __m256i {
            simd.avx2
                ._mm256_permutevar8x32_epi32(v, bytemuck::cast(*perm))
        }

        /// 8 `i32` keys an AVX2 vector.
        #[derive(Clone, Copy)]
        pub(in super::super) struct I32x8(pub V3);

        /// 4 `i64` keys an AVX2 vector.
        #[derive(Clone, Copy)]
        pub(in super::super) struct I64x4(pub V3);

        impl Lanes for I32x8 {
            common_lanes!(i32, 8, __m256i);
            #[inline(always)]
            fn splat(self, x: i32) -> __m256i {
                self.0.avx._mm256_set1_epi32(x)
            }
            #[inline(always)]
            fn indices(self, f: impl Fn(usize) -> usize) -> __m256i {
                bytemuck::cast(core::array::from_fn::<i32, 8, _>(|i| f(i) as i32))
            }
            #[inline(always)]
            fn ge(self, a: __m256i, b: __m256i) -> u32 {
                let s = self.0;
                let lt = s.avx2._mm256_cmpgt_epi32(b, a);
                !(s.avx._mm256_movemask_ps(s.avx._mm256_castsi256_ps(lt)) as u32) & 0xff
            }
            #[inline(always)]
            fn compress(self, m: u32, v: __m256i) -> __m256i {
                permute_by(self.0, &COMPRESS_32[m as usize & 0xff], v)
            }
            #[inline(always)]
            fn compress_top(self, m: u32, _: usize, v: __m256i, _: &[__m256i; 17]) -> __m256i {
                permute_by(self.0, &COMPRESS_TOP_32[m as usize & 0xff], v)
            }
            #[inline(always)]
            fn min(self, a: __m256i, b: __m256i) -> __m256i {
                self.0.avx2._mm256_min_epi32(a, b)
            }
            #[inline(always)]
            fn max(self, a: __m256i, b: __m256i) -> __m256i {
                self.0.avx2._mm256_max_epi32(a, b)
            }
            #[inline(always)]
            fn permute(self, idx: __m256i, v: __m256i) -> __m256i {
                self.0.avx2._mm256_permutevar8x32_epi32(v, idx)
            }
            #[inline(always)]
            fn blend(self, m: u32, a: __m256i, b: __m256i) -> __m256i {
                let s = self.0;
                // Lane `i` all ones where `m` has bit `i`.
                let bits = bytemuck::cast(core::array::from_fn::<i32, 8, _>(|i| 1 << i));
                let splat = s.avx._mm256_set1_epi32(m as i32);
                let mask = s
                    .avx2
                    ._mm256_cmpeq_epi32(s.avx2._mm256_and_si256(splat, bits), bits);
                s.avx2._mm256_blendv_epi8(a, b, mask)
            }
        }

        impl Lanes for I64x4 {
            common_lanes!(i64, 4, __m256i);
            #[inline(always)]
            fn splat(self, x: i64) -> __m256i {
                self.0.avx._mm256_set1_epi64x(x)
            }
            /// Lane `f(i)`'s two 32-bit halves for lane `i`'s (`vpermd`).
            #[inline(always)]
            fn indices(self, f: impl Fn(usize) -> usize) -> __m256i {
                bytemuck::cast(core::array::from_fn::<i32, 8, _>(|i| {
                    (2 * f(i / 2) + i % 2) as i32
                }))
            }
            #[inline(always)]
            fn ge(self, a: __m256i, b: __m256i) -> u32 {
                let s = self.0;
                let lt = s.avx2._mm256_cmpgt_epi64(b, a);
                !(s.avx._mm256_movemask_pd(s.avx._mm256_castsi256_pd(lt)) as u32) & 0xf
            }
            #[inline(always)]
            fn compress(self, m: u32, v: __m256i) -> __m256i {
                permute_by(self.0, &COMPRESS_64[m as usize & 0xf], v)
            }
            #[inline(always)]
            fn compress_top(self, m: u32, _: usize, v: __m256i, _: &[__m256i; 17]) -> __m256i {
                permute_by(self.0, &COMPRESS_TOP_64[m as usize & 0xf], v)
            }
            #[inline(always)]
            fn min(self, a: __m256i, b: __m256i) -> __m256i {
                let s = self.0.avx2;
                s._mm256_blendv_epi8(a, b, s._mm256_cmpgt_epi64(a, b))
            }
            #[inline(always)]
            fn max(self, a: __m256i, b: __m256i) -> __m256i {
                let s = self.0.avx2;
                s._mm256_blendv_epi8(b, a, s._mm256_cmpgt_epi64(a, b))
            }
            #[inline(always)]
            fn permute(self, idx: __m256i, v: __m256i) -> __m256i {
                self.0.avx2._mm256_permutevar8x32_epi32(v, idx)
            }
            #[inline(always)]
            fn blend(self, m: u32, a: __m256i, b: __m256i) -> __m256i {
                let s = self.0;
                let bits = bytemuck::cast(core::array::from_fn::<i64, 4, _>(|i| 1 << i));
                let splat = s.avx._mm256_set1_epi64x(i64::from(m));
                let mask = s
                    .avx2
                    ._mm256_cmpeq_epi64(s.avx2._mm256_and_si256(splat, bits), bits);
                s.avx2._mm256_blendv_epi8(a, b, mask)
            }
        }
    }

    /// The most vectors [`sort_small`] sorts in registers.
    const SMALL_VECTORS: usize = 16;
    /// Vectors a partition step reads at once.
    const UNROLL: usize = 4;
    /// From this many keys a range's two sides sort on separate threads.
    const PARALLEL: usize = 1 << 16;

    /// The bits of the lanes whose index has bit `bit` clear: the lanes
    /// that keep the minimum of a compare-exchange at distance `bit`.
    #[inline(always)]
    fn low_lanes<L: Lanes>(bit: usize) -> u32 {
        (0..L::N)
            .filter(|i| i & bit == 0)
            .fold(0, |m, i| m | 1 << i)
    }

    /// One compare-exchange step inside a vector: lane `i` meets lane
    /// `i ^ partner`, and the lanes with bit `bit` clear keep the minimum.
    #[inline(always)]
    fn exchange<L: Lanes>(l: L, v: L::V, partner: usize, bit: usize) -> L::V {
        let other = l.permute(l.indices(|i| i ^ partner), v);
        l.blend(low_lanes::<L>(bit), l.max(v, other), l.min(v, other))
    }

    /// The lanes of `v` in reverse order.
    #[inline(always)]
    fn reverse<L: Lanes>(l: L, v: L::V) -> L::V {
        l.permute(l.indices(|i| L::N - 1 - i), v)
    }

    /// The last steps of a bitonic merge inside one vector: distances
    /// `N/2`, ..., 2, 1 (written out, so every permutation and mask is a
    /// constant).
    #[inline(always)]
    fn merge_lanes<L: Lanes>(l: L, mut v: L::V) -> L::V {
        if L::N == 16 {
            v = exchange(l, v, 8, 8);
        }
        if L::N >= 8 {
            v = exchange(l, v, 4, 4);
        }
        v = exchange(l, v, 2, 2);
        exchange(l, v, 1, 1)
    }

    /// Sorts the lanes of one vector: a bitonic network whose every
    /// compare-exchange puts the minimum first (each merge of two sorted
    /// blocks begins by comparing them mirrored: distance `block - 1`).
    #[inline(always)]
    fn sort_vector<L: Lanes>(l: L, mut v: L::V) -> L::V {
        v = exchange(l, v, 1, 1);
        v = exchange(l, v, 3, 2);
        v = exchange(l, v, 1, 1);
        if L::N >= 8 {
            v = exchange(l, v, 7, 4);
            v = exchange(l, v, 2, 2);
            v = exchange(l, v, 1, 1);
        }
        if L::N == 16 {
            v = exchange(l, v, 15, 8);
            v = exchange(l, v, 4, 4);
            v = exchange(l, v, 2, 2);
            v = exchange(l, v, 1, 1);
        }
        v
    }

    /// Sorts `v.len()` (a power of two) vectors as one sequence of keys:
    /// each vector alone, then the bitonic merges of 2, 4, ... vectors.
    /// Distances of a vector or more compare whole vectors; shorter ones
    /// run inside each vector.
    #[inline(always)]
    fn sort_vectors<L: Lanes>(l: L, v: &mut [L::V]) {
        for x in v.iter_mut() {
            *x = sort_vector(l, *x);
        }
        let mut block = 2;
        while block <= v.len() {
            for b in v.chunks_exact_mut(block) {
                for p in 0..block / 2 {
                    let mirrored = reverse(l, b[block - 1 - p]);
                    let (lo, hi) = (l.min(b[p], mirrored), l.max(b[p], mirrored));
                    b[p] = lo;
                    b[block - 1 - p] = reverse(l, hi);
                }
            }
            let mut d = block / 4;
            while d >= 1 {
                for b in v.chunks_exact_mut(2 * d) {
                    for p in 0..d {
                        let (lo, hi) = (l.min(b[p], b[p + d]), l.max(b[p], b[p + d]));
                        b[p] = lo;
                        b[p + d] = hi;
                    }
                }
                d /= 2;
            }
            for x in v.iter_mut() {
                *x = merge_lanes(l, *x);
            }
            block *= 2;
        }
    }

    /// Sorts at most `SMALL_VECTORS * N` keys in registers: loaded into
    /// a power-of-two count of vectors, the last padded with `MAX`.
    #[inline(always)]
    fn sort_small<L: Lanes>(l: L, s: &mut [L::E]) {
        let count = s.len().div_ceil(L::N).next_power_of_two();
        let mut v = [l.splat(L::MAX); SMALL_VECTORS];
        let mut tail = [L::MAX; 16];
        for (x, chunk) in v.iter_mut().zip(s.chunks(L::N)) {
            *x = if chunk.len() == L::N {
                l.load(chunk)
            } else {
                tail[..chunk.len()].copy_from_slice(chunk);
                l.load(&tail)
            };
        }
        sort_vectors(l, &mut v[..count]);
        for (x, chunk) in v.iter().zip(s.chunks_mut(L::N)) {
            if chunk.len() == L::N {
                l.store(chunk, *x);
            } else {
                l.store(&mut tail, *x);
                let n = chunk.len();
                chunk.copy_from_slice(&tail[..n]);
            }
        }
    }

    /// The median of `N` keys sampled evenly across `s`.
    #[inline(always)]
    fn pivot<L: Lanes>(l: L, s: &[L::E]) -> L::E {
        let step = s.len() / L::N;
        let mut sample = [L::MAX; 16];
        for (i, x) in sample[..L::N].iter_mut().enumerate() {
            *x = s[i * step + step / 2];
        }
        let sorted = sort_vector(l, l.load(&sample));
        l.store(&mut sample, sorted);
        sample[L::N / 2]
    }

    /// Moves the keys of `s` below `pivot` before those at or above it, in
    /// place; returns how many are below. `s` holds at least `2 * UNROLL`
    /// vectors.
    ///
    /// The unread keys are `s[lo..hi]`; the keys placed so far fill
    /// `s[..ls]` (below) and `s[rs..]` (at or above). Holding the first and
    /// the last `UNROLL` vectors in registers leaves `2 * UNROLL` vectors
    /// of read-but-unplaced room, `s[ls..lo]` and `s[hi..rs]`, before every
    /// step, and the next `UNROLL` vectors are read from the side with less
    /// of it: then each side has room for `UNROLL` full-vector stores, and
    /// they overwrite only keys already read.
    #[inline(always)]
    fn partition<L: Lanes>(l: L, s: &mut [L::E], pivot: L::E) -> usize {
        let n = s.len();
        let block = UNROLL * L::N;
        let mut part = Partition {
            l,
            pivot: l.splat(pivot),
            rotations: core::array::from_fn(|count| l.indices(|i| (i + count) % L::N)),
            ls: 0,
            rs: n,
        };
        let held: [L::V; 2 * UNROLL] = core::array::from_fn(|i| {
            let at = if i < UNROLL {
                i * L::N
            } else {
                n - 2 * block + i * L::N
            };
            l.load(&s[at..at + L::N])
        });
        let (mut lo, mut hi) = (block, n - block);
        // `UNROLL` vectors a step, then single vectors, by the same rule:
        // the next keys come from the side with less room.
        let next = |lo: &mut usize, hi: &mut usize, ls: usize, rs: usize, width: usize| {
            if *lo - ls <= rs - *hi {
                *lo += width;
                *lo - width
            } else {
                *hi -= width;
                *hi
            }
        };
        while hi - lo >= block {
            let start = next(&mut lo, &mut hi, part.ls, part.rs, block);
            // Every vector of the step is read before any store: the
            // stores may land on the step's own keys.
            let step: [L::V; UNROLL] =
                core::array::from_fn(|i| l.load(&s[start + i * L::N..start + (i + 1) * L::N]));
            for v in step {
                part.place(s, v);
            }
        }
        while hi - lo >= L::N {
            let start = next(&mut lo, &mut hi, part.ls, part.rs, L::N);
            let v = l.load(&s[start..start + L::N]);
            part.place(s, v);
        }
        // Fewer than a vector left: read them out, which frees their room
        // too, and place them one by one (both candidate slots are free).
        let mut buf = [L::MAX; 16];
        let rest = &mut buf[..hi - lo];
        rest.copy_from_slice(&s[lo..hi]);
        for &x in rest.iter() {
            s[part.ls] = x;
            s[part.rs - 1] = x;
            if x < pivot {
                part.ls += 1;
            } else {
                part.rs -= 1;
            }
        }
        // The room left is the held vectors': all but the last store both
        // ways, and the last fills the room exactly, as one blended vector.
        for &v in &held[..2 * UNROLL - 1] {
            part.place(s, v);
        }
        let last = held[2 * UNROLL - 1];
        let ge = l.ge(last, part.pivot);
        let count = ge.count_ones() as usize;
        let below = L::N - count;
        let joined = l.blend(
            (1 << below) - 1,
            part.upper(last, ge, count),
            part.lower(last, ge),
        );
        l.store(&mut s[part.ls..part.ls + L::N], joined);
        part.ls + below
    }

    /// The state of one [`partition`]: where the next keys below and at or
    /// above the pivot go.
    struct Partition<L: Lanes> {
        l: L,
        pivot: L::V,
        /// `rotations[c]` moves the low `c` lanes of a vector to the top.
        rotations: [L::V; 17],
        /// Keys below the pivot fill `s[..ls]`.
        ls: usize,
        /// Keys at or above the pivot fill `s[rs..]`.
        rs: usize,
    }

    impl<L: Lanes> Partition<L> {
        /// The keys of `v` below the pivot (the lanes not in `ge`), packed
        /// into the low lanes.
        #[inline(always)]
        fn lower(&self, v: L::V, ge: u32) -> L::V {
            self.l.compress(!ge & ((1 << L::N) - 1), v)
        }

        /// The keys of `v` in `ge` (`count` of them), packed into the top
        /// lanes.
        #[inline(always)]
        fn upper(&self, v: L::V, ge: u32, count: usize) -> L::V {
            let l = self.l;
            l.compress_top(ge, count, v, &self.rotations)
        }

        /// Stores the two groups of `v` as full vectors at `ls` and ending
        /// at `rs`: the caller guarantees a vector of room at each.
        #[inline(always)]
        fn place(&mut self, s: &mut [L::E], v: L::V) {
            let l = self.l;
            let ge = l.ge(v, self.pivot);
            let count = ge.count_ones() as usize;
            let (ls, rs) = (self.ls, self.rs);
            l.store(&mut s[ls..ls + L::N], self.lower(v, ge));
            l.store(&mut s[rs - L::N..rs], self.upper(v, ge, count));
            self.ls += L::N - count;
            self.rs -= count;
        }
    }

    /// One partition step on `s` (longer than the small sort): how many
    /// keys end up in the lower part that still needs sorting, and where
    /// the upper part starts; `None` when every key is equal.
    #[inline(always)]
    fn split<L: Lanes>(l: L, s: &mut [L::E]) -> Option<(usize, usize)> {
        let p = pivot(l, s);
        let below = partition(l, s, p);
        if below > 0 {
            return Some((below, below));
        }
        // The pivot (a sampled key) is the least key: put every copy of it
        // first, where they are in place, and sort the rest.
        if p == L::MAX {
            return None;
        }
        let equal = partition(l, s, L::succ(p));
        (equal < s.len()).then_some((0, equal))
    }

    /// Sorts `s` on this thread: quicksort with an explicit stack (the
    /// whole sort is one function, compiled with AVX-512), small ranges in
    /// registers, and `sort_unstable` for ranges below `depth` levels.
    #[inline(always)]
    fn sort_serial<L: Lanes>(l: L, s: &mut [L::E], depth: u32) {
        let mut stack = vec![(0, s.len(), depth)];
        while let Some((start, end, depth)) = stack.pop() {
            let range = &mut s[start..end];
            if range.len() <= SMALL_VECTORS * L::N {
                sort_small(l, range);
            } else if depth == 0 {
                range.sort_unstable();
            } else if let Some((lower, upper)) = split(l, range) {
                stack.push((start + upper, end, depth - 1));
                if lower > 1 {
                    stack.push((start, start + lower, depth - 1));
                }
            }
        }
    }

    /// Sorts `s`: large ranges split once here and sort their sides on
    /// two rayon threads.
    fn sort_parallel<L: Lanes>(l: L, s: &mut [L::E], depth: u32) {
        if s.len() <= SMALL_VECTORS * L::N {
            // A short lane of a 2-d sort: no stack to allocate.
            l.vectorize(
                #[inline(always)]
                || sort_small(l, s),
            );
            return;
        }
        if s.len() < PARALLEL || depth == 0 || rayon::current_num_threads() < 2 {
            l.vectorize(
                #[inline(always)]
                || sort_serial(l, s, depth),
            );
            return;
        }
        let Some((lower, upper)) = l.vectorize(
            #[inline(always)]
            || split(l, s),
        ) else {
            return;
        };
        let (low, high) = s.split_at_mut(upper);
        rayon::join(
            || sort_parallel(l, &mut low[..lower], depth - 1),
            || sort_parallel(l, high, depth - 1),
        );
    }

    /// Partitions `s` around the positions `kth` (ascending) on this
    /// thread: the quicksort's loop, which follows only the sides holding
    /// a position of `kth`.
    #[inline(always)]
    fn select_serial<L: Lanes>(l: L, s: &mut [L::E], kth: &[usize], depth: u32) {
        let mut stack = vec![(0, s.len(), kth, depth)];
        while let Some((start, end, kth, depth)) = stack.pop() {
            let range = &mut s[start..end];
            if kth.is_empty() {
                continue;
            } else if range.len() <= SMALL_VECTORS * L::N {
                sort_small(l, range);
            } else if depth == 0 {
                range.sort_unstable();
            } else if let Some((lower, upper)) = split(l, range) {
                // Positions in `lower..upper` hold copies of the pivot.
                let low = kth.partition_point(|&k| k < start + lower);
                let high = kth.partition_point(|&k| k < start + upper);
                stack.push((start, start + lower, &kth[..low], depth - 1));
                stack.push((start + upper, end, &kth[high..], depth - 1));
            }
        }
    }

    /// The widest vectors this CPU sorts with.
    #[derive(Clone, Copy)]
    pub(super) enum Isa {
        Avx512(V4),
        Avx2(V3),
    }

    /// AVX-512 where the CPU has it, else AVX2 (with FMA, BMI and the
    /// rest of x86-64-v3), else none.
    pub(super) fn isa() -> Option<Isa> {
        V4::try_new()
            .map(Isa::Avx512)
            .or_else(|| V3::try_new().map(Isa::Avx2))
    }

    /// Runs `job` on integer keys with the lanes `l`.
    fn run_keys<L: Lanes>(l: L, s: &mut [L::E], job: Job) {
        let depth = 2 * (usize::BITS - s.len().leading_zeros());
        match job {
            Job::Sort => sort_parallel(l, s, depth),
            Job::Select(kth) => l.vectorize(
                #[inline(always)]
                || select_serial(l, s, kth, depth),
            ),
        }
    }

    /// Maps each element to its key and back, around `run` on the keys.
    fn with_keys<T: bytemuck::Pod + Send, K: bytemuck::Pod + Send>(
        v: &mut [T],
        to_key: impl Fn(T) -> K + Sync,
        from_key: impl Fn(K) -> T + Sync,
        run: impl FnOnce(&mut [K]) -> bool,
    ) -> bool {
        use rayon::prelude::*;
        if isa().is_none() {
            return false;
        }
        let keys: &mut [K] = bytemuck::cast_slice_mut(v);
        let chunk = PARALLEL.max(keys.len().div_ceil(rayon::current_num_threads()));
        keys.par_chunks_mut(chunk).for_each(|c| {
            for x in c.iter_mut() {
                *x = to_key(bytemuck::cast(*x));
            }
        });
        run(keys);
        keys.par_chunks_mut(chunk).for_each(|c| {
            for x in c.iter_mut() {
                *x = bytemuck::cast(from_key(*x));
            }
        });
        true
    }

    impl QuickSort for i32 {
        fn quick(v: &mut [i32], job: Job) -> bool {
            match isa() {
                Some(Isa::Avx512(simd)) => run_keys(avx512::I32x16(simd), v, job),
                Some(Isa::Avx2(simd)) => run_keys(avx2::I32x8(simd), v, job),
                None => return false,
            }
            true
        }
    }

    impl QuickSort for i64 {
        fn quick(v: &mut [i64], job: Job) -> bool {
            match isa() {
                Some(Isa::Avx512(simd)) => run_keys(avx512::I64x8(simd), v, job),
                Some(Isa::Avx2(simd)) => run_keys(avx2::I64x4(simd), v, job),
                None => return false,
            }
            true
        }
    }

    /// The AVX2 sort of `i32` keys on any CPU with AVX2 (an AVX-512
    /// machine sorts with its wider lanes, so the tests run these too);
    /// `false` without AVX2.
    #[cfg(test)]
    pub(super) fn avx2_i32(v: &mut [i32], job: Job) -> bool {
        V3::try_new().is_some_and(|simd| {
            run_keys(avx2::I32x8(simd), v, job);
            true
        })
    }

    /// [`avx2_i32`] for `i64` keys.
    #[cfg(test)]
    pub(super) fn avx2_i64(v: &mut [i64], job: Job) -> bool {
        V3::try_new().is_some_and(|simd| {
            run_keys(avx2::I64x4(simd), v, job);
            true
        })
    }

    impl QuickSort for u32 {
        fn quick(v: &mut [u32], job: Job) -> bool {
            let flip = |x: u32| (x ^ 1 << 31) as i32;
            let unflip = |k: i32| k as u32 ^ 1 << 31;
            with_keys(v, flip, unflip, |k| i32::quick(k, job))
        }
    }

    impl QuickSort for u64 {
        fn quick(v: &mut [u64], job: Job) -> bool {
            let flip = |x: u64| (x ^ 1 << 63) as i64;
            let unflip = |k: i64| k as u64 ^ 1 << 63;
            with_keys(v, flip, unflip, |k| i64::quick(k, job))
        }
    }

    /// The order-preserving key of a float, as a signed integer: the bits
    /// of a negative float with all but the sign flipped (so larger
    /// magnitudes key lower), and every NaN the canonical quiet NaN (above
    /// `+inf`). The map is its own inverse on the keys it makes.
    macro_rules! float_key {
        ($float:ty, $int:ty, $uint:ty, $nan:expr) => {
            impl QuickSort for $float {
                fn quick(v: &mut [$float], job: Job) -> bool {
                    let monotone =
                        |b: $int| b ^ (((b >> (<$int>::BITS - 1)) as $uint) >> 1) as $int;
                    let to_key = |x: $float| {
                        if x.is_nan() {
                            $nan
                        } else {
                            monotone(x.to_bits() as $int)
                        }
                    };
                    let from_key = |k: $int| <$float>::from_bits(monotone(k) as _);
                    with_keys(v, to_key, from_key, |k| <$int>::quick(k, job))
                }
            }
        };
    }
    float_key!(f32, i32, u32, 0x7fc0_0000);
    float_key!(f64, i64, u64, 0x7ff8_0000_0000_0000);
}

#[cfg(test)]
mod tests {
    use super::{Job, QuickSort};

    /// A xorshift stream: the test inputs without a dependency.
    fn stream(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// Lengths around every boundary: the register sort's vector counts,
    /// a partition's leftovers, and the threaded split.
    const LENGTHS: [usize; 14] = [
        0, 1, 2, 7, 16, 17, 100, 255, 256, 257, 1000, 4099, 70_001, 300_000,
    ];

    /// Sorts a copy both ways and compares, when this CPU has the
    /// quicksort (elsewhere `quicksort` must leave the input untouched).
    /// Floats are compared by their bits (NaN payloads included).
    fn check<T: QuickSort + Copy + Bits>(v: Vec<T>, reference: impl Fn(&mut [T])) {
        check_with(v, T::quick, reference);
    }

    /// [`check`] of the sort `quick` (`false`: not on this CPU).
    fn check_with<T: Copy + Bits>(
        v: Vec<T>,
        quick: impl Fn(&mut [T], Job) -> bool,
        reference: impl Fn(&mut [T]),
    ) {
        let bits = |v: &[T]| v.iter().map(|x| x.bits()).collect::<Vec<u64>>();
        let mut got = v.clone();
        let mut want = v.clone();
        reference(&mut want);
        if quick(&mut got, Job::Sort) {
            assert_eq!(bits(&got), bits(&want), "n = {}", v.len());
        } else {
            assert_eq!(bits(&got), bits(&v));
        }
        // A partition is right when every stretch between (and at) the
        // `kth` positions holds the keys the sort put there.
        let n = v.len();
        for kth in [
            vec![n / 2],
            vec![0, n / 3, n / 3 + 1, n.saturating_sub(1)],
            vec![n.saturating_sub(1)],
        ] {
            let mut kth = kth;
            kth.retain(|&k| k < n);
            kth.sort_unstable();
            kth.dedup();
            if n == 0 {
                continue;
            }
            let mut got = v.clone();
            if !quick(&mut got, Job::Select(&kth)) {
                assert_eq!(bits(&got), bits(&v));
                continue;
            }
            let mut start = 0;
            for end in kth.iter().flat_map(|&k| [k, k + 1]).chain([n]) {
                let mut stretch = got[start..end].to_vec();
                reference(&mut stretch);
                assert_eq!(
                    bits(&stretch),
                    bits(&want[start..end]),
                    "n = {n}, kth = {kth:?}"
                );
                start = end;
            }
        }
    }

    /// An element's bits, to compare sorts exactly.
    trait Bits {
        fn bits(self) -> u64;
    }
    macro_rules! bits {
        ($($t:ty => $e:expr),*) => {$(
            impl Bits for $t {
                fn bits(self) -> u64 {
                    let f: fn($t) -> u64 = $e;
                    f(self)
                }
            }
        )*};
    }
    bits!(i32 => |x| x as u64, i64 => |x| x as u64, u32 => |x| x as u64, u64 => |x| x,
          f32 => |x| x.to_bits() as u64, f64 => |x| x.to_bits());

    #[test]
    fn integers_match_the_standard_sort() {
        for (seed, &n) in LENGTHS.iter().enumerate() {
            let mut r = stream(seed as u64 + 1);
            // Full range, a few distinct values (ties, the all-equal
            // split), sorted, reversed, and constant.
            check((0..n).map(|_| r() as i32).collect(), |v| v.sort());
            check((0..n).map(|_| (r() % 5) as i64 - 2).collect(), |v| v.sort());
            check((0..n).map(|_| r() as u32).collect(), |v| v.sort());
            check((0..n).map(|_| r()).collect(), |v: &mut [u64]| v.sort());
            check((0..n as i64).collect(), |v| v.sort());
            check((0..n as i32).rev().collect(), |v| v.sort());
            check(vec![i32::MAX; n], |v| v.sort());
            check(
                (0..n)
                    .map(|i| if i % 2 == 0 { i64::MIN } else { i64::MAX })
                    .collect(),
                |v| v.sort(),
            );
        }
    }

    /// The AVX2 lanes, also on a CPU that sorts with AVX-512: the same
    /// keys as the standard sort, and partitions that hold them.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_lanes_match_the_standard_sort() {
        use super::simd::{avx2_i32, avx2_i64};
        for (seed, &n) in LENGTHS.iter().enumerate() {
            let mut r = stream(seed as u64 + 50);
            check_with((0..n).map(|_| r() as i32).collect(), avx2_i32, |v| v.sort());
            check_with((0..n).map(|_| r() as i64).collect(), avx2_i64, |v| v.sort());
            check_with(
                (0..n).map(|_| (r() % 5) as i32 - 2).collect(),
                avx2_i32,
                |v| v.sort(),
            );
            check_with(
                (0..n).map(|_| (r() % 5) as i64 - 2).collect(),
                avx2_i64,
                |v| v.sort(),
            );
            check_with((0..n as i64).rev().collect(), avx2_i64, |v| v.sort());
            check_with(vec![i32::MAX; n], avx2_i32, |v| v.sort());
            check_with(
                (0..n)
                    .map(|i| if i % 2 == 0 { i64::MIN } else { i64::MAX })
                    .collect(),
                avx2_i64,
                |v| v.sort(),
            );
        }
    }

    /// Floats: NumPy's order, `-0.0` before `+0.0` and every NaN last as
    /// the canonical quiet NaN.
    #[test]
    fn floats_sort_in_numpy_order_with_nan_last() {
        fn reference_f32(v: &mut [f32]) {
            for x in v.iter_mut() {
                if x.is_nan() {
                    *x = f32::from_bits(0x7fc0_0000);
                }
            }
            v.sort_by(|a, b| a.total_cmp(b));
        }
        fn reference_f64(v: &mut [f64]) {
            for x in v.iter_mut() {
                if x.is_nan() {
                    *x = f64::from_bits(0x7ff8_0000_0000_0000);
                }
            }
            v.sort_by(|a, b| a.total_cmp(b));
        }
        let specials = [
            0.0,
            -0.0,
            f64::INFINITY,
            -f64::INFINITY,
            f64::NAN,
            -f64::NAN,
            1e-310,
            -1e-310,
        ];
        for (seed, &n) in LENGTHS.iter().enumerate() {
            let mut r = stream(seed as u64 + 100);
            let mut value = || {
                let bits = r();
                if bits.is_multiple_of(7) {
                    specials[(bits >> 8) as usize % specials.len()]
                } else {
                    (bits >> 11) as f64 / (1u64 << 40) as f64 - 2048.0
                }
            };
            let x: Vec<f64> = (0..n).map(|_| value()).collect();
            check(x.iter().map(|&x| x as f32).collect(), reference_f32);
            check(x, reference_f64);
        }
        // Signalling and negative NaN payloads come out canonical.
        let mut v = vec![
            f32::from_bits(0xffc0_0001),
            1.0,
            f32::from_bits(0x7f80_0001),
        ];
        if f32::quicksort(&mut v) {
            assert_eq!(
                v.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                [0x3f80_0000, 0x7fc0_0000, 0x7fc0_0000]
            );
        }
    }
}
