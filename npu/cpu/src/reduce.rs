//! Reductions and scans. Float sums are NumPy's `pairwise_sum` (8
//! accumulators, 128-element leaves) over the innermost reduced run, runs
//! added sequentially as NumPy's reduce loop does; when the innermost
//! axis in memory is kept, rows are accumulated elementwise, in order, as
//! NumPy does for `m.sum(axis=0)`.

use num_complex::Complex;
use rayon::prelude::*;

use xpush_core::array::Array;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::layout::{Chunk, Layout};
use xpush_core::op::ReduceOp;

use super::elem::{FloatK, FloatLike, IntK};
use xpush_core::kernel::wrap;

const PW_BLOCKSIZE: usize = 128;
/// [`drive`] lists the runs of one output element once when there are
/// fewer than this many.
const MAX_LISTED_RUNS: usize = 4096;

/// NumPy's `@TYPE@_pairwise_sum` over `n` elements at `off + k * stride`:
/// blocks of at most 128 elements summed with 8 accumulators, halves
/// (rounded to a multiple of 8) added recursively. NumPy hands a 1-d
/// strided run (`a[::2].sum()`) to one pairwise sum over its whole length,
/// so a strided run takes the same tree ([`pairwise_strided`]).
///
/// Each element enters the sum as `f(x)` (`up` for a plain sum): the
/// fused variance kernel sums `(x - mean)**2` through the same tree
/// without materialising NumPy's temporaries.
fn pairwise<T: FloatLike, F: MapF<T>>(a: &[T], off: isize, n: usize, stride: isize, f: F) -> T::C {
    if stride == 1 {
        let start = off as usize;
        return pairwise_contig(&a[start..start + n], f);
    }
    pairwise_strided(a, off, n, stride, f)
}

/// The per-element map of a pairwise sum ([`pairwise`]).
trait MapF<T: FloatLike>: Fn(T) -> T::C + Copy + Send + Sync {}
impl<T: FloatLike, F: Fn(T) -> T::C + Copy + Send + Sync> MapF<T> for F {}

/// [`pairwise`] over a strided run (any stride but 1, negative and 0
/// included). Leaves of a positive stride are read in place
/// ([`pairwise_leaf_step`]), others gathered into a buffer with a slice
/// walk; the two halves of a long run are summed on two threads, as in
/// [`pairwise_contig`].
fn pairwise_strided<T: FloatLike, F: MapF<T>>(
    a: &[T],
    off: isize,
    n: usize,
    stride: isize,
    f: F,
) -> T::C {
    if n <= PW_BLOCKSIZE {
        if stride == 2 && n >= 8 {
            if let Some(sum) = leaf_stride2(a, off as usize, n, f) {
                return sum;
            }
        }
        if stride > 0 && n > 0 {
            // Read in place: the run's span, element `k` at `k * stride`.
            let (start, step) = (off as usize, stride as usize);
            let run = &a[start..=start + (n - 1) * step];
            return pairwise_leaf_step(run, step, n, f);
        }
        let mut buf = [T::ZERO; PW_BLOCKSIZE];
        gather_run(a, off, stride, &mut buf[..n]);
        return pairwise_leaf(&buf[..n], f);
    }
    let n2 = pairwise_split(n);
    let off2 = off + n2 as isize * stride;
    if n >= xpush_core::kernel::PAR_MIN {
        let (p, q) = rayon::join(
            || pairwise_strided(a, off, n2, stride, f),
            || pairwise_strided(a, off2, n - n2, stride, f),
        );
        p + q
    } else {
        pairwise_strided(a, off, n2, stride, f) + pairwise_strided(a, off2, n - n2, stride, f)
    }
}

/// Copies the `buf.len()` elements at `off + k * stride` into `buf`.
fn gather_run<T: Copy>(a: &[T], off: isize, stride: isize, buf: &mut [T]) {
    let n = buf.len();
    if n == 0 {
        return;
    }
    let off = off as usize;
    let step = stride.unsigned_abs();
    if step == 0 {
        buf.fill(a[off]);
    } else if stride > 0 {
        let run = &a[off..=off + (n - 1) * step];
        for (b, &x) in buf.iter_mut().zip(run.iter().step_by(step)) {
            *b = x;
        }
    } else {
        let run = &a[off - (n - 1) * step..=off];
        for (b, &x) in buf.iter_mut().zip(run.iter().rev().step_by(step)) {
            *b = x;
        }
    }
}

/// [`pairwise`] over a contiguous run. The two halves of a long run are
/// summed on two threads: the tree of additions, and so the result, is
/// the same as NumPy's sequential recursion.
fn pairwise_contig<T: FloatLike, F: MapF<T>>(x: &[T], f: F) -> T::C {
    let n = x.len();
    if n <= PW_BLOCKSIZE {
        return pairwise_leaf(x, f);
    }
    let (lo, hi) = x.split_at(pairwise_split(n));
    // Both halves leaves: for n in 249..=255 the upper half (n - 120) is
    // longer than a leaf and splits again, as in NumPy.
    if hi.len() <= PW_BLOCKSIZE {
        let (p, q) = pairwise_leaf2(lo, hi, f);
        return p + q;
    }
    if n >= xpush_core::kernel::PAR_MIN {
        let (p, q) = rayon::join(|| pairwise_contig(lo, f), || pairwise_contig(hi, f));
        p + q
    } else {
        pairwise_contig(lo, f) + pairwise_contig(hi, f)
    }
}

/// Where NumPy's pairwise sum splits a run of `n > 128` elements.
fn pairwise_split(n: usize) -> usize {
    let n2 = n / 2;
    n2 - n2 % 8
}

