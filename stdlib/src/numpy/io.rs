//! File I/O: `np.save`, `np.load` (`.npy`, and `.npz` as an
//! [`Object::Npz`] with `.files` and `npz[name]`), `np.savez`,
//! `np.savez_compressed`, `np.loadtxt`, `np.savetxt`, `np.genfromtxt`.
//! The formats are `xpush_npu::io`'s (byte-identical to NumPy's writers);
//! arrays on an NPU are copied to the host before writing. `save`, `load`,
//! `savetxt` and `loadtxt` also take an open file (what `open()` returns,
//! or any object with `write`/`read`), as NumPy's do.

use std::rc::Rc;

use xpush_npu::io::{self, GenFromTxt, LoadTxt, Loaded, SaveTxt};
use xpush_npu::{Array, DType};

use super::conv::{as_array, dtype_arg, opt_int, wrap};
use super::host::record_io;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// The I/O functions and the `NpzFile` members.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyIo, "numpy", "save", "(file, arr, allow_pickle=True)", save,
        "Writes an array to a .npy file (the extension is added when missing).",
        ["np.save('/tmp/xpush_doc_save.npy', [1, 2])  # None", "np.save('/nonexistent_dir/a.npy', [1])  # FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent_dir/a.npy'"]),
    entry!(Function, NumpyIo, "numpy", "load", "(file, mmap_mode=None, allow_pickle=False)", load,
        "Reads a .npy file (an array) or a .npz archive (an NpzFile: .files, npz[name]).",
        ["np.save('/tmp/xpush_doc_load.npy', [1, 2]); np.load('/tmp/xpush_doc_load.npy')  # array([1, 2])", "np.load('/nonexistent_dir/a.npy')  # FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent_dir/a.npy'"]),
    entry!(Function, NumpyIo, "numpy", "savez", "(file, *args, **kwds)", savez,
        "Writes arrays to an uncompressed .npz archive: keyword ones by name, then positional ones as arr_0, arr_1, ...",
        ["np.savez('/tmp/xpush_doc_savez.npz', [1], y=[2]); np.load('/tmp/xpush_doc_savez.npz').files  # ['y', 'arr_0']", "np.savez('/nonexistent_dir/a.npz', x=[1])  # FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent_dir/a.npz'"]),
    entry!(Function, NumpyIo, "numpy", "savez_compressed", "(file, *args, **kwds)", savez_compressed,
        "Writes arrays to a deflate-compressed .npz archive (names as np.savez).",
        ["np.savez_compressed('/tmp/xpush_doc_savezc.npz', x=[1.5]); np.load('/tmp/xpush_doc_savezc.npz')['x']  # array([1.5])", "np.savez_compressed('/nonexistent_dir/a.npz', [1])  # FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent_dir/a.npz'"]),
    entry!(Function, NumpyIo, "numpy", "loadtxt", "(fname, dtype=None, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None)", loadtxt,
        "Reads a table of numbers from a text file, an open file or io.StringIO, or a list of lines (dtype float64 unless given; delimiter None splits on whitespace; converters: a function by column number, or one for all).",
        ["np.savetxt('/tmp/xpush_doc_loadtxt.txt', [[1, 2]]); np.loadtxt('/tmp/xpush_doc_loadtxt.txt')  # array([1., 2.])", "np.loadtxt(['1 ab', '3 cde'], converters={1: len})  # array([[1., 2.],\n       [3., 3.]])", "np.loadtxt('/nonexistent_dir/a.txt')  # FileNotFoundError: /nonexistent_dir/a.txt not found."]),
    entry!(Function, NumpyIo, "numpy", "savetxt", "(fname, X, fmt='%.18e', delimiter=' ', newline='\\n', header='', footer='', comments='# ', encoding=None)", savetxt,
        "Writes a 1-d or 2-d array to a text file, each value through a %-format.",
        ["np.savetxt('/tmp/xpush_doc_savetxt.txt', [1, 2], fmt='%d')  # None", "np.savetxt('/nonexistent_dir/a.txt', [[1]])  # FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent_dir/a.txt'"]),
    entry!(Function, NumpyIo, "numpy", "genfromtxt", "(fname, dtype='float64', comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None, missing_values=None, filling_values=None, usecols=None, names=None, autostrip=False, unpack=None, max_rows=None, encoding=None, defaultfmt='f%i', usemask=False)", genfromtxt,
        "Reads a table from a text file, an open file or io.StringIO, or a list of lines: numbers (missing or unparsable entries become nan, or filling_values), or records with names=True (names from the first line), a structured dtype, a sequence of types, or dtype=None (each column's type inferred: bool, int, float, complex, str). delimiter may be field widths; converters, missing_values and filling_values go by column number or name; usemask=True masks the missing values.",
        ["np.genfromtxt(['1,,3'], delimiter=',', filling_values={1: -1})  # array([ 1., -1.,  3.])", "np.savetxt('/tmp/xpush_doc_genfromtxt.txt', [[1, 2]], fmt='%d'); np.genfromtxt('/tmp/xpush_doc_genfromtxt.txt')  # array([1., 2.])", "np.genfromtxt('/nonexistent_dir/a.txt')  # FileNotFoundError: /nonexistent_dir/a.txt not found."]),
    entry!(Function, NumpyIo, "numpy", "fromregex", "(file, regexp, dtype, encoding=None)", fromregex,
        "A structured array of the matches of a regular expression in a text file (a path or an open file): each match's groups fill the record's fields in order.",
        ["open('/tmp/xpush_doc_fromregex.txt', 'w').write('a=1 b=22'); np.fromregex('/tmp/xpush_doc_fromregex.txt', '([a-z])=([0-9]+)', [('key', 'U1'), ('n', 'i4')])  # array([('a',  1), ('b', 22)], dtype=[('key', '<U1'), ('n', '<i4')])", "open('/tmp/xpush_doc_fromregex1.txt', 'w').write('x1 y2'); np.fromregex('/tmp/xpush_doc_fromregex1.txt', '[0-9]', 'i8')  # TypeError: dtype must be a structured datatype.", "np.fromregex('/nonexistent_dir/a.txt', 'x', [('a', 'i4')])  # FileNotFoundError: /nonexistent_dir/a.txt not found."]),
    entry!(Property, NumpyIo, "NpzFile", "files", "(self, /)", npz_files,
        "The names of the arrays in the archive.", ["np.savez('/tmp/xpush_doc_files.npz', a=[1], b=[2]); np.load('/tmp/xpush_doc_files.npz').files  # ['a', 'b']"]),
    entry!(Method, NumpyIo, "NpzFile", "close", "(self, /)", npz_close,
        "Closes the archive (a no-op: xpush reads it whole).", ["np.savez('/tmp/xpush_doc_close.npz', a=[1]); np.load('/tmp/xpush_doc_close.npz').close()  # None"]),
];

