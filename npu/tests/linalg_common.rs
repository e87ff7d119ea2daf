//! Helpers of the linalg and FFT table tests (`linalg_tables.rs`,
//! `fft_tables.rs`): the table format of `gen_linalg.py`, arrays as
//! complex values, tolerant comparison and the normalisations that make
//! LAPACK's and faer's non-unique outputs comparable.
#![allow(dead_code)]

use num_complex::Complex64;
use xpush_npu::{Array, DType, Error};

/// One row: function, args, input arrays, expected (arrays or an error).
pub struct Case {
    /// Line number (1-based) in the table.
    pub line: usize,
    /// NumPy function name.
    pub func: String,
    /// `key=value` arguments.
    pub args: Vec<(String, String)>,
    /// Inputs.
    pub inputs: Vec<Array>,
    /// Expected outputs or `Err("Class message")`.
    pub want: std::result::Result<Vec<Val>, String>,
}

impl Case {
    /// The argument `key`, if present.
    pub fn arg(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// An array as dtype, shape and complex values.
#[derive(Clone, Debug)]
pub struct Val {
    /// dtype name.
    pub dtype: String,
    /// Shape.
    pub shape: Vec<usize>,
    /// Values in C order.
    pub v: Vec<Complex64>,
}

fn parse_val(s: &str) -> Val {
    let (head, vals) = s.split_once('=').expect("array token");
    let (dt, shape) = head.split_once('[').expect("dtype[");
    let shape: Vec<usize> = shape
        .trim_end_matches(']')
        .split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().expect("dim"))
        .collect();
    let v = vals
        .split(' ')
        .filter(|x| !x.is_empty())
        .map(|x| match x.split_once(':') {
            Some((r, i)) => Complex64::new(r.parse().expect("re"), i.parse().expect("im")),
            None => Complex64::new(x.parse().expect("value"), 0.0),
        })
        .collect();
    Val {
        dtype: dt.to_string(),
        shape,
        v,
    }
}

/// A [`Val`] as an array of its dtype.
pub fn to_array(v: &Val) -> Array {
    let dt = DType::parse(&v.dtype).expect("dtype");
    let a = Array::from_vec(v.v.clone(), &v.shape).expect("array");
    if dt == DType::Bool {
        // complex -> bool is `!= 0`.
        return a.astype(DType::Bool);
    }
    a.astype(dt)
}

/// An array as a [`Val`].
pub fn from_array(a: &Array) -> Val {
    let v = a
        .astype(DType::Complex128)
        .to_vec::<Complex64>()
        .expect("vec");
    Val {
        dtype: a.dtype().name().to_string(),
        shape: a.shape().to_vec(),
        v,
    }
}

/// Reads a table written by `gen_linalg.py`.
pub fn read(name: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "{name}:{}: bad row", i + 1);
        let args = f[1]
            .split(';')
            .filter(|x| !x.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').expect("k=v");
                (k.to_string(), v.to_string())
            })
            .collect();
        let inputs = f[2]
            .split(" | ")
            .filter(|x| !x.is_empty())
            .map(|x| to_array(&parse_val(x)))
            .collect();
        let want = match f[3].strip_prefix("ERR ") {
            Some(e) => Err(e.to_string()),
            None => Ok(f[3].split(" | ").map(parse_val).collect()),
        };
        out.push(Case {
            line: i + 1,
            func: f[0].to_string(),
            args,
            inputs,
            want,
        });
    }
    out
}

/// `Class message` of an error.
pub fn err_str(e: &Error) -> String {
    format!("{} {}", e.kind().name(), e.msg())
}

/// Relative tolerance by dtype: float32/complex64 `2e-4`, float16
/// `2e-2`, float64/complex128 `1e-9`, exact for integers and bool. The
/// error allowed is `rtol * (|want| + max|want| * cond_slack)`, where
/// `cond_slack` is 1 for well-conditioned tables (results near zero are
/// compared against the array's scale, as LAPACK and faer round
/// differently).
pub fn close(dtype: &str, got: &[Complex64], want: &[Complex64], slack: f64) -> bool {
    let rtol = match dtype {
        "float32" | "complex64" => 2e-4,
        "float16" => 2e-2,
        "float64" | "complex128" => 1e-9,
        _ => 0.0,
    };
    let scale = want.iter().map(|x| x.norm()).fold(0.0f64, f64::max);
    got.len() == want.len()
        && got.iter().zip(want).all(|(g, w)| {
            if rtol == 0.0 {
                return g == w;
            }
            let same_nan = (g.re.is_nan() == w.re.is_nan()) && (g.im.is_nan() == w.im.is_nan());
            if !same_nan {
                return false;
            }
            let inf_eq = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
            if !w.re.is_finite() || !w.im.is_finite() {
                return inf_eq(g.re, w.re) && inf_eq(g.im, w.im);
            }
            (g - w).norm() <= rtol * slack * (w.norm() + scale)
        })
}

