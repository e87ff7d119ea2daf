//! Every op of a small-array loop is still counted and profiled on the
//! cpu device: the dispatch seam's cheap path for cpu operands (atomic
//! counters, no context lock without a sink, borrowed inputs) must not
//! lose ops. One test in its own process, since the counters are
//! process-wide.

use std::sync::Arc;

use xpush_npu::device::{host_runs, stats};
use xpush_npu::ops::{self, BinaryOp, DispatchContext, ExecKind, Operand, RecordingSink, UnaryOp};
use xpush_npu::{Array, DType};

/// `x = x * 1.0001 + 0.5`, `n` times, on a ten-element float64 array;
/// the result's first element.
fn small_loop(n: usize) -> f64 {
    let mut x = Array::ones(&[10], DType::Float64);
    for _ in 0..n {
        let y = ops::binary_op(
            BinaryOp::Multiply,
            Operand::Array(&x),
            Operand::PyFloat(1.0001),
        )
        .unwrap();
        x = ops::binary_op(BinaryOp::Add, Operand::Array(&y), Operand::PyFloat(0.5)).unwrap();
    }
    x.to_vec::<f64>().unwrap()[0]
}

#[test]
fn small_array_ops_are_all_counted_and_profiled() {
    ops::reset_stats();
    // Without a sink: counted in the process stats, by op.
    let v = small_loop(300);
    let mut want = 1.0f64;
    for _ in 0..300 {
        want = want * 1.0001 + 0.5;
    }
    assert_eq!(v, want, "NumPy's float64 arithmetic, step by step");
    assert_eq!(stats().cpu, 600);
    assert_eq!(
        host_runs(ExecKind::Cpu),
        vec![("add", 300), ("multiply", 300)]
    );

    // With a sink in a scoped context: every op recorded, as cpu.
    let sink = Arc::new(RecordingSink::default());
    let ctx = DispatchContext {
        sink: Some(sink.clone()),
        ..Default::default()
    };
    ops::with_context(ctx, || small_loop(50));
    let records = sink.records();
    assert_eq!(records.len(), 100);
    assert!(records.iter().all(|r| r.how == ExecKind::Cpu));
    assert_eq!(
        records.iter().filter(|r| r.op == "multiply").count(),
        50,
        "{records:?}"
    );

    // With a process-wide sink (what `:profile on` sets).
    let global = Arc::new(RecordingSink::default());
    ops::set_context(DispatchContext {
        sink: Some(global.clone()),
        ..Default::default()
    });
    ops::unary(UnaryOp::Negative, &Array::ones(&[3], DType::Float32)).unwrap();
    small_loop(5);
    ops::set_context(DispatchContext::default());
    small_loop(5);
    assert_eq!(
        global.records().len(),
        11,
        "ops after the sink is removed go unrecorded"
    );
    assert_eq!(stats().cpu, 600 + 100 + 11 + 10);
    assert_eq!(
        host_runs(ExecKind::Cpu),
        vec![("add", 360), ("multiply", 360), ("negative", 1)]
    );
    ops::reset_stats();
    assert_eq!(stats().cpu, 0);
    assert!(host_runs(ExecKind::Cpu).is_empty());
}
