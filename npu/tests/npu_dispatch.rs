//! The op dispatch on the npu device through acl-sim (loaded by the real
//! loader): the same test bodies run on `cpu` and on `npu:0`
//! ([`device_test!`], STYLE point 17), the float64 modes, placement
//! errors and the aclnn counters.

mod ascend_support;

use std::sync::Arc;

use xpush_npu::device::{self, Device};
use xpush_npu::ops::{
    self, BinaryOp, DispatchContext, ExecKind, Float64Mode, Operand, RecordingSink, ReduceOp,
    ReduceOpts, UnaryOp,
};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType, ExcKind, Scalar};

/// Opens acl-sim as `npu:0` (once per process) for an npu test.
/// Starts the simulated device for an npu test and returns a guard that
/// serialises the tests of this file: they share the process's device,
/// its event queue and the byte counters their assertions read.
fn setup(dev: Device) -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if dev.is_npu() {
        ascend_support::sim_device();
    }
    guard
}

/// Instantiates `$body` (a `fn(Device)`) as `$name::cpu` and
/// `$name::npu_sim`; a real NPU would be a third instance behind an env
/// var.
macro_rules! device_test {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;
            #[test]
            fn cpu() {
                let _serial = setup(Device::Cpu);
                ($body)(Device::Cpu)
            }
            #[test]
            fn npu_sim() {
                let _serial = setup(Device::Npu(0));
                ($body)(Device::Npu(0))
            }
        }
    };
}

fn arr_f32(v: &[f32], shape: &[usize], dev: Device) -> Array {
    Array::from_vec(v.to_vec(), shape)
        .unwrap()
        .to_device(dev)
        .unwrap()
}

fn host(a: &Array) -> Array {
    a.to_device(Device::Cpu).unwrap()
}

fn with_mode<R>(mode: Float64Mode, sink: &Arc<RecordingSink>, f: impl FnOnce() -> R) -> R {
    let ctx = DispatchContext {
        float64: mode,
        device_timing: false,
        sink: Some(sink.clone() as Arc<dyn ops::ProfileSink>),
        ..Default::default()
    };
    ops::with_context(ctx, f)
}

const DTYPES: [DType; 6] = [
    DType::Float32,
    DType::Float16,
    DType::Int32,
    DType::Int64,
    DType::Int8,
    DType::UInt8,
];

fn sample(d: DType, dev: Device) -> Array {
    let v: Vec<f64> = (0..12).map(|i| (i as f64) * 0.75 - 2.0).collect();
    let a = Array::from_vec(v, &[3, 4]).unwrap().astype(d);
    a.to_device(dev).unwrap()
}

device_test!(binary_equals_cpu, |dev: Device| {
    for d in DTYPES {
        let a = sample(d, dev);
        let b = sample(d, Device::Cpu).transpose(None).unwrap();
        let b = b.to_device(dev).unwrap().transpose(None).unwrap();
        for op in [
            BinaryOp::Add,
            BinaryOp::Subtract,
            BinaryOp::Multiply,
            BinaryOp::TrueDivide,
            BinaryOp::Less,
            BinaryOp::Equal,
            BinaryOp::Maximum,
        ] {
            if d == DType::UInt8 && op == BinaryOp::Subtract {
                continue;
            }
            let got = ops::binary(op, &a, &b).unwrap();
            assert_eq!(got.device(), dev);
            let want = ops::binary(op, &host(&a), &host(&b)).unwrap();
            // Debug text, so NaN (0 / 0) compares equal to NaN.
            assert_eq!(
                format!("{:?}", host(&got).to_scalars()),
                format!("{:?}", want.to_scalars()),
                "{op:?} {d:?}"
            );
            assert_eq!(got.dtype(), want.dtype());
        }
        // A weak Python scalar goes with the array's device.
        let got =
            ops::binary_op(BinaryOp::Multiply, Operand::Array(&a), Operand::PyInt(3)).unwrap();
        let want = ops::binary_op(
            BinaryOp::Multiply,
            Operand::Array(&host(&a)),
            Operand::PyInt(3),
        )
        .unwrap();
        assert_eq!(host(&got).to_scalars(), want.to_scalars());
    }
});

