//! Issue 28, sorting on the NPU: `np.sort` / `np.argsort` (and the
//! in-place `a.sort()`) of `npu:0` arrays through one stable ascending
//! `aclnnSort` in acl-sim. The values and the indices must be the cpu's
//! bit for bit (NaN last, ties in their original order, `-0.0` and `0.0`
//! kept where they were); the dtypes Sort's 910B list lacks (float64,
//! complex, uint16..uint64) sort host lanes, in every float64 mode.
//!
//! aclnnSort sorts stably whatever the kind, so its values are the cpu's
//! `kind='stable'` ones; host lanes run the cpu's sort of the kind asked
//! for, whose quicksort of floats orders `-0.0` before `0.0` by their
//! bits (an order NumPy leaves to the sort).

mod ascend_support;

use xpush_npu::device::Device;
use xpush_npu::ops::sort::{argsort, sort, sort_inplace, SortKind};
use xpush_npu::ops::{self, ExecKind, Float64Mode};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType};

use ascend_support::{dispatch_setup as setup, recorded, scalar_texts};

/// A `[4, 6]` array with many ties, a NaN, signed zeros and an infinity
/// (for floats), in `dtype`.
fn data(dtype: DType) -> Array {
    let v: Vec<f64> = (0..24)
        .map(|i| match i {
            5 => f64::NAN,
            9 => -0.0,
            13 => f64::NEG_INFINITY,
            _ => ((i * 7) % 5) as f64 - 2.0,
        })
        .collect();
    let a = Array::from_vec(v, &[4, 6]).unwrap();
    if dtype.is_float() {
        a.astype(dtype)
    } else {
        // No NaN or infinity in integers: ties only.
        let ints: Vec<i64> = (0..24).map(|i| (i * 7) % 5).collect();
        Array::from_vec(ints, &[4, 6]).unwrap().astype(dtype)
    }
}

/// Sort's 910B list (ops-math `math/sort/op_api/aclnn_sort.cpp`).
fn sort_takes(d: DType) -> bool {
    matches!(
        d,
        DType::Bool
            | DType::Int8
            | DType::Int16
            | DType::Int32
            | DType::Int64
            | DType::UInt8
            | DType::Float16
            | DType::BFloat16
            | DType::Float32
    )
}

#[test]
fn sort_and_argsort_run_through_aclnn_sort() {
    let _s = setup();
    for dt in [
        DType::Float32,
        DType::Float16,
        DType::Int64,
        DType::Int8,
        DType::UInt8,
        DType::Bool,
        DType::Float64,
        DType::UInt16,
    ] {
        let h = data(dt);
        let d = h.to_device(Device::Npu(0)).unwrap();
        for axis in [Some(1isize), Some(0), Some(-1), None] {
            for mode in [Float64Mode::Off, Float64Mode::Cpu, Float64Mode::Float32] {
                let kind = if sort_takes(dt) {
                    SortKind::Stable
                } else {
                    SortKind::Quick
                };
                let want_v = sort(&h, axis, kind).unwrap();
                let want_i = argsort(&h, axis, SortKind::Stable).unwrap();
                let ((v, i), recs) = recorded(mode, || {
                    (
                        sort(&d, axis, SortKind::Quick).unwrap(),
                        argsort(&d, axis, SortKind::Stable).unwrap(),
                    )
                });
                assert_eq!(v.device(), Device::Npu(0));
                assert_eq!(v.dtype(), dt);
                assert_eq!(i.dtype(), DType::Int64);
                assert_eq!(v.shape(), want_v.shape());
                assert_eq!(
                    scalar_texts(&v),
                    scalar_texts(&want_v),
                    "{dt} {axis:?} {mode:?}"
                );
                assert_eq!(
                    scalar_texts(&i),
                    scalar_texts(&want_i),
                    "{dt} {axis:?} {mode:?}"
                );
                let sorted = recs
                    .iter()
                    .filter(|r| r.aclnn == Some("aclnnSort") && r.how == ExecKind::Native)
                    .count();
                // A permutation is never demoted: float64 sorts host lanes
                // in every mode, as the dtypes Sort lacks.
                let want = if sort_takes(dt) { 2 } else { 0 };
                assert_eq!(sorted, want, "{dt} {axis:?} {mode:?}: {recs:?}");
                assert!(
                    recs.iter().all(|r| r.how != ExecKind::HostFallback),
                    "{recs:?}"
                );
            }
        }
    }
}

