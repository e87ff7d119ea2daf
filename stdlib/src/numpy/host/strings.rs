//! `numpy.strings` and `numpy.char`: the element-wise string functions.
//! Each calls Python's own `str` (or `bytes`) method on every element, so
//! the values are CPython's; the result's width follows NumPy (the input's
//! for the case and strip functions, the padded width for `center` and
//! kin, the sum for `add`, else the longest result).

use std::rc::Rc;

use xpush_npu::{Array, DType};

use super::{wrap, Cell, HostArray, HostDType, HostKind};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The width of a function's text result.
#[derive(Clone, Copy)]
enum Width {
    /// The input's (`upper`, `strip`).
    Same,
    /// The input's, or the argument at this position when wider (`center`).
    AtLeast(usize),
    /// The longest result (`replace`, `join`, `mod`).
    Longest,
}

/// The text array a string function's input is: a text array, a `str`,
/// or a list of them; numbers are NumPy's TypeError.
fn input(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_text() => Ok((**a).clone()),
        v if super::holds_text(v) => super::from_value(v, None),
        _ => Err(Error::type_error("string operation on non-string array")),
    }
}

/// Calls the `str`/`bytes` method `method` on each element of the first
/// argument with the arguments from position 1 on.
fn map(host: &mut dyn Host, a: &Args, method: &str, width: Width) -> Result<Value> {
    let (t, results) = map_cells(host, a, method)?;
    let w = match width {
        Width::Same => Some(t.dtype().width),
        Width::AtLeast(i) => {
            let n = crate::py::num::index_i64(a.get(i))?.max(0) as usize;
            Some(t.dtype().width.max(n))
        }
        Width::Longest => None,
    };
    collect(results, t.shape(), t.dtype().kind, w)
}

/// The input text array, and the `str`/`bytes` method `method` called on
/// each of its elements (C order) with the arguments from position 1 on.
fn map_cells(host: &mut dyn Host, a: &Args, method: &str) -> Result<(HostArray, Vec<Value>)> {
    let t = input(a.get(0))?;
    let extra: Vec<Value> = a.values[1..].to_vec();
    // Trailing `None`s are the defaults of the Python method.
    let mut extra = extra;
    while matches!(extra.last(), Some(Value::None)) {
        extra.pop();
    }
    let module = match t.dtype().kind {
        HostKind::Bytes => "bytes",
        _ => "str",
    };
    // The fill character is cast to the array's kind, as NumPy casts it
    // (`' '` fills a bytes array; a non-ASCII one cannot).
    if matches!(method, "center" | "ljust" | "rjust") {
        if let Some(fill) = extra.get_mut(1) {
            match (module, &*fill) {
                ("bytes", Value::Str(f)) => {
                    *fill = Value::Bytes(crate::py::bytes::encode(f, "ascii", "strict")?.into())
                }
                ("str", Value::Bytes(f)) => {
                    *fill = Value::str(crate::py::bytes::decode(f, "ascii", "strict")?)
                }
                _ => {}
            }
        }
    }
    let id = crate::table::lookup(module, method).ok_or_else(|| {
        Error::type_error(format!(
            "string operation '{method}' is not supported on {module}"
        ))
    })?;
    let mut results = Vec::with_capacity(t.size());
    for c in t.cells() {
        let mut args = vec![c.to_value()];
        args.extend(extra.iter().cloned());
        results.push(crate::table::call(host, id, args, Vec::new())?);
    }
    Ok((t, results))
}

/// Results of a map as an array: text (at width `w`, or the longest),
/// int64 or bool.
fn collect(
    results: Vec<Value>,
    shape: &[usize],
    kind: HostKind,
    w: Option<usize>,
) -> Result<Value> {
    match results.first() {
        Some(Value::Int(_)) | Some(Value::Bool(_)) => {
            let is_bool = matches!(results.first(), Some(Value::Bool(_)));
            let elems = results
                .iter()
                .map(|v| match v {
                    Value::Bool(b) => xpush_npu::Elem::Bool(*b),
                    Value::Int(i) => xpush_npu::Elem::Int(*i),
                    _ => xpush_npu::Elem::Int(0),
                })
                .collect::<Vec<_>>();
            let dt = if is_bool { DType::Bool } else { DType::Int64 };
            crate::numpy::conv::wrap_result(crate::numpy::conv::from_elems(&elems, shape, dt)?)
        }
        _ => {
            let cells: Vec<Cell> = results
                .iter()
                .map(|v| match v {
                    Value::Str(s) => Ok(Cell::Str(s.clone())),
                    Value::Bytes(b) => Ok(Cell::Bytes(b.clone())),
                    other => Err(Error::type_error(format!(
                        "a string function gave '{}'",
                        crate::ops::type_name(other)
                    ))),
                })
                .collect::<Result<_>>()?;
            // NumPy sizes the result by the longest, and makes a width of
            // 0 one of 1, as `np.empty(n, 'U0')` does.
            let width = w.unwrap_or_else(|| cells.iter().map(Cell::len).max().unwrap_or(0).max(1));
            let kind = match cells.first() {
                Some(Cell::Bytes(_)) => HostKind::Bytes,
                Some(_) => HostKind::Str,
                None => kind,
            };
            Ok(wrap(HostArray::new(
                HostDType { kind, width },
                cells,
                shape,
            )?))
        }
    }
}

