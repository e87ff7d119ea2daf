//! Structured dtypes (`np.dtype([('name', 'U10'), ('age', 'i4'), ('pos',
//! 'f8', (2,))])`) and the arrays of records that have them.
//!
//! A structured dtype is interned in a per-thread table ([`intern`]), so
//! that its [`HostDType`] stays a small `Copy` value
//! ([`HostKind::Record`] holds its number) and two equal dtypes are one
//! number: `==` and `hash` of dtypes need nothing more.
//!
//! A structured array is a host array whose table holds one array per
//! field (a struct of arrays): field `f` of subarray shape `sub` is an
//! array of shape `(n,) + sub` of the field's dtype (numeric, text, time,
//! object, or structured again), whose row `p` belongs to the record at
//! position `p`. The index array selects records as it selects the
//! elements of every host array, so every structural operation (views,
//! slicing, fancy indexing, reshapes, transposes, `take`, ...) works on
//! records unchanged; and `a['x']` is field `x`'s table seen through the
//! index array's layout ([`HostArray::field`]): a view whose writes reach
//! the records, as NumPy's.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::layout::{c_strides, shape_repr, Layout};
use xpush_npu::ops::Index;
use xpush_npu::{Array, DType};

use super::promote::AnyDType;
use super::{Cell, HostArray, HostDType, HostKind};
use crate::numpy::printing::Caller;
use crate::numpy::printopts::Formatter;
use crate::value::Value;
use crate::{Error, Result};

/// The number of an interned structured dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RecId(u32);

/// One field of a structured dtype.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// Its name.
    pub name: Rc<str>,
    /// The dtype of its elements.
    pub dtype: AnyDType,
    /// Its subarray shape (`()` for one element).
    pub shape: Vec<usize>,
    /// Its byte offset in the record.
    pub offset: usize,
}

impl Field {
    /// Bytes the field takes.
    pub fn itemsize(&self) -> usize {
        itemsize(self.dtype) * self.shape.iter().product::<usize>()
    }
}

/// A structured dtype, or a subarray dtype (`dtype(('<f8', (2,)))`, what
/// `dt['pos']` is for a field with a shape).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordDType {
    /// The fields, in `names` order.
    pub fields: Vec<Field>,
    /// Bytes per record.
    pub itemsize: usize,
    /// Whether it was made with `align=True` (`isalignedstruct`).
    pub aligned: bool,
    /// For a subarray dtype: its base dtype and shape (and no fields).
    pub sub: Option<(AnyDType, Vec<usize>)>,
    /// Whether its scalar type is `np.record` rather than `np.void`: the
    /// dtype of a record array (`np.rec.array`), whose records and the
    /// array itself reach their fields as attributes.
    pub record: bool,
}

thread_local! {
    static TABLE: RefCell<Vec<Rc<RecordDType>>> = const { RefCell::new(Vec::new()) };
}

/// The host dtype of a structured (or subarray) dtype: equal dtypes get
/// the same number.
pub fn intern(r: RecordDType) -> HostDType {
    let id = TABLE.with(|t| {
        let mut t = t.borrow_mut();
        match t.iter().position(|x| **x == r) {
            Some(i) => i,
            None => {
                t.push(Rc::new(r));
                t.len() - 1
            }
        }
    });
    HostDType {
        kind: HostKind::Record(RecId(id as u32)),
        width: 0,
    }
}

/// The structured dtype of an interned number.
pub fn get(id: RecId) -> Rc<RecordDType> {
    TABLE.with(|t| t.borrow()[id.0 as usize].clone())
}

/// The structured dtype a host dtype is, if it is one.
pub fn of(d: HostDType) -> Option<Rc<RecordDType>> {
    match d.kind {
        HostKind::Record(id) => Some(get(id)),
        _ => None,
    }
}

/// Bytes per element of a dtype.
pub fn itemsize(d: AnyDType) -> usize {
    match d {
        AnyDType::Num(d) => d.itemsize(),
        AnyDType::Host(h) => h.itemsize(),
    }
}

/// NumPy's alignment of a dtype (`dtype.alignment`).
pub fn alignment(d: AnyDType) -> usize {
    match d {
        AnyDType::Num(d) if d.is_complex() => d.itemsize() / 2,
        AnyDType::Num(d) => d.itemsize(),
        AnyDType::Host(h) => match h.kind {
            HostKind::Str => 4,
            HostKind::Bytes => 1,
            HostKind::Record(id) => {
                let r = get(id);
                match &r.sub {
                    Some((base, _)) => alignment(*base),
                    None if r.aligned => r
                        .fields
                        .iter()
                        .map(|f| alignment(f.dtype))
                        .max()
                        .unwrap_or(1),
                    None => 1,
                }
            }
            _ => 8,
        },
    }
}

fn round_up(n: usize, to: usize) -> usize {
    n.div_ceil(to.max(1)) * to.max(1)
}

/// The dtype of a field spec's format: a dtype, a string, a type, or a
/// nested structured spec.
fn any_spec(v: &Value) -> Result<AnyDType> {
    if let Some(h) = parse(v, false)? {
        return Ok(AnyDType::Host(h));
    }
    if let Some(h) = super::dtype_arg(v) {
        return Ok(AnyDType::Host(h));
    }
    Ok(AnyDType::Num(
        crate::numpy::conv::dtype_arg(v)?.unwrap_or(DType::Float64),
    ))
}

/// A subarray shape: an int or a tuple of ints.
fn shape_spec(v: &Value) -> Result<Vec<usize>> {
    match v {
        Value::Int(n) if *n >= 0 => Ok(vec![*n as usize]),
        Value::Tuple(_) | Value::List(_) => crate::numpy::conv::shape_arg(v),
        other => Err(Error::type_error(format!(
            "Invalid shape in fixed-type tuple: {}",
            crate::ops::repr(other)
        ))),
    }
}

/// Lays fields out one after another (aligned when `align`), NumPy's
/// offsets for the list and comma forms.
fn packed(specs: Vec<(Rc<str>, AnyDType, Vec<usize>)>, align: bool) -> Result<RecordDType> {
    let mut fields: Vec<Field> = Vec::with_capacity(specs.len());
    let mut offset = 0;
    let mut max_align = 1;
    for (name, dtype, shape) in specs {
        // A subarray dtype as a field's format adds its shape to the
        // field's: `('a', ('f8', (2,)))` is `('a', 'f8', (2,))`.
        let (dtype, shape) = match dtype {
            AnyDType::Host(h) => match of(h).and_then(|r| r.sub.clone()) {
                Some((base, sub)) => (base, shape.into_iter().chain(sub).collect()),
                None => (dtype, shape),
            },
            d => (d, shape),
        };
        if fields.iter().any(|f| f.name == name) {
            return Err(Error::value_error(format!(
                "field '{name}' occurs more than once"
            )));
        }
        if align {
            let a = alignment(dtype);
            offset = round_up(offset, a);
            max_align = max_align.max(a);
        }
        let f = Field {
            name,
            dtype,
            shape,
            offset,
        };
        offset += f.itemsize();
        fields.push(f);
    }
    if align {
        offset = round_up(offset, max_align);
    }
    Ok(RecordDType {
        fields,
        itemsize: offset,
        aligned: align,
        sub: None,
        record: false,
    })
}

/// The structured dtype a spec spells: a list of `(name, format[,
/// shape])` tuples, a dict of `names`/`formats` (with `offsets`,
/// `itemsize`), a comma-separated string of formats (`'i4,f8'`, fields
/// `f0`, `f1`, ...) or a `(format, shape)` subarray tuple; `None` for
/// another spec. `align` is `np.dtype`'s `align=`.
pub fn parse(v: &Value, align: bool) -> Result<Option<HostDType>> {
    let r = match v {
        Value::List(items) => {
            let items = items.borrow().clone();
            let mut specs = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let parts = match item {
                    Value::Tuple(t) if (2..=3).contains(&t.len()) => t.clone(),
                    Value::List(l) if (2..=3).contains(&l.borrow().len()) => {
                        Rc::from(l.borrow().clone())
                    }
                    _ => {
                        return Err(Error::type_error(
                            "a structured dtype list holds (name, format) or (name, format, shape) tuples",
                        ))
                    }
                };
                let name: Rc<str> = match &parts[0] {
                    Value::Str(s) if s.is_empty() => Rc::from(format!("f{i}")),
                    Value::Str(s) => s.clone(),
                    Value::Tuple(_) => {
                        return Err(Error::type_error("field titles are not supported in xpush"))
                    }
                    other => {
                        return Err(Error::type_error(format!(
                            "Field elements must be 2- or 3-tuples, got '{}'",
                            crate::ops::repr(other)
                        )))
                    }
                };
                let dtype = any_spec(&parts[1])?;
                let shape = match parts.get(2) {
                    Some(s) => shape_spec(s)?,
                    None => Vec::new(),
                };
                specs.push((name, dtype, shape));
            }
            packed(specs, align)?
        }
        Value::Dict(d) => {
            let d = d.borrow();
            let get = |k: &str| d.get(&Value::str(k)).ok().flatten();
            let (Some(names), Some(formats)) = (get("names"), get("formats")) else {
                return fields_dict(&d, align).map(|r| Some(intern(r)));
            };
            let names = crate::py::iter::to_vec(&names)?;
            let formats = crate::py::iter::to_vec(&formats)?;
            if names.len() != formats.len() {
                return Err(Error::value_error(
                    "'names', 'formats', 'offsets', and 'titles' dict entries must have the same length",
                ));
            }
            let mut specs = Vec::new();
            for (i, (n, f)) in names.iter().zip(&formats).enumerate() {
                let name: Rc<str> = match n {
                    Value::Str(s) if s.is_empty() => Rc::from(format!("f{i}")),
                    Value::Str(s) => s.clone(),
                    other => {
                        return Err(Error::value_error(format!(
                            "field names must be strings, not {}",
                            crate::ops::repr(other)
                        )))
                    }
                };
                let (dtype, shape) = match f {
                    Value::Tuple(t) if t.len() == 2 => (any_spec(&t[0])?, shape_spec(&t[1])?),
                    f => (any_spec(f)?, Vec::new()),
                };
                specs.push((name, dtype, shape));
            }
            let mut r = packed(specs, align)?;
            if let Some(offsets) = get("offsets") {
                let offsets = crate::py::iter::to_vec(&offsets)?;
                let mut end = 0;
                for (f, o) in r.fields.iter_mut().zip(&offsets) {
                    f.offset = crate::py::num::index_i64(o)?.max(0) as usize;
                    end = end.max(f.offset + f.itemsize());
                }
                r.itemsize = end;
            }
            if let Some(size) = get("itemsize") {
                let size = crate::py::num::index_i64(&size)?.max(0) as usize;
                if size < r.itemsize {
                    return Err(Error::value_error(format!(
                        "NumPy dtype descriptor requires {} bytes, cannot override to smaller itemsize of {size}",
                        r.itemsize
                    )));
                }
                r.itemsize = size;
            }
            r
        }
        Value::Str(s) if s.contains(',') => {
            let mut specs = Vec::new();
            for (i, part) in top_level_split(s).into_iter().map(str::trim).enumerate() {
                if part.is_empty() && i > 0 {
                    continue;
                }
                let (shape, fmt) = match part.strip_prefix('(') {
                    Some(rest) => {
                        let close = rest.find(')').ok_or_else(|| bad_format(s))?;
                        let dims = rest[..close]
                            .split(',')
                            .map(str::trim)
                            .filter(|d| !d.is_empty())
                            .map(|d| d.parse::<usize>().map_err(|_| bad_format(s)))
                            .collect::<Result<Vec<_>>>()?;
                        (dims, &rest[close + 1..])
                    }
                    // `3int8`: a repeat count is a shape `(3,)`.
                    None => match part.find(|c: char| !c.is_ascii_digit()) {
                        Some(i) if i > 0 => {
                            let n = part[..i].parse::<usize>().map_err(|_| bad_format(s))?;
                            (vec![n], &part[i..])
                        }
                        _ => (Vec::new(), part),
                    },
                };
                let dtype = any_spec(&Value::str(fmt)).map_err(|_| bad_format(s))?;
                specs.push((Rc::from(format!("f{i}")), dtype, shape));
            }
            packed(specs, align)?
        }
        // `(np.record, dt)` / `(np.void, dt)`: dt with that scalar type.
        Value::Tuple(t) if t.len() == 2 && scalar_type(&t[0]).is_some() => {
            let record = scalar_type(&t[0]) == Some(true);
            return Ok(parse(&t[1], align)?
                .or_else(|| super::dtype_arg(&t[1]))
                .filter(|d| d.kind.is_record())
                .map(|d| retype(d, record)));
        }
        Value::Tuple(t) if t.len() == 2 && !matches!(t[1], Value::Str(_)) => {
            let base = any_spec(&t[0])?;
            let shape = shape_spec(&t[1])?;
            if shape.is_empty() {
                return Ok(match base {
                    AnyDType::Host(h) => Some(h),
                    // `np.dtype(('f8', ()))` is float64 itself.
                    AnyDType::Num(_) => None,
                });
            }
            RecordDType {
                fields: Vec::new(),
                itemsize: itemsize(base) * shape.iter().product::<usize>(),
                aligned: false,
                sub: Some((base, shape)),
                record: false,
            }
        }
        Value::HostDType(d) if d.kind.is_record() => return Ok(Some(*d)),
        _ => return Ok(None),
    };
    Ok(Some(intern(r)))
}

