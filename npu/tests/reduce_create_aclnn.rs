//! Issue 28, reductions and creation on the NPU: `mean`, `var`/`std` with
//! ddof, `cumprod`, and `zeros`/`ones`/`full`/`empty` (one
//! `aclnnInplaceFillScalar`) and `eye`/`identity` (`aclnnEye`) made on
//! `npu:0` through acl-sim. Each call must run natively through its aclnn
//! op (the profile records name it) and give the cpu's values bit for bit;
//! the cases the one op cannot take (a float64 var under `off`, a ddof of
//! n or more, a non-integral ddof) keep the composition, still on the NPU.

mod ascend_support;

use xpush_npu::device::{self, Device};
use xpush_npu::ops::{self, ExecKind, Float64Mode, ReduceOp, ReduceOpts};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType, Scalar};

use ascend_support::{dispatch_setup as setup, recorded, scalar_texts};

/// A float array of `shape` with awkward values (not exactly summable).
fn data(dtype: DType, shape: &[usize]) -> Array {
    let n: usize = shape.iter().product();
    let v: Vec<f64> = (0..n)
        .map(|i| ((i * 7919) % 101) as f64 / 7.0 - 3.3 + (i as f64).sin())
        .collect();
    Array::from_vec(v, shape).unwrap().astype(dtype)
}

fn opts(axes: Option<Vec<isize>>, ddof: f64) -> ReduceOpts {
    ReduceOpts {
        axes,
        keepdims: false,
        dtype: None,
        ddof,
    }
}

/// `op` on the host array `h` and on its npu copy: equal, and the npu
/// call ran natively through `aclnn` (and nothing ran on the host).
fn same_through(op: ReduceOp, h: &Array, o: &ReduceOpts, mode: Float64Mode, aclnn: &str) {
    let want = ops::reduce(op, h, o).unwrap();
    let d = h.to_device(Device::Npu(0)).unwrap();
    let (got, recs) = recorded(mode, || ops::reduce(op, &d, o).unwrap());
    assert_eq!(got.device(), Device::Npu(0));
    assert_eq!(got.dtype(), want.dtype(), "{} of {}", op.name(), h.dtype());
    assert_eq!(got.shape(), want.shape());
    assert_eq!(
        scalar_texts(&got),
        scalar_texts(&want),
        "{} of {} {o:?}",
        op.name(),
        h.dtype()
    );
    assert!(
        recs.iter()
            .any(|r| r.aclnn == Some(aclnn) && r.how == ExecKind::Native),
        "{} did not run through {aclnn}: {recs:?}",
        op.name()
    );
    assert!(
        recs.iter().all(|r| r.how != ExecKind::HostFallback),
        "{recs:?}"
    );
}

#[test]
fn mean_var_std_run_as_one_aclnn_op() {
    let _s = setup();
    let cases: &[(Option<Vec<isize>>, f64)] = &[
        (None, 0.0),
        (Some(vec![0]), 0.0),
        (Some(vec![1]), 1.0),
        (Some(vec![0, 2]), 2.0),
    ];
    for dt in [DType::Float32, DType::Float16] {
        let h = data(dt, &[4, 5, 3]);
        for (axes, ddof) in cases {
            let o = opts(axes.clone(), *ddof);
            same_through(ReduceOp::Mean, &h, &o, Float64Mode::Off, "aclnnMean");
            same_through(
                ReduceOp::Var,
                &h,
                &o,
                Float64Mode::Off,
                "aclnnVarCorrection",
            );
            same_through(ReduceOp::Std, &h, &o, Float64Mode::Off, "aclnnStd");
        }
    }
    // Integer input: the float64 accumulator; aclnnMean takes DOUBLE.
    let ints = Array::from_vec((0..24i64).map(|i| i * i % 7).collect(), &[4, 6]).unwrap();
    same_through(
        ReduceOp::Mean,
        &ints,
        &opts(Some(vec![1]), 0.0),
        Float64Mode::Off,
        "aclnnMean",
    );
    // float64 var is demoted under float32 (computed in float32 on the
    // NPU, cast back), as the policy table says.
    let d = data(DType::Float64, &[8])
        .to_device(Device::Npu(0))
        .unwrap();
    let (v, recs) = recorded(Float64Mode::Float32, || {
        ops::reduce(ReduceOp::Var, &d, &opts(None, 0.0)).unwrap()
    });
    assert_eq!(v.dtype(), DType::Float64);
    assert!(recs
        .iter()
        .any(|r| r.aclnn == Some("aclnnVarCorrection") && r.how == ExecKind::Demoted));
}