/// One leaf of the pairwise sum (at most 128 elements): 8 accumulators
/// over whole blocks of 8, combined as a tree, then the tail in order.
#[inline]
fn pairwise_leaf<T: FloatLike, F: MapF<T>>(x: &[T], f: F) -> T::C {
    let n = x.len();
    if n < 8 {
        let mut res = -<T::C as num_traits::Zero>::zero();
        for &v in x {
            res = res + f(v);
        }
        return res;
    }
    let whole = n - n % 8;
    let mut r: [T::C; 8] = std::array::from_fn(|j| f(x[j]));
    for block in x[8..whole].chunks_exact(8) {
        for (rj, &v) in r.iter_mut().zip(block) {
            *rj = *rj + f(v);
        }
    }
    let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for &v in &x[whole..] {
        res = res + f(v);
    }
    res
}

/// [`pairwise_leaf`] of the `n` elements `run[k * step]` (`run` spans
/// them: `(n - 1) * step + 1` long), read in place.
#[inline(always)]
fn pairwise_leaf_step<T: FloatLike, F: MapF<T>>(run: &[T], step: usize, n: usize, f: F) -> T::C {
    if n < 8 {
        let mut res = -<T::C as num_traits::Zero>::zero();
        for &v in run.iter().step_by(step) {
            res = res + f(v);
        }
        return res;
    }
    let whole = n - n % 8;
    let mut r: [T::C; 8] = std::array::from_fn(|j| f(run[j * step]));
    // Blocks of 8 elements after the first. Their spans are `8 * step`
    // long but the last one's may end at its last element: whole spans go
    // through `chunks_exact` (no bounds checks, so the loads vectorise),
    // a short last one after. For `n == 8` the first block is the whole
    // run and `8 * step` is past its end.
    let rest = &run[(8 * step).min(run.len())..];
    let blocks = whole / 8 - 1;
    let exact = blocks.min(rest.len() / (8 * step));
    // PREFETCH_AHEAD bytes of the run, or as many cache lines when each
    // element is on a line of its own.
    let ahead = (PREFETCH_AHEAD / (step * std::mem::size_of::<T>())).max(PREFETCH_AHEAD / 64);
    for (i, block) in rest.chunks_exact(8 * step).take(exact).enumerate() {
        prefetch_every(rest, (ahead + i * 8) * step, 8, step);
        for (j, rj) in r.iter_mut().enumerate() {
            *rj = *rj + f(block[j * step]);
        }
    }
    if exact < blocks {
        let block = &rest[exact * 8 * step..];
        for (j, rj) in r.iter_mut().enumerate() {
            *rj = *rj + f(block[j * step]);
        }
    }
    let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for k in whole..n {
        res = res + f(run[k * step]);
    }
    res
}

/// [`pairwise_leaf_step`] of the `n >= 8` elements `a[start + 2 * k]`
/// (`a[::2].sum()`), when the span of its whole blocks of 8 (`16` elements
/// each, the odd ones between) lies inside `a`; `None` when it does not.
/// Each block's 16 contiguous elements are added into 16 lanes, the odd
/// ones into lanes that are then dropped: those adds vectorise, where 8
/// adds of every other element stay scalar. Each kept lane `2 * j` sees
/// `r[j]`'s additions in NumPy's order.
#[inline(always)]
fn leaf_stride2<T: FloatLike, F: MapF<T>>(a: &[T], start: usize, n: usize, f: F) -> Option<T::C> {
    let whole = n - n % 8;
    let span = a.get(start..start + 2 * whole)?;
    let (first, rest) = span.split_at(16);
    let mut acc: [T::C; 16] = std::array::from_fn(|i| f(first[i]));
    let ahead = start + 16 + PREFETCH_AHEAD / std::mem::size_of::<T>();
    for (i, block) in rest.chunks_exact(16).enumerate() {
        prefetch_lines::<T>(a, ahead + 16 * i, 16);
        for (c, &x) in acc.iter_mut().zip(block) {
            *c = *c + f(x);
        }
    }
    // The odd lanes are otherwise dead, and the compiler, dropping their
    // adds, would go back to 8 scalar ones.
    let acc = std::hint::black_box(acc);
    let r = |j: usize| acc[2 * j];
    let mut res = ((r(0) + r(1)) + (r(2) + r(3))) + ((r(4) + r(5)) + (r(6) + r(7)));
    for k in whole..n {
        res = res + f(a[start + 2 * k]);
    }
    Some(res)
}

/// How far ahead, in bytes, the strided leaves ask for their data
/// ([`prefetch_lines`]). NumPy's pairwise sum prefetches 128 float32
/// elements ahead, 1 KiB at `a[::2]`; 2 KiB measured best here.
const PREFETCH_AHEAD: usize = 2048;

/// Asks the cache for the `len` elements from `a[index]` on (past the
/// end is harmless: a prefetch never faults). The hardware prefetcher
/// alone leaves the strided leaves waiting on memory: `a[::2].sum()` of
/// 10M float32 on two threads took 1.48 ms (best of 180 runs; NumPy's
/// prefetching loop 2.08 ms on one), and takes 1.23 ms with this.
#[inline(always)]
fn prefetch_lines<T>(a: &[T], index: usize, len: usize) {
    let per_line = (64 / std::mem::size_of::<T>()).max(1);
    for k in (0..len).step_by(per_line) {
        prefetch_index::prefetch_index(a, index + k);
    }
}

/// [`prefetch_lines`] of the `n` elements `a[index + k * step]`: their
/// cache lines, one prefetch each.
#[inline(always)]
fn prefetch_every<T>(a: &[T], index: usize, n: usize, step: usize) {
    if step * std::mem::size_of::<T>() < 64 {
        prefetch_lines(a, index, n * step);
    } else {
        for k in 0..n {
            prefetch_index::prefetch_index(a, index + k * step);
        }
    }
}