/// The cells of two text operands broadcast together, with the shape.
fn broadcast2(x: &HostArray, y: &HostArray) -> Result<(Vec<usize>, Vec<Cell>, Vec<Cell>)> {
    let shape = xpush_npu::layout::broadcast_shapes(&[x.shape(), y.shape()])?;
    let cells = |t: &HostArray| -> Result<Vec<Cell>> {
        let idx = t.index().broadcast_to(&shape)?;
        let table = t.table().borrow();
        Ok(idx
            .to_vec::<i64>()?
            .into_iter()
            .map(|p| table[p as usize].clone())
            .collect())
    };
    Ok((shape.clone(), cells(x)?, cells(y)?))
}

/// `x + y` for two text operands (`np.strings.add`, the `+` operator):
/// the result is as wide as both widths together.
pub fn add_values(x: &Value, y: &Value) -> Result<Value> {
    let (tx, ty) = (input(x)?, input(y)?);
    if tx.dtype().kind != ty.dtype().kind {
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!(
                "ufunc 'add' did not contain a loop with signature matching types ({}, {}) -> None",
                tx.dtype().repr(),
                ty.dtype().repr()
            ),
        ));
    }
    let (shape, cx, cy) = broadcast2(&tx, &ty)?;
    let cells = cx
        .into_iter()
        .zip(cy)
        .map(|(a, b)| match (a, b) {
            (Cell::Str(a), Cell::Str(b)) => Cell::Str(Rc::from(format!("{a}{b}"))),
            (Cell::Bytes(a), Cell::Bytes(b)) => Cell::Bytes(Rc::from([&a[..], &b[..]].concat())),
            (a, _) => a,
        })
        .collect();
    let dtype = HostDType {
        kind: tx.dtype().kind,
        width: tx.dtype().width + ty.dtype().width,
    };
    let r = HostArray::new(dtype, cells, &shape)?;
    Ok(wrap(r))
}

fn add(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    add_values(a.get(0), a.get(1))
}

fn str_len(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = input(a.get(0))?;
    let lens: Vec<i64> = t.cells().iter().map(|c| c.len() as i64).collect();
    crate::numpy::conv::wrap_result(Array::from_vec(lens, t.shape())?)
}

/// `np.strings.multiply(a, i)`: each string repeated `i` times (none
/// for `i <= 0`), `i` an integer or an integer array broadcast against
/// `a`; as wide as the longest result (at least 1), as NumPy sizes it.
fn multiply(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = input(a.get(0))?;
    let counts = crate::numpy::conv::as_array(a.get(1))?;
    if !(counts.dtype().is_integer() || counts.dtype().is_bool()) {
        return Err(Error::type_error(format!(
            "unsupported type {} for operand 'i'",
            counts.dtype().name()
        )));
    }
    let shape = xpush_npu::layout::broadcast_shapes(&[t.shape(), counts.shape()])?;
    let idx = t.index().broadcast_to(&shape)?.to_vec::<i64>()?;
    let counts = counts
        .broadcast_to(&shape)?
        .astype(DType::Int64)
        .to_vec::<i64>()?;
    let table = t.table().borrow();
    let mut width = 1;
    let cells: Vec<Cell> = idx
        .into_iter()
        .zip(counts)
        .map(|(p, n)| {
            let n = n.max(0) as usize;
            let c = match &table[p as usize] {
                Cell::Str(s) => {
                    width = width.max(s.chars().count() * n);
                    Cell::Str(Rc::from(s.repeat(n)))
                }
                Cell::Bytes(b) => {
                    width = width.max(b.len() * n);
                    Cell::Bytes(Rc::from(b.repeat(n)))
                }
                c @ (Cell::Time(_) | Cell::Obj(_)) => c.clone(),
            };
            c
        })
        .collect();
    let dtype = HostDType {
        kind: t.dtype().kind,
        width,
    };
    Ok(wrap(HostArray::new(dtype, cells, &shape)?))
}

fn join(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sep = input(a.get(0))?;
    let seq = input(a.get(1))?;
    let (shape, cs, cq) = broadcast2(&sep, &seq)?;
    let mut results = Vec::with_capacity(cs.len());
    let id = crate::table::lookup("str", "join")
        .ok_or_else(|| Error::runtime_error("str.join is missing"))?;
    for (s, q) in cs.into_iter().zip(cq) {
        results.push(crate::table::call(
            host,
            id,
            vec![s.to_value(), q.to_value()],
            Vec::new(),
        )?);
    }
    collect(results, &shape, seq.dtype().kind, None)
}

fn mod_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let fmt = input(a.get(0))?;
    // The values as NumPy takes them, as an array: numbers and lists or
    // tuples of them are NumPy scalars (`%r` shows `np.int64(1)`), text
    // is `np.str_`; what makes no array (a dict for `%(key)s`) is one
    // value. They broadcast against the formats element by element.
    let values = match a.get(1) {
        v @ (Value::Array(_) | Value::HostArray(_)) => v.clone(),
        v if super::holds_text(v) => wrap(super::from_value(v, None)?),
        v => crate::numpy::conv::as_array(v).map_or_else(|_| v.clone(), crate::numpy::conv::wrap),
    };
    let (vals, vshape): (Vec<Value>, Vec<usize>) = match &values {
        Value::Array(v) => (
            v.to_scalars().into_iter().map(Value::Scalar).collect(),
            v.shape().to_vec(),
        ),
        Value::HostArray(t) => (
            t.cells().iter().map(|c| t.format_arg(c)).collect(),
            t.shape().to_vec(),
        ),
        v => (vec![v.clone()], Vec::new()),
    };
    let shape = xpush_npu::layout::broadcast_shapes(&[fmt.shape(), &vshape])?;
    let fidx = fmt.index().broadcast_to(&shape)?.to_vec::<i64>()?;
    let vpos = super::positions_in(&vshape, &shape)?;
    let table = fmt.table().borrow().clone();
    let mut results = Vec::with_capacity(fidx.len());
    for (f, v) in fidx.into_iter().zip(vpos) {
        let v = vals[v].clone();
        results.push(crate::strmethods::percent_format(
            &table[f as usize].to_value(),
            &v,
        )?);
    }
    collect(results, &shape, fmt.dtype().kind, None)
}