/// Whether `v` is a file object rather than a path: what `open()`
/// returns, `sys.stdout`, or a user object.
fn is_file(v: &Value) -> bool {
    crate::files::file_of(v).is_some()
        || matches!(v, Value::Object(o) if matches!(**o, Object::StdStream(_)))
        || crate::py::class::is_instance(v)
}

/// `f.name(*args)` on a file object.
fn file_call(host: &mut dyn Host, f: &Value, name: &str, args: Vec<Value>) -> Result<Value> {
    let m = match crate::py::class::getattr(host, f, name) {
        Some(r) => r?,
        None => crate::ops::getattr(f, name)?,
    };
    host.call(&m, args, Vec::new())
}

/// Whether an open file was opened in binary mode.
fn binary_file(v: &Value) -> bool {
    crate::files::file_of(v)
        .and_then(|f| f.attr("mode"))
        .is_some_and(|m| matches!(m, Value::Str(s) if s.contains('b')))
}

/// A path argument (a str), for the functions that take only paths.
fn path_arg(v: &Value) -> Result<&str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "expected str, bytes or os.PathLike object, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

/// An array argument, on the host.
fn host_array(v: &Value) -> Result<Array> {
    as_array(v)?.to_host()
}

/// `np.save`, also run for a text array (see [`crate::numpy::host`]).
pub fn save_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    save(host, a)
}

fn save(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Value::HostArray(t) = a.get(1) {
        if !crate::ops::truthy(a.get(2))? && record_io::holds_objects(t.dtype()) {
            return Err(Error::value_error(
                "Object arrays cannot be saved when allow_pickle=False",
            ));
        }
        let bytes = if t.dtype().kind.is_record() {
            record_io::to_npy(t)?
        } else {
            crate::numpy::host::to_npy(t)?
        };
        if is_file(a.get(0)) {
            file_call(host, a.get(0), "write", vec![Value::Bytes(bytes.into())])?;
            return Ok(Value::None);
        }
        let mut path = path_arg(a.get(0))?.to_string();
        if !path.ends_with(".npy") {
            path.push_str(".npy");
        }
        std::fs::write(&path, bytes).map_err(|e| Error::new(ExcKind::OSError, format!("{e}")))?;
        return Ok(Value::None);
    }
    if is_file(a.get(0)) {
        let bytes = xpush_npu::io::npy::npy_bytes(&host_array(a.get(1))?)?;
        file_call(host, a.get(0), "write", vec![Value::Bytes(bytes.into())])?;
        return Ok(Value::None);
    }
    let path = path_arg(a.get(0))?;
    io::save_npy(path, &host_array(a.get(1))?)?;
    Ok(Value::None)
}

