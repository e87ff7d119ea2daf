//! `npu::ops::linalg` against NumPy: every case of
//! `tests/data/linalg.tsv` (written by `gen_linalg.py`) is run and its
//! dtype, shape and values (or error class and message) compared.
//!
//! Tolerances (see `linalg_common::close`): matmul-like functions to
//! `rtol` of the dtype (float64 `1e-9`, float32 `2e-4`, float16 `2e-2`,
//! integers and bool exact) relative to each value plus the array's
//! largest value; factorisations and solvers 50 times that (LAPACK and
//! faer round differently, amplified by the condition number).
//!
//! Normalisation before comparing (applied to NumPy's and npu's outputs
//! alike): eigenvalues of `eig`/`eigvals` are sorted (real part, then
//! imaginary, rounded to 1e-6) with their vectors; eigenvector columns
//! (`eig`, `eigh`) are divided by the phase of their largest entry; SVD
//! `U` columns get the same treatment and the phase moves to `Vh`'s row;
//! QR's `R` rows are scaled so that the diagonal is real non-negative,
//! the phase moving to `Q`'s columns, and a complete `Q` is compared on
//! its first `min(m, n)` columns only.

mod linalg_common;

use linalg_common::{
    list, normalize_cols, normalize_qr, normalize_svd, run_table, sort_eig, Case, Val,
};
use xpush_npu::ops::linalg::{self as la, NormOrd, QrMode, TensordotAxes};
use xpush_npu::{Array, Result};

fn ord(s: Option<&str>) -> Option<NormOrd> {
    match s {
        None | Some("None") => None,
        Some("fro") => Some(NormOrd::Fro),
        Some("nuc") => Some(NormOrd::Nuc),
        Some(x) => Some(NormOrd::P(x.parse().expect("ord"))),
    }
}

fn run(c: &Case) -> Result<Vec<Array>> {
    let i = &c.inputs;
    let one = |r: Result<Array>| r.map(|a| vec![a]);
    match c.func.as_str() {
        "matmul" => one(la::matmul(&i[0], &i[1])),
        "dot" => one(la::dot(&i[0], &i[1])),
        "vdot" => one(la::vdot(&i[0], &i[1])),
        "inner" => one(la::inner(&i[0], &i[1])),
        "outer" => one(la::outer(&i[0], &i[1])),
        "kron" => one(la::kron(&i[0], &i[1])),
        "tensordot" => {
            let ax = c.arg("axes").unwrap_or("2");
            let axes = match ax.split_once('/') {
                Some((a, b)) => TensordotAxes::Pair(
                    list(Some(a)).unwrap_or_default(),
                    list(Some(b)).unwrap_or_default(),
                ),
                None => TensordotAxes::N(ax.parse().expect("axes")),
            };
            one(la::tensordot(&i[0], &i[1], &axes))
        }
        "einsum" => one(la::einsum(c.arg("spec").unwrap_or(""), i)),
        "matrix_transpose" => one(la::matrix_transpose(&i[0])),
        "multi_dot" => one(la::multi_dot(i)),
        "matrix_power" => one(la::matrix_power(
            &i[0],
            c.arg("n").unwrap_or("1").parse().expect("n"),
        )),
        "norm" => {
            let axis: Option<Vec<isize>> = list(c.arg("axis"));
            let kd = c.arg("keepdims") == Some("1");
            one(la::norm(&i[0], ord(c.arg("ord")), axis.as_deref(), kd))
        }
        "det" => one(la::det(&i[0])),
        "slogdet" => la::slogdet(&i[0]).map(|(a, b)| vec![a, b]),
        "inv" => one(la::inv(&i[0])),
        "solve" => one(la::solve(&i[0], &i[1])),
        "cholesky" => one(la::cholesky(&i[0], c.arg("upper") == Some("1"))),
        "qr" => la::qr(&i[0], QrMode::parse(c.arg("mode").unwrap_or("reduced"))?),
        "svd" => la::svd(&i[0], c.arg("full") == Some("1"), c.arg("uv") == Some("1")),
        "eig" => la::eig(&i[0]).map(|(a, b)| vec![a, b]),
        "eigvals" => one(la::eigvals(&i[0])),
        "eigh" => la::eigh(&i[0], c.arg("UPLO").unwrap_or("L")).map(|(a, b)| vec![a, b]),
        "eigvalsh" => one(la::eigvalsh(&i[0], c.arg("UPLO").unwrap_or("L"))),
        "lstsq" => {
            let rcond = c.arg("rcond").and_then(|r| r.parse().ok());
            la::lstsq(&i[0], &i[1], rcond).map(|(a, b, r, s)| vec![a, b, r, s])
        }
        "pinv" => one(la::pinv(&i[0], None)),
        "matrix_rank" => one(la::matrix_rank(&i[0], None)),
        "cond" => one(la::cond(&i[0], ord(c.arg("p")))),
        f => panic!("unknown function {f}"),
    }
}

fn norm(func: &str, v: &mut [Val]) {
    match func {
        "eig" if v.len() == 2 => {
            let (w, rest) = v.split_at_mut(1);
            sort_eig(&mut w[0], Some(&mut rest[0]));
            normalize_cols(&mut rest[0]);
        }
        "eigvals" => sort_eig(&mut v[0], None),
        "eigh" if v.len() == 2 => normalize_cols(&mut v[1]),
        "svd" if v.len() == 3 => {
            let (u, rest) = v.split_at_mut(1);
            normalize_svd(&mut u[0], &mut rest[1]);
        }
        "qr" if v.len() == 2 => {
            let (q, r) = v.split_at_mut(1);
            normalize_qr(Some(&mut q[0]), &mut r[0]);
        }
        "qr" if v.len() == 1 => normalize_qr(None, &mut v[0]),
        _ => {}
    }
}

fn slack(c: &Case) -> f64 {
    match c.func.as_str() {
        "matmul" | "dot" | "vdot" | "inner" | "outer" | "kron" | "tensordot" | "einsum"
        | "matrix_transpose" | "multi_dot" | "norm" => 1.0,
        _ => 50.0,
    }
}

#[test]
fn linalg_matches_numpy() {
    let counts = run_table("linalg.tsv", &run, &norm, &slack, &|f| f != "einsum");
    assert!(counts.len() >= 27, "functions covered: {counts:?}");
}