macro_rules! text_fn {
    ($module:literal, $name:literal, $sig:literal, $method:literal, $width:expr, $doc:literal, $ex:literal) => {
        entry!(
            Function,
            NumpyText,
            $module,
            $name,
            $sig,
            |host: &mut dyn Host, a: &mut Args| map(host, a, $method, $width),
            $doc,
            [$ex]
        )
    };
}

macro_rules! both {
    ($($name:literal, $sig:literal, $method:literal, $width:expr, $doc:literal, $ex:literal;)*) => {
        &[
            $(text_fn!("numpy.strings", $name, $sig, $method, $width, $doc, $ex),)*
            $(text_fn!("numpy.char", $name, $sig, $method, $width, $doc, $ex),)*
            entry!(Type, NumpyText, "numpy", "str_", "(object='', /)", |_: &mut dyn Host, a: &mut Args| {
                    Ok(super::text_scalar(Value::str(crate::ops::to_str(a.get(0)))))
                },
                "NumPy's str scalar type (the elements of <U arrays, a str subclass); as a dtype, a str array.",
                ["np.array(['x']).astype(np.str_)  # array(['x'], dtype='<U1')", "np.array(['x', 'yz'])[1]  # np.str_('yz')", "np.str_('ab') + 'c'  # 'abc'"]),
            entry!(Type, NumpyText, "numpy", "bytes_", "(object='', /)", |_: &mut dyn Host, a: &mut Args| {
                    Ok(super::text_scalar(match a.get(0) {
                        v @ Value::Bytes(_) => v.clone(),
                        v => Value::Bytes(std::rc::Rc::from(crate::ops::to_str(v).into_bytes())),
                    }))
                },
                "NumPy's bytes scalar type (the elements of S arrays, a bytes subclass); as a dtype, a bytes array.",
                ["np.array([b'x'], dtype=np.bytes_)  # array([b'x'], dtype='|S1')", "np.array([b'x'])[0]  # np.bytes_(b'x')"]),
            entry!(Function, NumpyText, "numpy.strings", "add", "(x1, x2)", add,
                "Element-wise concatenation of two string arrays.",
                ["np.strings.add(['a'], ['bc', 'd'])  # array(['abc', 'ad'], dtype='<U3')"]),
            entry!(Function, NumpyText, "numpy.char", "add", "(x1, x2)", add,
                "Element-wise concatenation of two string arrays.",
                ["np.char.add(['a'], ['bc', 'd'])  # array(['abc', 'ad'], dtype='<U3')"]),
            entry!(Function, NumpyText, "numpy.strings", "str_len", "(x)", str_len,
                "The length of each string.",
                ["np.strings.str_len(['ab', ''])  # array([2, 0])"]),
            entry!(Function, NumpyText, "numpy.char", "str_len", "(a)", str_len,
                "The length of each string.",
                ["np.char.str_len(['ab', ''])  # array([2, 0])"]),
            entry!(Function, NumpyText, "numpy.strings", "multiply", "(a, i)", multiply,
                "Each string repeated i times.",
                ["np.strings.multiply(['ab'], 3)  # array(['ababab'], dtype='<U6')"]),
            entry!(Function, NumpyText, "numpy.char", "multiply", "(a, i)", multiply,
                "Each string repeated i times.",
                ["np.char.multiply(['ab'], 3)  # array(['ababab'], dtype='<U6')"]),
            entry!(Function, NumpyText, "numpy.char", "join", "(sep, seq)", join,
                "Each string's characters joined by sep.",
                ["np.char.join('-', ['abc', 'de'])  # array(['a-b-c', 'd-e'], dtype='<U5')"]),
            entry!(Function, NumpyText, "numpy.strings", "mod", "(a, values)", mod_,
                "printf-style formatting of values with the format strings a.",
                ["np.strings.mod('%d', np.arange(3))  # array(['0', '1', '2'], dtype='<U1')"]),
            entry!(Function, NumpyText, "numpy.char", "mod", "(a, values)", mod_,
                "printf-style formatting of values with the format strings a.",
                ["np.char.mod(['%d', '%x'], 15)  # array(['15', 'f'], dtype='<U2')"]),
        ]
    };
}

