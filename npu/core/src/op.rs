//! The primitives a backend runs: [`Op`], the elementwise ufuncs
//! ([`UnaryOp`], [`BinaryOp`] and a unit type per ufunc carrying its
//! NumPy and aclnn names and loop list), reductions ([`ReduceOp`]), the
//! factorisations of [`LinalgOp`] and the transforms of [`FftKind`].

use crate::dtype::DType;
use crate::error::{Error, Result};

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
    /// `np.bitwise_count`: the number of 1 bits in the absolute value.
    BitwiseCount "bitwise_count" "aclnnBitwiseCount" "b->B B->B h->B H->B i->B I->B q->B Q->B";
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
    /// NumPy's default accumulator dtype of a reduction over `d`.
    pub fn accumulator(self, d: DType) -> DType {
        use ReduceOp::*;
        match self {
            Sum | Prod | Cumsum | Cumprod => {
                if d.is_bool() || (d.is_signed_integer() && d.itemsize() < 8) {
                    DType::Int64
                } else if d.is_unsigned_integer() && d.itemsize() < 8 {
                    DType::UInt64
                } else {
                    d
                }
            }
            Mean | Var | Std => {
                if d.is_integer() || d.is_bool() {
                    DType::Float64
                } else {
                    d
                }
            }
            All | Any => DType::Bool,
            Min | Max | Argmin | Argmax => d,
        }
    }

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
    /// `np.eye` / `np.identity`: ones on the main diagonal.
    Eye,
    /// `np.roll`.
    Roll,
    /// `np.tril`: the lower triangle of the last two axes.
    Tril,
    /// `np.triu`: the upper triangle of the last two axes.
    Triu,
    /// A (possibly casting) copy between layouts.
    Copy,
    /// `np.sort`.
    Sort,
    /// `np.searchsorted`: insertion points into a sorted 1-d array.
    SearchSorted,
    /// `np.argwhere` (and `np.nonzero` on it): the indices of the
    /// nonzero elements.
    Nonzero,
    /// `np.bincount` without weights: how often each value occurs.
    Bincount,
    /// `np.matmul`.
    Matmul,
    /// A `np.linalg` factorisation.
    Linalg(LinalgOp),
    /// A one-axis FFT.
    Fft(FftKind),
    /// A fused elementwise chain (`a * 2.0 + b`), named by its operators
    /// in order (`fused multiply add`).
    Fused(&'static str),
}

/// One step of a fused elementwise chain in postfix order: `a * 2.0 + b`
/// is `Input(0) Const(2.0) Binary(Multiply) Input(1) Binary(Add)`.
/// Operands are pushed, operators pop theirs and push their result. The
/// cpu backend runs a chain in one blocked pass (`xpush_cpu::fused`), the
/// ascend backend on aclnn's fused ops where they apply
/// (`xpush_ascend::fused`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FusedStep {
    /// The chain's `i`-th input array.
    Input(usize),
    /// A scalar of the arrays' dtype.
    Const(crate::scalar::Scalar),
    /// `np.negative`, `np.square`, `np.sqrt` or `np.absolute` of the top
    /// value.
    Unary(UnaryOp),
    /// One of `add`, `subtract`, `multiply`, `true_divide` of the top two
    /// values (the deeper one first).
    Binary(BinaryOp),
    /// A comparison (`less`, `greater_equal`, `equal`, ...) of the top two
    /// values: a mask, which only [`FusedStep::Where`] takes.
    Compare(BinaryOp),
    /// `np.where(mask, x, y)` of the top three values (the mask deepest).
    Where,
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
            Op::Eye => "eye",
            Op::Roll => "roll",
            Op::Tril => "tril",
            Op::Triu => "triu",
            Op::Copy => "copy",
            Op::Sort => "sort",
            Op::SearchSorted => "searchsorted",
            Op::Nonzero => "nonzero",
            Op::Bincount => "bincount",
            Op::Matmul => "matmul",
            Op::Linalg(l) => l.name(),
            Op::Fft(f) => f.name(),
            Op::Fused(name) => name,
        }
    }
}

