//! Text I/O: `np.loadtxt`, `np.savetxt` (with Python's `%` formatting of
//! each value) and `np.genfromtxt` (missing values become `nan`).

use std::path::Path;

use super::npy::io_error;
use crate::array::Array;
use crate::dtype::{DType, Elem, WithDType};
use crate::error::{Error, Result};

/// Options of `np.loadtxt` (NumPy's defaults via [`Default`]).
#[derive(Clone, Debug)]
pub struct LoadTxt {
    /// Result dtype (`float64`); integer, bool and complex dtypes parse
    /// their own literals.
    pub dtype: DType,
    /// Comment prefixes (`['#']`); text from one to the end of the line is
    /// ignored.
    pub comments: Vec<String>,
    /// Field separator; `None` splits on runs of whitespace.
    pub delimiter: Option<String>,
    /// Lines to skip at the start (comment lines count).
    pub skiprows: usize,
    /// Columns to read (negative from the end), all when `None`.
    pub usecols: Option<Vec<isize>>,
    /// Minimum number of dimensions of the result (0, 1 or 2).
    pub ndmin: usize,
    /// Rows to read after `skiprows` (all when `None`).
    pub max_rows: Option<usize>,
    /// The columns a structured dtype takes: every row must have that
    /// many (unless `usecols` picks them), with NumPy's error otherwise.
    pub columns: Option<usize>,
}

impl Default for LoadTxt {
    fn default() -> Self {
        LoadTxt {
            dtype: DType::Float64,
            comments: vec!["#".into()],
            delimiter: None,
            skiprows: 0,
            usecols: None,
            ndmin: 0,
            max_rows: None,
            columns: None,
        }
    }
}

/// Options of `np.genfromtxt` (NumPy's defaults via [`Default`]).
#[derive(Clone, Debug)]
pub struct GenFromTxt {
    /// Field separator; `None` splits on runs of whitespace.
    pub delimiter: Option<String>,
    /// Comment prefix (`#`).
    pub comments: String,
    /// Lines to skip at the start.
    pub skip_header: usize,
    /// Lines to skip at the end.
    pub skip_footer: usize,
    /// Columns to read (negative from the end).
    pub usecols: Option<Vec<isize>>,
    /// Strings that count as missing (besides the empty field).
    pub missing_values: Vec<String>,
    /// The value put in place of a missing or unparsable entry (`nan`).
    pub filling_values: f64,
}

impl Default for GenFromTxt {
    fn default() -> Self {
        GenFromTxt {
            delimiter: None,
            comments: "#".into(),
            skip_header: 0,
            skip_footer: 0,
            usecols: None,
            missing_values: Vec::new(),
            filling_values: f64::NAN,
        }
    }
}

/// Options of `np.savetxt` (NumPy's defaults via [`Default`]).
#[derive(Clone, Debug)]
pub struct SaveTxt {
    /// One `%` format for every column, several joined (`'%d,%.2f'`), or
    /// one per column in `fmts`.
    pub fmt: String,
    /// Per-column formats; overrides `fmt` when not empty.
    pub fmts: Vec<String>,
    /// Column separator (`' '`).
    pub delimiter: String,
    /// Line ending (`'\n'`).
    pub newline: String,
    /// Text written first, each line prefixed with `comments`.
    pub header: String,
    /// Text written last, each line prefixed with `comments`.
    pub footer: String,
    /// Prefix of header and footer lines (`'# '`).
    pub comments: String,
}

impl Default for SaveTxt {
    fn default() -> Self {
        SaveTxt {
            fmt: "%.18e".into(),
            fmts: Vec::new(),
            delimiter: " ".into(),
            newline: "\n".into(),
            header: String::new(),
            footer: String::new(),
            comments: "# ".into(),
        }
    }
}

fn read_text(path: &Path) -> Result<String> {
    let b = std::fs::read(path).map_err(|e| io_error(&e, path))?;
    Ok(String::from_utf8_lossy(&b).into_owned())
}