/// `np.load(f)` of an open binary file: one `.npy` image read from where
/// the file stands, header first, then exactly its data (so several
/// arrays saved one after another load one after another).
fn load_from_file(host: &mut dyn Host, f: &Value, allow_pickle: bool) -> Result<Value> {
    let mut read = |n: usize| -> Result<Vec<u8>> {
        match file_call(host, f, "read", vec![Value::Int(n as i64)])? {
            Value::Bytes(b) => Ok(b.to_vec()),
            _ => Err(Error::type_error(
                "np.load of an open file needs it opened in binary mode ('rb')",
            )),
        }
    };
    // Magic (6 bytes) and version (2), then the header length: 2 bytes
    // in format 1.0, 4 in 2.0 and 3.0.
    let mut image = read(8)?;
    let len_bytes = match image.get(6) {
        Some(1) => 2,
        Some(_) => 4,
        None => return Err(Error::value_error("No data left in file")),
    };
    let len = read(len_bytes)?;
    let header_len = len
        .iter()
        .rev()
        .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
    image.extend(len);
    image.extend(read(header_len)?);
    let (h, _, _) = io::npy::read_header_raw(&image, "<file>")?;
    let count: usize = h.shape.iter().product();
    if h.descr.starts_with('[') {
        image.extend(read(count * record_io::descr_itemsize(&h.descr)?)?);
        let t = record_io::from_npy(&image, "<file>", allow_pickle)?;
        return Ok(crate::numpy::host::wrap(t));
    }
    if let Some(t) =
        crate::numpy::host::HostDType::parse(&h.descr).filter(|d| d.width > 0 || d.kind.is_time())
    {
        image.extend(read(count * t.itemsize())?);
        if let Some(t) = crate::numpy::host::from_npy(&image, "<file>")? {
            return Ok(crate::numpy::host::wrap(t));
        }
    }
    let (h, _) = io::npy::read_header(&image, "<file>")?;
    image.extend(read(count * h.dtype.itemsize())?);
    Ok(wrap(io::npy::read_npy(&image, "<file>")?))
}

/// The `descr` of the `.npy` file at `path` (its header only is read);
/// `None` when it is not a readable `.npy`.
fn npy_descr(path: &str) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(65536 + 12)
        .read_to_end(&mut head)
        .ok()?;
    if !head.starts_with(b"\x93NUMPY") {
        return None;
    }
    io::npy::read_header_raw(&head, path)
        .ok()
        .map(|(h, _, _)| h.descr)
}

fn load(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let allow_pickle = crate::ops::truthy(a.get(2))?;
    if is_file(a.get(0)) {
        return load_from_file(host, a.get(0), allow_pickle);
    }
    let path = path_arg(a.get(0))?;
    if !a.get(1).is_none() {
        return Err(Error::not_implemented(
            "np.load: mmap_mode is not supported",
        ));
    }
    // A `.npy` of a structured dtype (a `descr` list) is a structured
    // array, and one of a string dtype is a text array (its header, read
    // first, says so).
    let descr = npy_descr(path);
    if descr.as_deref().is_some_and(|d| d.starts_with('[')) {
        let bytes =
            std::fs::read(path).map_err(|e| Error::new(ExcKind::OSError, format!("{e}")))?;
        let t = record_io::from_npy(&bytes, path, allow_pickle)?;
        return Ok(crate::numpy::host::wrap(t));
    }
    if descr.is_some_and(|d| crate::numpy::host::HostDType::parse(&d).is_some()) {
        let bytes =
            std::fs::read(path).map_err(|e| Error::new(ExcKind::OSError, format!("{e}")))?;
        if let Some(t) = crate::numpy::host::from_npy(&bytes, path)? {
            return Ok(crate::numpy::host::wrap(t));
        }
    }
    Ok(match io::load(path)? {
        Loaded::Array(x) => wrap(x),
        Loaded::Npz(archive) => Value::Object(Rc::new(Object::Npz {
            path: path.to_string(),
            archive,
        })),
    })
}

/// `savez(file, *args, **kwds)`: the keyword arrays by name, then the positional ones as `arr_0`, `arr_1`,
/// ..., in NumPy's order.
fn savez_imp(a: &Args, compressed: bool) -> Result<Value> {
    let path = path_arg(a.get(0))?;
    let mut named: Vec<(String, Vec<u8>)> = Vec::new();
    if let Value::Dict(kwds) = a.get(1) {
        for (name, v) in kwds.borrow().iter() {
            named.push((crate::ops::to_str(name), npy_image(v)?));
        }
    }
    for (i, v) in a.rest.iter().enumerate() {
        named.push((format!("arr_{i}"), npy_image(v)?));
    }
    let refs: Vec<(&str, &[u8])> = named
        .iter()
        .map(|(n, x)| (n.as_str(), x.as_slice()))
        .collect();
    io::npz::savez_images(path, &refs, compressed)?;
    Ok(Value::None)
}

/// The `.npy` image `np.save` writes for an array argument (numeric,
/// text, or structured).
fn npy_image(v: &Value) -> Result<Vec<u8>> {
    match v {
        Value::HostArray(t) if t.dtype().kind.is_record() => record_io::to_npy(t),
        Value::HostArray(t) => crate::numpy::host::to_npy(t),
        other => Ok(io::npy::npy_bytes(&host_array(other)?)?),
    }
}

/// `np.savez`, also run for a structured array (see
/// [`crate::numpy::host::record`]).
pub fn savez(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    savez_imp(a, false)
}

/// `np.savez_compressed`, also run for a structured array.
pub fn savez_compressed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    savez_imp(a, true)
}

/// A str or a sequence of str (`comments=`, `missing_values=`, `fmt=`).
pub(crate) fn str_list(v: &Value) -> Result<Vec<String>> {
    match v {
        Value::None => Ok(Vec::new()),
        Value::Str(s) => Ok(vec![s.to_string()]),
        other => crate::py::iter::to_vec(other)?
            .iter()
            .map(|x| match x {
                Value::Str(s) => Ok(s.to_string()),
                y => Err(Error::type_error(format!(
                    "expected a str, got '{}'",
                    crate::ops::type_name(y)
                ))),
            })
            .collect(),
    }
}

