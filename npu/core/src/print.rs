//! NumPy 2.x array printing: `repr`, `str` and `array2string`, following
//! `numpy/_core/arrayprint.py` (floatmode `maxprec`, `legacy=False`), and
//! the `repr`/`str` of NumPy scalars.
//!
//! bfloat16 is not in NumPy; it prints by the same rules with its own
//! shortest digits and `finfo` precision 2 (so scientific notation starts
//! at 100, as it starts at 1000 for float16), and `dtype=bfloat16`.

use crate::array::Array;
use crate::dtype::DType;
use crate::float_fmt::{Dragon4, FloatKind, Trim};
use crate::layout::shape_repr;
use crate::scalar::Scalar;

/// `np.set_printoptions` state that xpush supports.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    /// Maximum digits after the point for floats (default 8).
    pub precision: usize,
    /// Arrays with more elements than this are summarised (default 1000).
    pub threshold: usize,
    /// Items shown at each edge of a summarised axis (default 3).
    pub edgeitems: usize,
    /// Characters per line before wrapping (default 75).
    pub linewidth: usize,
    /// Print tiny floats as zero in fixed notation (default false).
    pub suppress: bool,
    /// `sign=`: `'-'`, `'+'` or `' '` before non-negative floats and ints.
    pub sign: char,
    /// `floatmode=`: how `precision` applies.
    pub floatmode: FloatMode,
    /// `nanstr=`: the text of NaN.
    pub nanstr: String,
    /// `infstr=`: the text of infinity.
    pub infstr: String,
    /// `legacy=` as NumPy keeps it: 113, 121, 125, 201, 202, or
    /// [`NO_LEGACY`] for `False`.
    pub legacy: u32,
}

/// `legacy=False`: NumPy's `sys.maxsize`.
pub const NO_LEGACY: u32 = u32::MAX;

/// `floatmode=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatMode {
    /// `'fixed'`: exactly `precision` digits.
    Fixed,
    /// `'unique'`: the shortest digits of each element.
    Unique,
    /// `'maxprec'`: at most `precision` digits, each element its own.
    MaxPrec,
    /// `'maxprec_equal'`: at most `precision`, the same for all.
    MaxPrecEqual,
}

impl FloatMode {
    /// NumPy's name.
    pub fn name(self) -> &'static str {
        match self {
            FloatMode::Fixed => "fixed",
            FloatMode::Unique => "unique",
            FloatMode::MaxPrec => "maxprec",
            FloatMode::MaxPrecEqual => "maxprec_equal",
        }
    }

    /// The mode of a NumPy name.
    pub fn parse(s: &str) -> Option<FloatMode> {
        [
            FloatMode::Fixed,
            FloatMode::Unique,
            FloatMode::MaxPrec,
            FloatMode::MaxPrecEqual,
        ]
        .into_iter()
        .find(|m| m.name() == s)
    }
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            precision: 8,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 75,
            suppress: false,
            sign: '-',
            floatmode: FloatMode::MaxPrec,
            nanstr: "nan".to_string(),
            infstr: "inf".to_string(),
            legacy: NO_LEGACY,
        }
    }
}

fn float_kind(dt: DType) -> FloatKind {
    match dt {
        DType::Float16 => FloatKind::F16,
        DType::BFloat16 => FloatKind::BF16,
        DType::Float32 | DType::Complex64 => FloatKind::F32,
        _ => FloatKind::F64,
    }
}

/// NumPy's `FloatingFormat`: one format for all elements of an array,
/// chosen from its finite values.
#[derive(Clone, Debug)]
pub struct FloatingFormat {
    kind: FloatKind,
    sign: char,
    exp_format: bool,
    precision: Option<usize>,
    unique: bool,
    min_digits: Option<usize>,
    trim: Trim,
    pad_left: usize,
    pad_right: usize,
    exp_size: Option<usize>,
    nanstr: String,
    infstr: String,
}

