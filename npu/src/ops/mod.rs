//! Operations on arrays: the [`Op`] enum describing every primitive, the
//! elementwise op types with their NumPy and aclnn names, and the
//! [`dispatch`] functions the stdlib calls.
//!
//! # Public API (what `stdlib` calls)
//!
//! Every entry point goes through [`dispatch`], which owns the policy:
//! it resolves the NumPy ufunc loop (NEP 50 promotion with weak Python
//! scalars, then the first of the ufunc's loops the inputs cast to
//! safely), raises NumPy's errors, and calls the backend through the
//! device router (`crate::device::Router`): operands on `cpu` run on the
//! cpu backend, operands on `npu:N` on the Ascend backend under the dtype
//! policy (native / demote / host fallback / raise, see
//! [`crate::ascend::policy`]), operands on two devices raise. No cpu
//! shortcut bypasses it.
//!
//! Session hooks: [`set_float64_mode`] / [`set_context`] /
//! [`with_context`] (float64 mode, device timing, a [`ProfileSink`]),
//! [`stats`] (ops run on cpu, through aclnn, or on the host as a
//! fallback), and [`matmul_with`] for the linalg module's matmul.
//!
//! - [`binary`]`(op, &Array, &Array) -> Result<Array>`
//! - [`binary_op`]`(op, Operand, Operand) -> Result<Array>`: one side may
//!   be a weak Python scalar (`int8 array + 1 -> int8`)
//! - [`binary_scalars`]`(op, Operand, Operand) -> Result<Option<Scalar>>`:
//!   NumPy scalar math (`np.float64(1) + 2`) without making arrays
//! - [`binary_into`]`(op, out: &Array, Operand, Operand) -> Result<()>`:
//!   in-place (`a += b`), `same_kind` casting into `out`
//! - [`unary`]`(op, &Array) -> Result<Array>` and
//!   [`unary_into`]`(op, out: &Array, &Array) -> Result<()>`
//! - [`reduce`]`(op, &Array, &ReduceOpts) -> Result<Array>`: sum, prod,
//!   min, max, argmin, argmax, all, any, mean, var, std, cumsum, cumprod
//! - [`where_`]`(cond: &Array, Operand, Operand) -> Result<Array>`
//! - [`concatenate`]`(&[Array], axis: Option<isize>) -> Result<Array>`
//! - [`cast`]`(&Array, DType) -> Result<Array>`, [`copy`]`(&Array) ->
//!   Result<Array>` (order `K`)
//! - [`get_index`]`(&Array, &[Index]) -> Result<Array>` and
//!   [`set_index`]`(&Array, &[Index], Operand) -> Result<()>`
//!
//! - [`manip`] (splitting, tiling, padding, `insert`/`delete`, `block`,
//!   ...) and [`select`] (`take`/`put`, `nonzero`, `searchsorted`,
//!   diagonals, ...): NumPy routines composed from the above, index
//!   arrays computed on the host
//!
//! Results that NumPy would return as scalars come back as 0-d arrays; the
//! caller turns them into scalars.
//!
//! Beyond dispatch: [`linalg`], [`fft`], [`sort`] (sorting behind the
//! [`sort::SortBackend`] seam), [`sets`] (`unique`, `isin`, set
//! operations), [`stats`] (median, quantiles, `nanvar`), [`hist`]
//! (`histogram`, `bincount`, `digitize`) and [`numeric`] (`interp`,
//! `convolve`, `gradient`, `trapezoid`, `cross`, `cov`, `modf`, `frexp`,
//! `ufunc.at`).
//!
//! # Adding an elementwise op
//!
//! Add a line to the table in [`unary_ops!`] or [`binary_ops!`] here
//! (name, aclnn name, NumPy's loop list from `np.<ufunc>.types`) and its
//! kernel in `cpu/unary.rs` or `cpu/binary.rs`: two files.

pub mod dispatch;
pub mod fft;
pub mod hist;
pub mod index;
pub mod linalg;
pub mod manip;
pub mod numeric;
pub mod select;
pub mod sets;
pub mod sort;
pub mod stats;