device_test!(unary_and_reduce_equal_cpu, |dev: Device| {
    let a = arr_f32(&[0.5, 1.0, 2.0, 3.5, 0.25, 4.0], &[2, 3], dev);
    for op in [
        UnaryOp::Negative,
        UnaryOp::Absolute,
        UnaryOp::Exp,
        UnaryOp::Log,
        UnaryOp::Sqrt,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Tanh,
        UnaryOp::Floor,
        UnaryOp::Ceil,
        UnaryOp::Trunc,
        UnaryOp::Sign,
        UnaryOp::Tan,
        UnaryOp::Arctan,
        UnaryOp::Sinh,
        UnaryOp::Cosh,
        UnaryOp::Arcsinh,
        UnaryOp::Log2,
        UnaryOp::Log10,
        UnaryOp::Log1p,
        UnaryOp::Expm1,
        UnaryOp::Exp2,
        UnaryOp::Reciprocal,
        UnaryOp::Isinf,
        UnaryOp::Signbit,
    ] {
        let got = ops::unary(op, &a).unwrap();
        assert_eq!(got.device(), dev);
        let want = ops::unary(op, &host(&a)).unwrap();
        assert_eq!(host(&got).to_scalars(), want.to_scalars(), "{op:?}");
    }
    for op in [
        ReduceOp::Sum,
        ReduceOp::Max,
        ReduceOp::Min,
        ReduceOp::Mean,
        ReduceOp::Argmax,
    ] {
        for axes in [None, Some(vec![0]), Some(vec![-1])] {
            let opts = ReduceOpts {
                axes,
                keepdims: true,
                ..Default::default()
            };
            let got = ops::reduce(op, &a, &opts).unwrap();
            let want = ops::reduce(op, &host(&a), &opts).unwrap();
            assert_eq!(host(&got).to_scalars(), want.to_scalars(), "{op:?}");
            assert_eq!(got.shape(), want.shape());
        }
    }
    // Strided views and casts, where, concatenate, indexing.
    let v = a.slice_axis(1, None, None, -1).unwrap();
    let got = ops::binary(BinaryOp::Add, &v, &v).unwrap();
    let want = ops::binary(BinaryOp::Add, &host(&v), &host(&v)).unwrap();
    assert_eq!(host(&got).to_scalars(), want.to_scalars());
    let c = ops::cast(&a.transpose(None).unwrap(), DType::Int32).unwrap();
    assert_eq!(
        host(&c).to_scalars(),
        host(&a)
            .transpose(None)
            .unwrap()
            .astype(DType::Int32)
            .to_scalars()
    );
    let m = ops::binary_op(BinaryOp::Greater, Operand::Array(&a), Operand::PyFloat(1.0)).unwrap();
    let w = ops::where_(&m, Operand::Array(&a), Operand::PyFloat(0.0)).unwrap();
    assert_eq!(
        host(&w).to_vec::<f32>().unwrap(),
        vec![0.0, 0.0, 2.0, 3.5, 0.0, 4.0]
    );
    let cat = ops::concatenate(&[a.clone(), a.clone()], Some(0)).unwrap();
    assert_eq!(cat.device(), dev);
    assert_eq!(host(&cat).shape(), &[4, 3]);
    a.set(&[0, 0], xpush_npu::Scalar::Float64(9.0)).unwrap();
    assert_eq!(a.get(&[0, 0]).unwrap(), xpush_npu::Scalar::Float32(9.0));
    let r = a.reshape(&[3, 2]).unwrap();
    assert_eq!(r.device(), dev);
    let row = ops::get_index(
        &a,
        &[ops::Index::IntArray(
            Array::from_vec(vec![1i64], &[1]).unwrap(),
        )],
    )
    .unwrap();
    assert_eq!(host(&row).to_vec::<f32>().unwrap(), vec![3.5, 0.25, 4.0]);
});

#[test]
fn mixing_devices_raises() {
    let _serial = setup(Device::Npu(0));
    let a = arr_f32(&[1.0, 2.0], &[2], Device::Cpu);
    let b = arr_f32(&[1.0, 2.0], &[2], Device::Npu(0));
    let e = ops::binary(BinaryOp::Add, &a, &b).unwrap_err();
    assert_eq!(e.kind(), ExcKind::ValueError);
    assert_eq!(e.msg(), "operands are on different devices: cpu and npu:0");
}

fn f64s(dev: Device) -> (Array, Array) {
    let a = Array::from_vec(vec![1.0f64 / 3.0, 2.0, 1e-9, 7.25], &[2, 2]).unwrap();
    let b = Array::from_vec(vec![0.1f64, 0.2, 0.3, 1.0 / 7.0], &[2, 2]).unwrap();
    (a.to_device(dev).unwrap(), b.to_device(dev).unwrap())
}

fn host_matmul(a: &Array, b: &Array) -> xpush_npu::Result<Array> {
    let (x, y) = (a.astype(DType::Float64), b.astype(DType::Float64));
    let (xv, yv) = (x.to_vec::<f64>()?, y.to_vec::<f64>()?);
    let mut out = vec![0.0; 4];
    for i in 0..2 {
        for j in 0..2 {
            out[i * 2 + j] = (0..2).map(|k| xv[i * 2 + k] * yv[k * 2 + j]).sum();
        }
    }
    Ok(Array::from_vec(out, &[2, 2])?.astype(a.dtype()))
}

