//! Reductions and scans. Float sums are NumPy's `pairwise_sum` (8
//! accumulators, 128-element leaves) over the innermost reduced run, runs
//! added sequentially as NumPy's reduce loop does; when the innermost
//! axis in memory is kept, rows are accumulated elementwise, in order, as
//! NumPy does for `m.sum(axis=0)`.

use num_complex::Complex;
use rayon::prelude::*;

use crate::array::Array;
use crate::dtype::{DType, WithDType};
use crate::error::{Error, Result};
use crate::layout::{Chunk, Layout};
use crate::ops::ReduceOp;

use super::elem::{FloatK, FloatLike, IntK};
use super::kernel::wrap;

const PW_BLOCKSIZE: usize = 128;

/// NumPy's `@TYPE@_pairwise_sum` over `n` elements at `off + k * stride`:
/// blocks of at most 128 elements summed with 8 accumulators, halves
/// (rounded to a multiple of 8) added recursively. NumPy hands a 1-d
/// strided run (`a[::2].sum()`) to one pairwise sum over its whole length,
/// so a strided run takes the same tree: [`pairwise_strided`] gathers each
/// leaf into a buffer so both cases share the vectorized leaf.
fn pairwise<T: FloatLike>(a: &[T], off: isize, n: usize, stride: isize) -> T::C {
    if stride == 1 {
        let start = off as usize;
        return pairwise_contig(&a[start..start + n]);
    }
    pairwise_strided(a, off, n, stride)
}