/// An optional str argument.
fn opt_str(v: &Value) -> Result<Option<String>> {
    Ok(match v {
        Value::None => None,
        other => Some(path_arg(other)?.to_string()),
    })
}

/// `usecols=`: `None`, an int or a sequence of ints.
fn usecols(v: &Value) -> Result<Option<Vec<isize>>> {
    match v {
        Value::None => Ok(None),
        Value::List(_) | Value::Tuple(_) | Value::Array(_) => crate::py::iter::to_vec(v)?
            .iter()
            .map(|x| Ok(opt_int(x)?.unwrap_or(0) as isize))
            .collect::<Result<Vec<_>>>()
            .map(Some),
        other => Ok(Some(vec![opt_int(other)?.unwrap_or(0) as isize])),
    }
}

/// A non-negative count (`skiprows=`, `max_rows=`).
fn count(v: &Value, what: &str) -> Result<usize> {
    let n = opt_int(v)?.unwrap_or(0);
    usize::try_from(n).map_err(|_| Error::value_error(format!("{what} must be non-negative")))
}

/// `converters=` of `np.loadtxt` and `np.genfromtxt`: a function for
/// some columns, or one for every column.
pub enum Converters {
    /// One function for every column.
    All(Value),
    /// Functions by key: an int is a column of the line (matched through
    /// `usecols` when given; a negative one counts from the end of the
    /// columns read), a str a column's name (genfromtxt's `names`).
    By(Vec<(Value, Value)>),
}

impl Converters {
    /// `converters=`, `None` when not given; NumPy's TypeError for
    /// anything but a dict or a callable.
    pub fn parse(v: &Value) -> Result<Option<Converters>> {
        match v {
            Value::None => Ok(None),
            Value::Dict(d) => Ok(Some(Converters::By(d.borrow().pairs()))),
            v if crate::py::attr::callable(v) => Ok(Some(Converters::All(v.clone()))),
            _ => Err(Error::type_error(
                "converters must be a dictionary mapping columns to converter functions or a single callable.",
            )),
        }
    }

    /// The function for column `col` of the `ncols` columns read: the one
    /// whose key is its column `source` in the line (or its `usecols`
    /// entry as given), its position from the end, or its `name`.
    pub fn get(
        &self,
        col: usize,
        ncols: usize,
        source: usize,
        usecol: Option<isize>,
        name: Option<&str>,
    ) -> Option<&Value> {
        let by = match self {
            Converters::All(f) => return Some(f),
            Converters::By(by) => by,
        };
        by.iter().find_map(|(k, f)| {
            let hit = match k {
                Value::Str(s) => name == Some(&**s),
                k => match crate::py::num::index_i64(k) {
                    Ok(k) if usecol.is_some() => usecol == Some(k as isize) || k == source as i64,
                    Ok(k) if k < 0 => k + ncols as i64 == col as i64,
                    Ok(k) => k == source as i64,
                    Err(_) => false,
                },
            };
            hit.then_some(f)
        })
    }
}

/// `np.loadtxt` of numbers with `converters`: the fields read as
/// [`io::text::loadtxt_fields`] walks them, each through its column's
/// function (a str it returns is read as the field would be, anything
/// else is packed into the dtype as `np.array` packs it).
fn loadtxt_converted(
    host: &mut dyn Host,
    text: &str,
    opts: &LoadTxt,
    converters: &Converters,
    text_dtype: Option<crate::numpy::host::HostDType>,
) -> Result<Value> {
    let mut fields: Vec<(String, usize, usize, usize)> = Vec::new();
    let (nrows, ncols) = io::text::loadtxt_fields(text, opts, |f, row, col, source| {
        fields.push((f.to_string(), row, col, source));
        Ok(())
    })?;
    let dtype = opts.dtype;
    // A text read as the field `f` would be (NumPy's message names the field).
    let read = |t: &str, f: &str, row: usize, source: usize| -> Result<Value> {
        io::text::parse_value(t, dtype)
            .map(super::conv::elem_value)
            .ok_or_else(|| io::text::convert_error(f, dtype, row, source))
    };
    let mut rows: Vec<Vec<Value>> = Vec::with_capacity(nrows);
    for (f, row, col, source) in fields {
        let usecol = opts.usecols.as_ref().and_then(|u| u.get(col).copied());
        let v = match converters.get(col, ncols, source, usecol, None) {
            // A ValueError in the function is NumPy's message for the field.
            Some(func) => match host
                .call(func, vec![Value::str(f.as_str())], Vec::new())
                .map_err(|e| match e.kind() {
                    ExcKind::ValueError => io::text::convert_error(&f, dtype, row, source),
                    _ => e,
                })? {
                Value::Str(t) => read(&t, &f, row, source)?,
                Value::Bytes(b) => read(&String::from_utf8_lossy(&b), &f, row, source)?,
                v => v,
            },
            // A str, bytes or datetime dtype reads the text as np.array does.
            None if text_dtype.is_some() => Value::str(f),
            None => read(&f, &f, row, source)?,
        };
        if col == 0 {
            rows.push(Vec::with_capacity(ncols));
        }
        if let Some(r) = rows.last_mut() {
            r.push(v);
        }
    }
    let empty = nrows == 0;
    let rows = Value::list(rows.into_iter().map(Value::list).collect());
    if let Some(d) = text_dtype {
        let t = crate::numpy::host::from_value(&rows, Some(d))?;
        if empty {
            return Ok(crate::numpy::host::wrap(t));
        }
        let index = io::text::ensure_ndmin(t.index().clone(), opts.ndmin)?;
        return Ok(crate::numpy::host::wrap(t.select(index)?));
    }
    let a = super::conv::array_from(&rows, Some(dtype))?;
    if empty {
        return Ok(wrap(a));
    }
    Ok(wrap(io::text::ensure_ndmin(a, opts.ndmin)?))
}

