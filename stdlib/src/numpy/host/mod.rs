//! Host arrays: NumPy's dtypes the array runtime has no element type for,
//! fixed-width strings (`<U n` str, `S n` bytes) and `datetime64` /
//! `timedelta64` ([`datetime`] has their calendar).
//!
//! A host array lives on the host on every device. Its elements live in a shared table of
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
//! ([`HostArray::select`]).
//!
//! Elements are stored as NumPy returns them: truncated to the width, with
//! trailing NULs stripped.

pub mod datetime;
pub mod funcs;
pub mod object;
pub mod promote;
pub mod record;
pub mod record_io;
pub mod strings;
pub mod times;

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::ops::Index;
use xpush_npu::{Array, DType, Scalar};

use crate::host::Host;
use crate::value::Value;
use crate::{Error, Result};

/// What a host dtype holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostKind {
    /// Unicode code points, four bytes each (`<U n`, `np.str_`).
    Str,
    /// Bytes (`S n`, `np.bytes_`).
    Bytes,
    /// `datetime64[unit]`: a count of units since 1970-01-01.
    DateTime(datetime::Unit),
    /// `timedelta64[unit]`: a span in units.
    TimeDelta(datetime::Unit),
    /// `object` (`O`): any value, with Python's operations ([`object`]).
    Object,
    /// A structured dtype (`V`): records of named fields ([`record`]), or
    /// a subarray dtype.
    Record(record::RecId),
}

impl HostKind {
    /// Whether it is a string kind (str or bytes).
    pub fn is_text(self) -> bool {
        matches!(self, HostKind::Str | HostKind::Bytes)
    }

    /// Whether it is a structured (record) kind.
    pub fn is_record(self) -> bool {
        matches!(self, HostKind::Record(_))
    }

    /// The name of NumPy's dtype class for the kind (`StrDType`: the
    /// class is `numpy.dtypes.StrDType`).
    pub fn class_name(self) -> &'static str {
        match self {
            HostKind::Str => "StrDType",
            HostKind::Bytes => "BytesDType",
            HostKind::DateTime(_) => "DateTime64DType",
            HostKind::TimeDelta(_) => "TimeDelta64DType",
            HostKind::Object => "ObjectDType",
            HostKind::Record(_) => "VoidDType",
        }
    }

    /// The name of NumPy's scalar type of the kind in the `numpy` module
    /// (`str_`, `void`; `record` for a record array's records).
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            HostKind::Str => "str_",
            HostKind::Bytes => "bytes_",
            HostKind::DateTime(_) => "datetime64",
            HostKind::TimeDelta(_) => "timedelta64",
            HostKind::Object => "object_",
            HostKind::Record(id) if record::get(id).record => "record",
            HostKind::Record(_) => "void",
        }
    }

    /// Whether it is a datetime or timedelta kind.
    pub fn is_time(self) -> bool {
        matches!(self, HostKind::DateTime(_) | HostKind::TimeDelta(_))
    }

    /// The unit of a datetime or timedelta kind.
    pub fn unit(self) -> Option<datetime::Unit> {
        match self {
            HostKind::DateTime(u) | HostKind::TimeDelta(u) => Some(u),
            _ => None,
        }
    }
}

/// A host dtype: `dtype('<U3')`, `dtype('S2')`, `dtype('<M8[D]')`. For
/// strings, a width of 0 is NumPy's flexible `dtype('<U')`, whose width
/// comes from the data; the time kinds have no width (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostDType {
    /// str or bytes.
    pub kind: HostKind,
    /// Characters (or bytes) per element.
    pub width: usize,
}

impl HostDType {
    /// `<U n`.
    pub fn str(width: usize) -> HostDType {
        HostDType {
            kind: HostKind::Str,
            width,
        }
    }

    /// `S n`.
    pub fn bytes(width: usize) -> HostDType {
        HostDType {
            kind: HostKind::Bytes,
            width,
        }
    }

    /// Bytes per element (four per character for str).
    pub fn itemsize(self) -> usize {
        match self.kind {
            HostKind::Str => 4 * self.width,
            HostKind::Bytes => self.width,
            HostKind::DateTime(_) | HostKind::TimeDelta(_) | HostKind::Object => 8,
            HostKind::Record(id) => record::get(id).itemsize,
        }
    }

    /// `object`.
    pub fn object() -> HostDType {
        HostDType {
            kind: HostKind::Object,
            width: 0,
        }
    }

    /// `datetime64[unit]`.
    pub fn datetime(unit: datetime::Unit) -> HostDType {
        HostDType {
            kind: HostKind::DateTime(unit),
            width: 0,
        }
    }

    /// `timedelta64[unit]`.
    pub fn timedelta(unit: datetime::Unit) -> HostDType {
        HostDType {
            kind: HostKind::TimeDelta(unit),
            width: 0,
        }
    }

    /// What `str(dtype)` and an array's `repr` show: the code for strings
    /// (`<U3`), the name for times (`datetime64[D]`).
    pub fn display(self) -> String {
        if self.kind == HostKind::Object {
            return "object".into();
        }
        if let HostKind::Record(id) = self.kind {
            return record::str(&record::get(id));
        }
        if self.kind.is_text() {
            self.sized_code()
        } else {
            self.name()
        }
    }

    /// The type character (`dtype.char`, `dtype.kind`).
    pub fn char(self) -> char {
        match self.kind {
            HostKind::Str => 'U',
            HostKind::Bytes => 'S',
            HostKind::DateTime(_) => 'M',
            HostKind::TimeDelta(_) => 'm',
            HostKind::Object => 'O',
            HostKind::Record(_) => 'V',
        }
    }

    /// `dtype.str`, also what `str(dtype)` and `repr` show: `<U3`, `|S2`
    /// (`<U` for the flexible dtype).
    pub fn code(self) -> String {
        if let Some(u) = self.kind.unit() {
            return match u {
                datetime::Unit::Generic => format!("<{}8", self.char()),
                u => format!("<{}8[{}]", self.char(), u.code()),
            };
        }
        if self.kind == HostKind::Object {
            return "|O".into();
        }
        if self.kind.is_record() {
            return format!("|V{}", self.itemsize());
        }
        let order = match self.kind {
            HostKind::Str => '<',
            _ => '|',
        };
        if self.width == 0 {
            format!("{order}{}", self.char())
        } else {
            self.sized_code()
        }
    }

    /// `dtype.str` and `str(dtype)`: the code with its width, 0 too
    /// (`<U0`, `|S0`), where `repr(dtype)` leaves a 0 out.
    pub fn sized_code(self) -> String {
        match self.kind {
            HostKind::Str => format!("<U{}", self.width),
            HostKind::Bytes => format!("|S{}", self.width),
            _ => self.code(),
        }
    }

