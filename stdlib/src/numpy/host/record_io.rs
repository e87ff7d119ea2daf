//! Structured arrays in and out of bytes and files: the packed bytes of
//! records (`a.tobytes()`, `np.frombuffer`), `.npy` images (`np.save`,
//! `np.load`), and text (`np.loadtxt`, `np.genfromtxt`, `np.savetxt`,
//! `np.fromregex`).
//!
//! A structured array holds one table per field ([`super::record`]); its
//! bytes are NumPy's: each record `itemsize` bytes, each field's elements
//! at its offset (little-endian numbers, `bool` one byte, str as UCS4 code
//! points and bytes padded with NULs, datetimes as int64), padding bytes
//! zero. A `.npy` header spells such a dtype as its `descr` list
//! (`[('a', '<i4'), ('', '|V4'), ('b', '<f8')]`), which is read back as
//! NumPy's `descr_to_dtype` does: fields one after another, padding
//! entries skipped, big-endian (`>`) fields swapped to the host's order.

use std::rc::Rc;

use xpush_npu::io::npy;
use xpush_npu::io::text as npy_text;
use xpush_npu::DType;

use super::promote::AnyDType;
use super::record::{self, Field, RecordDType};
use super::{HostArray, HostDType, HostKind};
use crate::bind::Args;
use crate::host::Host;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

// ---------------------------------------------------------------------
// Packed bytes.

/// The structured dtype of a host dtype known to be one.
fn rec(dtype: HostDType) -> Result<Rc<RecordDType>> {
    record::of(dtype).ok_or_else(|| Error::type_error("expected a structured dtype"))
}

/// Whether a structured dtype has an object field (at any depth): NumPy
/// pickles such arrays.
pub fn holds_objects(dtype: HostDType) -> bool {
    match dtype.kind {
        HostKind::Object => true,
        HostKind::Record(_) => rec(dtype).is_ok_and(|r| {
            let sub = r.sub.iter().map(|(d, _)| *d);
            r.fields
                .iter()
                .map(|f| f.dtype)
                .chain(sub)
                .any(|d| match d {
                    AnyDType::Host(h) => holds_objects(h),
                    AnyDType::Num(_) => false,
                })
        }),
        _ => false,
    }
}

/// The error for records with object fields, which NumPy pickles.
fn pickled(action: &str) -> Error {
    Error::new(
        ExcKind::NotImplementedError,
        format!("{action} structured arrays with object fields (NumPy pickles them) is not supported in xpush"),
    )
}

/// The bytes of every element of a field array (`a.field(k)`), in C
/// order: `n * field.itemsize()` bytes for `n` records.
fn field_bytes(v: &Value) -> Result<Vec<u8>> {
    match v {
        Value::Array(x) => Ok(npy::to_bytes(x)?),
        Value::HostArray(h) if h.dtype().kind.is_record() => to_bytes(h),
        Value::HostArray(h) if h.dtype().kind == HostKind::Object => Err(pickled("packing")),
        Value::HostArray(h) => {
            let mut out = Vec::with_capacity(h.size() * h.dtype().itemsize());
            for c in h.cells() {
                super::push_cell_bytes(&c, h.dtype().width, &mut out);
            }
            Ok(out)
        }
        _ => Ok(Vec::new()),
    }
}

/// `a.tobytes()` of a structured array: each record's packed bytes, in C
/// order, padding zero.
pub fn to_bytes(a: &HostArray) -> Result<Vec<u8>> {
    let r = rec(a.dtype())?;
    let n = a.size();
    let mut out = vec![0u8; n * r.itemsize];
    for (k, f) in r.fields.iter().enumerate() {
        let bytes = field_bytes(&a.field(k)?)?;
        let size = f.itemsize();
        for (i, chunk) in bytes.chunks_exact(size.max(1)).take(n).enumerate() {
            let at = i * r.itemsize + f.offset;
            out[at..at + size].copy_from_slice(chunk);
        }
    }
    Ok(out)
}

/// The table of field `f` for `n` records from their packed bytes
/// (`data`, `n * itemsize` bytes of records `itemsize` apart).
fn field_table(data: &[u8], itemsize: usize, f: &Field, n: usize) -> Result<Value> {
    let size = f.itemsize();
    let mut buf = Vec::with_capacity(n * size);
    for i in 0..n {
        let at = i * itemsize + f.offset;
        buf.extend_from_slice(&data[at..at + size]);
    }
    let shape: Vec<usize> = std::iter::once(n).chain(f.shape.iter().copied()).collect();
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    Ok(match f.dtype {
        AnyDType::Num(d) => crate::numpy::conv::wrap(npy::from_bytes(&buf, d)?.reshape(&dims)?),
        AnyDType::Host(h) if h.kind.is_record() => {
            Value::HostArray(Rc::new(from_bytes(&buf, h, &shape)?))
        }
        AnyDType::Host(h) if h.kind == HostKind::Object => return Err(pickled("reading")),
        AnyDType::Host(h) => {
            let item = h.itemsize().max(1);
            let cells = buf
                .chunks_exact(item)
                .map(|e| super::cell_from_bytes(h.kind, e, false))
                .collect();
            Value::HostArray(Rc::new(HostArray::new(h, cells, &shape)?))
        }
    })
}

/// The structured array of `dtype` and `shape` whose records' packed
/// (little-endian) bytes are `data`: [`to_bytes`] undone.
pub fn from_bytes(data: &[u8], dtype: HostDType, shape: &[usize]) -> Result<HostArray> {
    let r = rec(dtype)?;
    let n = checked_size(shape).ok_or_else(|| Error::value_error("array is too big."))?;
    if n.checked_mul(r.itemsize)
        .is_none_or(|need| data.len() < need)
    {
        return Err(Error::value_error("buffer is smaller than requested size"));
    }
    let tables = r
        .fields
        .iter()
        .map(|f| field_table(data, r.itemsize, f, n))
        .collect::<Result<Vec<_>>>()?;
    HostArray::record(dtype, tables, shape)
}

/// `a.tobytes(order='C')` of a structured array (`order='F'`, or `'A'`
/// of a Fortran-contiguous one: the records in Fortran order).
pub fn tobytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = record::records(a.get(0))?;
    let order = crate::numpy::order::Order::arg(a.get(1), crate::numpy::order::Order::K)?;
    let t = if order.is_fortran_for(t.index().layout()) {
        t.select(t.index().transpose(None)?)?
    } else {
        t
    };
    Ok(Value::Bytes(to_bytes(&t)?.into()))
}

/// `np.frombuffer(buffer, dtype=structured, count=-1, offset=0)`: the
/// records the buffer's bytes hold (read-only over immutable `bytes`, as
/// NumPy's view is).
pub fn frombuffer(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = super::dtype_arg(a.get(1))
        .filter(|d| d.kind.is_record())
        .ok_or_else(|| Error::type_error("expected a structured dtype"))?;
    let data = crate::py::bytes::bytes_like(a.get(0))?;
    let span = crate::numpy::create::buffer_span(
        &data,
        dtype.itemsize(),
        crate::py::num::index_i64(a.get(2))?,
        crate::py::num::index_i64(a.get(3))?,
    )?;
    let n = span.len() / dtype.itemsize().max(1);
    let t = from_bytes(span, dtype, &[n])?;
    Ok(super::wrap(if matches!(a.get(0), Value::Bytes(_)) {
        let index = t.index().clone().into_read_only();
        t.select(index)?
    } else {
        t
    }))
}