impl FloatingFormat {
    fn new(
        data: &[f64],
        kind: FloatKind,
        opts: &PrintOptions,
        sign: char,
        floatmode: FloatMode,
        zero_d: bool,
    ) -> FloatingFormat {
        let legacy = opts.legacy;
        let sign = if legacy <= 113 && !zero_d && sign == '-' {
            ' '
        } else {
            sign
        };
        let finite: Vec<f64> = data.iter().copied().filter(|x| x.is_finite()).collect();
        let mut f = FloatingFormat {
            kind,
            sign,
            exp_format: false,
            precision: (floatmode != FloatMode::Unique).then_some(opts.precision),
            unique: true,
            min_digits: None,
            trim: Trim::Dot,
            pad_left: 0,
            pad_right: 0,
            exp_size: None,
            nanstr: opts.nanstr.clone(),
            infstr: opts.infstr.clone(),
        };
        // Comparisons happen in the array's type, with the Python float
        // thresholds rounded to it (NEP 50 weak scalars).
        let abs_nonzero = finite.iter().map(|x| x.abs()).filter(|&x| x != 0.0);
        let (mut max_val, mut min_val, mut any) = (0.0f64, f64::INFINITY, false);
        for v in abs_nonzero {
            any = true;
            max_val = max_val.max(v);
            min_val = min_val.min(v);
        }
        if any {
            let cutoff = if legacy <= 202 {
                1e8
            } else {
                10f64.powi(kind.precision().min(8))
            };
            let ratio = kind.round(max_val / min_val);
            if max_val >= kind.round(cutoff)
                || (!opts.suppress && (min_val < kind.round(1e-4) || ratio > kind.round(1000.0)))
            {
                f.exp_format = true;
            }
        }
        let fixed = floatmode == FloatMode::Fixed;
        let (trim, unique) = if fixed || (f.exp_format && legacy <= 113) {
            (Trim::Keep, false)
        } else {
            (Trim::Dot, true)
        };
        let d4 = Dragon4 {
            precision: f.precision,
            sign: sign == '+',
            unique,
            ..Dragon4::new(kind, trim)
        };
        if finite.is_empty() {
            f.exp_size = None;
        } else if f.exp_format {
            let mut exp_len = 0;
            let mut frac_len = 0;
            let mut int_len = 0;
            for &x in &finite {
                let s = d4.scientific(x);
                let (mant, exp) = s.split_once('e').unwrap_or((&s, ""));
                let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
                exp_len = exp_len.max(exp.len());
                frac_len = frac_len.max(frac.len());
                int_len = int_len.max(int.len());
            }
            let exp_size = exp_len.saturating_sub(1);
            f.exp_size = Some(exp_size);
            f.trim = Trim::Keep;
            f.precision = Some(frac_len);
            f.min_digits = Some(frac_len);
            f.unique = unique;
            f.pad_left = if legacy <= 113 { 3 } else { int_len };
            f.pad_right = exp_size + 2 + frac_len;
        } else {
            for &x in &finite {
                let s = d4.positional(x);
                let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
                let int_len = if legacy <= 113 {
                    1 + int.trim_start_matches(['-', '+']).len()
                } else {
                    int.len()
                };
                f.pad_left = f.pad_left.max(int_len);
                f.pad_right = f.pad_right.max(frac.len());
            }
            f.unique = unique;
            if matches!(floatmode, FloatMode::Fixed | FloatMode::MaxPrecEqual) {
                f.precision = Some(f.pad_right);
                f.min_digits = Some(f.pad_right);
                f.trim = Trim::Keep;
            } else {
                f.trim = Trim::Dot;
                f.min_digits = Some(0);
            }
        }
        if legacy > 113 && sign == ' ' && !finite.iter().any(|x| x.is_sign_negative()) {
            f.pad_left += 1;
        }
        if finite.len() != data.len() {
            let neginf = sign != '-' || data.contains(&f64::NEG_INFINITY);
            let offset = f.pad_right + 1;
            let chars = |t: &str| t.chars().count();
            f.pad_left = f
                .pad_left
                .max(chars(&f.nanstr).saturating_sub(offset))
                .max((chars(&f.infstr) + usize::from(neginf)).saturating_sub(offset));
        }
        f
    }

