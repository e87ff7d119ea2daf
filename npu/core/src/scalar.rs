//! [`Scalar`]: one typed element, as a NumPy scalar (`np.float32(1.5)`).

use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

use crate::dtype::{DType, Elem, WithDType};

/// One element of a given dtype: what `a[0, 1]` returns, and NumPy's scalar
/// types (`np.int32(3)`, `np.True_`).
///
/// `repr(u64)`: an 8-byte tag, every payload at offset 8 (as
/// `xpush_stdlib::Value` has it): with Rust's default layout the one-byte
/// payloads sit at offset 1 and a copy of a `Scalar` is pieced together
/// from narrow loads and stores, which stall the wide loads after them.
/// NumPy scalar math copies scalars at every step. The size stays 24.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(u64)]
pub enum Scalar {
    /// `np.bool`.
    Bool(bool),
    /// `np.int8`.
    Int8(i8),
    /// `np.int16`.
    Int16(i16),
    /// `np.int32`.
    Int32(i32),
    /// `np.int64`.
    Int64(i64),
    /// `np.uint8`.
    UInt8(u8),
    /// `np.uint16`.
    UInt16(u16),
    /// `np.uint32`.
    UInt32(u32),
    /// `np.uint64`.
    UInt64(u64),
    /// `np.float16`.
    Float16(f16),
    /// `bfloat16`.
    BFloat16(bf16),
    /// `np.float32`.
    Float32(f32),
    /// `np.float64`.
    Float64(f64),
    /// `np.complex64`.
    Complex64(Complex32),
    /// `np.complex128`.
    Complex128(Complex64),
}

/// Runs `$body` with `$v` bound to the typed value inside a [`Scalar`].
#[macro_export]
macro_rules! with_scalar {
    ($s:expr, $v:ident => $body:expr) => {{
        use $crate::scalar::Scalar as __S;
        match $s {
            __S::Bool($v) => $body,
            __S::Int8($v) => $body,
            __S::Int16($v) => $body,
            __S::Int32($v) => $body,
            __S::Int64($v) => $body,
            __S::UInt8($v) => $body,
            __S::UInt16($v) => $body,
            __S::UInt32($v) => $body,
            __S::UInt64($v) => $body,
            __S::Float16($v) => $body,
            __S::BFloat16($v) => $body,
            __S::Float32($v) => $body,
            __S::Float64($v) => $body,
            __S::Complex64($v) => $body,
            __S::Complex128($v) => $body,
        }
    }};
}

impl Scalar {
    /// The dtype of the value.
    pub fn dtype(&self) -> DType {
        fn dt<T: WithDType>(_: &T) -> DType {
            T::DTYPE
        }
        with_scalar!(self, v => dt(v))
    }

    /// The value widened to an [`Elem`].
    pub fn to_elem(&self) -> Elem {
        with_scalar!(*self, v => v.to_elem())
    }

    /// The value converted to `dtype` with `astype` rules (itself, bit
    /// for bit, when it already is of `dtype`).
    pub fn cast(&self, dtype: DType) -> Scalar {
        if self.dtype() == dtype {
            return *self;
        }
        Scalar::from_elem(dtype, self.to_elem())
    }

    /// A scalar of `dtype` from an [`Elem`], with `astype` rules.
    pub fn from_elem(dtype: DType, e: Elem) -> Scalar {
        crate::with_dtype!(dtype, T => T::from_elem(e).to_scalar())
    }

    /// A scalar of `dtype` from an `f64`, with `astype` rules.
    pub fn from_f64(dtype: DType, v: f64) -> Scalar {
        Scalar::from_elem(dtype, Elem::Float(v))
    }

    /// The typed value, if the scalar is of `T`'s dtype.
    pub fn get<T: WithDType>(&self) -> Option<T> {
        T::from_scalar(self)
    }

    /// As `f64` (complex drops the imaginary part).
    pub fn as_f64(&self) -> f64 {
        self.to_elem().as_f64()
    }

    /// Whether two scalars are the same value bit for bit, of the same
    /// dtype (`NaN` is identical to itself, `0.0` is not `-0.0`): Python's
    /// `is` on NumPy scalars, which xpush holds by value.
    pub fn identical(&self, other: &Scalar) -> bool {
        use Elem::*;
        self.dtype() == other.dtype()
            && match (self.to_elem(), other.to_elem()) {
                (Float(x), Float(y)) => x.to_bits() == y.to_bits(),
                (Complex(a, b), Complex(c, d)) => {
                    a.to_bits() == c.to_bits() && b.to_bits() == d.to_bits()
                }
                (x, y) => x == y,
            }
    }

    /// Truthiness (`!= 0`).
    pub fn as_bool(&self) -> bool {
        match self {
            // What every comparison makes: no detour through an Elem.
            Scalar::Bool(b) => *b,
            other => other.to_elem().as_bool(),
        }
    }
}

macro_rules! scalar_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Scalar {
            fn from(v: $t) -> Scalar {
                v.to_scalar()
            }
        }
    )*};
}

scalar_from!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, Complex32, Complex64);