/// The entries of `numpy.strings` and `numpy.char`.
pub const FUNCS: &[FuncDef] = both! {
    "upper", "(a)", "upper", Width::Same, "Each string in upper case.",
        "np.strings.upper(['ab', 'c'])  # array(['AB', 'C'], dtype='<U2')";
    "lower", "(a)", "lower", Width::Same, "Each string in lower case.",
        "np.strings.lower(['AB'])  # array(['ab'], dtype='<U2')";
    "capitalize", "(a)", "capitalize", Width::Same, "Each string with its first character capitalized.",
        "np.strings.capitalize(['ab'])  # array(['Ab'], dtype='<U2')";
    "title", "(a)", "title", Width::Same, "Each string title-cased.",
        "np.strings.title(['hello world'])  # array(['Hello World'], dtype='<U11')";
    "swapcase", "(a)", "swapcase", Width::Same, "Each string with its case swapped.",
        "np.strings.swapcase(['aB'])  # array(['Ab'], dtype='<U2')";
    "strip", "(a, chars=None)", "strip", Width::Same, "Each string without leading and trailing characters (whitespace by default).",
        "np.strings.strip([' a '])  # array(['a'], dtype='<U3')";
    "lstrip", "(a, chars=None)", "lstrip", Width::Same, "Each string without leading characters.",
        "np.strings.lstrip([' a '])  # array(['a '], dtype='<U3')";
    "rstrip", "(a, chars=None)", "rstrip", Width::Same, "Each string without trailing characters.",
        "np.strings.rstrip([' a '])  # array([' a'], dtype='<U3')";
    "center", "(a, width, fillchar=' ')", "center", Width::AtLeast(1), "Each string centred in a field of the width.",
        "np.strings.center(['a'], 5)  # array(['  a  '], dtype='<U5')";
    "ljust", "(a, width, fillchar=' ')", "ljust", Width::AtLeast(1), "Each string left-justified in a field of the width.",
        "np.strings.ljust(['a'], 3, '*')  # array(['a**'], dtype='<U3')";
    "rjust", "(a, width, fillchar=' ')", "rjust", Width::AtLeast(1), "Each string right-justified in a field of the width.",
        "np.strings.rjust(['a'], 3)  # array(['  a'], dtype='<U3')";
    "zfill", "(a, width)", "zfill", Width::AtLeast(1), "Each numeric string padded with zeros on the left.",
        "np.strings.zfill(['1', '-2'], 4)  # array(['0001', '-002'], dtype='<U4')";
    "replace", "(a, old, new, count=-1)", "replace", Width::Longest, "Each string with old replaced by new.",
        "np.strings.replace(['aaa', 'b'], 'a', 'bb')  # array(['bbbbbb', 'b'], dtype='<U6')";
    "find", "(a, sub, start=0, end=None)", "find", Width::Longest, "The lowest index of sub in each string, or -1.",
        "np.strings.find([' a ', 'bcd'], 'b')  # array([-1,  0])";
    "rfind", "(a, sub, start=0, end=None)", "rfind", Width::Longest, "The highest index of sub in each string, or -1.",
        "np.strings.rfind(['abab'], 'b')  # array([3])";
    "index", "(a, sub, start=0, end=None)", "index", Width::Longest, "The lowest index of sub in each string; a ValueError where it is not found.",
        "np.strings.index(['abc', 'cab'], 'a')  # array([0, 1])";
    "rindex", "(a, sub, start=0, end=None)", "rindex", Width::Longest, "The highest index of sub in each string; a ValueError where it is not found.",
        "np.strings.rindex(['abca'], 'a')  # array([3])";
    "count", "(a, sub, start=0, end=None)", "count", Width::Longest, "How many times sub occurs in each string.",
        "np.strings.count(['aba', 'c'], 'a')  # array([2, 0])";
    "startswith", "(a, prefix, start=0, end=None)", "startswith", Width::Longest, "Whether each string starts with the prefix.",
        "np.strings.startswith([' a', 'b'], ' ')  # array([ True, False])";
    "endswith", "(a, suffix, start=0, end=None)", "endswith", Width::Longest, "Whether each string ends with the suffix.",
        "np.strings.endswith(['ab', 'b'], 'ab')  # array([ True, False])";
    "isdigit", "(a)", "isdigit", Width::Longest, "Whether each string is all digits.",
        "np.strings.isdigit(['1', 'a'])  # array([ True, False])";
    "isdecimal", "(a)", "isdecimal", Width::Longest, "Whether each string is all decimal characters (Unicode category Nd).",
        "np.strings.isdecimal(['12', '1.5'])  # array([ True, False])";
    "isnumeric", "(a)", "isnumeric", Width::Longest, "Whether each string is all numeric characters (digits, fractions, numerals).",
        "np.strings.isnumeric(['12', 'a'])  # array([ True, False])";
    "istitle", "(a)", "istitle", Width::Longest, "Whether each string is titlecased (each word's first letter upper case, the rest lower).",
        "np.strings.istitle(['Title Case', 'not'])  # array([ True, False])";
    "isalpha", "(a)", "isalpha", Width::Longest, "Whether each string is all letters.",
        "np.strings.isalpha(['1', 'a'])  # array([False,  True])";
    "isalnum", "(a)", "isalnum", Width::Longest, "Whether each string is all letters and digits.",
        "np.strings.isalnum(['a1', 'a '])  # array([ True, False])";
    "isspace", "(a)", "isspace", Width::Longest, "Whether each string is all whitespace.",
        "np.strings.isspace([' ', 'a'])  # array([ True, False])";
    "isupper", "(a)", "isupper", Width::Longest, "Whether each string's cased characters are upper case.",
        "np.strings.isupper(['AB', 'a'])  # array([ True, False])";
    "islower", "(a)", "islower", Width::Longest, "Whether each string's cased characters are lower case.",
        "np.strings.islower(['AB', 'a'])  # array([False,  True])";
};