fn strip_comment<'a>(line: &'a str, comments: &[String]) -> &'a str {
    let mut end = line.len();
    for c in comments.iter().filter(|c| !c.is_empty()) {
        if let Some(i) = line.find(c.as_str()) {
            end = end.min(i);
        }
    }
    &line[..end]
}

fn split<'a>(line: &'a str, delim: Option<&str>) -> Vec<&'a str> {
    match delim {
        None => line.split_whitespace().collect(),
        Some(d) => line.split(d).collect(),
    }
}

/// The fields `usecols` picks, each with its column in the line.
fn pick<'a>(
    fields: &[&'a str],
    usecols: Option<&[isize]>,
    row: usize,
) -> Result<Vec<(usize, &'a str)>> {
    let Some(cols) = usecols else {
        return Ok(fields.iter().copied().enumerate().collect());
    };
    cols.iter()
        .map(|&c| {
            let n = fields.len() as isize;
            let i = if c < 0 { c + n } else { c };
            if i < 0 || i >= n {
                Err(Error::value_error(format!(
                    "invalid column index {c} at row {} with {n} columns",
                    row + 1
                )))
            } else {
                Ok((i as usize, fields[i as usize]))
            }
        })
        .collect()
}

/// `np.loadtxt`'s error for a field `f` that is not a `dtype` literal, at
/// `row` and (0-based) column `col`.
pub fn convert_error(f: &str, dtype: DType, row: usize, col: usize) -> Error {
    Error::value_error(format!(
        "could not convert string '{}' to {} at row {row}, column {}.",
        f.trim(),
        dtype.name(),
        col + 1
    ))
}

/// A field's text as an element of `dtype`, as `np.loadtxt` parses it
/// (`None` when it is not a literal of the dtype).
pub fn parse_value(s: &str, dtype: DType) -> Option<Elem> {
    let t = s.trim();
    match dtype {
        // NumPy reads a bool as an integer (`True` is not one).
        DType::Bool => t.parse::<i64>().ok().map(|v| Elem::Bool(v != 0)),
        d if d.is_signed_integer() => t.parse::<i64>().ok().map(Elem::Int),
        d if d.is_unsigned_integer() => t.parse::<u64>().ok().map(Elem::UInt),
        d if d.is_complex() => parse_complex(t).map(|(r, i)| Elem::Complex(r, i)),
        _ => parse_float(t).map(Elem::Float),
    }
}

/// Parses a float as Python's `float()` does (`nan`, `inf`, `1e5`, `0x`
/// excluded).
pub(crate) fn parse_float(t: &str) -> Option<f64> {
    let l = t.to_ascii_lowercase();
    let (sign, body) = match l.strip_prefix('-') {
        Some(b) => (-1.0, b),
        None => (1.0, l.strip_prefix('+').unwrap_or(&l)),
    };
    match body {
        "nan" => return Some(f64::NAN),
        "inf" | "infinity" => return Some(sign * f64::INFINITY),
        _ => {}
    }
    if body.is_empty()
        || !body
            .bytes()
            .all(|b| b.is_ascii_digit() || b"._eE+-".contains(&b))
    {
        return None;
    }
    t.replace('_', "").parse::<f64>().ok()
}

fn parse_complex(t: &str) -> Option<(f64, f64)> {
    let s = t.trim_start_matches('(').trim_end_matches(')');
    if let Some(body) = s.strip_suffix('j') {
        let bytes = body.as_bytes();
        let split = (1..bytes.len()).rev().find(|&i| {
            (bytes[i] == b'+' || bytes[i] == b'-') && !matches!(bytes[i - 1], b'e' | b'E')
        });
        return match split {
            Some(i) => Some((parse_float(&body[..i])?, parse_float(&body[i..])?)),
            None => Some((0.0, parse_float(body)?)),
        };
    }
    Some((parse_float(s)?, 0.0))
}

fn build(values: Vec<Elem>, shape: &[usize], dtype: DType) -> Result<Array> {
    crate::with_dtype!(dtype, T => {
        let v: Vec<T> = values.into_iter().map(T::from_elem).collect();
        Array::from_vec(v, shape)
    })
}