    /// `dtype.name`: `str96`, `bytes16`.
    pub fn name(self) -> String {
        let base = match self.kind {
            HostKind::Str => "str",
            HostKind::Bytes => "bytes",
            HostKind::Object => return "object".into(),
            HostKind::Record(_) => return format!("void{}", 8 * self.itemsize()),
            HostKind::DateTime(u) | HostKind::TimeDelta(u) => {
                let base = if matches!(self.kind, HostKind::DateTime(_)) {
                    "datetime64"
                } else {
                    "timedelta64"
                };
                return match u {
                    datetime::Unit::Generic => base.to_string(),
                    u => format!("{base}[{}]", u.code()),
                };
            }
        };
        if self.width == 0 {
            base.to_string()
        } else {
            format!("{base}{}", 8 * self.itemsize())
        }
    }

    /// `repr(dtype)`: `dtype('<U3')`, `dtype('S2')` (no `|`, which
    /// `dtype.str` and an array's repr show).
    pub fn repr(self) -> String {
        match self.kind {
            HostKind::Object => "dtype('O')".into(),
            HostKind::Record(id) => record::repr(&record::get(id)),
            HostKind::Bytes => format!("dtype('{}')", self.code().trim_start_matches('|')),
            _ => format!("dtype('{}')", self.code()),
        }
    }