/// The comparison functions of `numpy.strings` (NumPy's comparison
/// ufuncs themselves) and of `numpy.char` (compared with trailing
/// whitespace stripped, as `compare_chararrays(a, b, cmp, True)`), and
/// `numpy.char.compare_chararrays`.
pub const COMPARE: &[FuncDef] = &[
    entry!(Function, NumpyText, "numpy.char", "compare_chararrays", "(a1, a2, cmp, rstrip)", compare_chararrays,
        "Compares two string arrays element-wise with cmp ('==', '!=', '<', '<=', '>', '>='), trailing whitespace stripped first when rstrip.",
        ["np.char.compare_chararrays(['a ', 'b'], ['a', 'c'], '==', True)  # array([ True, False])"]),
    entry!(Function, NumpyText, "numpy.char", "equal", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, "=="),
        "x1 == x2 element-wise, trailing whitespace stripped first (np.strings.equal keeps it).",
        ["np.char.equal(['a '], ['a'])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.char", "not_equal", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, "!="),
        "x1 != x2 element-wise, trailing whitespace stripped first.",
        ["np.char.not_equal(['a '], ['a'])  # array([False])"]),
    entry!(Function, NumpyText, "numpy.char", "less", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, "<"),
        "x1 < x2 element-wise, trailing whitespace stripped first.",
        ["np.char.less(['a'], ['b '])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.char", "less_equal", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, "<="),
        "x1 <= x2 element-wise, trailing whitespace stripped first.",
        ["np.char.less_equal(['a '], ['a'])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.char", "greater", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, ">"),
        "x1 > x2 element-wise, trailing whitespace stripped first.",
        ["np.char.greater(['a '], ['a'])  # array([False])"]),
    entry!(Function, NumpyText, "numpy.char", "greater_equal", "(x1, x2)", |h: &mut dyn Host, a: &mut Args| char_compare(h, a, ">="),
        "x1 >= x2 element-wise, trailing whitespace stripped first.",
        ["np.char.greater_equal(['a'], ['b'])  # array([False])"]),
    entry!(Function, NumpyText, "numpy.strings", "equal", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "equal"),
        "np.equal: x1 == x2 element-wise (trailing whitespace counts).",
        ["np.strings.equal(['a '], ['a'])  # array([False])"]),
    entry!(Function, NumpyText, "numpy.strings", "not_equal", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "not_equal"),
        "np.not_equal: x1 != x2 element-wise.",
        ["np.strings.not_equal(['a '], ['a'])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.strings", "less", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "less"),
        "np.less: x1 < x2 element-wise.",
        ["np.strings.less(['a'], ['a '])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.strings", "less_equal", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "less_equal"),
        "np.less_equal: x1 <= x2 element-wise.",
        ["np.strings.less_equal(['b'], ['a'])  # array([False])"]),
    entry!(Function, NumpyText, "numpy.strings", "greater", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "greater"),
        "np.greater: x1 > x2 element-wise.",
        ["np.strings.greater(['a '], ['a'])  # array([ True])"]),
    entry!(Function, NumpyText, "numpy.strings", "greater_equal", "(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)", |h: &mut dyn Host, a: &mut Args| ufunc_of(h, a, "greater_equal"),
        "np.greater_equal: x1 >= x2 element-wise.",
        ["np.strings.greater_equal(['a'], ['b'])  # array([False])"]),
];

/// `np.strings.equal` and kin: the NumPy ufunc of that name.
fn ufunc_of(host: &mut dyn Host, a: &mut Args, name: &str) -> Result<Value> {
    // The ufunc's own keywords, where given (casting and order change
    // nothing for a comparison of strings).
    let given = |i: usize| match a.get(i) {
        Value::None => false,
        Value::Bool(true) => i != 3,
        _ => true,
    };
    let kwargs: Vec<(&str, Value)> = [("out", 2), ("where", 3), ("dtype", 6)]
        .into_iter()
        .filter(|&(_, i)| given(i))
        .map(|(k, i)| (k, a.get(i).clone()))
        .collect();
    crate::numpy::compose::np_kw(
        host,
        name,
        vec![a.get(0).clone(), a.get(1).clone()],
        &kwargs,
    )
}

fn char_compare(host: &mut dyn Host, a: &mut Args, cmp: &str) -> Result<Value> {
    compare(host, a.get(0), a.get(1), cmp, true)
}

fn compare_chararrays(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cmp = match a.get(2) {
        Value::Str(s) => s.to_string(),
        Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        _ => String::new(),
    };
    let rstrip = crate::ops::truthy(a.get(3))?;
    compare(host, a.get(0), a.get(1), &cmp, rstrip)
}

/// NumPy's `compare_chararrays`: `x cmp y` element-wise over two string
/// arrays (or strings), trailing whitespace (and NULs) stripped first
/// when `rstrip`; always an array, 0-d for two strings.
fn compare(host: &mut dyn Host, x: &Value, y: &Value, cmp: &str, rstrip: bool) -> Result<Value> {
    let ufunc = match cmp {
        "==" => "equal",
        "!=" => "not_equal",
        "<" => "less",
        "<=" => "less_equal",
        ">" => "greater",
        ">=" => "greater_equal",
        _ => {
            return Err(Error::value_error(
                "comparison must be '==', '!=', '<', '>', '<=', '>='",
            ))
        }
    };
    let text = |v: &Value| -> Result<HostArray> {
        let t = input(v).map_err(|_| Error::type_error("comparison of non-string arrays"))?;
        if !rstrip {
            return Ok(t);
        }
        let stripped = t
            .cells()
            .into_iter()
            .map(|c| match c {
                Cell::Str(s) => Cell::Str(Rc::from(
                    s.trim_end_matches(|ch: char| ch.is_whitespace() || ch == '\0'),
                )),
                Cell::Bytes(b) => {
                    let end = b
                        .iter()
                        .rposition(|&ch| !(ch.is_ascii_whitespace() || ch == 0 || ch == 0x0b))
                        .map_or(0, |i| i + 1);
                    Cell::Bytes(Rc::from(&b[..end]))
                }
                c => c,
            })
            .collect();
        HostArray::new(t.dtype(), stripped, t.shape())
    };
    let (tx, ty) = (text(x)?, text(y)?);
    let r = crate::numpy::compose::np(host, ufunc, vec![wrap(tx), wrap(ty)])?;
    crate::numpy::compose::np(host, "asarray", vec![r])
}