/// `loadtxt`'s result shape rule: a single row or column is 1-d, and
/// `ndmin` adds leading axes.
pub fn ensure_ndmin(a: Array, ndmin: usize) -> Result<Array> {
    let mut a = a;
    if a.ndim() > ndmin {
        let shape: Vec<isize> = a
            .shape()
            .iter()
            .filter(|&&d| d != 1)
            .map(|&d| d as isize)
            .collect();
        a = a.reshape(&shape)?;
    }
    if a.ndim() < ndmin {
        a = match (ndmin, a.ndim()) {
            (1, _) => a.reshape(&[a.size() as isize])?,
            (_, 0) => a.reshape(&[1, 1])?,
            _ => a.reshape(&[a.size() as isize, 1])?,
        };
    }
    Ok(a)
}

/// `np.loadtxt` of `text` (the contents of the file `name`).
pub fn loadtxt_str(text: &str, opts: &LoadTxt) -> Result<Array> {
    let mut values = Vec::new();
    let (rows, cols) = loadtxt_fields(text, opts, |f, row, _, source| {
        let v =
            parse_value(f, opts.dtype).ok_or_else(|| convert_error(f, opts.dtype, row, source))?;
        values.push(v);
        Ok(())
    })?;
    let shape = if rows == 0 { vec![0] } else { vec![rows, cols] };
    let a = build(values, &shape, opts.dtype)?;
    if rows == 0 {
        return Ok(a);
    }
    ensure_ndmin(a, opts.ndmin)
}

/// Walks the fields `np.loadtxt` reads (comments, `skiprows`, `usecols`
/// and `max_rows` applied; columns checked to stay the same count),
/// calling `field(text, row, column, source)` for each in row order
/// (`row` counts the data rows from 0, as NumPy's messages do; `column`
/// counts the columns read, `source` is the field's column in the line).
/// Returns the rows and columns read. `opts.dtype` is not used: the caller
/// converts the fields (numbers here, strings in the text dtypes).
pub fn loadtxt_fields(
    text: &str,
    opts: &LoadTxt,
    mut field: impl FnMut(&str, usize, usize, usize) -> Result<()>,
) -> Result<(usize, usize)> {
    if opts.ndmin > 2 {
        return Err(Error::value_error(format!(
            "Illegal value of ndmin keyword: {}",
            opts.ndmin
        )));
    }
    let mut ncols: Option<usize> = None;
    let mut rows = 0usize;
    for line in text.lines().skip(opts.skiprows) {
        if opts.max_rows.is_some_and(|m| rows >= m) {
            break;
        }
        let body = strip_comment(line, &opts.comments);
        if body.trim().is_empty() {
            continue;
        }
        let fields = split(body.trim_end_matches('\r'), opts.delimiter.as_deref());
        if let (Some(n), None) = (opts.columns, &opts.usecols) {
            if fields.len() != n {
                return Err(Error::value_error(format!(
                    "the dtype passed requires {n} columns but {} were found at row {}; use `usecols` to select a subset and avoid this error",
                    fields.len(),
                    rows + 1
                )));
            }
        }
        let fields = pick(&fields, opts.usecols.as_deref(), rows)?;
        match ncols {
            None => ncols = Some(fields.len()),
            Some(n) if n != fields.len() => {
                return Err(Error::value_error(format!(
                    "the number of columns changed from {n} to {} at row {}; use `usecols` to select a subset and avoid this error",
                    fields.len(),
                    rows + 1
                )))
            }
            _ => {}
        }
        for (col, (source, f)) in fields.iter().enumerate() {
            field(f, rows, col, *source)?;
        }
        rows += 1;
    }
    Ok((rows, ncols.unwrap_or(0)))
}

/// The text of a file `np.loadtxt` reads (invalid UTF-8 replaced).
pub fn read_text_file(path: impl AsRef<Path>) -> Result<String> {
    read_text(path.as_ref())
}

/// `np.loadtxt(path, ...)`.
pub fn loadtxt(path: impl AsRef<Path>, opts: &LoadTxt) -> Result<Array> {
    loadtxt_str(&read_text(path.as_ref())?, opts)
}