pub use dispatch::{
    binary, binary_into, binary_op, binary_scalars, cast, concatenate, copy, reduce, unary,
    unary_into, where_, Backend, CpuBackend, Operand, ReduceOpts,
};
pub use index::{get_index, set_index, Index};

pub use crate::ascend::policy::Float64Mode;
pub use crate::device::{
    context, float64_mode, matmul_with, reset_stats, set_context, set_float64_mode, stats,
    with_context, DispatchContext, ExecKind, OpRecord, OpStats, ProfileSink, RecordingSink,
};

use crate::dtype::DType;

/// An elementwise op type: a unit struct per ufunc carrying its names
/// (STYLE point 16).
pub trait ElementwiseOpT {
    /// NumPy's ufunc name (`"add"`).
    const NAME: &'static str;
    /// The aclnn operator the Ascend backend runs (`"aclnnAdd"`).
    const ACLNN: &'static str;
    /// NumPy's loop list (`np.add.types`, without object, time and
    /// long-double loops).
    const LOOPS: &'static str;
}

/// A unary elementwise op type (see [`ElementwiseOpT`]).
pub trait UnaryOpT: ElementwiseOpT {
    /// The dynamic op value.
    const OP: UnaryOp;
}

/// A binary elementwise op type (see [`ElementwiseOpT`]).
pub trait BinaryOpT: ElementwiseOpT {
    /// The dynamic op value.
    const OP: BinaryOp;
}

