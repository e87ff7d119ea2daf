//! The NPU coverage report behind `xpush ops`, `:ops` and `docs/OPS.md`.
//!
//! Each table entry says what it runs on the NPU ([`Npu`], the `npu = ...`
//! field of [`entry!`](crate::entry)); this module turns that into one
//! [`Row`] per entry: its area, the aclnn op(s) or composition, and which
//! dtypes run natively, demoted, on the host or raise. The aclnn names and
//! compositions come from the ascend backend's own mapping
//! (`AscendBackend::aclnn_for`, `AscendBackend::composition`) and the dtype
//! columns from the 910B policy table (`policy::decide`), so nothing here
//! restates what the device accepts.

use xpush_npu::ascend::backend::AscendBackend;
use xpush_npu::ascend::policy::{decide, Float64Mode, Plan};
use xpush_npu::ops::{BinaryOp, Op, ReduceOp};
use xpush_npu::DType;

use crate::table::{self, Category, FuncDef, Kind, Runs};

/// What a table entry runs on the NPU.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Npu {
    /// Not stated: follows from [`Runs`] (a host entry computes on the
    /// host; a dispatch entry composes primitives not itemised here).
    Derived,
    /// One primitive through dispatch (`np.sqrt`, `np.sum`, `a.astype`).
    Op(Op),
    /// A composition of primitives, each under the dtype policy: how, and
    /// which (`"sum(x) / n"`, `[Reduce(Sum), Binary(TrueDivide)]`).
    Composed(&'static str, &'static [Op]),
    /// Computed on host memory, the result placed on the session device:
    /// why (`"lanes sorted on the host"`).
    Host(&'static str),
    /// No kernel: a view or metadata of the operand (`reshape`, `a.shape`).
    View,
}

/// One function of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The name as a user writes it (`np.sum`, `np.linalg.solve`, `ndarray.sum`).
    pub name: String,
    /// The area (`elementwise`, `reduction`, `linalg`, ...).
    pub area: &'static str,
    /// The aclnn op(s), the composition, `host: why` or `view`.
    pub runs: String,
    /// Dtypes that run on the NPU as they are.
    pub native: Vec<DType>,
    /// Dtypes computed on the NPU in another dtype: `(from, to)`.
    pub demoted: Vec<(DType, DType)>,
    /// Dtypes computed on the host.
    pub host: Vec<DType>,
    /// Dtypes that raise under the mode (float64 mode `off`).
    pub raises: Vec<DType>,
    /// True when the entry does no computation (a view or metadata).
    pub view: bool,
}

/// The area an entry is listed under, or `None` for Python-level entries
/// (builtins, `str`/`list`/`dict`/`set` methods, `math`, `time`, `sys`), which never
/// touch a device and are left out of the report.
pub fn area(d: &FuncDef) -> Option<&'static str> {
    Some(match d.category {
        Category::Builtin
        | Category::StrMethod
        | Category::BytesMethod
        | Category::ListMethod
        | Category::DictMethod
        | Category::SetMethod
        | Category::Math
        | Category::System => return None,
        Category::NumpyTypes => "types",
        Category::NumpyCreate => "creation",
        Category::NumpyUfunc => "elementwise",
        Category::NumpyReduce => "reduction",
        Category::NumpyManip => "manipulation",
        Category::NumpyPrint => "printing",
        Category::NumpyLinalg => "linalg",
        Category::NumpyFft => "fft",
        Category::NumpyRandom => "random",
        Category::NumpyIo => "io",
        Category::NumpyText => "strings",
        Category::NumpyRecord => "records",
        Category::NumpyTesting => "testing",
        Category::NdArray => "ndarray",
        Category::Plot => "plot",
    })
}

/// The display name: `numpy.` shortened to `np.`.
pub fn display_name(d: &FuncDef) -> String {
    let q = table::qualname(d);
    match q.strip_prefix("numpy.") {
        Some(rest) => format!("np.{rest}"),
        None => q,
    }
}

/// Whether `name` matches `pattern`: a glob when it has `*` or `?` (the
/// whole name must match), else a substring; both ignore case.
pub fn matches(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.to_lowercase(), name.to_lowercase());
    if !p.contains(['*', '?']) {
        return n.contains(&p);
    }
    glob(p.as_bytes(), n.as_bytes())
}