/// Two sibling leaves ([`pairwise_leaf`] of `x` and of `y`, each 8 to 128
/// long) summed in one loop. Each accumulator sees its elements in the
/// same order, so both sums are bit for bit those of `pairwise_leaf`; the
/// two independent chains of additions keep the adder busy where one
/// leaf waits on each addition's latency.
#[inline]
fn pairwise_leaf2<T: FloatLike, F: MapF<T>>(x: &[T], y: &[T], f: F) -> (T::C, T::C) {
    if x.len() < 8 || y.len() < 8 {
        return (pairwise_leaf(x, f), pairwise_leaf(y, f));
    }
    let (wx, wy) = (x.len() - x.len() % 8, y.len() - y.len() % 8);
    let both = wx.min(wy);
    let mut r: [T::C; 8] = std::array::from_fn(|j| f(x[j]));
    let mut s: [T::C; 8] = std::array::from_fn(|j| f(y[j]));
    for (bx, by) in x[8..both].chunks_exact(8).zip(y[8..both].chunks_exact(8)) {
        for ((rj, sj), (&u, &v)) in r.iter_mut().zip(&mut s).zip(bx.iter().zip(by)) {
            *rj = *rj + f(u);
            *sj = *sj + f(v);
        }
    }
    for bx in x[both..wx].chunks_exact(8) {
        for (rj, &v) in r.iter_mut().zip(bx) {
            *rj = *rj + f(v);
        }
    }
    for by in y[both..wy].chunks_exact(8) {
        for (sj, &v) in s.iter_mut().zip(by) {
            *sj = *sj + f(v);
        }
    }
    let tree = |r: [T::C; 8]| ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    let (mut p, mut q) = (tree(r), tree(s));
    for &v in &x[wx..] {
        p = p + f(v);
    }
    for &v in &y[wy..] {
        q = q + f(v);
    }
    (p, q)
}

/// NumPy's complex pairwise sum (`n` complex elements; the blocks count
/// real and imaginary parts as NumPy's `2n` floats do).
fn cpairwise<F: FloatK>(a: &[Complex<F>], off: isize, n: usize, stride: isize) -> Complex<F> {
    let at = |k: usize| a[(off + k as isize * stride) as usize];
    let nf = 2 * n;
    if nf < 8 {
        let mut r = Complex::new(-F::zero(), -F::zero());
        for k in 0..n {
            r = Complex::new(r.re + at(k).re, r.im + at(k).im);
        }
        r
    } else if nf <= PW_BLOCKSIZE {
        let mut r: [Complex<F>; 4] = std::array::from_fn(at);
        let mut i = 4;
        while i < n - (n % 4) {
            for (j, rj) in r.iter_mut().enumerate() {
                *rj = Complex::new(rj.re + at(i + j).re, rj.im + at(i + j).im);
            }
            i += 4;
        }
        let mut res = Complex::new(
            (r[0].re + r[1].re) + (r[2].re + r[3].re),
            (r[0].im + r[1].im) + (r[2].im + r[3].im),
        );
        while i < n {
            res = Complex::new(res.re + at(i).re, res.im + at(i).im);
            i += 1;
        }
        res
    } else {
        let mut n2 = nf / 2;
        n2 -= n2 % 8;
        let m2 = n2 / 2;
        let x = cpairwise(a, off, m2, stride);
        let y = cpairwise(a, off + m2 as isize * stride, n - m2, stride);
        Complex::new(x.re + y.re, x.im + y.im)
    }
}

/// The reduction driver: `init` per output element, `run` folds a
/// strided run of the innermost reduced axis into the accumulator, `step`
/// folds one element (the kept-innermost order). Output elements are
/// independent, so large reductions split them across threads; each
/// element still sees its inputs in NumPy's order.
fn drive<T, A>(
    a: &[T],
    l: &Layout,
    axes: &[usize],
    init: A,
    run: impl Fn(A, &[T], Chunk) -> A + Sync,
    step: impl Fn(A, T) -> A + Sync,
) -> (Vec<A>, Vec<usize>)
where
    T: Copy + Sync,
    A: Copy + Send + Sync,
{
    let nout = (0..l.ndim())
        .filter(|i| !axes.contains(i))
        .map(|i| l.shape[i])
        .product();
    drive_from(a, l, axes, vec![init; nout], run, step)
}