/// An entry of `numpy.strings` and the same one of `numpy.char`.
macro_rules! strings_and_char {
    ($($name:literal, $sig:literal, $f:expr, $doc:literal, $ex:literal, $char_ex:literal;)*) => {
        &[
            $(entry!(Function, NumpyText, "numpy.strings", $name, $sig, $f, $doc, [$ex]),)*
            $(entry!(Function, NumpyText, "numpy.char", $name, $sig, $f, $doc, [$char_ex]),)*
        ]
    };
}

/// `expandtabs`, `encode`/`decode` and `translate`, alike in both
/// modules.
pub const MORE: &[FuncDef] = strings_and_char! {
        "expandtabs", "(a, tabsize=8)", expandtabs, "Each string with its tabs replaced by spaces up to the next multiple of tabsize (columns restart after \\n and \\r).",
            "np.strings.expandtabs(['a\\tb'], 4)  # array(['a   b'], dtype='<U11')",
            "np.char.expandtabs([b'a\\tb'], 2)  # array([b'a b'], dtype='|S3')";
        "encode", "(a, encoding=None, errors=None)", |h: &mut dyn Host, a: &mut Args| map(h, a, "encode", Width::Longest),
            "Each str encoded to bytes (utf-8 by default), as str.encode.",
            "np.strings.encode(['é'])  # array([b'\\xc3\\xa9'], dtype='|S2')",
            "np.char.encode(['ab'], 'ascii')  # array([b'ab'], dtype='|S2')";
        "decode", "(a, encoding=None, errors=None)", |h: &mut dyn Host, a: &mut Args| map(h, a, "decode", Width::Longest),
            "Each bytes decoded to str (utf-8 by default), as bytes.decode.",
            "np.strings.decode([b'\\xc3\\xa9'])  # array(['é'], dtype='<U1')",
            "np.char.decode([b'ab'], 'latin-1')  # array(['ab'], dtype='<U2')";
        "translate", "(a, table, deletechars=None)", translate,
            "Each string mapped through table, as str.translate (bytes: bytes.translate, deletechars dropped first); the width is the input's.",
            "np.strings.translate(['abc'], {97: 'x', 99: None})  # array(['xb'], dtype='<U3')",
            "np.char.translate([b'abc'], None, b'b')  # array([b'ac'], dtype='|S3')";
};

/// The functions of only one of `numpy.strings` and `numpy.char`.
pub const ONLY: &[FuncDef] = &[
    entry!(Function, NumpyText, "numpy.strings", "partition", "(a, sep)", |_: &mut dyn Host, a: &mut Args| partition(a, false, false),
        "Each string split at the first sep: a tuple of three arrays (before, sep, after), each as wide as its longest part.",
        ["np.strings.partition(['a=b=c'], '=')  # (array(['a'], dtype='<U1'), array(['='], dtype='<U1'), array(['b=c'], dtype='<U3'))"]),
    entry!(Function, NumpyText, "numpy.strings", "rpartition", "(a, sep)", |_: &mut dyn Host, a: &mut Args| partition(a, true, false),
        "Each string split at the last sep: a tuple of three arrays (before, sep, after), each as wide as its longest part.",
        ["np.strings.rpartition(['a=b=c'], '=')  # (array(['a=b'], dtype='<U3'), array(['='], dtype='<U1'), array(['c'], dtype='<U1'))"]),
    entry!(Function, NumpyText, "numpy.char", "partition", "(a, sep)", |_: &mut dyn Host, a: &mut Args| partition(a, false, true),
        "Each string split at the first sep: one array with a last axis of 3 (before, sep, after).",
        ["np.char.partition(['a=b'], '=')  # array([['a', '=', 'b']], dtype='<U1')"]),
    entry!(Function, NumpyText, "numpy.char", "rpartition", "(a, sep)", |_: &mut dyn Host, a: &mut Args| partition(a, true, true),
        "Each string split at the last sep: one array with a last axis of 3 (before, sep, after).",
        ["np.char.rpartition(['a=b'], '=')  # array([['a', '=', 'b']], dtype='<U1')"]),
    entry!(Function, NumpyText, "numpy.strings", "slice", "(a, start=None, stop=<no value>, step=None)", slice,
        "Each string sliced as s[start:stop:step] (with only start given, it is the stop, as for slice(); stop=None slices to the end); the width is the input's.",
        ["np.strings.slice(['hello', 'world'], 1, 4)  # array(['ell', 'orl'], dtype='<U5')"]),
    entry!(Function, NumpyText, "numpy.char", "split", "(a, sep=None, maxsplit=None)", |h: &mut dyn Host, a: &mut Args| lists(h, a, "split"),
        "An object array of each string's str.split(sep, maxsplit) list.",
        ["np.char.split(['a b', 'c'])  # array([list(['a', 'b']), list(['c'])], dtype=object)"]),
    entry!(Function, NumpyText, "numpy.char", "rsplit", "(a, sep=None, maxsplit=None)", |h: &mut dyn Host, a: &mut Args| lists(h, a, "rsplit"),
        "An object array of each string's str.rsplit(sep, maxsplit) list.",
        ["np.char.rsplit(['a=b=c'], '=', 1)  # array([list(['a=b', 'c'])], dtype=object)"]),
    entry!(Function, NumpyText, "numpy.char", "splitlines", "(a, keepends=None)", |h: &mut dyn Host, a: &mut Args| lists(h, a, "splitlines"),
        "An object array of each string's str.splitlines(keepends) list.",
        ["np.char.splitlines(['a\\nb'])  # array([list(['a', 'b'])], dtype=object)"]),
];