    fn format(&self, x: f64) -> String {
        if !x.is_finite() {
            let plus = if self.sign == '+' { "+" } else { "" };
            let ret = if x.is_nan() {
                format!("{plus}{}", self.nanstr)
            } else if x < 0.0 {
                format!("-{}", self.infstr)
            } else {
                format!("{plus}{}", self.infstr)
            };
            let width = self.pad_left + self.pad_right + 1;
            let pad = width.saturating_sub(ret.chars().count());
            return format!("{}{ret}", " ".repeat(pad));
        }
        let d4 = Dragon4 {
            kind: self.kind,
            precision: self.precision,
            min_digits: self.min_digits,
            trim: self.trim,
            sign: self.sign == '+',
            pad_left: Some(self.pad_left),
            pad_right: Some(self.pad_right),
            exp_digits: self.exp_size,
            unique: self.unique,
            fractional: true,
        };
        if self.exp_format {
            Dragon4 {
                pad_right: None,
                ..d4
            }
            .scientific(x)
        } else {
            d4.positional(x)
        }
    }
}

/// The per-element formatter of one array (`_get_format_function`): built
/// from the elements shown, it pads and rounds each as the whole array
/// prints (a structured array's fields use one each).
#[derive(Clone, Debug)]
pub enum ElemFormat {
    /// Bools, `True` padded to `False`'s width but in a 0-d array.
    Bool {
        /// How `True` prints.
        truestr: &'static str,
    },
    /// Integers, right-aligned to the widest.
    Int {
        /// The widest element's text length.
        width: usize,
        /// `'-'`, `'+'` or `' '`, as Python's format spec.
        sign: char,
    },
    /// Floats.
    Float(FloatingFormat),
    /// Complex numbers: the real and imaginary parts' formats.
    Complex(FloatingFormat, FloatingFormat),
}

impl ElemFormat {
    /// The formatter for `data`, the shown elements of an array of
    /// `dtype` (`zero_d` for a 0-d array, whose `True` is not padded).
    pub fn new(dtype: DType, data: &[Scalar], zero_d: bool, opts: &PrintOptions) -> ElemFormat {
        match dtype.kind() {
            'b' => ElemFormat::Bool {
                truestr: if zero_d { "True" } else { " True" },
            },
            'i' | 'u' => int_format(data, opts.sign),
            'f' => {
                let vals: Vec<f64> = data.iter().map(|s| s.as_f64()).collect();
                let kind = float_kind(dtype);
                let mode = opts.floatmode;
                ElemFormat::Float(FloatingFormat::new(
                    &vals, kind, opts, opts.sign, mode, zero_d,
                ))
            }
            _ => {
                let (re, im): (Vec<f64>, Vec<f64>) =
                    data.iter().map(|s| s.to_elem().as_complex()).unzip();
                let kind = float_kind(dtype);
                let (mode_re, mode_im) = if opts.legacy <= 113 {
                    (FloatMode::MaxPrecEqual, FloatMode::MaxPrec)
                } else {
                    (opts.floatmode, opts.floatmode)
                };
                ElemFormat::Complex(
                    FloatingFormat::new(&re, kind, opts, opts.sign, mode_re, zero_d),
                    FloatingFormat::new(&im, kind, opts, '+', mode_im, zero_d),
                )
            }
        }
    }

    /// One element's text.
    pub fn format(&self, s: &Scalar) -> String {
        match self {
            ElemFormat::Bool { truestr } => {
                if s.as_bool() {
                    truestr.to_string()
                } else {
                    "False".to_string()
                }
            }
            ElemFormat::Int { width, sign } => {
                let t = int_text(s);
                let t = match sign {
                    '+' | ' ' if !t.starts_with('-') => format!("{sign}{t}"),
                    _ => t,
                };
                format!("{t:>width$}")
            }
            ElemFormat::Float(f) => f.format(s.as_f64()),
            ElemFormat::Complex(fr, fi) => {
                let (re, im) = s.to_elem().as_complex();
                let r = fr.format(re);
                let i = fi.format(im);
                let sp = i.trim_end().len();
                format!("{r}{}j{}", &i[..sp], &i[sp..])
            }
        }
    }
}

