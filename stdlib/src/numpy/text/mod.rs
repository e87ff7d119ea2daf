//! Fixed-width string arrays: NumPy's `<U n` (str) and `S n` (bytes)
//! dtypes.
//!
//! A text array is a host array. Its elements live in a shared table of
//! [`Cell`]s, and its shape is an int64 *index array* of positions into
//! that table, held by the numeric runtime. Every structural operation
//! (views, slicing, fancy and boolean indexing, transposes, reshapes,
//! broadcasting, `take`, `repeat`, ...) is the numeric operation applied
//! to the index array, so it has NumPy's rules and messages by
//! construction ([`Override::OnIndex`]). What looks at the text is written
//! here: comparisons and sorting go through *ranks* (each distinct string
//! of the arrays involved numbered in sorted order, so that the numeric
//! comparison, sort, unique and isin of the ranks are the text ones), and
//! the string functions map over the cells.
//!
//! A view shares its base's table, so writes through it reach the base;
//! an operation NumPy makes a copy for gets a table of its own
//! ([`TextArray::from_index`]).
//!
//! Elements are stored as NumPy returns them: truncated to the width, with
//! trailing NULs stripped.

pub mod funcs;
pub mod strings;

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::ops::Index;
use xpush_npu::{Array, DType, Scalar};

use crate::value::Value;
use crate::{Error, Result};

/// Whether a text dtype holds `str` (`<U`) or `bytes` (`S`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextKind {
    /// Unicode code points, four bytes each (`<U n`, `np.str_`).
    Str,
    /// Bytes (`S n`, `np.bytes_`).
    Bytes,
}

/// A fixed-width text dtype: `dtype('<U3')`, `dtype('S2')`. A width of 0
/// is NumPy's flexible `dtype('<U')`, whose width comes from the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextDType {
    /// str or bytes.
    pub kind: TextKind,
    /// Characters (or bytes) per element.
    pub width: usize,
}

impl TextDType {
    /// `<U n`.
    pub fn str(width: usize) -> TextDType {
        TextDType {
            kind: TextKind::Str,
            width,
        }
    }

    /// `S n`.
    pub fn bytes(width: usize) -> TextDType {
        TextDType {
            kind: TextKind::Bytes,
            width,
        }
    }

    /// Bytes per element (four per character for str).
    pub fn itemsize(self) -> usize {
        match self.kind {
            TextKind::Str => 4 * self.width,
            TextKind::Bytes => self.width,
        }
    }

    /// The type character (`dtype.char`, `dtype.kind`).
    pub fn char(self) -> char {
        match self.kind {
            TextKind::Str => 'U',
            TextKind::Bytes => 'S',
        }
    }

    /// `dtype.str`, also what `str(dtype)` and `repr` show: `<U3`, `|S2`
    /// (`<U` for the flexible dtype).
    pub fn code(self) -> String {
        let order = match self.kind {
            TextKind::Str => '<',
            TextKind::Bytes => '|',
        };
        if self.width == 0 {
            format!("{order}{}", self.char())
        } else {
            format!("{order}{}{}", self.char(), self.width)
        }
    }

    /// `dtype.name`: `str96`, `bytes16`.
    pub fn name(self) -> String {
        let base = match self.kind {
            TextKind::Str => "str",
            TextKind::Bytes => "bytes",
        };
        if self.width == 0 {
            base.to_string()
        } else {
            format!("{base}{}", 8 * self.itemsize())
        }
    }

    /// `repr(dtype)`: `dtype('<U3')`.
    pub fn repr(self) -> String {
        format!("dtype('{}')", self.code())
    }

    /// The text dtype a dtype name spells (`'U3'`, `'<U3'`, `'S2'`, `'|S'`,
    /// `'str'`, `'bytes'`, `'str_'`, `'a5'`), or `None` for another name.
    pub fn parse(name: &str) -> Option<TextDType> {
        let body = match name.as_bytes().first() {
            Some(b'<' | b'=' | b'|' | b'>') if name.len() > 1 => &name[1..],
            _ => name,
        };
        match body {
            "str" | "str_" | "unicode" | "U" => return Some(TextDType::str(0)),
            "bytes" | "bytes_" | "S" | "a" => return Some(TextDType::bytes(0)),
            _ => {}
        }
        let (head, digits) = body.split_at(1);
        let width: usize = digits.parse().ok()?;
        match head {
            "U" => Some(TextDType::str(width)),
            "S" | "a" => Some(TextDType::bytes(width)),
            _ => None,
        }
    }