/// A missing text file: NumPy's `_datasource` message.
fn text_path(v: &Value) -> Result<&str> {
    let path = path_arg(v)?;
    if !std::path::Path::new(path).exists() {
        return Err(Error::new(
            ExcKind::FileNotFoundError,
            format!("{path} not found."),
        ));
    }
    Ok(path)
}

/// The text `np.loadtxt` and `np.genfromtxt` read from `fname`: a path's
/// file, an open file's (or `io.StringIO`'s) `read()`, or the lines of a
/// list, tuple or iterator of str or bytes.
fn source_text(host: &mut dyn Host, v: &Value) -> Result<String> {
    let text = |v: Value| -> Result<String> {
        match v {
            Value::Str(s) => Ok(s.to_string()),
            Value::Bytes(b) => Ok(String::from_utf8_lossy(&b).into_owned()),
            other => Err(Error::type_error(format!(
                "read() returned {}, not str",
                crate::ops::type_name(&other)
            ))),
        }
    };
    if is_file(v) {
        return text(file_call(host, v, "read", Vec::new())?);
    }
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Iter(_) => {
            let lines = crate::py::lazy::collect(host, v)?
                .into_iter()
                .map(|l| text(crate::numpy::host::as_python(l)))
                .collect::<Result<Vec<_>>>()?;
            Ok(lines
                .iter()
                .map(|l| l.trim_end_matches(['\n', '\r']))
                .collect::<Vec<_>>()
                .join("\n"))
        }
        v => io::text::read_text_file(text_path(v)?),
    }
}

/// `np.loadtxt`, also run for a structured dtype (see
/// [`crate::numpy::host::record`]).
pub fn loadtxt(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = source_text(host, a.get(0))?;
    let converters = Converters::parse(a.get(4))?;
    let opts = LoadTxt {
        dtype: match crate::numpy::host::dtype_arg(a.get(1)) {
            Some(_) => DType::Float64,
            None => dtype_arg(a.get(1))?.unwrap_or(DType::Float64),
        },
        comments: str_list(a.get(2))?,
        delimiter: opt_str(a.get(3))?,
        skiprows: count(a.get(5), "skiprows")?,
        usecols: usecols(a.get(6))?,
        ndmin: count(a.get(8), "ndmin")?,
        max_rows: match a.get(10) {
            Value::None => None,
            v => Some(count(v, "max_rows")?),
        },
        columns: None,
    };
    if let Some(d) = crate::numpy::host::dtype_arg(a.get(1)) {
        if let (Some(c), false) = (&converters, d.kind.is_record()) {
            let t = loadtxt_converted(host, &text, &opts, c, Some(d))?;
            return unpacked_value(t, crate::ops::truthy(a.get(7))?);
        }
        if converters.is_some() {
            return Err(Error::not_implemented(
                "np.loadtxt: converters with a structured dtype are not supported in xpush",
            ));
        }
        if d.kind.is_record() {
            return record_io::loadtxt(&text, opts, d, crate::ops::truthy(a.get(7))?);
        }
        let t = crate::numpy::host::loadtxt(&text, &opts, d)?;
        let unpack = crate::ops::truthy(a.get(7))?;
        let t = if unpack {
            t.select(t.index().transpose(None)?)?
        } else {
            t
        };
        return Ok(crate::numpy::host::wrap(t));
    }
    let r = match &converters {
        Some(c) => {
            let r = loadtxt_converted(host, &text, &opts, c, None)?;
            return unpacked_value(r, crate::ops::truthy(a.get(7))?);
        }
        None => io::text::loadtxt_str(&text, &opts)?,
    };
    unpacked(r, crate::ops::truthy(a.get(7))?)
}

/// `unpack=True` of an array or a text array.
fn unpacked_value(r: Value, unpack: bool) -> Result<Value> {
    match r {
        Value::Array(a) => unpacked((*a).clone(), unpack),
        Value::HostArray(t) if unpack => Ok(crate::numpy::host::wrap(
            t.select(t.index().transpose(None)?)?,
        )),
        r => Ok(r),
    }
}

/// `unpack=True`: the transpose, so that columns unpack into variables.
fn unpacked(r: Array, unpack: bool) -> Result<Value> {
    if unpack {
        Ok(wrap(r.transpose(None)?))
    } else {
        Ok(wrap(r))
    }
}

/// `np.savetxt`, also run for a text array (see [`crate::numpy::host`]).
pub fn savetxt_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    savetxt(host, a)
}