/// NumPy's `IntegerFormat`: the width of the widest of the largest and
/// smallest element, with room for the sign `sign` asks for.
fn int_format(data: &[Scalar], sign: char) -> ElemFormat {
    let key = |s: &Scalar| match s.to_elem() {
        crate::dtype::Elem::Int(i) => i128::from(i),
        crate::dtype::Elem::UInt(u) => i128::from(u),
        _ => 0,
    };
    let (Some(max), Some(min)) = (
        data.iter().max_by_key(|s| key(s)),
        data.iter().min_by_key(|s| key(s)),
    ) else {
        return ElemFormat::Int { width: 0, sign };
    };
    let sign = if sign == ' ' && key(min) < 0 {
        '-'
    } else {
        sign
    };
    let mut max_len = int_text(max).len();
    if key(max) >= 0 && matches!(sign, '+' | ' ') {
        max_len += 1;
    }
    ElemFormat::Int {
        width: max_len.max(int_text(min).len()),
        sign,
    }
}

/// Decimal text of an integer scalar (other scalars: their `str`).
fn int_text(s: &Scalar) -> String {
    match s.to_elem() {
        crate::dtype::Elem::Int(i) => i.to_string(),
        crate::dtype::Elem::UInt(u) => u.to_string(),
        _ => scalar_str(s),
    }
}

/// Indices shown along one axis: all, or the first and last `edge` ones.
pub fn shown_indices(len: usize, edge: usize, summarize: bool) -> Vec<usize> {
    if summarize && len > 2 * edge {
        (0..edge).chain(len - edge..len).collect()
    } else {
        (0..len).collect()
    }
}

/// The elements `_leading_trailing` keeps (what the element format is
/// chosen from), in C order, and which axes are summarised.
fn leading_trailing(a: &Array, edge: usize, summarize: bool) -> (Vec<Scalar>, Vec<bool>) {
    let shown: Vec<Vec<usize>> = a
        .shape()
        .iter()
        .map(|&n| shown_indices(n, edge, summarize))
        .collect();
    let flags = a
        .shape()
        .iter()
        .map(|&n| summarize && n > 2 * edge)
        .collect();
    (a.to_scalars_shown(&shown), flags)
}

/// `_formatArray`: walks the full array (so that `edgeitems=0` still
/// prints the last element, as NumPy does), asking `element` for the text
/// of each element it shows.
struct Formatter<'a> {
    element: &'a dyn Fn(&[usize]) -> String,
    shape: &'a [usize],
    summarized: &'a [bool],
    separator: &'a str,
    edge: usize,
    legacy: u32,
}

/// `_extendLine_pretty`: `word` added to `line`, wrapping to a new line
/// (`prefix`) when it does not fit. A word of several lines (an object
/// array's element that is an array, a formatter's text with newlines)
/// keeps its lines aligned under its first one, padded to its widest.
/// Under `legacy='1.13'` a word never goes through the multi-line branch
/// and wraps even at the start of a line.
fn extend_line(
    s: &mut String,
    line: &mut String,
    word: &str,
    width: usize,
    prefix: &str,
    legacy: u32,
) {
    // Lengths in characters, as Python's `len` (a formatter's text may
    // not be ASCII).
    let chars = |t: &str| t.chars().count();
    let words: Vec<&str> = word.lines().collect();
    if words.len() > 1 && legacy > 113 {
        let widest = words.iter().map(|w| chars(w)).max().unwrap_or(0);
        let indent = if chars(line) + widest > width && chars(line) > chars(prefix) {
            s.push_str(line.trim_end());
            s.push('\n');
            *line = prefix.to_string();
            prefix.to_string()
        } else {
            " ".repeat(chars(line))
        };
        line.push_str(words[0]);
        for w in &words[1..] {
            s.push_str(line.trim_end());
            s.push('\n');
            *line = format!("{indent}{w}");
        }
        let last = words.last().map_or(0, |w| chars(w));
        line.push_str(&" ".repeat(widest - last));
        return;
    }
    let needs_wrap =
        chars(line) + chars(word) > width && (legacy <= 113 || chars(line) > chars(prefix));
    if needs_wrap {
        s.push_str(line.trim_end());
        s.push('\n');
        *line = prefix.to_string();
    }
    line.push_str(word);
}

