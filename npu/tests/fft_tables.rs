//! `npu::ops::fft` against NumPy: every case of `tests/data/fft.tsv`
//! (written by `gen_linalg.py`) is run and its dtype, shape and values
//! (or error class and message) compared, the values exactly (no slack:
//! the cpu kernels are a port of NumPy's pocketfft, run in the precision
//! NumPy's ufunc loops pick, so every dtype's results are NumPy's bits).

mod linalg_common;

use linalg_common::{list, run_table, Case, Val};
use xpush_npu::ops::fft as f;
use xpush_npu::{Array, Result};

fn run(c: &Case) -> Result<Vec<Array>> {
    let i = &c.inputs;
    let norm = match c.arg("norm") {
        None | Some("None") => None,
        Some(x) => Some(x),
    };
    let n: Option<i64> = c.arg("n").map(|x| x.parse().expect("n"));
    let axis: isize = c.arg("axis").map_or(-1, |x| x.parse().expect("axis"));
    let s: Option<Vec<i64>> = list(c.arg("s"));
    let axes: Option<Vec<isize>> = list(c.arg("axes"));
    let (s, axes) = (s.as_deref(), axes.as_deref());
    let d: f64 = c.arg("d").map_or(1.0, |x| x.parse().expect("d"));
    let r = match c.func.as_str() {
        "fft" => f::fft(&i[0], n, axis, norm),
        "ifft" => f::ifft(&i[0], n, axis, norm),
        "rfft" => f::rfft(&i[0], n, axis, norm),
        "irfft" => f::irfft(&i[0], n, axis, norm),
        "hfft" => f::hfft(&i[0], n, axis, norm),
        "ihfft" => f::ihfft(&i[0], n, axis, norm),
        "fftn" => f::fftn(&i[0], s, axes, norm),
        "ifftn" => f::ifftn(&i[0], s, axes, norm),
        "rfftn" => f::rfftn(&i[0], s, axes, norm),
        "irfftn" => f::irfftn(&i[0], s, axes, norm),
        "fft2" => f::fft2(&i[0], s, axes, norm),
        "ifft2" => f::ifft2(&i[0], s, axes, norm),
        "rfft2" => f::rfft2(&i[0], s, axes, norm),
        "irfft2" => f::irfft2(&i[0], s, axes, norm),
        "fftfreq" => f::fftfreq(n.unwrap_or(1), d),
        "rfftfreq" => f::rfftfreq(n.unwrap_or(1), d),
        "fftshift" => f::fftshift(&i[0], axes),
        "ifftshift" => f::ifftshift(&i[0], axes),
        x => panic!("unknown function {x}"),
    };
    r.map(|a| vec![a])
}

#[test]
fn fft_matches_numpy() {
    let counts = run_table(
        "fft.tsv",
        &run,
        &|_: &str, _: &mut [Val]| {},
        &|_| 0.0,
        &|_| true,
    );
    assert_eq!(counts.len(), 18, "functions covered: {counts:?}");
}
