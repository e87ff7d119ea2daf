//! Casts, copies between layouts, `where`, and the gather/scatter of
//! advanced indexing.

use xpush_core::array::Array;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::layout::Layout;

use xpush_core::kernel::{assign, map1, map3, wrap};

/// `a.astype(dtype)`, order `K` (same dtype: a copy).
pub fn cast(a: &Array, dtype: DType) -> Result<Array> {
    let g = a.storage().read();
    let l = a.layout();
    xpush_core::with_storage!(&*g, v => convert(v, l, dtype))
}

fn convert<S: WithDType>(v: &[S], l: &Layout, dtype: DType) -> Result<Array> {
    if dtype == S::DTYPE {
        let (o, ol) = map1(v, l, |x: S| x)?;
        return wrap(o, ol);
    }
    xpush_core::with_dtype!(dtype, D => {
        let (o, ol) = map1(v, l, |x: S| D::from_elem(x.to_elem()))?;
        wrap(o, ol)
    })
}

/// Copies `src` (same shape) into the view `dst`, casting unsafely.
pub fn copy_into(src: &Array, dst: &Array) -> Result<()> {
    if src.shape() != dst.shape() {
        return Err(Error::runtime_error("internal: copy_into shape mismatch"));
    }
    let src = if src.shares_storage(dst) {
        cast(src, src.dtype())?
    } else {
        src.clone()
    };
    let gs = src.storage().read();
    let mut gd = dst.storage().write();
    let (ls, ld) = (src.layout(), dst.layout());
    xpush_core::with_storage!(&mut *gd, d => copy_typed(&gs, ls, d, ld));
    Ok(())
}

/// [`copy_into`] of a temporary: where `src` is the only view of its
/// buffer and it and `dst` each are all of their buffers, in C order, of
/// one dtype and shape, the two buffers are exchanged, which leaves `dst`
/// (and every view of its buffer) holding exactly what the copy would
/// write, without the pass over memory; `src`, given up, takes the old
/// buffer away.
pub fn move_into(src: Array, dst: &Array) -> Result<()> {
    let whole = |a: &Array| {
        let l = a.layout();
        l.offset == 0 && l.is_c_contiguous() && a.storage().read().len() == l.size()
    };
    let exchange = src.storage().is_unique()
        && !src.shares_storage(dst)
        && src.dtype() == dst.dtype()
        && src.shape() == dst.shape()
        && whole(&src)
        && whole(dst);
    if !exchange {
        return copy_into(&src, dst);
    }
    let mut gs = src.storage().write();
    let mut gd = dst.storage().write();
    std::mem::swap(&mut *gs, &mut *gd);
    Ok(())
}

fn copy_typed<D: WithDType>(
    gs: &xpush_core::storage::CpuStorage,
    ls: &Layout,
    d: &mut [D],
    ld: &Layout,
) {
    if let Some(s) = D::slice(gs) {
        assign(s, ls, d, ld, |x: D| x);
    } else {
        xpush_core::with_storage!(gs, s => assign(s, ls, d, ld, |x| D::from_elem(WithDType::to_elem(x))));
    }
}

/// `cond ? a : b` (all one shape; `a`, `b` of one dtype; `cond` bool).
pub fn where_(cond: &Array, a: &Array, b: &Array) -> Result<Array> {
    let gc = cond.storage().read();
    let c = gc.as_slice::<bool>()?;
    let ga = a.storage().read();
    let gb = b.storage().read();
    xpush_core::with_dtype!(a.dtype(), T => {
        let (o, l) = map3(
            (c, cond.layout()),
            (ga.as_slice::<T>()?, a.layout()),
            (gb.as_slice::<T>()?, b.layout()),
            |c: bool, x: T, y: T| if c { x } else { y },
        )?;
        wrap(o, l)
    })
}

/// The elements at storage `offsets`, as a contiguous array of `shape`.
pub fn take(a: &Array, offsets: &[usize], shape: &[usize]) -> Result<Array> {
    let g = a.storage().read();
    xpush_core::with_storage!(&*g, v => {
        let o: Vec<_> = offsets.iter().map(|&i| v[i]).collect();
        wrap(o, Layout::contiguous(shape))
    })
}

/// Writes `values` (C order, `dst`'s dtype) at storage `offsets`.
pub fn put(dst: &Array, offsets: &[usize], values: &Array) -> Result<()> {
    let vals = if values.shares_storage(dst) {
        cast(values, values.dtype())?
    } else {
        values.clone()
    };
    let gv = vals.storage().read();
    let mut gd = dst.storage().write();
    xpush_core::with_storage!(&mut *gd, d => put_typed(d, offsets, &gv, vals.layout()))
}

fn put_typed<T: WithDType>(
    d: &mut [T],
    offsets: &[usize],
    gv: &xpush_core::storage::CpuStorage,
    lv: &Layout,
) -> Result<()> {
    let v = gv.as_slice::<T>()?;
    for (&o, vo) in offsets.iter().zip(lv.offsets()) {
        d[o] = v[vo];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64s(a: &Array) -> Vec<f64> {
        a.to_vec::<f64>().expect("f64 array")
    }

    /// Where an array's buffer lives.
    fn buffer(a: &Array) -> *const f64 {
        a.storage()
            .read()
            .as_slice::<f64>()
            .expect("f64 buffer")
            .as_ptr()
    }

    /// An exchanged buffer is what a copy would leave: every view of
    /// `dst`'s buffer sees the new values.
    #[test]
    fn a_moved_temporary_reaches_every_view_of_the_destination() {
        let dst = Array::from_vec(vec![0.0f64; 6], &[2, 3]).unwrap();
        let flat = dst.reshape(&[-1]).unwrap();
        let col = dst.slice_axis(1, Some(1), Some(2), 1).unwrap();
        let src = Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
        let moved = buffer(&src);
        move_into(src, &dst).unwrap();
        // Handed over, not copied.
        assert_eq!(buffer(&dst), moved);
        assert_eq!(f64s(&dst), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(f64s(&flat), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(f64s(&col), [2.0, 5.0]);
    }

    /// A source another array still views, a destination that is part of
    /// its buffer, or another dtype: copied, the source left as it was.
    #[test]
    fn a_shared_or_partial_move_copies() {
        let src = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
        let keep = src.clone();
        let dst = Array::from_vec(vec![0.0f64; 2], &[2]).unwrap();
        let own = buffer(&dst);
        move_into(src, &dst).unwrap();
        assert_eq!(buffer(&dst), own);
        assert_eq!(f64s(&dst), [1.0, 2.0]);
        assert_eq!(f64s(&keep), [1.0, 2.0]);

        let base = Array::from_vec(vec![0.0f64; 4], &[4]).unwrap();
        let half = base.slice_axis(0, Some(1), Some(3), 1).unwrap();
        move_into(Array::from_vec(vec![7.0f64, 8.0], &[2]).unwrap(), &half).unwrap();
        assert_eq!(f64s(&base), [0.0, 7.0, 8.0, 0.0]);

        let ints = Array::from_vec(vec![0i64; 2], &[2]).unwrap();
        move_into(Array::from_vec(vec![3.0f64, 4.0], &[2]).unwrap(), &ints).unwrap();
        assert_eq!(ints.to_vec::<i64>().unwrap(), [3, 4]);
    }
}
