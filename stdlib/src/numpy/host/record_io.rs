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
    let n: usize = shape.iter().product();
    if data.len() < n * r.itemsize {
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
    let t = records(a.get(0))?;
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

/// The structured array an argument is.
fn records(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_record() => Ok((**a).clone()),
        other => Err(Error::type_error(format!(
            "expected a structured array, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
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
            if big && unit > 1 {
                swaps.push((at, unit, count * record::itemsize(d) / unit));
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
        let count: usize = shape.iter().product();
        if let Lit::Str(code) = format {
            let body = code.trim_start_matches(['<', '>', '|', '=']);
            if name.is_empty() && body.starts_with('V') {
                let n: usize = body[1..].parse().map_err(|_| bad())?;
                offset += n * count;
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
        offset += f.itemsize();
        fields.push(f);
    }
    Ok(RecordDType {
        fields,
        itemsize: offset,
        aligned: false,
        sub: None,
    })
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
    let n: usize = h.shape.iter().product();
    let item = dtype.itemsize();
    let mut data = bytes[off..].to_vec();
    if data.len() < n * item {
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
    npy_text::loadtxt_fields(text, &opts, |f, _, col| {
        if col == 0 {
            rows.push(Vec::with_capacity(needed));
        }
        // NumPy numbers a field by its column in the line.
        let at = match opts.usecols.as_deref().and_then(|u| u.get(col)) {
            Some(&c) if c >= 0 => c as usize,
            _ => col,
        };
        if let Some(row) = rows.last_mut() {
            row.push((f.to_string(), at));
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