/// What the one op cannot take keeps the composition: still NumPy's
/// values, still on the NPU.
#[test]
fn var_outside_the_op_is_composed_on_the_npu() {
    let _s = setup();
    let h = data(DType::Float64, &[3, 4]);
    let d = h.to_device(Device::Npu(0)).unwrap();
    for o in [
        opts(None, 0.0),
        opts(Some(vec![1]), 4.0),
        opts(Some(vec![0]), 0.5),
    ] {
        let want = ops::reduce(ReduceOp::Var, &h, &o).unwrap();
        // Under `off` aclnnVarCorrection refuses DOUBLE: no error, the
        // composition's ops take it.
        let (got, recs) = recorded(Float64Mode::Off, || {
            ops::reduce(ReduceOp::Var, &d, &o).unwrap()
        });
        assert_eq!(scalar_texts(&got), scalar_texts(&want), "{o:?}");
        assert!(recs.iter().all(|r| r.aclnn != Some("aclnnVarCorrection")));
        assert!(recs.iter().all(|r| r.how == ExecKind::Native), "{recs:?}");
    }
}

#[test]
fn cumprod_runs_through_aclnn_cumprod() {
    let _s = setup();
    for dt in [DType::Float32, DType::Int32, DType::Int64, DType::Float64] {
        let h = Array::from_vec((1..=12i64).map(|i| (i % 5) - 1).collect(), &[3, 4])
            .unwrap()
            .astype(dt);
        let d = h.to_device(Device::Npu(0)).unwrap();
        for axes in [None, Some(vec![0]), Some(vec![-1])] {
            let o = opts(axes, 0.0);
            let want = ops::reduce(ReduceOp::Cumprod, &h, &o).unwrap();
            let (got, recs) = recorded(Float64Mode::Off, || {
                ops::reduce(ReduceOp::Cumprod, &d, &o).unwrap()
            });
            assert_eq!(got.dtype(), want.dtype());
            assert_eq!(
                scalar_texts(&got),
                scalar_texts(&want),
                "cumprod of {dt} {o:?}"
            );
            assert!(
                recs.iter()
                    .any(|r| r.aclnn == Some("aclnnCumprod") && r.how == ExecKind::Native),
                "{recs:?}"
            );
        }
    }
}

#[test]
fn fills_are_made_on_the_device() {
    let _s = setup();
    let dev = Device::Npu(0);
    for dt in DType::NUMPY {
        for v in [
            Scalar::Bool(false),
            Scalar::Bool(true),
            Scalar::Float64(-2.5),
        ] {
            let v = v.cast(dt);
            let (a, recs) = recorded(Float64Mode::Off, || {
                device::full_on(dev, &[2, 3], dt, v).unwrap()
            });
            assert_eq!(a.device(), dev);
            assert_eq!(a.dtype(), dt);
            assert_eq!(
                scalar_texts(&a),
                scalar_texts(&Array::full(&[2, 3], v, dt)),
                "{dt} {v:?}"
            );
            assert_eq!(recs.len(), 1, "{recs:?}");
            // Zero and one through InplaceZero/InplaceOne where their
            // 910B lists take the dtype (Zero: not uint32/uint64; One: not
            // complex, not uint16..uint64), anything else FillScalar.
            let wide_unsigned = matches!(dt, DType::UInt32 | DType::UInt64);
            let want = match v.cast(DType::Float64).as_f64() {
                z if z == 0.0 && !wide_unsigned => "aclnnInplaceZero",
                o if o == 1.0 && !wide_unsigned && dt != DType::UInt16 && !dt.is_complex() => {
                    "aclnnInplaceOne"
                }
                _ => "aclnnInplaceFillScalar",
            };
            assert_eq!(recs[0].aclnn, Some(want), "{dt} {v:?}");
            assert_eq!(recs[0].how, ExecKind::Native, "{dt}");
            assert_eq!(recs[0].h2d_bytes, 0, "no upload for {dt}");
        }
    }
}

