//! Fused elementwise chains on the npu through acl-sim: a chain runs as
//! one dispatch whose launches use aclnn's fused ops (`aclnnAdd` with
//! alpha, `aclnnAddcmul`, `aclnnAddcdiv`), gives the bits of the same
//! chain evaluated operator by operator, follows the float64 modes, and
//! passes `:verify` against the cpu pass.

mod ascend_support;

use std::sync::Arc;

use xpush_npu::device::Device;
use xpush_npu::ops::{
    self, BinaryOp as B, ChainStep as S, DispatchContext, ExecKind, Float64Mode, Operand,
    RecordingSink, UnaryOp as U,
};
use xpush_npu::verify::VerifyLog;
use xpush_npu::{Array, DType, ToDevice};

/// The tests share one device and its executor counters.
fn setup() -> std::sync::MutexGuard<'static, ()> {
    let (guard, dev) = ascend_support::sim_device_alone();
    dev.exec_cache().set_enabled(true).unwrap();
    dev.exec_cache().clear();
    dev.exec_cache().reset_stats();
    guard
}

/// The aclnn ops launched since [`setup`], by name.
fn launched() -> Vec<&'static str> {
    let dev = ascend_support::sim_device();
    let mut v: Vec<&str> = dev
        .exec_cache()
        .stats()
        .per_op
        .iter()
        .map(|(op, ..)| *op)
        .collect();
    v.sort();
    v
}

/// Values with every awkward case: signed zeros, infinities, NaN, tiny
/// and huge magnitudes, and ordinary numbers with long mantissas.
fn values(k: usize, n: usize) -> Vec<f64> {
    let special = [
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e-40,
        -3e38,
        1e300,
    ];
    (0..n)
        .map(|i| {
            if i % 37 == k {
                special[(i / 37 + k) % special.len()]
            } else {
                ((i * 7919 + k * 104729) % 2003) as f64 / 97.0 - 10.3 + k as f64 / 3.0
            }
        })
        .collect()
}

fn arrays(d: DType, dev: Device, count: usize) -> Vec<Array> {
    (0..count)
        .map(|k| {
            Array::from_vec(values(k, 301), &[7, 43])
                .unwrap()
                .astype(d)
                .to_device(dev)
                .unwrap()
        })
        .collect()
}

/// The chain evaluated operator by operator with the dispatch functions
/// the interpreter's unfused path calls.
fn unfused(steps: &[S], ins: &[Array]) -> Array {
    enum V {
        A(Array),
        N(f64, bool),
    }
    fn operand(v: &V) -> Operand<'_> {
        match v {
            V::A(a) => Operand::Array(a),
            V::N(x, true) => Operand::PyInt(*x as i128),
            V::N(x, false) => Operand::PyFloat(*x),
        }
    }
    let mut stack: Vec<V> = Vec::new();
    for s in steps {
        let v = match *s {
            S::Input(i) => V::A(ins[i].clone()),
            S::Number(x, int) => V::N(x, int),
            S::Unary(op) => match stack.pop().unwrap() {
                V::A(a) => V::A(ops::unary(op, &a).unwrap()),
                V::N(x, int) if op == U::Negative => V::N(-x, int),
                V::N(..) => panic!("a unary op of a number"),
            },
            S::Binary(op) => {
                let y = stack.pop().unwrap();
                let x = stack.pop().unwrap();
                V::A(ops::binary_op(op, operand(&x), operand(&y)).unwrap())
            }
            S::Compare(_) | S::Where => panic!("these chains have no np.where"),
        };
        stack.push(v);
    }
    match stack.pop() {
        Some(V::A(a)) => a,
        _ => panic!("a chain of numbers"),
    }
}

fn bits(a: &Array) -> Vec<u64> {
    let h = a.to_device(Device::Cpu).unwrap().astype(DType::Float64);
    h.to_vec::<f64>()
        .unwrap()
        .iter()
        .map(|x| if x.is_nan() { u64::MAX } else { x.to_bits() })
        .collect()
}