    /// The width NumPy gives a number of `dtype` turned into text without
    /// a width (`np.array(['a', 1])` is `<U21`): enough for any value.
    pub fn width_for(dtype: DType) -> usize {
        match dtype {
            DType::Bool => 5,
            DType::Int8 => 4,
            DType::UInt8 => 3,
            DType::Int16 => 6,
            DType::UInt16 => 5,
            DType::Int32 => 11,
            DType::UInt32 => 10,
            DType::Int64 => 21,
            DType::UInt64 => 20,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => 32,
            DType::Complex64 | DType::Complex128 => 64,
        }
    }
}

/// One element of a text array.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    /// A str element.
    Str(Rc<str>),
    /// A bytes element.
    Bytes(Rc<[u8]>),
}

impl Cell {
    /// The empty element of a kind (what `np.zeros(2, 'U3')` holds).
    pub fn empty(kind: TextKind) -> Cell {
        match kind {
            TextKind::Str => Cell::Str(Rc::from("")),
            TextKind::Bytes => Cell::Bytes(Rc::from(&b""[..])),
        }
    }

    /// Length in characters (str) or bytes.
    pub fn len(&self) -> usize {
        match self {
            Cell::Str(s) => s.chars().count(),
            Cell::Bytes(b) => b.len(),
        }
    }

    /// Whether the element is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element stored in a `width`-wide array: cut to the width, with
    /// trailing NULs stripped, as NumPy reads it back.
    pub fn fit(self, width: usize) -> Cell {
        match self {
            Cell::Str(s) => {
                let cut = match s.char_indices().nth(width) {
                    Some((i, _)) => &s[..i],
                    None => &s[..],
                };
                let kept = cut.trim_end_matches('\0');
                if kept.len() == s.len() {
                    Cell::Str(s)
                } else {
                    Cell::Str(Rc::from(kept))
                }
            }
            Cell::Bytes(b) => {
                let mut n = b.len().min(width);
                while n > 0 && b[n - 1] == 0 {
                    n -= 1;
                }
                if n == b.len() {
                    Cell::Bytes(b)
                } else {
                    Cell::Bytes(Rc::from(&b[..n]))
                }
            }
        }
    }

    /// The element as a language value (`str` or `bytes`).
    pub fn to_value(&self) -> Value {
        match self {
            Cell::Str(s) => Value::Str(s.clone()),
            Cell::Bytes(b) => Value::Bytes(b.clone()),
        }
    }

    /// The element's `repr` inside an array (`'a'`, `b'x'`).
    pub fn repr(&self) -> String {
        crate::ops::repr(&self.to_value())
    }
}

/// A text array: a table of cells and an index array of positions into it
/// (see the module docs).
#[derive(Clone, Debug)]
pub struct TextArray {
    dtype: TextDType,
    cells: Rc<RefCell<Vec<Cell>>>,
    index: Array,
}

/// An int64 host array of the positions `0..n` in `shape`.
fn positions(n: usize, shape: &[usize]) -> Result<Array> {
    let flat = Array::arange_int(0, n as i64, 1, DType::Int64)?;
    let shape: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    flat.reshape(&shape)
}

impl TextArray {
    /// A new array of `dtype` holding `cells` (in C order) in `shape`; the
    /// cells are fitted to the width.
    pub fn new(dtype: TextDType, cells: Vec<Cell>, shape: &[usize]) -> Result<TextArray> {
        let cells: Vec<Cell> = cells.into_iter().map(|c| c.fit(dtype.width)).collect();
        let index = positions(cells.len(), shape)?;
        Ok(TextArray {
            dtype,
            cells: Rc::new(RefCell::new(cells)),
            index,
        })
    }