/// A subarray dtype where an array is made (`np.zeros(2, dtype=('f8',
/// (2,)))`, or such a dtype object): its base dtype and shape. NumPy
/// makes the array with the base dtype and the subarray's shape appended
/// to the array's, so no array has a subarray dtype.
pub fn subarray_arg(v: &Value) -> Option<(AnyDType, Vec<usize>)> {
    if let Value::Tuple(t) = v {
        // `('f8', ())` is float64 itself.
        if t.len() == 2 && matches!(&t[1], Value::Tuple(s) if s.is_empty()) {
            return any_spec(&t[0]).ok().map(|d| (d, Vec::new()));
        }
    }
    let d = match v {
        Value::Tuple(_) | Value::HostDType(_) => parse(v, false).ok().flatten()?,
        _ => return None,
    };
    of(d)?.sub.clone()
}

/// `Some(true)` for `np.record`, `Some(false)` for `np.void`, as the
/// first item of a `(type, dtype)` spec.
fn scalar_type(v: &Value) -> Option<bool> {
    match v {
        Value::Builtin(id) => match crate::table::get(*id).name {
            "record" => Some(true),
            "void" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// NumPy's fields-dict form (`dtype.fields`: `{name: (dtype, offset)}`),
/// the fields in offset order.
fn fields_dict(d: &crate::value::DictTable, align: bool) -> Result<RecordDType> {
    let mut fields = Vec::new();
    for (k, v) in d.pairs() {
        let (Value::Str(name), Value::Tuple(t)) = (&k, &v) else {
            return Err(Error::value_error(
                "entry not found in dtype dict: a structured dtype dict needs 'names' and 'formats', or (dtype, offset) for each field name",
            ));
        };
        let (Some(fmt), Some(off)) = (t.first(), t.get(1)) else {
            return Err(Error::value_error(
                "a field of a dtype dict is (dtype, offset)",
            ));
        };
        let (dtype, shape) = match any_spec(fmt)? {
            AnyDType::Host(h) => match of(h).and_then(|r| r.sub.clone()) {
                Some((base, shape)) => (base, shape),
                None => (AnyDType::Host(h), Vec::new()),
            },
            d => (d, Vec::new()),
        };
        let offset = crate::py::num::index_i64(off)?.max(0) as usize;
        fields.push(Field {
            name: name.clone(),
            dtype,
            shape,
            offset,
        });
    }
    fields.sort_by_key(|f| f.offset);
    let itemsize = fields
        .iter()
        .map(|f| f.offset + f.itemsize())
        .max()
        .unwrap_or(0);
    Ok(RecordDType {
        fields,
        itemsize,
        aligned: align,
        sub: None,
        record: false,
    })
}

/// The parts of a comma-string dtype between its top-level commas (a
/// `(2,)` shape prefix keeps its comma).
pub fn top_level_split(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

fn bad_format(s: &str) -> Error {
    Error::type_error(format!("data type '{s}' not understood"))
}

/// `_scalar_str(dtype, short=True)`: a field's format as a structured
/// dtype's repr shows it (`'<i4'`, `'u1'`, `'?'`, `'O'`, `'S3'`,
/// `'<U10'`, `'<M8[D]'`), or a nested structured dtype's list.
fn short(d: AnyDType) -> String {
    match d {
        AnyDType::Num(DType::Bool) => "'?'".into(),
        AnyDType::Num(d) if d.itemsize() == 1 => format!("'{}{}'", d.kind(), d.itemsize()),
        AnyDType::Num(d) => format!("'<{}{}'", d.kind(), d.itemsize()),
        AnyDType::Host(h) => match h.kind {
            HostKind::Record(id) => construction(&get(id), false),
            HostKind::Object => "'O'".into(),
            HostKind::Bytes => format!("'S{}'", h.width),
            _ => format!("'{}'", h.code()),
        },
    }
}

/// `dtype.str` of a field's format (`'<i4'`, `'|b1'`, `'|O'`, `'|S3'`):
/// what `descr` shows.
fn descr_code(d: AnyDType) -> String {
    match d {
        AnyDType::Num(d) if d.itemsize() == 1 => format!("|{}1", d.kind()),
        AnyDType::Num(d) => format!("<{}{}", d.kind(), d.itemsize()),
        AnyDType::Host(h) => h.code(),
    }
}

/// Whether the fields follow each other with no padding (NumPy's
/// `_is_packed`): then the list form rebuilds the dtype.
fn is_packed(r: &RecordDType) -> bool {
    let mut total = 0;
    let mut max_align = 1;
    for f in &r.fields {
        if r.aligned {
            let a = alignment(f.dtype);
            total = round_up(total, a);
            max_align = max_align.max(a);
        }
        if f.offset != total {
            return false;
        }
        total += f.itemsize();
    }
    if r.aligned {
        total = round_up(total, max_align);
    }
    total == r.itemsize
}

/// NumPy's `_construction_repr`: the list form when packed (`[('a',
/// '<i4'), ...]`), else the dict form with offsets and itemsize.
fn construction(r: &RecordDType, include_align: bool) -> String {
    if let Some((base, shape)) = &r.sub {
        return format!("({}, {})", short(*base), tuple_repr(shape));
    }
    if !(include_align && r.aligned) && is_packed(r) {
        let items: Vec<String> = r
            .fields
            .iter()
            .map(|f| {
                let name = crate::ops::repr(&Value::Str(f.name.clone()));
                if f.shape.is_empty() {
                    format!("({name}, {})", short(f.dtype))
                } else {
                    format!("({name}, {}, {})", short(f.dtype), tuple_repr(&f.shape))
                }
            })
            .collect();
        return format!("[{}]", items.join(", "));
    }
    let names: Vec<String> = r
        .fields
        .iter()
        .map(|f| crate::ops::repr(&Value::Str(f.name.clone())))
        .collect();
    let formats: Vec<String> = r
        .fields
        .iter()
        .map(|f| {
            if f.shape.is_empty() {
                short(f.dtype)
            } else {
                format!("({}, {})", short(f.dtype), tuple_repr(&f.shape))
            }
        })
        .collect();
    let offsets: Vec<String> = r.fields.iter().map(|f| f.offset.to_string()).collect();
    let aligned = if include_align && r.aligned {
        ", 'aligned': True"
    } else {
        ""
    };
    format!(
        "{{'names': [{}], 'formats': [{}], 'offsets': [{}], 'itemsize': {}{aligned}}}",
        names.join(", "),
        formats.join(", "),
        offsets.join(", "),
        r.itemsize
    )
}

/// A shape as a Python tuple's repr: `(2,)`, `(2, 3)`.
fn tuple_repr(shape: &[usize]) -> String {
    shape_repr(shape)
}

/// `repr(dtype)`: `dtype([('a', '<i4'), ('b', '<f8')])`, with `align=True`
/// for an aligned struct.
pub fn repr(r: &RecordDType) -> String {
    let align = if r.aligned && r.sub.is_none() {
        ", align=True"
    } else {
        ""
    };
    format!("dtype({}{align})", typed(r, construction(r, false)))
}

/// `str(dtype)`: the construction form, the dict one for an aligned
/// struct.
pub fn str(r: &RecordDType) -> String {
    typed(r, construction(r, true))
}

/// The construction form with the scalar type when it is not `np.void`
/// (`(numpy.record, [...])`).
fn typed(r: &RecordDType, form: String) -> String {
    if r.record {
        format!("(numpy.record, {form})")
    } else {
        form
    }
}

/// The same structured dtype with scalar type `np.record` (`record`) or
/// `np.void`: what `np.rec.array` and `a.view(np.recarray)` give.
pub fn retype(d: HostDType, record: bool) -> HostDType {
    match of(d) {
        Some(r) if r.record != record && r.sub.is_none() => intern(RecordDType {
            record,
            ..(*r).clone()
        }),
        _ => d,
    }
}

/// Whether two host dtypes are equal as `==` compares dtypes: a record
/// dtype equals its void twin.
pub fn same(x: HostDType, y: HostDType) -> bool {
    x == y || (x.kind.is_record() && retype(x, false) == retype(y, false))
}

/// Whether a dtype's scalar type is `np.record` (a record array's).
pub fn is_record_type(d: HostDType) -> bool {
    of(d).is_some_and(|r| r.record)
}

/// The dtype of a field as a language value (a subarray dtype for a field
/// with a shape, as `dt.fields` and `dt['pos']` give it).
fn field_dtype_value(f: &Field) -> Value {
    if f.shape.is_empty() {
        return f.dtype.value();
    }
    Value::HostDType(intern(RecordDType {
        fields: Vec::new(),
        itemsize: f.itemsize(),
        aligned: false,
        sub: Some((f.dtype, f.shape.clone())),
        record: false,
    }))
}

/// `dtype.names`: the field names as a tuple (`None` for a subarray
/// dtype).
pub fn names(r: &RecordDType) -> Value {
    if r.sub.is_some() {
        return Value::None;
    }
    Value::tuple(
        r.fields
            .iter()
            .map(|f| Value::Str(f.name.clone()))
            .collect(),
    )
}

/// `dtype.fields`: `{name: (dtype, offset)}`.
pub fn fields(r: &RecordDType) -> Result<Value> {
    if r.sub.is_some() {
        return Ok(Value::None);
    }
    let mut t = crate::value::DictTable::default();
    for f in &r.fields {
        t.insert(
            Value::Str(f.name.clone()),
            Value::tuple(vec![field_dtype_value(f), Value::Int(f.offset as i64)]),
        )?;
    }
    Ok(Value::Dict(Rc::new(RefCell::new(t))))
}

/// `dtype.descr`: `[(name, code[, shape]), ...]` with `('', '|V n')`
/// entries for the padding between and after fields.
pub fn descr(r: &RecordDType) -> Value {
    if let Some((base, shape)) = &r.sub {
        return Value::list(vec![Value::tuple(vec![
            Value::str(""),
            Value::str(descr_code(*base)),
            shape_value(shape),
        ])]);
    }
    let mut order: Vec<&Field> = r.fields.iter().collect();
    order.sort_by_key(|f| f.offset);
    let mut out = Vec::new();
    let mut at = 0;
    let pad = |out: &mut Vec<Value>, n: usize| {
        out.push(Value::tuple(vec![
            Value::str(""),
            Value::str(format!("|V{n}")),
        ]))
    };
    for f in order {
        if f.offset > at {
            pad(&mut out, f.offset - at);
        }
        let code = match f.dtype {
            AnyDType::Host(h) if h.kind.is_record() => descr(&get_rec(h)),
            d => Value::str(descr_code(d)),
        };
        let mut item = vec![Value::Str(f.name.clone()), code];
        if !f.shape.is_empty() {
            item.push(shape_value(&f.shape));
        }
        out.push(Value::tuple(item));
        at = f.offset + f.itemsize();
    }
    if r.itemsize > at {
        pad(&mut out, r.itemsize - at);
    }
    Value::list(out)
}

fn shape_value(shape: &[usize]) -> Value {
    Value::tuple(shape.iter().map(|&d| Value::Int(d as i64)).collect())
}

fn get_rec(h: HostDType) -> Rc<RecordDType> {
    of(h).unwrap_or_else(|| {
        Rc::new(RecordDType {
            fields: Vec::new(),
            itemsize: 0,
            aligned: false,
            sub: None,
            record: false,
        })
    })
}

/// A field's dtype as promotion and casting see it: its element dtype, or
/// a subarray dtype for a field with a shape.
fn field_any(f: &Field) -> AnyDType {
    match field_dtype_value(f) {
        Value::HostDType(h) => AnyDType::Host(h),
        Value::DType(d) => AnyDType::Num(d),
        _ => f.dtype,
    }
}

/// The element dtype and shape of a field's dtype as promotion sees it.
fn base_shape(d: AnyDType) -> (AnyDType, Vec<usize>) {
    match d {
        AnyDType::Host(h) => match of(h).and_then(|r| r.sub.clone()) {
            Some((base, shape)) => (base, shape),
            None => (d, Vec::new()),
        },
        d => (d, Vec::new()),
    }
}

/// `np.promote_types` of two structured dtypes: equal ones are
/// themselves; otherwise the fields (same names, in order) promoted
/// pairwise and packed, or NumPy's errors.
pub fn promote(x: HostDType, y: HostDType) -> Result<HostDType> {
    if same(x, y) {
        return Ok(x);
    }
    let (rx, ry) = (get_rec(x), get_rec(y));
    let names = |r: &RecordDType| crate::ops::repr(&names(r));
    if rx.fields.len() != ry.fields.len()
        || rx
            .fields
            .iter()
            .zip(&ry.fields)
            .any(|(a, b)| a.name != b.name)
    {
        return Err(Error::new(
            xpush_npu::ExcKind::DTypePromotionError,
            format!(
                "field names `{}` and `{}` mismatch.",
                names(&rx),
                names(&ry)
            ),
        ));
    }
    let mut specs = Vec::with_capacity(rx.fields.len());
    for (a, b) in rx.fields.iter().zip(&ry.fields) {
        let (da, db) = (field_any(a), field_any(b));
        let ((ba, sa), (bb, sb)) = (base_shape(da), base_shape(db));
        if sa != sb {
            return Err(super::promote::no_common(da, db));
        }
        specs.push((a.name.clone(), super::promote::promote(ba, bb)?, sa));
    }
    Ok(intern(packed(specs, rx.aligned && ry.aligned)?))
}

/// How far a cast between two structured dtypes keeps values, as
/// `promote::cast_level` tells for other dtypes: field by field in order
/// (names may differ), the weakest field deciding; unsafe only when the
/// numbers of fields differ.
pub fn cast_level(from: HostDType, to: HostDType) -> Option<bool> {
    let (rf, rt) = (get_rec(from), get_rec(to));
    if rf.fields.len() != rt.fields.len() {
        return None;
    }
    let mut level = Some(true);
    for (a, b) in rf.fields.iter().zip(&rt.fields) {
        let ((ba, _), (bb, _)) = (base_shape(field_any(a)), base_shape(field_any(b)));
        match super::promote::cast_level(ba, bb) {
            None => return None,
            Some(false) => level = Some(false),
            Some(true) => {}
        }
    }
    level
}

/// The field an integer key picks (negative counts from the end), or an
/// IndexError with `message(key)`.
pub fn position(r: &RecordDType, key: &Value, message: impl Fn(i64) -> String) -> Result<usize> {
    let n = r.fields.len() as i64;
    let i = crate::py::num::index_i64(key)?;
    let k = if i < 0 { i + n } else { i };
    if !(0..n).contains(&k) {
        return Err(Error::index_error(message(i)));
    }
    Ok(k as usize)
}

/// The number of fields of a structured dtype (0 for another dtype).
pub fn field_count(d: HostDType) -> usize {
    of(d).map_or(0, |r| r.fields.len())
}

/// The index of a field by name, or NumPy's `no field of name z`.
pub fn field_index(r: &RecordDType, name: &str) -> Result<usize> {
    r.fields
        .iter()
        .position(|f| &*f.name == name)
        .ok_or_else(|| Error::value_error(format!("no field of name {name}")))
}

/// `dt[key]`: a field's dtype by name or position; `dt[['a', 'b']]` a
/// dtype of those fields at their offsets.
pub fn dtype_getitem(r: &RecordDType, key: &Value) -> Result<Value> {
    match key {
        Value::Str(s) => {
            let i = r
                .fields
                .iter()
                .position(|f| *f.name == **s)
                .ok_or_else(|| {
                    Error::new(
                        xpush_npu::ExcKind::KeyError,
                        format!("\"Field named '{s}' not found.\""),
                    )
                })?;
            Ok(field_dtype_value(&r.fields[i]))
        }
        Value::List(_) => Ok(Value::HostDType(select_fields(r, key)?)),
        other => {
            let k = position(r, other, |i| format!("Field index {i} out of range."))?;
            Ok(field_dtype_value(&r.fields[k]))
        }
    }
}

/// The dtype of the fields a list of names picks, at their offsets in a
/// record of the same size (what `a[['x', 'y']]` views with).
fn select_fields(r: &RecordDType, key: &Value) -> Result<HostDType> {
    let names = crate::py::iter::to_vec(key)?;
    let mut fields = Vec::with_capacity(names.len());
    for n in &names {
        let Value::Str(s) = n else {
            return Err(Error::type_error(
                "Field names must be strings (a list of names selects fields)",
            ));
        };
        let k = r
            .fields
            .iter()
            .position(|f| *f.name == **s)
            .ok_or_else(|| crate::py::index::key_error(n))?;
        let f = r.fields[k].clone();
        if fields.iter().any(|g: &Field| g.name == f.name) {
            return Err(Error::value_error(format!("duplicate field of name {s}")));
        }
        fields.push(f);
    }
    Ok(intern(RecordDType {
        fields,
        itemsize: r.itemsize,
        aligned: r.aligned,
        sub: None,
        record: r.record,
    }))
}

// ---------------------------------------------------------------------
// Arrays of records.

/// The number of elements of a shape.
fn count(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// `shape + sub`.
fn joined(shape: &[usize], sub: &[usize]) -> Vec<usize> {
    shape.iter().chain(sub).copied().collect()
}

/// A zero (empty) array of a field's dtype in `shape`: what `np.zeros`
/// holds.
fn zeros_of(dtype: AnyDType, shape: &[usize]) -> Result<Value> {
    Ok(match dtype {
        AnyDType::Num(d) => Value::Array(Rc::new(Array::try_zeros(shape, d)?)),
        AnyDType::Host(h) if h.kind.is_record() => Value::HostArray(Rc::new(zeros(h, shape)?)),
        AnyDType::Host(h) => {
            let h = HostDType {
                width: if h.kind.is_text() { h.width.max(1) } else { 0 },
                ..h
            };
            Value::HostArray(Rc::new(HostArray::new(
                h,
                vec![Cell::empty(h.kind); count(shape)],
                shape,
            )?))
        }
    })
}

/// `np.zeros(shape, dtype)` of a structured dtype: every field zero, empty
/// text or the epoch, and object fields `0`.
pub fn zeros(dtype: HostDType, shape: &[usize]) -> Result<HostArray> {
    blank(dtype, shape, Value::Int(0))
}

/// `np.empty(shape, dtype)` of a structured dtype: as [`zeros`], but
/// object fields `None` (NumPy's uninitialised objects).
pub fn empty(dtype: HostDType, shape: &[usize]) -> Result<HostArray> {
    blank(dtype, shape, Value::None)
}

/// Records of zero fields, object fields holding `object`.
fn blank(dtype: HostDType, shape: &[usize], object: Value) -> Result<HostArray> {
    let r = get_rec(dtype);
    let n = count(shape);
    let tables = r
        .fields
        .iter()
        .map(|f| match f.dtype {
            AnyDType::Host(h) if h.kind == HostKind::Object => {
                let t = joined(&[n], &f.shape);
                Ok(Value::HostArray(Rc::new(HostArray::new(
                    h,
                    vec![Cell::Obj(object.clone()); count(&t)],
                    &t,
                )?)))
            }
            d => zeros_of(d, &joined(&[n], &f.shape)),
        })
        .collect::<Result<Vec<_>>>()?;
    HostArray::record(dtype, tables, shape)
}

/// A new contiguous copy of a field array (shape `shape + sub`) as a
/// table of `n` rows.
fn fresh_table(v: &Value, rows: &[usize]) -> Result<Value> {
    Ok(match v {
        Value::Array(a) => {
            let dims: Vec<isize> = rows.iter().map(|&d| d as isize).collect();
            Value::Array(Rc::new(a.to_host()?.to_contiguous().reshape(&dims)?))
        }
        Value::HostArray(h) if h.dtype().kind.is_record() => {
            let r = get_rec(h.dtype());
            let tables = (0..r.fields.len())
                .map(|k| {
                    let sub = &r.fields[k].shape;
                    fresh_table(&h.field(k)?, &joined(&[count(h.shape())], sub))
                })
                .collect::<Result<Vec<_>>>()?;
            let n = count(h.shape());
            let t = HostArray::record(h.dtype(), tables, &[n])?;
            let dims: Vec<isize> = rows.iter().map(|&d| d as isize).collect();
            Value::HostArray(Rc::new(t.select(t.index().reshape(&dims)?)?))
        }
        Value::HostArray(h) => {
            Value::HostArray(Rc::new(HostArray::new(h.dtype(), h.cells(), rows)?))
        }
        other => {
            return Err(Error::type_error(format!(
                "a structured field cannot hold '{}'",
                crate::ops::type_name(other)
            )))
        }
    })
}

/// A structured array of `dtype` and `shape` from one array per field,
/// each of shape `shape + sub` and the field's dtype (copied).
pub fn from_fields(dtype: HostDType, shape: &[usize], fields: &[Value]) -> Result<HostArray> {
    let r = get_rec(dtype);
    let n = count(shape);
    let tables = r
        .fields
        .iter()
        .zip(fields)
        .map(|(f, v)| fresh_table(v, &joined(&[n], &f.shape)))
        .collect::<Result<Vec<_>>>()?;
    HostArray::record(dtype, tables, shape)
}

/// An array of a field's dtype from Python values (`values` in C order,
/// laid out in `shape`).
fn field_from_values(
    dtype: AnyDType,
    values: Vec<Value>,
    rows: &[usize],
    sub: &[usize],
) -> Result<Value> {
    let n = values.len();
    let list = Value::list(values);
    Ok(match dtype {
        AnyDType::Num(d) => {
            let a = crate::numpy::conv::array_from(&list, Some(d))?;
            Value::Array(Rc::new(fit(&a, rows, sub)?))
        }
        AnyDType::Host(h) => {
            let a = if h.kind.is_record() {
                from_value(&list, h)?
            } else if h.kind == HostKind::Object {
                // One element per record: a list stays one object.
                HostArray::new(
                    h,
                    crate::py::iter::to_vec(&list)?
                        .into_iter()
                        .map(Cell::Obj)
                        .collect(),
                    &[n],
                )?
            } else {
                super::from_value(&list, Some(h))?
            };
            Value::HostArray(Rc::new(a.select(fit(a.index(), rows, sub)?)?))
        }
    })
}

/// The values of a field, one a record in `a` (shape `(n,) + v`), laid
/// out as `rows + sub`: each record's value broadcast to the field's
/// subarray shape, as NumPy assigns it.
fn fit(a: &Array, rows: &[usize], sub: &[usize]) -> Result<Array> {
    let v = &a.shape()[1.min(a.ndim())..];
    let err = || {
        Error::value_error(format!(
            "could not broadcast input array from shape {} into shape {}",
            shape_repr(v),
            shape_repr(sub)
        ))
    };
    if v.len() > sub.len() {
        return Err(err());
    }
    let dims: Vec<isize> = rows
        .iter()
        .copied()
        .chain(std::iter::repeat_n(1, sub.len() - v.len()))
        .chain(v.iter().copied())
        .map(|d| d as isize)
        .collect();
    let laid = a.reshape(&dims).map_err(|_| err())?;
    if v == sub {
        return Ok(laid);
    }
    laid.broadcast_to(&joined(rows, sub)).map_err(|_| err())
}

/// Collects the records of nested lists: tuples (and voids) are records,
/// lists are dimensions; any other value is a record of that value in
/// every field.
fn collect(v: &Value, shape: &mut Vec<usize>, leaves: &mut Vec<Value>) -> Result<()> {
    super::nested(v, 0, shape, leaves, &|v| {
        Ok(match v {
            Value::List(l) => super::Nest::Dim(l.borrow().clone()),
            Value::HostArray(a) if a.dtype().kind.is_record() && a.ndim() > 0 => {
                super::Nest::Dim(a.items()?)
            }
            Value::Array(a) if a.ndim() > 0 => super::Nest::Dim(crate::py::iter::to_vec(v)?),
            other => super::Nest::Leaf(other.clone()),
        })
    })
}

/// The values of one record for each field: a tuple's items in order, a
/// void's fields by position, any other value in every field.
fn record_values(leaf: &Value, r: &RecordDType) -> Result<Vec<Value>> {
    let n = r.fields.len();
    match leaf {
        Value::Tuple(t) => {
            if t.len() != n {
                return Err(Error::value_error(format!(
                    "could not assign tuple of length {} to structure with {n} fields.",
                    t.len()
                )));
            }
            Ok(t.to_vec())
        }
        Value::HostArray(a) if a.dtype().kind.is_record() && a.ndim() == 0 => {
            let m = get_rec(a.dtype()).fields.len();
            if m != n {
                return Err(Error::value_error(format!(
                    "could not assign structure with {m} fields to structure with {n} fields."
                )));
            }
            (0..n).map(|k| a.field_value(k)).collect()
        }
        other => Ok(vec![other.clone(); n]),
    }
}

/// `np.array(v, dtype=structured)`: records from nested lists of tuples
/// (or of values each field takes), or from another structured array
/// (fields matched by position, as NumPy casts them).
pub fn from_value(v: &Value, dtype: HostDType) -> Result<HostArray> {
    let r = get_rec(dtype);
    if let Value::HostArray(a) = v {
        if a.dtype() == dtype {
            return from_fields(
                dtype,
                a.shape(),
                &(0..r.fields.len())
                    .map(|k| a.field(k))
                    .collect::<Result<Vec<_>>>()?,
            );
        }
        if let Some(src) = of(a.dtype()) {
            if src.fields.len() != r.fields.len() {
                return Err(Error::value_error(format!(
                    "could not assign structure with {} fields to structure with {} fields.",
                    src.fields.len(),
                    r.fields.len()
                )));
            }
            let cast = r
                .fields
                .iter()
                .enumerate()
                .map(|(k, f)| cast_field(&a.field(k)?, f.dtype))
                .collect::<Result<Vec<_>>>()?;
            return from_fields(dtype, a.shape(), &cast);
        }
    }
    let mut shape = Vec::new();
    let mut leaves = Vec::new();
    collect(v, &mut shape, &mut leaves)?;
    let rows: Vec<Vec<Value>> = leaves
        .iter()
        .map(|l| record_values(l, &r))
        .collect::<Result<_>>()?;
    let fields = r
        .fields
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let values = rows.iter().map(|row| row[k].clone()).collect();
            field_from_values(f.dtype, values, &shape, &f.shape)
        })
        .collect::<Result<Vec<_>>>()?;
    from_fields(dtype, &shape, &fields)
}

/// A field array cast to another field dtype (`astype`).
fn cast_field(v: &Value, to: AnyDType) -> Result<Value> {
    Ok(match (v, to) {
        (Value::Array(a), AnyDType::Num(d)) => Value::Array(Rc::new(a.astype(d))),
        (v, AnyDType::Host(h)) if h.kind.is_record() => {
            Value::HostArray(Rc::new(from_value(v, h)?))
        }
        (Value::HostArray(a), AnyDType::Num(d)) => Value::Array(Rc::new(super::to_numeric(a, d)?)),
        (v, AnyDType::Host(h)) => Value::HostArray(Rc::new(super::from_value(v, Some(h))?)),
        (v, AnyDType::Num(d)) => Value::Array(Rc::new(crate::numpy::conv::array_from(v, Some(d))?)),
    })
}

/// A value with a device array copied to the host: records live on the
/// host on every device, so what is written into them comes there.
fn on_host(v: &Value) -> Result<Value> {
    Ok(match v {
        Value::Array(a) if a.device() != xpush_npu::device::Device::Cpu => {
            crate::numpy::conv::wrap(a.to_host()?)
        }
        other => other.clone(),
    })
}

/// A value as records of `dtype` (for assignment): a structured array of
/// that dtype as it is, anything else converted.
fn coerce(v: &Value, dtype: HostDType) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype() == dtype => Ok((**a).clone()),
        _ => from_value(v, dtype),
    }
}

impl HostArray {
    /// A structured array of `dtype` over field tables (each `(n,) + sub`
    /// rows, C-contiguous from offset 0), its records at positions
    /// `0..n` in `shape`.
    pub(super) fn record(
        dtype: HostDType,
        tables: Vec<Value>,
        shape: &[usize],
    ) -> Result<HostArray> {
        Ok(HostArray {
            dtype,
            cells: Rc::new(RefCell::new(Vec::new())),
            fields: Some(Rc::from(tables)),
            index: super::positions(count(shape), shape)?,
            scalar: false,
        })
    }

    /// The field tables of a structured array.
    fn tables(&self) -> &[Value] {
        self.fields.as_deref().unwrap_or(&[])
    }

    /// Field `k` of a structured array: its table seen through the index
    /// array's layout, so a view (read-only when the index array is:
    /// broadcast records). Position `p` of the index array is element
    /// `p` of its storage, so the index array's offset and strides,
    /// scaled by the rows' size, are the field's.
    pub fn field(&self, k: usize) -> Result<Value> {
        let table = self
            .tables()
            .get(k)
            .ok_or_else(|| Error::index_error("field index out of range"))?;
        let l = self.index.layout();
        let view = |t: &Array| -> Array {
            let row: usize = t.shape()[1..].iter().product();
            let sub = &t.shape()[1..];
            let strides: Vec<isize> = l
                .strides
                .iter()
                .map(|&s| s * row as isize)
                .chain(c_strides(sub))
                .collect();
            let v = t.with_layout(Layout {
                shape: joined(&l.shape, sub),
                strides,
                offset: t.layout().offset + l.offset * row,
            });
            if self.index.is_writeable() {
                v
            } else {
                v.into_read_only()
            }
        };
        // A record array's nested records are record arrays too.
        let record = is_record_type(self.dtype);
        Ok(match table {
            Value::Array(t) => crate::numpy::conv::wrap(view(t)),
            Value::HostArray(t) => super::wrap(HostArray {
                dtype: if record {
                    retype(t.dtype, true)
                } else {
                    t.dtype
                },
                cells: t.cells.clone(),
                fields: t.fields.clone(),
                index: view(&t.index),
                scalar: false,
            }),
            _ => Value::None,
        })
    }

    /// Field `k` of a record (a 0-d structured array) as indexing a void
    /// gives it: a NumPy scalar, a `str`, a void, or an array for a field
    /// with a shape.
    pub fn field_value(&self, k: usize) -> Result<Value> {
        let v = self.field(k)?;
        Ok(match &v {
            Value::Array(a) if a.ndim() == 0 => crate::numpy::conv::scalar(a.item()?),
            Value::HostArray(h) if h.ndim() == 0 && h.dtype().kind.is_record() => {
                let mut r = (**h).clone();
                r.scalar = true;
                super::wrap(r)
            }
            Value::HostArray(h) if h.ndim() == 0 => h.element(h.cell_at(&[])),
            _ => v,
        })
    }

    /// The record at position `p` of the table: a void that is a view.
    pub fn record_at(&self, p: usize) -> Value {
        let index = self.index.with_layout(Layout {
            shape: Vec::new(),
            strides: Vec::new(),
            offset: p,
        });
        super::wrap(HostArray {
            dtype: self.dtype,
            cells: self.cells.clone(),
            fields: self.fields.clone(),
            index,
            scalar: true,
        })
    }

    /// The tables' rows at `positions` (a copy, positions `0..n` again).
    pub(super) fn gather_records(&self, positions: &Array) -> Result<HostArray> {
        let flat = positions.reshape(&[-1])?;
        let tables = self
            .tables()
            .iter()
            .map(|t| crate::py::index::getitem(t, &Value::Array(Rc::new(flat.clone()))))
            .collect::<Result<Vec<_>>>()?;
        HostArray::record(self.dtype, tables, positions.shape())
    }

    /// `a['x']`, `a[['x', 'y']]`: a field (a view), or the fields a list
    /// names (a structured view at their offsets); `None` for another key.
    pub fn record_key(&self, key: &Value) -> Result<Option<Value>> {
        if self.fields.is_none() {
            return Ok(None);
        }
        let r = get_rec(self.dtype);
        match key {
            Value::Str(s) => {
                let k = field_index(&r, s)?;
                Ok(Some(if self.scalar {
                    self.field_value(k)?
                } else {
                    self.field(k)?
                }))
            }
            Value::List(l) if l.borrow().iter().all(|x| matches!(x, Value::Str(_))) => {
                let d = select_fields(&r, key)?;
                let tables = get_rec(d)
                    .fields
                    .iter()
                    .map(|f| Ok(self.tables()[field_index(&r, &f.name)?].clone()))
                    .collect::<Result<Vec<_>>>()?;
                Ok(Some(super::wrap(HostArray {
                    dtype: d,
                    cells: self.cells.clone(),
                    fields: Some(Rc::from(tables)),
                    index: self.index.clone(),
                    scalar: self.scalar,
                })))
            }
            Value::Int(_) | Value::BigInt(_) | Value::Scalar(_) if self.scalar => {
                let k = position(&r, key, |i| format!("invalid index ({i})"))?;
                Ok(Some(self.field_value(k)?))
            }
            _ => Ok(None),
        }
    }

    /// `a['x'] = v` and `void[k] = v`: assigns to the field's view; `None`
    /// when the key does not name fields.
    pub fn record_key_set(&self, key: &Value, value: &Value) -> Result<bool> {
        if self.fields.is_none() {
            return Ok(false);
        }
        let r = get_rec(self.dtype);
        let k = match key {
            Value::Str(s) => field_index(&r, s)?,
            Value::List(l) if l.borrow().iter().all(|x| matches!(x, Value::Str(_))) => {
                if let Some(v) = self.record_key(key)? {
                    xpush_npu::device::with_host_placement(|| {
                        crate::py::index::setitem(&v, &Value::Ellipsis, on_host(value)?)
                    })?;
                }
                return Ok(true);
            }
            Value::Int(_) | Value::BigInt(_) if self.scalar => {
                position(&r, key, |i| format!("invalid index ({i})"))?
            }
            _ => return Ok(false),
        };
        self.index.check_writeable("assignment destination")?;
        let view = self.field(k)?;
        xpush_npu::device::with_host_placement(|| {
            crate::py::index::setitem(&view, &Value::Ellipsis, on_host(value)?)
        })?;
        Ok(true)
    }

    /// `a[index] = value` for records: the value as records of this dtype
    /// (tuples, voids, structured arrays, or a value for every field),
    /// broadcast to the selected records and written field by field.
    pub(super) fn set_records(&self, items: &[Index], value: &Value) -> Result<()> {
        xpush_npu::device::with_host_placement(|| self.set_records_here(items, value))
    }

    fn set_records_here(&self, items: &[Index], value: &Value) -> Result<()> {
        self.index.check_writeable("assignment destination")?;
        let targets = xpush_npu::ops::get_index(&self.index, items)?;
        let v = coerce(&on_host(value)?, self.dtype)?;
        v.index.broadcast_to(targets.shape()).map_err(|_| {
            Error::value_error(format!(
                "could not broadcast input array from shape {} into shape {}",
                shape_repr(v.shape()),
                shape_repr(targets.shape())
            ))
        })?;
        let at = Value::Array(Rc::new(targets));
        for (k, t) in self.tables().iter().enumerate() {
            // One record's field is its value (an object field's object
            // itself, not a 0-d array holding it).
            let value = if v.ndim() == 0 {
                v.field_value(k)?
            } else {
                v.field(k)?
            };
            crate::py::index::setitem(t, &at, value)?;
        }
        Ok(())
    }
}

/// `dtype.type` of a structured dtype, `np.void`, and what `isinstance`
/// reads.
pub fn is_void(v: &Value) -> bool {
    matches!(v, Value::HostArray(a) if a.is_scalar() && a.dtype().kind.is_record())
}

// ---------------------------------------------------------------------
// Printing, `tolist` and `item`.

/// How one field's elements print (NumPy's per-field format function,
/// chosen from the field's shown elements).
enum Fmt {
    /// A numeric field.
    Num(Box<xpush_npu::print::ElemFormat>),
    /// A float field of a void: Python's `str` of each element.
    Str,
    /// A text, time or object field; times are right-aligned to `width`.
    Host { width: usize },
    /// A nested structured field.
    Rec(Vec<Fmt>),
    /// A formatter's callable (`np.set_printoptions(formatter=...)`).
    Custom(Value),
}

/// The session's formatter and what runs its callables, when one is set.
pub type Custom<'a, 'h> = Option<(&'a Formatter, &'a Caller<'h>)>;

/// The formatter's callable for a field, if it has one.
fn custom_for(field: &Value, custom: Custom) -> Option<Fmt> {
    let (f, _) = custom?;
    let func = match field {
        Value::Array(a) => f.pick(crate::numpy::printing::format_key(a.dtype())),
        Value::HostArray(h) => h.format_key().and_then(|k| f.pick(k)),
        _ => None,
    };
    func.map(Fmt::Custom)
}

/// NumPy's `_void_scalar_to_string`: a void prints its floats with `str`
/// unless the formatter says otherwise, by `setdefault('float_kind',
/// str)` on the session's formatter dict itself.
fn void_default(custom: Custom) -> Result<()> {
    if let Some((f, _)) = custom {
        if let Some(id) = crate::table::lookup("builtins", "str") {
            f.set_default("float_kind", Value::Builtin(id))?;
        }
    }
    Ok(())
}

/// The records of `a` that print: all of them, or the first and last
/// `edgeitems` along each summarised axis.
fn shown(a: &HostArray, opts: &xpush_npu::PrintOptions) -> Result<HostArray> {
    let summarize = a.size() > opts.threshold;
    let mut index = a.index().clone();
    for (axis, &n) in a.shape().iter().enumerate() {
        if summarize && n > 2 * opts.edgeitems {
            let keep: Vec<i64> = xpush_npu::print::shown_indices(n, opts.edgeitems, true)
                .into_iter()
                .map(|i| i as i64)
                .collect();
            let mut items = vec![
                Index::Slice {
                    start: None,
                    stop: None,
                    step: None
                };
                axis
            ];
            items.push(Index::IntArray(Array::from_vec(
                keep,
                &[n.min(2 * opts.edgeitems)],
            )?));
            index = xpush_npu::ops::get_index(&index, &items)?;
        }
    }
    a.select(index)
}

/// The format of each field of `data` (the shown records); `void` for a
/// void's own text, whose floats print as Python's `str` and whose bools
/// are not padded.
fn formats(
    data: &HostArray,
    void: bool,
    opts: &xpush_npu::PrintOptions,
    custom: Custom,
) -> Result<Vec<Fmt>> {
    let r = get_rec(data.dtype());
    (0..r.fields.len())
        .map(|k| {
            let field = data.field(k)?;
            if let Some(fmt) = custom_for(&field, custom) {
                return Ok(fmt);
            }
            Ok(match field {
                Value::Array(a) if void && a.dtype().is_float() => Fmt::Str,
                // A field of 0-d data (a void's, a 0-d array's) does not
                // pad `True`, as NumPy's BoolFormat of 0-d data.
                Value::Array(a) => Fmt::Num(Box::new(xpush_npu::print::ElemFormat::new(
                    a.dtype(),
                    &a.to_host()?.to_scalars(),
                    a.ndim() == 0,
                    opts,
                ))),
                Value::HostArray(h) if h.dtype().kind.is_record() => {
                    Fmt::Rec(formats(&h, void, opts, custom)?)
                }
                Value::HostArray(h) => Fmt::Host {
                    width: if h.dtype().kind.is_time() {
                        h.cells()
                            .iter()
                            .map(|c| h.elem_text(c).len())
                            .max()
                            .unwrap_or(0)
                    } else {
                        0
                    },
                },
                _ => Fmt::Host { width: 0 },
            })
        })
        .collect()
}

/// The text of the record of `a` at `index` (NumPy's
/// `StructuredVoidFormat`): its fields' texts in parentheses, a field
/// with a shape as a bracketed list (`SubArrayFormat`).
fn record_text(
    a: &HostArray,
    fmts: &[Fmt],
    index: &[usize],
    opts: &xpush_npu::PrintOptions,
    custom: Custom,
) -> Result<String> {
    let mut texts = Vec::with_capacity(fmts.len());
    for (k, fmt) in fmts.iter().enumerate() {
        let field = a.field(k)?;
        let mut at = index.to_vec();
        texts.push(sub_text(&field, fmt, &mut at, opts, custom)?);
    }
    Ok(if texts.len() == 1 {
        format!("({},)", texts[0])
    } else {
        format!("({})", texts.join(", "))
    })
}

/// One field's text at `at` (the record's index, extended through the
/// field's own axes).
fn sub_text(
    field: &Value,
    fmt: &Fmt,
    at: &mut Vec<usize>,
    opts: &xpush_npu::PrintOptions,
    custom: Custom,
) -> Result<String> {
    let shape = match field {
        Value::Array(a) => a.shape().to_vec(),
        Value::HostArray(h) => h.shape().to_vec(),
        _ => Vec::new(),
    };
    if at.len() < shape.len() {
        let n = shape[at.len()];
        let size: usize = shape[at.len()..].iter().product();
        let summarize = size > opts.threshold && n > 2 * opts.edgeitems;
        let mut parts = Vec::new();
        for i in xpush_npu::print::shown_indices(n, opts.edgeitems, summarize) {
            if summarize && i == n - opts.edgeitems {
                parts.push("...".to_string());
            }
            at.push(i);
            parts.push(sub_text(field, fmt, at, opts, custom)?);
            at.pop();
        }
        return Ok(format!("[{}]", parts.join(", ")));
    }
    Ok(match (field, fmt) {
        (Value::Array(a), Fmt::Custom(func)) => match custom {
            Some((_, caller)) => caller.call(func, crate::numpy::conv::scalar(a.scalar_at(at))),
            None => String::new(),
        },
        (Value::HostArray(h), Fmt::Custom(func)) => match custom {
            Some((_, caller)) => caller.call(func, h.format_arg(&h.cell_at(at))),
            None => String::new(),
        },
        (Value::Array(a), Fmt::Num(f)) => f.format(&a.scalar_at(at)),
        (Value::Array(a), _) => xpush_npu::print::scalar_str(&a.scalar_at(at)),
        (Value::HostArray(h), Fmt::Rec(inner)) => {
            let view = h.getitem(
                &at.iter()
                    .map(|&i| Index::Int(i as isize))
                    .collect::<Vec<_>>(),
            )?;
            match view {
                Value::HostArray(v) => record_text(&v, inner, &[], opts, custom)?,
                _ => String::new(),
            }
        }
        (Value::HostArray(h), Fmt::Host { width }) => {
            format!("{:>width$}", h.elem_text(&h.cell_at(at)))
        }
        _ => String::new(),
    })
}

/// `repr` of a structured array (`array([(1, 2.)], dtype=[...])`) or of
/// a void (`np.void((1, 2.0), dtype=[...])`), with the formatter's
/// callables when `custom` has them.
pub fn repr_array(a: &HostArray, custom: Custom) -> Result<String> {
    let opts = crate::numpy::printopts::get();
    let record = is_record_type(a.dtype());
    // A record array shows its dtype as the void one (`rec.array`'s
    // `dtype=` argument).
    let dtype = str(&get_rec(retype(a.dtype(), false)));
    if a.is_scalar() && record && opts.legacy <= 113 {
        // `np.record.__repr__` under '1.13': `str(self.item())`.
        return Ok(crate::py::repr::to_str(&item(&Value::HostArray(
            std::rc::Rc::new(a.clone()),
        ))?));
    }
    if a.is_scalar() && opts.legacy <= 125 {
        // NumPy before 2.0: the fields in the array's formats, no class.
        let fmts = formats(a, false, &opts, custom)?;
        return record_text(a, &fmts, &[], &opts, custom);
    }
    if a.is_scalar() {
        void_default(custom)?;
        let fmts = formats(a, true, &opts, custom)?;
        let class = if record { "record" } else { "void" };
        return Ok(format!(
            "np.{class}({}, dtype={dtype})",
            record_text(a, &fmts, &[], &opts, custom)?
        ));
    }
    let prefix = if record { "rec.array(" } else { "array(" };
    let lst = if a.size() == 0 && (a.shape() == [0] || !record) {
        "[]".to_string()
    } else if a.size() == 0 {
        format!("[], shape={}", shape_repr(a.shape()))
    } else {
        let data = shown(a, &opts)?;
        let fmts = formats(&data, false, &opts, custom)?;
        let summarized = xpush_npu::print::summarized_axes(a.shape(), a.size(), &opts);
        let err = RefCell::new(None);
        let element = |i: &[usize]| {
            record_text(a, &fmts, i, &opts, custom).unwrap_or_else(|e| {
                err.replace(Some(e));
                String::new()
            })
        };
        let s = xpush_npu::print::format_nested(
            a.shape(),
            &summarized,
            &element,
            &opts,
            ", ",
            prefix,
            opts.linewidth.saturating_sub(1),
        );
        if let Some(e) = err.take() {
            return Err(e);
        }
        s
    };
    if record {
        // `recarray.__repr__`: the dtype always on a line of its own.
        return Ok(format!(
            "rec.array({lst},{}\n{}dtype={dtype})",
            // NumPy 1.13 left a space at the end of the line.
            if opts.legacy <= 113 { " " } else { "" },
            " ".repeat(prefix.len())
        ));
    }
    Ok(super::legacy_repr_wrap(
        &lst,
        a.shape(),
        a.size(),
        &dtype,
        &opts,
        true,
    ))
}

/// `str` of a structured array (`[(1, 2.) (3, 4.)]`) or of a void or 0-d
/// array (`(1, 2.0)`), with the formatter's callables when `custom` has
/// them.
pub fn str_array(a: &HostArray, custom: Custom) -> Result<String> {
    let opts = crate::numpy::printopts::get();
    if a.is_scalar() && is_record_type(a.dtype()) && opts.legacy <= 113 {
        return Ok(crate::py::repr::to_str(&item(&Value::HostArray(
            std::rc::Rc::new(a.clone()),
        ))?));
    }
    if a.ndim() == 0 {
        let void = opts.legacy > 125;
        if void {
            void_default(custom)?;
        }
        let fmts = formats(a, void, &opts, custom)?;
        return record_text(a, &fmts, &[], &opts, custom);
    }
    if a.size() == 0 {
        return Ok("[]".into());
    }
    let data = shown(a, &opts)?;
    let fmts = formats(&data, false, &opts, custom)?;
    let summarized = xpush_npu::print::summarized_axes(a.shape(), a.size(), &opts);
    let element = |i: &[usize]| record_text(a, &fmts, i, &opts, custom).unwrap_or_default();
    Ok(xpush_npu::print::format_nested(
        a.shape(),
        &summarized,
        &element,
        &opts,
        " ",
        "",
        opts.linewidth,
    ))
}

/// `void.item()`: a tuple of the fields' Python values (a field with a
/// shape stays an array, a nested record is a tuple), as NumPy's.
pub fn item(v: &Value) -> Result<Value> {
    let Value::HostArray(a) = v else {
        return Ok(v.clone());
    };
    let r = get_rec(a.dtype());
    let items = (0..r.fields.len())
        .map(|k| {
            Ok(match a.field(k)? {
                Value::Array(x) if x.ndim() == 0 => crate::numpy::conv::to_python(&x.item()?),
                Value::Array(x) => crate::numpy::conv::wrap(x.to_host()?.to_contiguous()),
                Value::HostArray(h) if h.ndim() == 0 && h.dtype().kind.is_record() => {
                    item(&Value::HostArray(h))?
                }
                Value::HostArray(h) if h.ndim() == 0 => h.item(&[])?,
                other => other,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::tuple(items))
}

// ---------------------------------------------------------------------
// Sorting, comparing and joining records; the entries records take.

use crate::bind::Args;
use crate::host::Host;
use crate::numpy::compose::{np, np_kw};

/// The structured array an argument is.
pub(super) fn records(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind.is_record() => Ok((**a).clone()),
        other => Err(Error::type_error(format!(
            "expected a structured array, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// Sort keys of the elements of a field array flattened to `(n, m)`
/// (`m` elements a record): each column's dense rank, so that comparing
/// keys in order compares the field's values.
fn field_keys(
    host: &mut dyn Host,
    field: &Value,
    n: usize,
    keys: &mut Vec<Vec<i64>>,
) -> Result<()> {
    match field {
        Value::HostArray(h) if h.dtype().kind.is_record() => {
            let flat = h.select(h.index().reshape(&[n as isize, -1])?)?;
            let m = flat.shape()[1];
            for j in 0..m {
                let col = flat.getitem(&[
                    Index::Slice {
                        start: None,
                        stop: None,
                        step: None,
                    },
                    Index::Int(j as isize),
                ])?;
                let Value::HostArray(col) = col else { continue };
                let ranks = record_ranks(host, &col, &[])?;
                keys.push(ranks.to_vec::<i64>()?);
            }
        }
        Value::HostArray(h) if h.dtype().kind == HostKind::Object => {
            return Err(super::unsupported("sorting records by", h.dtype()));
        }
        Value::HostArray(h) => {
            let (r, _) = super::ranks(&[h])?;
            let r = r[0].reshape(&[n as isize, -1])?.to_contiguous();
            push_columns(&r, n, keys)?;
        }
        Value::Array(a) => {
            let flat = crate::numpy::conv::wrap(a.reshape(&[-1])?);
            let u = np_kw(
                host,
                "unique",
                vec![flat],
                &[("return_inverse", Value::Bool(true))],
            )?;
            let inv = match &u {
                Value::Tuple(t) if t.len() == 2 => crate::numpy::conv::as_array(&t[1])?,
                _ => return Err(Error::runtime_error("unique gave no inverse")),
            };
            let r = inv
                .astype(DType::Int64)
                .reshape(&[n as isize, -1])?
                .to_contiguous();
            push_columns(&r, n, keys)?;
        }
        _ => {}
    }
    Ok(())
}

fn push_columns(r: &Array, n: usize, keys: &mut Vec<Vec<i64>>) -> Result<()> {
    let v = r.to_vec::<i64>()?;
    let m = v.len().checked_div(n).unwrap_or(0);
    for j in 0..m {
        keys.push((0..n).map(|i| v[i * m + j]).collect());
    }
    Ok(())
}

/// The dense rank of each record of `a` (in `a`'s shape) when records
/// compare field by field: the fields `order` names first, then the rest
/// in the dtype's order, as NumPy's sort breaks ties.
fn record_ranks(host: &mut dyn Host, a: &HostArray, order: &[usize]) -> Result<Array> {
    let r = get_rec(a.dtype());
    let n = a.size();
    let flat = a.select(a.index().reshape(&[-1])?)?;
    let mut fields: Vec<usize> = order.to_vec();
    fields.extend((0..r.fields.len()).filter(|k| !order.contains(k)));
    let mut keys = Vec::new();
    for k in fields {
        field_keys(host, &flat.field(k)?, n, &mut keys)?;
    }
    let mut idx: Vec<usize> = (0..n).collect();
    let key = |i: usize| keys.iter().map(move |col| col[i]);
    idx.sort_by(|&i, &j| key(i).cmp(key(j)));
    let mut ranks = vec![0i64; n];
    let mut rank = 0;
    for (w, &i) in idx.iter().enumerate() {
        if w > 0 && key(idx[w - 1]).ne(key(i)) {
            rank += 1;
        }
        ranks[i] = rank;
    }
    Array::from_vec(ranks, a.shape())
}

/// The fields an `order=` argument names (a name or a list of names).
fn order_arg(r: &RecordDType, v: &Value) -> Result<Vec<usize>> {
    let names = match v {
        Value::None => return Ok(Vec::new()),
        Value::Str(_) => vec![v.clone()],
        other => crate::py::iter::to_vec(other)?,
    };
    names
        .iter()
        .map(|n| match n {
            Value::Str(s) => field_index(r, s)
                .map_err(|_| Error::value_error(format!("unknown field name: {s}"))),
            other => Err(Error::value_error(format!(
                "order must be str or list of str, not {}",
                crate::ops::type_name(other)
            ))),
        })
        .collect()
}

/// `np.argsort(a, axis=-1, kind=None, order=None)` of records.
fn argsort(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    let order = order_arg(&get_rec(t.dtype()), a.get(3))?;
    let ranks = record_ranks(host, &t, &order)?;
    np_kw(
        host,
        "argsort",
        vec![crate::numpy::conv::wrap(ranks), a.get(1).clone()],
        &[("kind", Value::str("stable"))],
    )
}

/// `np.sort(a, axis=-1, kind=None, order=None)` of records: a sorted copy.
fn sort(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    let axis = a.get(1).clone();
    let (t, axis) = if axis.is_none() {
        (t.select(t.index().reshape(&[-1])?)?, Value::Int(-1))
    } else {
        (t, axis)
    };
    let order = order_arg(&get_rec(t.dtype()), a.get(3))?;
    let ranks = record_ranks(host, &t, &order)?;
    let idx = np_kw(
        host,
        "argsort",
        vec![crate::numpy::conv::wrap(ranks), axis.clone()],
        &[("kind", Value::str("stable"))],
    )?;
    let index = crate::numpy::conv::wrap(t.index().clone());
    let picked = np(host, "take_along_axis", vec![index, idx, axis])?;
    let picked = crate::numpy::conv::as_array(&picked)?;
    Ok(super::wrap(t.gather_records(&picked)?))
}

/// `a.sort(axis=-1, kind=None, order=None)`: sorts the records in place.
fn sort_in_place(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    let sorted = super::funcs::sorted_for_method(host, a, sort)?;
    t.set_records(&[Index::Ellipsis], &sorted)?;
    Ok(Value::None)
}

/// `x == y` / `x != y` of structured arrays (and voids): records are equal
/// when every field is (all elements of a field with a shape), fields
/// matched by position as NumPy 2 compares them.
pub fn equal(host: &mut dyn Host, x: &Value, y: &Value, ne: bool) -> Result<Value> {
    let (Value::HostArray(a), Value::HostArray(b)) = (x, y) else {
        // A record and anything else: never equal (NumPy 2's result for
        // types it cannot compare).
        let shape = match (x, y) {
            (Value::HostArray(a), _) | (_, Value::HostArray(a)) => a.shape().to_vec(),
            _ => Vec::new(),
        };
        return crate::numpy::conv::wrap_result(Array::full(
            &shape,
            xpush_npu::Scalar::Bool(ne),
            DType::Bool,
        ));
    };
    let (ra, rb) = (get_rec(a.dtype()), get_rec(b.dtype()));
    if ra.fields.len() != rb.fields.len() || !b.dtype().kind.is_record() {
        return Err(Error::type_error(
            "Cannot compare structured arrays unless they have a common dtype.  I.e. `np.result_type(arr1, arr2)` must be defined.",
        ));
    }
    let mut acc: Option<Value> = None;
    for (k, f) in ra.fields.iter().enumerate() {
        let (fa, fb) = (a.field(k)?, b.field(k)?);
        let mut eq = if f.dtype == AnyDType::Host(a.dtype()) {
            equal(host, &fa, &fb, false)?
        } else {
            np(host, "equal", vec![fa, fb])?
        };
        if !f.shape.is_empty() {
            let nd = f.shape.len() as i64;
            let axes = Value::tuple((1..=nd).map(|i| Value::Int(-i)).collect());
            eq = np_kw(host, "all", vec![eq], &[("axis", axes)])?;
        }
        acc = Some(match acc {
            None => eq,
            Some(prev) => np(host, "logical_and", vec![prev, eq])?,
        });
    }
    let eq = match acc {
        Some(v) => v,
        None => crate::numpy::conv::wrap_result(Array::full(
            a.shape(),
            xpush_npu::Scalar::Bool(true),
            DType::Bool,
        ))?,
    };
    let out = if ne {
        np(host, "logical_not", vec![eq])?
    } else {
        eq
    };
    // Two voids compare to a NumPy bool.
    Ok(match &out {
        Value::Array(r) if r.ndim() == 0 && a.is_scalar() && b.is_scalar() => {
            crate::numpy::conv::scalar(r.item()?)
        }
        _ => out,
    })
}

fn array_equal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0), a.get(1));
    let same_shape = match (x, y) {
        (Value::HostArray(p), Value::HostArray(q)) => p.shape() == q.shape(),
        _ => false,
    };
    if !same_shape {
        return Ok(Value::Bool(false));
    }
    let eq = equal(host, x, y, false)?;
    let all = np(host, "all", vec![eq])?;
    Ok(Value::Bool(crate::ops::truthy(&all)?))
}

/// Structured arrays pooled into one: their records (cast to their
/// common dtype, NumPy's promotion) laid end to end in one array, and
/// for each its positions there in its own shape. Joining functions run
/// on the positions and gather the records they pick.
fn pooled(host: &mut dyn Host, arrays: &[HostArray]) -> Result<(HostArray, Vec<Value>)> {
    let Some(first) = arrays.first() else {
        return Err(Error::value_error("need at least one array to concatenate"));
    };
    let mut dtype = first.dtype();
    for x in &arrays[1..] {
        dtype = promote(dtype, x.dtype())?;
    }
    let n: usize = arrays.iter().map(HostArray::size).sum();
    let mut offset = 0;
    let mut idx = Vec::with_capacity(arrays.len());
    let mut parts: Vec<Vec<Value>> = vec![Vec::new(); get_rec(dtype).fields.len()];
    for x in arrays {
        let x = if x.dtype() == dtype {
            x.clone()
        } else {
            from_value(&Value::HostArray(Rc::new(x.clone())), dtype)?
        };
        let flat = x.select(x.index().reshape(&[-1])?)?;
        for (k, f) in parts.iter_mut().enumerate() {
            f.push(flat.field(k)?);
        }
        let dims: Vec<isize> = x.shape().iter().map(|&d| d as isize).collect();
        idx.push(crate::numpy::conv::wrap(
            Array::arange_int(offset as i64, (offset + x.size()) as i64, 1, DType::Int64)?
                .reshape(&dims)?,
        ));
        offset += x.size();
    }
    let fields = parts
        .into_iter()
        .map(|p| np(host, "concatenate", vec![Value::list(p)]))
        .collect::<Result<Vec<_>>>()?;
    Ok((from_fields(dtype, &[n], &fields)?, idx))
}

/// The records of `pool` at the positions a joining function gave.
fn gathered(pool: &HostArray, positions: &Value) -> Result<Value> {
    let positions = crate::numpy::conv::as_array(positions)?;
    Ok(super::wrap(pool.gather_records(&positions)?))
}

/// The structured arrays of a sequence argument.
fn sequence(v: &Value) -> Result<Vec<HostArray>> {
    crate::py::iter::to_vec(v)?.iter().map(records).collect()
}

/// `np.concatenate`, `np.stack`, `np.vstack`, `np.hstack`,
/// `np.column_stack` (`name`) of structured arrays: the entry itself on
/// their pooled positions, its other arguments as given.
fn join(host: &mut dyn Host, a: &mut Args, name: &str) -> Result<Value> {
    let (pool, idx) = pooled(host, &sequence(a.get(0))?)?;
    let mut args = a.values.clone();
    args[0] = Value::list(idx);
    let id = crate::table::lookup("numpy", name)
        .ok_or_else(|| Error::runtime_error(format!("numpy.{name} is missing")))?;
    let mut bound = Args {
        values: args,
        rest: Vec::new(),
    };
    let r = (crate::table::get(id).imp)(host, &mut bound)?;
    gathered(&pool, &r)
}

/// `np.where(condition, x, y)` of structured arrays.
fn where_(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.get(1).is_none() && a.get(2).is_none() {
        return Err(super::unsupported(
            "numpy.where(condition)",
            records(a.get(0))?.dtype(),
        ));
    }
    if let Some(r) = super::funcs::where_other(host, a)? {
        return Ok(r);
    }
    let xy = [records(a.get(1))?, records(a.get(2))?];
    let (pool, idx) = pooled(host, &xy)?;
    let r = np(
        host,
        "where",
        vec![
            super::funcs::condition(a.get(0))?,
            idx[0].clone(),
            idx[1].clone(),
        ],
    )?;
    gathered(&pool, &r)
}

/// `np.append(arr, values, axis=None)` of structured arrays (`values` as
/// records of `arr`'s dtype).
fn append(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = records(a.get(0))?;
    // NumPy makes an array of `values` first: anything but records has
    // no common dtype with them.
    let y = match a.get(1) {
        Value::HostArray(h) if h.dtype().kind.is_record() => (**h).clone(),
        other => {
            let arr = np(host, "asarray", vec![other.clone()])?;
            let d = crate::ops::getattr(&arr, "dtype")?;
            super::promote::result_type(&[Value::HostDType(x.dtype()), d])?;
            coerce(&arr, x.dtype())?
        }
    };
    let (pool, idx) = pooled(host, &[x, y])?;
    let r = np(
        host,
        "append",
        vec![idx[0].clone(), idx[1].clone(), a.get(2).clone()],
    )?;
    gathered(&pool, &r)
}

/// `np.unique(ar, return_index=False, return_inverse=False,
/// return_counts=False, axis=None, ...)` of records: NumPy's unique on
/// their ranks, the unique ranks turned back into records.
fn unique(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    let flat = t.select(t.index().reshape(&[-1])?)?;
    let ranks = record_ranks(host, &flat, &[])?;
    // The first record of each rank stands for it.
    let mut first = std::collections::BTreeMap::new();
    for (p, r) in ranks.to_vec::<i64>()?.into_iter().enumerate() {
        first.entry(r).or_insert(p as i64);
    }
    let mut args = a.values.clone();
    args[0] = crate::numpy::conv::wrap(
        ranks.reshape(&t.shape().iter().map(|&d| d as isize).collect::<Vec<_>>())?,
    );
    let id = crate::table::lookup("numpy", "unique")
        .ok_or_else(|| Error::runtime_error("numpy.unique is missing"))?;
    let mut bound = Args {
        values: args,
        rest: Vec::new(),
    };
    let out = (crate::table::get(id).imp)(host, &mut bound)?;
    let values = |v: &Value| -> Result<Value> {
        let u = crate::numpy::conv::as_array(v)?;
        let at: Vec<i64> = u
            .to_vec::<i64>()?
            .into_iter()
            .map(|r| first.get(&r).copied().unwrap_or(0))
            .collect();
        let at = Array::from_vec(at, u.shape())?;
        Ok(super::wrap(flat.gather_records(&at)?))
    };
    match &out {
        Value::Tuple(items) => {
            let mut items = items.to_vec();
            if let Some(v) = items.first_mut() {
                *v = values(v)?;
            }
            Ok(Value::tuple(items))
        }
        v => values(v),
    }
}

/// `a.astype(dtype)` of records: to another structured dtype, fields
/// matched by position.
fn astype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    match super::dtype_arg(a.get(1)) {
        Some(d) if d.kind.is_record() => Ok(super::wrap(from_value(a.get(0), d)?)),
        // Objects: each record as the tuple of its fields.
        Some(d) if d.kind == HostKind::Object => {
            Ok(super::wrap(super::from_value(a.get(0), Some(d))?))
        }
        _ => Err(Error::type_error(format!(
            "Cannot cast array data from {} to {}",
            t.dtype().repr(),
            crate::ops::repr(a.get(1))
        ))),
    }
}

/// `a.view(type)` / `a.view(dtype)` / `a.view(dtype, type)` of records:
/// the same records as a record array (`np.recarray`), as a plain array
/// (`np.ndarray`), or under an equal dtype; other dtypes would
/// reinterpret the bytes, which xpush's records (one array per field)
/// cannot share.
fn view(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = records(a.get(0))?;
    let class_of = |v: &Value| match v {
        Value::Builtin(id) => {
            let d = crate::table::get(*id);
            match (d.module, d.name) {
                ("numpy.rec", "recarray") => Some(true),
                ("numpy", "ndarray") => Some(false),
                _ => None,
            }
        }
        _ => None,
    };
    let (dtype, class) = match (a.get(1), a.get(2)) {
        (d, Value::None) if class_of(d).is_some() => (Value::None, class_of(d)),
        (d, c) => (d.clone(), class_of(c)),
    };
    let mut out = t.clone();
    if !dtype.is_none() {
        match super::dtype_arg(&dtype) {
            Some(d) if same(d, t.dtype()) => out = out.retyped(is_record_type(d)),
            _ => {
                return Err(Error::type_error(format!(
                    "xpush views records only as the same structured dtype, not as {}",
                    crate::ops::repr(&dtype)
                )))
            }
        }
    }
    match class {
        Some(true) => out = out.retyped(true),
        Some(false) if dtype.is_none() => out = out.retyped(false),
        _ => {}
    }
    Ok(super::wrap(out))
}

/// The entries a structured array takes, and how.
const OWN: &[(&str, &str, crate::table::Imp)] = &[
    // A subarray dtype (`np.dtype((int, 2))`) makes rows of numbers.
    ("numpy", "fromiter", crate::numpy::create::fromiter),
    ("ndarray", "dtype", |_, a| {
        Ok(Value::HostDType(records(a.get(0))?.dtype()))
    }),
    ("ndarray", "itemsize", |_, a| {
        Ok(Value::Int(records(a.get(0))?.dtype().itemsize() as i64))
    }),
    ("ndarray", "nbytes", |_, a| {
        let t = records(a.get(0))?;
        Ok(Value::Int((t.dtype().itemsize() * t.size()) as i64))
    }),
    ("ndarray", "tolist", |_, a| Ok(records(a.get(0))?.tolist())),
    ("ndarray", "item", |_, a| records(a.get(0))?.item(&a.rest)),
    ("ndarray", "astype", astype),
    ("ndarray", "sort", sort_in_place),
    ("ndarray", "argsort", argsort),
    ("numpy", "sort", sort),
    ("numpy", "argsort", argsort),
    ("numpy", "concatenate", |h, a| join(h, a, "concatenate")),
    ("numpy", "stack", |h, a| join(h, a, "stack")),
    ("numpy", "vstack", |h, a| join(h, a, "vstack")),
    ("numpy", "hstack", |h, a| join(h, a, "hstack")),
    ("numpy", "column_stack", |h, a| join(h, a, "column_stack")),
    ("numpy", "where", where_),
    ("numpy", "append", append),
    ("numpy", "unique", unique),
    ("numpy", "array_equal", array_equal),
    ("numpy", "equal", |h, a| equal(h, a.get(0), a.get(1), false)),
    ("numpy", "not_equal", |h, a| {
        equal(h, a.get(0), a.get(1), true)
    }),
    ("dtype", "name", |_, a| {
        Ok(Value::str(dtype_of(a.get(0))?.name()))
    }),
    ("dtype", "itemsize", |_, a| {
        Ok(Value::Int(dtype_of(a.get(0))?.itemsize() as i64))
    }),
    ("dtype", "kind", |_, _| Ok(Value::str("V"))),
    ("dtype", "char", |_, _| Ok(Value::str("V"))),
    ("dtype", "str", |_, a| {
        Ok(Value::str(dtype_of(a.get(0))?.code()))
    }),
    ("dtype", "type", |_, a| {
        super::scalar_type_value(dtype_of(a.get(0))?)
    }),
    ("ndarray", "view", view),
    ("ndarray", "fill", |_, a| {
        records(a.get(0))?.set_records(&[Index::Ellipsis], a.get(1))?;
        Ok(Value::None)
    }),
    ("numpy", "dtype", crate::numpy::types::dtype_new),
    ("numpy", "save", crate::numpy::io::save_entry),
    ("ndarray", "tobytes", super::record_io::tobytes),
    ("numpy", "frombuffer", super::record_io::frombuffer),
    ("numpy", "loadtxt", crate::numpy::io::loadtxt),
    ("numpy", "savetxt", crate::numpy::io::savetxt_entry),
    ("numpy", "genfromtxt", crate::numpy::io::genfromtxt),
    ("numpy", "fromregex", crate::numpy::io::fromregex),
    ("numpy", "savez", crate::numpy::io::savez),
    (
        "numpy",
        "savez_compressed",
        crate::numpy::io::savez_compressed,
    ),
];

fn dtype_of(v: &Value) -> Result<HostDType> {
    super::dtype_arg(v).ok_or_else(|| Error::type_error("expected a structured dtype"))
}

/// The text arrays' overrides that hold for records as they are: the
/// creation functions, the type queries, flags.
const SHARED: &[(&str, &str)] = &[
    ("ndarray", "device"),
    ("ndarray", "flags"),
    ("numpy", "array"),
    ("numpy", "asarray"),
    ("numpy", "asanyarray"),
    ("numpy", "zeros"),
    ("numpy", "empty"),
    ("numpy", "ones"),
    ("numpy", "full"),
    ("numpy", "zeros_like"),
    ("numpy", "empty_like"),
    ("numpy", "issubdtype"),
    ("numpy", "result_type"),
    ("numpy", "promote_types"),
    ("numpy", "can_cast"),
    ("numpy", "min_scalar_type"),
    ("numpy", "common_type"),
];

/// What runs instead of entry `module.name` when an argument is a
/// structured array or dtype; `None` when records are not supported there.
pub fn override_for(module: &str, name: &str) -> Option<super::funcs::Override> {
    use super::funcs::Override;
    if let Some((_, _, imp)) = OWN.iter().find(|(m, n, _)| *m == module && *n == name) {
        return Some(Override::Own(*imp));
    }
    match super::funcs::override_for(module, name) {
        Some(Override::OnIndex) => Some(Override::OnIndex),
        Some(own) if SHARED.contains(&(module, name)) => Some(own),
        _ => None,
    }
}

/// Every entry that takes structured arrays through an override, as
/// `(module, name)` (for `xpush ops`).
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    super::funcs::on_index_entries()
        .chain(OWN.iter().map(|(m, n, _)| (*m, *n)))
        .chain(SHARED.iter().copied())
}

// ---------------------------------------------------------------------
// Record arrays (`np.recarray`, `np.record`): fields as attributes.

/// `r.name` of a record array or record whose dtype has no method or
/// property of that name: the field, NumPy's error when there is none.
pub fn rec_getattr(a: &HostArray, name: &str) -> Result<Value> {
    let r = get_rec(a.dtype());
    match r.fields.iter().position(|f| &*f.name == name) {
        Some(k) if a.is_scalar() => a.field_value(k),
        Some(k) => a.field(k),
        None if a.is_scalar() => Err(Error::attribute_error(format!(
            "'record' object has no attribute '{name}'"
        ))),
        None => Err(Error::attribute_error(format!(
            "recarray has no attribute {name}"
        ))),
    }
}

/// `r.name = value` of a record array or record: assigns the field;
/// `false` when `name` is not a field.
pub fn rec_setattr(a: &HostArray, name: &str, value: &Value) -> Result<bool> {
    if !get_rec(a.dtype()).fields.iter().any(|f| &*f.name == name) {
        return Ok(false);
    }
    a.record_key_set(&Value::str(name), value)
}

impl HostArray {
    /// The same records (a view) with another dtype of the same layout:
    /// the record/void twin of its dtype.
    pub fn retyped(&self, record: bool) -> HostArray {
        HostArray {
            dtype: retype(self.dtype, record),
            ..self.clone()
        }
    }
}

// ---------------------------------------------------------------------
// What records are not: numbers.

/// NumPy's error for a ufunc given a structured operand (`a + 1`, `-a`,
/// `a < b`): arithmetic names the operands' dtypes, the unary ufuncs and
/// the orderings their classes; `None` when no operand is structured.
pub fn no_loop(ufunc: &str, x: &Value, y: Option<&Value>) -> Option<Error> {
    let is_record = |v: &Value| matches!(v, Value::HostArray(h) if h.dtype().kind.is_record());
    if !is_record(x) && !y.is_some_and(is_record) {
        return None;
    }
    let class = super::funcs::dtype_class;
    let types = match y {
        None if matches!(ufunc, "invert" | "sin" | "cos" | "exp" | "log" | "sqrt") => {
            return Some(Error::type_error(format!(
                "ufunc '{ufunc}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
            )));
        }
        None => class(x),
        Some(y) if matches!(ufunc, "less" | "less_equal" | "greater" | "greater_equal") => {
            format!("({}, {})", class(x), class(y))
        }
        Some(y) => format!("({}, {})", dtype_repr(x), dtype_repr(y)),
    };
    Some(Error::new(
        xpush_npu::ExcKind::UFuncTypeError,
        format!(
            "ufunc '{ufunc}' did not contain a loop with signature matching types {types} -> None"
        ),
    ))
}

/// `repr` of the dtype an operand has as NumPy sees it in a ufunc
/// (`dtype('int64')` for a Python int).
fn dtype_repr(v: &Value) -> String {
    match v {
        Value::HostArray(h) => h.dtype().repr(),
        Value::Array(a) => format!("dtype('{}')", a.dtype()),
        Value::Scalar(s) => format!("dtype('{}')", s.dtype()),
        Value::Bool(_) => "dtype('bool')".into(),
        Value::Int(_) | Value::BigInt(_) => "dtype('int64')".into(),
        Value::Float(_) => "dtype('float64')".into(),
        Value::Complex(_) => "dtype('complex128')".into(),
        Value::Str(_) => "dtype('<U')".into(),
        _ => "dtype('O')".into(),
    }
}

/// `bool(a)` of one record: whether any of its bytes is nonzero, as
/// NumPy reads a void (an object field's reference always is).
pub fn truthy(a: &HostArray) -> Result<bool> {
    for k in 0..get_rec(a.dtype()).fields.len() {
        let any = match a.field(k)? {
            Value::Array(x) => x
                .to_host()?
                .to_scalars()
                .iter()
                .any(|s| s.to_elem().as_complex() != (0.0, 0.0)),
            Value::HostArray(h) if h.dtype().kind.is_record() => {
                let flat = h.select(h.index().reshape(&[-1])?)?;
                let mut any = false;
                for p in 0..flat.size() {
                    if let Value::HostArray(r) = flat.getitem(&[Index::Int(p as isize)])? {
                        any |= truthy(&r)?;
                    }
                }
                any
            }
            Value::HostArray(h) if h.dtype().kind == HostKind::Object => {
                let mut any = false;
                for c in h.cells() {
                    any |= crate::ops::truthy(&c.to_value())?;
                }
                any
            }
            Value::HostArray(h) => h.cells().iter().any(|c| match c {
                Cell::Time(v) => *v != 0,
                c => !c.is_empty(),
            }),
            _ => false,
        };
        if any {
            return Ok(true);
        }
    }
    Ok(false)
}