impl Formatter<'_> {
    /// `_formatArray`'s `recurser`.
    fn recurse(&self, index: &mut Vec<usize>, hanging: &str, width: usize) -> String {
        let axis = index.len();
        let axes_left = self.shape.len() - axis;
        if axes_left == 0 {
            return (self.element)(index);
        }
        let next_hanging = format!("{hanging} ");
        let legacy = self.legacy;
        let next_width = if legacy <= 113 {
            width
        } else {
            width.saturating_sub(1)
        };
        let a_len = self.shape[axis];
        let show_summary = self.summarized[axis];
        let (leading, trailing) = if show_summary {
            (self.edge, self.edge)
        } else {
            (0, a_len)
        };
        let sub = |index: &mut Vec<usize>, i: usize| {
            index.push(i);
            let r = self.recurse(index, &next_hanging, next_width);
            index.pop();
            r
        };
        let mut s = String::new();
        if axes_left == 1 {
            let sep_len = self.separator.trim_end().len();
            let sep_len = if legacy <= 113 {
                sep_len
            } else {
                sep_len.max(1)
            };
            let elem_width = width.saturating_sub(sep_len);
            let mut line = hanging.to_string();
            for i in 0..leading {
                let word = sub(index, i);
                extend_line(&mut s, &mut line, &word, elem_width, hanging, legacy);
                line.push_str(self.separator);
            }
            if show_summary {
                extend_line(&mut s, &mut line, "...", elem_width, hanging, legacy);
                line.push_str(if legacy <= 113 { ", " } else { self.separator });
            }
            for i in (2..=trailing).rev() {
                let word = sub(index, a_len - i);
                extend_line(&mut s, &mut line, &word, elem_width, hanging, legacy);
                line.push_str(self.separator);
            }
            let last_width = if legacy <= 113 { width } else { elem_width };
            let word = sub(index, a_len - 1);
            extend_line(&mut s, &mut line, &word, last_width, hanging, legacy);
            s.push_str(&line);
        } else {
            let line_sep = format!(
                "{}{}",
                self.separator.trim_end(),
                "\n".repeat(axes_left - 1)
            );
            for i in 0..leading {
                let nested = sub(index, i);
                s.push_str(&format!("{hanging}{nested}{line_sep}"));
            }
            if show_summary {
                let sep = if legacy <= 113 { ", \n" } else { &line_sep };
                s.push_str(&format!("{hanging}...{sep}"));
            }
            for i in (2..=trailing).rev() {
                let nested = sub(index, a_len - i);
                s.push_str(&format!("{hanging}{nested}{line_sep}"));
            }
            let nested = sub(index, a_len - 1);
            s.push_str(&format!("{hanging}{nested}"));
        }
        format!("[{}]", s.get(hanging.len()..).unwrap_or(&s))
    }
}

/// A caller's text for an element in place of NumPy's format (the
/// callable `np.set_printoptions(formatter=...)` gives for the dtype).
pub type CustomFormat<'a> = &'a dyn Fn(&Scalar) -> String;

/// `np.array2string(a, separator=..., prefix=...)` with `linewidth` already
/// reduced by the suffix length, as `array2string` does.
pub fn array2string(
    a: &Array,
    opts: &PrintOptions,
    separator: &str,
    prefix: &str,
    linewidth: usize,
) -> String {
    array2string_with(a, opts, separator, prefix, linewidth, None)
}