    /// The array an index array over `table` selects: a view when `index`
    /// shares memory with `base` (the index array of the array `table`
    /// belongs to), else a copy with a table of its own.
    pub fn from_index(
        dtype: TextDType,
        table: &Rc<RefCell<Vec<Cell>>>,
        base: Option<&Array>,
        index: Array,
    ) -> Result<TextArray> {
        if base.is_some_and(|b| b.shares_storage(&index)) {
            return Ok(TextArray {
                dtype,
                cells: table.clone(),
                index,
            });
        }
        let t = table.borrow();
        let cells = index
            .to_vec::<i64>()?
            .into_iter()
            .map(|p| t[p as usize].clone())
            .collect();
        drop(t);
        TextArray::new(dtype, cells, index.shape())
    }

    /// The array `index` selects from this one's table (a view when it
    /// shares memory with this one's index array).
    pub fn select(&self, index: Array) -> Result<TextArray> {
        TextArray::from_index(self.dtype, &self.cells, Some(&self.index), index)
    }

    /// Its dtype.
    pub fn dtype(&self) -> TextDType {
        self.dtype
    }

    /// Its shape.
    pub fn shape(&self) -> &[usize] {
        self.index.shape()
    }

    /// Its number of dimensions.
    pub fn ndim(&self) -> usize {
        self.index.ndim()
    }

    /// Its number of elements.
    pub fn size(&self) -> usize {
        self.index.size()
    }

    /// The index array: the positions of its elements in the table.
    pub fn index(&self) -> &Array {
        &self.index
    }

    /// The shared table of cells.
    pub fn table(&self) -> &Rc<RefCell<Vec<Cell>>> {
        &self.cells
    }

    /// Its elements in C order.
    pub fn cells(&self) -> Vec<Cell> {
        let t = self.cells.borrow();
        self.index
            .to_vec::<i64>()
            .unwrap_or_default()
            .into_iter()
            .map(|p| t[p as usize].clone())
            .collect()
    }

    /// The element at a full index.
    pub fn cell_at(&self, index: &[usize]) -> Cell {
        let p = match self.index.scalar_at(index) {
            Scalar::Int64(p) => p as usize,
            _ => 0,
        };
        self.cells.borrow()[p].clone()
    }

    /// The same elements with another dtype of the same kind (cut to its
    /// width when narrower).
    pub fn with_dtype(&self, dtype: TextDType) -> Result<TextArray> {
        TextArray::new(dtype, self.cells(), self.shape())
    }

    /// `a[index]`: an element as a `str`/`bytes`, or a text array (a view
    /// for basic indices).
    pub fn getitem(&self, items: &[Index]) -> Result<Value> {
        let r = xpush_npu::ops::get_index(&self.index, items)?;
        let has_ellipsis = items.iter().any(|i| matches!(i, Index::Ellipsis));
        if r.ndim() == 0 && !has_ellipsis {
            let p = match r.item()? {
                Scalar::Int64(p) => p as usize,
                _ => 0,
            };
            return Ok(self.cells.borrow()[p].to_value());
        }
        Ok(wrap(self.select(r)?))
    }

    /// `a[index] = value`: the value (text, a number or a sequence of
    /// them) broadcast to the selection, converted to text and cut to the
    /// width.
    pub fn setitem(&self, items: &[Index], value: &Value) -> Result<()> {
        let targets = xpush_npu::ops::get_index(&self.index, items)?;
        let v = from_value(
            value,
            Some(TextDType {
                kind: self.dtype.kind,
                width: 0,
            }),
        )?;
        let vidx = v.index.broadcast_to(targets.shape()).map_err(|_| {
            Error::value_error(format!(
                "could not broadcast input array from shape {} into shape {}",
                xpush_npu::layout::shape_repr(v.shape()),
                xpush_npu::layout::shape_repr(targets.shape())
            ))
        })?;
        let src = v.cells.borrow();
        let values: Vec<Cell> = vidx
            .to_vec::<i64>()?
            .into_iter()
            .map(|p| src[p as usize].clone().fit(self.dtype.width))
            .collect();
        drop(src);
        let mut t = self.cells.borrow_mut();
        for (p, c) in targets.to_vec::<i64>()?.into_iter().zip(values) {
            t[p as usize] = c;
        }
        Ok(())
    }