#[test]
fn sort_keeps_numpy_order_for_nan_ties_and_signed_zeros() {
    let _s = setup();
    // np.argsort(np.array([nan, 0.0, -1.0, -0.0, nan, 0.0, -inf],
    //            dtype=np.float32), kind='stable') -> [6 2 1 3 5 0 4]
    let h = Array::from_vec(
        vec![f32::NAN, 0.0, -1.0, -0.0, f32::NAN, 0.0, f32::NEG_INFINITY],
        &[7],
    )
    .unwrap();
    let d = h.to_device(Device::Npu(0)).unwrap();
    let (i, recs) = recorded(Float64Mode::Off, || {
        argsort(&d, Some(0), SortKind::Stable).unwrap()
    });
    let got: Vec<i64> = i.to_device(Device::Cpu).unwrap().to_vec().unwrap();
    assert_eq!(got, vec![6, 2, 1, 3, 5, 0, 4]);
    assert!(recs.iter().any(|r| r.aclnn == Some("aclnnSort")));
    // np.sort(..., kind='stable') -> [-inf, -1., 0., -0., 0., nan, nan]:
    // the signed zeros stay in their order.
    let (v, _) = recorded(Float64Mode::Off, || {
        sort(&d, None, SortKind::Stable).unwrap()
    });
    let v: Vec<f32> = v.to_device(Device::Cpu).unwrap().to_vec().unwrap();
    let signs: Vec<bool> = v.iter().map(|x| x.is_sign_negative()).collect();
    assert_eq!(&signs[..5], &[true, true, false, true, false]);
    assert!(v[5].is_nan() && v[6].is_nan());
}

#[test]
fn sort_in_place_of_a_view_runs_through_aclnn_sort() {
    let _s = setup();
    let h = data(DType::Int32);
    let d = h.to_device(Device::Npu(0)).unwrap();
    // a[:, ::2].sort(axis=0) sorts the strided view's columns in place.
    let hv = h.slice_axis(1, None, None, 2).unwrap();
    let dv = d.slice_axis(1, None, None, 2).unwrap();
    sort_inplace(&hv, 0, SortKind::Quick).unwrap();
    let (_, recs) = recorded(Float64Mode::Off, || {
        sort_inplace(&dv, 0, SortKind::Quick).unwrap()
    });
    assert_eq!(scalar_texts(&d), scalar_texts(&h));
    assert!(
        recs.iter()
            .any(|r| r.aclnn == Some("aclnnSort") && r.how == ExecKind::Native),
        "{recs:?}"
    );
}

/// The insertion points as a list (host copy).
fn ints(a: &Array) -> Vec<i64> {
    a.to_device(Device::Cpu).unwrap().to_vec().unwrap()
}

#[test]
fn searchsorted_runs_through_aclnn_search_sorted() {
    use xpush_npu::ops::select::searchsorted;
    let _s = setup();
    let npu = |v: Vec<i64>, shape: &[usize], dt: DType| {
        Array::from_vec(v, shape)
            .unwrap()
            .astype(dt)
            .to_device(Device::Npu(0))
            .unwrap()
    };
    let v = npu(vec![0, 2, 4, 8, 9, -1], &[2, 3], DType::Int64);
    // NumPy: np.searchsorted([1, 2, 2, 3, 5, 8], [[0, 2, 4], [8, 9, -1]])
    // and side='right'; with sorter=np.argsort([5, 1, 8, 2, 3, 2]) the same.
    let left = vec![0, 1, 4, 5, 6, 0];
    let right = vec![0, 3, 4, 6, 6, 0];
    for dt in [DType::Int64, DType::Int32, DType::UInt8, DType::Int8] {
        let a = npu(vec![1, 2, 2, 3, 5, 8], &[6], dt);
        let unsorted = npu(vec![5, 1, 8, 2, 3, 2], &[6], dt);
        let sorter = npu(vec![1, 3, 5, 4, 0, 2], &[6], DType::Int64);
        for (side, want) in [(false, &left), (true, &right)] {
            // -1 is 255 in uint8: after every element.
            let mut want = want.clone();
            if dt == DType::UInt8 {
                want[5] = 6;
            }
            let (got, recs) = recorded(Float64Mode::Off, || {
                (
                    searchsorted(&a, &v.astype(dt), side, None).unwrap(),
                    searchsorted(&unsorted, &v.astype(dt), side, Some(&sorter)).unwrap(),
                )
            });
            assert_eq!(got.0.shape(), &[2, 3]);
            assert_eq!(got.0.device(), Device::Npu(0));
            assert_eq!(ints(&got.0), want, "{dt} right={side}");
            assert_eq!(ints(&got.1), want, "{dt} right={side} sorter");
            let searched = recs
                .iter()
                .filter(|r| r.aclnn == Some("aclnnSearchSorted") && r.how == ExecKind::Native)
                .count();
            assert_eq!(searched, 2, "{dt}: {recs:?}");
        }
    }
    // Floats bisect on the host: CANN's compare does not order NaN last.
    // np.searchsorted(np.float32([1, 2, nan]), np.float32([nan, 2.5])) -> [2 2]
    let a = Array::from_vec(vec![1.0f32, 2.0, f32::NAN], &[3])
        .unwrap()
        .to_device(Device::Npu(0))
        .unwrap();
    let x = Array::from_vec(vec![f32::NAN, 2.5], &[2])
        .unwrap()
        .to_device(Device::Npu(0))
        .unwrap();
    let (got, recs) = recorded(Float64Mode::Off, || {
        searchsorted(&a, &x, false, None).unwrap()
    });
    assert_eq!(ints(&got), vec![2, 2]);
    assert!(
        recs.iter().all(|r| r.aclnn != Some("aclnnSearchSorted")),
        "{recs:?}"
    );
}

