//! The manipulation and indexing routines (`ops::manip`, `ops::select`)
//! on `cpu` and on `npu:0` through acl-sim: the same bodies run on both
//! devices (STYLE point 17), results stay on the input's device and
//! in-place writes reach device arrays.

mod ascend_support;

use xpush_npu::device::Device;
use xpush_npu::ops::manip::{self, InsertAt, PadMode};
use xpush_npu::ops::select::{self, ClipMode};
use xpush_npu::ops::Operand;
use xpush_npu::ToDevice;
use xpush_npu::{Array, Scalar};

fn setup(dev: Device) {
    if dev.is_npu() {
        ascend_support::sim_device();
    }
}

/// Instantiates `$body` (a `fn(Device)`) as `$name::cpu` and
/// `$name::npu_sim`.
macro_rules! device_test {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;
            #[test]
            fn cpu() {
                setup(Device::Cpu);
                ($body)(Device::Cpu)
            }
            #[test]
            fn npu_sim() {
                setup(Device::Npu(0));
                ($body)(Device::Npu(0))
            }
        }
    };
}

fn ints(v: &[i64], shape: &[usize], dev: Device) -> Array {
    Array::from_vec(v.to_vec(), shape)
        .unwrap()
        .to_device(dev)
        .unwrap()
}

/// The elements in C order, checking the device first.
fn vals(a: &Array, dev: Device) -> Vec<i64> {
    assert_eq!(a.device(), dev);
    a.to_device(Device::Cpu).unwrap().to_vec::<i64>().unwrap()
}

device_test!(views_and_gathers, |dev: Device| {
    let a = ints(&(0..6).collect::<Vec<_>>(), &[2, 3], dev);
    let r = manip::rot90(&a, 1, &[0, 1]).unwrap();
    assert_eq!(r.shape(), [3, 2]);
    assert_eq!(vals(&r, dev), [2, 5, 1, 4, 0, 3]);
    let t = manip::tile(&a, &[1, 2]).unwrap();
    assert_eq!(vals(&t, dev), [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5]);
    let reps = ints(&[2], &[1], Device::Cpu);
    let p = manip::repeat(&a, &reps, Some(0)).unwrap();
    assert_eq!(p.shape(), [4, 3]);
    let w = manip::pad(&a, &[(0, 0), (1, 1)], PadMode::Wrap, &[]).unwrap();
    assert_eq!(vals(&w, dev), [2, 0, 1, 2, 0, 5, 3, 4, 5, 3]);
    let z = Scalar::Int64(7);
    let c = manip::pad(&a, &[(1, 0), (0, 0)], PadMode::Constant, &[(z, z), (z, z)]).unwrap();
    assert_eq!(vals(&c, dev), [7, 7, 7, 0, 1, 2, 3, 4, 5]);
    let rolled = manip::roll(&a, &[1], None).unwrap();
    assert_eq!(vals(&rolled, dev), [5, 0, 1, 2, 3, 4]);
    let d = manip::diff(&a, 1, -1, None, None).unwrap();
    assert_eq!(vals(&d, dev), [1, 1, 1, 1]);
    let v = ints(&[9], &[], Device::Cpu);
    let ins = manip::insert(&a, InsertAt::One(1, true), &v, Some(1)).unwrap();
    assert_eq!(vals(&ins, dev), [0, 9, 1, 2, 3, 9, 4, 5]);
});

device_test!(selection, |dev: Device| {
    let a = ints(&[0, 3, 0, 4, 5, 0], &[2, 3], dev);
    let nz = select::nonzero(&a).unwrap();
    assert_eq!(vals(&nz[0], dev), [0, 1, 1]);
    assert_eq!(vals(&nz[1], dev), [1, 0, 1]);
    let idx = ints(&[1, -1], &[2], Device::Cpu);
    let t = select::take(&a, &idx, Some(1), ClipMode::Raise).unwrap();
    assert_eq!(vals(&t, dev), [3, 0, 5, 0]);
    let s = ints(&[1, 3, 5], &[3], dev);
    let needles = ints(&[3, 6], &[2], Device::Cpu);
    let pos = select::searchsorted(&s, &needles, false, None).unwrap();
    assert_eq!(vals(&pos, dev), [1, 3]);
    let tr = select::trace(&a, 0, 0, 1, None).unwrap();
    assert_eq!(vals(&tr, dev), [5]);
});

device_test!(in_place_writes, |dev: Device| {
    let a = ints(&[0; 6], &[2, 3], dev);
    let at = ints(&[1, 5], &[2], Device::Cpu);
    let v = ints(&[7, 8], &[2], Device::Cpu);
    select::put(&a, &at, &v, ClipMode::Raise).unwrap();
    assert_eq!(vals(&a, dev), [0, 7, 0, 0, 0, 8]);
    let one = ints(&[1], &[], Device::Cpu);
    select::fill_diagonal(&a, &one, false).unwrap();
    assert_eq!(vals(&a, dev), [1, 7, 0, 0, 1, 8]);
    let cols = ints(&[2, 0], &[2, 1], Device::Cpu);
    select::put_along_axis(&a, &cols, Operand::PyInt(-1), Some(1)).unwrap();
    assert_eq!(vals(&a, dev), [1, 7, -1, -1, 1, 8]);
});