/// `expandtabs(a, tabsize)`: each element's `expandtabs`, in the width
/// NumPy 2.4 sizes it to. NumPy's length count takes each character
/// other than a tab at its size in the array's buffer (4 bytes in a str
/// array, 1 in a bytes array), while a tab is the spaces it expands to;
/// the result is as wide as the largest count (at least 1).
fn expandtabs(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let tabsize = crate::py::num::index_i64(a.get(1))?;
    let (t, results) = map_cells(host, a, "expandtabs")?;
    let unit = match t.dtype().kind {
        HostKind::Bytes => 1,
        _ => 4,
    };
    let count = |chars: &mut dyn Iterator<Item = u32>| -> usize {
        let (mut len, mut column) = (0i64, 0i64);
        for ch in chars {
            if ch == u32::from(b'\t') {
                if tabsize > 0 {
                    let step = tabsize - column % tabsize;
                    column += step;
                    len += step;
                }
            } else {
                column += 1;
                len += unit;
                if ch == u32::from(b'\n') || ch == u32::from(b'\r') {
                    column = 0;
                }
            }
        }
        len.max(0) as usize
    };
    let width = t
        .cells()
        .iter()
        .map(|c| match c {
            Cell::Str(s) => count(&mut s.chars().map(u32::from)),
            Cell::Bytes(b) => count(&mut b.iter().map(|&x| u32::from(x))),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
        .max(1);
    collect(results, t.shape(), t.dtype().kind, Some(width))
}

/// `translate(a, table, deletechars)`: `str.translate(table)` (NumPy
/// ignores `deletechars` for str) or `bytes.translate(table,
/// deletechars)`, in the input's width.
fn translate(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if input(a.get(0))?.dtype().kind == HostKind::Str {
        a.values.truncate(2);
    }
    map(host, a, "translate", Width::Same)
}

/// `np.char.split`, `rsplit` and `splitlines`: an object array of each
/// element's list.
fn lists(host: &mut dyn Host, a: &mut Args, method: &str) -> Result<Value> {
    let (t, results) = map_cells(host, a, method)?;
    let cells = results.into_iter().map(Cell::Obj).collect();
    let dtype = HostDType {
        kind: HostKind::Object,
        width: 0,
    };
    Ok(wrap(HostArray::new(dtype, cells, t.shape())?))
}

/// The integers of a `slice` bound (operand `input` of NumPy's `_slice`
/// ufunc: 1 start, 2 stop, 3 step) broadcast to `shape`, `None` for an
/// absent bound; NumPy's errors for a bound that is not integral.
fn bound(v: &Value, input: usize, shape: &[usize]) -> Result<Option<Vec<i64>>> {
    if v.is_none() {
        return Ok(None);
    }
    let arr = crate::numpy::conv::as_array(v)?;
    let dt = arr.dtype();
    if input == 3 && !dt.is_integer() {
        return Err(Error::type_error(format!(
            "unsupported type {} for operand 'step'",
            dt.name()
        )));
    }
    if !(dt.is_integer() || dt.is_bool()) {
        return Err(Error::new(
            xpush_npu::ExcKind::UFuncTypeError,
            format!("Cannot cast ufunc '_slice' input {input} from dtype('{}') to dtype('int64') with casting rule 'same_kind'", dt.name()),
        ));
    }
    Ok(Some(
        arr.broadcast_to(shape)?
            .astype(DType::Int64)
            .to_vec::<i64>()?,
    ))
}

/// The shape of a `slice` bound (none for `None` or a number).
fn bound_shape(v: &Value) -> Result<Vec<usize>> {
    if v.is_none() {
        return Ok(Vec::new());
    }
    Ok(crate::numpy::conv::as_array(v)?.shape().to_vec())
}

/// `np.strings.slice(a, start, stop, step)`: each element sliced as
/// Python slices it, the bounds broadcast against the array; with only
/// `start` given it is the stop, as for `slice(stop)`.
fn slice(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = input(a.get(0))?;
    // No stop given (NumPy's `_NoValue`): the one bound is the stop.
    let (start, stop) = match a.get(2) {
        Value::Object(o) if matches!(**o, crate::value::Object::Missing) => {
            (Value::None, a.get(1).clone())
        }
        stop => (a.get(1).clone(), stop.clone()),
    };
    let step = a.get(3).clone();
    let shape = xpush_npu::layout::broadcast_shapes(&[
        t.shape(),
        &bound_shape(&start)?,
        &bound_shape(&stop)?,
        &bound_shape(&step)?,
    ])?;
    let steps = bound(&step, 3, &shape)?;
    if steps.as_ref().is_some_and(|s| s.contains(&0)) {
        return Err(Error::value_error("slice step cannot be zero"));
    }
    let starts = bound(&start, 1, &shape)?;
    let stops = bound(&stop, 2, &shape)?;
    let idx = t.index().broadcast_to(&shape)?.to_vec::<i64>()?;
    let table = t.table().borrow();
    let at = |b: &Option<Vec<i64>>, i: usize| b.as_ref().map_or(Value::None, |b| Value::Int(b[i]));
    let mut cells = Vec::with_capacity(idx.len());
    for (i, &p) in idx.iter().enumerate() {
        let s = crate::value::SliceObj {
            start: at(&starts, i),
            stop: at(&stops, i),
            step: at(&steps, i),
        };
        let cell = match &table[p as usize] {
            Cell::Str(text) => {
                let chars: Vec<char> = text.chars().collect();
                let sel = crate::py::index::slice_indices(&s, chars.len())?;
                Cell::Str(Rc::from(
                    sel.indices().map(|k| chars[k]).collect::<String>(),
                ))
            }
            Cell::Bytes(b) => {
                let sel = crate::py::index::slice_indices(&s, b.len())?;
                Cell::Bytes(Rc::from(sel.indices().map(|k| b[k]).collect::<Vec<u8>>()))
            }
            c => c.clone(),
        };
        cells.push(cell);
    }
    Ok(wrap(HostArray::new(t.dtype(), cells, &shape)?))
}

/// `partition(a, sep)` (`rpartition` when `last`): the three parts of
/// each element split at its first (last) `sep`, broadcast together. A
/// tuple of three arrays sized as NumPy sizes them (each part as wide as
/// its longest; the separator's as the longest `sep`, or 1 when no
/// element holds it), or for `numpy.char` (`stacked`) one array with a
/// last axis of 3, as wide as the widest part.
fn partition(a: &mut Args, last: bool, stacked: bool) -> Result<Value> {
    let t = input(a.get(0))?;
    let sep = super::from_value(a.get(1), Some(t.dtype())).or_else(|_| input(a.get(1)))?;
    let (shape, cells, seps) = broadcast2(&t, &sep)?;
    let mut parts: [Vec<Cell>; 3] = Default::default();
    let mut widths = [0usize; 3];
    let mut found_any = false;
    for (c, s) in cells.iter().zip(&seps) {
        let [head, mid, tail] = match (c, s) {
            (Cell::Str(c), Cell::Str(s)) => {
                split_at_sep(&**c, &**s, last)?.map(|p| Cell::Str(Rc::from(p)))
            }
            (Cell::Bytes(c), Cell::Bytes(s)) => {
                split_at_sep(&**c, &**s, last)?.map(|p| Cell::Bytes(Rc::from(p)))
            }
            _ => return Err(Error::type_error("string operation on non-string array")),
        };
        found_any |= !mid.is_empty();
        for (k, part) in [head, mid, tail].into_iter().enumerate() {
            widths[k] = widths[k].max(part.len());
            parts[k].push(part);
        }
    }
    widths[1] = if found_any {
        seps.iter().map(Cell::len).max().unwrap_or(0)
    } else {
        1
    };
    let kind = t.dtype().kind;
    if stacked {
        let width = widths.iter().copied().max().unwrap_or(0).max(1);
        let n = parts[0].len();
        let [p0, p1, p2] = parts;
        let mut interleaved = Vec::with_capacity(3 * n);
        for ((x, y), z) in p0.into_iter().zip(p1).zip(p2) {
            interleaved.extend([x, y, z]);
        }
        let mut full = shape.clone();
        full.push(3);
        return Ok(wrap(HostArray::new(
            HostDType { kind, width },
            interleaved,
            &full,
        )?));
    }
    let arrays = parts
        .into_iter()
        .zip(widths)
        .map(|(cells, width)| {
            Ok(wrap(HostArray::new(
                HostDType { kind, width },
                cells,
                &shape,
            )?))
        })
        .collect::<Result<Vec<Value>>>()?;
    Ok(Value::tuple(arrays))
}

/// Text that `partition` splits: `str` or `[u8]`.
trait Text {
    /// The parts around the first (or last) `sep`, if it occurs.
    fn parts<'a>(&'a self, sep: &Self, last: bool) -> Option<[&'a Self; 3]>;
    /// Its empty start.
    fn none(&self) -> &Self;
}

impl Text for str {
    fn parts<'a>(&'a self, sep: &str, last: bool) -> Option<[&'a str; 3]> {
        let i = if last {
            self.rfind(sep)?
        } else {
            self.find(sep)?
        };
        Some([&self[..i], &self[i..i + sep.len()], &self[i + sep.len()..]])
    }
    fn none(&self) -> &str {
        &self[..0]
    }
}

impl Text for [u8] {
    fn parts<'a>(&'a self, sep: &[u8], last: bool) -> Option<[&'a [u8]; 3]> {
        let mut at =
            (0..=self.len().checked_sub(sep.len())?).filter(|&i| self[i..].starts_with(sep));
        let i = if last { at.next_back()? } else { at.next()? };
        Some([&self[..i], &self[i..i + sep.len()], &self[i + sep.len()..]])
    }
    fn none(&self) -> &[u8] {
        &self[..0]
    }
}

/// `c.partition(sep)` (`rpartition` when `last`): the three parts; for a
/// `sep` not found, the whole text first (`rpartition`: last).
fn split_at_sep<'a, T: Text + ?Sized>(c: &'a T, sep: &T, last: bool) -> Result<[&'a T; 3]> {
    if std::mem::size_of_val(sep) == 0 {
        return Err(Error::value_error("empty separator"));
    }
    Ok(match c.parts(sep, last) {
        Some(parts) => parts,
        None if last => [c.none(), c.none(), c],
        None => [c, c.none(), c.none()],
    })
}