    /// The element iterator's items: the sub-arrays along the first axis,
    /// or the elements of a 1-d array.
    pub fn items(&self) -> Result<Vec<Value>> {
        if self.ndim() == 0 {
            return Err(Error::type_error("iteration over a 0-d array"));
        }
        (0..self.shape()[0])
            .map(|i| self.getitem(&[Index::Int(i as isize)]))
            .collect()
    }

    /// `a.tolist()`: nested lists of `str`/`bytes`.
    pub fn tolist(&self) -> Value {
        fn nest(cells: &[Cell], shape: &[usize]) -> Value {
            match shape.split_first() {
                None => cells.first().map_or(Value::None, Cell::to_value),
                Some((&n, rest)) => {
                    let step = rest.iter().product::<usize>();
                    Value::list(
                        (0..n)
                            .map(|i| nest(&cells[i * step..(i + 1) * step], rest))
                            .collect(),
                    )
                }
            }
        }
        nest(&self.cells(), self.shape())
    }

    /// The array's element text for printing (`array2string`).
    fn text(&self, separator: &str, prefix: &str, linewidth: usize) -> String {
        let opts = crate::numpy::printopts::get();
        if self.size() == 0 {
            return "[]".to_string();
        }
        let summarized = xpush_npu::print::summarized_axes(self.shape(), self.size(), &opts);
        let element = |i: &[usize]| self.cell_at(i).repr();
        xpush_npu::print::format_nested(
            self.shape(),
            &summarized,
            &element,
            &opts,
            separator,
            prefix,
            linewidth,
        )
    }

    /// `repr(a)`: `array(['a', 'bc'], dtype='<U2')`.
    pub fn repr(&self) -> String {
        let opts = crate::numpy::printopts::get();
        let lst = if self.ndim() == 0 {
            self.cell_at(&[]).repr()
        } else {
            self.text(", ", "array(", opts.linewidth.saturating_sub(1))
        };
        let dtype = format!("'{}'", self.dtype.code());
        xpush_npu::print::repr_wrap(&lst, self.shape(), self.size(), Some(&dtype), &opts)
    }

    /// `str(a)`: `['a' 'bc']`; a 0-d array is its element's `str`.
    pub fn str(&self) -> String {
        if self.ndim() == 0 {
            return crate::ops::to_str(&self.cell_at(&[]).to_value());
        }
        let opts = crate::numpy::printopts::get();
        self.text(" ", "", opts.linewidth)
    }
}

/// Wraps a text array as a value.
pub fn wrap(a: TextArray) -> Value {
    Value::TextArray(Rc::new(a))
}