fn on_npu(a: &Array) -> Array {
    a.to_device(Device::Npu(0)).unwrap()
}

/// How many recorded calls ran natively through `aclnn`.
fn native_calls(recs: &[ops::OpRecord], aclnn: &str) -> usize {
    recs.iter()
        .filter(|r| r.aclnn == Some(aclnn) && r.how == ExecKind::Native)
        .count()
}

#[test]
fn nonzero_argwhere_flatnonzero_run_through_aclnn_nonzero() {
    use xpush_npu::ops::select::{argwhere, flatnonzero, nonzero};
    let _s = setup();
    // a = np.float32([[nan, 3, 0], [1, 0, -2]]): np.argwhere(a) ->
    // [[0, 0], [0, 1], [1, 0], [1, 2]] (NaN is nonzero), np.flatnonzero(a)
    // -> [0, 1, 3, 5].
    let h = Array::from_vec(vec![f32::NAN, 3.0, 0.0, 1.0, 0.0, -2.0], &[2, 3]).unwrap();
    for dt in [DType::Float32, DType::Int64, DType::Bool, DType::Float64] {
        let hd = h.astype(dt);
        let d = on_npu(&hd);
        let (got, recs) = recorded(Float64Mode::Off, || {
            (
                argwhere(&d).unwrap(),
                nonzero(&d).unwrap(),
                flatnonzero(&d).unwrap(),
            )
        });
        assert_eq!(got.0.device(), Device::Npu(0));
        assert_eq!(got.0.shape(), &[4, 2], "{dt}");
        assert_eq!(
            scalar_texts(&got.0),
            scalar_texts(&argwhere(&hd).unwrap()),
            "{dt}"
        );
        assert_eq!(ints(&got.0), vec![0, 0, 0, 1, 1, 0, 1, 2], "{dt}");
        assert_eq!(ints(&got.1[0]), vec![0, 0, 1, 1], "{dt}");
        assert_eq!(ints(&got.1[1]), vec![0, 1, 0, 2], "{dt}");
        assert_eq!(ints(&got.2), vec![0, 1, 3, 5], "{dt}");
        // argwhere, nonzero and flatnonzero: one aclnnNonzero each.
        assert_eq!(native_calls(&recs, "aclnnNonzero"), 3, "{dt}: {recs:?}");
        assert!(
            recs.iter().all(|r| r.how != ExecKind::HostFallback),
            "{recs:?}"
        );
    }
    // complex is not in Nonzero's 910B list: found on the host.
    let c = on_npu(&h.astype(DType::Complex64));
    let (got, recs) = recorded(Float64Mode::Off, || argwhere(&c).unwrap());
    assert_eq!(ints(&got), vec![0, 0, 0, 1, 1, 0, 1, 2]);
    assert_eq!(native_calls(&recs, "aclnnNonzero"), 0);
    // No nonzero element: an empty (0, ndim) result.
    let z = on_npu(&Array::zeros(&[2, 3], DType::Int32));
    let (got, _) = recorded(Float64Mode::Off, || argwhere(&z).unwrap());
    assert_eq!(got.shape(), &[0, 2]);
}