/// Compares outputs; returns a description of the first difference.
pub fn compare(got: &[Val], want: &[Val], slack: f64) -> Option<String> {
    if got.len() != want.len() {
        return Some(format!("{} outputs, want {}", got.len(), want.len()));
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if g.dtype != w.dtype || g.shape != w.shape {
            return Some(format!(
                "output {i}: {}{:?}, want {}{:?}",
                g.dtype, g.shape, w.dtype, w.shape
            ));
        }
        if !close(&w.dtype, &g.v, &w.v, slack) {
            return Some(format!(
                "output {i}: values differ\n  got  {:?}\n  want {:?}",
                &g.v[..g.v.len().min(12)],
                &w.v[..w.v.len().min(12)]
            ));
        }
    }
    None
}

/// The unit phase of `z` (1 for 0).
fn phase(z: Complex64) -> Complex64 {
    let n = z.norm();
    if n == 0.0 {
        Complex64::new(1.0, 0.0)
    } else {
        z / n
    }
}

/// The phase of the largest-magnitude entry of column `j` of the
/// `rows x cols` matrix at `base` (ties to the first, with a relative
/// margin so that rounding does not flip the choice).
fn col_phase(v: &[Complex64], base: usize, rows: usize, cols: usize, j: usize) -> Complex64 {
    let mut best = 0usize;
    let mut bm = -1.0;
    for i in 0..rows {
        let m = v[base + i * cols + j].norm();
        if m > bm * (1.0 + 1e-3) {
            bm = m;
            best = i;
        }
    }
    phase(v[base + best * cols + j])
}

/// Divides each column of each matrix of a stack by the phase of its
/// largest entry (eigenvectors are defined up to a unit factor).
pub fn normalize_cols(m: &mut Val) {
    let nd = m.shape.len();
    let (rows, cols) = (m.shape[nd - 2], m.shape[nd - 1]);
    let count = m.v.len().checked_div(rows * cols).unwrap_or(0);
    for b in 0..count {
        let base = b * rows * cols;
        for j in 0..cols {
            let p = col_phase(&m.v, base, rows, cols, j).conj();
            for i in 0..rows {
                m.v[base + i * cols + j] *= p;
            }
        }
    }
}

/// Orders the eigenvalues of each stack entry (by real, then imaginary
/// part, rounded) and the eigenvector columns with them.
pub fn sort_eig(w: &mut Val, v: Option<&mut Val>) {
    let n = *w.shape.last().unwrap_or(&0);
    let count = w.v.len().checked_div(n).unwrap_or(0);
    let mut perms = Vec::new();
    for b in 0..count {
        let ws = &w.v[b * n..(b + 1) * n];
        let key = |z: Complex64| ((z.re * 1e6).round() as i64, (z.im * 1e6).round() as i64);
        let mut idx: Vec<usize> = (0..n).collect();
        idx.sort_by_key(|&i| key(ws[i]));
        let sorted: Vec<Complex64> = idx.iter().map(|&i| ws[i]).collect();
        w.v[b * n..(b + 1) * n].copy_from_slice(&sorted);
        perms.push(idx);
    }
    if let Some(v) = v {
        for (b, idx) in perms.iter().enumerate() {
            let base = b * n * n;
            let old = v.v[base..base + n * n].to_vec();
            for i in 0..n {
                for (j, &src) in idx.iter().enumerate() {
                    v.v[base + i * n + j] = old[i * n + src];
                }
            }
        }
    }
}

/// SVD: makes the largest entry of each column of `U` real positive and
/// moves the phase onto the row of `Vh`.
pub fn normalize_svd(u: &mut Val, vh: &mut Val) {
    let nd = u.shape.len();
    let (m, ku) = (u.shape[nd - 2], u.shape[nd - 1]);
    let (kv, n) = (vh.shape[nd - 2], vh.shape[nd - 1]);
    let count = u.v.len().checked_div(m * ku).unwrap_or(0);
    let k = ku.min(kv);
    for b in 0..count {
        let (ub, vb) = (b * m * ku, b * kv * n);
        for j in 0..ku.min(kv) {
            let p = col_phase(&u.v, ub, m, ku, j);
            for i in 0..m {
                u.v[ub + i * ku + j] *= p.conj();
            }
            for c in 0..n {
                vh.v[vb + j * n + c] *= p;
            }
        }
    }
    // With full_matrices, columns of U (rows of Vh) past min(m, n) are
    // any orthonormal completion: compare the first min(m, n) only.
    let mut uo = Vec::new();
    let mut vo = Vec::new();
    for b in 0..count {
        let (ub, vb) = (b * m * ku, b * kv * n);
        for i in 0..m {
            uo.extend_from_slice(&u.v[ub + i * ku..ub + i * ku + k]);
        }
        vo.extend_from_slice(&vh.v[vb..vb + k * n]);
    }
    u.v = uo;
    u.shape[nd - 1] = k;
    vh.v = vo;
    vh.shape[nd - 2] = k;
}