macro_rules! elementwise_ops {
    ($enum:ident, $trait:ident, $doc:literal,
     $($(#[$m:meta])* $name:ident $np:literal $acl:literal $loops:literal;)*) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $enum {
            $($(#[$m])* $name,)*
        }

        impl $enum {
            /// Every op, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$name,)*];

            /// NumPy's ufunc name.
            pub fn name(self) -> &'static str {
                match self { $($enum::$name => $np,)* }
            }

            /// The aclnn operator name.
            pub fn aclnn(self) -> &'static str {
                match self { $($enum::$name => $acl,)* }
            }

            /// NumPy's loop list (`np.<ufunc>.types`, object, time and
            /// long double loops left out).
            pub fn loops(self) -> &'static str {
                match self { $($enum::$name => $loops,)* }
            }

            /// The op of a NumPy ufunc name.
            pub fn from_name(name: &str) -> Option<$enum> {
                match name { $($np => Some($enum::$name),)* _ => None }
            }
        }

        $(
            $(#[$m])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub struct $name;

            impl ElementwiseOpT for $name {
                const NAME: &'static str = $np;
                const ACLNN: &'static str = $acl;
                const LOOPS: &'static str = $loops;
            }

            impl $trait for $name {
                const OP: $enum = $enum::$name;
            }
        )*
    };
}

elementwise_ops! {
    BinaryOp, BinaryOpT, "A binary ufunc (NumPy name via [`BinaryOp::name`]).",
    /// `np.add`.
    Add "add" "aclnnAdd" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.subtract`.
    Subtract "subtract" "aclnnSub" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.multiply`.
    Multiply "multiply" "aclnnMul" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.true_divide` (`np.divide`); integer inputs divide in float64.
    TrueDivide "divide" "aclnnDiv" "ee->e ff->f dd->d FF->F DD->D";
    /// `np.floor_divide` (Python's sign rule).
    FloorDivide "floor_divide" "aclnnFloorDivide" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d";
    /// `np.remainder` (`np.mod`, Python's sign rule).
    Remainder "remainder" "aclnnRemainderTensorTensor" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d";
    /// `np.fmod` (C's sign rule).
    Fmod "fmod" "aclnnFmodTensor" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d";
    /// `np.power`.
    Power "power" "aclnnPowTensorTensor" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.float_power` (float64 or complex128).
    FloatPower "float_power" "aclnnPowTensorTensor" "dd->d DD->D";
    /// `np.maximum` (NaN propagates).
    Maximum "maximum" "aclnnMaximum" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.minimum` (NaN propagates).
    Minimum "minimum" "aclnnMinimum" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.fmax` (NaN ignored).
    Fmax "fmax" "aclnnMaximum" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.fmin` (NaN ignored).
    Fmin "fmin" "aclnnMinimum" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q ee->e ff->f dd->d FF->F DD->D";
    /// `np.arctan2`.
    Arctan2 "arctan2" "aclnnAtan2" "ee->e ff->f dd->d";
    /// `np.hypot`.
    Hypot "hypot" "aclnnHypot" "ee->e ff->f dd->d";
    /// `np.copysign`.
    Copysign "copysign" "aclnnCopysign" "ee->e ff->f dd->d";
    /// `np.nextafter`.
    Nextafter "nextafter" "aclnnNextafter" "ee->e ff->f dd->d";
    /// `np.ldexp` (the exponent is an integer array).
    Ldexp "ldexp" "aclnnLdexp" "ei->e fi->f el->e fl->f di->d dl->d";
    /// `np.logaddexp`.
    Logaddexp "logaddexp" "aclnnLogAddExp" "ee->e ff->f dd->d";
    /// `np.logaddexp2`.
    Logaddexp2 "logaddexp2" "aclnnLogAddExp2" "ee->e ff->f dd->d";
    /// `np.heaviside`.
    Heaviside "heaviside" "aclnnHeaviside" "ee->e ff->f dd->d";
    /// `np.gcd`.
    Gcd "gcd" "aclnnGcd" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.lcm`.
    Lcm "lcm" "aclnnLcm" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.bitwise_and`.
    BitwiseAnd "bitwise_and" "aclnnBitwiseAndTensor" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.bitwise_or`.
    BitwiseOr "bitwise_or" "aclnnBitwiseOrTensor" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.bitwise_xor`.
    BitwiseXor "bitwise_xor" "aclnnBitwiseXorTensor" "??->? bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.left_shift`.
    LeftShift "left_shift" "aclnnLeftShift" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.right_shift` (arithmetic for signed types).
    RightShift "right_shift" "aclnnRightShift" "bb->b BB->B hh->h HH->H ii->i II->I qq->q QQ->Q";
    /// `np.logical_and`.
    LogicalAnd "logical_and" "aclnnLogicalAnd" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.logical_or`.
    LogicalOr "logical_or" "aclnnLogicalOr" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.logical_xor`.
    LogicalXor "logical_xor" "aclnnLogicalXor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.equal` (`==`).
    Equal "equal" "aclnnEqTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.not_equal` (`!=`).
    NotEqual "not_equal" "aclnnNeTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.less` (`<`).
    Less "less" "aclnnLtTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.less_equal` (`<=`).
    LessEqual "less_equal" "aclnnLeTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.greater` (`>`).
    Greater "greater" "aclnnGtTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
    /// `np.greater_equal` (`>=`).
    GreaterEqual "greater_equal" "aclnnGeTensor" "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
}

elementwise_ops! {
    UnaryOp, UnaryOpT, "A unary ufunc (NumPy name via [`UnaryOp::name`]).",
    /// `np.negative` (`-a`).
    Negative "negative" "aclnnNeg" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.positive` (`+a`).
    Positive "positive" "aclnnPositive" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.absolute` (`abs`); complex gives the real magnitude.
    Absolute "absolute" "aclnnAbs" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->f D->d";
    /// `np.fabs`.
    Fabs "fabs" "aclnnAbs" "e->e f->f d->d";
    /// `np.sign` (complex: `z / |z|` as NumPy 2).
    Sign "sign" "aclnnSign" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.sqrt`.
    Sqrt "sqrt" "aclnnSqrt" "e->e f->f d->d F->F D->D";
    /// `np.cbrt`.
    Cbrt "cbrt" "aclnnCbrt" "e->e f->f d->d";
    /// `np.square`.
    Square "square" "aclnnSquare" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.reciprocal` (integer `1 / x` truncates).
    Reciprocal "reciprocal" "aclnnReciprocal" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.exp`.
    Exp "exp" "aclnnExp" "e->e f->f d->d F->F D->D";
    /// `np.exp2`.
    Exp2 "exp2" "aclnnExp2" "e->e f->f d->d F->F D->D";
    /// `np.expm1`.
    Expm1 "expm1" "aclnnExpm1" "e->e f->f d->d F->F D->D";
    /// `np.log`.
    Log "log" "aclnnLog" "e->e f->f d->d F->F D->D";
    /// `np.log2`.
    Log2 "log2" "aclnnLog2" "e->e f->f d->d F->F D->D";
    /// `np.log10`.
    Log10 "log10" "aclnnLog10" "e->e f->f d->d F->F D->D";
    /// `np.log1p`.
    Log1p "log1p" "aclnnLog1p" "e->e f->f d->d F->F D->D";
    /// `np.sin`.
    Sin "sin" "aclnnSin" "e->e f->f d->d F->F D->D";
    /// `np.cos`.
    Cos "cos" "aclnnCos" "e->e f->f d->d F->F D->D";
    /// `np.tan`.
    Tan "tan" "aclnnTan" "e->e f->f d->d F->F D->D";
    /// `np.arcsin`.
    Arcsin "arcsin" "aclnnAsin" "e->e f->f d->d F->F D->D";
    /// `np.arccos`.
    Arccos "arccos" "aclnnAcos" "e->e f->f d->d F->F D->D";
    /// `np.arctan`.
    Arctan "arctan" "aclnnAtan" "e->e f->f d->d F->F D->D";
    /// `np.sinh`.
    Sinh "sinh" "aclnnSinh" "e->e f->f d->d F->F D->D";
    /// `np.cosh`.
    Cosh "cosh" "aclnnCosh" "e->e f->f d->d F->F D->D";
    /// `np.tanh`.
    Tanh "tanh" "aclnnTanh" "e->e f->f d->d F->F D->D";
    /// `np.arcsinh`.
    Arcsinh "arcsinh" "aclnnAsinh" "e->e f->f d->d F->F D->D";
    /// `np.arccosh`.
    Arccosh "arccosh" "aclnnAcosh" "e->e f->f d->d F->F D->D";
    /// `np.arctanh`.
    Arctanh "arctanh" "aclnnAtanh" "e->e f->f d->d F->F D->D";
    /// `np.deg2rad` (`np.radians`).
    Deg2rad "deg2rad" "aclnnMuls" "e->e f->f d->d";
    /// `np.rad2deg` (`np.degrees`).
    Rad2deg "rad2deg" "aclnnMuls" "e->e f->f d->d";
    /// `np.floor` (integers pass through).
    Floor "floor" "aclnnFloor" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d";
    /// `np.ceil`.
    Ceil "ceil" "aclnnCeil" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d";
    /// `np.trunc` (`np.fix` for real input).
    Trunc "trunc" "aclnnTrunc" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d";
    /// `np.rint` (half to even).
    Rint "rint" "aclnnRound" "e->e f->f d->d F->F D->D";
    /// `np.isnan`.
    Isnan "isnan" "aclnnIsNan" "?->? b->? B->? h->? H->? i->? I->? q->? Q->? e->? f->? d->? F->? D->?";
    /// `np.isinf`.
    Isinf "isinf" "aclnnIsInf" "?->? b->? B->? h->? H->? i->? I->? q->? Q->? e->? f->? d->? F->? D->?";
    /// `np.isfinite`.
    Isfinite "isfinite" "aclnnIsFinite" "?->? b->? B->? h->? H->? i->? I->? q->? Q->? e->? f->? d->? F->? D->?";
    /// `np.signbit`.
    Signbit "signbit" "aclnnSignbit" "e->? f->? d->?";
    /// `np.logical_not`.
    LogicalNot "logical_not" "aclnnLogicalNot" "?->? b->? B->? h->? H->? i->? I->? q->? Q->? e->? f->? d->? F->? D->?";
    /// `np.invert` (`~`, `np.bitwise_not`).
    Invert "invert" "aclnnBitwiseNot" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q";
    /// `np.conjugate`.
    Conjugate "conjugate" "aclnnConj" "b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->F D->D";
    /// `np.real` (a copy here; `a.real` as a view is a layout operation).
    Real "real" "aclnnReal" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->f D->d";
    /// `np.imag`.
    Imag "imag" "aclnnImag" "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->f D->d";
    /// `np.angle` (radians).
    Angle "angle" "aclnnAngle" "e->e f->f d->d F->f D->d";
    /// `np.sinc` (normalised).
    Sinc "sinc" "aclnnSinc" "e->e f->f d->d F->F D->D";
    /// `np.spacing`.
    Spacing "spacing" "aclnnSpacing" "e->e f->f d->d";
}

/// A reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    /// `sum` (`np.add.reduce`): pairwise for floats.
    Sum,
    /// `prod`.
    Prod,
    /// `min` / `amin` (NaN propagates).
    Min,
    /// `max` / `amax`.
    Max,
    /// `argmin` (first occurrence; NaN wins).
    Argmin,
    /// `argmax`.
    Argmax,
    /// `all`.
    All,
    /// `any`.
    Any,
    /// `mean`.
    Mean,
    /// `var` (with [`ReduceOpts::ddof`]).
    Var,
    /// `std`.
    Std,
    /// `cumsum` (one axis, or the flattened array).
    Cumsum,
    /// `cumprod`.
    Cumprod,
}

impl ReduceOp {
    /// NumPy's function name.
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::Prod => "prod",
            ReduceOp::Min => "min",
            ReduceOp::Max => "max",
            ReduceOp::Argmin => "argmin",
            ReduceOp::Argmax => "argmax",
            ReduceOp::All => "all",
            ReduceOp::Any => "any",
            ReduceOp::Mean => "mean",
            ReduceOp::Var => "var",
            ReduceOp::Std => "std",
            ReduceOp::Cumsum => "cumsum",
            ReduceOp::Cumprod => "cumprod",
        }
    }

    /// The aclnn operator name.
    pub fn aclnn(self) -> &'static str {
        match self {
            ReduceOp::Sum => "aclnnReduceSum",
            ReduceOp::Prod => "aclnnProd",
            ReduceOp::Min => "aclnnAmin",
            ReduceOp::Max => "aclnnAmax",
            ReduceOp::Argmin => "aclnnArgMin",
            ReduceOp::Argmax => "aclnnArgMax",
            ReduceOp::All => "aclnnAll",
            ReduceOp::Any => "aclnnAny",
            ReduceOp::Mean => "aclnnMean",
            ReduceOp::Var => "aclnnVar",
            ReduceOp::Std => "aclnnStd",
            ReduceOp::Cumsum => "aclnnCumsum",
            ReduceOp::Cumprod => "aclnnCumprod",
        }
    }
}

/// Every primitive a backend may be asked to run (DESIGN §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// An elementwise unary ufunc.
    Unary(UnaryOp),
    /// An elementwise binary ufunc.
    Binary(BinaryOp),
    /// A reduction or scan.
    Reduce(ReduceOp),
    /// `astype`.
    Cast(DType),
    /// `np.where(cond, a, b)`.
    Where,
    /// `np.concatenate`.
    Concat,
    /// Advanced-index read (`a[idx]`).
    Gather,
    /// Advanced-index write (`a[idx] = v`).
    Scatter,
    /// `a.fill(v)` / `a[...] = v`.
    Fill,
    /// `np.arange`.
    Arange,
    /// A (possibly casting) copy between layouts.
    Copy,
    /// `np.sort`.
    Sort,
    /// `np.matmul`.
    Matmul,
    /// A `np.linalg` factorisation.
    Linalg(linalg::LinalgOp),
    /// A one-axis FFT.
    Fft(fft::FftKind),
}

impl Op {
    /// The name shown in errors and profiles.
    pub fn name(self) -> &'static str {
        match self {
            Op::Unary(u) => u.name(),
            Op::Binary(b) => b.name(),
            Op::Reduce(r) => r.name(),
            Op::Cast(_) => "astype",
            Op::Where => "where",
            Op::Concat => "concatenate",
            Op::Gather => "getitem",
            Op::Scatter => "setitem",
            Op::Fill => "fill",
            Op::Arange => "arange",
            Op::Copy => "copy",
            Op::Sort => "sort",
            Op::Matmul => "matmul",
            Op::Linalg(l) => l.name(),
            Op::Fft(f) => f.name(),
        }
    }
}

/// Whether a cpu kernel wrote an infinity or a NaN since the last call,
/// which clears the flag: the cpu backend's stand-in for the FPU status
/// flags NumPy reads after a ufunc, so a floating-point check need not
/// look at a large result again.
pub fn nonfinite_written() -> bool {
    crate::cpu::kernel::nonfinite_written()
}