#[test]
fn eye_is_made_on_the_device() {
    let _s = setup();
    let dev = Device::Npu(0);
    for (n, m) in [(3, 3), (2, 4), (4, 1)] {
        for dt in [DType::Float32, DType::Int64, DType::Bool, DType::Float64] {
            let (a, recs) = recorded(Float64Mode::Off, || device::eye_on(dev, n, m, dt).unwrap());
            let want = device::eye_on(Device::Cpu, n, m, dt).unwrap();
            assert_eq!(a.device(), dev);
            assert_eq!(
                scalar_texts(&a),
                scalar_texts(&want),
                "eye({n}, {m}) of {dt}"
            );
            assert_eq!(recs[0].aclnn, Some("aclnnEye"));
            assert_eq!(recs[0].how, ExecKind::Native, "{dt}");
            // The 910B's Eye has no DOUBLE: the bool identity, cast.
            let cast = recs.iter().any(|r| r.aclnn == Some("aclnnCast"));
            assert_eq!(cast, dt == DType::Float64, "{dt}: {recs:?}");
            assert!(recs.iter().all(|r| r.how == ExecKind::Native), "{recs:?}");
        }
    }
}

#[test]
fn tril_triu_run_through_their_ops() {
    let _s = setup();
    let h = Array::from_vec((0..24i64).collect(), &[2, 3, 4]).unwrap();
    for dt in [DType::Float32, DType::Int64, DType::Bool, DType::Float64] {
        let hd = h.astype(dt);
        let d = hd.to_device(Device::Npu(0)).unwrap();
        for k in [-1i64, 0, 2] {
            for lower in [true, false] {
                let (got, recs) = recorded(Float64Mode::Off, || {
                    device::tri_on_device(&d, k, lower).unwrap().unwrap()
                });
                // The reference: NumPy's definition, where(mask, x, 0).
                let want: Vec<String> = scalar_texts(&hd)
                    .into_iter()
                    .enumerate()
                    .map(|(p, s)| {
                        let diff = (p % 4) as i64 - ((p / 4) % 3) as i64;
                        let kept = if lower { diff <= k } else { diff >= k };
                        if kept {
                            s
                        } else {
                            scalar_texts(&Array::zeros(&[1], dt)).remove(0)
                        }
                    })
                    .collect();
                assert_eq!(scalar_texts(&got), want, "{dt} k={k} lower={lower}");
                let op = if lower { "aclnnTril" } else { "aclnnTriu" };
                assert_eq!(recs.len(), 1, "{recs:?}");
                assert_eq!(recs[0].aclnn, Some(op));
                assert_eq!(recs[0].how, ExecKind::Native);
            }
        }
    }
    // Complex: not in the 910B's list; the caller composes it.
    let c = h
        .astype(DType::Complex64)
        .to_device(Device::Npu(0))
        .unwrap();
    assert!(device::tri_on_device(&c, 0, true).unwrap().is_none());
}

/// A view with negative strides reaches aclnn as a device copy made by
/// aclnnFlip (no host round trip); a dtype Flip lacks goes through the
/// host as before.
#[test]
fn reversed_views_are_copied_on_the_device() {
    let _s = setup();
    let h = Array::from_vec((0..12i64).collect(), &[3, 4]).unwrap();
    for dt in [
        DType::Float32,
        DType::Int64,
        DType::Complex64,
        DType::UInt16,
    ] {
        let hd = h.astype(dt);
        let rev_h = hd
            .slice_axis(0, None, None, -1)
            .unwrap()
            .slice_axis(1, None, None, -2)
            .unwrap();
        let d = hd.to_device(Device::Npu(0)).unwrap();
        let rev_d = d
            .slice_axis(0, None, None, -1)
            .unwrap()
            .slice_axis(1, None, None, -2)
            .unwrap();
        let want = ops::copy(&rev_h).unwrap();
        let (got, recs) = recorded(Float64Mode::Off, || ops::copy(&rev_d).unwrap());
        assert_eq!(scalar_texts(&got), scalar_texts(&want), "{dt}");
        assert_eq!(recs.len(), 1, "{recs:?}");
        if dt == DType::UInt16 {
            assert!(recs[0].h2d_bytes > 0, "{dt}: through the host");
        } else {
            assert_eq!(recs[0].h2d_bytes, 0, "{dt}: no upload");
            assert_eq!(recs[0].d2h_bytes, 0, "{dt}: no download");
        }
    }
}