fn glob(p: &[u8], n: &[u8]) -> bool {
    // Iterative matcher with backtracking to the last `*`.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && (p[pi] == b'?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// The report's rows for the entries whose name matches `pattern` (all
/// when `None`), under float64 `mode`, sorted by area then name. An alias
/// (`np.acos`) has a row of its own, the same as its entry's.
pub fn rows(pattern: Option<&str>, mode: Float64Mode) -> Vec<Row> {
    let aliases = table::ALIASES.iter().filter_map(|&(module, alias, ..)| {
        let d = table::get(table::lookup(module, alias)?);
        let name = display_name(d);
        let prefix = name.strip_suffix(d.name).unwrap_or_default();
        Some((d, format!("{prefix}{alias}")))
    });
    let mut out: Vec<Row> = table::all()
        .map(|(_, d)| (d, display_name(d)))
        .chain(aliases)
        .filter_map(|(d, name)| {
            let area = area(d)?;
            if pattern.is_some_and(|p| !matches(p, &name)) {
                return None;
            }
            Some(row(d, name, area, mode))
        })
        .collect();
    out.sort_by(|a, b| (a.area, &a.name).cmp(&(b.area, &b.name)));
    out
}

/// The row of one entry.
pub fn row(d: &FuncDef, name: String, area: &'static str, mode: Float64Mode) -> Row {
    let mut r = Row {
        name,
        area,
        runs: String::new(),
        native: Vec::new(),
        demoted: Vec::new(),
        host: Vec::new(),
        raises: Vec::new(),
        view: false,
    };
    let npu = match d.npu {
        Npu::Derived => derived(d),
        npu => npu,
    };
    match npu {
        Npu::View | Npu::Derived => {
            r.runs = "view (no kernel)".to_string();
            r.view = true;
        }
        Npu::Host(why) => {
            r.runs = format!("host: {why}");
            r.host = DType::NUMPY.to_vec();
        }
        Npu::Op(op) => {
            r.runs = describe(op);
            classify(&mut r, &[op], dtypes_of(op), mode);
        }
        Npu::Composed(how, ops) => {
            let mut names: Vec<&str> = Vec::new();
            for &op in ops {
                let n = AscendBackend::aclnn_for(op).unwrap_or("host");
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            r.runs = if names.is_empty() {
                format!("composition {how}")
            } else {
                format!("composition {how} ({})", names.join(", "))
            };
            let dtypes = ops
                .first()
                .map_or(DType::NUMPY.to_vec(), |&op| dtypes_of(op));
            classify(&mut r, ops, dtypes, mode);
        }
    }
    r
}

/// Why an entry's computation runs on the host on the NPU (for every
/// dtype), for `xpush check`'s notes; `None` when some dtype runs on the
/// NPU, or for entries that build, move, print or plot rather than compute.
pub fn host_reason(d: &FuncDef) -> Option<String> {
    let area = area(d)?;
    if !matches!(
        area,
        "elementwise"
            | "reduction"
            | "manipulation"
            | "linalg"
            | "fft"
            | "random"
            | "ndarray"
            | "strings"
    ) {
        return None;
    }
    let r = row(d, display_name(d), area, Float64Mode::Float32);
    if r.view || !r.native.is_empty() || !r.demoted.is_empty() || r.host.is_empty() {
        return None;
    }
    Some(match r.runs.strip_prefix("host: ") {
        Some(why) => why.to_string(),
        None => r.runs,
    })
}

/// What an entry without an `npu =` runs: a host entry of a NumPy area
/// computes on the host (linalg, fft and random on host copies of their
/// operands, see `table::call`), a property or metadata method is a view.
fn derived(d: &FuncDef) -> Npu {
    match (d.runs, d.kind) {
        (Runs::Host, Kind::Property) => Npu::View,
        (Runs::Host, _) => match d.category {
            Category::NumpyLinalg | Category::NumpyFft | Category::NumpyRandom => {
                Npu::Host("on host copies of the operands")
            }
            // String arrays are host arrays: aclnn has no string type.
            Category::NumpyText => Npu::Host("string arrays are host arrays"),
            Category::NumpyRecord => Npu::Host("structured arrays are host arrays"),
            Category::NumpyTypes | Category::NumpyPrint => Npu::View,
            // Layout changes (reshape, transpose, flip, split, ...).
            Category::NumpyManip | Category::NdArray => Npu::View,
            Category::Plot => Npu::Host("drawn from host copies"),
            Category::NumpyIo => Npu::Host("file input and output"),
            _ => Npu::Host("built on the host, then placed on the device"),
        },
        (Runs::Dispatch, _) => Npu::Composed("of dispatched primitives", &[]),
    }
}

/// `aclnnAdd; aclnnAdds with a scalar operand`, `composition x != x
/// (aclnnNeTensor)` or `host (no aclnn mapping)`.
fn describe(op: Op) -> String {
    let base = match (AscendBackend::aclnn_for(op), AscendBackend::composition(op)) {
        (Some(name), Some(how)) if how.contains(name) => format!("composition {how}"),
        (Some(name), Some(how)) => format!("composition {how} ({name})"),
        (Some(name), None) => name.to_string(),
        (None, _) => return "host (no aclnn mapping)".to_string(),
    };
    let Op::Binary(b) = op else {
        return base;
    };
    let mut forms: Vec<&str> = Vec::new();
    for first in [false, true] {
        if let Some(f) = AscendBackend::aclnn_scalar_for(b, first) {
            if !forms.contains(&f) {
                forms.push(f);
            }
        }
    }
    if forms.is_empty() {
        base
    } else {
        format!("{base}; {} with a scalar operand", forms.join(", "))
    }
}

/// The input dtypes an op has loops for: a ufunc's NumPy loop list, every
/// NumPy dtype otherwise.
fn dtypes_of(op: Op) -> Vec<DType> {
    let loops = match op {
        Op::Unary(u) => u.loops(),
        Op::Binary(b) => b.loops(),
        _ => return DType::NUMPY.to_vec(),
    };
    let mut out = Vec::new();
    for sig in loops.split_whitespace() {
        let Some(c) = sig.chars().next() else {
            continue;
        };
        // NumPy's loop codes: `q`/`Q` and `l`/`L` are both the 64-bit integers.
        let found = DType::NUMPY.iter().copied().find(|d| {
            d.char_code() == c
                || (matches!(c, 'q' | 'l') && *d == DType::Int64)
                || (matches!(c, 'Q' | 'L') && *d == DType::UInt64)
        });
        if let Some(d) = found {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// Fills the dtype columns: for each dtype, the worst plan over `ops`
/// (raise, then host, then demote, then native).
fn classify(r: &mut Row, ops: &[Op], dtypes: Vec<DType>, mode: Float64Mode) {
    for d in dtypes {
        let mut worst = Plan::Native;
        for &op in ops {
            for op in per_dtype(op, d) {
                let p = decide(op.name(), AscendBackend::aclnn_for(op), d, mode);
                if rank(&p) > rank(&worst) {
                    worst = p;
                }
            }
        }
        if ops.is_empty() {
            // Not itemised: the primitives' own rows say.
            continue;
        }
        match worst {
            Plan::Native => r.native.push(d),
            Plan::Demote { to } => r.demoted.push((d, to)),
            Plan::Host { .. } => r.host.push(d),
            Plan::Raise(_) => r.raises.push(d),
        }
    }
}

/// The primitives `op` runs as on the NPU for dtype `d`: itself, but for
/// bool and integer matmul, which is composed of a multiply and a sum
/// (`xpush_npu::device::matmul_composed`).
fn per_dtype(op: Op, d: DType) -> Vec<Op> {
    use xpush_npu::device::{matmul_composed, Device};
    if op == Op::Matmul && matmul_composed(d, Device::Npu(0)) {
        return vec![Op::Binary(BinaryOp::Multiply), Op::Reduce(ReduceOp::Sum)];
    }
    vec![op]
}

fn rank(p: &Plan) -> u8 {
    match p {
        Plan::Native => 0,
        Plan::Demote { .. } => 1,
        Plan::Host { .. } => 2,
        Plan::Raise(_) => 3,
    }
}

/// The short dtype name used in the report (`f32`, `c128`, `bool`).
pub fn short(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        DType::Int8 => "i8",
        DType::Int16 => "i16",
        DType::Int32 => "i32",
        DType::Int64 => "i64",
        DType::UInt8 => "u8",
        DType::UInt16 => "u16",
        DType::UInt32 => "u32",
        DType::UInt64 => "u64",
        DType::Float16 => "f16",
        DType::BFloat16 => "bf16",
        DType::Float32 => "f32",
        DType::Float64 => "f64",
        DType::Complex64 => "c64",
        DType::Complex128 => "c128",
    }
}

impl Row {
    /// The native column: short dtype names, `all` when every NumPy dtype.
    pub fn native_text(&self) -> String {
        if self.view {
            return "all (no kernel)".to_string();
        }
        list(&self.native)
    }

    /// The demoted column: `f64→f32 c128→c64`.
    pub fn demoted_text(&self) -> String {
        self.demoted
            .iter()
            .map(|(a, b)| format!("{}→{}", short(*a), short(*b)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The host column (with `raises: ...` appended under mode `off`).
    pub fn host_text(&self) -> String {
        let mut s = list(&self.host);
        if !self.raises.is_empty() {
            if !s.is_empty() {
                s.push_str("; ");
            }
            s.push_str("raises: ");
            s.push_str(&list(&self.raises));
        }
        s
    }
}

fn list(ds: &[DType]) -> String {
    if ds.len() == DType::NUMPY.len() && DType::NUMPY.iter().all(|d| ds.contains(d)) {
        return "all".to_string();
    }
    ds.iter().map(|&d| short(d)).collect::<Vec<_>>().join(" ")
}

/// The vocabulary of the table's `npu = ...` values: how the entries that
/// are not one primitive run on the NPU (`npu = crate::coverage::how::SORT`).
pub mod how {
    use super::Npu;
    use xpush_npu::ops::{BinaryOp as B, Op, ReduceOp as R, UnaryOp as U};
    use xpush_npu::DType;

    /// The ndarray subclasses NumPy writes in Python (`np.matrix`,
    /// `np.memmap`): each method runs the ndarray operation on the
    /// subclass's own array, whose own row says how it runs.
    pub const SUBCLASS: Npu = Npu::Composed(
        "the ndarray operation on the subclass's own array (np.matrix, np.memmap)",
        &[],
    );
    /// Built from host values (lists, scalars), then placed on the device.
    pub const BUILT_ON_HOST: Npu = Npu::Host("built on the host, then placed on the device");
    /// A copy between host and device memory.
    pub const TRANSFER: Npu = Npu::Host("a copy between host and device memory");
    /// `sort` / `argsort`: one stable aclnnSort along the axis; the dtypes
    /// Sort lacks sort host lanes (a permutation, never demoted).
    pub const SORT: Npu = Npu::Op(Op::Sort);
    /// `lexsort`: every lane sorted on the host by its keys.
    pub const LEXSORT: Npu = Npu::Host("lanes sorted on the host");
    /// Partitions: every lane partitioned on the host (npu's sort seam).
    pub const PARTITION: Npu = Npu::Host(
        "lanes partitioned on the host: the order NumPy's introselect leaves the other elements in is part of the result, and aclnnTopk's is not it",
    );
    /// Set routines: the elements argsorted by one stable aclnnSort (the
    /// dtypes Sort lacks, and rows along `axis`, sorted on the host), equal
    /// neighbours grouped and compared on the host.
    pub const SETS: Npu = Npu::Composed(
        "elements argsorted by a stable aclnnSort, equal neighbours grouped on the host; host sort for the dtypes Sort lacks",
        &[Op::Sort],
    );
    /// Order statistics: lanes sorted by one aclnnSort, the statistics
    /// picked and interpolated on the host.
    pub const ORDER_STATS: Npu = Npu::Composed(
        "lanes sorted by aclnnSort, the order statistics picked and interpolated on the host; host sort for the dtypes Sort lacks",
        &[Op::Sort],
    );
    /// Counting and binning on the host.
    pub const BINNING: Npu = Npu::Host(
        "binned on the host: NumPy corrects each bin index against the exact bin edges, which aclnnHistc (torch.histc's binning) does not",
    );
    /// `bincount` without weights: the least and largest values found on
    /// the device (NumPy's check and the length), then one aclnnBincount;
    /// weighted counts are summed on the host (NumPy's float64 order).
    pub const BINCOUNT: Npu = Npu::Composed(
        "min/max on the device (aclnnAmin, aclnnAmax), then aclnnBincount; weighted counts binned on the host",
        &[Op::Bincount, Op::Reduce(R::Min), Op::Reduce(R::Max)],
    );
    /// `digitize`: NumPy's `searchsorted(bins, x)` for increasing bins, so
    /// one aclnnSearchSorted for integer bins (decreasing or float bins
    /// on the host).
    pub const DIGITIZE: Npu = Npu::Composed(
        "searchsorted(bins, x) by aclnnSearchSorted for increasing bins; decreasing bins on the host",
        &[Op::SearchSorted],
    );
    /// Numerical routines computed on the host in float64 / complex128.
    pub const HOST_NUMERIC: Npu = Npu::Host("computed on the host in float64");
    /// `searchsorted`: one aclnnSearchSorted (floats bisected on the host:
    /// CANN's compare does not order NaN as NumPy).
    pub const SEARCHSORTED: Npu = Npu::Op(Op::SearchSorted);
    /// `nonzero` / `argwhere` / `flatnonzero`: the nonzero elements
    /// counted on the device (the result's shape), then one aclnnNonzero
    /// (the count's int64 sum is in every dtype's reach, so the columns
    /// follow Nonzero and the cast).
    pub const NONZERO: Npu = Npu::Composed(
        "count: sum of bool(x) (aclnnCast, aclnnReduceSum), then aclnnNonzero; found on the host for the dtypes Nonzero lacks",
        &[Op::Nonzero, Op::Cast(DType::Bool)],
    );
    /// `tril_indices` / `triu_indices` (and `_from`): NumPy's
    /// `nonzero(tri(n, m, k, dtype=bool))` on the device. The mask is bool
    /// whatever the argument, so the columns follow aclnnInplaceCopy,
    /// which takes every dtype.
    pub const TRI_INDICES: Npu = Npu::Composed(
        "nonzero of a bool tri: ones (aclnnInplaceFillScalar), aclnnTril or aclnnTriu, aclnnNonzero",
        &[Op::Copy],
    );
    /// `diag_indices` (and `_from`): `arange(n)` repeated, made by
    /// aclnnArange (int64 bounds take every size).
    pub const DIAG_INDICES: Npu =
        Npu::Composed("arange(n) (aclnnArange) for each axis", &[Op::Copy]);
    /// Index arrays computed on the host from the data.
    pub const HOST_INDICES: Npu = Npu::Host("indices computed on the host");
    /// A copy in the device's memory.
    pub const COPY: Npu = Npu::Op(Op::Copy);
    /// `astype`.
    pub const CAST: Npu = Npu::Op(Op::Cast(DType::Float32));
    /// Joining: copies into slices of one result.
    pub const JOIN: Npu = Npu::Composed("copies into slices of the result", &[Op::Copy]);
    /// `roll`: one aclnnRoll, or for the dtypes Roll lacks the two slices
    /// of each axis joined (the columns follow the joins' copies).
    pub const ROLL: Npu = Npu::Composed(
        "aclnnRoll; slices joined (aclnnCat or copies) for the dtypes Roll lacks",
        &[Op::Copy],
    );
    /// `concatenate` / `stack` and the joins on them: one aclnnCat, or for
    /// the dtypes Cat lacks copies into slices (the columns follow
    /// aclnnInplaceCopy, which takes every dtype).
    pub const CONCAT: Npu = Npu::Composed(
        "aclnnCat; copies into slices of the result for the dtypes Cat lacks",
        &[Op::Copy],
    );
    /// `np.where`.
    pub const WHERE: Npu = Npu::Op(Op::Where);
    /// Matrix products.
    pub const MATMUL: Npu = Npu::Op(Op::Matmul);
    /// Advanced-index reads.
    pub const GATHER: Npu = Npu::Op(Op::Gather);
    /// Advanced-index writes.
    pub const SCATTER: Npu = Npu::Op(Op::Scatter);
    /// `np.select`: nested `where`.
    pub const SELECT: Npu = Npu::Composed("nested where", &[Op::Where]);
    /// `trace`: a sum over the diagonal view.
    pub const TRACE: Npu = Npu::Composed("sum of the diagonal view", &[Op::Reduce(R::Sum)]);
    /// `zeros`, `ones`, `full`, `empty` and their `_like` forms: a fresh
    /// device buffer filled in place.
    pub const FILL: Npu = Npu::Op(Op::Fill);
    /// `arange`: aclnnArange for integer bounds.
    pub const ARANGE: Npu = Npu::Op(Op::Arange);
    /// `eye` (with `k=0`; other diagonals are built on the host) and
    /// `identity`.
    /// The columns follow aclnnCast, which takes every dtype: the dtypes
    /// Eye lacks are its bool identity cast.
    pub const EYE: Npu = Npu::Composed(
        "aclnnEye for the main diagonal, the bool identity cast for the dtypes Eye lacks; other diagonals built on the host",
        &[Op::Cast(DType::Bool)],
    );
    /// `tril`: aclnnTril; complex (not in its 910B list) by a mask and
    /// `where`, so every dtype runs on the NPU (the columns follow
    /// aclnnSWhere, the wider of the two).
    pub const TRIL: Npu = Npu::Composed("aclnnTril; where(mask, x, 0) for complex", &[Op::Where]);
    /// `tri`: ones filled on the device (aclnnInplaceFillScalar), then
    /// `tril` (the columns follow both).
    pub const TRI: Npu = Npu::Composed(
        "ones (aclnnInplaceFillScalar) with aclnnTril; where(mask, x, 0) for complex",
        &[Op::Fill, Op::Where],
    );
    /// `triu`, as `tril`.
    pub const TRIU: Npu = Npu::Composed("aclnnTriu; where(mask, 0, x) for complex", &[Op::Where]);
    /// `linspace`.
    pub const LINSPACE: Npu = Npu::Composed(
        "start + i * step",
        &[Op::Binary(B::Multiply), Op::Binary(B::Add)],
    );
    /// `logspace` / `geomspace`.
    pub const LOGSPACE: Npu = Npu::Composed("base ** linspace", &[Op::Binary(B::Power)]);
    /// `np.linalg.norm`.
    pub const NORM: Npu = Npu::Composed(
        "sqrt(sum(abs(x) * abs(x)))",
        &[
            Op::Unary(U::Absolute),
            Op::Binary(B::Multiply),
            Op::Reduce(R::Sum),
            Op::Unary(U::Sqrt),
        ],
    );
    /// `diff` / `ediff1d`.
    pub const DIFF: Npu = Npu::Composed("x[1:] - x[:-1]", &[Op::Binary(B::Subtract)]);
    /// `isclose`.
    pub const ISCLOSE: Npu = Npu::Composed(
        "abs(a - b) <= atol + rtol * abs(b)",
        &[
            Op::Binary(B::Subtract),
            Op::Unary(U::Absolute),
            Op::Binary(B::Multiply),
            Op::Binary(B::Add),
            Op::Binary(B::LessEqual),
        ],
    );
    /// `allclose`.
    pub const ALLCLOSE: Npu = Npu::Composed(
        "all(isclose(a, b))",
        &[
            Op::Binary(B::Subtract),
            Op::Unary(U::Absolute),
            Op::Binary(B::Multiply),
            Op::Binary(B::Add),
            Op::Binary(B::LessEqual),
            Op::Reduce(R::All),
        ],
    );
    /// `array_equal`.
    pub const ARRAY_EQUAL: Npu =
        Npu::Composed("all(a == b)", &[Op::Binary(B::Equal), Op::Reduce(R::All)]);
    /// `nanvar` / `nanstd`.
    pub const NANVAR: Npu = Npu::Composed(
        "NaN zeroed, pairwise sums, N - ddof divisor",
        &[
            Op::Unary(U::Isnan),
            Op::Where,
            Op::Reduce(R::Sum),
            Op::Binary(B::Subtract),
            Op::Binary(B::Multiply),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `trapezoid`.
    pub const TRAPEZOID: Npu = Npu::Composed(
        "sum((y[1:] + y[:-1]) * dx) / 2",
        &[
            Op::Binary(B::Add),
            Op::Binary(B::Multiply),
            Op::Reduce(R::Sum),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `cross`.
    pub const CROSS: Npu = Npu::Composed(
        "a1 * b2 - a2 * b1 per component",
        &[Op::Binary(B::Multiply), Op::Binary(B::Subtract)],
    );
    /// `round` / `around`.
    pub const ROUND: Npu = Npu::Composed(
        "rint(x * 10**d) / 10**d",
        &[
            Op::Binary(B::Multiply),
            Op::Unary(U::Rint),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `clip`.
    pub const CLIP: Npu = Npu::Composed(
        "minimum(maximum(x, lo), hi)",
        &[Op::Binary(B::Maximum), Op::Binary(B::Minimum)],
    );
    /// `divmod`.
    pub const DIVMOD: Npu = Npu::Composed(
        "(x // y, x % y)",
        &[Op::Binary(B::FloorDivide), Op::Binary(B::Remainder)],
    );
    /// `nan_to_num`.
    pub const NAN_TO_NUM: Npu = Npu::Composed(
        "where(isnan(x), nan, x), then the infinities",
        &[Op::Unary(U::Isnan), Op::Unary(U::Isinf), Op::Where],
    );
    /// `i0`.
    pub const I0: Npu = Npu::Composed(
        "NumPy's Chebyshev series: abs, exp, sqrt and arithmetic, where(x <= 8)",
        &[
            Op::Unary(U::Absolute),
            Op::Unary(U::Exp),
            Op::Unary(U::Sqrt),
            Op::Binary(B::Multiply),
            Op::Where,
        ],
    );
    /// `isposinf` / `isneginf`.
    pub const SIGNED_INF: Npu = Npu::Composed(
        "isinf(x) & signbit(x) (inverted for +inf)",
        &[
            Op::Unary(U::Isinf),
            Op::Unary(U::Signbit),
            Op::Binary(B::LogicalAnd),
        ],
    );
    /// `iscomplex` / `isreal`.
    pub const IMAG_TEST: Npu = Npu::Composed(
        "x.imag compared with 0",
        &[Op::Unary(U::Imag), Op::Binary(B::NotEqual)],
    );
    /// `real_if_close`.
    pub const REAL_IF_CLOSE: Npu = Npu::Composed(
        "all(abs(x.imag) < tol), then x.real",
        &[
            Op::Unary(U::Imag),
            Op::Unary(U::Absolute),
            Op::Binary(B::Less),
            Op::Reduce(R::All),
            Op::Unary(U::Real),
        ],
    );
    /// `nancumsum` / `nancumprod`.
    pub const NAN_SCAN: Npu = Npu::Composed(
        "where(isnan(x), identity, x), then cumsum or cumprod",
        &[
            Op::Unary(U::Isnan),
            Op::Where,
            Op::Reduce(R::Cumsum),
            Op::Reduce(R::Cumprod),
        ],
    );
    /// `cumulative_sum` / `cumulative_prod`.
    pub const CUMULATIVE: Npu = Npu::Composed(
        "cumsum or cumprod, the identity joined in front",
        &[Op::Reduce(R::Cumsum), Op::Reduce(R::Cumprod), Op::Copy],
    );
    /// `array_equiv`.
    pub const ARRAY_EQUIV: Npu = Npu::Composed(
        "all(a == b) on broadcast views",
        &[Op::Binary(B::Equal), Op::Reduce(R::All)],
    );
    /// `asarray_chkfinite`.
    pub const CHKFINITE: Npu = Npu::Composed(
        "all(isfinite(x))",
        &[Op::Unary(U::Isfinite), Op::Reduce(R::All)],
    );
    /// `vander`.
    pub const VANDER: Npu = Npu::Composed(
        "cumprod of the repeated column, joined to a column of ones",
        &[Op::Reduce(R::Cumprod), Op::Copy],
    );
    /// `bartlett`.
    pub const BARTLETT: Npu = Npu::Composed(
        "where(n <= 0, 1 + n/(M-1), 1 - n/(M-1))",
        &[
            Op::Binary(B::TrueDivide),
            Op::Binary(B::Add),
            Op::Binary(B::Subtract),
            Op::Where,
        ],
    );
    /// `blackman`, `hamming`, `hanning`.
    pub const COSINE_WINDOW: Npu = Npu::Composed(
        "a0 + a1 * cos(pi * n / (M-1)) (+ a2 * cos(2 pi n / (M-1)))",
        &[
            Op::Binary(B::Multiply),
            Op::Binary(B::TrueDivide),
            Op::Unary(U::Cos),
            Op::Binary(B::Add),
        ],
    );
    /// `kaiser`.
    pub const KAISER: Npu = Npu::Composed(
        "i0(beta * sqrt(1 - ((n - alpha) / alpha)**2)) / i0(beta)",
        &[
            Op::Binary(B::Subtract),
            Op::Binary(B::TrueDivide),
            Op::Binary(B::Power),
            Op::Unary(U::Sqrt),
            Op::Unary(U::Exp),
            Op::Where,
        ],
    );
    /// `unwrap`.
    pub const UNWRAP: Npu = Npu::Composed(
        "NumPy's unwrap: diff, mod, where, cumsum",
        &[
            Op::Binary(B::Subtract),
            Op::Binary(B::Remainder),
            Op::Where,
            Op::Reduce(R::Cumsum),
            Op::Binary(B::Add),
        ],
    );
    /// `copyto`.
    pub const COPYTO: Npu = Npu::Composed("where(mask, src, dst) into dst", &[Op::Where, Op::Copy]);
    /// `ascontiguousarray` / `asfortranarray`.
    pub const RELAYOUT: Npu = Npu::Composed("a copy in the other order when needed", &[Op::Copy]);
    /// `polyval`, `polyadd`, `polyder`, ...: arithmetic on coefficient arrays.
    pub const POLYVAL: Npu = Npu::Composed(
        "arithmetic on the coefficient arrays (Horner's scheme for polyval)",
        &[
            Op::Binary(B::Multiply),
            Op::Binary(B::Add),
            Op::Binary(B::Subtract),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `numpy.polynomial`'s series arithmetic (sums, products, quotients,
    /// derivatives, integrals, conversions): the coefficients computed on
    /// the host in NumPy's order of operations, the result placed on the
    /// device.
    pub const SERIES: Npu =
        Npu::Host("coefficient series computed on the host in float64 or complex128");
    /// `numpy.polynomial`'s evaluations, pseudo-Vandermonde matrices and
    /// domain maps: the basis' recurrence in array arithmetic.
    pub const SERIES_VAL: Npu = Npu::Composed(
        "the basis' recurrence (Horner's or Clenshaw's) in array arithmetic",
        &[
            Op::Binary(B::Multiply),
            Op::Binary(B::Add),
            Op::Binary(B::Subtract),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `numpy.polynomial`'s weight functions.
    pub const SERIES_WEIGHT: Npu = Npu::Composed(
        "the weight formula (exp, sqrt) in array arithmetic",
        &[
            Op::Unary(U::Exp),
            Op::Unary(U::Sqrt),
            Op::Binary(B::Multiply),
            Op::Binary(B::TrueDivide),
        ],
    );
    /// `chebpts1`, `chebpts2`: sines or cosines of evenly spaced angles.
    pub const CHEBPTS: Npu = Npu::Composed(
        "sin or cos of evenly spaced angles",
        &[
            Op::Unary(U::Sin),
            Op::Unary(U::Cos),
            Op::Binary(B::Multiply),
        ],
    );
    /// `polyvalfromroots`: `prod(x - r, axis=0)`.
    pub const VALFROMROOTS: Npu = Npu::Composed(
        "prod(x - r, axis=0)",
        &[Op::Binary(B::Subtract), Op::Reduce(R::Prod)],
    );
    /// `chebinterpolate`: the function at the Chebyshev points, then the
    /// transposed pseudo-Vandermonde matrix times its values.
    pub const CHEBINTERPOLATE: Npu = Npu::Composed(
        "the function's own ops at the Chebyshev points, then dot(V.T, y) (aclnnMatmul)",
        &[Op::Matmul, Op::Binary(B::TrueDivide)],
    );
    /// `polymul`.
    pub const POLYMUL: Npu = Npu::Composed(
        "convolution of the coefficient arrays",
        &[Op::Binary(B::Multiply), Op::Reduce(R::Sum)],
    );
    /// `apply_along_axis`, `apply_over_axes`, `piecewise`, `fromfunction`:
    /// the Python function's own operations dispatch as it makes them.
    pub const CALLS_FUNCTION: Npu = Npu::Composed(
        "the given function's own ops, results copied into place",
        &[Op::Copy],
    );
    /// `numpy.testing`'s assertions: the comparison, then `all()`.
    pub const ISCLOSE_ALL: Npu = Npu::Composed(
        "the elementwise comparison (==, <, isclose), then all()",
        &[
            Op::Binary(B::Equal),
            Op::Binary(B::Subtract),
            Op::Unary(U::Absolute),
            Op::Binary(B::LessEqual),
            Op::Reduce(R::All),
        ],
    );
    /// `numpy.emath`: the real function, on complex input where needed.
    pub const EMATH: Npu = Npu::Composed(
        "a domain test, a cast to complex where needed, then the function",
        &[
            Op::Binary(B::Less),
            Op::Reduce(R::Any),
            Op::Cast(DType::Complex64),
            Op::Unary(U::Sqrt),
        ],
    );
    /// `conj` / `conjugate` methods.
    pub const CONJ: Npu = Npu::Op(Op::Unary(U::Conjugate));
    /// `a.real`.
    pub const REAL: Npu = Npu::Op(Op::Unary(U::Real));
    /// `a.imag`.
    pub const IMAG: Npu = Npu::Op(Op::Unary(U::Imag));
    /// `ufunc.reduce`: the matching reduction.
    pub const UFUNC_REDUCE: Npu = Npu::Composed(
        "the ufunc's reduction (sum, prod, max, min, all, any)",
        &[
            Op::Reduce(R::Sum),
            Op::Reduce(R::Prod),
            Op::Reduce(R::Max),
            Op::Reduce(R::Min),
            Op::Reduce(R::All),
            Op::Reduce(R::Any),
        ],
    );
    /// `ufunc.accumulate`.
    pub const UFUNC_ACCUMULATE: Npu = Npu::Composed(
        "cumsum or cumprod",
        &[Op::Reduce(R::Cumsum), Op::Reduce(R::Cumprod)],
    );
    /// `ufunc.outer`.
    pub const UFUNC_OUTER: Npu =
        Npu::Composed("the ufunc on broadcast views", &[Op::Binary(B::Multiply)]);
    /// `ufunc.at`.
    pub const UFUNC_AT: Npu =
        Npu::Composed("gather, the ufunc, scatter", &[Op::Gather, Op::Scatter]);
    /// `ptp`.
    pub const PTP: Npu = Npu::Composed(
        "max - min",
        &[
            Op::Reduce(R::Max),
            Op::Reduce(R::Min),
            Op::Binary(B::Subtract),
        ],
    );
    /// `count_nonzero`.
    pub const COUNT_NONZERO: Npu = Npu::Composed(
        "sum(x != 0)",
        &[Op::Binary(B::NotEqual), Op::Reduce(R::Sum)],
    );
    /// `nansum` / `nanprod` / `nanmean`.
    pub const NAN_SUM: Npu = Npu::Composed(
        "where(isnan(x), identity, x) reduced",
        &[Op::Unary(U::Isnan), Op::Where, Op::Reduce(R::Sum)],
    );
    /// `nanprod`.
    pub const NAN_PROD: Npu = Npu::Composed(
        "where(isnan(x), 1, x) reduced",
        &[Op::Unary(U::Isnan), Op::Where, Op::Reduce(R::Prod)],
    );
    /// `nanmin` / `nanmax` / `nanargmin` / `nanargmax`.
    pub const NAN_EXTREMA: Npu = Npu::Composed(
        "where(isnan(x), ±inf, x) reduced",
        &[Op::Unary(U::Isnan), Op::Where, Op::Reduce(R::Max)],
    );
    /// `average`.
    pub const AVERAGE: Npu = Npu::Composed(
        "sum(x * w) / sum(w)",
        &[
            Op::Binary(B::Multiply),
            Op::Reduce(R::Sum),
            Op::Binary(B::TrueDivide),
        ],
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(name: &str, mode: Float64Mode) -> Row {
        rows(None, mode)
            .into_iter()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("no row {name}"))
    }

    #[test]
    fn globs_and_substrings() {
        assert!(matches("sum", "np.cumsum"));
        assert!(matches("*sum*", "np.nansum"));
        assert!(matches("np.*sum", "np.cumsum"));
        assert!(!matches("np.*sum", "ndarray.sum"));
        assert!(matches("np.s?rt", "np.sqrt"));
        assert!(!matches("*sum", "np.sum_it"));
        assert!(matches("SQRT", "np.sqrt"));
    }

    #[test]
    fn dtype_columns_follow_the_policy_table() {
        let add = one("np.add", Float64Mode::Float32);
        assert_eq!(add.runs, "aclnnAdd; aclnnAdds with a scalar operand");
        assert!(add.native.contains(&DType::Float32));
        assert!(add.demoted.contains(&(DType::Float64, DType::Float32)));
        assert!(add.host.contains(&DType::UInt64));
        // Under `off`, float64 add runs natively (aclnnAdd takes DOUBLE) and
        // matmul raises.
        assert!(one("np.add", Float64Mode::Off)
            .native
            .contains(&DType::Float64));
        assert!(one("np.matmul", Float64Mode::Off)
            .raises
            .contains(&DType::Float64));
        assert!(one("np.matmul", Float64Mode::Cpu)
            .host
            .contains(&DType::Float64));
    }

    #[test]
    fn compositions_and_host_entries() {
        assert_eq!(
            one("np.isnan", Float64Mode::Float32).runs,
            "composition x != x (aclnnNeTensor)"
        );
        let hist = one("np.histogram", Float64Mode::Float32);
        assert!(hist.runs.starts_with("host"), "{}", hist.runs);
        assert_eq!(hist.host_text(), "all");
        // median sorts its lanes by aclnnSort (float64 and complex, which
        // Sort lacks, on the host in every mode: never demoted or raised).
        for mode in [Float64Mode::Float32, Float64Mode::Off] {
            let median = one("np.median", mode);
            assert!(median.runs.contains("aclnnSort"), "{}", median.runs);
            assert!(median.native.contains(&DType::Float32));
            assert!(median.host.contains(&DType::Float64), "{mode:?}");
            assert!(median.raises.is_empty() && median.demoted.is_empty());
        }
        assert_eq!(
            one("np.cbrt", Float64Mode::Float32).runs,
            "host (no aclnn mapping)"
        );
        assert!(one("ndarray.shape", Float64Mode::Float32).view);
    }

    #[test]
    fn python_level_entries_are_left_out() {
        // `str.upper` is left out; `np.strings.upper` is listed.
        let upper = rows(Some("upper"), Float64Mode::Float32);
        assert!(upper.iter().all(|r| !r.name.starts_with("str.")));
        assert!(upper.iter().any(|r| r.name.contains("strings.upper")));
        assert!(rows(None, Float64Mode::Float32)
            .iter()
            .all(|r| !r.name.starts_with("math.") && !r.name.starts_with("str.")));
    }

    #[test]
    fn every_dispatch_entry_is_itemised() {
        let vague: Vec<String> = rows(None, Float64Mode::Float32)
            .into_iter()
            .filter(|r| r.runs.contains("of dispatched primitives"))
            .map(|r| r.name)
            .collect();
        assert!(vague.is_empty(), "entries without npu = ...: {vague:?}");
    }
}