fn with_mode<R>(mode: Float64Mode, sink: &Arc<RecordingSink>, f: impl FnOnce() -> R) -> R {
    let ctx = DispatchContext {
        float64: mode,
        sink: Some(sink.clone() as Arc<dyn ops::ProfileSink>),
        ..Default::default()
    };
    ops::with_context(ctx, f)
}

/// `a * 2.0 + b * 3.0 - 1.0`, the chain.
const AXPY: &[S] = &[
    S::Input(0),
    S::Number(2.0, false),
    S::Binary(B::Multiply),
    S::Input(1),
    S::Number(3.0, false),
    S::Binary(B::Multiply),
    S::Binary(B::Add),
    S::Number(1.0, false),
    S::Binary(B::Subtract),
];

/// The chains, with the launches each must make.
fn chains() -> Vec<(&'static str, Vec<S>, &'static str)> {
    vec![
        (
            "a*2.0 + b*3.0 - 1.0",
            AXPY.to_vec(),
            "aclnnMuls+aclnnAdd+aclnnSubs",
        ),
        (
            // c - 3 * a: an int constant, the alpha of aclnnSub.
            "c - 3*a",
            vec![
                S::Input(2),
                S::Number(3.0, true),
                S::Input(0),
                S::Binary(B::Multiply),
                S::Binary(B::Subtract),
            ],
            "aclnnSub",
        ),
        (
            "a*b + c",
            vec![
                S::Input(0),
                S::Input(1),
                S::Binary(B::Multiply),
                S::Input(2),
                S::Binary(B::Add),
            ],
            "aclnnAddcmul",
        ),
        (
            "c - a*b",
            vec![
                S::Input(2),
                S::Input(0),
                S::Input(1),
                S::Binary(B::Multiply),
                S::Binary(B::Subtract),
            ],
            "aclnnAddcmul",
        ),
        (
            "c - a/b",
            vec![
                S::Input(2),
                S::Input(0),
                S::Input(1),
                S::Binary(B::TrueDivide),
                S::Binary(B::Subtract),
            ],
            "aclnnAddcdiv",
        ),
        (
            "np.sqrt(a**2 + b**2)",
            vec![
                S::Input(0),
                S::Unary(U::Square),
                S::Input(1),
                S::Unary(U::Square),
                S::Binary(B::Add),
                S::Unary(U::Sqrt),
            ],
            "aclnnMul+aclnnAddcmul+aclnnSqrt",
        ),
        (
            // -(a / b) + np.abs(c) * -2.0
            "-(a/b) + np.abs(c) * -2.0",
            vec![
                S::Input(0),
                S::Input(1),
                S::Binary(B::TrueDivide),
                S::Unary(U::Negative),
                S::Input(2),
                S::Unary(U::Absolute),
                S::Number(2.0, false),
                S::Unary(U::Negative),
                S::Binary(B::Multiply),
                S::Binary(B::Add),
            ],
            "aclnnDiv+aclnnNeg+aclnnAbs+aclnnAdd",
        ),
    ]
}

/// Every chain on float32 and float64 (demoted, the default mode) is one
/// dispatch, launches its fused ops and gives the unfused bits.
#[test]
fn chains_launch_the_fused_ops_and_give_the_unfused_bits() {
    let _g = setup();
    let npu = Device::Npu(0);
    for d in [DType::Float32, DType::Float64] {
        let ins = arrays(d, npu, 3);
        let refs: Vec<&Array> = ins.iter().collect();
        for (what, steps, aclnn) in chains() {
            let sink = Arc::new(RecordingSink::default());
            let (got, nonfinite) = with_mode(Float64Mode::Float32, &sink, || {
                ops::fused_chain(&steps, &refs).unwrap()
            })
            .unwrap_or_else(|| panic!("{what} ({d}) did not fuse"));
            // NPU arrays raise no floating-point warnings.
            assert!(!nonfinite, "{what}");
            let r = sink.records();
            assert_eq!(r.len(), 1, "{what}: one op");
            assert!(r[0].op.starts_with("fused("), "{what}: {}", r[0].op);
            assert_eq!(r[0].aclnn, Some(aclnn), "{what}");
            let how = if d == DType::Float64 {
                ExecKind::Demoted
            } else {
                ExecKind::Native
            };
            assert_eq!(r[0].how, how, "{what}");
            assert_eq!(got.device(), npu);
            assert_eq!(got.dtype(), d, "{what}");
            let want = with_mode(Float64Mode::Float32, &sink, || unfused(&steps, &ins));
            assert_eq!(bits(&got), bits(&want), "{what} ({d})");
        }
    }
    let ops = launched();
    for op in ["aclnnAdd", "aclnnAddcdiv", "aclnnAddcmul", "aclnnSub"] {
        assert!(ops.contains(&op), "{op} not launched: {ops:?}");
    }
}

