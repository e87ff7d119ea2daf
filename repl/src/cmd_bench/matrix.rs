//! The benchmark matrix: each op as the NumPy expression a user writes,
//! the dtypes it takes, the shapes it runs on, the data it gets, and how
//! close the device result must be to the cpu one.

use clap::ValueEnum;
use comfy_table::{presets, Table};
use xpush_npu::{Array, DType};

/// A group of ops with one default size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Category {
    /// Elementwise functions of one array (`np.exp(a)`).
    Unary,
    /// Elementwise functions of two arrays (`a + b`).
    Binary,
    /// Reductions over the whole array (`np.sum(a)`).
    Reduction,
    /// Matrix products (`a @ b`).
    Matmul,
    /// Copies that move data around (transpose, concatenate, reshape).
    Manipulation,
    /// Sorting (`np.sort(a)`, `np.argsort(a)`).
    Sort,
}

impl Category {
    /// The category's name on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Category::Unary => "unary",
            Category::Binary => "binary",
            Category::Reduction => "reduction",
            Category::Matmul => "matmul",
            Category::Manipulation => "manipulation",
            Category::Sort => "sort",
        }
    }

    /// Elements per operand by default: 1M (matmul: 1000×1000), sort
    /// 250,000.
    pub fn default_size(self) -> u64 {
        match self {
            Category::Sort => 250_000,
            _ => 1_000_000,
        }
    }
}

/// A dtype of the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchDtype {
    /// `float32`, the npu's default float.
    Float32,
    /// `float16`.
    Float16,
    /// `bfloat16`.
    Bfloat16,
    /// `int32`.
    Int32,
    /// `int64`.
    Int64,
    /// `float64` (under the float64 mode; demoted to float32 by default).
    Float64,
}

impl BenchDtype {
    /// Every dtype, in the order the table shows them.
    pub const ALL: [BenchDtype; 6] = [
        BenchDtype::Float32,
        BenchDtype::Float16,
        BenchDtype::Bfloat16,
        BenchDtype::Int32,
        BenchDtype::Int64,
        BenchDtype::Float64,
    ];

    /// The NumPy name.
    pub fn name(self) -> &'static str {
        self.dtype().name()
    }

    /// The runtime dtype.
    pub fn dtype(self) -> DType {
        match self {
            BenchDtype::Float32 => DType::Float32,
            BenchDtype::Float16 => DType::Float16,
            BenchDtype::Bfloat16 => DType::BFloat16,
            BenchDtype::Int32 => DType::Int32,
            BenchDtype::Int64 => DType::Int64,
            BenchDtype::Float64 => DType::Float64,
        }
    }

    fn is_float(self) -> bool {
        !matches!(self, BenchDtype::Int32 | BenchDtype::Int64)
    }
}

/// Which dtypes an op takes in the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    /// Every dtype.
    All,
    /// Floats only (integers would be computed in float64 by NumPy's loops).
    Floats,
}

/// The values the operands hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Domain {
    /// Floats in [-1, 1), integers in [-100, 100).
    Signed,
    /// Floats in [0.5, 2), integers in [1, 100) (log, sqrt, divisors).
    Positive,
}

/// The operands' shapes for a size of N elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `(N,)`.
    Flat,
    /// `(r, N/r)` with r = √N: a 2-d array for axis work.
    Square,
    /// Two `(√N, √N)` matrices.
    Matrices,
    /// Two halves, `(N/2,)` each (the result has N elements).
    Halves,
}

/// One op of the matrix.
#[derive(Debug)]
pub struct Bench {
    /// Its category.
    pub category: Category,
    /// The op's name.
    pub name: &'static str,
    /// The expression that runs it, of the operands `a` and `b`.
    pub expr: &'static str,
    takes: Takes,
    operands: usize,
    a: Domain,
    b: Domain,
    shape: Shape,
}

const fn bench(
    category: Category,
    name: &'static str,
    expr: &'static str,
    takes: Takes,
    operands: usize,
    a: Domain,
    shape: Shape,
) -> Bench {
    Bench {
        category,
        name,
        expr,
        takes,
        operands,
        a,
        b: Domain::Signed,
        shape,
    }
}

use Category as C;
use Domain as D;
use Shape as S;
use Takes as T;