/// [`drive`] with one initial accumulator per output element (C order of
/// the kept axes), for accumulators that carry a per-output parameter
/// (the mean of the fused variance).
fn drive_from<T, A>(
    a: &[T],
    l: &Layout,
    axes: &[usize],
    mut out: Vec<A>,
    run: impl Fn(A, &[T], Chunk) -> A + Sync,
    step: impl Fn(A, T) -> A + Sync,
) -> (Vec<A>, Vec<usize>)
where
    T: Copy + Sync,
    A: Copy + Send + Sync,
{
    let nd = l.ndim();
    let kept: Vec<usize> = (0..nd).filter(|i| !axes.contains(i)).collect();
    let kept_shape: Vec<usize> = kept.iter().map(|&i| l.shape[i]).collect();
    let sub = |ax: &[usize], offset: usize| Layout {
        shape: ax.iter().map(|&i| l.shape[i]).collect(),
        strides: ax.iter().map(|&i| l.strides[i]).collect(),
        offset,
    };
    let kept_l = sub(&kept, l.offset);
    let nout = out.len();
    debug_assert_eq!(nout, kept_shape.iter().product::<usize>());
    let parallel = l.size() >= xpush_core::kernel::PAR_MIN;
    // Innermost axis in memory among those longer than 1.
    let inner = (0..nd)
        .filter(|&i| l.shape[i] > 1)
        .min_by_key(|&i| (l.strides[i].unsigned_abs(), std::cmp::Reverse(i)));
    let reduced_inner = inner.is_none_or(|i| axes.contains(&i));
    if reduced_inner {
        // Each output element folds its own runs of the reduced axes. The
        // runs are the same for every output element up to its offset:
        // when there are few, they are listed once (relative to the first
        // output element) instead of walked per element, which for
        // `m.sum(axis=1)` would cost four allocations per row.
        let red = sub(axes, l.offset);
        let runs: Option<Vec<(isize, Chunk)>> = if red.size() == 0 {
            Some(Vec::new())
        } else {
            let mut v = Vec::new();
            for c in red.chunks() {
                if v.len() == MAX_LISTED_RUNS {
                    break;
                }
                v.push((c.offset as isize - l.offset as isize, c));
            }
            (v.len() < MAX_LISTED_RUNS).then_some(v)
        };
        let fold_one = |o: &mut A, off: usize| match &runs {
            Some(runs) => {
                for &(rel, c) in runs {
                    let c = Chunk {
                        offset: (off as isize + rel) as usize,
                        ..c
                    };
                    *o = run(*o, a, c);
                }
            }
            None => {
                for c in sub(axes, off).chunks() {
                    *o = run(*o, a, c);
                }
            }
        };
        if parallel && nout > 1 {
            let offs: Vec<usize> = kept_l.offsets().collect();
            out.par_iter_mut()
                .zip(offs.par_iter())
                .for_each(|(o, &off)| fold_one(o, off));
        } else {
            for (o, off) in out.iter_mut().zip(kept_l.offsets()) {
                fold_one(o, off);
            }
        }
    } else {
        // The kept axes are innermost: add whole rows into the output, row
        // after row, as NumPy does for `m.sum(axis=0)`.
        let red_l = sub(axes, 0);
        if red_l.size() > 0 {
            // Row offsets relative to the kept chunk; negative for a
            // reversed reduced axis (`m[::-1].sum(axis=0)`).
            let rows: Vec<isize> = red_l.offsets().map(|o| o as isize).collect();
            let pieces = output_pieces(&mut out, &kept_l);
            let fold_piece = |(o, c): (&mut [A], Chunk)| {
                let row_at = |roff: isize| {
                    let first = (c.offset as isize + roff) as usize;
                    &a[first..first + c.len]
                };
                if c.stride == 1 {
                    let mut blocks = rows.chunks_exact(ROW_BLOCK);
                    for b in &mut blocks {
                        add_rows(o, std::array::from_fn(|k| row_at(b[k])), &step);
                    }
                    for &roff in blocks.remainder() {
                        for (o, &x) in o.iter_mut().zip(row_at(roff)) {
                            *o = step(*o, x);
                        }
                    }
                } else {
                    for &roff in &rows {
                        let first = c.offset as isize + roff;
                        for (k, o) in o.iter_mut().enumerate() {
                            *o = step(*o, a[(first + k as isize * c.stride) as usize]);
                        }
                    }
                }
            };
            if parallel && pieces.len() > 1 {
                pieces.into_par_iter().for_each(fold_piece);
            } else {
                pieces.into_iter().for_each(fold_piece);
            }
        }
    }
    (out, kept_shape)
}

/// Rows [`add_rows`] folds into the output in one pass.
const ROW_BLOCK: usize = 8;

/// Folds [`ROW_BLOCK`] rows into `out`, row after row for each element
/// (`out[j] = step(...step(step(out[j], rows[0][j]), rows[1][j])...)`,
/// the order of adding the rows one at a time), in one pass: each output
/// element is loaded and stored once per block instead of once per row,
/// and the loop over `j` vectorizes across elements.
#[inline(always)]
fn add_rows<T: Copy, A: Copy>(out: &mut [A], rows: [&[T]; ROW_BLOCK], step: &impl Fn(A, T) -> A) {
    let n = out.len();
    let rows = rows.map(|r| &r[..n]);
    for (j, o) in out.iter_mut().enumerate() {
        let mut acc = *o;
        for r in &rows {
            acc = step(acc, r[j]);
        }
        *o = acc;
    }
}

/// Splits `out` (the C-order outputs of `kept`) into runs matching the
/// chunks of `kept`, each at most 65536 long, paired with the chunk
/// (offset relative to the first reduced row) it accumulates.
fn output_pieces<'o, A>(out: &'o mut [A], kept: &Layout) -> Vec<(&'o mut [A], Chunk)> {
    // One piece per thread, but at least 1024 long (a 4 KiB band of a
    // float32 row, long enough to stream). Measured with `m.sum(axis=0)`,
    // m 4000x2500 float32, rows added 8 at a time ([`add_rows`]), on this
    // 2-core machine idle: two threads on 1280-column bands took
    // 1.17-1.31 ms, one thread over whole rows 1.81-1.88 ms, NumPy
    // 2.2-2.6 ms. (With the second core busy running something else, the
    // bands took 1.6-2.1 ms against one thread's 1.4.)
    let threads = rayon::current_num_threads().max(1);
    let piece_len = out
        .len()
        .div_ceil(threads)
        .next_multiple_of(64)
        .clamp(1024, 65536);
    let mut pieces = Vec::new();
    let mut rest = out;
    for c in kept.chunks() {
        let mut done = 0;
        while done < c.len {
            let len = piece_len.min(c.len - done);
            let (head, tail) = std::mem::take(&mut rest).split_at_mut(len);
            let offset = (c.offset as isize + done as isize * c.stride) as usize;
            pieces.push((
                head,
                Chunk {
                    offset,
                    len,
                    stride: c.stride,
                },
            ));
            rest = tail;
            done += len;
        }
    }
    pieces
}

fn fold<T: Copy>(a: &[T], c: Chunk, init: T, f: impl Fn(T, T) -> T) -> T {
    let mut acc = init;
    for k in 0..c.len {
        acc = f(acc, a[(c.offset as isize + k as isize * c.stride) as usize]);
    }
    acc
}

fn fin<A: WithDType>((v, shape): (Vec<A>, Vec<usize>)) -> Result<Array> {
    wrap(v, Layout::contiguous(&shape))
}