    /// The text dtype a dtype name spells (`'U3'`, `'<U3'`, `'S2'`, `'|S'`,
    /// `'str'`, `'bytes'`, `'str_'`, `'a5'`), or `None` for another name.
    pub fn parse(name: &str) -> Option<HostDType> {
        let body = match name.as_bytes().first() {
            Some(b'<' | b'=' | b'|' | b'>') if name.len() > 1 => &name[1..],
            _ => name,
        };
        if let Some(t) = parse_time_dtype(body) {
            return Some(t);
        }
        match body {
            "str" | "str_" | "unicode" | "U" => return Some(HostDType::str(0)),
            "bytes" | "bytes_" | "S" | "a" => return Some(HostDType::bytes(0)),
            "O" | "O8" | "object" | "object_" => return Some(HostDType::object()),
            _ => {}
        }
        let (head, digits) = body.split_at(1);
        let width: usize = digits.parse().ok()?;
        match head {
            "U" => Some(HostDType::str(width)),
            "S" | "a" => Some(HostDType::bytes(width)),
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

/// `datetime64[D]`, `M8[D]`, `m8`, `timedelta64`: a time dtype's name.
fn parse_time_dtype(body: &str) -> Option<HostDType> {
    let (base, rest) = if let Some(r) = body.strip_prefix("datetime64") {
        ("M", r)
    } else if let Some(r) = body.strip_prefix("timedelta64") {
        ("m", r)
    } else if let Some(r) = body
        .strip_prefix("M8")
        .or(body.strip_prefix('M').filter(|r| r.is_empty()))
    {
        ("M", r)
    } else if let Some(r) = body
        .strip_prefix("m8")
        .or(body.strip_prefix('m').filter(|r| r.is_empty()))
    {
        ("m", r)
    } else {
        return None;
    };
    let unit = if rest.is_empty() {
        datetime::Unit::Generic
    } else {
        datetime::Unit::parse(rest.strip_prefix('[')?.strip_suffix(']')?)?
    };
    Some(if base == "M" {
        HostDType::datetime(unit)
    } else {
        HostDType::timedelta(unit)
    })
}

/// One element of a host array.
#[derive(Clone, Debug)]
pub enum Cell {
    /// A str element.
    Str(Rc<str>),
    /// A bytes element.
    Bytes(Rc<[u8]>),
    /// A datetime or timedelta value in its array's unit
    /// ([`datetime::NAT`] for NaT).
    Time(i64),
    /// An element of an object array: any value.
    Obj(Value),
}

/// Cells compare as their elements do, except that object cells are all
/// equal here: objects are compared by Python's operators, which may run
/// user code, so the object functions ([`object`]) order them with the
/// host and never through these impls.
impl PartialEq for Cell {
    fn eq(&self, other: &Cell) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl Eq for Cell {}

impl std::hash::Hash for Cell {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Cell::Str(s) => s.hash(state),
            Cell::Bytes(b) => b.hash(state),
            Cell::Time(v) => v.hash(state),
            Cell::Obj(_) => 0u8.hash(state),
        }
    }
}

impl Ord for Cell {
    /// Strings in code point (byte) order; times in value order with NaT
    /// last, as NumPy sorts them.
    fn cmp(&self, other: &Cell) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match (self, other) {
            (Cell::Str(a), Cell::Str(b)) => a.cmp(b),
            (Cell::Bytes(a), Cell::Bytes(b)) => a.cmp(b),
            (Cell::Time(a), Cell::Time(b)) => {
                let key = |v: i64| (v == datetime::NAT, v);
                key(*a).cmp(&key(*b))
            }
            (Cell::Str(_), _) => Ordering::Less,
            (_, Cell::Str(_)) => Ordering::Greater,
            (Cell::Bytes(_), _) => Ordering::Less,
            (_, Cell::Bytes(_)) => Ordering::Greater,
            (Cell::Time(_), _) => Ordering::Less,
            (_, Cell::Time(_)) => Ordering::Greater,
            (Cell::Obj(_), Cell::Obj(_)) => Ordering::Equal,
        }
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Cell) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Cell {
    /// The empty element of a kind (what `np.zeros(2, 'U3')` holds).
    pub fn empty(kind: HostKind) -> Cell {
        match kind {
            HostKind::Str => Cell::Str(Rc::from("")),
            HostKind::Bytes => Cell::Bytes(Rc::from(&b""[..])),
            HostKind::DateTime(_) | HostKind::TimeDelta(_) => Cell::Time(0),
            HostKind::Object | HostKind::Record(_) => Cell::Obj(Value::None),
        }
    }

    /// Length in characters (str) or bytes.
    pub fn len(&self) -> usize {
        match self {
            Cell::Str(s) => s.chars().count(),
            Cell::Bytes(b) => b.len(),
            Cell::Time(_) | Cell::Obj(_) => 0,
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
            c @ (Cell::Time(_) | Cell::Obj(_)) => c,
        }
    }

    /// A string element as a language value (`str` or `bytes`); a time
    /// element as its integer (see [`HostArray::element`] for its scalar).
    pub fn to_value(&self) -> Value {
        match self {
            Cell::Str(s) => Value::Str(s.clone()),
            Cell::Bytes(b) => Value::Bytes(b.clone()),
            Cell::Time(v) => Value::Int(*v),
            Cell::Obj(v) => v.clone(),
        }
    }

    /// A time element's value (0 for a string).
    pub fn time(&self) -> i64 {
        match self {
            Cell::Time(v) => *v,
            _ => 0,
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
pub struct HostArray {
    dtype: HostDType,
    cells: Rc<RefCell<Vec<Cell>>>,
    /// A structured array's tables, one per field ([`record`]); `None`
    /// for every other kind.
    fields: Option<Rc<[Value]>>,
    index: Array,
    /// A NumPy scalar (`np.datetime64('2020-01-01')`): a 0-d array that
    /// prints as the scalar does.
    scalar: bool,
}

/// An int64 host array of the positions `0..n` in `shape`.
fn positions(n: usize, shape: &[usize]) -> Result<Array> {
    let flat = Array::arange_int(0, n as i64, 1, DType::Int64)?;
    let shape: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    flat.reshape(&shape)
}

impl HostArray {
    /// A new array of `dtype` holding `cells` (in C order) in `shape`; the
    /// cells are fitted to the width.
    pub fn new(dtype: HostDType, cells: Vec<Cell>, shape: &[usize]) -> Result<HostArray> {
        let cells: Vec<Cell> = cells.into_iter().map(|c| c.fit(dtype.width)).collect();
        let index = positions(cells.len(), shape)?;
        Ok(HostArray {
            dtype,
            cells: Rc::new(RefCell::new(cells)),
            fields: None,
            index,
            scalar: false,
        })
    }

    /// The array `index` selects from this one's table: a view when it
    /// shares memory with this one's index array, else a copy with a table
    /// of its own.
    pub fn select(&self, index: Array) -> Result<HostArray> {
        if self.index.shares_storage(&index) {
            return Ok(HostArray {
                dtype: self.dtype,
                cells: self.cells.clone(),
                fields: self.fields.clone(),
                index,
                scalar: false,
            });
        }
        if self.fields.is_some() {
            return self.gather_records(&index);
        }
        let t = self.cells.borrow();
        let cells = index
            .to_vec::<i64>()?
            .into_iter()
            .map(|p| t[p as usize].clone())
            .collect();
        drop(t);
        HostArray::new(self.dtype, cells, index.shape())
    }

    /// A NumPy scalar of `dtype` holding `cell` (times only: a string
    /// element is a Python `str`).
    pub fn scalar(dtype: HostDType, cell: Cell) -> Result<HostArray> {
        let mut a = HostArray::new(dtype, vec![cell], &[])?;
        a.scalar = true;
        Ok(a)
    }

    /// A NumPy scalar as the 0-d array it stands for (`np.asarray(np.str_('a'))`);
    /// an array as it is.
    pub fn as_array(&self) -> HostArray {
        HostArray {
            scalar: false,
            ..self.clone()
        }
    }

    /// Whether it is a NumPy scalar.
    pub fn is_scalar(&self) -> bool {
        self.scalar
    }

    /// An element as the value indexing gives: a `str`/`bytes`, or a
    /// datetime64/timedelta64 scalar.
    pub fn element(&self, cell: Cell) -> Value {
        if !self.dtype.kind.is_time() {
            return cell.to_value();
        }
        match HostArray::scalar(self.dtype, cell) {
            Ok(s) => wrap(s),
            Err(_) => Value::None,
        }
    }

    /// Its dtype.
    pub fn dtype(&self) -> HostDType {
        self.dtype
    }

    /// An element as `tolist()`/`item()` give it: a time as Python's
    /// `datetime.date`/`datetime`/`timedelta` (or an int, or `None` for
    /// NaT, as NumPy gives them), any other cell as its value.
    pub fn py_value(&self, c: &Cell) -> Value {
        match (self.dtype.kind, c) {
            (HostKind::DateTime(u), Cell::Time(v)) => crate::datetime::from_numpy(*v, u, false),
            (HostKind::TimeDelta(u), Cell::Time(v)) => crate::datetime::from_numpy(*v, u, true),
            // A record is the tuple of its fields, as `item()` gives it.
            (HostKind::Record(_), Cell::Obj(v)) => record::item(v).unwrap_or_else(|_| v.clone()),
            _ => c.to_value(),
        }
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
        let positions = self.index.to_vec::<i64>().unwrap_or_default().into_iter();
        if self.fields.is_some() {
            // Records have no cells: each is its void, as an object.
            return positions
                .map(|p| Cell::Obj(self.record_at(p as usize)))
                .collect();
        }
        let t = self.cells.borrow();
        positions.map(|p| t[p as usize].clone()).collect()
    }

    /// The element at a full index.
    pub fn cell_at(&self, index: &[usize]) -> Cell {
        let p = match self.index.scalar_at(index) {
            Scalar::Int64(p) => p as usize,
            _ => 0,
        };
        if self.fields.is_some() {
            return Cell::Obj(self.record_at(p));
        }
        self.cells.borrow()[p].clone()
    }

    /// The same elements with another dtype of the same kind (cut to its
    /// width when narrower).
    pub fn with_dtype(&self, dtype: HostDType) -> Result<HostArray> {
        HostArray::new(dtype, self.cells(), self.shape())
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
            return Ok(self.element_at(p));
        }
        Ok(wrap(self.select(r)?))
    }

    /// The element at position `p` of the table as indexing gives it (a
    /// record is a void that views it).
    pub fn element_at(&self, p: usize) -> Value {
        if self.fields.is_some() {
            return self.record_at(p);
        }
        let cell = self.cells.borrow()[p].clone();
        if self.dtype.kind.is_text() {
            return text_scalar(cell.to_value());
        }
        self.element(cell)
    }

    /// `a[index] = value`: the value (text, a number or a sequence of
    /// them) broadcast to the selection, converted to text and cut to the
    /// width.
    pub fn setitem(&self, items: &[Index], value: &Value) -> Result<()> {
        if self.fields.is_some() {
            return self.set_records(items, value);
        }
        self.index.check_writeable("assignment destination")?;
        let targets = xpush_npu::ops::get_index(&self.index, items)?;
        if self.dtype.kind == HostKind::Object && targets.ndim() == 0 {
            // One element of an object array takes the value as it is,
            // a list included.
            if let Scalar::Int64(p) = targets.item()? {
                self.cells.borrow_mut()[p as usize] = Cell::Obj(value.clone());
            }
            return Ok(());
        }
        let v = from_value(
            value,
            Some(HostDType {
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

    /// `a.item(*args)`: without arguments the one element of a size-1
    /// array (NumPy's error otherwise), else [`HostArray::item_at`].
    pub fn item(&self, args: &[Value]) -> Result<Value> {
        if !args.is_empty() {
            return self.item_at(args);
        }
        if self.size() != 1 {
            return Err(Error::value_error(
                "can only convert an array of size 1 to a Python scalar",
            ));
        }
        if self.fields.is_some() {
            let p = self.index.to_vec::<i64>()?[0] as usize;
            return record::item(&self.record_at(p));
        }
        Ok(self.py_value(&self.cells()[0]))
    }

    /// `a.item(*args)`: one int is a flat index in C order (NumPy's
    /// message when it is out of range), several a full index.
    pub fn item_at(&self, args: &[Value]) -> Result<Value> {
        if let [one] = args {
            if !matches!(one, Value::Tuple(_)) {
                let n = self.size() as i64;
                let i = crate::py::num::index_i64(one)?;
                let k = if i < 0 { i + n } else { i };
                if !(0..n).contains(&k) {
                    return Err(Error::index_error("index out of bounds"));
                }
                let p = self.index.to_contiguous().to_vec::<i64>()?[k as usize];
                if self.fields.is_some() {
                    return record::item(&self.element_at(p as usize));
                }
                let cell = self.cells.borrow()[p as usize].clone();
                return Ok(self.py_value(&cell));
            }
        }
        let items = crate::numpy::conv::index_items(&Value::tuple(args.to_vec()))?;
        match self.getitem(&items)? {
            Value::HostArray(h) if h.dtype.kind.is_time() && h.ndim() == 0 => {
                Ok(self.py_value(&h.cell_at(&[])))
            }
            v => Ok(v),
        }
    }

    /// The element iterator's items: the sub-arrays along the first axis,
    /// the elements of a 1-d array, or a record's field values.
    pub fn items(&self) -> Result<Vec<Value>> {
        if self.ndim() == 0 && self.fields.is_some() {
            // A record iterates over its fields' values.
            return (0..self.fields.as_ref().map_or(0, |f| f.len()))
                .map(|k| self.field_value(k))
                .collect();
        }
        if self.ndim() == 0 {
            return Err(Error::type_error("iteration over a 0-d array"));
        }
        (0..self.shape()[0])
            .map(|i| self.getitem(&[Index::Int(i as isize)]))
            .collect()
    }

    /// `a.tolist()`: nested lists of the elements' Python values
    /// ([`HostArray::py_value`]: `str`/`bytes`, dates, record tuples).
    pub fn tolist(&self) -> Value {
        let values: Vec<Value> = self.cells().iter().map(|c| self.py_value(c)).collect();
        fn nest(cells: &[Value], shape: &[usize]) -> Value {
            match shape.split_first() {
                None => cells.first().cloned().unwrap_or(Value::None),
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
        nest(&values, self.shape())
    }

    /// The array's element text for printing (`array2string`).
    pub(crate) fn text(
        &self,
        separator: &str,
        prefix: &str,
        linewidth: usize,
        elem_text: &dyn Fn(&Cell) -> String,
    ) -> String {
        self.text_padded(separator, prefix, linewidth, elem_text, true)
    }

    /// [`HostArray::text`]; `pad` false leaves times unpadded (a
    /// formatter's texts are used as they are).
    fn text_padded(
        &self,
        separator: &str,
        prefix: &str,
        linewidth: usize,
        elem_text: &dyn Fn(&Cell) -> String,
        pad: bool,
    ) -> String {
        let opts = crate::numpy::printopts::get();
        self.text_with(&opts, separator, prefix, linewidth, elem_text, pad)
    }

    /// [`HostArray::text_padded`] under the print options `opts`
    /// (`np.array2string`'s own).
    pub(crate) fn text_with(
        &self,
        opts: &xpush_npu::PrintOptions,
        separator: &str,
        prefix: &str,
        linewidth: usize,
        elem_text: &dyn Fn(&Cell) -> String,
        pad: bool,
    ) -> String {
        if self.size() == 0 {
            return "[]".to_string();
        }
        let summarized = xpush_npu::print::summarized_axes(self.shape(), self.size(), opts);
        // Times are right-aligned to the widest, as NumPy's formatters pad
        // them; strings are not padded.
        // Under `legacy='1.13'` times are not padded either.
        let pad = pad && crate::numpy::printopts::legacy() > 113;
        let width = if !pad || !self.dtype.kind.is_time() {
            0
        } else {
            self.cells()
                .iter()
                .map(|c| elem_text(c).len())
                .max()
                .unwrap_or(0)
        };
        let element = |i: &[usize]| format!("{:>width$}", elem_text(&self.cell_at(i)));
        xpush_npu::print::format_nested(
            self.shape(),
            &summarized,
            &element,
            opts,
            separator,
            prefix,
            linewidth,
        )
    }

    /// An element's text inside an array's `repr`/`str`: a string's
    /// `repr`, a datetime's quoted ISO text, a timedelta's count (NaT
    /// quoted).
    pub(crate) fn elem_text(&self, c: &Cell) -> String {
        match (self.dtype.kind, c) {
            (HostKind::DateTime(u), Cell::Time(v)) => format!("'{}'", datetime::format(*v, u)),
            (HostKind::TimeDelta(_), Cell::Time(v)) if *v == datetime::NAT => "'NaT'".into(),
            (HostKind::TimeDelta(_), Cell::Time(v)) => v.to_string(),
            (_, Cell::Obj(v)) => object::elem_repr(None, v),
            _ => c.repr(),
        }
    }

    /// A time scalar's `repr`: `np.datetime64('2020-01-01')`,
    /// `np.datetime64('2020-01-01T10','h')`, `np.timedelta64(3,'D')`,
    /// `np.timedelta64('NaT','D')`.
    fn scalar_repr(&self) -> String {
        let text = self.scalar_repr_now();
        if super::printopts::legacy() > 125 {
            return text;
        }
        // NumPy before 2.0: no `np.str_(...)` around strings, and times
        // as `numpy.datetime64(...)`.
        match self.dtype.kind {
            HostKind::Str | HostKind::Bytes => self.cell_at(&[]).repr(),
            _ => match text.strip_prefix("np.") {
                Some(rest) => format!("numpy.{rest}"),
                None => text,
            },
        }
    }

    fn scalar_repr_now(&self) -> String {
        let v = self.cell_at(&[]).time();
        let nat = v == datetime::NAT;
        match self.dtype.kind {
            HostKind::DateTime(u) => {
                let text = datetime::format(v, u);
                if nat || u == datetime::Unit::Hour {
                    format!("np.datetime64('{text}','{}')", u.code())
                } else {
                    format!("np.datetime64('{text}')")
                }
            }
            HostKind::TimeDelta(u) => match (nat, u) {
                (true, datetime::Unit::Generic) => "np.timedelta64('NaT')".into(),
                (true, u) => format!("np.timedelta64('NaT','{}')", u.code()),
                (false, datetime::Unit::Generic) => format!("np.timedelta64({v})"),
                (false, u) => format!("np.timedelta64({v},'{}')", u.code()),
            },
            HostKind::Str => format!("np.str_({})", self.cell_at(&[]).repr()),
            HostKind::Bytes => format!("np.bytes_({})", self.cell_at(&[]).repr()),
            _ => self.cell_at(&[]).repr(),
        }
    }

    /// A time scalar's `str`: `2020-01-01`, `3 days`, `NaT`.
    fn scalar_str(&self) -> String {
        let v = self.cell_at(&[]).time();
        match self.dtype.kind {
            HostKind::DateTime(u) => datetime::format(v, u),
            HostKind::TimeDelta(_) if v == datetime::NAT => "NaT".into(),
            HostKind::TimeDelta(datetime::Unit::Generic) => format!("{v} generic time units"),
            HostKind::TimeDelta(u) => format!("{v} {}", u.words()),
            _ => crate::ops::to_str(&self.cell_at(&[]).to_value()),
        }
    }

    /// `repr(a)`: `array(['a', 'bc'], dtype='<U2')`.
    pub fn repr(&self) -> String {
        self.repr_by(&|c| self.elem_text(c), true)
    }

    /// The key of NumPy's format functions (`formatter=`) for this
    /// array's dtype; `None` for records, which print field by field.
    pub fn format_key(&self) -> Option<&'static str> {
        match self.dtype.kind {
            HostKind::Str | HostKind::Bytes => Some("numpystr"),
            HostKind::DateTime(_) => Some("datetime"),
            HostKind::TimeDelta(_) => Some("timedelta"),
            HostKind::Object => Some("object"),
            HostKind::Record(_) => None,
        }
    }

    /// The element a formatter is called with: what indexing gives (a
    /// text scalar for text).
    pub fn format_arg(&self, c: &Cell) -> Value {
        match self.dtype.kind {
            HostKind::Str | HostKind::Bytes => text_scalar(c.to_value()),
            _ => self.element(c.clone()),
        }
    }

    /// `repr(a)` (`repr` true) or `str(a)` with each element's text
    /// from `text`, a formatter's, unpadded (a 0-d array's `str` is still
    /// its element's, as NumPy's).
    pub fn print_custom(&self, repr: bool, text: &dyn Fn(&Cell) -> String) -> String {
        if repr {
            self.repr_by(text, false)
        } else if self.ndim() == 0 {
            self.str()
        } else {
            self.str_by(text, false)
        }
    }

    /// `repr(a)` of an object array, with `host` to run the elements'
    /// `__repr__`.
    pub fn repr_with(&self, host: &mut dyn Host) -> String {
        let host = RefCell::new(host);
        self.repr_by(&|c| self.elem_text_with(&host, c), true)
    }

    /// An element's text, with `host` to run an object's `__repr__`.
    fn elem_text_with(&self, host: &RefCell<&mut dyn Host>, c: &Cell) -> String {
        match c {
            Cell::Obj(v) => object::elem_repr(Some(&mut **host.borrow_mut()), v),
            c => self.elem_text(c),
        }
    }

    fn repr_by(&self, elem_text: &dyn Fn(&Cell) -> String, pad: bool) -> String {
        if self.fields.is_some() {
            return record::repr_array(self, None).unwrap_or_default();
        }
        if self.scalar {
            return self.scalar_repr();
        }
        let opts = crate::numpy::printopts::get();
        let lst = if self.ndim() == 0 && opts.legacy <= 113 && self.dtype.kind != HostKind::Object {
            // NumPy 1.13: `repr(a.item())` (a time as Python's date,
            // datetime or timedelta).
            match self.item(&[]) {
                Ok(v) => crate::py::repr::repr(&v),
                Err(_) => elem_text(&self.cell_at(&[])),
            }
        } else if self.ndim() == 0 && opts.legacy <= 113 {
            // `repr(a.item())`: a list without the `list(...)` NumPy's
            // object format puts around it.
            let t = elem_text(&self.cell_at(&[]));
            match t.strip_prefix("list(").and_then(|t| t.strip_suffix(')')) {
                Some(inner) if matches!(self.cell_at(&[]), Cell::Obj(Value::List(_))) => {
                    inner.to_string()
                }
                _ => t,
            }
        } else if self.ndim() == 0 {
            elem_text(&self.cell_at(&[]))
        } else {
            let width = opts.linewidth.saturating_sub(1);
            self.text_padded(", ", "array(", width, elem_text, pad)
        };
        let dtype = match self.dtype.kind {
            HostKind::Object => "object".to_string(),
            // NumPy's `dtype_short_repr`: a plain name (`timedelta64`,
            // generic units) unquoted, text and unit names quoted.
            HostKind::DateTime(_) | HostKind::TimeDelta(_)
                if self
                    .dtype
                    .display()
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric()) =>
            {
                self.dtype.display()
            }
            _ => format!("'{}'", self.dtype.display()),
        };
        let flexible = !matches!(
            self.dtype.kind,
            HostKind::Object | HostKind::DateTime(_) | HostKind::TimeDelta(_)
        );
        legacy_repr_wrap(&lst, self.shape(), self.size(), &dtype, &opts, flexible)
    }

    /// `str(a)`: `['a' 'bc']`; a 0-d array is its element's `str`.
    pub fn str(&self) -> String {
        self.str_by(&|c| self.elem_text(c), true)
    }

    /// `str(a)` of an object array, with `host` to run the elements'
    /// `__repr__` (and a 0-d array's element's `__str__`).
    pub fn str_with(&self, host: &mut dyn Host) -> String {
        if self.ndim() == 0 {
            let v = self.cell_at(&[]).to_value();
            return crate::py::class::to_str(host, &v).unwrap_or_else(|_| crate::ops::to_str(&v));
        }
        let host = RefCell::new(host);
        self.str_by(&|c| self.elem_text_with(&host, c), true)
    }

    fn str_by(&self, elem_text: &dyn Fn(&Cell) -> String, pad: bool) -> String {
        if self.fields.is_some() {
            return record::str_array(self, None).unwrap_or_default();
        }
        if self.ndim() == 0 {
            if !self.dtype.kind.is_time() {
                return crate::ops::to_str(&self.cell_at(&[]).to_value());
            }
            return self.scalar_str();
        }
        let opts = crate::numpy::printopts::get();
        self.text_padded(" ", "", opts.linewidth, elem_text, pad)
    }
}

/// A NumPy text scalar (`np.str_('ab')`, `np.bytes_(b'ab')`, what
/// indexing a text array gives) holding a Python `str` or `bytes`: a 0-d
/// host array flagged as a scalar, its dtype as wide as its text
/// (`np.str_('ab').dtype` is `<U2`). Any other value is returned as it is.
pub fn text_scalar(v: Value) -> Value {
    let (dtype, cell) = match v {
        Value::Str(s) => (HostDType::str(s.chars().count()), Cell::Str(s)),
        Value::Bytes(b) => (HostDType::bytes(b.len()), Cell::Bytes(b)),
        v => return v,
    };
    match HostArray::scalar(dtype, cell) {
        Ok(a) => wrap(a),
        Err(_) => Value::None,
    }
}

/// The Python `str` or `bytes` a NumPy text scalar is (`np.str_` derives
/// from `str`, `np.bytes_` from `bytes`): what Python's own operations
/// (`+`, `==`, hashing, `len`, str methods) see of it. `None` for any
/// other value.
pub fn python_text(v: &Value) -> Option<Value> {
    match v {
        Value::HostArray(h) if h.scalar && h.dtype.kind.is_text() => {
            Some(h.cell_at(&[]).to_value())
        }
        _ => None,
    }
}

/// `v` with a NumPy text scalar as its Python `str`/`bytes` ([`python_text`]).
pub fn as_python(v: Value) -> Value {
    python_text(&v).unwrap_or(v)
}

/// The operands of a Python operation (`+`, `==`, `<`) with NumPy text
/// scalars as the Python `str`/`bytes` they are, when either is one and
/// neither is an array (an array meets a text scalar element-wise, as
/// NumPy's ufuncs take it). `None` when nothing changes.
pub fn python_operands(a: &Value, b: &Value) -> Option<(Value, Value)> {
    let (x, y) = (python_text(a), python_text(b));
    if x.is_none() && y.is_none() {
        return None;
    }
    let array = |v: &Value, t: &Option<Value>| {
        t.is_none() && matches!(v, Value::Array(_) | Value::HostArray(_))
    };
    if array(a, &x) || array(b, &y) {
        return None;
    }
    Some((
        x.unwrap_or_else(|| a.clone()),
        y.unwrap_or_else(|| b.clone()),
    ))
}

/// What a method of a NumPy scalar gives back (`np.str_('ab').astype('U1')`,
/// `np.datetime64(...).copy()`): a 0-d result is a scalar again, as NumPy's
/// scalar methods return them (an object element is the object itself).
pub fn scalar_result(v: Value) -> Value {
    match &v {
        Value::HostArray(h) if h.ndim() == 0 && !h.scalar && h.fields.is_none() => {
            let cell = h.cell_at(&[]);
            match h.dtype.kind {
                HostKind::Str | HostKind::Bytes => text_scalar(cell.to_value()),
                HostKind::Object => cell.to_value(),
                _ => HostArray::scalar(h.dtype, cell).map(wrap).unwrap_or(v),
            }
        }
        Value::Array(a) if a.ndim() == 0 => a.item().map(Value::Scalar).unwrap_or(v),
        _ => v,
    }
}

/// The hash of a datetime64 or timedelta64 scalar ([`datetime::hash`]),
/// or `None` for any other value.
pub fn time_hash(v: &Value) -> Option<Result<i64>> {
    match v {
        Value::HostArray(h) if h.scalar => match h.dtype.kind {
            HostKind::DateTime(u) => Some(datetime::hash(h.cell_at(&[]).time(), u, false)),
            HostKind::TimeDelta(u) => Some(datetime::hash(h.cell_at(&[]).time(), u, true)),
            _ => None,
        },
        _ => None,
    }
}

/// NumPy's scalar type of a host scalar other than a record (`str_`,
/// `bytes_`, `datetime64`, `timedelta64`), or `None`.
pub fn scalar_type(v: &Value) -> Option<&'static str> {
    match v {
        Value::HostArray(h) if h.scalar => match h.dtype.kind {
            HostKind::Object | HostKind::Record(_) => None,
            kind => Some(kind.scalar_type_name()),
        },
        _ => None,
    }
}

/// `dtype.type` of a host dtype: its scalar type (`np.str_`, `np.void`).
pub fn scalar_type_value(d: HostDType) -> Result<Value> {
    crate::table::lookup("numpy", d.kind.scalar_type_name())
        .map(Value::Builtin)
        .ok_or_else(|| Error::attribute_error("no scalar type"))
}

/// Wraps a text array as a value.
pub fn wrap(a: HostArray) -> Value {
    a.index.mark_visible();
    Value::HostArray(Rc::new(a))
}

/// The text dtype a `dtype=` argument names, if it names one (`str`,
/// `bytes`, `np.str_`, `'U3'`, a text dtype object).
pub fn dtype_arg(v: &Value) -> Option<HostDType> {
    match v {
        Value::HostDType(d) => Some(*d),
        // Structured dtypes; a subarray dtype is not one an array has
        // (NumPy adds its shape to the array's), so `dtype=` refuses it.
        Value::List(_) | Value::Dict(_) | Value::Tuple(_) => record::parse(v, false)
            .ok()
            .flatten()
            .filter(|d| record::of(*d).is_some_and(|r| r.sub.is_none())),
        Value::Str(s) if s.contains(',') => record::parse(v, false).ok().flatten(),
        Value::Str(s) => HostDType::parse(s),
        Value::HostArray(a) => Some(a.dtype()),
        Value::Builtin(id) => {
            let d = crate::table::get(*id);
            match (d.module, d.name) {
                ("builtins", "str") | ("numpy", "str_") => Some(HostDType::str(0)),
                ("builtins", "bytes") | ("numpy", "bytes_") => Some(HostDType::bytes(0)),
                ("builtins", "object") | ("numpy", "object_") => Some(HostDType::object()),
                // The generic time types: the unit comes from the values.
                ("numpy", "datetime64") => Some(HostDType::datetime(datetime::Unit::Generic)),
                ("numpy", "timedelta64") => Some(HostDType::timedelta(datetime::Unit::Generic)),
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
        Value::Str(_) | Value::Bytes(_) => true,
        Value::HostArray(a) => !matches!(a.dtype().kind, HostKind::Object | HostKind::Record(_)),
        Value::List(items) => items.borrow().iter().any(holds_text),
        Value::Tuple(items) => items.iter().any(holds_text),
        _ => false,
    }
}

/// Whether nested lists hold a datetime64/timedelta64 value.
fn holds_time(v: &Value) -> bool {
    match v {
        Value::HostArray(a) => a.dtype().kind.is_time(),
        Value::List(items) => items.borrow().iter().any(holds_time),
        Value::Tuple(items) => items.iter().any(holds_time),
        _ => false,
    }
}

/// The text of one leaf and the width NumPy sizes it at when no width is
/// given (`None` when the leaf's own length decides).
fn leaf_text(v: &Value, kind: HostKind) -> Result<(Cell, Option<usize>)> {
    let as_kind = |s: String| match kind {
        HostKind::Bytes => Cell::Bytes(Rc::from(s.into_bytes())),
        _ => Cell::Str(Rc::from(s)),
    };
    Ok(match v {
        Value::Str(s) => match kind {
            HostKind::Bytes => {
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
            _ => (Cell::Str(s.clone()), None),
        },
        Value::Bytes(b) => match kind {
            HostKind::Bytes => (Cell::Bytes(b.clone()), None),
            _ => (
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
            Some(HostDType::width_for(s.dtype())),
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
pub(super) fn collect(
    v: &Value,
    depth: usize,
    shape: &mut Vec<usize>,
    leaves: &mut Vec<Value>,
) -> Result<()> {
    nested(v, depth, shape, leaves, &|v| {
        Ok(match v {
            Value::List(_) | Value::Tuple(_) => Nest::Dim(crate::py::iter::to_vec(v)?),
            // A 0-d host array is one leaf: its element (a time keeps its
            // scalar, so that its unit is known).
            Value::HostArray(a) if a.ndim() == 0 => Nest::Leaf(a.element(a.cell_at(&[]))),
            Value::HostArray(a) => Nest::Dim(a.items()?),
            Value::Array(a) if a.ndim() > 0 => Nest::Dim(crate::py::iter::to_vec(v)?),
            other => Nest::Leaf(other.clone()),
        })
    })
}

/// What a value is in nested input: a dimension of these items, or a leaf.
pub(super) enum Nest {
    /// A dimension: its items.
    Dim(Vec<Value>),
    /// A leaf: the value it stands for.
    Leaf(Value),
}

/// Walks nested input (what `part` says each value is) into its leaves in
/// C order and its shape, with NumPy's error for a ragged nesting.
pub(super) fn nested(
    v: &Value,
    depth: usize,
    shape: &mut Vec<usize>,
    leaves: &mut Vec<Value>,
    part: &dyn Fn(&Value) -> Result<Nest>,
) -> Result<()> {
    let ragged =
        |shape: &[usize]| crate::numpy::conv::inhomogeneous(&shape[..depth.min(shape.len())]);
    let items = match part(v)? {
        Nest::Leaf(leaf) => {
            if shape.len() > depth {
                return Err(ragged(shape));
            }
            leaves.push(leaf);
            return Ok(());
        }
        Nest::Dim(items) => items,
    };
    if shape.len() == depth {
        if !leaves.is_empty() {
            return Err(ragged(shape));
        }
        shape.push(items.len());
    } else if shape.len() < depth || shape[depth] != items.len() {
        return Err(ragged(shape));
    }
    for item in &items {
        nested(item, depth + 1, shape, leaves, part)?;
    }
    Ok(())
}

/// `np.array(v, dtype=...)` for text: nested lists of `str`/`bytes` (and
/// numbers, turned into their `str`), a text array, or any value with a
/// text `dtype`. The kind is str when any leaf is a str; the width is the
/// dtype's, or the longest element's (numbers count at their dtype's
/// width unless the dtype is the flexible `'U'`).
pub fn from_value(v: &Value, dtype: Option<HostDType>) -> Result<HostArray> {
    // Records: to a structured dtype, or a copy of a structured array.
    match (v, dtype) {
        (_, Some(d)) if d.kind.is_record() => return record::from_value(v, d),
        (Value::HostArray(a), None) if a.dtype().kind.is_record() => {
            return record::from_value(v, a.dtype())
        }
        (Value::HostArray(a), Some(d))
            if a.dtype().kind.is_record() && d.kind != HostKind::Object =>
        {
            return Err(Error::type_error(format!(
                "Cannot cast array data from {} to {}",
                a.dtype().repr(),
                d.repr()
            )))
        }
        _ => {}
    }
    // Objects: to the object dtype, or from an object array.
    match (v, dtype) {
        (_, Some(d)) if d.kind == HostKind::Object => return object::from_value(v),
        (Value::HostArray(a), Some(d)) if a.dtype().kind == HostKind::Object => {
            return object::to_host_dtype(a, d)
        }
        (Value::HostArray(a), None) if a.dtype().kind == HostKind::Object => {
            return object::from_value(v)
        }
        _ => {}
    }
    // Times: to a time dtype, or from a time array.
    match (v, dtype) {
        (Value::HostArray(a), Some(d)) if a.dtype().kind.is_time() => return times::astype(a, d),
        (Value::HostArray(a), None) if a.dtype().kind.is_time() => {
            return HostArray::new(a.dtype(), a.cells(), a.shape())
        }
        (_, Some(d)) if d.kind.is_time() => return times::from_value(v, Some(d)),
        _ => {}
    }
    if holds_time(v) {
        return times::from_value(v, None);
    }
    if let Value::HostArray(a) = v {
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
                HostArray::new(
                    HostDType {
                        kind: d.kind,
                        width,
                    },
                    cells,
                    a.shape(),
                )
            }
            Some(d) if d.width != 0 => a.with_dtype(d),
            _ => HostArray::new(a.dtype(), a.cells(), a.shape()),
        };
    }
    if let Value::Array(a) = v {
        return from_numeric(a, dtype.unwrap_or(HostDType::str(0)));
    }
    let mut shape = Vec::new();
    let mut leaves = Vec::new();
    collect(v, 0, &mut shape, &mut leaves)?;
    let kind = match dtype {
        Some(d) => d.kind,
        None if leaves.iter().any(|l| matches!(l, Value::Str(_))) => HostKind::Str,
        None if leaves.iter().any(|l| matches!(l, Value::Bytes(_))) => HostKind::Bytes,
        None => HostKind::Str,
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
    HostArray::new(HostDType { kind, width }, cells, &shape)
}

/// A numeric array as text (`a.astype(str)`): each element's NumPy `str`,
/// at the dtype's width (or the longest element's for the flexible
/// dtype, as `astype('U')` is sized in NumPy by the dtype: see
/// [`HostDType::width_for`]).
pub fn from_numeric(a: &Array, dtype: HostDType) -> Result<HostArray> {
    if dtype.kind == HostKind::Object {
        return object::from_numeric(a);
    }
    if dtype.kind.is_time() {
        return times::from_numeric(a, dtype);
    }
    let host = a.to_host()?;
    let cells: Vec<Cell> = host
        .to_scalars()
        .iter()
        .map(|s| {
            let t = xpush_npu::print::scalar_str(s);
            match dtype.kind {
                HostKind::Bytes => Cell::Bytes(Rc::from(t.into_bytes())),
                _ => Cell::Str(Rc::from(t)),
            }
        })
        .collect();
    let width = if dtype.width == 0 {
        HostDType::width_for(a.dtype())
    } else {
        dtype.width
    };
    HostArray::new(
        HostDType {
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
pub fn to_numeric(a: &HostArray, dtype: DType) -> Result<Array> {
    if a.dtype().kind.is_time() {
        return times::to_numeric(a, dtype);
    }
    if a.dtype().kind == HostKind::Object {
        return object::to_numeric(a, dtype);
    }
    use xpush_npu::dtype::Elem;
    let elems = a
        .cells()
        .into_iter()
        .map(|c| {
            let text = match &c {
                Cell::Str(s) => s.to_string(),
                Cell::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
                Cell::Time(v) => v.to_string(),
                Cell::Obj(v) => crate::ops::to_str(v),
            };
            let shown = match &c {
                Cell::Bytes(_) => format!("np.bytes_({})", c.repr()),
                _ => format!("np.str_({})", c.repr()),
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
pub fn ranks(arrays: &[&HostArray]) -> Result<(Vec<Array>, Vec<Cell>)> {
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
pub fn from_ranks(dtype: HostDType, table: &[Cell], ranks: &Array) -> Result<HostArray> {
    let cells = ranks
        .to_vec::<i64>()?
        .into_iter()
        .map(|r| table[r as usize].clone())
        .collect();
    HostArray::new(dtype, cells, ranks.shape())
}

/// The error for a text array where only numbers go.
pub fn unsupported(what: &str, dtype: HostDType) -> Error {
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
    dtype: HostDType,
) -> Result<HostArray> {
    let mut cells = Vec::new();
    let (rows, cols) = xpush_npu::io::text::loadtxt_fields(text, opts, |f, _, _, _| {
        cells.push(match dtype.kind {
            HostKind::Bytes => Cell::Bytes(Rc::from(f.as_bytes())),
            _ => Cell::Str(Rc::from(f)),
        });
        Ok(())
    })?;
    let width = if dtype.width > 0 {
        dtype.width
    } else {
        cells.iter().map(Cell::len).max().unwrap_or(0).max(1)
    };
    let dtype = HostDType { width, ..dtype };
    let shape = if rows == 0 { vec![0] } else { vec![rows, cols] };
    let t = HostArray::new(dtype, cells, &shape)?;
    if rows == 0 {
        return Ok(t);
    }
    let index = xpush_npu::io::text::ensure_ndmin(t.index().clone(), opts.ndmin)?;
    t.select(index)
}

/// `np.savetxt(fname, a, fmt, delimiter, newline)` of a text array: each
/// row's elements formatted with `fmt` (`%s` by default) and joined by
/// the delimiter; a 1-d array is one element a line.
pub fn savetxt_string(a: &HostArray, fmt: &str, delimiter: &str, newline: &str) -> Result<String> {
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
pub fn to_npy(a: &HostArray) -> Result<Vec<u8>> {
    if a.dtype().kind == HostKind::Object {
        // NumPy pickles the elements, a format of CPython's objects.
        return Err(Error::new(
            xpush_npu::ExcKind::NotImplementedError,
            "saving object arrays (NumPy pickles their elements) is not supported in xpush",
        ));
    }
    let mut out = xpush_npu::io::npy::npy_header_descr(&a.dtype().code(), a.shape())?;
    let w = a.dtype().width;
    for c in a.cells() {
        push_cell_bytes(&c, w, &mut out);
    }
    Ok(out)
}

/// Appends the bytes NumPy stores for an element of width `w` (chars or
/// bytes): a str as little-endian UCS4 code points and bytes as they are,
/// each padded with NULs to the width; a time value as its int64.
pub(crate) fn push_cell_bytes(c: &Cell, w: usize, out: &mut Vec<u8>) {
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
        Cell::Time(v) => out.extend_from_slice(&v.to_le_bytes()),
        Cell::Obj(_) => {}
    }
}

/// The element of a text or time `kind` stored in the bytes `e` (one
/// element's worth), big-endian when `big`: [`push_cell_bytes`] undone.
pub(crate) fn cell_from_bytes(kind: HostKind, e: &[u8], big: bool) -> Cell {
    match kind {
        HostKind::Str => {
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
        HostKind::Bytes => Cell::Bytes(Rc::from(e)),
        HostKind::DateTime(_) | HostKind::TimeDelta(_) | HostKind::Object | HostKind::Record(_) => {
            let b: [u8; 8] = e.try_into().unwrap_or([0; 8]);
            Cell::Time(if big {
                i64::from_be_bytes(b)
            } else {
                i64::from_le_bytes(b)
            })
        }
    }
}

/// A text array from a `.npy` image whose dtype is `<U n`/`>U n`/`S n`;
/// `None` for an image of another dtype. `name` names the file in errors.
pub fn from_npy(bytes: &[u8], name: &str) -> Result<Option<HostArray>> {
    let (h, off, _) = xpush_npu::io::npy::read_header_raw(bytes, name)?;
    let Some(dtype) = HostDType::parse(&h.descr).filter(|d| d.width > 0 || d.kind.is_time()) else {
        return Ok(None);
    };
    if dtype.kind == HostKind::Object {
        return Err(Error::value_error(
            "Object arrays cannot be loaded when allow_pickle=False",
        ));
    }
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
        .map(|i| cell_from_bytes(dtype.kind, &data[i * item..(i + 1) * item], big))
        .collect();
    let t = HostArray::new(dtype, cells, &h.shape)?;
    if h.fortran_order && t.ndim() > 1 {
        // Fortran order: the data is the transpose's C order.
        let rev: Vec<usize> = h.shape.iter().rev().copied().collect();
        let t = HostArray::new(dtype, t.cells(), &rev)?;
        return t.select(t.index().transpose(None)?).map(Some);
    }
    Ok(Some(t))
}

/// The label `:profile` shows for a text kind's dtype.
pub fn kind_label(kind: HostKind) -> &'static str {
    match kind {
        HostKind::Str => "str",
        HostKind::Bytes => "bytes",
        HostKind::DateTime(_) => "datetime64",
        HostKind::TimeDelta(_) => "timedelta64",
        HostKind::Object => "object",
        HostKind::Record(_) => "structured",
    }
}

/// Runs `f`, an operation on text arrays outside the table (an operator),
/// as an NPU session runs host work: recorded as one host call named
/// `name`, its numeric result placed on the session device.
pub fn host_op(
    name: &'static str,
    kind: HostKind,
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

/// The core's `repr_wrap` for a host array; under `legacy='1.13'` the
/// `dtype=` of a flexible dtype (strings, records) always goes on a line
/// of its own, as NumPy 1.13 wrote it.
pub(crate) fn legacy_repr_wrap(
    lst: &str,
    shape: &[usize],
    size: usize,
    dtype: &str,
    opts: &xpush_npu::PrintOptions,
    flexible: bool,
) -> String {
    if opts.legacy > 113 || !flexible {
        return xpush_npu::print::repr_wrap(lst, shape, size, Some(dtype), opts);
    }
    // A width of 0 puts the extras on a new line; '2.2' keeps NumPy's
    // extras of 1.13 (no `shape=` for a summarised array).
    let o = xpush_npu::PrintOptions {
        linewidth: 0,
        legacy: 202,
        ..opts.clone()
    };
    xpush_npu::print::repr_wrap(lst, shape, size, Some(dtype), &o)
}
