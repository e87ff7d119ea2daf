//! The cpu memory pool: a repeated `c = a + b` on 10M float32 elements
//! must reuse the result buffer instead of faulting in 40 MB of fresh
//! pages per iteration. Minor faults are read from `/proc/self/stat`
//! (Linux); elsewhere the test only checks the results.

use xpush_npu::ops::{self, BinaryOp};
use xpush_npu::{Array, DType};

fn minor_faults() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; minflt is field 10.
    let rest = &s[s.rfind(')')? + 2..];
    rest.split_whitespace().nth(7)?.parse().ok()
}

#[test]
fn repeated_add_reuses_buffers() {
    let n = 10_000_000;
    let a = Array::ones(&[n], DType::Float32);
    let b = Array::ones(&[n], DType::Float32);
    let mut c = ops::binary(BinaryOp::Add, &a, &b).unwrap();
    c = ops::binary(BinaryOp::Add, &a, &c).unwrap();
    let before = minor_faults();
    let iters = 10;
    for _ in 0..iters {
        c = ops::binary(BinaryOp::Add, &a, &b).unwrap();
    }
    let after = minor_faults();
    assert_eq!(c.get(&[n as isize - 1]).unwrap().as_f64(), 2.0);
    if let (Some(x), Some(y)) = (before, after) {
        let per_iter = (y - x) / iters;
        // 40 MB of fresh 4 KiB pages would be ~9,800 faults per iteration.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("minor faults per `c = a + b` (10M float32): {per_iter}");
        }
        assert!(per_iter < 1000, "{per_iter} minor faults per iteration");
    }
}