/// Runs a reduction (`a` already of the accumulator dtype).
pub fn reduce(op: ReduceOp, a: &Array, axes: &[usize]) -> Result<Array> {
    let g = a.storage().read();
    let l = a.layout();
    macro_rules! go {
        ($f:ident, $T:ty) => {
            $f::<$T>(op, g.as_slice::<$T>()?, l, axes)
        };
    }
    macro_rules! goc {
        ($F:ty) => {
            complexes::<$F>(op, g.as_slice::<Complex<$F>>()?, l, axes)
        };
    }
    let r = match op {
        ReduceOp::All | ReduceOp::Any => {
            let any = op == ReduceOp::Any;
            xpush_core::with_storage!(&*g, v => truth(v, l, axes, any))
        }
        ReduceOp::Argmin | ReduceOp::Argmax => {
            xpush_core::with_storage!(&*g, v => arg(v, l, axes[0], op == ReduceOp::Argmax))
        }
        ReduceOp::Cumsum | ReduceOp::Cumprod => {
            let sum = op == ReduceOp::Cumsum;
            match a.dtype() {
                DType::Bool => Some(scan(g.as_slice::<bool>()?, l, axes[0], |x, y| {
                    if sum {
                        x | y
                    } else {
                        x & y
                    }
                })),
                DType::Float16 => {
                    Some(scan(g.as_slice::<half::f16>()?, l, axes[0], move |x, y| {
                        half_op(x, y, sum)
                    }))
                }
                DType::BFloat16 => Some(scan(
                    g.as_slice::<half::bf16>()?,
                    l,
                    axes[0],
                    move |x, y| half_op(x, y, sum),
                )),
                dt => {
                    xpush_core::with_dtype!(dt, T => num_scan::<T>(g.as_slice::<T>()?, l, axes[0], sum))
                }
            }
        }
        ReduceOp::Min | ReduceOp::Max if a.dtype() == DType::Bool => {
            Some(minmax(g.as_slice::<bool>()?, l, axes, op == ReduceOp::Max))
        }
        _ => match a.dtype() {
            DType::Bool => None,
            DType::Int8 => go!(ints, i8),
            DType::Int16 => go!(ints, i16),
            DType::Int32 => go!(ints, i32),
            DType::Int64 => go!(ints, i64),
            DType::UInt8 => go!(ints, u8),
            DType::UInt16 => go!(ints, u16),
            DType::UInt32 => go!(ints, u32),
            DType::UInt64 => go!(ints, u64),
            DType::Float16 => go!(floats, half::f16),
            DType::BFloat16 => go!(floats, half::bf16),
            DType::Float32 => go!(floats, f32),
            DType::Float64 => go!(floats, f64),
            DType::Complex64 => goc!(f32),
            DType::Complex128 => goc!(f64),
        },
    };
    r.ok_or_else(|| {
        Error::type_error(format!(
            "internal: no cpu reduction '{}' for {}",
            op.name(),
            a.dtype()
        ))
    })?
}

fn half_op<T: FloatLike>(x: T, y: T, sum: bool) -> T {
    if sum {
        T::down(x.up() + y.up())
    } else {
        T::down(x.up() * y.up())
    }
}

fn truth<T: WithDType>(a: &[T], l: &Layout, axes: &[usize], any: bool) -> Option<Result<Array>> {
    let nz = move |x: T| x != T::ZERO;
    Some(fin(drive(
        a,
        l,
        axes,
        !any,
        |acc, a, c| {
            let mut acc = acc;
            for k in 0..c.len {
                let v = nz(a[(c.offset as isize + k as isize * c.stride) as usize]);
                if any {
                    acc |= v;
                } else {
                    acc &= v;
                }
            }
            acc
        },
        |acc, x| if any { acc | nz(x) } else { acc & nz(x) },
    )))
}

/// Whether `x` is NaN (for the NaN-wins rules of min/max/argmin/argmax).
fn is_nan<T: WithDType>(x: T) -> bool {
    #[allow(clippy::eq_op)]
    let r = x != x;
    r
}

/// `a < b` on the real line or lexicographically for complex (via elems).
fn less<T: WithDType>(x: T, y: T) -> bool {
    use xpush_core::dtype::Elem;
    match (x.to_elem(), y.to_elem()) {
        (Elem::Int(p), Elem::Int(q)) => p < q,
        (Elem::UInt(p), Elem::UInt(q)) => p < q,
        (Elem::Bool(p), Elem::Bool(q)) => !p & q,
        (Elem::Complex(pr, pi), Elem::Complex(qr, qi)) => pr < qr || (pr == qr && pi < qi),
        (p, q) => p.as_f64() < q.as_f64(),
    }
}

fn arg<T: WithDType>(a: &[T], l: &Layout, axis: usize, max: bool) -> Option<Result<Array>> {
    let nd = l.ndim();
    let kept: Vec<usize> = (0..nd).filter(|&i| i != axis).collect();
    let kept_l = Layout {
        shape: kept.iter().map(|&i| l.shape[i]).collect(),
        strides: kept.iter().map(|&i| l.strides[i]).collect(),
        offset: l.offset,
    };
    let (n, s) = (l.shape[axis], l.strides[axis]);
    let out: Vec<i64> = kept_l
        .offsets()
        .map(|off| {
            let at = |k: usize| a[(off as isize + k as isize * s) as usize];
            let mut best = 0usize;
            let mut bv = at(0);
            if is_nan(bv) {
                return 0;
            }
            for k in 1..n {
                let v = at(k);
                if is_nan(v) {
                    return k as i64;
                }
                if if max { less(bv, v) } else { less(v, bv) } {
                    best = k;
                    bv = v;
                }
            }
            best as i64
        })
        .collect();
    Some(wrap(out, Layout::contiguous(&kept_l.shape)))
}