// ---------------------------------------------------------------------
// `.npy` images.

/// The `.npy` image `np.save` writes for a structured array: the header
/// with the dtype's `descr` list, then the packed records.
pub fn to_npy(a: &HostArray) -> Result<Vec<u8>> {
    if holds_objects(a.dtype()) {
        return Err(pickled("saving"));
    }
    let descr = crate::ops::repr(&record::descr(&*rec(a.dtype())?));
    // NumPy writes a Fortran-contiguous array (and not C-contiguous) in
    // Fortran order, as its transpose's C order.
    let fortran = crate::numpy::order::fortran_only(a.index().layout());
    let mut out = npy::npy_header_literal(&descr, fortran, a.shape())?;
    out.extend(to_bytes(&if fortran {
        a.select(a.index().transpose(None)?)?
    } else {
        a.clone()
    })?);
    Ok(out)
}

/// A Python literal of a `descr` list: strings, ints, and lists or
/// tuples of them.
#[derive(Clone, Debug, PartialEq)]
enum Lit {
    /// A quoted string.
    Str(String),
    /// A non-negative int.
    Int(usize),
    /// A list or a tuple.
    Seq(Vec<Lit>),
}

/// A reader of the literal text of a `descr` list.
struct LitReader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl LitReader<'_> {
    /// The next non-blank char, not consumed.
    fn peek(&mut self) -> Option<char> {
        while self.chars.next_if(|c| c.is_whitespace()).is_some() {}
        self.chars.peek().copied()
    }

    /// One literal, or `None` for text that is not one.
    fn lit(&mut self) -> Option<Lit> {
        match self.peek()? {
            q @ ('\'' | '"') => {
                self.chars.next();
                let mut s = String::new();
                loop {
                    match self.chars.next()? {
                        c if c == q => return Some(Lit::Str(s)),
                        '\\' => s.push(self.escape()?),
                        c => s.push(c),
                    }
                }
            }
            open @ ('[' | '(') => {
                self.chars.next();
                let close = if open == '[' { ']' } else { ')' };
                let mut items = Vec::new();
                loop {
                    if self.peek()? == close {
                        self.chars.next();
                        return Some(Lit::Seq(items));
                    }
                    items.push(self.lit()?);
                    match self.peek()? {
                        ',' => {
                            self.chars.next();
                        }
                        c if c == close => {}
                        _ => return None,
                    }
                }
            }
            c if c.is_ascii_digit() => {
                let mut digits = String::new();
                while let Some(d) = self.chars.next_if(char::is_ascii_digit) {
                    digits.push(d);
                }
                digits.parse().ok().map(Lit::Int)
            }
            _ => None,
        }
    }

    /// The char a backslash escape in a string stands for.
    fn escape(&mut self) -> Option<char> {
        let hex = |r: &mut Self, n: usize| {
            let digits: String = (0..n).filter_map(|_| r.chars.next()).collect();
            char::from_u32(u32::from_str_radix(&digits, 16).ok()?)
        };
        Some(match self.chars.next()? {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            'x' => hex(self, 2)?,
            'u' => hex(self, 4)?,
            'U' => hex(self, 8)?,
            c => c,
        })
    }
}

/// The bytes to reverse in each record of a big-endian image: `(offset,
/// unit, count)` is `count` elements of `unit` bytes from `offset`.
type Swaps = Vec<(usize, usize, usize)>;

/// The dtype of one `descr` format: a dtype string (`'<i4'`, `'>f8'`,
/// `'|S3'`, `'<U2'`, `'<M8[D]'`) or a nested list. Big-endian elements
/// at `at` (`count` of them) are added to `swaps`.
fn format_dtype(
    format: &Lit,
    at: usize,
    count: usize,
    swaps: &mut Swaps,
    bad: &dyn Fn() -> Error,
) -> Result<AnyDType> {
    match format {
        Lit::Seq(items) => {
            let nested = descr_record(items, swaps, bad)?;
            let size = nested.itemsize;
            field_bytes_checked(size, count).ok_or_else(bad)?;
            // Each element of a nested subarray swaps as the first did.
            let first: Swaps = std::mem::take(swaps);
            for i in 0..count {
                swaps.extend(first.iter().map(|&(o, u, c)| (at + i * size + o, u, c)));
            }
            Ok(AnyDType::Host(record::intern(nested)))
        }
        Lit::Str(code) => {
            let big = code.starts_with('>');
            let body = code.trim_start_matches(['<', '>', '|', '=']);
            let d = if let Some(h) = HostDType::parse(body) {
                AnyDType::Host(h)
            } else {
                AnyDType::Num(DType::parse(body).map_err(|_| bad())?)
            };
            let unit = match d {
                AnyDType::Num(n) if n.is_complex() => n.itemsize() / 2,
                AnyDType::Num(n) => n.itemsize(),
                AnyDType::Host(h) if h.kind == HostKind::Str => 4,
                AnyDType::Host(h) if h.kind.is_time() => 8,
                AnyDType::Host(_) => 1,
            };
            let bytes = field_bytes_checked(record::itemsize(d), count).ok_or_else(bad)?;
            if big && unit > 1 {
                swaps.push((at, unit, bytes / unit));
            }
            Ok(d)
        }
        Lit::Int(_) => Err(bad()),
    }
}

/// NumPy's `descr_to_dtype` of a `descr` list: the fields one after
/// another, padding entries (`('', '|V n')`) leaving their bytes out.
fn descr_record(items: &[Lit], swaps: &mut Swaps, bad: &dyn Fn() -> Error) -> Result<RecordDType> {
    let mut fields = Vec::with_capacity(items.len());
    let mut offset = 0;
    let mut inner = Swaps::new();
    for item in items {
        let Lit::Seq(parts) = item else {
            return Err(bad());
        };
        let (Some(Lit::Str(name)), Some(format)) = (parts.first(), parts.get(1)) else {
            return Err(bad());
        };
        let shape = match parts.get(2) {
            None => Vec::new(),
            Some(Lit::Int(n)) => vec![*n],
            Some(Lit::Seq(dims)) => dims
                .iter()
                .map(|d| match d {
                    Lit::Int(n) => Ok(*n),
                    _ => Err(bad()),
                })
                .collect::<Result<_>>()?,
            Some(Lit::Str(_)) => return Err(bad()),
        };
        let count = checked_size(&shape).ok_or_else(bad)?;
        if let Lit::Str(code) = format {
            let body = code.trim_start_matches(['<', '>', '|', '=']);
            if name.is_empty() && body.starts_with('V') {
                let n: usize = body[1..].parse().map_err(|_| bad())?;
                let bytes = field_bytes_checked(n, count).ok_or_else(bad)?;
                offset = field_bytes_checked(offset + bytes, 1).ok_or_else(bad)?;
                continue;
            }
        }
        let dtype = format_dtype(format, offset, count, &mut inner, bad)?;
        swaps.append(&mut inner);
        let f = Field {
            name: Rc::from(name.as_str()),
            dtype,
            shape,
            offset,
        };
        offset = field_bytes_checked(offset + f.itemsize(), 1).ok_or_else(bad)?;
        fields.push(f);
    }
    Ok(RecordDType {
        fields,
        itemsize: offset,
        aligned: false,
        sub: None,
        record: false,
    })
}