/// `np.genfromtxt` of `text`, as float64: empty, missing or unparsable
/// fields become `filling_values` (`nan`).
pub fn genfromtxt_str(text: &str, opts: &GenFromTxt) -> Result<Array> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.len().saturating_sub(opts.skip_footer);
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let comments = [opts.comments.clone()];
    for (lineno, line) in lines[..end.max(opts.skip_header.min(end))]
        .iter()
        .enumerate()
        .skip(opts.skip_header)
    {
        let body = strip_comment(line, &comments);
        if body.trim().is_empty() {
            continue;
        }
        let fields = split(body.trim_end_matches('\r'), opts.delimiter.as_deref());
        let fields = pick(&fields, opts.usecols.as_deref(), lineno)?;
        let row: Vec<f64> = fields
            .iter()
            .map(|(_, f)| {
                let t = f.trim();
                if t.is_empty() || opts.missing_values.iter().any(|m| m == t) {
                    opts.filling_values
                } else {
                    parse_float(t).unwrap_or(opts.filling_values)
                }
            })
            .collect();
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(Error::value_error(format!(
                    "Some errors were detected !\n    Line #{} (got {} columns instead of {})",
                    lineno + 1,
                    row.len(),
                    first.len()
                )));
            }
        }
        rows.push(row);
    }
    let n = rows.len();
    let m = rows.first().map_or(0, Vec::len);
    let a = Array::from_vec(rows.concat(), &[n, m])?;
    if n == 0 {
        return Array::from_vec(Vec::<f64>::new(), &[0]);
    }
    ensure_ndmin(a, 0)
}

/// `np.genfromtxt(path, ...)` (float64 result).
pub fn genfromtxt(path: impl AsRef<Path>, opts: &GenFromTxt) -> Result<Array> {
    genfromtxt_str(&read_text(path.as_ref())?, opts)
}

/// One parsed `%` conversion.
struct Spec {
    flags: String,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
}

/// Splits a `%` format into literal text and conversions.
fn parse_fmt(fmt: &str) -> Result<Vec<std::result::Result<String, Spec>>> {
    let mut out = Vec::new();
    let mut lit = String::new();
    let mut it = fmt.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            lit.push(c);
            continue;
        }
        if it.peek() == Some(&'%') {
            it.next();
            lit.push('%');
            continue;
        }
        if !lit.is_empty() {
            out.push(Ok(std::mem::take(&mut lit)));
        }
        let mut flags = String::new();
        while let Some(&f) = it.peek() {
            if "-+ 0#".contains(f) {
                flags.push(f);
                it.next();
            } else {
                break;
            }
        }
        let num = |it: &mut std::iter::Peekable<std::str::Chars<'_>>| {
            let mut s = String::new();
            while let Some(&d) = it.peek() {
                if d.is_ascii_digit() {
                    s.push(d);
                    it.next();
                } else {
                    break;
                }
            }
            s.parse::<usize>().ok()
        };
        let width = num(&mut it);
        let prec = if it.peek() == Some(&'.') {
            it.next();
            Some(num(&mut it).unwrap_or(0))
        } else {
            None
        };
        let conv = it
            .next()
            .filter(|c| "diufFeEgGsrxXoc".contains(*c))
            .ok_or_else(|| Error::value_error(format!("invalid fmt: {fmt}")))?;
        out.push(Err(Spec {
            flags,
            width,
            prec,
            conv,
        }));
    }
    if !lit.is_empty() {
        out.push(Ok(lit));
    }
    Ok(out)
}

