//! The `.npy` format: NumPy's header (versions 1.0, 2.0 and 3.0), every
//! NumPy dtype in either byte order on read, C or Fortran order on read,
//! and byte-identical output to `np.save` on write.

use std::path::Path;

use half::f16;
use num_complex::{Complex32, Complex64};

use crate::array::Array;
use crate::device::ToDevice;
use crate::dtype::DType;
use crate::error::{Error, ExcKind, Result};
use crate::storage::CpuStorage;

const MAGIC: &[u8; 6] = b"\x93NUMPY";
const ARRAY_ALIGN: usize = 64;
const GROWTH_AXIS_MAX_DIGITS: usize = 21;

/// A parsed `.npy` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpyHeader {
    /// The element type.
    pub dtype: DType,
    /// Whether the data is big-endian (`>`).
    pub big_endian: bool,
    /// Whether the data is in Fortran (column-major) order.
    pub fortran_order: bool,
    /// The array's shape.
    pub shape: Vec<usize>,
}

/// Quotes a path as Python's `repr` of a string would (for messages).
pub(crate) fn quote(name: &str) -> String {
    format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn bad(name: &str, msg: impl std::fmt::Display) -> Error {
    Error::value_error(format!("{msg} (file {})", quote(name)))
}

/// Maps an `std::io::Error` on `path` to Python's exception and message.
pub(crate) fn io_error(e: &std::io::Error, path: &Path) -> Error {
    let p = quote(&path.display().to_string());
    let (kind, errno, text) = match e.kind() {
        std::io::ErrorKind::NotFound => {
            (ExcKind::FileNotFoundError, 2, "No such file or directory")
        }
        std::io::ErrorKind::PermissionDenied => (ExcKind::OSError, 13, "Permission denied"),
        _ => {
            return Error::new(ExcKind::OSError, format!("{e}: {p}"));
        }
    };
    Error::new(kind, format!("[Errno {errno}] {text}: {p}"))
}

/// The `descr` string for a dtype as `np.save` writes it (`<f8`, `|b1`).
fn descr(dtype: DType) -> Result<String> {
    if dtype == DType::BFloat16 {
        return Err(Error::type_error(
            "bfloat16 has no NumPy dtype and cannot be saved to .npy; cast it first",
        ));
    }
    Ok(dtype.type_str())
}

/// Parses a `descr` like `<f8`, `>i4`, `|b1`, `?`, `float64`.
pub(crate) fn parse_descr(s: &str) -> Option<(DType, bool)> {
    let (big, rest) = match s.as_bytes().first()? {
        b'<' | b'=' => (false, &s[1..]),
        b'>' | b'!' => (true, &s[1..]),
        b'|' => (false, &s[1..]),
        _ => (false, s),
    };
    let dt = match rest {
        "b1" | "?" => DType::Bool,
        "i1" => DType::Int8,
        "i2" => DType::Int16,
        "i4" => DType::Int32,
        "i8" => DType::Int64,
        "u1" => DType::UInt8,
        "u2" => DType::UInt16,
        "u4" => DType::UInt32,
        "u8" => DType::UInt64,
        "f2" => DType::Float16,
        "f4" => DType::Float32,
        "f8" => DType::Float64,
        "c8" => DType::Complex64,
        "c16" => DType::Complex128,
        other => DType::parse(other).ok().filter(|d| *d != DType::BFloat16)?,
    };
    Some((dt, big && dt.itemsize() > 1))
}

fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [] => "()".into(),
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The header bytes `np.save` writes for an array of `dtype` and `shape`
/// (C order), picking version 1.0 unless the header needs 2.0.
pub fn npy_header(dtype: DType, shape: &[usize]) -> Result<Vec<u8>> {
    npy_header_descr(&descr(dtype)?, shape)
}

/// The header bytes for an array whose dtype NumPy spells `descr`
/// (`'<f8'`, `'<U3'`, `'|S2'`) and of `shape` (C order).
pub fn npy_header_descr(descr: &str, shape: &[usize]) -> Result<Vec<u8>> {
    npy_header_literal(&format!("'{descr}'"), false, shape)
}

/// The header bytes for an array whose `descr` is the Python literal
/// `literal` as NumPy writes it (`'<f8'` quoted, or a structured dtype's
/// list `[('a', '<i4'), ('b', '<f8')]`) and of `shape`, its data in
/// Fortran order when `fortran`.
pub fn npy_header_literal(literal: &str, fortran: bool, shape: &[usize]) -> Result<Vec<u8>> {
    let order = if fortran { "True" } else { "False" };
    let mut h = format!(
        "{{'descr': {literal}, 'fortran_order': {order}, 'shape': {}, }}",
        shape_repr(shape)
    );
    if let Some(first) = shape.first() {
        h.push_str(&" ".repeat(GROWTH_AXIS_MAX_DIGITS.saturating_sub(first.to_string().len())));
    }
    let hlen = h.len() + 1;
    let (major, len_bytes) = if (MAGIC.len() + 2 + 2 + hlen).div_ceil(ARRAY_ALIGN) * ARRAY_ALIGN
        < 65536 + MAGIC.len() + 4
    {
        (1u8, 2usize)
    } else {
        (2u8, 4usize)
    };
    let pad = ARRAY_ALIGN - ((MAGIC.len() + 2 + len_bytes + hlen) % ARRAY_ALIGN);
    let total = hlen + pad;
    if major == 1 && total > usize::from(u16::MAX) {
        return Err(Error::value_error("Header length too large for format 1.0"));
    }
    let mut out = Vec::with_capacity(MAGIC.len() + 2 + len_bytes + total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[major, 0]);
    if len_bytes == 2 {
        out.extend_from_slice(&(total as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(total as u32).to_le_bytes());
    }
    out.extend_from_slice(h.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    Ok(out)
}

/// Appends the little-endian bytes of every element of `a` in C order.
fn push_data(a: &Array, out: &mut Vec<u8>) -> Result<()> {
    let c = a.to_contiguous();
    let s = c.storage().read();
    match &*s {
        CpuStorage::Bool(v) => out.extend(v.iter().map(|&b| u8::from(b))),
        CpuStorage::Int8(v) => out.extend(v.iter().map(|&x| x as u8)),
        CpuStorage::UInt8(v) => out.extend_from_slice(v),
        CpuStorage::Int16(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::UInt16(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::Int32(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::UInt32(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::Int64(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::UInt64(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::Float16(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::BFloat16(_) => return Err(descr(DType::BFloat16).unwrap_err()),
        CpuStorage::Float32(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::Float64(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        CpuStorage::Complex64(v) => v.iter().for_each(|x| {
            out.extend(x.re.to_le_bytes());
            out.extend(x.im.to_le_bytes());
        }),
        CpuStorage::Complex128(v) => v.iter().for_each(|x| {
            out.extend(x.re.to_le_bytes());
            out.extend(x.im.to_le_bytes());
        }),
    }
    Ok(())
}

/// `a.tobytes()`: the little-endian bytes of every element, in C order
/// (an array on a device is read back to the host first).
pub fn to_bytes(a: &Array) -> Result<Vec<u8>> {
    let host;
    let a = if a.device() == crate::device::Device::Cpu {
        a
    } else {
        host = a.to_device(crate::device::Device::Cpu)?;
        &host
    };
    let mut out = Vec::with_capacity(a.size() * a.dtype().itemsize());
    push_data(a, &mut out)?;
    Ok(out)
}

/// `np.frombuffer(data, dtype)`: the 1-d array of the `data.len() /
/// itemsize` little-endian elements `data` holds.
pub fn from_bytes(data: &[u8], dtype: DType) -> Result<Array> {
    let n = data.len() / dtype.itemsize().max(1);
    Array::from_storage(decode(data, dtype, false, n), &[n])
}

/// The bytes of `np.save(f, a)`: identical to what NumPy writes.
pub fn npy_bytes(a: &Array) -> Result<Vec<u8>> {
    let mut out = npy_header(a.dtype(), a.shape())?;
    push_data(a, &mut out)?;
    Ok(out)
}

/// `np.save(path, a)`. Like NumPy, appends `.npy` to a path without that
/// extension; returns the path written.
pub fn save(path: impl AsRef<Path>, a: &Array) -> Result<std::path::PathBuf> {
    let mut p = path.as_ref().to_path_buf();
    if p.extension().and_then(|e| e.to_str()) != Some("npy") {
        let mut s = p.into_os_string();
        s.push(".npy");
        p = s.into();
    }
    let bytes = npy_bytes(a)?;
    std::fs::write(&p, bytes).map_err(|e| io_error(&e, &p))?;
    Ok(p)
}

/// `np.load(path)` for a `.npy` file.
pub fn load(path: impl AsRef<Path>) -> Result<Array> {
    let p = path.as_ref();
    let bytes = std::fs::read(p).map_err(|e| io_error(&e, p))?;
    read_npy(&bytes, &p.display().to_string())
}

/// A tiny reader for the Python literal of the header dict.
struct Lit<'a> {
    s: &'a [u8],
    i: usize,
}

impl Lit<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn string(&mut self) -> Option<String> {
        self.ws();
        let q = *self.s.get(self.i)?;
        if q != b'\'' && q != b'"' {
            return None;
        }
        let start = self.i + 1;
        let end = start + self.s[start..].iter().position(|&c| c == q)?;
        self.i = end + 1;
        String::from_utf8(self.s[start..end].to_vec()).ok()
    }
    fn word(&mut self) -> &str {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
        {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap_or("")
    }
    /// A bracketed list literal, returned as written (brackets and
    /// quoted strings inside it balanced).
    fn list_text(&mut self) -> Option<String> {
        self.ws();
        if self.s.get(self.i) != Some(&b'[') {
            return None;
        }
        let start = self.i;
        let mut depth = 0usize;
        let mut quote: Option<u8> = None;
        while let Some(&c) = self.s.get(self.i) {
            self.i += 1;
            match (quote, c) {
                (Some(_), b'\\') => self.i += 1,
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, b'\'' | b'"') => quote = Some(c),
                (None, b'[') => depth += 1,
                (None, b']') => {
                    depth -= 1;
                    if depth == 0 {
                        return String::from_utf8(self.s[start..self.i].to_vec()).ok();
                    }
                }
                _ => {}
            }
        }
        None
    }
    fn shape(&mut self) -> Option<Vec<usize>> {
        if !self.eat(b'(') {
            return None;
        }
        let mut out = Vec::new();
        loop {
            if self.eat(b')') {
                return Some(out);
            }
            let w = self.word().trim_end_matches('L');
            out.push(w.parse().ok()?);
            if !self.eat(b',') {
                return self.eat(b')').then_some(out);
            }
        }
    }
}

/// Parses the header dict text (`{'descr': '<f8', ...}`).
pub fn parse_header(text: &str) -> Option<NpyHeader> {
    let raw = parse_header_raw(text)?;
    let (dtype, big_endian) = parse_descr(&raw.descr)?;
    Some(NpyHeader {
        dtype,
        big_endian,
        fortran_order: raw.fortran_order,
        shape: raw.shape,
    })
}

/// A `.npy` header as written, its `descr` not interpreted (for the
/// dtypes the array runtime does not hold: strings, structured dtypes).
#[derive(Clone, Debug, PartialEq)]
pub struct RawHeader {
    /// The dtype as NumPy spells it (`'<U3'`), or a structured dtype's
    /// `descr` list as its literal text (`[('a', '<i4')]`, starting with
    /// `[`).
    pub descr: String,
    /// Whether the data is in Fortran order.
    pub fortran_order: bool,
    /// The shape.
    pub shape: Vec<usize>,
}

/// Parses the header dict text without interpreting `descr`.
pub fn parse_header_raw(text: &str) -> Option<RawHeader> {
    let mut p = Lit {
        s: text.as_bytes(),
        i: 0,
    };
    if !p.eat(b'{') {
        return None;
    }
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    loop {
        if p.eat(b'}') {
            break;
        }
        let key = p.string()?;
        if !p.eat(b':') {
            return None;
        }
        match key.as_str() {
            "descr" => descr = Some(p.string().or_else(|| p.list_text())?),
            "fortran_order" => {
                fortran = Some(match p.word() {
                    "True" => true,
                    "False" => false,
                    _ => return None,
                })
            }
            "shape" => shape = Some(p.shape()?),
            _ => return None,
        }
        if !p.eat(b',') {
            if !p.eat(b'}') {
                return None;
            }
            break;
        }
    }
    p.ws();
    if p.i != p.s.len() {
        return None;
    }
    Some(RawHeader {
        descr: descr?,
        fortran_order: fortran?,
        shape: shape?,
    })
}

/// Reads the header of `bytes`, returning it and the data offset. `name`
/// names the file in messages.
pub fn read_header(bytes: &[u8], name: &str) -> Result<(NpyHeader, usize)> {
    let (raw, end, text) = read_header_raw(bytes, name)?;
    let h = parse_descr(&raw.descr)
        .map(|(dtype, big_endian)| NpyHeader {
            dtype,
            big_endian,
            fortran_order: raw.fortran_order,
            shape: raw.shape,
        })
        .ok_or_else(|| bad(name, format!("Cannot parse header: {text:?}")))?;
    Ok((h, end))
}

/// Reads the header of `bytes` without interpreting its `descr`: the
/// header, the data offset, and the header text (for messages).
pub fn read_header_raw(bytes: &[u8], name: &str) -> Result<(RawHeader, usize, String)> {
    if bytes.is_empty() {
        return Err(bad(name, "No data left in file"));
    }
    if bytes.len() < MAGIC.len() + 2 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(Error::value_error(format!(
            "Failed to interpret file {} as a pickle",
            quote(name)
        )));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let len_bytes = match (major, minor) {
        (1, 0) => 2,
        (2, 0) | (3, 0) => 4,
        _ => {
            return Err(bad(
                name,
                format!(
                "we only support format version (1,0), (2,0), and (3,0), not ({major}, {minor})"
            ),
            ))
        }
    };
    let start = 8 + len_bytes;
    if bytes.len() < start {
        return Err(bad(
            name,
            format!(
                "EOF: reading array header length, expected {len_bytes} bytes got {}",
                bytes.len() - 8
            ),
        ));
    }
    let hlen = if len_bytes == 2 {
        usize::from(u16::from_le_bytes([bytes[8], bytes[9]]))
    } else {
        u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize
    };
    let end = start.saturating_add(hlen);
    if bytes.len() < end {
        return Err(bad(
            name,
            format!(
                "EOF: reading array header, expected {hlen} bytes got {}",
                bytes.len() - start
            ),
        ));
    }
    let raw = &bytes[start..end];
    let text = if major == 3 {
        std::str::from_utf8(raw).ok()
    } else {
        // latin1: every byte is one char.
        Some(std::str::from_utf8(raw).unwrap_or(""))
    };
    let text = text.unwrap_or("");
    let h = parse_header_raw(text).ok_or_else(|| {
        bad(
            name,
            format!("Cannot parse header: {:?}", String::from_utf8_lossy(raw)),
        )
    })?;
    Ok((h, end, String::from_utf8_lossy(raw).into_owned()))
}

/// Decodes `n` elements of `dtype` from `data` (byte order per `big`).
fn decode(data: &[u8], dtype: DType, big: bool, n: usize) -> CpuStorage {
    macro_rules! num {
        ($t:ty, $w:expr) => {
            num!($t, $w, n)
        };
        ($t:ty, $w:expr, $n:expr) => {
            data.chunks_exact($w)
                .take($n)
                .map(|c| {
                    let mut b = [0u8; $w];
                    b.copy_from_slice(c);
                    if big {
                        <$t>::from_be_bytes(b)
                    } else {
                        <$t>::from_le_bytes(b)
                    }
                })
                .collect::<Vec<$t>>()
        };
    }
    match dtype {
        DType::Bool => CpuStorage::Bool(data[..n].iter().map(|&b| b != 0).collect()),
        DType::Int8 => CpuStorage::Int8(data[..n].iter().map(|&b| b as i8).collect()),
        DType::UInt8 => CpuStorage::UInt8(data[..n].to_vec()),
        DType::Int16 => CpuStorage::Int16(num!(i16, 2)),
        DType::UInt16 => CpuStorage::UInt16(num!(u16, 2)),
        DType::Int32 => CpuStorage::Int32(num!(i32, 4)),
        DType::UInt32 => CpuStorage::UInt32(num!(u32, 4)),
        DType::Int64 => CpuStorage::Int64(num!(i64, 8)),
        DType::UInt64 => CpuStorage::UInt64(num!(u64, 8)),
        DType::Float16 | DType::BFloat16 => {
            CpuStorage::Float16(num!(u16, 2).into_iter().map(f16::from_bits).collect())
        }
        DType::Float32 => CpuStorage::Float32(num!(f32, 4)),
        DType::Float64 => CpuStorage::Float64(num!(f64, 8)),
        DType::Complex64 => {
            let v = num!(f32, 4, 2 * n);
            CpuStorage::Complex64(
                v.chunks_exact(2)
                    .map(|c| Complex32::new(c[0], c[1]))
                    .collect(),
            )
        }
        DType::Complex128 => {
            let v = num!(f64, 8, 2 * n);
            CpuStorage::Complex128(
                v.chunks_exact(2)
                    .map(|c| Complex64::new(c[0], c[1]))
                    .collect(),
            )
        }
    }
}

/// Reads a whole `.npy` image (`np.load` of the bytes). `name` names the
/// file in error messages.
pub fn read_npy(bytes: &[u8], name: &str) -> Result<Array> {
    let (h, off) = read_header(bytes, name)?;
    let count = h
        .shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| bad(name, "array is too big."))?;
    let item = h.dtype.itemsize();
    let data = &bytes[off..];
    let have = data.len() / item;
    if have < count {
        return Err(bad(
            name,
            format!(
                "Failed to read all data for array. Expected {} = {count} elements, could only read {have} elements. (file seems not fully written?)",
                shape_repr(&h.shape)
            ),
        ));
    }
    let storage = decode(data, h.dtype, h.big_endian, count);
    if h.fortran_order && h.shape.len() > 1 {
        let rev: Vec<usize> = h.shape.iter().rev().copied().collect();
        let a = Array::from_storage(storage, &rev)?;
        Ok(a.transpose(None)?.to_contiguous())
    } else {
        Array::from_storage(storage, &h.shape)
    }
}