#[test]
fn order_statistics_sort_their_lanes_through_aclnn_sort() {
    use xpush_npu::ops::stats::{median, quantile, LaneOpts, QuantileMethod, Quantiles};
    let _s = setup();
    let x = Array::from_vec(
        vec![
            3.0f32, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0, 5.0, 8.0,
        ],
        &[3, 4],
    )
    .unwrap();
    let d = on_npu(&x);
    let lane = |axes: Option<Vec<isize>>| LaneOpts {
        axes,
        keepdims: false,
        skip_nan: false,
    };
    let floats = |a: &Array| -> Vec<f64> {
        a.to_device(Device::Cpu)
            .unwrap()
            .astype(DType::Float64)
            .to_vec()
            .unwrap()
    };
    // np.median(x, axis=1) -> [2., 5.5, 5.]; axis=0 -> [5., 3., 4., 6.];
    // np.median(x) -> 4.5.
    for (axes, want) in [
        (Some(vec![1]), vec![2.0, 5.5, 5.0]),
        (Some(vec![0]), vec![5.0, 3.0, 4.0, 6.0]),
        (None, vec![4.5]),
    ] {
        let (got, recs) = recorded(Float64Mode::Off, || {
            median(&d, &lane(axes.clone())).unwrap()
        });
        assert_eq!(floats(&got), want, "{axes:?}");
        assert_eq!(
            scalar_texts(&got),
            scalar_texts(&median(&x, &lane(axes.clone())).unwrap())
        );
        assert_eq!(native_calls(&recs, "aclnnSort"), 1, "{axes:?}: {recs:?}");
    }
    // np.quantile(x, 0.3, axis=1) -> float32 [1., 4.7, 4.8].
    let q = Quantiles {
        q: vec![0.3],
        shape: vec![],
        weak: true,
        dtype: DType::Float64,
    };
    let (got, recs) = recorded(Float64Mode::Off, || {
        quantile(&d, &q, QuantileMethod::Linear, &lane(Some(vec![1]))).unwrap()
    });
    assert_eq!(got.dtype(), DType::Float32);
    assert_eq!(floats(&got), vec![1.0, 4.7f32 as f64, 4.8f32 as f64]);
    assert_eq!(native_calls(&recs, "aclnnSort"), 1, "{recs:?}");
}

#[test]
fn set_routines_argsort_through_aclnn_sort() {
    use xpush_npu::ops::sets::{intersect1d, isin, setdiff1d, unique};
    let _s = setup();
    let u = Array::from_vec(vec![3i64, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], &[11]).unwrap();
    let d = on_npu(&u);
    // np.unique(u, return_index=True, return_inverse=True, return_counts=True)
    let (r, recs) = recorded(Float64Mode::Off, || unique(&d, None, true).unwrap());
    assert_eq!(ints(&r.values), vec![1, 2, 3, 4, 5, 6, 9]);
    assert_eq!(ints(&r.index), vec![1, 6, 0, 2, 4, 7, 5]);
    assert_eq!(ints(&r.inverse), vec![2, 0, 3, 0, 4, 6, 1, 5, 4, 2, 4]);
    assert_eq!(ints(&r.counts), vec![2, 1, 2, 1, 3, 1, 1]);
    assert_eq!(r.values.device(), Device::Npu(0));
    assert_eq!(native_calls(&recs, "aclnnSort"), 1, "{recs:?}");
    // np.isin([1, 2, 7, 9], u), np.intersect1d(u, [9, 7, 5, 1]),
    // np.setdiff1d(u, [1, 5]).
    let probe = on_npu(&Array::from_vec(vec![1i64, 2, 7, 9], &[4]).unwrap());
    let other = on_npu(&Array::from_vec(vec![9i64, 7, 5, 1], &[4]).unwrap());
    let drop = on_npu(&Array::from_vec(vec![1i64, 5], &[2]).unwrap());
    let (got, recs) = recorded(Float64Mode::Off, || {
        (
            isin(&probe, &d, false).unwrap(),
            intersect1d(&d, &other).unwrap().0,
            setdiff1d(&d, &drop, false).unwrap(),
        )
    });
    let found: Vec<bool> = got.0.to_device(Device::Cpu).unwrap().to_vec().unwrap();
    assert_eq!(found, vec![true, true, false, true]);
    assert_eq!(ints(&got.1), vec![1, 5, 9]);
    assert_eq!(ints(&got.2), vec![2, 3, 4, 6, 9]);
    assert!(native_calls(&recs, "aclnnSort") >= 4, "{recs:?}");
    // NaN merged and last, first occurrences kept: np.unique(f32([2, nan,
    // 1, nan, 2]), return_index=True) -> ([1., 2., nan], [2, 0, 1]).
    let f = on_npu(&Array::from_vec(vec![2.0f32, f32::NAN, 1.0, f32::NAN, 2.0], &[5]).unwrap());
    let (r, recs) = recorded(Float64Mode::Off, || unique(&f, None, true).unwrap());
    let vals: Vec<f32> = r.values.to_device(Device::Cpu).unwrap().to_vec().unwrap();
    assert_eq!(&vals[..2], &[1.0, 2.0]);
    assert!(vals[2].is_nan() && vals.len() == 3);
    assert_eq!(ints(&r.index), vec![2, 0, 1]);
    assert_eq!(native_calls(&recs, "aclnnSort"), 1, "{recs:?}");
}