/// The bytes of `count` elements of `size` bytes, `None` beyond NumPy's
/// largest itemsize (`2**31 - 1`, a corrupt header).
fn field_bytes_checked(size: usize, count: usize) -> Option<usize> {
    size.checked_mul(count).filter(|&b| b <= i32::MAX as usize)
}

/// The number of elements of a shape, `None` when it overflows (a
/// corrupt header).
fn checked_size(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

/// The structured dtype of a `.npy` header's `descr` list text, and the
/// byte swaps its big-endian fields need; `name` and `header` name the
/// file and its header in NumPy's error.
fn parse_descr(descr: &str, name: &str, header: &str) -> Result<(HostDType, Swaps)> {
    let bad = || {
        Error::value_error(format!(
            "Cannot parse header: {header:?} (file {})",
            crate::py::repr::str_repr(name)
        ))
    };
    let mut reader = LitReader {
        chars: descr.chars().peekable(),
    };
    let Some(Lit::Seq(items)) = reader.lit() else {
        return Err(bad());
    };
    let mut swaps = Swaps::new();
    let r = descr_record(&items, &mut swaps, &bad)?;
    Ok((record::intern(r), swaps))
}

/// The bytes per record of a `.npy` image's structured `descr` (a list
/// text), for reading exactly one image from an open file.
pub fn descr_itemsize(descr: &str) -> Result<usize> {
    Ok(parse_descr(descr, "<file>", descr)?.0.itemsize())
}

/// A structured array from a `.npy` image whose `descr` is a list;
/// `name` names the file in errors. Object fields raise NumPy's error
/// unless `allow_pickle` (then xpush's: it cannot unpickle).
pub fn from_npy(bytes: &[u8], name: &str, allow_pickle: bool) -> Result<HostArray> {
    let (h, off, header) = npy::read_header_raw(bytes, name)?;
    let (dtype, swaps) = parse_descr(&h.descr, name, &header)?;
    if holds_objects(dtype) {
        if !allow_pickle {
            return Err(Error::value_error(
                "Object arrays cannot be loaded when allow_pickle=False",
            ));
        }
        return Err(pickled("loading"));
    }
    let n = checked_size(&h.shape).ok_or_else(|| Error::value_error("array is too big."))?;
    let item = dtype.itemsize();
    let mut data = bytes[off..].to_vec();
    if n.checked_mul(item).is_none_or(|need| data.len() < need) {
        return Err(Error::value_error(format!(
            "Failed to read all data for array. Expected {} = {n} elements, could only read {} elements. (file seems not fully written?)",
            xpush_npu::layout::shape_repr(&h.shape),
            data.len() / item.max(1)
        )));
    }
    for record in data.chunks_exact_mut(item.max(1)).take(n) {
        for &(at, unit, count) in &swaps {
            for e in record[at..at + unit * count].chunks_exact_mut(unit) {
                e.reverse();
            }
        }
    }
    if h.fortran_order && h.shape.len() > 1 {
        // Fortran order: the data is the transpose's C order.
        let rev: Vec<usize> = h.shape.iter().rev().copied().collect();
        let t = from_bytes(&data, dtype, &rev)?;
        return t.select(t.index().transpose(None)?);
    }
    from_bytes(&data, dtype, &h.shape)
}

// ---------------------------------------------------------------------
// Text.

/// The text columns one element of `dtype` takes in a row: one, or its
/// fields' columns for a nested record.
fn columns(d: AnyDType) -> usize {
    match d {
        AnyDType::Host(h) if h.kind.is_record() => rec(h).map_or(0, |r| {
            r.fields
                .iter()
                .map(|f| f.shape.iter().product::<usize>() * columns(f.dtype))
                .sum()
        }),
        _ => 1,
    }
}

/// One row's fields as texts with their (0-based) column numbers, taken
/// in order as a record's elements are built.
type Texts<'a> = std::slice::Iter<'a, (String, usize)>;

/// The Python value of one element of `d` from the next texts of a row
/// (`row` is the data row, for NumPy's conversion error): a number of
/// the field's dtype, a str or bytes, or a tuple for a nested record.
fn text_value(d: AnyDType, texts: &mut Texts, row: usize) -> Result<Value> {
    if let AnyDType::Host(h) = d {
        if h.kind.is_record() {
            let r = rec(h)?;
            let items = r
                .fields
                .iter()
                .map(|f| field_text_value(f, texts, row))
                .collect::<Result<Vec<_>>>()?;
            return Ok(Value::tuple(items));
        }
    }
    let (t, col) = texts
        .next()
        .ok_or_else(|| Error::value_error("a row has fewer columns than the dtype's fields"))?;
    Ok(match d {
        AnyDType::Num(n) => npy_text::parse_value(t, n)
            .map(crate::numpy::conv::elem_value)
            .ok_or_else(|| npy_text::convert_error(t, n, row, *col))?,
        AnyDType::Host(h) if h.kind == HostKind::Bytes => Value::Bytes(t.as_bytes().into()),
        AnyDType::Host(_) => Value::str(t.as_str()),
    })
}

/// The value of field `f` from the next texts of a row: one element, or
/// nested lists of its subarray shape.
fn field_text_value(f: &Field, texts: &mut Texts, row: usize) -> Result<Value> {
    fn shaped(shape: &[usize], make: &mut dyn FnMut() -> Result<Value>) -> Result<Value> {
        match shape.split_first() {
            None => make(),
            Some((&n, rest)) => Ok(Value::list(
                (0..n).map(|_| shaped(rest, make)).collect::<Result<_>>()?,
            )),
        }
    }
    shaped(&f.shape, &mut || text_value(f.dtype, texts, row))
}

/// Records of `dtype` from rows of texts (each row's texts in column
/// order, as many as the dtype's columns).
fn records_from_texts(rows: &[Vec<(String, usize)>], dtype: HostDType) -> Result<HostArray> {
    let r = rec(dtype)?;
    let values = rows
        .iter()
        .enumerate()
        .map(|(i, texts)| {
            let mut it = texts.iter();
            let items = r
                .fields
                .iter()
                .map(|f| field_text_value(f, &mut it, i))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::tuple(items))
        })
        .collect::<Result<Vec<_>>>()?;
    if values.is_empty() {
        return record::zeros(dtype, &[0]);
    }
    record::from_value(&Value::list(values), dtype)
}