fn savetxt(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = |i: usize| -> Result<String> { Ok(opt_str(a.get(i))?.unwrap_or_default()) };
    let opts = SaveTxt {
        fmt: String::new(),
        fmts: Vec::new(),
        delimiter: text(3)?,
        newline: text(4)?,
        header: text(5)?,
        footer: text(6)?,
        comments: text(7)?,
    };
    if let Value::HostArray(t) = a.get(1) {
        let text = if t.dtype().kind.is_record() {
            record_io::savetxt_string(t, a.get(2), &opts)?
        } else {
            crate::numpy::host::savetxt_string(
                t,
                &crate::ops::to_str(a.get(2)),
                &opts.delimiter,
                &opts.newline,
            )?
        };
        if is_file(a.get(0)) {
            file_call(host, a.get(0), "write", vec![Value::str(text)])?;
        } else {
            std::fs::write(path_arg(a.get(0))?, text)
                .map_err(|e| Error::new(ExcKind::OSError, format!("{e}")))?;
        }
        return Ok(Value::None);
    }
    let x = host_array(a.get(1))?;
    let (fmt, fmts) = match a.get(2) {
        Value::Str(s) => (s.to_string(), Vec::new()),
        other => (String::new(), str_list(other)?),
    };
    let opts = SaveTxt { fmt, fmts, ..opts };
    if is_file(a.get(0)) {
        let text = io::text::savetxt_string(&x, &opts)?;
        let data = if binary_file(a.get(0)) {
            Value::Bytes(text.into_bytes().into())
        } else {
            Value::str(text)
        };
        file_call(host, a.get(0), "write", vec![data])?;
        return Ok(Value::None);
    }
    io::savetxt(path_arg(a.get(0))?, &x, &opts)?;
    Ok(Value::None)
}

/// `np.genfromtxt`, also run for a structured dtype (see
/// [`crate::numpy::host::record`]).
pub fn genfromtxt(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = source_text(host, a.get(0))?;
    let converters = Converters::parse(a.get(6))?;
    let host_dtype = crate::numpy::host::dtype_arg(a.get(1)).is_some();
    // Fixed-width fields: `delimiter=` an int or a sequence of widths.
    let widths = match a.get(3) {
        Value::None | Value::Str(_) => None,
        v @ (Value::List(_) | Value::Tuple(_)) => Some(record_io::Widths::Variable(
            crate::py::iter::to_vec(v)?
                .iter()
                .map(|w| count(w, "delimiter"))
                .collect::<Result<_>>()?,
        )),
        v => Some(record_io::Widths::Fixed(count(v, "delimiter")?)),
    };
    let by_column = |v: &Value| {
        !matches!(
            v,
            Value::None | Value::Str(_) | Value::Int(_) | Value::Float(_)
        )
    };
    if a.get(1).is_none()
        || host_dtype
        || converters.is_some()
        || widths.is_some()
        || by_column(a.get(7))
        || by_column(a.get(8))
        || matches!(a.get(1), Value::List(_) | Value::Tuple(_))
        || crate::ops::truthy(a.get(16))?
        || !matches!(a.get(10), Value::None | Value::Bool(false))
    {
        let g = record_io::GenText {
            dtype: a.get(1),
            names: a.get(10),
            usecols: match a.get(9) {
                Value::None => None,
                Value::Str(s) => Some(s.split(',').map(|p| Value::str(p.trim())).collect()),
                Value::List(_) | Value::Tuple(_) | Value::Array(_) => {
                    Some(crate::py::iter::to_vec(a.get(9))?)
                }
                other => Some(vec![other.clone()]),
            },
            comments: opt_str(a.get(2))?,
            delimiter: if widths.is_some() {
                None
            } else {
                opt_str(a.get(3))?
            },
            widths,
            skip_header: count(a.get(4), "skip_header")?,
            skip_footer: count(a.get(5), "skip_footer")?,
            missing_values: a.get(7),
            filling_values: a.get(8),
            autostrip: crate::ops::truthy(a.get(11))?,
            unpack: crate::ops::truthy(a.get(12))?,
            max_rows: match a.get(13) {
                Value::None => None,
                v => Some(count(v, "max_rows")?),
            },
            converters,
            defaultfmt: a.get(15),
            usemask: crate::ops::truthy(a.get(16))?,
        };
        return record_io::genfromtxt(host, &text, &g);
    }
    let defaults = GenFromTxt::default();
    let opts = GenFromTxt {
        delimiter: opt_str(a.get(3))?,
        comments: opt_str(a.get(2))?.unwrap_or_default(),
        skip_header: count(a.get(4), "skip_header")?,
        skip_footer: count(a.get(5), "skip_footer")?,
        usecols: usecols(a.get(9))?,
        missing_values: str_list(a.get(7))?,
        filling_values: match a.get(8) {
            Value::None => defaults.filling_values,
            v => crate::py::num::to_f64(&super::conv::py_number(v)?)?,
        },
    };
    let r = io::text::genfromtxt_str(&text, &opts)?;
    match dtype_arg(a.get(1))? {
        Some(d) if d != r.dtype() => Ok(wrap(xpush_npu::ops::cast(&r, d)?)),
        _ => Ok(wrap(r)),
    }
}

/// `np.fromregex(file, regexp, dtype, encoding=None)`: the file's text
/// (a path, or an open file's `read()`) matched by
/// [`record_io::fromregex`].
pub fn fromregex(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let content = if is_file(a.get(0)) {
        match file_call(host, a.get(0), "read", Vec::new())? {
            Value::Bytes(b) => String::from_utf8_lossy(&b).into_owned(),
            other => crate::ops::to_str(&other),
        }
    } else {
        io::text::read_text_file(text_path(a.get(0))?)?
    };
    record_io::fromregex(host, &content, a.get(1), a.get(2))
}

