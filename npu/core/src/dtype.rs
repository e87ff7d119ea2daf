//! Element types: the [`DType`] enum, its NumPy names and aliases, `finfo`
//! and `iinfo`, and the [`WithDType`] trait that maps Rust element types to
//! a `DType` (after candle's `dtype.rs`).
//!
//! Every per-dtype `match` in the crate goes through [`with_dtype!`]
//! (crate::with_dtype), so that kernels are written once, generically.

use std::fmt;

/// The element types of the half-precision and complex dtypes (what
/// [`with_dtype!`] binds).
pub use half::{bf16, f16};
pub use num_complex::{Complex32, Complex64};

use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// The element type of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    /// `bool`, one byte, 0 or 1.
    Bool,
    /// `int8`.
    Int8,
    /// `int16`.
    Int16,
    /// `int32`.
    Int32,
    /// `int64`, the default integer.
    Int64,
    /// `uint8`.
    UInt8,
    /// `uint16`.
    UInt16,
    /// `uint32`.
    UInt32,
    /// `uint64`.
    UInt64,
    /// `float16` (IEEE half).
    Float16,
    /// `bfloat16` (not in NumPy; as `ml_dtypes` and the Ascend NPU have it).
    BFloat16,
    /// `float32`.
    Float32,
    /// `float64`, the default float on the cpu device.
    Float64,
    /// `complex64` (two `float32`).
    Complex64,
    /// `complex128` (two `float64`).
    Complex128,
}

/// Expands `$body` once per dtype with `$T` bound to the Rust element type
/// of `$dt` (a [`DType`] value). The one place that spells out the
/// dtype-to-type mapping as a `match`.
#[macro_export]
macro_rules! with_dtype {
    ($dt:expr, $T:ident => $body:expr) => {{
        use $crate::dtype::DType as __D;
        match $dt {
            __D::Bool => {
                type $T = bool;
                $body
            }
            __D::Int8 => {
                type $T = i8;
                $body
            }
            __D::Int16 => {
                type $T = i16;
                $body
            }
            __D::Int32 => {
                type $T = i32;
                $body
            }
            __D::Int64 => {
                type $T = i64;
                $body
            }
            __D::UInt8 => {
                type $T = u8;
                $body
            }
            __D::UInt16 => {
                type $T = u16;
                $body
            }
            __D::UInt32 => {
                type $T = u32;
                $body
            }
            __D::UInt64 => {
                type $T = u64;
                $body
            }
            __D::Float16 => {
                type $T = $crate::dtype::f16;
                $body
            }
            __D::BFloat16 => {
                type $T = $crate::dtype::bf16;
                $body
            }
            __D::Float32 => {
                type $T = f32;
                $body
            }
            __D::Float64 => {
                type $T = f64;
                $body
            }
            __D::Complex64 => {
                type $T = $crate::dtype::Complex32;
                $body
            }
            __D::Complex128 => {
                type $T = $crate::dtype::Complex64;
                $body
            }
        }
    }};
}

/// The broad category of a dtype, ordered as NumPy's promotion orders them
/// (`bool < integer < float < complex`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// `bool`.
    Bool,
    /// Signed and unsigned integers.
    Integer,
    /// Real floating point.
    Float,
    /// Complex floating point.
    Complex,
}

impl DType {
    /// Every dtype, in declaration order.
    pub const ALL: [DType; 15] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    /// The dtypes NumPy itself has (all but `bfloat16`).
    pub const NUMPY: [DType; 14] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    /// NumPy's class of the dtype as `repr` shows it
    /// (`<class 'numpy.dtypes.UInt8DType'>`), as promotion and ufunc loop
    /// errors name it.
    pub fn class_repr(self) -> String {
        let cls = match self.name() {
            "bool" => "Bool".to_string(),
            "bfloat16" => "BFloat16".to_string(),
            n if n.starts_with("uint") => format!("UInt{}", &n[4..]),
            n => {
                let mut c = n.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            }
        };
        format!("<class 'numpy.dtypes.{cls}DType'>")
    }