#[test]
fn concatenate_runs_through_aclnn_cat() {
    let _s = setup();
    let a = Array::from_vec((0..6i64).collect(), &[2, 3]).unwrap();
    let b = Array::from_vec((10..14i64).collect(), &[2, 2]).unwrap();
    let e = Array::from_vec(Vec::<i64>::new(), &[2, 0]).unwrap();
    for dt in [DType::Float32, DType::Int64, DType::Bool, DType::Float64] {
        let hs = [a.astype(dt), e.astype(dt), b.astype(DType::Int8)];
        let want = ops::concatenate(&hs, Some(1)).unwrap();
        let ds: Vec<Array> = hs
            .iter()
            .map(|x| x.to_device(Device::Npu(0)).unwrap())
            .collect();
        let (got, recs) = recorded(Float64Mode::Off, || ops::concatenate(&ds, Some(1)).unwrap());
        assert_eq!(got.dtype(), want.dtype());
        assert_eq!(got.shape(), [2, 5]);
        assert_eq!(scalar_texts(&got), scalar_texts(&want), "{dt}");
        assert!(
            recs.iter()
                .any(|r| r.aclnn == Some("aclnnCat") && r.how == ExecKind::Native),
            "{dt}: {recs:?}"
        );
    }
    // complex128: not in Cat's 910B list; copies into slices, on the NPU.
    let c: Vec<Array> = [a.astype(DType::Complex128), b.astype(DType::Complex128)]
        .iter()
        .map(|x| x.to_device(Device::Npu(0)).unwrap())
        .collect();
    let (got, recs) = recorded(Float64Mode::Off, || ops::concatenate(&c, Some(1)).unwrap());
    assert_eq!(got.shape(), [2, 5]);
    assert!(recs.iter().all(|r| r.aclnn != Some("aclnnCat")));
    assert!(recs.iter().all(|r| r.how == ExecKind::Native), "{recs:?}");
}

#[test]
fn roll_runs_through_aclnn_roll() {
    let _s = setup();
    let h = Array::from_vec((0..24i64).collect(), &[2, 3, 4]).unwrap();
    for dt in [DType::Float32, DType::Int64, DType::Float64] {
        let hd = h.astype(dt);
        let d = hd.to_device(Device::Npu(0)).unwrap();
        for (shifts, axes) in [
            (vec![1i64], Some(vec![2isize])),
            (vec![-2, 5], Some(vec![1, 2])),
            (vec![7], None),
            (vec![4], Some(vec![1])),
        ] {
            let want = xpush_npu::ops::manip::roll(&hd, &shifts, axes.as_deref()).unwrap();
            let (got, recs) = recorded(Float64Mode::Off, || {
                xpush_npu::ops::manip::roll(&d, &shifts, axes.as_deref()).unwrap()
            });
            assert_eq!(
                scalar_texts(&got),
                scalar_texts(&want),
                "{dt} {shifts:?} {axes:?}"
            );
            let rolled = recs.iter().any(|r| r.aclnn == Some("aclnnRoll"));
            // float64 is not in Roll's 910B list: slices joined instead.
            assert_eq!(rolled, dt != DType::Float64, "{dt}: {recs:?}");
            assert!(recs.iter().all(|r| r.how == ExecKind::Native), "{recs:?}");
        }
    }
}

#[test]
fn integer_arange_is_made_on_the_device() {
    let _s = setup();
    let dev = Device::Npu(0);
    for (start, step, n, dt) in [
        (0i64, 1i64, 10usize, DType::Int64),
        (-7, 3, 5, DType::Int32),
        (5, -2, 4, DType::Int64),
        (0, 1, 1000, DType::Float32),
        (0, 1, 7, DType::Float64),
    ] {
        let (a, recs) = recorded(Float64Mode::Off, || {
            device::arange_on(dev, start, step, n, dt).unwrap().unwrap()
        });
        let want = Array::arange_int(start, start + n as i64 * step, step, dt).unwrap();
        assert_eq!(
            scalar_texts(&a),
            scalar_texts(&want),
            "{start} {step} {n} {dt}"
        );
        assert_eq!(recs.len(), 1, "{recs:?}");
        assert_eq!(recs[0].aclnn, Some("aclnnArange"));
        assert_eq!(recs[0].how, ExecKind::Native);
        assert_eq!(recs[0].h2d_bytes, 0);
    }
    // Not exact in float32, or a dtype the op does not write: the host's.
    assert!(device::arange_on(dev, 0, 1, (1 << 24) + 2, DType::Float32)
        .unwrap()
        .is_none());
    assert!(device::arange_on(dev, 0, 1, 3, DType::UInt8)
        .unwrap()
        .is_none());
}