/// The receiver's archive.
fn npz_of(v: &Value) -> Result<&xpush_npu::io::Npz> {
    match v {
        Value::Object(o) => match &**o {
            Object::Npz { archive, .. } => Ok(archive),
            _ => Err(Error::type_error("expected an NpzFile")),
        },
        _ => Err(Error::type_error("expected an NpzFile")),
    }
}

fn npz_files(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let z = npz_of(a.get(0))?;
    Ok(Value::list(
        z.files().iter().map(|n| Value::str(n.as_str())).collect(),
    ))
}

fn npz_close(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    npz_of(a.get(0))?;
    Ok(Value::None)
}

/// `obj[index]` for a native object: an `NpzFile`'s arrays by name, on
/// the session device as `np.load`'s arrays are (NumPy's `KeyError`
/// otherwise).
pub fn object_getitem(o: &Rc<Object>, index: &Value) -> Result<Value> {
    match (&**o, index) {
        (Object::Npz { archive, .. }, Value::Str(name)) => match archive.get(name) {
            // A member of a string or structured dtype is a host array.
            Err(_) if archive.image(name).is_some() => {
                let image = archive.image(name).unwrap_or_default();
                let t = if image_descr_is_list(image) {
                    Some(record_io::from_npy(image, name, false)?)
                } else {
                    crate::numpy::host::from_npy(image, name)?
                };
                t.map(crate::numpy::host::wrap)
                    .ok_or_else(|| Error::value_error(format!("cannot read {name} of the archive")))
            }
            Ok(x) => Ok(wrap(xpush_npu::device::place(x.clone())?)),
            Err(e) => Err(Error::new(
                ExcKind::KeyError,
                crate::py::repr::str_repr(e.msg()),
            )),
        },
        (Object::Npz { .. }, other) => Err(Error::new(ExcKind::KeyError, crate::ops::repr(other))),
        _ => Err(Error::type_error(format!(
            "'{}' object is not subscriptable",
            o.type_name()
        ))),
    }
}

/// Whether a `.npy` image's `descr` is a structured dtype's list.
fn image_descr_is_list(image: &[u8]) -> bool {
    io::npy::read_header_raw(image, "").is_ok_and(|(h, _, _)| h.descr.starts_with('['))
}

/// `a.tofile`, `np.fromfile` and `np.fromstring`: raw bytes, or text with
/// a separator.
pub const RAW_FUNCS: &[FuncDef] = &[
    entry!(Method, NumpyIo, "ndarray", "tofile", "(self, fid, sep='', format='%s')", tofile,
        "Writes the elements to a file (a path or an open file): raw bytes in C order, or text joined by sep.",
        ["np.arange(3, dtype=np.int16).tofile('/tmp/xpush_doc_tofile.bin')  # None"]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyIo, "numpy", "fromfile", "(file, dtype=None, count=-1, sep='', offset=0, *, like=None)", fromfile,
        "An array read from a file: raw bytes of dtype (float64 by default; from offset), or text numbers separated by sep.",
        ["np.arange(3, dtype=np.int16).tofile('/tmp/xpush_doc_fromfile.bin'); np.fromfile('/tmp/xpush_doc_fromfile.bin', dtype=np.int16)  # array([0, 1, 2], dtype=int16)"]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyIo, "numpy", "fromstring", "(string, dtype=None, count=-1, *, sep, like=None)", fromstring,
        "A 1-d array of the numbers in a string, separated by sep (float64 unless dtype).",
        ["np.fromstring('1 2 3', dtype=int, sep=' ')  # array([1, 2, 3])", "np.fromstring('1, 2', sep=',')  # array([1., 2.])"]),
];

/// The dtype of `fromfile`/`fromstring` (`float` by default).
fn dtype_or_float(v: &Value) -> Result<DType> {
    Ok(match v {
        Value::None => DType::Float64,
        other => dtype_arg(other)?.unwrap_or(DType::Float64),
    })
}

/// `format % item` for each element, as `tofile` writes text.
fn format_items(host: &mut dyn Host, x: &Array, format: &Value, sep: &str) -> Result<String> {
    let items = crate::py::iter::to_vec(&crate::ops::call(
        host,
        &crate::ops::getattr(&wrap(x.reshape(&[-1])?), "tolist")?,
        Vec::new(),
        Vec::new(),
    )?)?;
    let parts = items
        .iter()
        .map(|v| {
            Ok(crate::ops::to_str(&crate::ops::binary(
                xpush_lang::ast::BinOp::Mod,
                format,
                v,
            )?))
        })
        .collect::<Result<Vec<String>>>()?;
    Ok(parts.join(sep))
}

fn tofile(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = host_array(a.get(0))?;
    let sep = crate::ops::to_str(a.get(2));
    let data: Vec<u8> = if sep.is_empty() {
        io::npy::to_bytes(&x)?
    } else {
        format_items(host, &x, a.get(3), &sep)?.into_bytes()
    };
    let fid = a.get(1);
    if is_file(fid) {
        let chunk = if binary_file(fid) {
            Value::Bytes(data.into())
        } else {
            Value::str(String::from_utf8_lossy(&data).into_owned())
        };
        file_call(host, fid, "write", vec![chunk])?;
        return Ok(Value::None);
    }
    let path = path_arg(fid)?;
    std::fs::write(path, &data).map_err(|e| crate::files::os_error(&e, path))?;
    Ok(Value::None)
}