/// [`array2string`] with each element's text from `custom` when given.
pub fn array2string_with(
    a: &Array,
    opts: &PrintOptions,
    separator: &str,
    prefix: &str,
    linewidth: usize,
    custom: Option<CustomFormat>,
) -> String {
    let _why = crate::device::sync_because(crate::device::SyncReason::read("printing"));
    if opts.legacy <= 113 && a.ndim() == 0 {
        if let Ok(s) = a.item() {
            return python_item_repr(&s);
        }
    }
    if a.size() == 0 {
        return "[]".to_string();
    }
    // One copy of a device array, not one per element read below.
    let host;
    let a = match a.device() {
        crate::device::Device::Cpu => a,
        _ => match a.to_host() {
            Ok(h) => {
                host = h;
                &host
            }
            Err(e) => {
                crate::device::set_pending_error(e);
                return "[]".to_string();
            }
        },
    };
    let summarize = a.size() > opts.threshold;
    let (data, summarized) = leading_trailing(a, opts.edgeitems, summarize);
    let fmt = ElemFormat::new(a.dtype(), &data, a.ndim() == 0, opts);
    let element = |index: &[usize]| match custom {
        Some(f) => f(&a.scalar_at(index)),
        None => fmt.format(&a.scalar_at(index)),
    };
    format_nested(
        a.shape(),
        &summarized,
        &element,
        opts,
        separator,
        prefix,
        linewidth,
    )
}

/// The nested-brackets layout of `_formatArray` for any element type:
/// `element` gives the text of the element at an index (called only for
/// the elements shown), `summarized` says which axes show `...`. Line
/// wrapping, hanging indents and separators are NumPy's.
pub fn format_nested(
    shape: &[usize],
    summarized: &[bool],
    element: &dyn Fn(&[usize]) -> String,
    opts: &PrintOptions,
    separator: &str,
    prefix: &str,
    linewidth: usize,
) -> String {
    let f = Formatter {
        element,
        shape,
        summarized,
        separator,
        edge: opts.edgeitems,
        legacy: opts.legacy,
    };
    let hanging = format!(" {}", " ".repeat(prefix.len()));
    f.recurse(&mut Vec::new(), &hanging, linewidth)
}

/// Which axes of `shape` NumPy summarises (`...`) for an array of `size`
/// elements under `opts`.
pub fn summarized_axes(shape: &[usize], size: usize, opts: &PrintOptions) -> Vec<bool> {
    let summarize = size > opts.threshold;
    shape
        .iter()
        .map(|&n| summarize && n > 2 * opts.edgeitems)
        .collect()
}

/// `repr`'s `array(...)` wrapper around the text `lst` of an array's
/// elements, with the `shape=`/`dtype=` extras NumPy adds (`dtype` is the
/// text after `dtype=`, or `None` when the dtype is implied).
pub fn repr_wrap(
    lst: &str,
    shape: &[usize],
    size: usize,
    dtype: Option<&str>,
    opts: &PrintOptions,
) -> String {
    repr_wrap_named("array(", lst, shape, size, dtype, opts)
}

/// [`repr_wrap`] for the repr of an ndarray subclass: `prefix` is its
/// class name and the parenthesis (`matrix(`), as `np.array_repr` writes it.
pub fn repr_wrap_named(
    prefix: &str,
    lst: &str,
    shape: &[usize],
    size: usize,
    dtype: Option<&str>,
    opts: &PrintOptions,
) -> String {
    let mut extras = Vec::new();
    if (size == 0 && shape != [0]) || (opts.legacy > 210 && size > opts.threshold) {
        extras.push(format!("shape={}", shape_repr(shape)));
    }
    if let Some(dt) = dtype {
        extras.push(format!("dtype={dt}"));
    }
    if extras.is_empty() {
        return format!("{prefix}{lst})");
    }
    let arr_str = format!("{prefix}{lst},");
    let extra_str = format!("{})", extras.join(", "));
    let last_line_len = arr_str.len() - arr_str.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if opts.legacy > 113 && last_line_len + extra_str.len() + 1 > opts.linewidth {
        format!("\n{}", " ".repeat(prefix.len()))
    } else {
        " ".to_string()
    };
    format!("{arr_str}{spacer}{extra_str}")
}