/// `np.loadtxt(text, dtype=structured)`: a record a row, its columns
/// filling the fields in order (a field with a shape takes that many);
/// `unpack=True` gives the list of the field arrays.
pub fn loadtxt(
    text: &str,
    mut opts: npy_text::LoadTxt,
    dtype: HostDType,
    unpack: bool,
) -> Result<Value> {
    let needed = columns(AnyDType::Host(dtype));
    if let Some(cols) = &opts.usecols {
        if cols.len() != needed {
            return Err(Error::type_error(format!(
                "If a structured dtype is used, the number of columns in `usecols` must match the effective number of fields. But {} usecols were given and the number of fields is {needed}.",
                cols.len()
            )));
        }
    }
    opts.columns = Some(needed);
    let mut rows: Vec<Vec<(String, usize)>> = Vec::new();
    npy_text::loadtxt_fields(text, &opts, |f, _, col, source| {
        if col == 0 {
            rows.push(Vec::with_capacity(needed));
        }
        // NumPy numbers a field by its column in the line.
        if let Some(row) = rows.last_mut() {
            row.push((f.to_string(), source));
        }
        Ok(())
    })?;
    let t = records_from_texts(&rows, dtype)?;
    let t = if rows.is_empty() {
        t
    } else {
        t.select(npy_text::ensure_ndmin(t.index().clone(), opts.ndmin)?)?
    };
    if unpack {
        let r = rec(dtype)?;
        let fields = (0..r.fields.len())
            .map(|k| t.field(k))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::list(fields));
    }
    Ok(super::wrap(t))
}

/// `np.savetxt` of a structured array: a line a record, the fields'
/// values through the `%`-format (`fmt` once a field, a list of one per
/// field, or a string with a `%` a field), header and footer lines
/// prefixed with `comments`; NumPy's errors when the format does not fit.
pub fn savetxt_string(a: &HostArray, fmt: &Value, opts: &npy_text::SaveTxt) -> Result<String> {
    let r = rec(a.dtype())?;
    let ncol = match a.ndim() {
        1 => r.fields.len(),
        2 => a.shape()[1],
        n => {
            return Err(Error::value_error(format!(
                "Expected 1D or 2D array, got {n}D array instead"
            )))
        }
    };
    let format = match fmt {
        Value::List(_) | Value::Tuple(_) => {
            let parts = crate::numpy::io::str_list(fmt)?;
            if parts.len() != ncol {
                return Err(Error::attribute_error(format!(
                    "fmt has wrong shape.  {}",
                    crate::ops::to_str(fmt)
                )));
            }
            parts.join(&opts.delimiter)
        }
        Value::Str(f) => match f.matches('%').count() {
            1 => vec![f.to_string(); ncol].join(&opts.delimiter),
            n if n == ncol => f.to_string(),
            _ => {
                return Err(Error::value_error(format!(
                    "fmt has wrong number of % formats:  {f}"
                )))
            }
        },
        other => {
            return Err(Error::value_error(format!(
                "invalid fmt: {}",
                crate::ops::repr(other)
            )))
        }
    };
    let lines = |text: &str| {
        format!(
            "{}{}{}",
            opts.comments,
            text.replace('\n', &format!("\n{}", opts.comments)),
            opts.newline
        )
    };
    let mut out = String::new();
    if !opts.header.is_empty() {
        out.push_str(&lines(&opts.header));
    }
    let format = Value::str(format.as_str());
    let rows = crate::py::iter::to_vec(&super::wrap(a.clone()))?;
    for row in rows {
        // `tuple(row)`: a record's fields, or a row's records.
        let items = match &row {
            Value::HostArray(v) if v.is_scalar() => (0..r.fields.len())
                .map(|k| v.field_value(k))
                .collect::<Result<Vec<_>>>()?,
            other => crate::py::iter::to_vec(other)?,
        };
        let line =
            crate::strmethods::percent_format(&format, &Value::tuple(items)).map_err(|e| {
                if e.kind() == ExcKind::TypeError {
                    Error::type_error(format!(
                        "Mismatch between array dtype ('{}') and format specifier ('{}')",
                        record::str(&r),
                        crate::ops::to_str(&format)
                    ))
                } else {
                    e
                }
            })?;
        out.push_str(&crate::ops::to_str(&line));
        out.push_str(&opts.newline);
    }
    if !opts.footer.is_empty() {
        out.push_str(&lines(&opts.footer));
    }
    Ok(out)
}

/// What `np.genfromtxt` reads records with: its arguments that shape the
/// fields (the rest is the float reader's, [`npy_text::GenFromTxt`]).
pub struct GenText<'a> {
    /// `dtype=`: `None` infers each column's type.
    pub dtype: &'a Value,
    /// `names=`: `True` (from the first line), a comma string, a list,
    /// or `None`.
    pub names: &'a Value,
    /// `usecols=`: column numbers or names.
    pub usecols: Option<Vec<Value>>,
    /// The comment prefix (`None`: no comments).
    pub comments: Option<String>,
    /// The field separator (`None`: runs of whitespace).
    pub delimiter: Option<String>,
    /// Lines skipped first.
    pub skip_header: usize,
    /// Rows dropped at the end.
    pub skip_footer: usize,
    /// Fixed-width fields (`delimiter=` an int or a sequence of widths):
    /// they replace `delimiter`.
    pub widths: Option<Widths>,
    /// `missing_values=`: texts that count as missing besides the empty
    /// one (a comma string or value for every column, a sequence a
    /// column each, a dict by column number or name, `None` for all).
    pub missing_values: &'a Value,
    /// `filling_values=`: what a missing or bad value becomes (the type's
    /// default when not given), as `missing_values` spells it by column.
    pub filling_values: &'a Value,
    /// Whether fields are stripped of blanks.
    pub autostrip: bool,
    /// Whether to return the columns (`unpack=True`).
    pub unpack: bool,
    /// Rows read at most.
    pub max_rows: Option<usize>,
    /// `usemask=True`: a masked array, the missing values masked.
    pub usemask: bool,
    /// `defaultfmt=`: the names of unnamed fields, `%` a number (`'f%i'`).
    pub defaultfmt: &'a Value,
    /// `converters=`: functions that read some columns' texts.
    pub converters: Option<crate::numpy::io::Converters>,
}

/// Fixed-width fields: `genfromtxt`'s `delimiter=` as an int or widths.
pub enum Widths {
    /// Every field this many characters wide.
    Fixed(usize),
    /// Each field as wide as its entry.
    Variable(Vec<usize>),
}