/// [`pairwise`] over a strided run (any stride but 1, negative and 0
/// included). Leaves are gathered with a slice walk (no per-element
/// index arithmetic or bounds check); the two halves of a long run are
/// summed on two threads, as in [`pairwise_contig`].
fn pairwise_strided<T: FloatLike>(a: &[T], off: isize, n: usize, stride: isize) -> T::C {
    if n <= PW_BLOCKSIZE {
        let mut buf = [T::ZERO; PW_BLOCKSIZE];
        gather_run(a, off, stride, &mut buf[..n]);
        return pairwise_leaf(&buf[..n]);
    }
    let n2 = pairwise_split(n);
    let off2 = off + n2 as isize * stride;
    if n >= super::kernel::PAR_MIN {
        let (p, q) = rayon::join(
            || pairwise_strided(a, off, n2, stride),
            || pairwise_strided(a, off2, n - n2, stride),
        );
        p + q
    } else {
        pairwise_strided(a, off, n2, stride) + pairwise_strided(a, off2, n - n2, stride)
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
fn pairwise_contig<T: FloatLike>(x: &[T]) -> T::C {
    let n = x.len();
    if n <= PW_BLOCKSIZE {
        return pairwise_leaf(x);
    }
    let (lo, hi) = x.split_at(pairwise_split(n));
    if n >= super::kernel::PAR_MIN {
        let (p, q) = rayon::join(|| pairwise_contig(lo), || pairwise_contig(hi));
        p + q
    } else {
        pairwise_contig(lo) + pairwise_contig(hi)
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
fn pairwise_leaf<T: FloatLike>(x: &[T]) -> T::C {
    let n = x.len();
    if n < 8 {
        let mut res = -<T::C as num_traits::Zero>::zero();
        for v in x {
            res = res + v.up();
        }
        return res;
    }
    let whole = n - n % 8;
    let mut r: [T::C; 8] = std::array::from_fn(|j| x[j].up());
    for block in x[8..whole].chunks_exact(8) {
        for (rj, v) in r.iter_mut().zip(block) {
            *rj = *rj + v.up();
        }
    }
    let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for v in &x[whole..] {
        res = res + v.up();
    }
    res
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
    let nd = l.ndim();
    let kept: Vec<usize> = (0..nd).filter(|i| !axes.contains(i)).collect();
    let kept_shape: Vec<usize> = kept.iter().map(|&i| l.shape[i]).collect();
    let sub = |ax: &[usize], offset: usize| Layout {
        shape: ax.iter().map(|&i| l.shape[i]).collect(),
        strides: ax.iter().map(|&i| l.strides[i]).collect(),
        offset,
    };
    let kept_l = sub(&kept, l.offset);
    let nout: usize = kept_shape.iter().product();
    let mut out = vec![init; nout];
    let parallel = l.size() >= super::kernel::PAR_MIN;
    // Innermost axis in memory among those longer than 1.
    let inner = (0..nd)
        .filter(|&i| l.shape[i] > 1)
        .min_by_key(|&i| (l.strides[i].unsigned_abs(), std::cmp::Reverse(i)));
    let reduced_inner = inner.is_none_or(|i| axes.contains(&i));
    if reduced_inner {
        // Each output element folds its own runs of the reduced axes.
        let fold_one = |o: &mut A, off: usize| {
            let red = sub(axes, off);
            if red.size() > 0 {
                for c in red.chunks() {
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
                for &roff in &rows {
                    let first = (c.offset as isize + roff) as usize;
                    if c.stride == 1 {
                        let row = &a[first..first + c.len];
                        for (o, &x) in o.iter_mut().zip(row) {
                            *o = step(*o, x);
                        }
                    } else {
                        for (k, o) in o.iter_mut().enumerate() {
                            *o = step(*o, a[(first as isize + k as isize * c.stride) as usize]);
                        }
                    }
                }
            };
            if parallel {
                pieces.into_par_iter().for_each(fold_piece);
            } else {
                pieces.into_iter().for_each(fold_piece);
            }
        }
    }
    (out, kept_shape)
}

/// Splits `out` (the C-order outputs of `kept`) into runs matching the
/// chunks of `kept`, each at most 4096 long, paired with the chunk
/// (offset relative to the first reduced row) it accumulates.
fn output_pieces<'o, A>(out: &'o mut [A], kept: &Layout) -> Vec<(&'o mut [A], Chunk)> {
    // One piece per thread, at least 1024 and at most 4096 long (an
    // accumulator row that stays in L1). Each piece reads a long run of
    // every row: narrow column bands would hop pages on every row and
    // defeat the prefetcher.
    let threads = rayon::current_num_threads().max(1);
    let piece_len = out
        .len()
        .div_ceil(threads)
        .next_multiple_of(64)
        .clamp(1024, 4096);
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
pub(crate) fn reduce(op: ReduceOp, a: &Array, axes: &[usize]) -> Result<Array> {
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
            crate::with_storage!(&*g, v => truth(v, l, axes, any))
        }
        ReduceOp::Argmin | ReduceOp::Argmax => {
            crate::with_storage!(&*g, v => arg(v, l, axes[0], op == ReduceOp::Argmax))
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
                    crate::with_dtype!(dt, T => num_scan::<T>(g.as_slice::<T>()?, l, axes[0], sum))
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
    use crate::dtype::Elem;
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
            |acc: T, a, c| T::down(acc.up() + pairwise(a, c.offset as isize, c.len, c.stride)),
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
    fn strided_pairwise_sums_match_numpys_order_bit_for_bit() {
        // Values whose sum depends on the order of additions.
        let a: Vec<f32> = (0..600_000u32)
            .map(|i| ((i.wrapping_mul(2_654_435_761) % 10_007) as f32) * 0.37 + 1e-3 * i as f32)
            .collect();
        let lens = [0, 1, 7, 8, 9, 127, 128, 129, 255, 257, 1001, 4097, 299_999];
        for stride in [2isize, 3, -1, -2, -5, 0] {
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
                let got = pairwise(&a, off, n, stride);
                let want = numpy_pairwise(&a, off, n, stride);
                assert_eq!(got.to_bits(), want.to_bits(), "n={n} stride={stride}");
            }
        }
    }

    fn arr<T: WithDType>(v: Vec<T>, shape: &[usize]) -> Array {
        wrap(v, Layout::contiguous(shape)).unwrap()
    }

    #[test]
    fn axis0_sums_add_rows_in_order_for_floats_and_ints() {
        // Large enough to run on the pool and in several column pieces.
        for &(r, c) in &[(3usize, 5usize), (40, 4000), (7, 9000), (200, 700)] {
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