/// Whether `repr` omits `dtype=` for this dtype (`_typelessdata`).
fn dtype_is_implied(dt: DType, legacy: u32) -> bool {
    !(legacy <= 113 && dt == DType::Bool)
        && matches!(
            dt,
            DType::Int64 | DType::Float64 | DType::Complex128 | DType::Bool
        )
}

/// `repr(a)` (`np.array_repr`).
pub fn array_repr(a: &Array, opts: &PrintOptions) -> String {
    array_repr_named(a, opts, "array")
}

/// `repr(a)` of an ndarray subclass named `name` (`matrix([[1, 2]])`):
/// NumPy's `array_repr` with the class name in place of `array`.
pub fn array_repr_named(a: &Array, opts: &PrintOptions, name: &str) -> String {
    array_repr_named_with(a, opts, name, None)
}

/// [`array_repr_named`] with each element's text from `custom` when given.
pub fn array_repr_named_with(
    a: &Array,
    opts: &PrintOptions,
    name: &str,
    custom: Option<CustomFormat>,
) -> String {
    let _why = crate::device::sync_because(crate::device::SyncReason::read("printing"));
    let prefix = format!("{name}(");
    let width = if opts.legacy <= 113 {
        opts.linewidth
    } else {
        opts.linewidth.saturating_sub(1)
    };
    let lst = array2string_with(a, opts, ", ", &prefix, width, custom);
    let dtype = a.dtype().to_string();
    let shown =
        (!dtype_is_implied(a.dtype(), opts.legacy) || a.size() == 0).then_some(dtype.as_str());
    repr_wrap_named(&prefix, &lst, a.shape(), a.size(), shown, opts)
}

/// `str(a)` (`np.array_str`); a 0-d array prints as its scalar's `str`.
pub fn array_str(a: &Array, opts: &PrintOptions) -> String {
    array_str_with(a, opts, None)
}

/// [`array_str`] with each element's text from `custom` when given (not
/// for a 0-d array, which is its scalar's `str` as in NumPy).
pub fn array_str_with(a: &Array, opts: &PrintOptions, custom: Option<CustomFormat>) -> String {
    let _why = crate::device::sync_because(crate::device::SyncReason::read("printing"));
    if a.ndim() == 0 {
        return match a.item() {
            Ok(s) if opts.legacy <= 113 => python_item_repr(&s),
            Ok(s) => scalar_str(&s),
            Err(_) => "[]".to_string(),
        };
    }
    array2string_with(a, opts, " ", "", opts.linewidth, custom)
}