/// NumPy's `LineSplitter`: the line before the comment, stripped of
/// spaces and line ends, split at the delimiter (runs of whitespace for
/// none); nothing for a blank line. Fixed-width fields are cut by
/// character counts (a line stripped of its line end only, for a single
/// width; as it is, for widths).
fn split_line(line: &str, g: &GenText) -> Vec<String> {
    let line = match &g.comments {
        Some(c) if !c.is_empty() => line.split(c.as_str()).next().unwrap_or(""),
        _ => line,
    };
    if let Some(w) = &g.widths {
        let chars: Vec<char> = match w {
            Widths::Fixed(_) => line.trim_matches(['\r', '\n']).chars().collect(),
            Widths::Variable(_) => line.chars().collect(),
        };
        if chars.is_empty() {
            return Vec::new();
        }
        let cut = |a: usize, b: usize| -> String {
            let piece: String = chars[a.min(chars.len())..b.min(chars.len())]
                .iter()
                .collect();
            if g.autostrip {
                piece.trim().to_string()
            } else {
                piece
            }
        };
        return match w {
            Widths::Fixed(n) => (0..chars.len())
                .step_by((*n).max(1))
                .map(|a| cut(a, a + n))
                .collect(),
            Widths::Variable(ws) => {
                let mut at = 0;
                ws.iter()
                    .map(|n| {
                        at += n;
                        cut(at - n, at)
                    })
                    .collect()
            }
        };
    }
    let line = line.trim_matches([' ', '\r', '\n']);
    if line.is_empty() {
        return Vec::new();
    }
    let parts: Vec<&str> = match &g.delimiter {
        Some(d) if !d.is_empty() => line.split(d.as_str()).collect(),
        _ => line.split_whitespace().collect(),
    };
    parts
        .into_iter()
        .map(|p| if g.autostrip { p.trim() } else { p }.to_string())
        .collect()
}

/// NumPy's `NameValidator` with genfromtxt's defaults: spaces become
/// `_`, the characters `deletechars` names go, `return`/`file`/`print`
/// get a `_`, empty names become `f0`, `f1`, ..., and repeats `_1`, ....
fn validate_names(names: &[String], defaultfmt: &Value) -> Result<Vec<String>> {
    // `defaultfmt % k` (`'f%i' % 0` is `f0`).
    let default = |k: usize| -> Result<String> {
        match defaultfmt {
            Value::None => Ok(format!("f{k}")),
            f => Ok(crate::ops::to_str(&crate::py::arith::binary(
                xpush_lang::ast::BinOp::Mod,
                f,
                &Value::Int(k as i64),
            )?)),
        }
    };
    const DELETE: &str = " !#$%&'()*+,-./:;<=>?@[\\]^{|}~";
    let mut out = Vec::with_capacity(names.len());
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    let mut empty = 0;
    for name in names {
        let mut item: String = name
            .replace(' ', "_")
            .chars()
            .filter(|c| !DELETE.contains(*c))
            .collect();
        if item.is_empty() {
            item = default(empty)?;
            while names.contains(&item) {
                empty += 1;
                item = default(empty)?;
            }
            empty += 1;
        } else if ["return", "file", "print"].contains(&item.as_str()) {
            item.push('_');
        }
        let count = seen.entry(item.clone()).or_insert(0);
        out.push(if *count > 0 {
            format!("{item}_{count}")
        } else {
            item
        });
        *count += 1;
    }
    Ok(out)
}

/// The column types genfromtxt's `dtype=None` tries, in order: a column
/// takes the first that reads all its (present) values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ColType {
    /// `True`/`False` in any case.
    Bool,
    /// Python's `int()`.
    Int,
    /// Python's `float()`.
    Float,
    /// Python's `complex()`.
    Complex,
    /// The text itself.
    Str,
}

impl ColType {
    /// The type of a field dtype's converter (explicit dtypes).
    fn of(d: AnyDType) -> ColType {
        match d {
            AnyDType::Num(DType::Bool) => ColType::Bool,
            AnyDType::Num(d) if d.is_complex() => ColType::Complex,
            AnyDType::Num(d) if d.is_integer() => ColType::Int,
            AnyDType::Num(_) => ColType::Float,
            AnyDType::Host(_) => ColType::Str,
        }
    }

    /// What a value that does not read becomes.
    fn default(self) -> Value {
        match self {
            ColType::Bool => Value::Bool(false),
            ColType::Int => Value::Int(-1),
            ColType::Float => Value::Float(f64::NAN),
            ColType::Complex => Value::Complex(num_complex::Complex64::new(f64::NAN, 0.0)),
            ColType::Str => Value::str(""),
        }
    }

    /// `t` read as this type (Python's `int`, `float`, `complex`, or
    /// NumPy's `str2bool`); `None` when it does not read.
    fn read(self, host: &mut dyn Host, t: &str) -> Option<Value> {
        let builtin = |host: &mut dyn Host, name: &str| {
            let f = Value::Builtin(crate::table::lookup("builtins", name)?);
            host.call(&f, vec![Value::str(t)], Default::default()).ok()
        };
        match self {
            ColType::Bool => match t.to_uppercase().as_str() {
                "TRUE" => Some(Value::Bool(true)),
                "FALSE" => Some(Value::Bool(false)),
                _ => None,
            },
            ColType::Int => builtin(host, "int"),
            ColType::Float => builtin(host, "float"),
            ColType::Complex => builtin(host, "complex"),
            ColType::Str => Some(Value::str(t)),
        }
    }

    /// The dtype spec of an inferred column (`'<U n'` for text of at most
    /// `width` chars).
    fn spec(self, width: usize) -> String {
        match self {
            ColType::Bool => "?".into(),
            ColType::Int => "<i8".into(),
            ColType::Float => "<f8".into(),
            ColType::Complex => "<c16".into(),
            ColType::Str => format!("<U{width}"),
        }
    }
}

/// genfromtxt's `missing_values` and `filling_values` a column each, as
/// NumPy spreads them: a dict by column number (of the line, found
/// through `usecols`) or by name, `None` keys for every column; a
/// sequence a column each, in order; a comma string (missing) or one
/// value for every column.
#[allow(clippy::type_complexity)]
fn missing_and_filling(
    g: &GenText,
    nbcols: usize,
    names: Option<&[String]>,
    usecols: Option<&[usize]>,
) -> Result<(Vec<Vec<String>>, Vec<Option<Value>>)> {
    // The column a dict key names, or `None` for a key naming none.
    let column = |k: &Value| -> Option<usize> {
        let j = match k {
            Value::Str(s) => names?.iter().position(|n| n == &**s)?,
            k => {
                let i = usize::try_from(crate::py::num::index_i64(k).ok()?).ok()?;
                match usecols {
                    Some(u) => u.iter().position(|&c| c == i).unwrap_or(i),
                    None => i,
                }
            }
        };
        (j < nbcols).then_some(j)
    };
    let text = |v: &Value| crate::ops::to_str(v);
    let mut missing: Vec<Vec<String>> = vec![Vec::new(); nbcols];
    match g.missing_values {
        Value::None => {}
        Value::Dict(d) => {
            for (k, v) in d.borrow().pairs() {
                let vals: Vec<String> = match &v {
                    Value::List(_) | Value::Tuple(_) => {
                        crate::py::iter::to_vec(&v)?.iter().map(text).collect()
                    }
                    v => vec![text(v)],
                };
                match (&k, column(&k)) {
                    (Value::None, _) => missing.iter_mut().for_each(|m| m.extend(vals.clone())),
                    (_, Some(j)) => missing[j].extend(vals),
                    _ => {}
                }
            }
        }
        v @ (Value::List(_) | Value::Tuple(_)) => {
            for (m, x) in missing.iter_mut().zip(crate::py::iter::to_vec(v)?) {
                m.push(text(&x));
            }
        }
        Value::Str(s) => {
            let vals: Vec<String> = s.split(',').map(str::to_string).collect();
            missing.iter_mut().for_each(|m| m.extend(vals.clone()));
        }
        v => missing.iter_mut().for_each(|m| m.push(text(v))),
    }
    let mut filling: Vec<Option<Value>> = vec![None; nbcols];
    match g.filling_values {
        Value::None => {}
        Value::Dict(d) => {
            for (k, v) in d.borrow().pairs() {
                match (&k, column(&k)) {
                    (Value::None, _) => filling.iter_mut().for_each(|f| *f = Some(v.clone())),
                    (_, Some(j)) => filling[j] = Some(v),
                    _ => {}
                }
            }
        }
        v @ (Value::List(_) | Value::Tuple(_)) => {
            for (f, x) in filling.iter_mut().zip(crate::py::iter::to_vec(v)?) {
                *f = Some(x);
            }
        }
        v => filling.iter_mut().for_each(|f| *f = Some(v.clone())),
    }
    Ok((missing, filling))
}