fn scan<T: WithDType>(a: &[T], l: &Layout, axis: usize, f: impl Fn(T, T) -> T) -> Result<Array> {
    let shape = l.shape.clone();
    let n = shape[axis];
    let mut out = vec![T::ZERO; l.size()];
    let cl = Layout::contiguous(&shape);
    let kept: Vec<usize> = (0..l.ndim()).filter(|&i| i != axis).collect();
    let sub = |lay: &Layout| Layout {
        shape: kept.iter().map(|&i| lay.shape[i]).collect(),
        strides: kept.iter().map(|&i| lay.strides[i]).collect(),
        offset: lay.offset,
    };
    let (ks, ko) = (sub(l), sub(&cl));
    let (ss, so) = (l.strides[axis], cl.strides[axis]);
    for (is, io) in ks.offsets().zip(ko.offsets()) {
        let mut acc: Option<T> = None;
        for k in 0..n {
            let x = a[(is as isize + k as isize * ss) as usize];
            let v = match acc {
                None => x,
                Some(p) => f(p, x),
            };
            out[(io as isize + k as isize * so) as usize] = v;
            acc = Some(v);
        }
    }
    wrap(out, cl)
}

/// Scans of the non-half numeric types.
trait ScanNum: WithDType {
    fn add_(self, o: Self) -> Self;
    fn mul_(self, o: Self) -> Self;
}

macro_rules! scan_int {
    ($($t:ty),*) => {$(
        impl ScanNum for $t {
            fn add_(self, o: Self) -> Self { self.wrapping_add(o) }
            fn mul_(self, o: Self) -> Self { self.wrapping_mul(o) }
        }
    )*};
}
scan_int!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! scan_other {
    ($($t:ty),*) => {$(
        impl ScanNum for $t {
            fn add_(self, o: Self) -> Self { self + o }
            fn mul_(self, o: Self) -> Self { self * o }
        }
    )*};
}
scan_other!(f32, f64, num_complex::Complex32, num_complex::Complex64);

impl ScanNum for bool {
    fn add_(self, o: Self) -> Self {
        self | o
    }
    fn mul_(self, o: Self) -> Self {
        self & o
    }
}

impl ScanNum for half::f16 {
    fn add_(self, o: Self) -> Self {
        half_op(self, o, true)
    }
    fn mul_(self, o: Self) -> Self {
        half_op(self, o, false)
    }
}

impl ScanNum for half::bf16 {
    fn add_(self, o: Self) -> Self {
        half_op(self, o, true)
    }
    fn mul_(self, o: Self) -> Self {
        half_op(self, o, false)
    }
}

fn num_scan<T: ScanNum>(a: &[T], l: &Layout, axis: usize, sum: bool) -> Option<Result<Array>> {
    Some(if sum {
        scan(a, l, axis, |x: T, y| x.add_(y))
    } else {
        scan(a, l, axis, |x: T, y| x.mul_(y))
    })
}

/// min/max with NaN propagation (the first NaN wins), any dtype.
fn minmax<T: WithDType>(a: &[T], l: &Layout, axes: &[usize], max: bool) -> Result<Array> {
    let pick = move |p: Option<T>, x: T| -> Option<T> {
        Some(match p {
            None => x,
            Some(p) if is_nan(p) => p,
            Some(_) if is_nan(x) => x,
            Some(p) => {
                if (max && less(p, x)) || (!max && less(x, p)) {
                    x
                } else {
                    p
                }
            }
        })
    };
    let (v, shape) = drive(
        a,
        l,
        axes,
        None::<T>,
        move |acc, a, c| {
            let mut acc = acc;
            for k in 0..c.len {
                acc = pick(acc, a[(c.offset as isize + k as isize * c.stride) as usize]);
            }
            acc
        },
        pick,
    );
    let v: Vec<T> = v.into_iter().map(|x| x.unwrap_or(T::ZERO)).collect();
    fin((v, shape))
}

fn ints<T: IntK>(op: ReduceOp, a: &[T], l: &Layout, axes: &[usize]) -> Option<Result<Array>> {
    let (init, f): (T, fn(T, T) -> T) = match op {
        ReduceOp::Sum => (T::ZERO, |x, y| x.wadd(y)),
        ReduceOp::Prod => (T::ONE, |x, y| x.wmul(y)),
        ReduceOp::Min | ReduceOp::Max => return Some(minmax(a, l, axes, op == ReduceOp::Max)),
        _ => return None,
    };
    Some(fin(drive(
        a,
        l,
        axes,
        init,
        move |acc, a, c| fold(a, c, acc, f),
        f,
    )))
}

fn floats<T: FloatLike>(
    op: ReduceOp,
    a: &[T],
    l: &Layout,
    axes: &[usize],
) -> Option<Result<Array>> {
    match op {
        ReduceOp::Sum => Some(fin(drive(
            a,
            l,
            axes,
            T::ZERO,
            |acc: T, a, c| {
                T::down(acc.up() + pairwise(a, c.offset as isize, c.len, c.stride, T::up))
            },
            |acc: T, x: T| T::down(acc.up() + x.up()),
        ))),
        ReduceOp::Prod => Some(fin(drive(
            a,
            l,
            axes,
            T::ONE,
            |acc: T, a, c| {
                let mut p = acc.up();
                for k in 0..c.len {
                    p = p * a[(c.offset as isize + k as isize * c.stride) as usize].up();
                }
                T::down(p)
            },
            |acc: T, x: T| T::down(acc.up() * x.up()),
        ))),
        ReduceOp::Min | ReduceOp::Max => Some(minmax(a, l, axes, op == ReduceOp::Max)),
        _ => None,
    }
}