/// Positional/scientific choice of NumPy's scalar `str` for a finite,
/// non-zero float: positional for `1e-4 <= |x| < cutoff`, where the cutoff
/// is `1e16` for float64, `1e6` for float32 and `1e3` for float16. For
/// bfloat16 (not in NumPy) xpush follows the `10**precision` pattern of
/// float16/float32 with bfloat16's precision 2: `1e2`.
fn float_scalar_str(x: f64, kind: FloatKind, trim_pos: Trim, sign: bool) -> String {
    if x.is_nan() {
        return if sign { "+nan" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 {
            "-inf"
        } else if sign {
            "+inf"
        } else {
            "inf"
        }
        .to_string();
    }
    let cutoff = match kind {
        FloatKind::F64 => 1e16,
        FloatKind::F32 => 1e6,
        FloatKind::F16 => 1e3,
        FloatKind::BF16 => 1e2,
    };
    let a = x.abs();
    let d4 = Dragon4 {
        sign,
        ..Dragon4::new(kind, trim_pos)
    };
    if x == 0.0 || (1e-4..cutoff).contains(&a) {
        d4.positional(x)
    } else {
        Dragon4 {
            trim: Trim::Minus,
            ..d4
        }
        .scientific(x)
    }
}

/// `str` of a NumPy scalar: `1.5`, `3`, `True`, `(1+2j)`.
pub fn scalar_str(s: &Scalar) -> String {
    let dt = s.dtype();
    match dt.kind() {
        'b' => if s.as_bool() { "True" } else { "False" }.to_string(),
        'i' | 'u' => int_text(s),
        'f' => float_scalar_str(s.as_f64(), float_kind(dt), Trim::Zero, false),
        _ => {
            let (re, im) = s.to_elem().as_complex();
            let kind = float_kind(dt);
            if re == 0.0 && !re.is_sign_negative() {
                format!("{}j", float_scalar_str(im, kind, Trim::Minus, false))
            } else {
                format!(
                    "({}{}j)",
                    float_scalar_str(re, kind, Trim::Minus, false),
                    float_scalar_str(im, kind, Trim::Minus, true)
                )
            }
        }
    }
}

/// `repr` of a NumPy scalar: `np.float64(1.5)`, `np.int32(3)`, `np.True_`,
/// `np.complex128(1+2j)`. (`bfloat16` is not in NumPy; xpush writes
/// `np.bfloat16(...)`.)
pub fn scalar_repr(s: &Scalar) -> String {
    let dt = s.dtype();
    match dt.kind() {
        'b' => if s.as_bool() { "np.True_" } else { "np.False_" }.to_string(),
        'c' => {
            let text = scalar_str(s);
            let inner = text
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .unwrap_or(&text);
            format!("np.{dt}({inner})")
        }
        _ => format!("np.{dt}({})", scalar_str(s)),
    }
}

/// `repr(a.item())`: the Python object's repr (a float of any width as a
/// Python float, whose repr NumPy's float64 `str` shares).
fn python_item_repr(s: &Scalar) -> String {
    let dt = s.dtype();
    match dt.kind() {
        'f' => float_scalar_str(s.as_f64(), FloatKind::F64, Trim::Zero, false),
        'c' => {
            let (re, im) = s.to_elem().as_complex();
            scalar_str(&Scalar::Complex128(num_complex::Complex64::new(re, im)))
        }
        _ => scalar_str(s),
    }
}

/// C's `%.{p}g` of a finite `x`, with `.0` added when the text is all
/// digits and `point` asks for it (NumPy 1.13's scalar formats).
fn format_g(x: f64, p: usize, point: bool) -> String {
    let p = p.max(1);
    let sci = format!("{:.*e}", p - 1, x);
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |t: &str| -> String {
        if t.contains('.') {
            t.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            t.to_string()
        }
    };
    let out = if exp < -4 || exp >= p as i32 {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mant), exp.unsigned_abs())
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    };
    if point
        && out
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        format!("{out}.0")
    } else {
        out
    }
}

/// NumPy 1.13's `str` (`repr` false) or `repr` of a float or complex
/// scalar: `%.12g`/`%.17g` for float64, `%.6g`/`%.8g` for the others.
pub fn legacy113_scalar(s: &Scalar, repr: bool) -> String {
    let dt = s.dtype();
    let wide = matches!(dt, DType::Float64 | DType::Complex128);
    let p = match (wide, repr) {
        (true, false) => 12,
        (true, true) => 17,
        (false, false) => 6,
        (false, true) => 8,
    };
    let num = |x: f64, point: bool| {
        if x.is_nan() {
            "nan".to_string()
        } else if x.is_infinite() {
            if x < 0.0 { "-inf" } else { "inf" }.to_string()
        } else {
            format_g(x, p, point)
        }
    };
    match dt.kind() {
        'f' => num(s.as_f64(), true),
        'c' => {
            let (re, im) = s.to_elem().as_complex();
            if re == 0.0 && !re.is_sign_negative() {
                format!("{}j", num(im, false))
            } else {
                let i = num(im, false);
                let plus = if i.starts_with('-') { "" } else { "+" };
                format!("({}{plus}{i}j)", num(re, false))
            }
        }
        _ => scalar_str(s),
    }
}

impl Array {
    /// `repr(a)` with default print options.
    pub fn repr(&self) -> String {
        array_repr(self, &PrintOptions::default())
    }

    /// `str(a)` with default print options.
    pub fn str(&self) -> String {
        array_str(self, &PrintOptions::default())
    }
}