/// The matrix, in the order it runs.
#[rustfmt::skip]
pub static BENCHES: &[Bench] = &[
    bench(C::Unary, "exp", "np.exp(a)", T::Floats, 1, D::Signed, S::Flat),
    bench(C::Unary, "log", "np.log(a)", T::Floats, 1, D::Positive, S::Flat),
    bench(C::Unary, "sin", "np.sin(a)", T::Floats, 1, D::Signed, S::Flat),
    bench(C::Unary, "sqrt", "np.sqrt(a)", T::Floats, 1, D::Positive, S::Flat),
    bench(C::Unary, "tanh", "np.tanh(a)", T::Floats, 1, D::Signed, S::Flat),
    bench(C::Unary, "abs", "np.abs(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Unary, "negative", "-a", T::All, 1, D::Signed, S::Flat),
    bench(C::Unary, "square", "np.square(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Binary, "add", "a + b", T::All, 2, D::Signed, S::Flat),
    bench(C::Binary, "subtract", "a - b", T::All, 2, D::Signed, S::Flat),
    bench(C::Binary, "multiply", "a * b", T::All, 2, D::Signed, S::Flat),
    Bench {
        b: Domain::Positive,
        ..bench(C::Binary, "divide", "a / b", T::Floats, 2, D::Signed, S::Flat)
    },
    bench(C::Binary, "maximum", "np.maximum(a, b)", T::All, 2, D::Signed, S::Flat),
    bench(C::Binary, "minimum", "np.minimum(a, b)", T::All, 2, D::Signed, S::Flat),
    bench(C::Reduction, "sum", "np.sum(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Reduction, "mean", "np.mean(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Reduction, "max", "np.max(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Reduction, "argmax", "np.argmax(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Reduction, "std", "np.std(a)", T::Floats, 1, D::Signed, S::Flat),
    bench(C::Reduction, "sum axis=0", "np.sum(a, axis=0)", T::All, 1, D::Signed, S::Square),
    bench(C::Matmul, "matmul", "a @ b", T::Floats, 2, D::Signed, S::Matrices),
    bench(C::Manipulation, "transpose copy", "a.T.copy()", T::All, 1, D::Signed, S::Square),
    bench(C::Manipulation, "concatenate", "np.concatenate((a, b))", T::All, 2, D::Signed, S::Halves),
    bench(C::Manipulation, "reshape copy", "a[:, 1:].reshape(-1)", T::All, 1, D::Signed, S::Square),
    bench(C::Sort, "sort", "np.sort(a)", T::All, 1, D::Signed, S::Flat),
    bench(C::Sort, "argsort", "np.argsort(a)", T::All, 1, D::Signed, S::Flat),
];

impl Bench {
    /// Whether the op runs in the matrix for `d`.
    pub fn takes(&self, d: BenchDtype) -> bool {
        self.takes == Takes::All || d.is_float()
    }

    /// The dtypes it runs for.
    #[cfg(test)]
    fn dtypes(&self) -> Vec<&'static str> {
        BenchDtype::ALL
            .iter()
            .filter(|&&d| self.takes(d))
            .map(|d| d.name())
            .collect()
    }

    /// The operands' shapes (a, then b) for `size` elements.
    pub fn shapes(&self, size: u64) -> Vec<Vec<usize>> {
        let n = usize::try_from(size).unwrap_or(usize::MAX).max(1);
        let side = ((n as f64).sqrt().round() as usize).max(1);
        let one = match self.shape {
            Shape::Flat => vec![n],
            Shape::Square => vec![side, (n / side).max(1)],
            Shape::Matrices => vec![side, side],
            Shape::Halves => vec![(n / 2).max(1)],
        };
        vec![one; self.operands]
    }

    /// The shape column: `(1000000,)`, `(1000, 1000)`, `2×(500000,)`.
    pub fn shape_text(&self, shapes: &[Vec<usize>]) -> String {
        let one = shapes.first().map_or_else(String::new, |s| py_shape(s));
        match self.shape {
            Shape::Halves | Shape::Matrices => format!("{}×{one}", shapes.len()),
            _ => one,
        }
    }

    /// Code that makes the operands: `_ca`, `_cb` on the cpu, `_da`, `_db`
    /// their copies on `device` (`None` for a missing operand).
    pub fn setup(&self, d: BenchDtype, shapes: &[Vec<usize>], device: &str) -> String {
        let mut code = String::new();
        for (i, (c, dv)) in [("_ca", "_da"), ("_cb", "_db")].into_iter().enumerate() {
            match shapes.get(i) {
                Some(shape) => {
                    let domain = if i == 0 { self.a } else { self.b };
                    let values = match (d.is_float(), domain) {
                        (true, Domain::Signed) => "uniform(-1.0, 1.0",
                        (true, Domain::Positive) => "uniform(0.5, 2.0",
                        (false, Domain::Signed) => "integers(-100, 100",
                        (false, Domain::Positive) => "integers(1, 100",
                    };
                    code.push_str(&format!(
                        "{c} = _rng.{values}, {}).astype('{}')\n{dv} = {c}.to_device('{device}')\n",
                        py_shape(shape),
                        d.name()
                    ));
                }
                None => code.push_str(&format!("{c} = None\n{dv} = None\n")),
            }
        }
        code
    }

    /// One run, leaving the result in `r`.
    pub fn run_code(&self) -> String {
        format!("r = {}\n", self.expr)
    }

    /// `repeat` runs in a loop.
    pub fn timed_code(&self, repeat: u32) -> String {
        format!("for _ in range({repeat}):\n    r = {}\n", self.expr)
    }

    /// How far the device result may be from the cpu one, relative to
    /// `1 + |cpu value|`, by the result's dtype: 0 for integers and bools,
    /// a few units in the last place for floats (float64 is demoted to
    /// float32 on the npu by default), ten times that for reductions and
    /// matmul, which add up many rounded terms in an order the device
    /// chooses.
    pub fn tolerance(&self, result: DType) -> f64 {
        let base = match result {
            DType::Float16 => 4e-3,
            DType::BFloat16 => 3e-2,
            DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => 1e-5,
            _ => return 0.0,
        };
        match self.category {
            Category::Reduction | Category::Matmul => base * 10.0,
            _ => base,
        }
    }
}

/// `(3,)`, `(2, 3)`: Python's tuple text of a shape.
fn py_shape(s: &[usize]) -> String {
    match s {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            s.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The cells to run: each op of the chosen categories (all when empty)
/// with each chosen dtype it takes, and its size.
pub fn cells(
    categories: &[Category],
    dtypes: &[BenchDtype],
    size: Option<u64>,
) -> Vec<(&'static Bench, BenchDtype, u64)> {
    let mut out = Vec::new();
    for b in BENCHES {
        if !categories.is_empty() && !categories.contains(&b.category) {
            continue;
        }
        for d in BenchDtype::ALL {
            if (dtypes.is_empty() || dtypes.contains(&d)) && b.takes(d) {
                out.push((b, d, size.unwrap_or_else(|| b.category.default_size())));
            }
        }
    }
    out
}

/// `--list`: the matrix as a table, without running it.
pub fn list_table(cells: &[(&'static Bench, BenchDtype, u64)]) -> String {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    t.set_header(["category", "op", "code", "dtypes", "shape"]);
    let mut rows = 0;
    for b in BENCHES {
        let mine: Vec<&(&'static Bench, BenchDtype, u64)> =
            cells.iter().filter(|c| std::ptr::eq(c.0, b)).collect();
        let Some(&&(_, _, size)) = mine.first() else {
            continue;
        };
        let dtypes: Vec<&str> = mine.iter().map(|c| c.1.name()).collect();
        t.add_row([
            b.category.name().to_string(),
            b.name.to_string(),
            b.expr.to_string(),
            dtypes.join(" "),
            b.shape_text(&b.shapes(size)),
        ]);
        rows += 1;
    }
    format!("{t}\n{rows} ops, {} cells (op × dtype)\n", cells.len())
}

/// `Err` with the first difference when `dev` is not `cpu` within `tol`
/// (see [`Bench::tolerance`]); NaNs must be at the same places.
pub fn compare(cpu: &Array, dev: &Array, tol: f64) -> Result<(), String> {
    if cpu.shape() != dev.shape() {
        return Err(format!(
            "shape {} on the device, {} on the cpu",
            py_shape(dev.shape()),
            py_shape(cpu.shape())
        ));
    }
    let values = |a: &Array| -> Result<Vec<f64>, String> {
        a.to_host()
            .map_err(|e| e.to_string())?
            .astype(DType::Float64)
            .to_vec::<f64>()
            .map_err(|e| e.to_string())
    };
    let (c, d) = (values(cpu)?, values(dev)?);
    let mut worst: Option<(usize, f64)> = None;
    for (i, (&x, &y)) in c.iter().zip(&d).enumerate() {
        let bad = if x.is_nan() || y.is_nan() {
            x.is_nan() != y.is_nan()
        } else if x.is_infinite() || y.is_infinite() {
            x != y
        } else {
            (x - y).abs() > tol * (1.0 + x.abs())
        };
        if bad {
            let err = if x.is_finite() && y.is_finite() {
                (x - y).abs() / (1.0 + x.abs())
            } else {
                f64::INFINITY
            };
            if worst.is_none_or(|(_, w)| err > w) {
                worst = Some((i, err));
            }
        }
    }
    match worst {
        None => Ok(()),
        Some((i, err)) => Err(format!(
            "differs: at {i} cpu {} npu {} (error {err:.2e} > {tol:.0e})",
            c[i], d[i]
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_follow_the_filters_and_what_each_op_takes() {
        let all = cells(&[], &[], None);
        assert_eq!(
            all.len(),
            BENCHES.iter().map(|b| b.dtypes().len()).sum::<usize>()
        );
        let bin = cells(&[Category::Binary], &[BenchDtype::Int32], Some(10));
        let names: Vec<&str> = bin.iter().map(|c| c.0.name).collect();
        assert_eq!(names, ["add", "subtract", "multiply", "maximum", "minimum"]);
        assert!(bin.iter().all(|c| c.2 == 10));
        assert!(cells(&[Category::Matmul], &[BenchDtype::Int64], None).is_empty());
    }

    #[test]
    fn shapes_and_setup_code() {
        let mm = BENCHES.iter().find(|b| b.name == "matmul").unwrap();
        assert_eq!(mm.shapes(1_000_000), [vec![1000, 1000], vec![1000, 1000]]);
        assert_eq!(mm.shape_text(&mm.shapes(1_000_000)), "2×(1000, 1000)");
        let div = BENCHES.iter().find(|b| b.name == "divide").unwrap();
        let code = div.setup(BenchDtype::Float16, &div.shapes(8), "npu:0");
        assert_eq!(
            code,
            "_ca = _rng.uniform(-1.0, 1.0, (8,)).astype('float16')\n_da = _ca.to_device('npu:0')\n\
             _cb = _rng.uniform(0.5, 2.0, (8,)).astype('float16')\n_db = _cb.to_device('npu:0')\n"
        );
        let exp = BENCHES.iter().find(|b| b.name == "exp").unwrap();
        assert!(exp
            .setup(BenchDtype::Float32, &exp.shapes(8), "npu:0")
            .ends_with("_cb = None\n_db = None\n"));
        assert_eq!(exp.timed_code(2), "for _ in range(2):\n    r = np.exp(a)\n");
    }

    #[test]
    fn compare_applies_the_tolerance_and_nan_rule() {
        let c = Array::from_vec(vec![1.0f64, f64::NAN, 100.0], &[3]).unwrap();
        let near = Array::from_vec(vec![1.0f64 + 1e-7, f64::NAN, 100.0 + 1e-4], &[3]).unwrap();
        assert_eq!(compare(&c, &near, 1e-5), Ok(()));
        let far = Array::from_vec(vec![1.0f64, f64::NAN, 101.0], &[3]).unwrap();
        let e = compare(&c, &far, 1e-5).unwrap_err();
        assert!(e.starts_with("differs: at 2 cpu 100 npu 101"), "{e}");
        let nan = Array::from_vec(vec![1.0f64, 0.0, 100.0], &[3]).unwrap();
        assert!(compare(&c, &nan, 1.0).is_err());
        let ints = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
        let other = Array::from_vec(vec![1i64, 3], &[2]).unwrap();
        assert!(compare(&ints, &other, 0.0).is_err());
        assert!(compare(&ints, &ints.reshape(&[1, 2]).unwrap(), 0.0).is_err());
    }
}