/// The numbers of a text, separated by `sep` (whitespace around it, and
/// any whitespace for a blank sep, as NumPy's text reader), as `dtype`.
fn parse_text(text: &str, sep: &str, dtype: DType, count: i64) -> Result<Array> {
    let pieces: Vec<&str> = if sep.trim().is_empty() {
        text.split_whitespace().collect()
    } else {
        text.split(sep.trim())
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect()
    };
    // NumPy reads uninitialized memory past the data; xpush refuses.
    if count >= 0 && (count as usize) > pieces.len() {
        return Err(Error::value_error(format!(
            "count={count} but the text holds only {} numbers",
            pieces.len()
        )));
    }
    let take = if count < 0 {
        pieces.len()
    } else {
        count as usize
    };
    let unmatched =
        || Error::value_error("string or file could not be read to its end due to unmatched data");
    let mut elems = Vec::with_capacity(take);
    for p in &pieces[..take] {
        elems.push(if dtype.is_integer() || dtype.is_bool() {
            xpush_npu::Elem::Int(p.parse::<i64>().map_err(|_| unmatched())?)
        } else {
            xpush_npu::Elem::Float(p.parse::<f64>().map_err(|_| unmatched())?)
        });
    }
    super::conv::from_elems(&elems, &[elems.len()], dtype)
}

/// The bytes of `file` (a path or an open file) from `offset`.
pub(crate) fn file_bytes(host: &mut dyn Host, file: &Value, offset: i64) -> Result<Vec<u8>> {
    let data = if is_file(file) {
        if offset > 0 {
            file_call(host, file, "seek", vec![Value::Int(offset), Value::Int(1)])?;
        }
        match file_call(host, file, "read", Vec::new())? {
            Value::Bytes(b) => return Ok(b.to_vec()),
            Value::Str(s) => return Ok(s.as_bytes().to_vec()),
            _ => return Err(Error::type_error("read() did not return bytes")),
        }
    } else {
        let path = path_arg(file)?;
        std::fs::read(path).map_err(|e| crate::files::os_error(&e, path))?
    };
    let start = usize::try_from(offset).unwrap_or(0).min(data.len());
    Ok(data[start..].to_vec())
}

fn fromfile(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = dtype_or_float(a.get(1))?;
    let count = opt_int(a.get(2))?.unwrap_or(-1);
    let sep = crate::ops::to_str(a.get(3));
    let offset = opt_int(a.get(4))?.unwrap_or(0);
    if !sep.is_empty() && offset != 0 {
        return Err(Error::type_error(
            "'offset' argument only permitted for binary files",
        ));
    }
    let data = file_bytes(host, a.get(0), offset)?;
    if !sep.is_empty() {
        let text = String::from_utf8_lossy(&data);
        return Ok(wrap(parse_text(&text, &sep, dtype, count)?));
    }
    let item = dtype.itemsize();
    let available = data.len() / item;
    let n = if count < 0 {
        available
    } else {
        (count as usize).min(available)
    };
    Ok(wrap(io::npy::from_bytes(&data[..n * item], dtype)?))
}

fn fromstring(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = dtype_or_float(a.get(1))?;
    let count = opt_int(a.get(2))?.unwrap_or(-1);
    let sep = crate::ops::to_str(a.get(3));
    if sep.is_empty() {
        return Err(Error::value_error(
            "The binary mode of fromstring is removed, use frombuffer instead",
        ));
    }
    let text = match a.get(0) {
        Value::Str(s) => s.to_string(),
        Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        other => crate::ops::to_str(other),
    };
    Ok(wrap(parse_text(&text, &sep, dtype, count)?))
}

/// `a.byteswap(inplace=False)`.
pub const BYTESWAP: &[FuncDef] = &[entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Method, NdArray, "ndarray", "byteswap", "(self, /, inplace=False)", byteswap,
    "The elements with their bytes reversed (each part of a complex on its own); in place when inplace=True.",
    ["np.array([1, 256], dtype=np.int16).byteswap()  # array([256,   1], dtype=int16)"])];

fn byteswap(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = host_array(a.get(0))?;
    let dt = x.dtype();
    let mut data = io::npy::to_bytes(&x)?;
    // A complex swaps its real and imaginary parts each.
    let part = if dt.is_complex() {
        dt.itemsize() / 2
    } else {
        dt.itemsize()
    };
    if part > 1 {
        for chunk in data.chunks_mut(part) {
            chunk.reverse();
        }
    }
    let flat = io::npy::from_bytes(&data, dt)?;
    let shape: Vec<isize> = x.shape().iter().map(|&n| n as isize).collect();
    // Computed on the host; placed on the session's device as the input was.
    let swapped = wrap(xpush_npu::device::place(flat.reshape(&shape)?)?);
    if crate::ops::truthy(a.get(1))? {
        crate::ops::setitem(a.get(0), &Value::Ellipsis, swapped)?;
        return Ok(a.get(0).clone());
    }
    Ok(swapped)
}