    /// The name as NumPy prints it (`str(np.dtype('f4')) == 'float32'`).
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
        }
    }

    /// `repr(dtype)`: `dtype('float32')`.
    pub fn repr(self) -> String {
        format!("dtype('{}')", self.name())
    }

    /// Bytes per element.
    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
        }
    }

    /// Bits per element.
    pub fn bits(self) -> usize {
        self.itemsize() * 8
    }

    /// NumPy's `dtype.kind`: `b`, `i`, `u`, `f` or `c` (`bfloat16` is `V` in
    /// `ml_dtypes`; xpush says `f`, since it behaves as a float).
    pub fn kind(self) -> char {
        match self {
            DType::Bool => 'b',
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => 'i',
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => 'u',
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => 'f',
            DType::Complex64 | DType::Complex128 => 'c',
        }
    }

    /// NumPy's `dtype.char` on a 64-bit Linux host (`int64` is `l`);
    /// `bfloat16` has `E` as in `ml_dtypes`.
    pub fn char_code(self) -> char {
        match self {
            DType::Bool => '?',
            DType::Int8 => 'b',
            DType::Int16 => 'h',
            DType::Int32 => 'i',
            DType::Int64 => 'l',
            DType::UInt8 => 'B',
            DType::UInt16 => 'H',
            DType::UInt32 => 'I',
            DType::UInt64 => 'L',
            DType::Float16 => 'e',
            DType::BFloat16 => 'E',
            DType::Float32 => 'f',
            DType::Float64 => 'd',
            DType::Complex64 => 'F',
            DType::Complex128 => 'D',
        }
    }

    /// NumPy's `dtype.str` (`<f8`, `|b1`): byte order, kind, itemsize.
    pub fn type_str(self) -> String {
        let order = if self.itemsize() == 1 { '|' } else { '<' };
        let kind = if self == DType::BFloat16 {
            'V'
        } else {
            self.kind()
        };
        format!("{order}{kind}{}", self.itemsize())
    }

    /// The category (`bool < integer < float < complex`).
    pub fn category(self) -> Category {
        match self.kind() {
            'b' => Category::Bool,
            'i' | 'u' => Category::Integer,
            'f' => Category::Float,
            _ => Category::Complex,
        }
    }

    /// `bool`.
    pub fn is_bool(self) -> bool {
        self == DType::Bool
    }

    /// A signed or unsigned integer (not `bool`).
    pub fn is_integer(self) -> bool {
        self.category() == Category::Integer
    }

    /// A signed integer.
    pub fn is_signed_integer(self) -> bool {
        self.kind() == 'i'
    }

    /// An unsigned integer.
    pub fn is_unsigned_integer(self) -> bool {
        self.kind() == 'u'
    }

    /// A real floating type (`float16`, `bfloat16`, `float32`, `float64`).
    pub fn is_float(self) -> bool {
        self.category() == Category::Float
    }

    /// A complex type.
    pub fn is_complex(self) -> bool {
        self.category() == Category::Complex
    }

    /// Float or complex (`np.inexact`).
    pub fn is_inexact(self) -> bool {
        self.is_float() || self.is_complex()
    }

    /// For a complex dtype, the dtype of its real and imaginary parts; for
    /// others, the dtype itself.
    pub fn real_dtype(self) -> DType {
        match self {
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            d => d,
        }
    }

    /// The complex dtype whose parts are `self` (`float16`, `bfloat16` and
    /// `float32` give `complex64`), for float and complex dtypes.
    pub fn to_complex(self) -> Option<DType> {
        match self {
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Complex64 => {
                Some(DType::Complex64)
            }
            DType::Float64 | DType::Complex128 => Some(DType::Complex128),
            _ => None,
        }
    }

    /// Parses a dtype name or alias as `np.dtype(name)` does: `'float32'`,
    /// `'f4'`, `'f'`, `'float'`, `'int'`, `'complex'`, `'bool'`, `'i8'`,
    /// `'<f8'`, … An unknown name is NumPy's `TypeError`.
    pub fn parse(name: &str) -> Result<DType> {
        let not_understood = || Error::type_error(format!("data type '{name}' not understood"));
        // A byte-order prefix is accepted when it names the native order.
        let body = match name.as_bytes().first() {
            Some(b'<' | b'=' | b'|') if name.len() > 1 => &name[1..],
            _ => name,
        };
        let dt = match body {
            "bool" | "?" | "b1" | "bool_" => DType::Bool,
            "int8" | "i1" | "b" | "byte" => DType::Int8,
            "int16" | "i2" | "h" | "short" => DType::Int16,
            "int32" | "i4" | "i" | "intc" => DType::Int32,
            "int64" | "i8" | "l" | "long" | "int_" | "intp" | "int" | "longlong" | "q" | "p" => {
                DType::Int64
            }
            "uint8" | "u1" | "B" | "ubyte" => DType::UInt8,
            "uint16" | "u2" | "H" | "ushort" => DType::UInt16,
            "uint32" | "u4" | "I" | "uintc" => DType::UInt32,
            "uint64" | "u8" | "L" | "ulong" | "uint" | "uintp" | "Q" | "ulonglong" | "P" => {
                DType::UInt64
            }
            "float16" | "f2" | "e" | "half" => DType::Float16,
            "bfloat16" | "E" => DType::BFloat16,
            "float32" | "f4" | "f" | "single" => DType::Float32,
            "float64" | "f8" | "d" | "double" | "float" => DType::Float64,
            "complex64" | "c8" | "F" | "csingle" => DType::Complex64,
            "complex128" | "c16" | "D" | "cdouble" | "complex" => DType::Complex128,
            _ => return Err(not_understood()),
        };
        Ok(dt)
    }

    /// `np.finfo(self)`, for float and complex dtypes (complex gives the
    /// finfo of its parts, as NumPy does). Others raise NumPy's
    /// `ValueError: data type <class 'numpy.int64'> not inexact`.
    pub fn finfo(self) -> Result<FInfo> {
        let d = self.real_dtype();
        let (bits, precision, resolution, eps, max, tiny, subnormal, str_max) = match d {
            DType::Float16 => (
                16,
                3,
                1e-3,
                f16::EPSILON.to_f64(),
                f16::MAX.to_f64(),
                f16::MIN_POSITIVE.to_f64(),
                f16::from_bits(1).to_f64(),
                "6.55040e+04",
            ),
            DType::BFloat16 => (
                16,
                2,
                1e-2,
                bf16::EPSILON.to_f64(),
                bf16::MAX.to_f64(),
                bf16::MIN_POSITIVE.to_f64(),
                bf16::from_bits(1).to_f64(),
                "3.38953e+38",
            ),
            DType::Float32 => (
                32,
                6,
                1e-6,
                f64::from(f32::EPSILON),
                f64::from(f32::MAX),
                f64::from(f32::MIN_POSITIVE),
                f64::from(f32::from_bits(1)),
                "3.4028235e+38",
            ),
            DType::Float64 => (
                64,
                15,
                1e-15,
                f64::EPSILON,
                f64::MAX,
                f64::MIN_POSITIVE,
                f64::from_bits(1),
                "1.7976931348623157e+308",
            ),
            _ => {
                return Err(Error::value_error(format!(
                    "data type <class 'numpy.{}'> not inexact",
                    self.name()
                )))
            }
        };
        let s = |v: f64| Scalar::from_f64(d, v);
        Ok(FInfo {
            dtype: d,
            bits,
            precision,
            resolution: s(resolution),
            eps: s(eps),
            max: s(max),
            min: s(-max),
            tiny: s(tiny),
            smallest_normal: s(tiny),
            smallest_subnormal: s(subnormal),
            str_max,
        })
    }

    /// `np.iinfo(self)`, for integer dtypes (`bool` and inexact types raise
    /// NumPy's `ValueError: Invalid integer data type 'f'.`).
    pub fn iinfo(self) -> Result<IInfo> {
        let (min, max): (i128, i128) = match self {
            DType::Int8 => (i8::MIN.into(), i8::MAX.into()),
            DType::Int16 => (i16::MIN.into(), i16::MAX.into()),
            DType::Int32 => (i32::MIN.into(), i32::MAX.into()),
            DType::Int64 => (i64::MIN.into(), i64::MAX.into()),
            DType::UInt8 => (0, u8::MAX.into()),
            DType::UInt16 => (0, u16::MAX.into()),
            DType::UInt32 => (0, u32::MAX.into()),
            DType::UInt64 => (0, u64::MAX.into()),
            _ => {
                return Err(Error::value_error(format!(
                    "Invalid integer data type '{}'.",
                    self.kind()
                )))
            }
        };
        Ok(IInfo {
            dtype: self,
            bits: self.bits(),
            min,
            max,
        })
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `np.finfo`: machine limits of a floating type. Values are scalars of the
/// float dtype, so they print as NumPy prints them (`finfo.eps` of float32
/// is `np.float32(1.1920929e-07)`).
#[derive(Clone, Debug, PartialEq)]
pub struct FInfo {
    /// The float dtype (the part type for complex).
    pub dtype: DType,
    /// Bits per value.
    pub bits: usize,
    /// Approximate number of exact decimal digits.
    pub precision: usize,
    /// `10**-precision`.
    pub resolution: Scalar,
    /// Difference between 1.0 and the next representable float.
    pub eps: Scalar,
    /// Largest finite value.
    pub max: Scalar,
    /// Most negative finite value (`-max`).
    pub min: Scalar,
    /// Smallest positive normal value (alias of `smallest_normal`).
    pub tiny: Scalar,
    /// Smallest positive normal value.
    pub smallest_normal: Scalar,
    /// Smallest positive subnormal value.
    pub smallest_subnormal: Scalar,
    str_max: &'static str,
}

impl FInfo {
    /// `repr(np.finfo(dt))`, e.g.
    /// `finfo(resolution=1e-06, min=-3.4028235e+38, max=3.4028235e+38, dtype=float32)`.
    pub fn repr(&self) -> String {
        format!(
            "finfo(resolution={}, min=-{}, max={}, dtype={})",
            crate::print::scalar_str(&self.resolution),
            self.str_max,
            self.str_max,
            self.dtype
        )
    }
}

/// `np.iinfo`: limits of an integer type. `min`/`max` fit in `i128`, so
/// `uint64`'s max is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IInfo {
    /// The integer dtype.
    pub dtype: DType,
    /// Bits per value.
    pub bits: usize,
    /// Smallest value.
    pub min: i128,
    /// Largest value.
    pub max: i128,
}