/// The type `dtype=None` gives a column a converter read: the widest of
/// its values' types (bool, int, float, complex; str once one is text).
fn converted_type(values: &[Option<Value>]) -> ColType {
    let rank = |v: &Value| match v {
        Value::Bool(_) => 0,
        Value::Int(_) | Value::BigInt(_) => 1,
        Value::Float(_) => 2,
        Value::Complex(_) => 3,
        Value::Scalar(s) if s.dtype() == DType::Bool => 0,
        Value::Scalar(s) if s.dtype().is_integer() => 1,
        Value::Scalar(s) if s.dtype().is_complex() => 3,
        Value::Scalar(_) => 2,
        _ => 4,
    };
    match values.iter().flatten().map(rank).max().unwrap_or(2) {
        0 => ColType::Bool,
        1 => ColType::Int,
        2 => ColType::Float,
        3 => ColType::Complex,
        _ => ColType::Str,
    }
}

/// The type `dtype=None` gives a column (NumPy's `StringConverter`
/// upgrading): the first of bool, int, float, complex and str that reads
/// every value that is not missing. On the way to str NumPy tries the
/// abstract `np.integer`, which raises its TypeError when an int value
/// comes before the first value `int()` does not read.
fn infer(host: &mut dyn Host, column: &[&str], missing: &dyn Fn(&str) -> bool) -> Result<ColType> {
    let mut ty = ColType::Bool;
    loop {
        let mut fails = false;
        for t in column {
            if ty.read(host, t).is_none() && !missing(t) {
                fails = true;
                break;
            }
        }
        if !fails {
            return Ok(ty);
        }
        ty = match ty {
            ColType::Bool => ColType::Int,
            ColType::Int => ColType::Float,
            ColType::Float => ColType::Complex,
            _ => {
                for t in column {
                    match ColType::Int.read(host, t) {
                        Some(_) => {
                            return Err(Error::type_error(
                                "Converting 'np.integer' or 'np.signedinteger' to a dtype is not allowed",
                            ))
                        }
                        None if missing(t) => continue,
                        None => break,
                    }
                }
                ColType::Str
            }
        };
    }
}

/// `np.genfromtxt` with names, a structured dtype or `dtype=None`: the
/// header line's names, each column converted by its field's type (or
/// the type its values infer), records built as NumPy's are.
pub fn genfromtxt(host: &mut dyn Host, text: &str, g: &GenText) -> Result<Value> {
    // `dtype=` a sequence of types (`(int, float, int)`): records whose
    // fields `names` names, the rest by `defaultfmt` (`f0`, `f1`, ...).
    if let Value::List(_) | Value::Tuple(_) = g.dtype {
        let types = crate::py::iter::to_vec(g.dtype)?;
        if !types
            .iter()
            .any(|t| matches!(t, Value::List(_) | Value::Tuple(_)))
        {
            let mut given: Vec<String> = match g.names {
                Value::None | Value::Bool(_) => Vec::new(),
                Value::Str(s) => s.split(',').map(|p| p.trim().to_string()).collect(),
                other => crate::numpy::io::str_list(other)?,
            };
            given.resize(types.len().max(given.len()), String::new());
            given.truncate(types.len());
            let names = validate_names(&given, g.defaultfmt)?;
            let spec = Value::list(
                names
                    .into_iter()
                    .zip(types)
                    .map(|(n, t)| Value::tuple(vec![Value::str(n), t]))
                    .collect(),
            );
            let names = match g.names {
                Value::Bool(true) => Value::Bool(true),
                _ => Value::None,
            };
            return genfromtxt_as(host, text, g, &spec, &names);
        }
    }
    genfromtxt_as(host, text, g, g.dtype, g.names)
}