/// `np.linalg.qr`'s `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QrMode {
    /// `'reduced'`: `Q` is `(m, k)`, `R` is `(k, n)`, `k = min(m, n)`.
    Reduced,
    /// `'complete'`: `Q` is `(m, m)`, `R` is `(m, n)`.
    Complete,
    /// `'r'`: only `R`, `(k, n)`.
    R,
}

impl QrMode {
    /// Parses NumPy's mode name (`ValueError: Unrecognized mode 'x'`
    /// otherwise; `'raw'` is not supported).
    pub fn parse(s: &str) -> Result<QrMode> {
        match s {
            "reduced" => Ok(QrMode::Reduced),
            "complete" => Ok(QrMode::Complete),
            "r" => Ok(QrMode::R),
            "raw" => Err(Error::not_implemented("qr mode 'raw' is not supported")),
            _ => Err(Error::value_error(format!("Unrecognized mode '{s}'"))),
        }
    }
}

/// A factorisation a [`LinalgBackend`](crate::backend::LinalgBackend) runs over a stack of matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinalgOp {
    /// Determinants: `[det (b,)]`.
    Det,
    /// `[sign (b,), logabsdet (b,) real]`.
    Slogdet,
    /// Inverses: `[(b, n, n)]`.
    Inv,
    /// `a x = b` for `b` of `(b, n, k)`: `[(b, n, k)]`.
    Solve,
    /// The least-squares solution of `a x = b` for `a` `(b, m, n)` of full
    /// column rank (`m >= n`) by Householder QR, `b` `(b, m, k)`:
    /// `[(b, n, k)]`.
    LstsqQr,
    /// Cholesky factor, lower (or upper): `[(b, n, n)]`.
    Cholesky {
        /// Return the upper factor `L^H`.
        upper: bool,
    },
    /// QR: `[Q, R]` or `[R]` by mode.
    Qr(QrMode),
    /// SVD: `[U, S real, Vh]` or `[S]`.
    Svd {
        /// `full_matrices`.
        full: bool,
        /// `compute_uv`.
        uv: bool,
    },
    /// General eigenproblem: `[w (b, n) complex, v (b, n, n) complex]`
    /// (or `[w]`), vectors of unit 2-norm.
    Eig {
        /// Compute eigenvectors.
        vectors: bool,
    },
    /// Hermitian eigenproblem, ascending: `[w (b, n) real, v]` (or `[w]`).
    Eigh {
        /// Read the upper triangle (`UPLO='U'`).
        upper: bool,
        /// Compute eigenvectors.
        vectors: bool,
    },
}

impl LinalgOp {
    /// NumPy's function name (`"inv"`, `"svd"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            LinalgOp::Det => "det",
            LinalgOp::Slogdet => "slogdet",
            LinalgOp::Inv => "inv",
            LinalgOp::Solve => "solve",
            LinalgOp::LstsqQr => "lstsq",
            LinalgOp::Cholesky { .. } => "cholesky",
            LinalgOp::Qr(_) => "qr",
            LinalgOp::Svd { .. } => "svd",
            LinalgOp::Eig { .. } => "eig",
            LinalgOp::Eigh { .. } => "eigh",
        }
    }
}

/// A one-axis transform an [`FftBackend`](crate::backend::FftBackend) runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FftKind {
    /// Complex to complex, forward or inverse (unnormalised).
    C2C {
        /// `ifft` direction (`exp(+2 pi i jk/n)`).
        inverse: bool,
    },
    /// Real input of length `n` to its `n/2 + 1` non-negative frequencies.
    R2C,
    /// The inverse of [`FftKind::R2C`]: `n/2 + 1` frequencies to `n` reals.
    C2R,
}

impl FftKind {
    /// NumPy's name of the transform.
    pub fn name(self) -> &'static str {
        match self {
            FftKind::C2C { inverse: false } => "fft",
            FftKind::C2C { inverse: true } => "ifft",
            FftKind::R2C => "rfft",
            FftKind::C2R => "irfft",
        }
    }
}