/// `sum((a - mean)**2)` over `axes` of a C-contiguous float32/float64
/// `a`, where `mean` holds one value per output element (any shape with
/// that many elements, C order of the kept axes): the core of NumPy's
/// `var`/`std`. NumPy computes `x = a - mean` into a temporary, squares it
/// in place and sums `x` (C-contiguous like `a`); this sums `(a - mean)**2`
/// through the same [`drive`]/[`pairwise`] tree, each square rounded to the
/// dtype as NumPy's temporary stores it, so the result is bit for bit
/// NumPy's, with one read pass and no temporaries.
pub fn centered_sumsq(a: &Array, mean: &Array, axes: &[usize]) -> Result<Array> {
    // The layout the temporary `a - mean` would have: C-contiguous strides
    // (they differ from `a`'s only on axes of extent 1).
    let l = Layout {
        strides: Layout::contiguous(a.shape()).strides,
        ..a.layout().clone()
    };
    if !a.layout().is_c_contiguous() {
        return Err(Error::type_error(
            "internal: the fused variance needs a C-contiguous array",
        ));
    }
    match a.dtype() {
        DType::Float32 => {
            let means = mean.to_vec::<f32>()?;
            let g = a.storage().read();
            fin(sumsq(g.as_slice::<f32>()?, &l, axes, means))
        }
        DType::Float64 => {
            let means = mean.to_vec::<f64>()?;
            let g = a.storage().read();
            fin(sumsq(g.as_slice::<f64>()?, &l, axes, means))
        }
        dt => Err(Error::type_error(format!(
            "internal: no fused cpu variance for {dt}"
        ))),
    }
}

/// `(x - m)**2` as NumPy's `var` stores it: the difference and the square
/// each rounded to `T`.
#[inline(always)]
fn centered_sq<T: FloatLike>(x: T, m: T) -> T {
    let d = T::down(x.up() - m.up()).up();
    T::down(d * d)
}

fn sumsq<T: FloatLike>(a: &[T], l: &Layout, axes: &[usize], means: Vec<T>) -> (Vec<T>, Vec<usize>) {
    let init = means.into_iter().map(|m| (T::ZERO, m)).collect();
    let (v, shape) = drive_from(
        a,
        l,
        axes,
        init,
        |(acc, m): (T, T), a, c| {
            let f = move |x: T| centered_sq(x, m).up();
            let s = pairwise(a, c.offset as isize, c.len, c.stride, f);
            (T::down(acc.up() + s), m)
        },
        |(acc, m): (T, T), x: T| (T::down(acc.up() + centered_sq(x, m).up()), m),
    );
    (v.into_iter().map(|(s, _)| s).collect(), shape)
}