#[test]
fn float64_mode_float32_equals_computing_in_float32() {
    let _serial = setup(Device::Npu(0));
    let (a, b) = f64s(Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    let got = with_mode(Float64Mode::Float32, &sink, || {
        ops::binary(BinaryOp::Add, &a, &b).unwrap()
    });
    assert_eq!(got.dtype(), DType::Float64);
    let (ha, hb) = (
        host(&a).astype(DType::Float32),
        host(&b).astype(DType::Float32),
    );
    let want = ops::binary(BinaryOp::Add, &ha, &hb)
        .unwrap()
        .astype(DType::Float64);
    assert_eq!(host(&got).to_scalars(), want.to_scalars());
    assert_ne!(
        host(&got).to_scalars(),
        ops::binary(BinaryOp::Add, &host(&a), &host(&b))
            .unwrap()
            .to_scalars()
    );
    let r = sink.records();
    let add = r.iter().find(|r| r.op == "add").unwrap();
    assert_eq!(add.how, ExecKind::Demoted);
    assert_eq!(add.compute_dtype, DType::Float32);
    let mm = with_mode(Float64Mode::Float32, &sink, || {
        ops::matmul_with(&a, &b, &[2, 2], &host_matmul).unwrap()
    });
    let want = host_matmul(&ha, &hb).unwrap().astype(DType::Float64);
    assert_eq!(host(&mm).to_scalars(), want.to_scalars());
}

#[test]
fn float64_mode_off_raises_for_matmul_and_runs_add_natively() {
    let _serial = setup(Device::Npu(0));
    let (a, b) = f64s(Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    let e = with_mode(Float64Mode::Off, &sink, || {
        ops::matmul_with(&a, &b, &[2, 2], &host_matmul).unwrap_err()
    });
    assert_eq!(
        e.to_string(),
        "NotImplementedError: aclnnMatmul does not support float64 on the NPU (float64 mode 'off')"
    );
    let got = with_mode(Float64Mode::Off, &sink, || {
        ops::binary(BinaryOp::Add, &a, &b).unwrap()
    });
    let want = ops::binary(BinaryOp::Add, &host(&a), &host(&b)).unwrap();
    assert_eq!(host(&got).to_scalars(), want.to_scalars());
    let r = sink.records();
    assert_eq!(r.last().unwrap().how, ExecKind::Native);
    assert_eq!(r.last().unwrap().aclnn, Some("aclnnAdd"));
    // tanh rejects DOUBLE on the 910B: raised under off.
    let e = with_mode(Float64Mode::Off, &sink, || {
        ops::unary(UnaryOp::Tanh, &a).unwrap_err()
    });
    assert_eq!(e.kind(), ExcKind::NotImplementedError);
}

#[test]
fn float64_mode_cpu_is_exact() {
    let _serial = setup(Device::Npu(0));
    let (a, b) = f64s(Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    let (mm, t) = with_mode(Float64Mode::Cpu, &sink, || {
        (
            ops::matmul_with(&a, &b, &[2, 2], &host_matmul).unwrap(),
            ops::unary(UnaryOp::Tanh, &a).unwrap(),
        )
    });
    assert_eq!(mm.device(), Device::Npu(0));
    assert_eq!(
        host(&mm).to_scalars(),
        host_matmul(&host(&a), &host(&b)).unwrap().to_scalars()
    );
    assert_eq!(
        host(&t).to_scalars(),
        ops::unary(UnaryOp::Tanh, &host(&a)).unwrap().to_scalars()
    );
    let r = sink.records();
    assert!(r.iter().all(|r| r.how == ExecKind::HostFallback), "{r:?}");
    assert!(r[0].h2d_bytes > 0 && r[0].d2h_bytes > 0);
}

#[test]
fn counters_show_aclnn_execution() {
    let _serial = setup(Device::Npu(0));
    let a = arr_f32(&[1.0, 2.0, 3.0], &[3], Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    with_mode(Float64Mode::Off, &sink, || {
        let s = ops::binary(BinaryOp::Add, &a, &a).unwrap();
        let e = ops::unary(UnaryOp::Exp, &s).unwrap();
        ops::reduce(ReduceOp::Sum, &e, &ReduceOpts::default()).unwrap();
        // lcm has no aclnn mapping: a host fallback with a note.
        let i = ops::cast(&a, DType::Int32).unwrap();
        ops::binary(BinaryOp::Lcm, &i, &i).unwrap();
    });
    let c = sink.counts();
    assert_eq!(c.aclnn_native, 4, "{:?}", sink.records());
    assert_eq!(c.host_fallback, 1);
    let lcm = sink.records().into_iter().find(|r| r.op == "lcm").unwrap();
    assert!(lcm.note.unwrap().contains("no aclnn mapping"));
    assert!(ops::stats().aclnn() >= 4);
}

#[test]
fn device_timing_is_recorded() {
    let _serial = setup(Device::Npu(0));
    let a = arr_f32(&[1.0, 2.0, 3.0], &[3], Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    let ctx = DispatchContext {
        float64: Float64Mode::Float32,
        device_timing: true,
        sink: Some(sink.clone() as Arc<dyn ops::ProfileSink>),
        ..Default::default()
    };
    ops::with_context(ctx, || ops::unary(UnaryOp::Exp, &a).unwrap());
    let r = sink.records();
    assert!(r[0].device_ms.is_some_and(|ms| ms >= 0.0), "{r:?}");
}

/// `a OP python_scalar` on the NPU runs through the scalar forms
/// (aclnnAdds/Subs/Muls/Divs): the result equals the cpu's and the scalar
/// is not uploaded (no host-to-device bytes for the op).
#[test]
fn python_scalar_operands_use_the_scalar_forms() {
    let _serial = setup(Device::Npu(0));
    let a = arr_f32(&[1.5, -2.0, 4.0], &[3], Device::Npu(0));
    let i = ops::cast(&a, DType::Int32).unwrap();
    let sink = Arc::new(RecordingSink::default());
    // (op, Python scalar as float or int, scalar on the left)
    let cases = [
        (BinaryOp::Add, Some(0.25), None, false),
        (BinaryOp::Subtract, Some(3.0), None, false),
        (BinaryOp::Multiply, None, Some(3), false),
        (BinaryOp::TrueDivide, Some(2.0), None, false),
        (BinaryOp::Add, None, Some(7), true),
        (BinaryOp::Multiply, Some(-0.5), None, true),
    ];
    let py = |f: Option<f64>, i: Option<i128>| match (f, i) {
        (Some(f), _) => Operand::PyFloat(f),
        (_, i) => Operand::PyInt(i.unwrap_or(0)),
    };
    for x in [&a, &i] {
        let hx = host(x);
        for (op, f, n, left) in cases {
            let (l, r) = if left {
                (py(f, n), Operand::Array(x))
            } else {
                (Operand::Array(x), py(f, n))
            };
            let (hl, hr) = if left {
                (py(f, n), Operand::Array(&hx))
            } else {
                (Operand::Array(&hx), py(f, n))
            };
            let got = with_mode(Float64Mode::Off, &sink, || {
                ops::binary_op(op, l, r).unwrap()
            });
            let want = ops::binary_op(op, hl, hr).unwrap();
            assert_eq!(got.dtype(), want.dtype(), "{op:?} {f:?} {n:?}");
            assert_eq!(
                host(&got).to_scalars(),
                want.to_scalars(),
                "{op:?} {f:?} {n:?}"
            );
            let rec = sink.records().pop().unwrap();
            if rec.how == ExecKind::Native {
                assert_eq!(rec.h2d_bytes, 0, "{op:?} uploaded its scalar: {rec:?}");
            }
        }
    }
    let c = sink.counts();
    assert!(c.aclnn_native >= 6, "{:?}", sink.records());
}

/// The six comparisons with a Python scalar `s` on either side run on the
/// NPU through the scalar forms (Eq/Ne/Lt/Le/Gt/GeScalar; `s < x` is
/// `x > s`), with no upload of `s`, and give the cpu's bools, NaN
/// compared false (and unequal).
#[test]
fn comparisons_with_a_python_scalar_use_the_scalar_forms() {
    let _serial = setup(Device::Npu(0));
    let a = arr_f32(&[1.5, -2.0, 4.0, f32::NAN], &[2, 2], Device::Npu(0));
    let i = arr_f32(&[1.5, -2.0, 4.0, 0.0], &[2, 2], Device::Npu(0));
    let i = ops::cast(&i, DType::Int64).unwrap();
    let sink = Arc::new(RecordingSink::default());
    let cases = [
        (BinaryOp::Equal, "aclnnEqScalar", false),
        (BinaryOp::NotEqual, "aclnnNeScalar", false),
        (BinaryOp::Less, "aclnnLtScalar", false),
        (BinaryOp::LessEqual, "aclnnLeScalar", false),
        (BinaryOp::Greater, "aclnnGtScalar", false),
        (BinaryOp::GreaterEqual, "aclnnGeScalar", false),
        (BinaryOp::Equal, "aclnnEqScalar", true),
        (BinaryOp::NotEqual, "aclnnNeScalar", true),
        (BinaryOp::Less, "aclnnGtScalar", true),
        (BinaryOp::LessEqual, "aclnnGeScalar", true),
        (BinaryOp::Greater, "aclnnLtScalar", true),
        (BinaryOp::GreaterEqual, "aclnnLeScalar", true),
    ];
    for x in [&a, &i] {
        let hx = host(x);
        for s in [Operand::PyFloat(1.5), Operand::PyInt(-2)] {
            for (op, aclnn, left) in cases {
                let args = |arr| {
                    if left {
                        (s.clone(), Operand::Array(arr))
                    } else {
                        (Operand::Array(arr), s.clone())
                    }
                };
                let (l, r) = args(x);
                let got = with_mode(Float64Mode::Off, &sink, || {
                    ops::binary_op(op, l, r).unwrap()
                });
                let (hl, hr) = args(&hx);
                let want = ops::binary_op(op, hl, hr).unwrap();
                assert_eq!(got.dtype(), DType::Bool);
                assert_eq!(
                    host(&got).to_scalars(),
                    want.to_scalars(),
                    "{op:?} {s:?} {left}"
                );
                let rec = sink.records().pop().unwrap();
                assert_eq!(rec.aclnn, Some(aclnn), "{op:?} {s:?} {left}: {rec:?}");
                assert_eq!(rec.how, ExecKind::Native, "{rec:?}");
                if aclnn.ends_with("Scalar") {
                    assert_eq!(rec.h2d_bytes, 0, "{op:?} uploaded its scalar: {rec:?}");
                }
            }
        }
    }
}

/// Arithmetic with a Python scalar `s` on the side an aclnn scalar form
/// takes runs through it with no upload of `s` (`s - x` through
/// aclnnRsubs, `s % x` and `s ** x` through the ScalarTensor forms,
/// `//`, `%`, fmod, `**` and the bitwise ops with `s` on the right) and
/// gives the cpu's values, bit for bit.
#[test]
fn arithmetic_with_a_python_scalar_uses_the_scalar_forms() {
    let _serial = setup(Device::Npu(0));
    let f = arr_f32(&[1.5, -2.0, 4.0, 0.5], &[2, 2], Device::Npu(0));
    let i = arr_f32(&[5.0, -3.0, 7.0, 2.0], &[2, 2], Device::Npu(0));
    let i = ops::cast(&i, DType::Int32).unwrap();
    let sink = Arc::new(RecordingSink::default());
    let float_cases = [
        (BinaryOp::Subtract, "aclnnRsubs", true),
        (BinaryOp::FloorDivide, "aclnnFloorDivides", false),
        (BinaryOp::Remainder, "aclnnRemainderTensorScalar", false),
        (BinaryOp::Remainder, "aclnnRemainderScalarTensor", true),
        (BinaryOp::Fmod, "aclnnFmodScalar", false),
        (BinaryOp::Power, "aclnnPowTensorScalar", false),
        (BinaryOp::Power, "aclnnPowScalarTensor", true),
    ];
    let int_cases = [
        (BinaryOp::Subtract, "aclnnRsubs", true),
        (BinaryOp::FloorDivide, "aclnnFloorDivides", false),
        (BinaryOp::Remainder, "aclnnRemainderTensorScalar", false),
        (BinaryOp::Remainder, "aclnnRemainderScalarTensor", true),
        (BinaryOp::BitwiseAnd, "aclnnBitwiseAndScalar", false),
        (BinaryOp::BitwiseOr, "aclnnBitwiseOrScalar", true),
        (BinaryOp::BitwiseXor, "aclnnBitwiseXorScalar", false),
    ];
    let runs = [
        (&f, Operand::PyFloat(2.5), &float_cases[..]),
        (&f, Operand::PyInt(3), &float_cases[..]),
        (&i, Operand::PyInt(6), &int_cases[..]),
    ];
    for (x, s, cases) in runs {
        let hx = host(x);
        for &(op, aclnn, left) in cases {
            let args = |arr| {
                if left {
                    (s.clone(), Operand::Array(arr))
                } else {
                    (Operand::Array(arr), s.clone())
                }
            };
            let (l, r) = args(x);
            let got = with_mode(Float64Mode::Off, &sink, || {
                ops::binary_op(op, l, r).unwrap()
            });
            let (hl, hr) = args(&hx);
            let want = ops::binary_op(op, hl, hr).unwrap();
            assert_eq!(got.dtype(), want.dtype(), "{op:?} {s:?} {left}");
            assert_eq!(
                format!("{:?}", host(&got).to_scalars()),
                format!("{:?}", want.to_scalars()),
                "{op:?} {s:?} {left}"
            );
            let rec = sink.records().pop().unwrap();
            assert_eq!(rec.aclnn, Some(aclnn), "{op:?} {s:?} {left}: {rec:?}");
            assert_eq!(rec.how, ExecKind::Native, "{rec:?}");
            assert_eq!(rec.h2d_bytes, 0, "{op:?} uploaded its scalar: {rec:?}");
        }
    }
}

/// An integer array to a negative integer power keeps NumPy's ValueError
/// on the NPU (the scalar form is not taken for it).
#[test]
fn integer_power_of_a_negative_scalar_raises() {
    let _serial = setup(Device::Npu(0));
    let i = arr_f32(&[5.0, -3.0], &[2], Device::Npu(0));
    let i = ops::cast(&i, DType::Int64).unwrap();
    let e = ops::binary_op(BinaryOp::Power, Operand::Array(&i), Operand::PyInt(-1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "ValueError: Integers to negative integer powers are not allowed."
    );
}

/// `np.zeros`, `np.ones` and `np.full` on the NPU: zero and one through
/// aclnnInplaceZero/One where the dtype is in their lists, anything else
/// (-0.0, other values, uint32's zero) through aclnnInplaceFillScalar.
#[test]
fn fills_pick_zero_one_or_fill_scalar() {
    let _serial = setup(Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    let cases = [
        (DType::Float32, Scalar::Float64(0.0), "aclnnInplaceZero"),
        (
            DType::Float32,
            Scalar::Float64(-0.0),
            "aclnnInplaceFillScalar",
        ),
        (DType::Int64, Scalar::Float64(1.0), "aclnnInplaceOne"),
        (
            DType::Complex64,
            Scalar::Float64(1.0),
            "aclnnInplaceFillScalar",
        ),
        (DType::Complex64, Scalar::Float64(0.0), "aclnnInplaceZero"),
        (
            DType::UInt32,
            Scalar::Float64(0.0),
            "aclnnInplaceFillScalar",
        ),
        (
            DType::Float32,
            Scalar::Float64(2.5),
            "aclnnInplaceFillScalar",
        ),
    ];
    for (d, v, aclnn) in cases {
        let got = with_mode(Float64Mode::Off, &sink, || {
            device::full_on(Device::Npu(0), &[2, 3], d, v.cast(d)).unwrap()
        });
        let want = Array::full(&[2, 3], v.cast(d), d);
        assert_eq!(
            format!("{:?}", host(&got).to_scalars()),
            format!("{:?}", want.to_scalars()),
            "{d:?} {v:?}"
        );
        let rec = sink.records().pop().unwrap();
        assert_eq!(rec.aclnn, Some(aclnn), "{d:?} {v:?}: {rec:?}");
        assert_eq!(rec.how, ExecKind::Native, "{rec:?}");
    }
}

/// isnan, square, maximum/minimum, all/any (compositions of mapped aclnn
/// ops) and isfinite, logical_and/or (one aclnn op each) run on the NPU
/// and agree with the cpu.
#[test]
fn composed_ops_match_the_cpu() {
    let _serial = setup(Device::Npu(0));
    let v = [1.0, f32::NAN, f32::INFINITY, 0.0, -2.5, f32::NEG_INFINITY];
    let a = arr_f32(&v, &[2, 3], Device::Npu(0));
    let b = arr_f32(&[0.0, 1.0, 0.0, 2.0, 0.0, -1.0], &[2, 3], Device::Npu(0));
    let sink = Arc::new(RecordingSink::default());
    with_mode(Float64Mode::Off, &sink, || {
        for u in [UnaryOp::Isnan, UnaryOp::Isfinite, UnaryOp::Square] {
            let got = ops::unary(u, &a).unwrap();
            let want = ops::unary(u, &host(&a)).unwrap();
            assert_eq!(
                format!("{:?}", host(&got).to_scalars()),
                format!("{:?}", want.to_scalars()),
                "{u:?}"
            );
        }
        for op in [
            BinaryOp::LogicalAnd,
            BinaryOp::LogicalOr,
            BinaryOp::Maximum,
            BinaryOp::Minimum,
        ] {
            for (x, y) in [(&a, &b), (&b, &a)] {
                let got = ops::binary(op, x, y).unwrap();
                let want = ops::binary(op, &host(x), &host(y)).unwrap();
                assert_eq!(
                    format!("{:?}", host(&got).to_scalars()),
                    format!("{:?}", want.to_scalars()),
                    "{op:?}"
                );
            }
        }
        for r in [ReduceOp::All, ReduceOp::Any] {
            for axis in [None, Some(vec![0isize]), Some(vec![1isize])] {
                let opts = ReduceOpts {
                    axes: axis.clone(),
                    ..ReduceOpts::default()
                };
                let got = ops::reduce(r, &b, &opts).unwrap();
                let want = ops::reduce(r, &host(&b), &opts).unwrap();
                assert_eq!(host(&got).to_scalars(), want.to_scalars(), "{r:?} {axis:?}");
            }
        }
    });
    let r = sink.records();
    let npu = r.iter().filter(|r| r.device.is_npu());
    assert_eq!(npu.clone().count(), 17, "{r:?}");
    assert!(npu.clone().all(|r| r.how == ExecKind::Native), "{r:?}");
}

/// The ops mapped in the third round (advanced-index reads through
/// aclnnIndexSelect, rint, logical_not, remainder, floor_divide, power,
/// argmax/argmin, cumsum) run natively on the NPU, in float64 too under
/// `off`, and agree with the cpu.
#[test]
fn index_select_rounding_and_scans_run_natively() {
    use xpush_npu::ops::Index;
    let _serial = setup(Device::Npu(0));
    let v = [2.5f64, -1.5, 7.0, 0.5, -3.25, 4.0, 9.5, -0.5];
    let sink = Arc::new(RecordingSink::default());
    let mut names = Vec::new();
    with_mode(Float64Mode::Off, &sink, || {
        for d in [DType::Float64, DType::Float32, DType::Int32] {
            let h = Array::from_vec(v.to_vec(), &[2, 4]).unwrap().astype(d);
            let a = h.to_device(Device::Npu(0)).unwrap();
            let same = |got: Array, want: Array, what: &str| {
                assert_eq!(
                    format!("{:?}", host(&got).to_scalars()),
                    format!("{:?}", want.to_scalars()),
                    "{what} {d:?}"
                );
            };
            // m[:, [3, 0, 3]]: a gather by storage offsets.
            let cols = Array::from_vec(vec![3i64, 0, 3], &[3]).unwrap();
            let all = Index::Slice {
                start: None,
                stop: None,
                step: None,
            };
            let idx = [all, Index::IntArray(cols)];
            same(
                ops::get_index(&a, &idx).unwrap(),
                ops::get_index(&h, &idx).unwrap(),
                "getitem",
            );
            let three = Array::from_vec(vec![3.0f64, 3.0, -3.0, 2.0], &[4])
                .unwrap()
                .astype(d);
            let row = |x: &Array| x.index_axis(0, 1).unwrap();
            let t = three.to_device(Device::Npu(0)).unwrap();
            for op in [BinaryOp::Remainder, BinaryOp::FloorDivide, BinaryOp::Power] {
                if op == BinaryOp::Power && d == DType::Int32 {
                    continue; // integer powers run on the host (NumPy's negative-exponent error)
                }
                same(
                    ops::binary(op, &row(&a), &t).unwrap(),
                    ops::binary(op, &row(&h), &three).unwrap(),
                    op.name(),
                );
            }
            if d != DType::Int32 {
                same(
                    ops::unary(UnaryOp::Rint, &a).unwrap(),
                    ops::unary(UnaryOp::Rint, &h).unwrap(),
                    "rint",
                );
            }
            same(
                ops::unary(UnaryOp::LogicalNot, &a).unwrap(),
                ops::unary(UnaryOp::LogicalNot, &h).unwrap(),
                "logical_not",
            );
            for r in [ReduceOp::Argmax, ReduceOp::Argmin, ReduceOp::Cumsum] {
                for axis in [None, Some(vec![1isize])] {
                    let opts = ReduceOpts {
                        axes: axis.clone(),
                        ..ReduceOpts::default()
                    };
                    same(
                        ops::reduce(r, &a, &opts).unwrap(),
                        ops::reduce(r, &h, &opts).unwrap(),
                        r.name(),
                    );
                }
            }
        }
    });
    for r in sink.records().iter().filter(|r| r.device.is_npu()) {
        assert_eq!(r.how, ExecKind::Native, "{r:?}");
        names.push(r.aclnn.unwrap_or(""));
    }
    for want in [
        "aclnnIndexSelect",
        "aclnnRemainderTensorTensor",
        "aclnnFloorDivide",
        "aclnnPowTensorTensor",
        "aclnnRound",
        "aclnnLogicalNot",
        "aclnnArgMax",
        "aclnnArgMin",
        "aclnnCumsum",
    ] {
        assert!(names.contains(&want), "{want} not used: {names:?}");
    }
}

/// Verification re-runs each aclnn op on the cpu from copies taken before
/// the call: copy_into and put compare the written buffer, nothing is
/// written twice, and neither op counts nor bytes moved change.
#[test]
fn verification_compares_without_side_effects_or_counts() {
    use xpush_npu::device::Router;
    use xpush_npu::ops::Backend;
    use xpush_npu::verify::{VerifyLog, VerifySink};
    let _serial = setup(Device::Npu(0));
    let log = Arc::new(VerifyLog::default());
    let run = |verify: bool| {
        let a = arr_f32(&[1.0, 2.0, 3.0, 4.0], &[4], Device::Npu(0));
        let b = arr_f32(&[0.5; 4], &[4], Device::Npu(0));
        let ctx = DispatchContext {
            verify: verify.then(|| log.clone() as Arc<dyn VerifySink>),
            ..Default::default()
        };
        ops::reset_stats();
        let (h0, d0) = xpush_npu::device::bytes_moved();
        ops::with_context(ctx, || {
            let s = ops::binary(BinaryOp::Add, &a, &b).unwrap();
            Router.copy_into(&s, &a).unwrap();
            let v = arr_f32(&[9.0, 8.0], &[2], Device::Npu(0));
            Router.put(&a, &[0, 2], &v).unwrap();
        });
        let (h1, d1) = xpush_npu::device::bytes_moved();
        let values = host(&a).to_vec::<f32>().unwrap();
        (values, ops::stats(), h1 - h0, d1 - d0)
    };
    let plain = run(false);
    let verified = run(true);
    assert_eq!(plain.0, vec![9.0, 2.5, 8.0, 4.5]);
    assert_eq!(verified, plain);
    let ops: Vec<(String, u64, u64)> = log
        .summary()
        .iter()
        .map(|s| (s.op.to_string(), s.calls, s.failures))
        .collect();
    let aclnn = plain.1.aclnn();
    assert_eq!(
        ops.iter().map(|o| o.1).sum::<u64>(),
        aclnn,
        "every aclnn op verified once: {ops:?}"
    );
    assert!(ops.iter().all(|o| o.2 == 0), "{ops:?}");
    // (setitem runs as a host fallback on acl-sim: not re-run.)
    for name in ["add", "copy"] {
        assert!(
            ops.iter().any(|o| o.0 == name),
            "{name} not verified: {ops:?}"
        );
    }
}

/// The real part of a complex NPU array runs through aclnnReal (complex128
/// natively under `off`); of a real array it is a copy on the device.
/// The real and imaginary parts run on the NPU: aclnnReal of a complex
/// array, a copy for the real part of a real one; the imaginary part as a
/// copy of a float view of the complex buffer, and zeros (even where a
/// float is NaN or infinite) for a real array.
#[test]
fn real_and_imaginary_parts_run_on_the_npu() {
    use num_complex::Complex64;
    let _serial = setup(Device::Npu(0));
    let z = Array::from_vec(
        vec![
            Complex64::new(1.5, -2.0),
            Complex64::new(-0.25, 3.0),
            Complex64::new(f64::INFINITY, f64::NAN),
        ],
        &[3],
    )
    .unwrap();
    let sink = Arc::new(RecordingSink::default());
    with_mode(Float64Mode::Off, &sink, || {
        for d in [
            DType::Complex128,
            DType::Complex64,
            DType::Float64,
            DType::Int32,
        ] {
            let h = z.astype(d);
            let a = h.to_device(Device::Npu(0)).unwrap();
            // A strided view too: every other element.
            let (hv, av) = (
                h.slice_axis(0, None, None, 2).unwrap(),
                a.slice_axis(0, None, None, 2).unwrap(),
            );
            for op in [UnaryOp::Real, UnaryOp::Imag] {
                for (x, y) in [(&a, &h), (&av, &hv)] {
                    let got = ops::unary(op, x).unwrap();
                    let want = ops::unary(op, y).unwrap();
                    assert_eq!(got.dtype(), want.dtype());
                    assert_eq!(
                        format!("{:?}", host(&got).to_scalars()),
                        format!("{:?}", want.to_scalars()),
                        "{} {d:?}",
                        op.name()
                    );
                }
            }
        }
    });
    let r = sink.records();
    let npu: Vec<_> = r.iter().filter(|r| r.device.is_npu()).collect();
    assert_eq!(npu.len(), 16, "{r:?}");
    for r in npu {
        // The real part of an integer array runs on the host (aclnnReal's
        // list has no integers).
        let want = if r.op == "real" && r.dtype == DType::Int32 {
            ExecKind::HostFallback
        } else {
            ExecKind::Native
        };
        assert_eq!(r.how, want, "{r:?}");
        assert!(
            matches!(r.aclnn, Some("aclnnReal") | Some("aclnnInplaceCopy")),
            "{r:?}"
        );
    }
}

/// Advanced-index writes (aclnnIndexPutImpl), products (aclnnProd,
/// aclnnProdDim) and integer and bool matmul (composed of aclnnMul and a
/// reduction, as aclnnMatmul takes floats only) run through aclnn with
/// the cpu's results; repeated write indices run on the host, where the
/// last write wins as in NumPy.
#[test]
fn scatter_products_and_integer_matmul_run_natively() {
    use xpush_npu::ops::Index;
    let _serial = setup(Device::Npu(0));
    let npu = |h: &Array| h.to_device(Device::Npu(0)).unwrap();
    let same = |got: &Array, want: &Array, what: &str| {
        assert_eq!(got.dtype(), want.dtype(), "{what}");
        assert_eq!(got.shape(), want.shape(), "{what}");
        assert_eq!(
            format!("{:?}", host(got).to_scalars()),
            format!("{:?}", want.to_scalars()),
            "{what}"
        );
    };
    let v: Vec<f64> = (0..12).map(|i| f64::from(i) * 1.5 - 4.0).collect();
    let sink = Arc::new(RecordingSink::default());
    with_mode(Float64Mode::Off, &sink, || {
        for d in [DType::Float64, DType::Float32, DType::Int32, DType::Bool] {
            let h = Array::from_vec(v.clone(), &[3, 4]).unwrap().astype(d);
            let a = npu(&h);
            // a[[2, 0]] = rows, and a[:, [3, 1]] = a broadcast scalar.
            let rows = Array::from_vec(vec![2i64, 0], &[2]).unwrap();
            let vals = Array::from_vec((0..8).map(f64::from).collect(), &[2, 4])
                .unwrap()
                .astype(d);
            let idx = [Index::IntArray(rows)];
            ops::set_index(&h, &idx, Operand::Array(&vals)).unwrap();
            ops::set_index(&a, &idx, Operand::Array(&npu(&vals))).unwrap();
            let cols = [
                Index::Slice {
                    start: None,
                    stop: None,
                    step: None,
                },
                Index::IntArray(Array::from_vec(vec![3i64, 1], &[2]).unwrap()),
            ];
            ops::set_index(&h, &cols, Operand::PyInt(1)).unwrap();
            ops::set_index(&a, &cols, Operand::PyInt(1)).unwrap();
            same(&a, &h, &format!("setitem {d:?}"));
            for axes in [None, Some(vec![0isize]), Some(vec![-1])] {
                let opts = ReduceOpts {
                    axes,
                    ..ReduceOpts::default()
                };
                same(
                    &ops::reduce(ReduceOp::Prod, &a, &opts).unwrap(),
                    &ops::reduce(ReduceOp::Prod, &h, &opts).unwrap(),
                    &format!("prod {d:?}"),
                );
            }
            if d.is_inexact() {
                continue; // float matmul is aclnnMatmul (float64 raises under off)
            }
            let m = h.reshape(&[4, 3]).unwrap();
            same(
                &ops::linalg::matmul(&a, &npu(&m)).unwrap(),
                &ops::linalg::matmul(&h, &m).unwrap(),
                &format!("matmul {d:?}"),
            );
        }
        // int8 products wrap as NumPy's loop: 100 * 3 + 100 * 2 = 500 -> -12.
        let x = Array::from_vec(vec![100i8, 100], &[1, 2]).unwrap();
        let y = Array::from_vec(vec![3i8, 2], &[2, 1]).unwrap();
        let want = ops::linalg::matmul(&x, &y).unwrap();
        assert_eq!(want.to_scalars()[0].as_f64(), -12.0);
        same(
            &ops::linalg::matmul(&npu(&x), &npu(&y)).unwrap(),
            &want,
            "int8 matmul",
        );
    });
    let recs = sink.records();
    let on_npu: Vec<_> = recs.iter().filter(|r| r.device.is_npu()).collect();
    assert!(
        on_npu.iter().all(|r| r.how == ExecKind::Native),
        "{on_npu:?}"
    );
    let names: Vec<&str> = on_npu.iter().filter_map(|r| r.aclnn).collect();
    for want in [
        "aclnnIndexPutImpl",
        "aclnnProd",
        "aclnnMul",
        "aclnnReduceSum",
    ] {
        assert!(names.contains(&want), "{want} not used: {names:?}");
    }
    // Repeated indices: the host writes them in order.
    let sink = Arc::new(RecordingSink::default());
    with_mode(Float64Mode::Off, &sink, || {
        let a = npu(&Array::from_vec(vec![0i64; 3], &[3]).unwrap());
        let idx = [Index::IntArray(
            Array::from_vec(vec![1i64, 1], &[2]).unwrap(),
        )];
        let vals = npu(&Array::from_vec(vec![5i64, 6], &[2]).unwrap());
        ops::set_index(&a, &idx, Operand::Array(&vals)).unwrap();
        assert_eq!(
            format!("{:?}", host(&a).to_scalars()),
            format!(
                "{:?}",
                Array::from_vec(vec![0i64, 6, 0], &[3])
                    .unwrap()
                    .to_scalars()
            )
        );
    });
    assert!(
        sink.records()
            .iter()
            .any(|r| r.op == "setitem" && r.how == ExecKind::HostFallback),
        "{:?}",
        sink.records()
    );
}