impl IInfo {
    /// `repr(np.iinfo(dt))`: `iinfo(min=-128, max=127, dtype=int8)`.
    pub fn repr(&self) -> String {
        format!(
            "iinfo(min={}, max={}, dtype={})",
            self.min, self.max, self.dtype
        )
    }
}

/// A Rust element type stored in arrays of one [`DType`] (after candle's
/// `WithDType`). The conversions go through [`Elem`], a widest
/// representation per category, which is how `astype` is written once for
/// every pair of dtypes.
pub trait WithDType:
    Copy + Clone + Send + Sync + PartialEq + fmt::Debug + Default + 'static
{
    /// The dtype of this element type.
    const DTYPE: DType;
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Widens to the category's widest representation, exactly.
    fn to_elem(self) -> Elem;
    /// Converts from any [`Elem`] with NumPy's `astype` (unsafe casting)
    /// rules: integers wrap, floats to integers truncate toward zero with
    /// x86 results for NaN and out-of-range values, complex to real drops the
    /// imaginary part, anything to bool is `!= 0`.
    fn from_elem(e: Elem) -> Self;
    /// The scalar holding this value.
    fn to_scalar(self) -> Scalar;
    /// The value a scalar of this dtype holds; `None` for another dtype.
    fn from_scalar(s: &Scalar) -> Option<Self>;
    /// Wraps a vector into CPU storage.
    fn wrap_vec(v: Vec<Self>) -> crate::storage::CpuStorage;
    /// The typed slice of storage of this dtype, if it is of this dtype.
    fn slice(s: &crate::storage::CpuStorage) -> Option<&[Self]>;
    /// The typed mutable slice of storage of this dtype.
    fn slice_mut(s: &mut crate::storage::CpuStorage) -> Option<&mut [Self]>;
    /// Whether `s` holds an infinity or a NaN (a real float type's; false
    /// for the others).
    fn any_nonfinite(s: &[Self]) -> bool {
        let _ = s;
        false
    }
}