#[test]
fn bincount_runs_through_aclnn_bincount() {
    use xpush_npu::ops::hist::bincount;
    let _s = setup();
    let npu = |v: Vec<i64>, dt: DType| {
        on_npu(&Array::from_vec(v.clone(), &[v.len()]).unwrap().astype(dt))
    };
    for dt in [DType::Int8, DType::UInt8, DType::Int32, DType::Int64] {
        // np.bincount(np.int8([1, 3, 1, 0, 7])) -> [1, 2, 0, 1, 0, 0, 0, 1];
        // np.bincount([2, 2], minlength=5) -> [0, 0, 2, 0, 0].
        let (got, recs) = recorded(Float64Mode::Off, || {
            (
                bincount(&npu(vec![1, 3, 1, 0, 7], dt), None, 0).unwrap(),
                bincount(&npu(vec![2, 2], dt), None, 5).unwrap(),
            )
        });
        assert_eq!(got.0.device(), Device::Npu(0));
        assert_eq!(got.0.dtype(), DType::Int64);
        assert_eq!(ints(&got.0), vec![1, 2, 0, 1, 0, 0, 0, 1], "{dt}");
        assert_eq!(ints(&got.1), vec![0, 0, 2, 0, 0], "{dt}");
        assert_eq!(native_calls(&recs, "aclnnBincount"), 2, "{dt}: {recs:?}");
    }
    // NumPy's ValueError for a negative value, found on the device.
    let e = bincount(&npu(vec![1, -1], DType::Int64), None, 0).unwrap_err();
    assert_eq!(e.msg(), "'list' argument must have no negative elements");
    // Weights sum on the host: np.bincount([1, 2], weights=[0.5, 0.25]).
    let w = on_npu(&Array::from_vec(vec![0.5f64, 0.25], &[2]).unwrap());
    let (got, recs) = recorded(Float64Mode::Off, || {
        bincount(&npu(vec![1, 2], DType::Int64), Some(&w), 0).unwrap()
    });
    let sums: Vec<f64> = got.to_device(Device::Cpu).unwrap().to_vec().unwrap();
    assert_eq!(sums, vec![0.0, 0.5, 0.25]);
    assert_eq!(native_calls(&recs, "aclnnBincount"), 0);
}

#[test]
fn digitize_of_increasing_integer_bins_runs_through_aclnn_search_sorted() {
    use xpush_npu::ops::hist::digitize;
    let _s = setup();
    let b = on_npu(&Array::from_vec(vec![0i64, 2, 5, 9], &[4]).unwrap());
    let x = on_npu(&Array::from_vec(vec![-1i64, 0, 1, 5, 9, 10], &[2, 3]).unwrap());
    // np.digitize(x, [0, 2, 5, 9]) -> [[0, 1, 1], [3, 4, 4]]; right=True
    // -> [[0, 0, 1], [2, 3, 4]].
    let (got, recs) = recorded(Float64Mode::Off, || {
        (
            digitize(&x, &b, false).unwrap(),
            digitize(&x, &b, true).unwrap(),
        )
    });
    assert_eq!(got.0.shape(), &[2, 3]);
    assert_eq!(ints(&got.0), vec![0, 1, 1, 3, 4, 4]);
    assert_eq!(ints(&got.1), vec![0, 0, 1, 2, 3, 4]);
    assert_eq!(native_calls(&recs, "aclnnSearchSorted"), 2, "{recs:?}");
    // Decreasing bins stay on the host: np.digitize(x, [9, 5, 2, 0])
    // -> [[4, 3, 3], [1, 0, 0]].
    let d = on_npu(&Array::from_vec(vec![9i64, 5, 2, 0], &[4]).unwrap());
    let (got, recs) = recorded(Float64Mode::Off, || digitize(&x, &d, false).unwrap());
    assert_eq!(ints(&got), vec![4, 3, 3, 1, 0, 0]);
    assert_eq!(native_calls(&recs, "aclnnSearchSorted"), 0);
}