fn complexes<F: FloatK>(
    op: ReduceOp,
    a: &[Complex<F>],
    l: &Layout,
    axes: &[usize],
) -> Option<Result<Array>>
where
    Complex<F>: WithDType,
{
    let zero = Complex::new(F::zero(), F::zero());
    match op {
        ReduceOp::Sum => Some(fin(drive(
            a,
            l,
            axes,
            zero,
            |acc: Complex<F>, a, c| {
                let s = cpairwise(a, c.offset as isize, c.len, c.stride);
                Complex::new(acc.re + s.re, acc.im + s.im)
            },
            |acc: Complex<F>, x| acc + x,
        ))),
        ReduceOp::Prod => Some(fin(drive(
            a,
            l,
            axes,
            Complex::new(F::one(), F::zero()),
            |acc: Complex<F>, a, c| fold(a, c, acc, |p, x| p * x),
            |acc: Complex<F>, x| acc * x,
        ))),
        ReduceOp::Min | ReduceOp::Max => Some(minmax(a, l, axes, op == ReduceOp::Max)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NumPy's `pairwise_sum` written as in its C source: one index
    /// expression per element, sequential recursion.
    fn numpy_pairwise(a: &[f32], off: isize, n: usize, stride: isize) -> f32 {
        let at = |k: usize| a[(off + k as isize * stride) as usize];
        if n < 8 {
            let mut res = -0.0f32;
            for k in 0..n {
                res += at(k);
            }
            res
        } else if n <= PW_BLOCKSIZE {
            let mut r: [f32; 8] = std::array::from_fn(at);
            let mut i = 8;
            while i < n - n % 8 {
                for (j, rj) in r.iter_mut().enumerate() {
                    *rj += at(i + j);
                }
                i += 8;
            }
            let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            while i < n {
                res += at(i);
                i += 1;
            }
            res
        } else {
            let n2 = pairwise_split(n);
            numpy_pairwise(a, off, n2, stride)
                + numpy_pairwise(a, off + n2 as isize * stride, n - n2, stride)
        }
    }

    #[test]
    fn pairwise_sums_match_numpys_order_bit_for_bit() {
        // Values whose sum depends on the order of additions.
        let a: Vec<f32> = (0..600_000u32)
            .map(|i| ((i.wrapping_mul(2_654_435_761) % 10_007) as f32) * 0.37 + 1e-3 * i as f32)
            .collect();
        let lens = [
            0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 127, 128, 129, 136, 200, 249, 250, 252, 254,
            255, 256, 257, 1001, 4097, 299_999,
        ];
        for stride in [1isize, 2, 3, -1, -2, -5, 0] {
            for &n in &lens {
                let step = stride.unsigned_abs().max(1);
                if (n.max(1) - 1) * step >= a.len() {
                    continue;
                }
                let off = if stride < 0 {
                    ((n.max(1) - 1) * step) as isize
                } else {
                    0
                };
                let got = pairwise(&a, off, n, stride, f32::up);
                let want = numpy_pairwise(&a, off, n, stride);
                assert_eq!(got.to_bits(), want.to_bits(), "n={n} stride={stride}");
            }
        }
        // Stride 2 ending at the array's last element: the last leaf's
        // span of whole blocks would reach one past the end.
        for &n in lens.iter().filter(|&&n| n > 0) {
            let b = &a[..2 * n - 1];
            let got = pairwise(b, 0, n, 2, f32::up);
            assert_eq!(got.to_bits(), numpy_pairwise(b, 0, n, 2).to_bits(), "n={n}");
        }
    }

    fn arr<T: WithDType>(v: Vec<T>, shape: &[usize]) -> Array {
        wrap(v, Layout::contiguous(shape)).unwrap()
    }

    /// Checks [`centered_sumsq`] against NumPy's composition for one
    /// shape: `x = a - mean` stored, `x * x` stored, then the plain sum.
    fn check_centered<T: FloatLike + From<f32> + Into<f64>>(shape: &[usize], axes: &[usize]) {
        let n: usize = shape.iter().product();
        let kept_shape: Vec<usize> = (0..shape.len())
            .filter(|i| !axes.contains(i))
            .map(|i| shape[i])
            .collect();
        let nkept: usize = kept_shape.iter().product();
        let v: Vec<T> = (0..n)
            .map(|i| T::from(((i * 7919) % 1009) as f32 * 0.013 + 3.0))
            .collect();
        let means: Vec<T> = (0..nkept)
            .map(|k| T::from(6.0 + (k % 13) as f32 * 0.1))
            .collect();
        // The kept-axes index (C order) of element `i`.
        let kept_of = |mut i: usize| {
            let mut k = 0;
            let mut scale = 1;
            for ax in (0..shape.len()).rev() {
                let idx = i % shape[ax];
                i /= shape[ax];
                if !axes.contains(&ax) {
                    k += idx * scale;
                    scale *= shape[ax];
                }
            }
            k
        };
        let x: Vec<T> = (0..n)
            .map(|i| {
                let d = T::down(v[i].up() - means[kept_of(i)].up());
                T::down(d.up() * d.up())
            })
            .collect();
        let want = reduce(ReduceOp::Sum, &arr(x, shape), axes)
            .unwrap()
            .to_vec::<T>()
            .unwrap();
        let got = centered_sumsq(&arr(v, shape), &arr(means, &kept_shape), axes)
            .unwrap()
            .to_vec::<T>()
            .unwrap();
        let bits = |w: Vec<T>| -> Vec<u64> { w.into_iter().map(|x| x.into().to_bits()).collect() };
        assert_eq!(bits(got), bits(want), "{shape:?} axes {axes:?}");
    }

    #[test]
    fn centered_sumsq_matches_the_composed_sum_bit_for_bit() {
        // Whole-array runs short and long (split across threads), rows
        // (the kept-innermost order) and runs per output element, 3-d
        // with inner and outer axes reduced, an extent-1 axis, no axes.
        let cases: &[(&[usize], &[usize])] = &[
            (&[1000], &[0]),
            (&[300_001], &[0]),
            (&[40, 4000], &[0]),
            (&[40, 4000], &[1]),
            (&[40, 4000], &[0, 1]),
            (&[200, 700], &[0]),
            (&[3, 50, 1000], &[1]),
            (&[3, 50, 1000], &[0, 2]),
            (&[7, 1, 9], &[2]),
            (&[7, 1, 9], &[0, 1]),
            (&[5], &[]),
        ];
        for &(shape, axes) in cases {
            check_centered::<f32>(shape, axes);
            check_centered::<f64>(shape, axes);
        }
    }

    #[test]
    fn centered_sumsq_refuses_a_strided_array() {
        let a = arr((0..10).map(|i| i as f32).collect(), &[10])
            .slice_axis(0, None, None, 2)
            .unwrap();
        let m = arr(vec![4.0f32], &[1]);
        assert!(centered_sumsq(&a, &m, &[0]).is_err());
    }

    #[test]
    fn sums_over_outer_and_inner_axes_add_each_runs_pairwise_sum_in_order() {
        // Per output element `j`: NumPy's reduce loop adds the pairwise
        // sum of each inner run (axis 2), runs in order along axis 0.
        let (d0, d1, d2) = (3usize, 50usize, 1001usize);
        let v: Vec<f32> = (0..d0 * d1 * d2)
            .map(|i| ((i * 7919) % 1009) as f32 * 0.013 + 1e3)
            .collect();
        let want: Vec<f32> = (0..d1)
            .map(|j| {
                let mut acc = 0f32;
                for i in 0..d0 {
                    let off = ((i * d1 + j) * d2) as isize;
                    acc += numpy_pairwise(&v, off, d2, 1);
                }
                acc
            })
            .collect();
        let got = reduce(ReduceOp::Sum, &arr(v, &[d0, d1, d2]), &[0, 2]).unwrap();
        assert_eq!(got.to_vec::<f32>().unwrap(), want);
    }

    #[test]
    fn axis0_sums_add_rows_in_order_for_floats_and_ints() {
        // Large enough to run on the pool, and wide enough for several
        // column pieces (40000 columns); row counts below, at and past
        // multiples of the row block.
        for &(r, c) in &[
            (3usize, 5usize),
            (40, 4000),
            (7, 9000),
            (200, 700),
            (19, 3000),
            (4, 40000),
        ] {
            let n = r * c;
            let f: Vec<f32> = (0..n)
                .map(|i| ((i * 7919) % 1009) as f32 * 0.013 + 1e6)
                .collect();
            let i: Vec<i32> = (0..n).map(|i| ((i * 7919) % 1009) as i32 - 500).collect();
            let mut fw = vec![0f32; c];
            let mut iw = vec![0i32; c];
            for row in 0..r {
                for col in 0..c {
                    fw[col] += f[row * c + col];
                    iw[col] = iw[col].wrapping_add(i[row * c + col]);
                }
            }
            let fr = reduce(ReduceOp::Sum, &arr(f, &[r, c]), &[0]).unwrap();
            let ir = reduce(ReduceOp::Sum, &arr(i, &[r, c]), &[0]).unwrap();
            assert_eq!(fr.to_vec::<f32>().unwrap(), fw, "{r}x{c}");
            assert_eq!(ir.to_vec::<i32>().unwrap(), iw, "{r}x{c}");
        }
    }
}