/// The text dtype a `dtype=` argument names, if it names one (`str`,
/// `bytes`, `np.str_`, `'U3'`, a text dtype object).
pub fn dtype_arg(v: &Value) -> Option<TextDType> {
    match v {
        Value::TextDType(d) => Some(*d),
        Value::Str(s) => TextDType::parse(s),
        Value::TextArray(a) => Some(a.dtype()),
        Value::Builtin(id) => {
            let d = crate::table::get(*id);
            match (d.module, d.name) {
                ("builtins", "str") | ("numpy", "str_") => Some(TextDType::str(0)),
                ("builtins", "bytes") | ("numpy", "bytes_") => Some(TextDType::bytes(0)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether a Python value holds text that makes `np.array` a text array:
/// a `str`/`bytes` leaf or a text array, at any depth of lists and tuples.
pub fn holds_text(v: &Value) -> bool {
    match v {
        Value::Str(_) | Value::Bytes(_) | Value::TextArray(_) => true,
        Value::List(items) => items.borrow().iter().any(holds_text),
        Value::Tuple(items) => items.iter().any(holds_text),
        _ => false,
    }
}

/// The text of one leaf and the width NumPy sizes it at when no width is
/// given (`None` when the leaf's own length decides).
fn leaf_text(v: &Value, kind: TextKind) -> Result<(Cell, Option<usize>)> {
    let as_kind = |s: String| match kind {
        TextKind::Str => Cell::Str(Rc::from(s)),
        TextKind::Bytes => Cell::Bytes(Rc::from(s.into_bytes())),
    };
    Ok(match v {
        Value::Str(s) => match kind {
            TextKind::Str => (Cell::Str(s.clone()), None),
            TextKind::Bytes => {
                if !s.is_ascii() {
                    let (i, ch) = s
                        .char_indices()
                        .find(|(_, c)| !c.is_ascii())
                        .unwrap_or((0, ' '));
                    let pos = s[..i].chars().count();
                    return Err(Error::new(
                        xpush_npu::ExcKind::UnicodeEncodeError,
                        format!(
                            "'ascii' codec can't encode character '\\u{:04x}' in position {pos}: ordinal not in range(128)",
                            ch as u32
                        ),
                    ));
                }
                (Cell::Bytes(Rc::from(s.as_bytes())), None)
            }
        },
        Value::Bytes(b) => match kind {
            TextKind::Bytes => (Cell::Bytes(b.clone()), None),
            TextKind::Str => (
                Cell::Str(Rc::from(String::from_utf8_lossy(b).into_owned())),
                None,
            ),
        },
        Value::Bool(_) => (as_kind(crate::ops::to_str(v)), Some(5)),
        Value::Int(_) | Value::BigInt(_) => (as_kind(crate::ops::to_str(v)), Some(21)),
        Value::Float(_) => (as_kind(crate::ops::to_str(v)), Some(32)),
        Value::Complex(_) => (as_kind(crate::ops::to_str(v)), Some(64)),
        Value::Scalar(s) => (
            as_kind(xpush_npu::print::scalar_str(s)),
            Some(TextDType::width_for(s.dtype())),
        ),
        other => {
            return Err(Error::type_error(format!(
                "xpush text arrays cannot hold '{}' elements",
                crate::ops::type_name(other)
            )))
        }
    })
}

/// Collects the leaves of nested lists and tuples (and text or numeric
/// arrays inside them) with the shape, or NumPy's error for a ragged list.
fn collect(v: &Value, depth: usize, shape: &mut Vec<usize>, leaves: &mut Vec<Value>) -> Result<()> {
    let ragged = |shape: &[usize]| {
        Error::value_error(format!(
            "setting an array element with a sequence. The requested array has an inhomogeneous shape after {} dimensions. The detected shape was {} + inhomogeneous part.",
            depth,
            xpush_npu::layout::shape_repr(&shape[..depth.min(shape.len())])
        ))
    };
    let items = match v {
        Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(v)?,
        Value::TextArray(a) => a
            .items()
            .unwrap_or_else(|_| vec![a.cell_at(&[]).to_value()]),
        Value::Array(a) if a.ndim() > 0 => crate::py::iter::to_vec(v)?,
        _ => {
            if shape.len() > depth {
                return Err(ragged(shape));
            }
            leaves.push(v.clone());
            return Ok(());
        }
    };
    if matches!(v, Value::TextArray(a) if a.ndim() == 0) {
        if shape.len() > depth {
            return Err(ragged(shape));
        }
        leaves.extend(items);
        return Ok(());
    }
    if shape.len() == depth {
        if !leaves.is_empty() {
            return Err(ragged(shape));
        }
        shape.push(items.len());
    } else if shape.len() < depth || shape[depth] != items.len() {
        return Err(ragged(shape));
    }
    for item in &items {
        collect(item, depth + 1, shape, leaves)?;
    }
    Ok(())
}

/// `np.array(v, dtype=...)` for text: nested lists of `str`/`bytes` (and
/// numbers, turned into their `str`), a text array, or any value with a
/// text `dtype`. The kind is str when any leaf is a str; the width is the
/// dtype's, or the longest element's (numbers count at their dtype's
/// width unless the dtype is the flexible `'U'`).
pub fn from_value(v: &Value, dtype: Option<TextDType>) -> Result<TextArray> {
    if let Value::TextArray(a) = v {
        return match dtype {
            Some(d) if d.kind != a.dtype().kind => {
                let cells = a
                    .cells()
                    .into_iter()
                    .map(|c| leaf_text(&c.to_value(), d.kind).map(|(c, _)| c))
                    .collect::<Result<Vec<_>>>()?;
                let width = if d.width == 0 {
                    a.dtype().width
                } else {
                    d.width
                };
                TextArray::new(
                    TextDType {
                        kind: d.kind,
                        width,
                    },
                    cells,
                    a.shape(),
                )
            }
            Some(d) if d.width != 0 => a.with_dtype(d),
            _ => TextArray::new(a.dtype(), a.cells(), a.shape()),
        };
    }
    if let Value::Array(a) = v {
        return from_numeric(a, dtype.unwrap_or(TextDType::str(0)));
    }
    let mut shape = Vec::new();
    let mut leaves = Vec::new();
    collect(v, 0, &mut shape, &mut leaves)?;
    let kind = match dtype {
        Some(d) => d.kind,
        None if leaves.iter().any(|l| matches!(l, Value::Str(_))) => TextKind::Str,
        None if leaves.iter().any(|l| matches!(l, Value::Bytes(_))) => TextKind::Bytes,
        None => TextKind::Str,
    };
    let flexible = dtype.is_some_and(|d| d.width == 0);
    let mut width = 0;
    let mut cells = Vec::with_capacity(leaves.len());
    for leaf in &leaves {
        let (cell, sized) = leaf_text(leaf, kind)?;
        let w = match sized {
            Some(w) if !flexible => w,
            _ => cell.len(),
        };
        width = width.max(w);
        cells.push(cell);
    }
    let width = match dtype {
        Some(d) if d.width > 0 => d.width,
        _ => width.max(1),
    };
    TextArray::new(TextDType { kind, width }, cells, &shape)
}

/// A numeric array as text (`a.astype(str)`): each element's NumPy `str`,
/// at the dtype's width (or the longest element's for the flexible
/// dtype, as `astype('U')` is sized in NumPy by the dtype: see
/// [`TextDType::width_for`]).
pub fn from_numeric(a: &Array, dtype: TextDType) -> Result<TextArray> {
    let host = a.to_host()?;
    let cells: Vec<Cell> = host
        .to_scalars()
        .iter()
        .map(|s| {
            let t = xpush_npu::print::scalar_str(s);
            match dtype.kind {
                TextKind::Str => Cell::Str(Rc::from(t)),
                TextKind::Bytes => Cell::Bytes(Rc::from(t.into_bytes())),
            }
        })
        .collect();
    let width = if dtype.width == 0 {
        TextDType::width_for(a.dtype())
    } else {
        dtype.width
    };
    TextArray::new(
        TextDType {
            kind: dtype.kind,
            width,
        },
        cells,
        a.shape(),
    )
}

/// `a.astype(dtype)` of a text array to a numeric dtype: each element
/// parsed as Python's `int()`/`float()`/`complex()` would (`bool` is
/// "not empty"), with their errors.
pub fn to_numeric(a: &TextArray, dtype: DType) -> Result<Array> {
    use xpush_npu::dtype::Elem;
    let elems = a
        .cells()
        .into_iter()
        .map(|c| {
            let text = match &c {
                Cell::Str(s) => s.to_string(),
                Cell::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            };
            let shown = match &c {
                Cell::Str(_) => format!("np.str_({})", c.repr()),
                Cell::Bytes(_) => format!("np.bytes_({})", c.repr()),
            };
            if dtype == DType::Bool {
                return Ok(Elem::Bool(!c.is_empty()));
            }
            if dtype.is_integer() {
                return match crate::types::parse_int(&text, 10)
                    .and_then(|b| num_traits::ToPrimitive::to_i64(&b))
                {
                    Some(i) => Ok(Elem::Int(i)),
                    None => Err(Error::value_error(format!(
                        "invalid literal for int() with base 10: {shown}"
                    ))),
                };
            }
            match crate::types::parse_float(&text) {
                Some(f) => Ok(Elem::Float(f)),
                None => Err(Error::value_error(format!(
                    "could not convert string to float: {shown}"
                ))),
            }
        })
        .collect::<Result<Vec<_>>>()?;
    crate::numpy::conv::from_elems(&elems, a.shape(), dtype)
}

/// The ranks of the elements of some text arrays: each distinct element
/// of all of them numbered in sorted order, returned as one int64 array
/// per input in its shape. Comparing, sorting or finding unique ranks is
/// comparing, sorting or finding unique elements.
pub fn ranks(arrays: &[&TextArray]) -> Result<(Vec<Array>, Vec<Cell>)> {
    let mut all: Vec<Cell> = arrays.iter().flat_map(|a| a.cells()).collect();
    all.sort();
    all.dedup();
    let out = arrays
        .iter()
        .map(|a| {
            let r: Vec<i64> = a
                .cells()
                .iter()
                .map(|c| all.binary_search(c).unwrap_or(0) as i64)
                .collect();
            Array::from_vec(r, a.shape())
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((out, all))
}

/// A text array whose elements are `table[r]` for each rank `r` of an
/// int64 array (a result computed on ranks, mapped back to text).
pub fn from_ranks(dtype: TextDType, table: &[Cell], ranks: &Array) -> Result<TextArray> {
    let cells = ranks
        .to_vec::<i64>()?
        .into_iter()
        .map(|r| table[r as usize].clone())
        .collect();
    TextArray::new(dtype, cells, ranks.shape())
}

/// The error for a text array where only numbers go.
pub fn unsupported(what: &str, dtype: TextDType) -> Error {
    Error::type_error(format!(
        "{what} does not support {} arrays in xpush yet",
        dtype.repr()
    ))
}

/// For each element of `shape` in C order, the flat position in an array
/// of `from` shape that broadcasts to it.
pub fn positions_in(from: &[usize], shape: &[usize]) -> Result<Vec<usize>> {
    let n: usize = from.iter().product();
    let idx = positions(n, from)?.broadcast_to(shape)?;
    Ok(idx
        .to_vec::<i64>()?
        .into_iter()
        .map(|p| p as usize)
        .collect())
}

/// `np.loadtxt(..., dtype=str)`: the fields as text (not stripped, as
/// NumPy keeps them), at the dtype's width or the longest field's.
pub fn loadtxt(
    text: &str,
    opts: &xpush_npu::io::text::LoadTxt,
    dtype: TextDType,
) -> Result<TextArray> {
    let mut cells = Vec::new();
    let (rows, cols) = xpush_npu::io::text::loadtxt_fields(text, opts, |f, _, _| {
        cells.push(match dtype.kind {
            TextKind::Str => Cell::Str(Rc::from(f)),
            TextKind::Bytes => Cell::Bytes(Rc::from(f.as_bytes())),
        });
        Ok(())
    })?;
    let width = if dtype.width > 0 {
        dtype.width
    } else {
        cells.iter().map(Cell::len).max().unwrap_or(0).max(1)
    };
    let dtype = TextDType { width, ..dtype };
    let shape = if rows == 0 { vec![0] } else { vec![rows, cols] };
    let t = TextArray::new(dtype, cells, &shape)?;
    if rows == 0 {
        return Ok(t);
    }
    let index = xpush_npu::io::text::ensure_ndmin(t.index().clone(), opts.ndmin)?;
    t.select(index)
}

/// `np.savetxt(fname, a, fmt, delimiter, newline)` of a text array: each
/// row's elements formatted with `fmt` (`%s` by default) and joined by
/// the delimiter; a 1-d array is one element a line.
pub fn savetxt_string(a: &TextArray, fmt: &str, delimiter: &str, newline: &str) -> Result<String> {
    let fmt = if fmt == "None" { "%.18e" } else { fmt };
    let rows: Vec<Vec<Cell>> = match a.ndim() {
        1 => a.cells().into_iter().map(|c| vec![c]).collect(),
        2 => {
            let cells = a.cells();
            let cols = a.shape()[1].max(1);
            cells.chunks(cols).map(<[Cell]>::to_vec).collect()
        }
        _ => {
            return Err(Error::value_error(
                "Expected 1D or 2D array, got 3D array instead",
            ))
        }
    };
    let mut out = String::new();
    let f = Value::str(fmt);
    for row in rows {
        let texts = row
            .iter()
            .map(|c| {
                Ok(crate::ops::to_str(&crate::strmethods::percent_format(
                    &f,
                    &c.to_value(),
                )?))
            })
            .collect::<Result<Vec<_>>>()?;
        out.push_str(&texts.join(delimiter));
        out.push_str(newline);
    }
    Ok(out)
}

/// The `.npy` image of a text array, as `np.save` writes it: `<U n` as
/// little-endian UCS4 code points, `S n` as bytes, each element padded
/// with NULs to the width.
pub fn to_npy(a: &TextArray) -> Result<Vec<u8>> {
    let mut out = xpush_npu::io::npy::npy_header_descr(&a.dtype().code(), a.shape())?;
    let w = a.dtype().width;
    for c in a.cells() {
        match c {
            Cell::Str(s) => {
                let mut n = 0;
                for ch in s.chars().take(w) {
                    out.extend_from_slice(&(ch as u32).to_le_bytes());
                    n += 1;
                }
                out.extend(std::iter::repeat_n(0u8, 4 * (w - n)));
            }
            Cell::Bytes(b) => {
                let b = &b[..b.len().min(w)];
                out.extend_from_slice(b);
                out.extend(std::iter::repeat_n(0u8, w - b.len()));
            }
        }
    }
    Ok(out)
}

/// A text array from a `.npy` image whose dtype is `<U n`/`>U n`/`S n`;
/// `None` for an image of another dtype. `name` names the file in errors.
pub fn from_npy(bytes: &[u8], name: &str) -> Result<Option<TextArray>> {
    let (h, off, _) = xpush_npu::io::npy::read_header_raw(bytes, name)?;
    let Some(dtype) = TextDType::parse(&h.descr).filter(|d| d.width > 0) else {
        return Ok(None);
    };
    let big = h.descr.starts_with('>');
    let n: usize = h.shape.iter().product();
    let item = dtype.itemsize();
    let data = &bytes[off..];
    if data.len() < n * item {
        return Err(Error::value_error(format!(
            "Failed to read all data for array. Expected {} = {n} elements, could only read {} elements. (file seems not fully written?)",
            xpush_npu::layout::shape_repr(&h.shape),
            data.len() / item.max(1)
        )));
    }
    let cells = (0..n)
        .map(|i| {
            let e = &data[i * item..(i + 1) * item];
            match dtype.kind {
                TextKind::Str => {
                    let s: String = e
                        .chunks_exact(4)
                        .map(|c| {
                            let b = [c[0], c[1], c[2], c[3]];
                            if big {
                                u32::from_be_bytes(b)
                            } else {
                                u32::from_le_bytes(b)
                            }
                        })
                        .map(|u| char::from_u32(u).unwrap_or('\u{fffd}'))
                        .collect();
                    Cell::Str(Rc::from(s))
                }
                TextKind::Bytes => Cell::Bytes(Rc::from(e)),
            }
        })
        .collect();
    let t = TextArray::new(dtype, cells, &h.shape)?;
    if h.fortran_order && t.ndim() > 1 {
        // Fortran order: the data is the transpose's C order.
        let rev: Vec<usize> = h.shape.iter().rev().copied().collect();
        let t = TextArray::new(dtype, t.cells(), &rev)?;
        return t.select(t.index().transpose(None)?).map(Some);
    }
    Ok(Some(t))
}

/// The label `:profile` shows for a text kind's dtype.
pub fn kind_label(kind: TextKind) -> &'static str {
    match kind {
        TextKind::Str => "str",
        TextKind::Bytes => "bytes",
    }
}

/// Runs `f`, an operation on text arrays outside the table (an operator),
/// as an NPU session runs host work: recorded as one host call named
/// `name`, its numeric result placed on the session device.
pub fn host_op(
    name: &'static str,
    kind: TextKind,
    f: impl FnOnce() -> Result<Value>,
) -> Result<Value> {
    if !xpush_npu::device::placement().device.is_npu() {
        return f();
    }
    match xpush_npu::device::host_call_labelled(name, kind_label(kind), f)? {
        Value::Array(a) if a.device() == xpush_npu::device::Device::Cpu => Ok(
            crate::numpy::conv::wrap(xpush_npu::device::place((*a).clone())?),
        ),
        v => Ok(v),
    }
}