/// [`genfromtxt`] with `dtype` and `names` for `g`'s.
fn genfromtxt_as(
    host: &mut dyn Host,
    text: &str,
    g: &GenText,
    dtype_arg: &Value,
    names_arg: &Value,
) -> Result<Value> {
    let lines: Vec<&str> = text.lines().skip(g.skip_header).collect();
    let names_true = matches!(names_arg, Value::Bool(true));
    // The first line with values (the names, when `names=True`).
    let mut at = 0;
    let mut first = Vec::new();
    while first.is_empty() && at < lines.len() {
        let mut line = lines[at].to_string();
        if let (true, Some(c)) = (names_true, &g.comments) {
            if !c.is_empty() && line.contains(c.as_str()) {
                line = line.split(c.as_str()).skip(1).collect();
            }
        }
        first = split_line(&line, g);
        at += 1;
    }
    if names_true {
        if let (Some(v), Some(c)) = (first.first(), &g.comments) {
            if c.contains(v.trim()) {
                first.remove(0);
            }
        }
    }
    let names: Option<Vec<String>> = match names_arg {
        Value::None | Value::Bool(false) => None,
        Value::Bool(true) => Some(validate_names(
            &first
                .iter()
                .map(|s| s.trim().to_string())
                .collect::<Vec<_>>(),
            g.defaultfmt,
        )?),
        Value::Str(s) => Some(validate_names(
            &s.split(',')
                .map(|p| p.trim().to_string())
                .collect::<Vec<_>>(),
            g.defaultfmt,
        )?),
        other => Some(validate_names(
            &crate::numpy::io::str_list(other)?,
            g.defaultfmt,
        )?),
    };
    // Data starts at the first line unless it held the names.
    let data_from = if names_true { at } else { at.saturating_sub(1) };
    let usecols: Option<Vec<usize>> = match &g.usecols {
        None => None,
        Some(cols) => Some(
            cols.iter()
                .map(|c| match c {
                    Value::Str(s) => names
                        .as_ref()
                        .and_then(|n| n.iter().position(|x| x == &**s))
                        .ok_or_else(|| Error::value_error(format!("'{s}' is not in list"))),
                    other => {
                        let i = crate::py::num::index_i64(other)?;
                        Ok(if i < 0 { i + first.len() as i64 } else { i }.max(0) as usize)
                    }
                })
                .collect::<Result<_>>()?,
        ),
    };
    let nbcols = usecols.as_ref().map_or(first.len(), Vec::len);
    // Names for all the columns name the used ones (a structured dtype's
    // fields are renamed first, then picked).
    let structured = super::dtype_arg(dtype_arg).filter(|d| d.kind.is_record());
    let names = match (names, &usecols) {
        (Some(n), Some(cols)) if n.len() > nbcols && structured.is_none() => {
            Some(cols.iter().filter_map(|&c| n.get(c).cloned()).collect())
        }
        (n, _) => n,
    };
    // The rows' values (invalid lines noted as NumPy reports them).
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut invalid = Vec::new();
    for (i, line) in lines[data_from.min(lines.len())..].iter().enumerate() {
        let values = split_line(line, g);
        if values.is_empty() {
            continue;
        }
        let number = i + g.skip_header + 1 + usize::from(names_true);
        let picked = match &usecols {
            Some(cols) => cols
                .iter()
                .map(|&c| values.get(c).cloned())
                .collect::<Option<Vec<_>>>(),
            None if values.len() == nbcols => Some(values.clone()),
            None => None,
        };
        match picked {
            Some(p) => rows.push(p),
            None => invalid.push(format!(
                "    Line #{number} (got {} columns instead of {nbcols})",
                values.len()
            )),
        }
        if g.max_rows.is_some_and(|m| rows.len() >= m) {
            break;
        }
    }
    if !invalid.is_empty() {
        return Err(Error::value_error(format!(
            "Some errors were detected !\n{}",
            invalid.join("\n")
        )));
    }
    rows.truncate(rows.len().saturating_sub(g.skip_footer));
    let (missing_by, filling) =
        missing_and_filling(g, nbcols, names.as_deref(), usecols.as_deref())?;
    let missing_in = |j: usize, t: &str| {
        t.trim().is_empty() || missing_by[j].iter().any(|m| m == t.trim() || m == t)
    };
    // The columns `converters` read: each value through its function (a
    // ValueError on a missing value makes it missing, as NumPy's
    // `StringConverter` has it).
    let mut converted: Vec<Option<Vec<Option<Value>>>> = vec![None; nbcols];
    if let Some(c) = &g.converters {
        for (j, slot) in converted.iter_mut().enumerate() {
            let source = usecols.as_ref().map_or(j, |u| u[j]);
            let usecol = g
                .usecols
                .as_ref()
                .and_then(|u| u.get(j))
                .and_then(|v| crate::py::num::index_i64(v).ok().map(|k| k as isize));
            let name = names.as_ref().and_then(|n| n.get(j)).map(String::as_str);
            let Some(func) = c.get(j, nbcols, source, usecol, name) else {
                continue;
            };
            let mut values = Vec::with_capacity(rows.len());
            for row in &rows {
                match host.call(func, vec![Value::str(row[j].as_str())], Vec::new()) {
                    Ok(v) => values.push(Some(v)),
                    Err(e) if e.kind() == ExcKind::ValueError && missing_in(j, &row[j]) => {
                        values.push(None)
                    }
                    Err(e) => return Err(e),
                }
            }
            *slot = Some(values);
        }
    }
    // The dtype: the given one (named by `names`, narrowed by `usecols`),
    // or each column's inferred type.
    let plain = !dtype_arg.is_none() && structured.is_none() && names.is_none();
    let (types, dtype) = if plain {
        // One dtype for every column: a 2-d array.
        let d = super::dtype_arg(dtype_arg)
            .map(AnyDType::Host)
            .or_else(|| {
                crate::numpy::conv::dtype_arg(dtype_arg)
                    .ok()
                    .flatten()
                    .map(AnyDType::Num)
            })
            .ok_or_else(|| Error::type_error("genfromtxt: bad dtype"))?;
        (vec![ColType::of(d); nbcols], dtype_arg.clone())
    } else if dtype_arg.is_none() {
        let mut types = Vec::with_capacity(nbcols);
        for j in 0..nbcols {
            if let Some(values) = &converted[j] {
                types.push(converted_type(values));
                continue;
            }
            let column: Vec<&str> = rows.iter().map(|r| r[j].as_str()).collect();
            types.push(infer(host, &column, &|t: &str| missing_in(j, t))?);
        }
        let width = |j: usize| rows.iter().map(|r| r[j].chars().count()).max().unwrap_or(0);
        let uniform = names.is_none() && types.iter().all(|t| *t == types[0]);
        let spec = if uniform {
            Value::str(types.first().map_or("<f8".into(), |t| {
                t.spec((0..nbcols).map(width).max().unwrap_or(0))
            }))
        } else {
            let names = names
                .clone()
                .unwrap_or_else(|| (0..nbcols).map(|i| format!("f{i}")).collect());
            Value::list(
                types
                    .iter()
                    .enumerate()
                    .map(|(j, t)| {
                        Value::tuple(vec![
                            Value::str(names[j].as_str()),
                            Value::str(t.spec(width(j))),
                        ])
                    })
                    .collect(),
            )
        };
        (types, spec)
    } else {
        let fields: Vec<(String, Value)> = match structured.map(rec).transpose()? {
            Some(r) => {
                let mut fields: Vec<(String, Value, &Field)> = r
                    .fields
                    .iter()
                    .map(|f| (f.name.to_string(), f.dtype.value(), f))
                    .collect();
                if let Some(n) = &names {
                    for (f, name) in fields.iter_mut().zip(n) {
                        f.0 = name.clone();
                    }
                }
                if let (Some(cols), true) = (&usecols, fields.len() > nbcols) {
                    fields = cols
                        .iter()
                        .filter_map(|&c| fields.get(c).cloned())
                        .collect();
                }
                if fields
                    .iter()
                    .any(|f| !f.2.shape.is_empty() || f.2.dtype.value().is_none())
                {
                    return Err(Error::not_implemented(
                        "np.genfromtxt: subarray fields are not supported in xpush",
                    ));
                }
                fields.into_iter().map(|(n, d, _)| (n, d)).collect()
            }
            None => {
                let Some(names) = &names else {
                    return Err(Error::type_error(
                        "genfromtxt: expected names or a structured dtype",
                    ));
                };
                names
                    .iter()
                    .map(|n| (n.clone(), dtype_arg.clone()))
                    .collect()
            }
        };
        let spec = Value::list(
            fields
                .iter()
                .map(|(n, d)| Value::tuple(vec![Value::str(n.as_str()), d.clone()]))
                .collect(),
        );
        let dtype = super::dtype_arg(&spec).ok_or_else(|| Error::type_error("bad dtype"))?;
        let types = rec(dtype)?
            .fields
            .iter()
            .map(|f| ColType::of(f.dtype))
            .collect();
        (types, spec)
    };
    // Each value through its column's converter (loosely: what does not
    // read becomes the filling value or the type's default).
    let mut values = Vec::with_capacity(rows.len());
    // `usemask=True`: which values were missing.
    let mut masks = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let mut items = Vec::with_capacity(nbcols);
        let mut mask = Vec::with_capacity(nbcols);
        for (j, (t, ty)) in row.iter().zip(&types).enumerate() {
            // A value that reads is kept (a str column keeps its empty
            // texts); the mask marks the missing texts, as NumPy's does.
            let read = match &converted[j] {
                Some(column) => column[i].clone(),
                None => ty.read(host, t),
            };
            mask.push(Value::Bool(missing_in(j, t)));
            items.push(match read {
                Some(v) => v,
                None => filling[j].clone().unwrap_or_else(|| ty.default()),
            });
        }
        values.push(items);
        masks.push(mask);
    }
    let data = finish_genfromtxt(host, values, &dtype, g.unpack)?;
    if !g.usemask {
        return Ok(data);
    }
    // The mask has the data's shape: a bool field for each field.
    let mask_spec = match super::dtype_arg(&dtype).filter(|d| d.kind.is_record()) {
        Some(d) => Value::list(
            rec(d)?
                .fields
                .iter()
                .map(|f| Value::tuple(vec![Value::str(&*f.name), Value::str("?")]))
                .collect(),
        ),
        None => Value::str("?"),
    };
    let mask = finish_genfromtxt(host, masks, &mask_spec, g.unpack)?;
    crate::numpy::compose::call_in(host, "numpy.ma", "array", vec![data], &[("mask", mask)])
}

