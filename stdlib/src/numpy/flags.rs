//! `a.flags`: NumPy's `flagsobj`, a live view of an array's memory
//! flags. Reading gives C/F contiguity, OWNDATA, WRITEABLE and the
//! derived flags (`a.flags.c_contiguous`, `a.flags['C']`,
//! `a.flags.behaved`, ...); WRITEABLE (and ALIGNED and WRITEBACKIFCOPY,
//! as far as NumPy lets a user set them) can be set
//! (`a.flags.writeable = False` makes `a` read-only, and every write into
//! it raises NumPy's `ValueError: assignment destination is read-only`).
//! `a.setflags(write=False)` is the method form.

use std::rc::Rc;

use xpush_npu::Array;

use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// `a.flags` of the array value `a`.
pub fn new(a: Value) -> Value {
    Value::Object(Rc::new(Object::Flags(a)))
}

/// The core array that holds the flags: the array itself, or the index
/// array behind a string, datetime or object array (its views follow the
/// host array's).
fn core(a: &Value) -> Result<&Array> {
    match a {
        Value::Array(x) => Ok(x),
        Value::HostArray(h) => Ok(h.index()),
        _ => Err(Error::type_error("flags of a non-array")),
    }
}

/// The value of one flag by any of NumPy's names for it (the long and
/// one-letter keys of `a.flags[...]`, the attribute names in lower case).
fn flag(x: &Array, name: &str) -> Option<bool> {
    let l = x.layout();
    let (c, f) = (l.is_c_contiguous(), l.is_f_contiguous());
    let (own, w) = (!x.is_view(), x.is_writeable());
    Some(match name {
        "C_CONTIGUOUS" | "C" | "CONTIGUOUS" => c,
        "F_CONTIGUOUS" | "F" | "FORTRAN" => f,
        "OWNDATA" | "O" => own,
        "WRITEABLE" | "W" => w,
        "ALIGNED" | "A" => true,
        "WRITEBACKIFCOPY" | "X" => false,
        "FNC" => f && !c,
        "FORC" => f || c,
        "BEHAVED" => w,
        "CARRAY" => w && c,
        "FARRAY" => w && f && !c,
        _ => return None,
    })
}

/// `a.flags.name`: the lower-case attribute names of the flags, and
/// `num`, their bits as one int (NumPy's `NPY_ARRAY_*` values).
pub fn attr(a: &Value, name: &str) -> Result<Value> {
    let x = core(a)?;
    if name == "num" {
        let bits = [("C", 1), ("F", 2), ("O", 4), ("A", 256), ("W", 1024)];
        let num: i64 = bits
            .iter()
            .filter(|(k, _)| flag(x, k) == Some(true))
            .map(|(_, b)| b)
            .sum();
        return Ok(Value::Int(num));
    }
    let attrs = [
        "c_contiguous",
        "f_contiguous",
        "owndata",
        "writeable",
        "aligned",
        "writebackifcopy",
        "fnc",
        "forc",
        "behaved",
        "carray",
        "farray",
        "contiguous",
        "fortran",
    ];
    match flag(x, &name.to_ascii_uppercase()) {
        Some(v) if attrs.contains(&name) => Ok(Value::Bool(v)),
        _ => Err(Error::attribute_error(format!(
            "'numpy._core.multiarray.flagsobj' object has no attribute '{name}'"
        ))),
    }
}

/// `a.flags[key]`.
pub fn getitem(a: &Value, key: &Value) -> Result<Value> {
    let Value::Str(k) = key else {
        return Err(unknown());
    };
    flag(core(a)?, k).map(Value::Bool).ok_or_else(unknown)
}

fn unknown() -> Error {
    Error::new(ExcKind::KeyError, "'Unknown flag'")
}

/// Sets WRITEABLE (the one flag xpush's arrays can change); setting
/// ALIGNED and clearing WRITEBACKIFCOPY change nothing, as in NumPy, and
/// the other way round is an error (NumPy's for WRITEBACKIFCOPY; NumPy
/// can mark an array unaligned, xpush's are always aligned).
fn set(a: &Value, which: &str, on: bool) -> Result<()> {
    let x = core(a)?;
    match which {
        "WRITEABLE" => x.set_writeable(on),
        "ALIGNED" if on => Ok(()),
        "ALIGNED" => Err(Error::value_error(
            "xpush's arrays are always aligned: the ALIGNED flag cannot be unset",
        )),
        _ if on => Err(Error::value_error(
            "cannot set WRITEBACKIFCOPY flag to True",
        )),
        _ => Ok(()),
    }
}

/// `a.flags.name = value`.
pub fn setattr(a: &Value, name: &str, value: &Value) -> Result<()> {
    let which = match name {
        "writeable" => "WRITEABLE",
        "aligned" => "ALIGNED",
        "writebackifcopy" => "WRITEBACKIFCOPY",
        _ if attr(a, name).is_ok() => {
            return Err(Error::attribute_error(format!(
                "attribute '{name}' of 'numpy._core.multiarray.flagsobj' objects is not writable"
            )))
        }
        _ => {
            return Err(Error::attribute_error(format!(
                "'numpy._core.multiarray.flagsobj' object has no attribute '{name}'"
            )))
        }
    };
    set(a, which, crate::ops::truthy(value)?)
}

/// `a.flags[key] = value`: the writable flags by their long or one-letter
/// keys.
pub fn setitem(a: &Value, key: &Value, value: &Value) -> Result<()> {
    let which = match key {
        Value::Str(k) => match &**k {
            "WRITEABLE" | "W" => "WRITEABLE",
            "ALIGNED" | "A" => "ALIGNED",
            "WRITEBACKIFCOPY" | "X" => "WRITEBACKIFCOPY",
            _ => return Err(unknown()),
        },
        _ => return Err(unknown()),
    };
    set(a, which, crate::ops::truthy(value)?)
}

/// `a.setflags(write=None, align=None, uic=None)`.
pub fn setflags(a: &Value, write: &Value, align: &Value, uic: &Value) -> Result<()> {
    if !matches!(uic, Value::None) {
        set(a, "WRITEBACKIFCOPY", crate::ops::truthy(uic)?)?;
    }
    if !matches!(align, Value::None) {
        set(a, "ALIGNED", crate::ops::truthy(align)?)?;
    }
    if !matches!(write, Value::None) {
        set(a, "WRITEABLE", crate::ops::truthy(write)?)?;
    }
    Ok(())
}

/// `repr(a.flags)` and `str(a.flags)`: NumPy's six lines, each ending in a
/// newline.
pub fn text(a: &Value) -> Result<String> {
    let x = core(a)?;
    let mut s = String::new();
    for name in [
        "C_CONTIGUOUS",
        "F_CONTIGUOUS",
        "OWNDATA",
        "WRITEABLE",
        "ALIGNED",
        "WRITEBACKIFCOPY",
    ] {
        let v = flag(x, name).unwrap_or(false);
        s.push_str(&format!(
            "  {name} : {}\n",
            if v { "True" } else { "False" }
        ));
    }
    Ok(s)
}
