#![allow(clippy::print_stderr)] // a benchmark and a skip notice report on stderr
//! Micro-benchmark of the host-side cost of one op through the FFI path
//! (descriptors, the two-phase call, workspace from the pool, launch)
//! against acl-sim, with the kernel excluded (the sim runs kernels at
//! synchronize, outside the timed loop). Not a timed assertion:
//!
//!     cargo test -p xpush-npu --release --test ascend_bench -- --ignored --nocapture

mod ascend_support;

use std::time::Instant;

use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::safe::ScalarDesc;
use xpush_npu::ascend::DeviceArray;
use xpush_npu::{Array, DType};

#[test]
#[ignore]
fn host_cost_of_one_op() {
    let dev = ascend_support::sim_device();
    let lib = dev.lib();
    let a = Array::from_vec(vec![1.0f32; 1024], &[32, 32]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let out = DeviceArray::empty(&dev, &[32, 32], DType::Float32).unwrap();
    let sum = DeviceArray::empty(&dev, &[32], DType::Float32).unwrap();
    dev.synchronize().unwrap();
    let (batches, per) = (50, 1000);
    for (label, timing) in [
        ("add", false),
        ("add + events", true),
        ("reduce_sum (workspace)", false),
    ] {
        dev.set_timing(timing);
        let mut best = f64::MAX;
        for _ in 0..batches {
            let t = Instant::now();
            for _ in 0..per {
                let (x, o) = (da.desc(&dev).unwrap(), out.desc(&dev).unwrap());
                if label.starts_with("reduce") {
                    let axes = xpush_npu::ascend::safe::IntArrayDesc::new(lib, &[1]).unwrap();
                    let s = sum.desc(&dev).unwrap();
                    let dt = xpush_npu::ascend::tensor::acl_dtype(DType::Float32);
                    dev.launch(phase1::reduce_sum(lib, &x, &axes, false, dt, &s).unwrap())
                        .unwrap();
                } else {
                    let one = ScalarDesc::new(lib, 1.0f32).unwrap();
                    dev.launch(phase1::add(lib, &x, &x, &one, &o).unwrap())
                        .unwrap();
                }
            }
            best = best.min(t.elapsed().as_secs_f64() / per as f64);
            dev.drain_timings().unwrap(); // runs the kernels, untimed
        }
        eprintln!(
            "host cost per op ({label}): {:.2} us (best batch of {per})",
            best * 1e6
        );
    }
    dev.set_timing(false);
}