/// QR: makes `R`'s diagonal real non-negative, moving the phase onto
/// `Q`'s columns; keeps only the first `k` columns of a complete `Q`
/// (the rest is any orthonormal completion).
pub fn normalize_qr(q: Option<&mut Val>, r: &mut Val) {
    let nd = r.shape.len();
    let (rr, n) = (r.shape[nd - 2], r.shape[nd - 1]);
    let count = r.v.len().checked_div(rr * n).unwrap_or(0);
    let k = rr.min(n);
    let mut phases = Vec::new();
    for b in 0..count {
        let rb = b * rr * n;
        let mut ps = Vec::new();
        for i in 0..k {
            let p = phase(r.v[rb + i * n + i]);
            for c in 0..n {
                r.v[rb + i * n + c] *= p.conj();
            }
            ps.push(p);
        }
        phases.push(ps);
    }
    if let Some(q) = q {
        let (m, qc) = (q.shape[nd - 2], q.shape[nd - 1]);
        let mut out = Vec::new();
        for (b, ps) in phases.iter().enumerate() {
            let qb = b * m * qc;
            for i in 0..m {
                for (j, p) in ps.iter().enumerate() {
                    out.push(q.v[qb + i * qc + j] * p);
                }
            }
        }
        q.v = out;
        q.shape[nd - 1] = k;
    }
}

/// Parses an optional list `a,b,c` (`None` for `"None"`).
pub fn list<T: std::str::FromStr>(s: Option<&str>) -> Option<Vec<T>>
where
    T::Err: std::fmt::Debug,
{
    match s {
        None | Some("None") => None,
        Some(s) => Some(
            s.split(',')
                .map(|x| x.parse().expect("list item"))
                .collect(),
        ),
    }
}

/// Runs every case through `run`, normalising outputs with `norm`;
/// panics with a summary of failures.
pub fn run_table(
    name: &str,
    run: &dyn Fn(&Case) -> xpush_npu::Result<Vec<Array>>,
    norm: &dyn Fn(&str, &mut [Val]),
    slack: &dyn Fn(&Case) -> f64,
    msg_exact: &dyn Fn(&str) -> bool,
) -> std::collections::BTreeMap<String, usize> {
    let cases = read(name);
    let mut fails = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for c in &cases {
        *counts.entry(c.func.clone()).or_insert(0) += 1;
        let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(c)));
        let got = match got {
            Ok(g) => g,
            Err(_) => {
                fails.push(format!("{name}:{} {}: PANIC", c.line, c.func));
                continue;
            }
        };
        match (&c.want, got) {
            (Err(w), Err(e)) => {
                let g = err_str(&e);
                let ok = if msg_exact(&c.func) {
                    &g == w
                } else {
                    g.split(' ').next() == w.split(' ').next()
                };
                if !ok {
                    fails.push(format!("{name}:{} {}: error {g}, want {w}", c.line, c.func));
                }
            }
            (Err(w), Ok(_)) => fails.push(format!("{name}:{} {}: ok, want {w}", c.line, c.func)),
            (Ok(_), Err(e)) => fails.push(format!(
                "{name}:{} {} {:?}: error {}",
                c.line,
                c.func,
                c.args,
                err_str(&e)
            )),
            (Ok(w), Ok(g)) => {
                let mut g: Vec<Val> = g.iter().map(from_array).collect();
                let mut w = w.clone();
                norm(&c.func, &mut g);
                norm(&c.func, &mut w);
                if let Some(d) = compare(&g, &w, slack(c)) {
                    fails.push(format!("{name}:{} {} {:?}: {d}", c.line, c.func, c.args));
                }
            }
        }
    }
    if !fails.is_empty() {
        let n = fails.len();
        let shown: Vec<String> = fails.into_iter().take(40).collect();
        panic!("{n} of {} cases failed:\n{}", cases.len(), shown.join("\n"));
    }
    counts
}