/// `%e` digits as C prints them (`1.500000e+00`).
fn fmt_exp(x: f64, prec: usize, upper: bool) -> String {
    let s = format!("{x:.prec$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    let r = format!("{mant}e{sign}{:02}", e.abs());
    if upper {
        r.to_uppercase()
    } else {
        r
    }
}

/// `%g` as C prints it.
fn fmt_general(x: f64, prec: usize, alt: bool, upper: bool) -> String {
    let p = prec.max(1);
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let e = fmt_exp(x, p - 1, false);
    let exp: i32 = e.split_once('e').map_or(0, |(_, x)| x.parse().unwrap_or(0));
    let s = if exp < -4 || exp >= p as i32 {
        let (m, ex) = e.split_once('e').unwrap_or((&e, ""));
        let m = if alt || !m.contains('.') {
            m.to_string()
        } else {
            m.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        format!("{m}e{ex}")
    } else {
        let dec = (p as i32 - 1 - exp).max(0) as usize;
        let f = format!("{x:.dec$}");
        if alt || !f.contains('.') {
            f
        } else {
            f.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    if upper {
        s.to_uppercase()
    } else {
        s
    }
}

fn nonfinite(x: f64, upper: bool) -> String {
    let s = if x.is_nan() {
        "nan"
    } else if x > 0.0 {
        "inf"
    } else {
        "-inf"
    };
    if upper {
        s.to_uppercase()
    } else {
        s.into()
    }
}

/// Formats one value with one conversion, as Python's `%` does.
fn format_one(spec: &Spec, v: Elem) -> Result<String> {
    let x = v.as_f64();
    let upper = spec.conv.is_ascii_uppercase();
    let mut body = match spec.conv {
        'd' | 'i' | 'u' => match v {
            Elem::Int(i) => i.to_string(),
            Elem::UInt(u) => u.to_string(),
            Elem::Bool(b) => u8::from(b).to_string(),
            _ if !x.is_finite() => {
                return Err(Error::value_error(format!(
                    "cannot convert float {} to integer",
                    nonfinite(x, false)
                )))
            }
            _ => format!("{}", x.trunc()).trim_end_matches(".0").to_string(),
        },
        'x' | 'X' | 'o' => {
            let i = match v {
                Elem::UInt(u) => i128::from(u),
                Elem::Int(i) => i128::from(i),
                _ => {
                    return Err(Error::type_error(format!(
                        "%{} format: an integer is required, not float",
                        spec.conv
                    )))
                }
            };
            let m = i.unsigned_abs();
            let s = match spec.conv {
                'x' => format!("{m:x}"),
                'X' => format!("{m:X}"),
                _ => format!("{m:o}"),
            };
            if i < 0 {
                format!("-{s}")
            } else {
                s
            }
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' if !x.is_finite() => nonfinite(x, upper),
        'e' | 'E' => fmt_exp(x, spec.prec.unwrap_or(6), upper),
        'f' | 'F' => format!("{x:.*}", spec.prec.unwrap_or(6)),
        'g' | 'G' => fmt_general(x, spec.prec.unwrap_or(6), spec.flags.contains('#'), upper),
        _ => {
            let s = match v {
                Elem::Int(i) => i.to_string(),
                Elem::UInt(u) => u.to_string(),
                Elem::Bool(b) => if b { "True" } else { "False" }.to_string(),
                _ => py_repr(x),
            };
            match spec.prec {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            }
        }
    };
    let numeric = spec.conv != 's' && spec.conv != 'r' && spec.conv != 'c';
    if numeric && !body.starts_with('-') {
        if spec.flags.contains('+') {
            body.insert(0, '+');
        } else if spec.flags.contains(' ') {
            body.insert(0, ' ');
        }
    }
    if let Some(w) = spec.width {
        let n = body.chars().count();
        if n < w {
            let pad = w - n;
            if spec.flags.contains('-') {
                body.push_str(&" ".repeat(pad));
            } else if spec.flags.contains('0') && numeric && x.is_finite() {
                let sign = body.starts_with(['-', '+', ' ']);
                let at = usize::from(sign);
                body.insert_str(at, &"0".repeat(pad));
            } else {
                body.insert_str(0, &" ".repeat(pad));
            }
        }
    }
    Ok(body)
}

/// Applies a `%` format to a row of values (Python's `fmt % tuple(row)`).
fn apply(parts: &[std::result::Result<String, Spec>], row: &[Elem], fmt: &str) -> Result<String> {
    let mut out = String::new();
    let mut k = 0;
    for p in parts {
        match p {
            Ok(s) => out.push_str(s),
            Err(spec) => {
                let v = row
                    .get(k)
                    .copied()
                    .ok_or_else(|| Error::type_error("not enough arguments for format string"))?;
                out.push_str(&format_one(spec, v)?);
                k += 1;
            }
        }
    }
    if k != row.len() {
        return Err(Error::type_error(format!(
            "Mismatch between array dtype ('{}') and format specifier ('{fmt}')",
            "float64"
        )));
    }
    Ok(out)
}

/// The text `np.savetxt` writes for `a` (1-d: one value per line; 2-d: one
/// row per line).
pub fn savetxt_string(a: &Array, opts: &SaveTxt) -> Result<String> {
    let (rows, cols) = match a.shape() {
        [n] => (*n, 1),
        [n, m] => (*n, *m),
        s => {
            return Err(Error::value_error(format!(
                "Expected 1D or 2D array, got {}D array instead",
                s.len()
            )))
        }
    };
    let complex = a.dtype().is_complex();
    let per_col: Vec<String> = if !opts.fmts.is_empty() {
        if opts.fmts.len() != cols {
            return Err(Error::attribute_error(format!(
                "fmt has wrong shape.  {:?}",
                opts.fmts
            )));
        }
        opts.fmts.clone()
    } else {
        vec![opts.fmt.clone(); cols]
    };
    let n_conv = opts.fmt.matches('%').count() - 2 * opts.fmt.matches("%%").count();
    let row_fmt = if opts.fmts.is_empty() && n_conv > 1 {
        if n_conv != cols {
            return Err(Error::value_error(format!(
                "fmt has wrong number of % formats:  {}",
                opts.fmt
            )));
        }
        opts.fmt.clone()
    } else if complex {
        per_col
            .iter()
            .map(|f| format!(" ({f}+{f}j)"))
            .collect::<Vec<_>>()
            .join(&opts.delimiter)
    } else {
        per_col.join(&opts.delimiter)
    };
    let parts = parse_fmt(&row_fmt)?;
    let elems = a.to_elems();
    let mut out = String::new();
    if !opts.header.is_empty() {
        let h = opts.header.replace('\n', &format!("\n{}", opts.comments));
        out.push_str(&format!("{}{h}{}", opts.comments, opts.newline));
    }
    for r in 0..rows {
        let row = &elems[r * cols..(r + 1) * cols];
        let line = if complex {
            let flat: Vec<Elem> = row
                .iter()
                .flat_map(|e| {
                    let (re, im) = e.as_complex();
                    [Elem::Float(re), Elem::Float(im)]
                })
                .collect();
            apply(&parts, &flat, &row_fmt)?.replace("+-", "-")
        } else {
            apply(&parts, row, &row_fmt)?
        };
        out.push_str(&line);
        out.push_str(&opts.newline);
    }
    if !opts.footer.is_empty() {
        let f = opts.footer.replace('\n', &format!("\n{}", opts.comments));
        out.push_str(&format!("{}{f}{}", opts.comments, opts.newline));
    }
    Ok(out)
}

/// `np.savetxt(path, a, ...)`.
pub fn savetxt(path: impl AsRef<Path>, a: &Array, opts: &SaveTxt) -> Result<()> {
    let s = savetxt_string(a, opts)?;
    let p = path.as_ref();
    std::fs::write(p, s).map_err(|e| io_error(&e, p))
}

/// Python's `repr(float)`: the shortest round-trip digits, positional for
/// exponents in `[-4, 16)`, else `d.ddde+XX`.
fn py_repr(x: f64) -> String {
    if !x.is_finite() {
        return nonfinite(x, false);
    }
    let s = format!("{x:e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let body = if (-4..16).contains(&e) {
        if e < 0 {
            format!("0.{}{digits}", "0".repeat((-e - 1) as usize))
        } else if digits.len() as i32 > e + 1 {
            format!("{}.{}", &digits[..=e as usize], &digits[e as usize + 1..])
        } else {
            format!("{digits}{}.0", "0".repeat((e + 1) as usize - digits.len()))
        }
    } else {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits
        };
        format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    };
    if neg {
        format!("-{body}")
    } else {
        body
    }
}