/// Whether any of the bit patterns has every exponent bit of `exp` set
/// (an infinity or a NaN): an OR per chunk, which the compiler turns into
/// vector compares of the element's width.
macro_rules! nonfinite_bits {
    ($s:expr, $acc:ty, $exp:expr) => {
        $s.chunks(4096).any(|c| {
            c.iter().fold(0 as $acc, |acc, x| {
                acc | <$acc>::from(x.to_bits() & $exp == $exp)
            }) != 0
        })
    };
}

/// A value widened to its category's widest representation. Integers keep
/// all 64 bits (signed or unsigned), floats are `f64` (every float16,
/// bfloat16 and float32 value is exact in `f64`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elem {
    /// A bool.
    Bool(bool),
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    UInt(u64),
    /// A real float.
    Float(f64),
    /// A complex value.
    Complex(f64, f64),
}

/// x86 `cvttsd2si` with a 64-bit destination: truncation toward zero, and
/// the "integer indefinite" value `i64::MIN` for NaN and out-of-range input.
fn cvtt64(x: f64) -> i64 {
    if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

/// x86 `cvttsd2si` with a 32-bit destination.
fn cvtt32(x: f64) -> i32 {
    if !(x > -2_147_483_649.0 && x < 2_147_483_648.0) {
        i32::MIN
    } else {
        x as i32
    }
}

impl Elem {
    /// As `f64` (integers round to nearest, complex drops the imaginary part).
    pub fn as_f64(self) -> f64 {
        match self {
            Elem::Bool(b) => f64::from(u8::from(b)),
            Elem::Int(i) => i as f64,
            Elem::UInt(u) => u as f64,
            Elem::Float(f) => f,
            Elem::Complex(re, _) => re,
        }
    }

    /// As `f32`, rounding once from the exact value where it can.
    pub fn as_f32(self) -> f32 {
        match self {
            Elem::Int(i) => i as f32,
            Elem::UInt(u) => u as f32,
            e => e.as_f64() as f32,
        }
    }

    /// As a complex pair.
    pub fn as_complex(self) -> (f64, f64) {
        match self {
            Elem::Complex(re, im) => (re, im),
            e => (e.as_f64(), 0.0),
        }
    }

    /// Truthiness (`!= 0`; NaN is true).
    pub fn as_bool(self) -> bool {
        match self {
            Elem::Bool(b) => b,
            Elem::Int(i) => i != 0,
            Elem::UInt(u) => u != 0,
            Elem::Float(f) => f != 0.0,
            Elem::Complex(re, im) => re != 0.0 || im != 0.0,
        }
    }

    /// Bits for an integer target of at most 32 bits (two's complement, to
    /// be truncated by the caller). Floats go through a 32-bit truncating
    /// conversion as NumPy's loops do on x86.
    fn int_bits_32(self) -> i64 {
        match self {
            Elem::Bool(b) => i64::from(b),
            Elem::Int(i) => i,
            Elem::UInt(u) => u as i64,
            Elem::Float(f) | Elem::Complex(f, _) => i64::from(cvtt32(f)),
        }
    }

    /// Bits for a 64-bit signed target (and `uint32`, which NumPy converts
    /// through `int64` in its scalar loop).
    fn int_bits_64(self) -> i64 {
        match self {
            Elem::Bool(b) => i64::from(b),
            Elem::Int(i) => i,
            Elem::UInt(u) => u as i64,
            Elem::Float(f) | Elem::Complex(f, _) => cvtt64(f),
        }
    }

    /// Bits for a `uint64` target: values at or above 2**63 are shifted
    /// down, converted and the top bit restored, as x86 code does.
    fn uint_bits_64(self) -> u64 {
        match self {
            Elem::Float(f) | Elem::Complex(f, _) => {
                const TWO63: f64 = 9_223_372_036_854_775_808.0;
                if f >= TWO63 {
                    (cvtt64(f - TWO63) as u64) ^ (1 << 63)
                } else {
                    cvtt64(f) as u64
                }
            }
            e => e.int_bits_64() as u64,
        }
    }
}

macro_rules! impl_int_with_dtype {
    ($($t:ty => $dt:ident, $elem:ident, $bits:ident, $wide:ty);* $(;)?) => {$(
        impl WithDType for $t {
            const DTYPE: DType = DType::$dt;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn to_elem(self) -> Elem {
                Elem::$elem(self.into())
            }
            fn from_elem(e: Elem) -> Self {
                e.$bits() as $wide as $t
            }
            fn to_scalar(self) -> Scalar {
                Scalar::$dt(self)
            }
            fn from_scalar(s: &Scalar) -> Option<Self> {
                match s {
                    Scalar::$dt(v) => Some(*v),
                    _ => None,
                }
            }
            fn wrap_vec(v: Vec<Self>) -> crate::storage::CpuStorage {
                crate::storage::CpuStorage::$dt(v)
            }
            fn slice(s: &crate::storage::CpuStorage) -> Option<&[Self]> {
                match s {
                    crate::storage::CpuStorage::$dt(v) => Some(v),
                    _ => None,
                }
            }
            fn slice_mut(s: &mut crate::storage::CpuStorage) -> Option<&mut [Self]> {
                match s {
                    crate::storage::CpuStorage::$dt(v) => Some(v),
                    _ => None,
                }
            }
        }
    )*};
}

impl_int_with_dtype! {
    i8 => Int8, Int, int_bits_32, i64;
    i16 => Int16, Int, int_bits_32, i64;
    i32 => Int32, Int, int_bits_32, i64;
    i64 => Int64, Int, int_bits_64, i64;
    u8 => UInt8, UInt, int_bits_32, i64;
    u16 => UInt16, UInt, int_bits_32, i64;
    u32 => UInt32, UInt, int_bits_64, i64;
    u64 => UInt64, UInt, uint_bits_64, u64;
}

/// `x` rounded to float16 once, to nearest even, as NumPy's
/// `npy_double_to_half`. `half`'s `f16::from_f64` goes through float32
/// where the CPU has F16C (two roundings: 1.1791992187499996 became
/// 1.1796875, not 1.1787109375) and its software path ignores the low 32
/// bits of the significand.
pub fn f16_from_f64(x: f64) -> f16 {
    let bits = x.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0x7ff {
        // inf, or NaN (its payload as float32 keeps it)
        return f16::from_f32(x as f32);
    }
    let e = exp - 1023;
    if e > 15 {
        return f16::from_bits(sign | 0x7c00);
    }
    // 11 significant bits for a normal half (e >= -14), fewer below.
    let m = (bits & ((1u64 << 52) - 1)) | if exp == 0 { 0 } else { 1u64 << 52 };
    let shift = 42 + (-14 - e).max(0) as u32;
    if shift > 53 {
        return f16::from_bits(sign);
    }
    let mut q = m >> shift;
    let rest = m & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rest > half || (rest == half && q & 1 == 1) {
        q += 1;
    }
    // A carry out of the significand steps the exponent (to inf at the top).
    let h = if e >= -14 {
        (((e + 15) as u64) << 10) + q - 1024
    } else {
        q
    };
    f16::from_bits(sign | h as u16)
}

macro_rules! impl_other_with_dtype {
    ($($t:ty => $dt:ident, $zero:expr, $one:expr, |$s:ident| $to:expr, |$e:ident| $from:expr, |$v:ident| $nonfinite:expr);* $(;)?) => {$(
        impl WithDType for $t {
            const DTYPE: DType = DType::$dt;
            const ZERO: Self = $zero;
            const ONE: Self = $one;
            fn to_elem(self) -> Elem {
                let $s = self;
                $to
            }
            fn from_elem($e: Elem) -> Self {
                $from
            }
            fn any_nonfinite($v: &[Self]) -> bool {
                $nonfinite
            }
            fn to_scalar(self) -> Scalar {
                Scalar::$dt(self)
            }
            fn from_scalar(s: &Scalar) -> Option<Self> {
                match s {
                    Scalar::$dt(v) => Some(*v),
                    _ => None,
                }
            }
            fn wrap_vec(v: Vec<Self>) -> crate::storage::CpuStorage {
                crate::storage::CpuStorage::$dt(v)
            }
            fn slice(s: &crate::storage::CpuStorage) -> Option<&[Self]> {
                match s {
                    crate::storage::CpuStorage::$dt(v) => Some(v),
                    _ => None,
                }
            }
            fn slice_mut(s: &mut crate::storage::CpuStorage) -> Option<&mut [Self]> {
                match s {
                    crate::storage::CpuStorage::$dt(v) => Some(v),
                    _ => None,
                }
            }
        }
    )*};
}

impl_other_with_dtype! {
    bool => Bool, false, true, |s| Elem::Bool(s), |e| e.as_bool(), |v| { let _ = v; false };
    f16 => Float16, f16::ZERO, f16::ONE, |s| Elem::Float(s.to_f64()), |e| match e {
        Elem::Int(_) | Elem::UInt(_) => f16::from_f32(e.as_f32()),
        _ => f16_from_f64(e.as_f64()),
    }, |v| nonfinite_bits!(v, u16, 0x7c00_u16);
    bf16 => BFloat16, bf16::ZERO, bf16::ONE, |s| Elem::Float(s.to_f64()), |e| match e {
        Elem::Int(_) | Elem::UInt(_) => bf16::from_f32(e.as_f32()),
        _ => bf16::from_f64(e.as_f64()),
    }, |v| nonfinite_bits!(v, u16, 0x7f80_u16);
    f32 => Float32, 0.0, 1.0, |s| Elem::Float(f64::from(s)), |e| e.as_f32(),
        |v| nonfinite_bits!(v, u32, 0x7f80_0000_u32);
    f64 => Float64, 0.0, 1.0, |s| Elem::Float(s), |e| e.as_f64(),
        |v| nonfinite_bits!(v, u64, 0x7ff0_0000_0000_0000_u64);
    Complex32 => Complex64, Complex32::new(0.0, 0.0), Complex32::new(1.0, 0.0),
        |s| Elem::Complex(f64::from(s.re), f64::from(s.im)),
        |e| match e {
            Elem::Complex(re, im) => Complex32::new(re as f32, im as f32),
            e => Complex32::new(e.as_f32(), 0.0),
        }, |v| v.iter().any(|c| !c.re.is_finite() || !c.im.is_finite());
    Complex64 => Complex128, Complex64::new(0.0, 0.0), Complex64::new(1.0, 0.0),
        |s| Elem::Complex(s.re, s.im),
        |e| { let (re, im) = e.as_complex(); Complex64::new(re, im) },
        |v| v.iter().any(|c| !c.re.is_finite() || !c.im.is_finite());
}

#[cfg(test)]
mod tests {

    #[test]
    fn f16_from_f64_rounds_once() {
        // NumPy's float64 -> float16 casts of these values.
        for (x, bits) in [
            (1.1791992187499996, 0x3cb7),
            (1.1791992187500002, 0x3cb8),
            (1.17919921875, 0x3cb8),
            (65519.99, 0x7bff),
            (65520.0, 0x7c00),
            (2.9802322387695312e-08, 0x0000),
            (2.980232238769532e-08, 0x0001),
            (6e-08, 0x0001),
            (-0.0, 0x8000),
            (1e-300, 0x0000),
            (300000.0, 0x7c00),
            (0.1, 0x2e66),
            (0.6666666666666666, 0x3955),
            (-1.0004882812500002, 0xbc01),
            (6.102025508880615e-05, 0x0400),
        ] {
            assert_eq!(super::f16_from_f64(x).to_bits(), bits, "{x:e}");
        }
        assert!(super::f16_from_f64(f64::NAN).is_nan());
        assert_eq!(super::f16_from_f64(f64::NEG_INFINITY).to_bits(), 0xfc00);
    }
    use super::*;

    #[test]
    fn names_round_trip() {
        for dt in DType::ALL {
            assert_eq!(DType::parse(dt.name()).unwrap(), dt);
            assert_eq!(
                DType::parse(&dt.char_code().to_string()).unwrap(),
                dt,
                "{dt}"
            );
            assert_eq!(crate::with_dtype!(dt, T => T::DTYPE), dt);
        }
        assert_eq!(DType::Float32.repr(), "dtype('float32')");
        assert_eq!(
            DType::parse("u").unwrap_err().msg(),
            "data type 'u' not understood"
        );
    }

    #[test]
    fn info() {
        assert_eq!(
            DType::Int8.iinfo().unwrap().repr(),
            "iinfo(min=-128, max=127, dtype=int8)"
        );
        assert_eq!(DType::UInt64.iinfo().unwrap().max, u64::MAX as i128);
        assert!(DType::Float32.iinfo().is_err());
        assert!(DType::Int32.finfo().is_err());
    }

    #[test]
    fn float_to_int_like_x86() {
        let nan = Elem::Float(f64::NAN);
        assert_eq!(i64::from_elem(nan), i64::MIN);
        assert_eq!(i8::from_elem(Elem::Float(300.0)), 44);
        assert_eq!(u8::from_elem(Elem::Float(-1.5)), 255);
        assert_eq!(u64::from_elem(Elem::Float(f64::INFINITY)), 0);
        assert_eq!(u64::from_elem(nan), 1 << 63);
        assert_eq!(
            u64::from_elem(Elem::Float(1e19)),
            10_000_000_000_000_000_000
        );
    }
}
