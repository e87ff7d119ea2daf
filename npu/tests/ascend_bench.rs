#![allow(clippy::print_stderr)] // a benchmark and a skip notice report on stderr
//! Micro-benchmark of the host-side cost of one op through the FFI path
//! (the executor cache or descriptors and phase 1, workspace from the
//! pool, phase 2), with the executor cache on and off,
//! against acl-sim, with the kernel excluded (the sim runs kernels at
//! synchronize, outside the timed loop). Not a timed assertion:
//!
//!     cargo test -p xpush-npu --release --test ascend_bench -- --ignored --nocapture

mod ascend_support;

use std::time::Instant;

use xpush_npu::ascend::exec::{HostScalar, IntArray};
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::DeviceArray;
use xpush_npu::{Array, DType};

#[test]
#[ignore]
fn host_cost_of_one_op() {
    let dev = ascend_support::sim_device();
    let a = Array::from_vec(vec![1.0f32; 1024], &[32, 32]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let out = DeviceArray::empty(&dev, &[32, 32], DType::Float32).unwrap();
    let sum = DeviceArray::empty(&dev, &[32], DType::Float32).unwrap();
    dev.synchronize().unwrap();
    let (batches, per) = (50, 1000);
    let dt = xpush_npu::ascend::tensor::acl_dtype(DType::Float32);
    for cache in [false, true] {
        dev.exec_cache().set_enabled(cache).unwrap();
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
                    let p = if label.starts_with("reduce") {
                        phase1::reduce_sum(&dev, &da, IntArray(&[1]), false, dt, &sum)
                    } else {
                        phase1::add(&dev, &da, &da, HostScalar::new(1.0f32), &out)
                    };
                    dev.launch(p.unwrap()).unwrap();
                }
                best = best.min(t.elapsed().as_secs_f64() / per as f64);
                dev.drain_timings().unwrap(); // runs the kernels, untimed
            }
            let on = if cache { "cache on" } else { "cache off" };
            eprintln!(
                "host cost per op ({label}, {on}): {:.2} us (best batch of {per})",
                best * 1e6
            );
        }
    }
    dev.set_timing(false);
}