/// genfromtxt's result from the rows' values and the dtype spec: records
/// (a tuple a row) or a plain array (a list a row), squeezed as NumPy's
/// `ndmin=0` does, or unpacked into columns or fields.
fn finish_genfromtxt(
    host: &mut dyn Host,
    values: Vec<Vec<Value>>,
    spec: &Value,
    unpack: bool,
) -> Result<Value> {
    let dtype = super::dtype_arg(spec).filter(|d| d.kind.is_record());
    let out = match dtype {
        Some(d) => {
            let t = if values.is_empty() {
                record::zeros(d, &[0])?
            } else {
                record::from_value(
                    &Value::list(values.into_iter().map(Value::tuple).collect()),
                    d,
                )?
            };
            let index = npy_text::ensure_ndmin(t.index().clone(), 0)?;
            let t = t.select(index)?;
            if unpack {
                let r = rec(d)?;
                if r.fields.len() == 1 {
                    return t.field(0);
                }
                return Ok(Value::list(
                    (0..r.fields.len())
                        .map(|k| t.field(k))
                        .collect::<Result<_>>()?,
                ));
            }
            super::wrap(t)
        }
        None => {
            let rows = Value::list(values.into_iter().map(Value::list).collect());
            let a = crate::numpy::compose::np_kw(
                host,
                "array",
                vec![rows],
                &[("dtype", spec.clone())],
            )?;
            let a = crate::numpy::compose::np(host, "squeeze", vec![a])?;
            if unpack {
                return crate::ops::getattr(&a, "T");
            }
            a
        }
    };
    Ok(out)
}

/// A text converted to an element of field dtype `d` as NumPy's cast of a
/// str does (`np.array(['1'], dtype=...)`): Python's `int`, `float` and
/// `complex` (their errors), a bool true when the text is not empty, the
/// text for text and time fields.
fn cast_text(host: &mut dyn Host, d: AnyDType, t: &str) -> Result<Value> {
    let builtin = |host: &mut dyn Host, name: &str| -> Result<Value> {
        let f = crate::table::lookup("builtins", name)
            .map(Value::Builtin)
            .ok_or_else(|| Error::runtime_error("no builtin converter"))?;
        host.call(&f, vec![Value::str(t)], Default::default())
    };
    match (d, ColType::of(d)) {
        (AnyDType::Host(h), _) if h.kind == HostKind::Bytes => {
            Ok(Value::Bytes(t.as_bytes().into()))
        }
        (_, ColType::Bool) => Ok(Value::Bool(!t.is_empty())),
        (_, ColType::Int) => builtin(host, "int"),
        (_, ColType::Float) => builtin(host, "float"),
        (_, ColType::Complex) => builtin(host, "complex"),
        (_, ColType::Str) => Ok(Value::str(t)),
    }
}

/// `np.fromregex(file, regexp, dtype)` of the file's text: the matches
/// of `regexp` (as `re.findall` gives them: the groups of each, or the
/// match for no group) as records of the structured `dtype`, group `k`
/// into field `k`. With one group the values fill the first field and
/// the result is that array's bytes seen as `dtype`, as NumPy's is.
pub fn fromregex(
    host: &mut dyn Host,
    content: &str,
    regexp: &Value,
    dtype: &Value,
) -> Result<Value> {
    let dtype = super::dtype_arg(dtype)
        .filter(|d| d.kind.is_record())
        .ok_or_else(|| Error::type_error("dtype must be a structured datatype."))?;
    let r = rec(dtype)?;
    let pattern = match regexp {
        Value::Str(s) => s.to_string(),
        Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        other => {
            return Err(Error::type_error(format!(
                "first argument must be string or compiled pattern, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let re = regex::Regex::new(&pattern)
        .map_err(|e| Error::value_error(format!("bad regular expression {pattern:?}: {e}")))?;
    let groups = re.captures_len() - 1;
    let seq: Vec<Vec<&str>> = re
        .captures_iter(content)
        .map(|c| {
            if groups == 0 {
                vec![c.get(0).map_or("", |m| m.as_str())]
            } else {
                (1..=groups)
                    .map(|i| c.get(i).map_or("", |m| m.as_str()))
                    .collect()
            }
        })
        .collect();
    if seq.is_empty() {
        return Ok(super::wrap(record::zeros(dtype, &[0])?));
    }
    if groups > 1 {
        let n = r.fields.len();
        let rows = seq
            .iter()
            .map(|m| {
                if m.len() != n {
                    return Err(Error::value_error(format!(
                        "could not assign tuple of length {} to structure with {n} fields.",
                        m.len()
                    )));
                }
                let items = r
                    .fields
                    .iter()
                    .zip(m)
                    .map(|(f, t)| cast_text(host, f.dtype, t))
                    .collect::<Result<Vec<_>>>()?;
                Ok(Value::tuple(items))
            })
            .collect::<Result<Vec<_>>>()?;
        return Ok(super::wrap(record::from_value(&Value::list(rows), dtype)?));
    }
    // One group: an array of the first field's dtype, its bytes as records.
    let first = r
        .fields
        .first()
        .ok_or_else(|| Error::type_error("dtype must be a structured datatype."))?;
    let single = record::intern(RecordDType {
        fields: vec![Field {
            offset: 0,
            ..first.clone()
        }],
        itemsize: first.itemsize(),
        aligned: false,
        sub: None,
        record: false,
    });
    let rows = seq
        .iter()
        .map(|m| Ok(Value::tuple(vec![cast_text(host, first.dtype, m[0])?])))
        .collect::<Result<Vec<_>>>()?;
    let values = record::from_value(&Value::list(rows), single)?;
    if single == dtype {
        return Ok(super::wrap(values));
    }
    let bytes = to_bytes(&values)?;
    if r.itemsize == 0 || bytes.len() % r.itemsize != 0 {
        return Err(Error::value_error(
            "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.",
        ));
    }
    Ok(super::wrap(from_bytes(
        &bytes,
        dtype,
        &[bytes.len() / r.itemsize],
    )?))
}