/// Under float64 mode `cpu` the chain runs on the host (the cpu pass),
/// under `off` natively in float64, both with the unfused bits.
#[test]
fn float64_modes_hold_for_the_whole_chain() {
    let _g = setup();
    let ins = arrays(DType::Float64, Device::Npu(0), 3);
    let refs: Vec<&Array> = ins.iter().collect();
    let host: Vec<Array> = ins
        .iter()
        .map(|a| a.to_device(Device::Cpu).unwrap())
        .collect();
    let want = unfused(AXPY, &host);
    for (mode, how) in [
        (Float64Mode::Cpu, ExecKind::HostFallback),
        (Float64Mode::Off, ExecKind::Native),
    ] {
        let sink = Arc::new(RecordingSink::default());
        let (got, _) = with_mode(mode, &sink, || ops::fused_chain(AXPY, &refs).unwrap()).unwrap();
        let r = sink.records();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].how, how, "{mode:?}");
        assert_eq!(got.dtype(), DType::Float64);
        assert_eq!(got.device(), Device::Npu(0));
        assert_eq!(bits(&got), bits(&want), "{mode:?}");
    }
}

/// A chain with no fused form, a chain over arrays of two shapes, and
/// chains mixing devices are left to the unfused evaluation.
#[test]
fn chains_without_a_fused_form_run_unfused() {
    let _g = setup();
    let ins = arrays(DType::Float32, Device::Npu(0), 2);
    let refs: Vec<&Array> = ins.iter().collect();
    // (a - b) * 2.0
    let plain = [
        S::Input(0),
        S::Input(1),
        S::Binary(B::Subtract),
        S::Number(2.0, false),
        S::Binary(B::Multiply),
    ];
    assert!(ops::fused_chain(&plain, &refs).unwrap().is_none());
    let cpu = ins[1].to_device(Device::Cpu).unwrap();
    assert!(ops::fused_chain(AXPY, &[&ins[0], &cpu]).unwrap().is_none());
    let other = ins[1].reshape(&[43, 7]).unwrap();
    assert!(ops::fused_chain(AXPY, &[&ins[0], &other])
        .unwrap()
        .is_none());
    // np.where(a > 0, a, b + 1.0): aclnn has no fused select.
    let select = [
        S::Input(0),
        S::Number(0.0, false),
        S::Compare(B::Greater),
        S::Input(0),
        S::Input(1),
        S::Number(1.0, false),
        S::Binary(B::Add),
        S::Where,
    ];
    assert!(ops::fused_chain(&select, &refs).unwrap().is_none());
}

/// `:verify` checks a fused chain as one op against the cpu pass, which
/// acl-sim's launches match exactly.
#[test]
fn verify_checks_the_chain_against_the_cpu_pass() {
    let _g = setup();
    let ins = arrays(DType::Float32, Device::Npu(0), 3);
    let refs: Vec<&Array> = ins.iter().collect();
    let log = Arc::new(VerifyLog::default());
    let ctx = DispatchContext {
        verify: Some(log.clone() as Arc<dyn xpush_npu::verify::VerifySink>),
        ..Default::default()
    };
    for (_, steps, _) in chains() {
        ops::with_context(ctx.clone(), || ops::fused_chain(&steps, &refs).unwrap()).unwrap();
    }
    let summary = log.summary();
    assert_eq!(summary.len(), chains().len(), "{summary:?}");
    assert!(summary.iter().all(|s| s.op.starts_with("fused(")));
    assert!(!log.any_failed(), "{:?}", log.take_failures());
    assert!(summary.iter().all(|s| s.worst_ulps == 0.0), "{summary:?}");
}
