//! Copies into C order (`a.copy()`, `np.ascontiguousarray`, the copy a
//! `reshape` makes, `astype` of a view) of a view whose innermost axis in
//! memory is not its last axis, e.g. `m.T.copy()`.
//!
//! Walking such a view in C order reads memory with a large stride: every
//! element touches a new cache line (and, for a large array, a new page).
//! The copy is done in square tiles instead: the output's last axis and
//! the source's innermost axis are both cut into [`TILE`]-long pieces, and
//! one tile (a few KiB of source and of output) is copied while all of it
//! is in L1. Bands of tiles are independent pieces of the output, run on
//! rayon's pool for large arrays. Layouts whose innermost axis is the last
//! one are a row-by-row walk ([`crate::kernel::map1_c`]).

use rayon::prelude::*;

use crate::dtype::WithDType;
use crate::layout::Layout;

use crate::kernel::{map1_c, PAR_MIN};
use crate::pool;

/// Tile side, in elements.
const TILE: usize = 32;
/// A piece of the output that is not a band of tiles spans rows of axis 0
/// totalling at least this many elements.
const ROWS_MIN: usize = 4096;

/// `f` of every element of the view `(src, l)`, in C order, as a new
/// contiguous buffer.
pub fn gather_c<S, D, F>(src: &[S], l: &Layout, f: F) -> Vec<D>
where
    S: Copy + Sync,
    D: WithDType,
    F: Fn(S) -> D + Sync,
{
    match Tiling::new(l) {
        Some(t) => t.run(src, f),
        None => map1_c(src, l, f),
    }
}

/// A view reduced to the axes that matter for a C-order copy: length-1
/// axes dropped, axes merged where the source is contiguous across them
/// (so C order over the merged shape is C order over the original one),
/// and `si`, the source's innermost axis, which is not the last.
#[derive(Debug)]
struct Tiling {
    shape: Vec<usize>,
    strides: Vec<isize>,
    offset: isize,
    si: usize,
}

impl Tiling {
    /// The tiling of `l`, or `None` when a row-by-row walk reads memory
    /// in order (the innermost axis is last, or there is one axis).
    fn new(l: &Layout) -> Option<Tiling> {
        if l.size() == 0 {
            return None;
        }
        let mut shape: Vec<usize> = Vec::new();
        let mut strides: Vec<isize> = Vec::new();
        for (&d, &s) in l.shape.iter().zip(&l.strides) {
            if d == 1 {
                continue;
            }
            match (shape.last_mut(), strides.last_mut()) {
                (Some(pd), Some(ps)) if *ps == s * d as isize => {
                    *pd *= d;
                    *ps = s;
                }
                _ => {
                    shape.push(d);
                    strides.push(s);
                }
            }
        }
        let nd = shape.len();
        if nd < 2 {
            return None;
        }
        // Ties go to the last axis (no tiling needed then).
        let si = (0..nd).rev().min_by_key(|&i| strides[i].unsigned_abs())?;
        if si == nd - 1 || strides[si].unsigned_abs() >= strides[nd - 1].unsigned_abs() {
            return None;
        }
        Some(Tiling {
            shape,
            strides,
            offset: l.offset as isize,
            si,
        })
    }

    /// Copies the whole view. The output is cut along axis 0 into pieces
    /// (a band of [`TILE`] rows when axis 0 is the tiled source axis, else
    /// whole rows), each filled by [`Tiling::fill`].
    fn run<S, D, F>(&self, src: &[S], f: F) -> Vec<D>
    where
        S: Copy + Sync,
        D: WithDType,
        F: Fn(S) -> D + Sync,
    {
        let n: usize = self.shape.iter().product();
        let mut out = pool::take_for_copy::<D>(n, &self.shape);
        let row = n / self.shape[0];
        let rows = if self.si == 0 {
            TILE
        } else {
            (ROWS_MIN / row).max(1)
        };
        let piece = rows * row;
        let body = |(b, o): (usize, &mut [D])| {
            let r0 = b * rows;
            self.fill(src, o, r0, (r0 + rows).min(self.shape[0]), &f);
            crate::kernel::note_nonfinite(o);
        };
        if n >= PAR_MIN {
            out.par_chunks_mut(piece).enumerate().for_each(body);
        } else {
            out.chunks_mut(piece).enumerate().for_each(body);
        }
        out
    }

