//! Helpers shared by the table-driven tests (`numpy_tables.rs`,
//! `ops_tables.rs`): reading tables, hex bit patterns, arrays.
#![allow(dead_code)]

use half::{bf16, f16};
use num_complex::{Complex32, Complex64};
use xpush_npu::dtype::WithDType;
use xpush_npu::{with_dtype, Array, DType, Error};

/// Rows of a generated table: tab-separated fields, `\n` escaped.
pub fn table(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').map(|f| f.replace("\\n", "\n")).collect())
        .collect()
}

pub fn err_text(e: &Error) -> String {
    format!("ERR {} {}", e.kind().name(), e.msg())
}

/// Element values as the generator writes them: hex bit patterns.
pub trait Bits: WithDType {
    fn from_hex(s: &str) -> Self;
    fn to_hex(self) -> String;
}

pub fn hex(s: &str) -> u64 {
    u64::from_str_radix(s, 16).unwrap_or_else(|_| panic!("bad hex {s}"))
}

macro_rules! int_bits {
    ($($t:ty => $u:ty),*) => {$(
        impl Bits for $t {
            fn from_hex(s: &str) -> Self { hex(s) as $u as $t }
            fn to_hex(self) -> String { format!("{:x}", self as $u) }
        }
    )*};
}
int_bits!(i8 => u8, i16 => u16, i32 => u32, i64 => u64, u8 => u8, u16 => u16, u32 => u32, u64 => u64);

macro_rules! float_bits {
    ($($t:ty => $u:ty),*) => {$(
        impl Bits for $t {
            fn from_hex(s: &str) -> Self { <$t>::from_bits(hex(s) as $u) }
            fn to_hex(self) -> String { format!("{:x}", self.to_bits()) }
        }
    )*};
}
float_bits!(f16 => u16, bf16 => u16, f32 => u32, f64 => u64);

impl Bits for bool {
    fn from_hex(s: &str) -> Self {
        s == "1"
    }
    fn to_hex(self) -> String {
        u8::from(self).to_string()
    }
}

macro_rules! complex_bits {
    ($($t:ty => $p:ty),*) => {$(
        impl Bits for $t {
            fn from_hex(s: &str) -> Self {
                let (re, im) = s.split_once(':').expect("complex bits");
                <$t>::new(<$p>::from_hex(re), <$p>::from_hex(im))
            }
            fn to_hex(self) -> String { format!("{}:{}", self.re.to_hex(), self.im.to_hex()) }
        }
    )*};
}
complex_bits!(Complex32 => f32, Complex64 => f64);

pub fn shape_of(s: &str) -> Vec<usize> {
    s.split_whitespace().map(|d| d.parse().unwrap()).collect()
}

pub fn array_from_bits(dt: DType, shape: &[usize], bits: &str) -> Array {
    with_dtype!(dt, T => {
        let v: Vec<T> = bits.split_whitespace().map(T::from_hex).collect();
        Array::from_vec(v, shape).unwrap()
    })
}

pub fn bits_of(a: &Array) -> String {
    with_dtype!(a.dtype(), T => {
        let v: Vec<String> = a.to_vec::<T>().unwrap().into_iter().map(|x| x.to_hex()).collect();
        v.join(" ")
    })
}

pub fn dt(s: &str) -> DType {
    DType::parse(s).unwrap()
}
