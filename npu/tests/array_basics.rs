//! Behaviour not covered by the NumPy tables: shared storage, the chunk
//! iterator, bfloat16 (not in NumPy), and printing of views.

use half::bf16;
use xpush_npu::layout::{adjust_slice, Chunk};
use xpush_npu::print::{scalar_repr, scalar_str};
use xpush_npu::{Array, DType, Layout, Scalar};

fn arange(n: i64, shape: &[usize]) -> Array {
    Array::from_vec((0..n).collect::<Vec<i64>>(), shape).unwrap()
}

#[test]
fn writes_through_views_reach_the_base() {
    let a = arange(10, &[10]);
    let b = a.slice_axis(0, None, None, 2).unwrap();
    b.set(&[0], Scalar::Int64(9)).unwrap();
    b.set(&[-1], Scalar::Float64(-7.9)).unwrap();
    assert_eq!(a.to_vec::<i64>().unwrap(), [9, 1, 2, 3, 4, 5, 6, 7, -7, 9]);
    let r = a.slice_axis(0, None, None, -1).unwrap();
    r.fill(Scalar::Bool(true));
    assert_eq!(a.to_vec::<i64>().unwrap(), [1; 10]);
    assert!(a.shares_storage(&r));
    assert!(!a.shares_storage(&a.to_contiguous()));
    assert_eq!(
        b.get(&[5]).unwrap_err().msg(),
        "index 5 is out of bounds for axis 0 with size 5"
    );
}

#[test]
fn chunks_merge_contiguous_axes() {
    let l = Layout::contiguous(&[2, 3, 4]);
    let c: Vec<Chunk> = l.chunks().collect();
    assert_eq!(
        c,
        [Chunk {
            offset: 0,
            stride: 1,
            len: 24
        }]
    );
    let t = l.transpose(None).unwrap();
    assert_eq!(t.chunks().count(), 12);
    assert_eq!(t.chunks().next().unwrap().stride, 12);
    let rev = Layout::contiguous(&[5])
        .slice_axis(0, None, None, -1)
        .unwrap();
    assert_eq!(rev.offsets().collect::<Vec<_>>(), [4, 3, 2, 1, 0]);
    let empty = Layout::contiguous(&[3, 0]);
    assert_eq!(empty.chunks().count(), 0);
    assert_eq!(Layout::contiguous(&[]).offsets().collect::<Vec<_>>(), [0]);
    let bc = Layout::contiguous(&[3]).broadcast_to(&[2, 3]).unwrap();
    assert_eq!(bc.offsets().collect::<Vec<_>>(), [0, 1, 2, 0, 1, 2]);
    assert_eq!(adjust_slice(10, Some(-3), None, 1).unwrap(), (7, 1, 3));
}

#[test]
fn views_print_like_their_copies() {
    let a = arange(24, &[2, 3, 4]).astype(DType::Float32);
    let v = a
        .slice_axis(2, None, None, -2)
        .unwrap()
        .transpose(None)
        .unwrap();
    assert_eq!(v.repr(), v.to_contiguous().repr());
    assert_eq!(
        v.repr(),
        "array([[[ 3., 15.],\n        [ 7., 19.],\n        [11., 23.]],\n\n       \
         [[ 1., 13.],\n        [ 5., 17.],\n        [ 9., 21.]]], dtype=float32)"
    );
}

#[test]
fn bfloat16() {
    let a = Array::from_vec(
        vec![
            bf16::from_f32(0.1),
            bf16::from_f32(-2.5),
            bf16::from_f32(30.0),
        ],
        &[3],
    )
    .unwrap();
    assert_eq!(a.repr(), "array([ 0.1, -2.5, 30. ], dtype=bfloat16)");
    assert_eq!(a.str(), "[ 0.1 -2.5 30. ]");
    // NumPy's rule with bfloat16's finfo precision 2: scientific from 100.
    let big = Array::from_vec(vec![bf16::from_f32(300.0)], &[1]).unwrap();
    assert_eq!(big.repr(), "array([3.e+02], dtype=bfloat16)");
    let s = Scalar::BFloat16(bf16::from_f32(0.1));
    assert_eq!(scalar_str(&s), "0.1");
    assert_eq!(scalar_repr(&s), "np.bfloat16(0.1)");
    // Round to nearest even from float64, like ml_dtypes.
    let b = Array::from_vec(vec![1.0f64 + 1.0 / 256.0, 3.0e38, f64::NAN], &[3])
        .unwrap()
        .astype(DType::BFloat16);
    let v = b.to_vec::<bf16>().unwrap();
    assert_eq!(v[0], bf16::ONE);
    assert!(v[1].is_finite() && v[2].is_nan());
    assert_eq!(
        b.astype(DType::Int32).to_vec::<i32>().unwrap(),
        [1, i32::MIN, i32::MIN]
    );
    assert_eq!(DType::BFloat16.finfo().unwrap().precision, 2);
}

#[test]
fn reshape_copies_when_it_must() {
    let a = arange(6, &[2, 3]);
    let t = a.transpose(None).unwrap();
    let r = t.reshape(&[6]).unwrap();
    assert!(!r.shares_storage(&a));
    assert_eq!(r.to_vec::<i64>().unwrap(), [0, 3, 1, 4, 2, 5]);
    let v = a.reshape(&[3, -1]).unwrap();
    assert!(v.shares_storage(&a));
    assert_eq!(
        a.reshape(&[4]).unwrap_err().msg(),
        "cannot reshape array of size 6 into shape (4,)"
    );
}