    /// Fills `out`, the C-order output of rows `r0..r1` of axis 0: an
    /// odometer over the axes other than `si` and the last, and for each
    /// position the `si` × last plane copied tile by tile.
    fn fill<S, D, F>(&self, src: &[S], out: &mut [D], r0: usize, r1: usize, f: &F)
    where
        S: Copy,
        F: Fn(S) -> D,
    {
        let nd = self.shape.len();
        let last = nd - 1;
        let si = self.si;
        // Output strides (C order) and the per-axis index ranges.
        let mut ostr = vec![1usize; nd];
        for i in (0..last).rev() {
            ostr[i] = ostr[i + 1] * self.shape[i + 1];
        }
        let lo = |ax: usize| if ax == 0 { r0 } else { 0 };
        let hi = |ax: usize| if ax == 0 { r1 } else { self.shape[ax] };
        let outer: Vec<usize> = (0..last).filter(|&ax| ax != si).collect();
        let mut idx: Vec<usize> = outer.iter().map(|&ax| lo(ax)).collect();
        let (ss, sl) = (self.strides[si], self.strides[last]);
        let (isl, ish) = (lo(si), hi(si));
        let nl = self.shape[last];
        loop {
            let mut sbase = self.offset;
            let mut obase = 0usize;
            for (&ax, &i) in outer.iter().zip(&idx) {
                sbase += i as isize * self.strides[ax];
                obase += (i - lo(ax)) * ostr[ax];
            }
            for i0 in (isl..ish).step_by(TILE) {
                for j0 in (0..nl).step_by(TILE) {
                    let j1 = (j0 + TILE).min(nl);
                    for i in i0..(i0 + TILE).min(ish) {
                        let s0 = sbase + i as isize * ss;
                        let o0 = obase + (i - isl) * ostr[si];
                        for (j, o) in (j0..j1).zip(&mut out[o0 + j0..o0 + j1]) {
                            *o = f(src[(s0 + j as isize * sl) as usize]);
                        }
                    }
                }
            }
            // Advance the odometer over the outer axes.
            let mut k = outer.len();
            loop {
                if k == 0 {
                    return;
                }
                k -= 1;
                idx[k] += 1;
                if idx[k] < hi(outer[k]) {
                    break;
                }
                idx[k] = lo(outer[k]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The straightforward C-order walk, for comparison.
    fn reference(src: &[i32], l: &Layout) -> Vec<i32> {
        l.offsets().map(|o| src[o]).collect()
    }

    /// Every permutation of `0..n`.
    fn perms(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut r = Vec::new();
        for p in perms(n - 1) {
            for k in 0..=p.len() {
                let mut q = p.clone();
                q.insert(k, n - 1);
                r.push(q);
            }
        }
        r
    }

    fn check(l: &Layout, len: usize) {
        let src: Vec<i32> = (0..len as i32).collect();
        let got = gather_c(&src, l, |x| x);
        assert_eq!(got, reference(&src, l), "layout {l:?}");
    }

    #[test]
    fn transposes_of_2d_and_3d_match_the_plain_walk() {
        let shapes: [&[usize]; 7] = [
            &[1, 1],
            &[3, 5],
            &[31, 33],
            &[64, 65],
            &[300, 700],
            &[7, 40, 37],
            &[33, 2, 70],
        ];
        for shape in shapes {
            let base = Layout::contiguous(shape);
            let n = base.size();
            for p in perms(shape.len()) {
                let p: Vec<isize> = p.iter().map(|&x| x as isize).collect();
                check(&base.transpose(Some(&p)).unwrap(), n);
            }
        }
    }

    #[test]
    fn sliced_reversed_and_unit_axes_match_the_plain_walk() {
        let base = Layout::contiguous(&[40, 1, 50, 3]);
        let n = base.size();
        for p in perms(4) {
            let p: Vec<isize> = p.iter().map(|&x| x as isize).collect();
            let t = base.transpose(Some(&p)).unwrap();
            check(&t, n);
            for ax in 0..4 {
                if t.shape[ax] > 1 {
                    check(&t.slice_axis(ax, None, None, -1).unwrap(), n);
                    check(&t.slice_axis(ax, Some(1), None, 2).unwrap(), n);
                }
            }
        }
        // A large one, run on the pool.
        let big = Layout::contiguous(&[700, 400]);
        check(&big.transpose(None).unwrap(), big.size());
        let three = Layout::contiguous(&[30, 90, 80]);
        check(&three.transpose(Some(&[2, 0, 1])).unwrap(), three.size());
    }

    #[test]
    fn converts_while_copying() {
        let l = Layout::contiguous(&[5, 9]).transpose(None).unwrap();
        let src: Vec<i32> = (0..45).collect();
        let got: Vec<f64> = gather_c(&src, &l, |x| x as f64 * 0.5);
        let want: Vec<f64> = reference(&src, &l)
            .iter()
            .map(|&x| x as f64 * 0.5)
            .collect();
        assert_eq!(got, want);
    }
}
