//! More of `MaskedArray` (numpy/ma/core.py): sorting, lists and bytes,
//! views and casts, and the ndarray attributes NumPy's class inherits.
//! What NumPy inherits from `ndarray` is here the ndarray method run on the
//! data, its result made a masked array as NumPy's `__array_finalize__`
//! makes it ([`finalize`]).

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::{DType, Scalar};

use super::compose::{attr, item, np, np_kw, truth};
use super::conv::as_array;
use super::ma::{
    blank, call_builtin, check_fill, class, extreme_fill, fill_value, filled_with, get_attr,
    getmaskarray, is_ma, is_masked_const, kind_of, make, masked, meth, new_ma, no_out, nomask,
    parts, set_attr, setitem_at, structural,
};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::class::{Class, Instance};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The methods and properties of `MaskedArray` defined here.
pub const METHODS: &[FuncDef] = &[
    entry!(Method, NumpyCreate, "MaskedArray", "argsort", "(self, axis=<no value>, kind=None, order=None, endwith=True, fill_value=None, *, stable=False)", argsort_m,
        "The indices that sort the data with the masked elements as fill_value (NaN or the dtype's largest with endwith=True, its smallest with endwith=False); axis defaults to None (with a warning) for 2-d and more.",
        ["np.ma.array([3, 1, 2], mask=[0, 1, 0]).argsort()  # array([2, 0, 1])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "sort", "(self, axis=-1, kind=None, order=None, endwith=True, fill_value=None, *, stable=False)", sort_m,
        "Sorts in place along axis, the masked elements last (first with endwith=False; as fill_value when it is given).",
        ["m = np.ma.array([3, 1, 2], mask=[0, 1, 0]); m.sort(); m.mask  # array([False, False,  True])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "partition", "(self, kth, axis=-1, kind='introselect', order=None)", partition_m,
        "Partitions the data in place (ndarray.partition), with a UserWarning: the mask is ignored and stays where it was.",
        ["m = np.ma.array([3, 1, 2]); m.partition(1); m.data  # array([1, 2, 3])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "argpartition", "(self, kth, axis=-1, kind='introselect', order=None)", argpartition_m,
        "The indices that partition the data (ndarray.argpartition), with a UserWarning: the mask is ignored (the result keeps the array's mask).",
        ["np.ma.array([3, 1, 2]).argpartition(1).data  # array([1, 2, 0])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "searchsorted", "(self, v, side='left', sorter=None)", searchsorted_m,
        "Where v would go in the sorted data (ndarray.searchsorted; masks are ignored).",
        ["np.ma.array([1, 2, 3], mask=[0, 1, 0]).searchsorted(2)  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "tolist", "(self, fill_value=None)", tolist_m,
        "The data as nested Python lists, the masked elements None (or fill_value).",
        ["np.ma.array([3, 1, 2], mask=[0, 1, 0]).tolist()  # [3, None, 2]"]),
    entry!(Method, NumpyCreate, "MaskedArray", "item", "(self, *args)", item_m,
        "An element of the data as a Python scalar (ndarray.item; the mask is not consulted).",
        ["np.ma.array([3, 1, 2], mask=[0, 1, 0]).item(1)  # 1"]),
    entry!(Method, NumpyCreate, "MaskedArray", "view", "(self, dtype=None, type=None, fill_value=None)", view_m,
        "A view of the data: a masked array sharing data and mask (in another dtype of the same item size), or, given an ndarray class, the data as that class.",
        ["np.ma.array([3, 1], mask=[0, 1]).view(np.ndarray)  # array([3, 1])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "astype", "(self, dtype, order='K', casting='unsafe', subok=True, copy=True)", astype_m,
        "The data cast to dtype, the mask copied, the fill value cast.",
        ["np.ma.array([3, 1], mask=[0, 1]).astype(float).data  # array([3., 1.])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "real", "(self, /)", real_p,
        "The real part of the data (a view), the mask copied.",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).real.data  # array([1., 0.])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "imag", "(self, /)", imag_p,
        "The imaginary part of the data, the mask copied.",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).imag.data  # array([2., 3.])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "get_real", "(self)", real_p,
        "The real part (MaskedArray.real).",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).get_real().data  # array([1., 0.])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "get_imag", "(self)", imag_p,
        "The imaginary part (MaskedArray.imag).",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).get_imag().data  # array([2., 3.])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "conj", "(self)", conj_m,
        "The complex conjugate of the data (np.conjugate: masked elements too), the mask carried.",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).conj().data  # array([1.-2.j, 0.-3.j])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "conjugate", "(self)", conj_m,
        "The complex conjugate (conj).",
        ["np.ma.array([1+2j, 3j], mask=[0, 1]).conjugate().data  # array([1.-2.j, 0.-3.j])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "product", "(self, axis=None, dtype=None, out=None, keepdims=False)", super::ma::prod_m,
        "The product of the unmasked elements (prod).",
        ["np.ma.array([2, 5, 3], mask=[0, 1, 0]).product()  # np.int64(6)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "anom", "(self, axis=None, dtype=None)", super::ma::anom_fn,
        "The anomalies: the deviations from the mean along axis (np.ma.anom).",
        ["np.ma.array([1, 2, 3]).anom().data  # array([-1.,  0.,  1.])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "fill", "(self, value)", fill_m,
        "Sets every element of the data to value, in place (the mask is kept).",
        ["m = np.ma.array([1, 2], mask=[0, 1]); m.fill(7); m.data  # array([7, 7])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "flat", "(self, /)", flat_p,
        "A flat iterator over the elements (masked ones as np.ma.masked); indexing and assigning through it read and write data and mask.",
        ["list(np.ma.array([1, 2], mask=[0, 1]).flat)  # [np.int64(1), masked]"]),
    entry!(Method, NumpyCreate, "MaskedArray", "_set_flat", "(self, value)", set_flat_m,
        "Assigns value to every element in flat order (m.flat = value).",
        ["np.ma.array([1, 2], mask=[0, 1]).flat[0]  # np.int64(1)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "nbytes", "(self, /)", nbytes_p,
        "The number of bytes of the data.",
        ["np.ma.array([1, 2]).nbytes  # 16"]),
    entry!(Property, NumpyCreate, "MaskedArray", "itemsize", "(self, /)", itemsize_p,
        "The size of one element of the data in bytes.",
        ["np.ma.array([1, 2]).itemsize  # 8"]),
    entry!(Property, NumpyCreate, "MaskedArray", "strides", "(self, /)", strides_p,
        "The strides of the data in bytes.",
        ["np.ma.array([[1, 2]]).strides  # (16, 8)"]),
    entry!(Property, NumpyCreate, "MaskedArray", "flags", "(self, /)", flags_p,
        "The memory layout flags (a masked array is a view: OWNDATA is False).",
        ["np.ma.array([1, 2]).flags.owndata  # False"]),
    entry!(Property, NumpyCreate, "MaskedArray", "base", "(self, /)", base_p,
        "The array whose memory the masked array views: its data.",
        ["np.ma.array([1, 2]).base  # array([1, 2])"]),
    entry!(Property, NumpyCreate, "MaskedArray", "baseclass", "(self, /)", baseclass_p,
        "The class of the underlying data.",
        ["np.ma.array([1, 2]).baseclass  # <class 'numpy.ndarray'>"]),
    entry!(Property, NumpyCreate, "MaskedArray", "mT", "(self, /)", mt_p,
        "The matrix transpose (the last two axes swapped) of data and mask; ValueError below 2-d.",
        ["np.ma.array([[1, 2]], mask=[[0, 1]]).mT.shape  # (2, 1)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "shrink_mask", "(self)", shrink_mask_m,
        "Drops a mask with nothing masked (to nomask), in place; returns the array.",
        ["np.ma.array([1, 2], mask=[0, 0]).shrink_mask().mask  # np.False_"]),
    entry!(Method, NumpyCreate, "MaskedArray", "unshare_mask", "(self)", unshare_mask_m,
        "Copies a shared mask so that changes stop reaching the arrays sharing it; returns the array.",
        ["np.ma.array([1, 2], mask=[0, 1]).unshare_mask().sharedmask  # False"]),
    entry!(Property, NumpyCreate, "MaskedArray", "sharedmask", "(self, /)", sharedmask_p,
        "Whether the mask is shared with another array (a given mask not copied, a slice's).",
        ["np.ma.array([1, 2], mask=[0, 1])[1:].sharedmask  # True"]),
    entry!(Method, NumpyCreate, "MaskedArray", "get_fill_value", "(self)", get_fill_value_m,
        "The fill value (MaskedArray.fill_value).",
        ["np.ma.array([1.0]).get_fill_value()  # np.float64(1e+20)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "resize", "(self, newshape, refcheck=True, order=False)", resize_m,
        "Refused, as NumPy refuses it (a masked array does not own its data): use np.ma.resize.",
        ["np.ma.array([1, 2]).resize((4,))  # ValueError: A masked array does not own its data and therefore cannot be resized.\nUse the numpy.ma.resize function instead."]),
    entry!(Method, NumpyCreate, "MaskedArray", "choose", "(self, choices, out=None, mode='raise')", choose_m,
        "np.choose with the data as the index array; the result keeps the array's mask.",
        ["np.ma.array([0, 1]).choose([[1, 2], [3, 4]]).data  # array([1, 4])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "toflex", "(self)", toflex_m,
        "A structured array of the fields _data and _mask.",
        ["np.ma.array([1, 2], mask=[0, 1]).toflex()['_mask']  # array([False,  True])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "torecords", "(self)", toflex_m,
        "A structured array of the fields _data and _mask (toflex).",
        ["np.ma.array([1, 2], mask=[0, 1]).torecords()['_data']  # array([1, 2])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "tobytes", "(self, fill_value=None, order='C')", tobytes_m,
        "The raw bytes of the data filled with fill_value (the fill value by default).",
        ["np.ma.array([1], mask=[1], dtype=np.int8).tobytes(fill_value=2)  # b'\\x02'"]),
    entry!(Method, NumpyCreate, "MaskedArray", "tofile", "(self, fid, sep='', format='%s')", tofile_m,
        "Not implemented in NumPy either: NotImplementedError.",
        ["np.ma.array([1]).tofile('f.bin')  # NotImplementedError: MaskedArray.tofile() not implemented yet."]),
    entry!(Method, NumpyCreate, "MaskedArray", "byteswap", "(self, inplace=False)", byteswap_m,
        "The data with its bytes swapped (in place with inplace=True), the mask kept.",
        ["np.ma.array([1], dtype=np.int16).byteswap().data  # array([256], dtype=int16)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "getfield", "(self, dtype, offset=0)", getfield_m,
        "The data's bytes at offset read as dtype (ndarray.getfield), the mask kept.",
        ["np.ma.array([1, 2], mask=[0, 1]).getfield(np.int32).data  # array([1, 2], dtype=int32)"]),
    entry!(Method, NumpyCreate, "MaskedArray", "setfield", "(self, val, dtype, offset=0)", setfield_m,
        "Writes val into the data's bytes at offset as dtype (ndarray.setfield).",
        ["m = np.ma.array([1, 2]); m.setfield(7, np.int32); m.data  # array([7, 7])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "setflags", "(self, write=None, align=None, uic=None)", setflags_m,
        "Sets the data's flags (write=False makes it read-only).",
        ["np.ma.array([1, 2]).setflags(write=False)  # None"]),
    entry!(Method, NumpyCreate, "MaskedArray", "iscontiguous", "(self)", iscontiguous_m,
        "Whether the data is C-contiguous.",
        ["np.ma.array([[1, 2]]).T.iscontiguous()  # True"]),
    entry!(Method, NumpyCreate, "MaskedArray", "ids", "(self)", ids_m,
        "Identifiers of the data and the mask (of nomask when there is none).",
        ["len(np.ma.array([1, 2]).ids())  # 2"]),
    entry!(Property, NumpyCreate, "MaskedArray", "recordmask", "(self, /)", recordmask_p,
        "The mask (per record for structured data): np.False_ when nothing is masked; setting it is not implemented.",
        ["np.ma.array([1, 2], mask=[0, 1]).recordmask  # array([False,  True])"]),
    entry!(Method, NumpyCreate, "MaskedArray", "_set_recordmask", "(self, mask)", set_recordmask_m,
        "Setting the record mask: NotImplementedError, as in NumPy.",
        ["np.ma.array([1]).recordmask  # np.False_"]),
    entry!(Property, NumpyCreate, "MaskedArray", "device", "(self, /)", device_p,
        "The device of the data.",
        ["np.ma.array([1, 2]).device  # 'cpu'"]),
    entry!(Method, NumpyCreate, "MaskedArray", "to_device", "(self, device, /, *, stream=None)", to_device_m,
        "The array with its data on device (ndarray.to_device), the mask shared.",
        ["np.ma.array([1, 2], mask=[0, 1]).to_device('cpu').count()  # np.int64(1)"]),
];

/// The methods of `MaskedArray.flat`'s iterator.
#[rustfmt::skip]
pub const ITER_METHODS: &[FuncDef] = &[
    entry!(Method, NumpyCreate, "MaskedIterator", "__getitem__", "(self, indx)", iter_getitem,
        "The element (np.ma.masked when masked) or the masked array of elements at a flat index.",
        ["np.ma.array([1, 2], mask=[0, 1]).flat[1]  # masked"]),
    entry!(Method, NumpyCreate, "MaskedIterator", "__setitem__", "(self, index, value)", iter_setitem,
        "Writes the data (and the mask, when the array has one) at a flat index.",
        ["np.ma.array([1, 2], mask=[0, 1]).flat[1]  # masked"]),
    entry!(Method, NumpyCreate, "MaskedIterator", "__iter__", "(self)", iter_iter,
        "The iterator itself.",
        ["next(iter(np.ma.array([1, 2]).flat))  # np.int64(1)"]),
    entry!(Method, NumpyCreate, "MaskedIterator", "__next__", "(self)", iter_next,
        "The next element in flat order (np.ma.masked when masked).",
        ["next(np.ma.array([1, 2], mask=[1, 0]).flat)  # masked"]),
];

// ---- NumPy's __array_finalize__ ----

/// How a result made from a masked array's data takes the array's mask:
/// a view of the same memory shares it, anything else gets a copy.
#[derive(Clone, Copy, PartialEq)]
enum MaskFrom {
    Share,
    Copy,
}

fn size_of(host: &mut dyn Host, v: &Value) -> Result<i64> {
    crate::py::num::index_i64(&np(host, "size", vec![v.clone()])?)
}

/// NumPy's `__array_finalize__` for `data`, computed from the data of the
/// masked array `this` by an ndarray method: `this`'s mask (shared or
/// copied) in the data's shape, nomask when the sizes differ; the stored
/// fill value cast to the new dtype; the hard and shared mask flags kept.
fn finalize(host: &mut dyn Host, this: &Value, data: Value, how: MaskFrom) -> Result<Value> {
    let mask = match parts(this)?.1 {
        None => None,
        Some(m) => {
            let m = match how {
                MaskFrom::Share => meth(host, &m, "view", Vec::new(), &[])?,
                MaskFrom::Copy => np(host, "array", vec![m])?,
            };
            if size_of(host, &m)? == size_of(host, &data)? {
                let shape = np(host, "shape", vec![data.clone()])?;
                Some(np(host, "reshape", vec![m, shape])?)
            } else {
                None
            }
        }
    };
    let stored = get_attr(this, "_fill_value")?;
    let fill = if stored.is_none() {
        Value::None
    } else {
        check_fill(host, &item(&stored, Value::tuple(Vec::new()))?, &data)?
    };
    let r = new_ma(data, mask, fill)?;
    set_attr(&r, "_hardmask", get_attr(this, "_hardmask")?)?;
    set_attr(&r, "_sharedmask", get_attr(this, "_sharedmask")?)?;
    Ok(r)
}

fn data_of(this: &Value) -> Result<Value> {
    get_attr(this, "_data")
}

fn kw_given<'a>(kw: &[(&'a str, Value)]) -> Vec<(&'a str, Value)> {
    kw.iter().filter(|(_, v)| !v.is_none()).cloned().collect()
}

// ---- sorting ----

fn is_no_value(v: &Value) -> bool {
    matches!(v, Value::Object(o) if matches!(**o, crate::value::Object::Missing))
}

fn refuse_stable(stable: &Value) -> Result<()> {
    if truth(stable)? {
        return Err(Error::value_error(
            "`stable` parameter is not supported for masked arrays.",
        ));
    }
    Ok(())
}

/// NumPy's `_deprecate_argsort_axis`: argsort's default axis, -1 up to
/// 1-d, else None with a `MaskedArrayFutureWarning`.
fn default_argsort_axis(host: &mut dyn Host, x: &Value) -> Result<Value> {
    let nd = crate::py::num::index_i64(&np(host, "ndim", vec![x.clone()])?)?;
    if nd <= 1 {
        return Ok(Value::Int(-1));
    }
    crate::warnings::warn(
        host,
        ExcKind::MaskedArrayFutureWarning,
        "In the future the default for argsort will be axis=-1, not the current None, to match its documentation and np.argsort. Explicitly pass -1 or None to silence this warning.",
    )?;
    Ok(Value::None)
}

/// `MaskedArray.argsort`: the data filled (NaN or the dtype's largest
/// for `endwith`, its smallest otherwise, or `fv`) and argsorted.
fn argsort_of(host: &mut dyn Host, this: &Value, a: &Args) -> Result<Value> {
    let (axis, kind, order, endwith, fv) = (
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
        truth(a.get(4))?,
        a.get(5).clone(),
    );
    refuse_stable(a.get(6))?;
    let data = data_of(this)?;
    let axis = if is_no_value(&axis) {
        default_argsort_axis(host, &data)?
    } else {
        axis
    };
    let fv = if !fv.is_none() {
        fv
    } else if endwith {
        // NaN sorts after inf.
        if kind_of(&data)? == "f" {
            Value::Float(f64::NAN)
        } else {
            extreme_fill(host, &data, true)?
        }
    } else {
        extreme_fill(host, &data, false)?
    };
    let filled = filled_with(host, this, &fv)?;
    meth(
        host,
        &filled,
        "argsort",
        Vec::new(),
        &[("axis", axis), ("kind", kind), ("order", order)],
    )
}

fn argsort_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    argsort_of(host, &this, a)
}

/// `MaskedArray.sort`: in place, through the indices of `argsort`.
fn sort_in_place(host: &mut dyn Host, this: &Value, a: &Args) -> Result<()> {
    refuse_stable(a.get(6))?;
    let (data, mask) = parts(this)?;
    let (axis, kind, order) = (a.get(1).clone(), a.get(2).clone(), a.get(3).clone());
    if mask.is_none() {
        meth(
            host,
            &data,
            "sort",
            Vec::new(),
            &[("axis", axis), ("kind", kind), ("order", order)],
        )?;
        return Ok(());
    }
    if is_masked_const(this) {
        return Ok(());
    }
    if axis.is_none() {
        // NumPy's take_along_axis meets the masked array's flat iterator.
        return Err(Error::value_error(
            "`indices` and `arr` must have the same number of dimensions",
        ));
    }
    let sidx = argsort_of(host, this, a)?;
    let sorted = structural(host, "take_along_axis", this, vec![sidx, axis], &[])?;
    setitem_at(host, this, &Value::Ellipsis, &sorted)
}

fn sort_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    sort_in_place(host, &this, a)?;
    Ok(Value::None)
}

/// `np.ma.sort`: a sorted copy (flattened for axis=None).
pub(super) fn sort_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    let mut b = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    if !is_ma(&x) {
        // A plain array: ndarray.sort of a copy (np.sort, flattened for
        // axis=None).
        let c = np_kw(host, "array", vec![x], &[("copy", Value::Bool(true))])?;
        let mut kw = kw_given(&[("kind", a.get(2).clone()), ("order", a.get(3).clone())]);
        kw.push(("axis", a.get(1).clone()));
        return np_kw(host, "sort", vec![c], &kw);
    }
    let c = if a.get(1).is_none() {
        b.values[1] = Value::Int(0);
        let r = structural(host, "ravel", &x, Vec::new(), &[])?;
        structural(host, "copy", &r, Vec::new(), &[])?
    } else {
        structural(host, "copy", &x, Vec::new(), &[])?
    };
    b.values[0] = c.clone();
    sort_in_place(host, &c, &b)?;
    Ok(c)
}

/// `np.ma.argsort`.
pub(super) fn argsort_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0).clone();
    let mut b = Args {
        values: a.values.clone(),
        rest: Vec::new(),
    };
    let x = if is_ma(&x) {
        x
    } else {
        np(host, "asanyarray", vec![x])?
    };
    if is_no_value(a.get(1)) {
        b.values[1] = default_argsort_axis(host, &super::ma::data_or_self(&x)?)?;
    }
    if !is_ma(&x) {
        let kw = [
            ("axis", b.get(1).clone()),
            ("kind", b.get(2).clone()),
            ("order", b.get(3).clone()),
        ];
        return meth(host, &x, "argsort", Vec::new(), &kw);
    }
    b.values[0] = x.clone();
    // `stable` is passed on as None, as NumPy does.
    if let Some(s) = b.values.get_mut(6) {
        *s = Value::None;
    }
    argsort_of(host, &x, &b)
}

/// `np.sort`, `np.argsort`, `np.partition` and `np.argpartition` of a
/// masked array (their first argument): NumPy's functions call the
/// array's methods (sort and partition on a copy, flattened for
/// axis=None).
pub(super) fn np_sorting(
    host: &mut dyn Host,
    name: &str,
    args: &[Value],
    kwargs: &crate::host::Kwargs,
) -> Result<Value> {
    let id = table::lookup("MaskedArray", name)
        .ok_or_else(|| Error::attribute_error(format!("no method {name}")))?;
    let (mut args, mut kwargs) = (args.to_vec(), kwargs.clone());
    let at = if name.ends_with("sort") { 1 } else { 2 };
    let axis_kw = kwargs.iter().position(|(k, _)| &**k == "axis");
    let axis = match (args.get(at), axis_kw) {
        (Some(v), _) => Some(v.clone()),
        (None, Some(i)) => Some(kwargs[i].1.clone()),
        (None, None) => None,
    };
    if name.starts_with("arg") {
        if axis.is_none() {
            kwargs.push((Rc::from("axis"), Value::Int(-1)));
        }
        return table::call(host, id, args, kwargs);
    }
    let x = args[0].clone();
    let copy = if axis.as_ref().is_some_and(Value::is_none) {
        let r = structural(host, "ravel", &x, Vec::new(), &[])?;
        match (args.get_mut(at), axis_kw) {
            (Some(slot), _) => *slot = Value::Int(-1),
            (None, Some(i)) => kwargs[i].1 = Value::Int(-1),
            (None, None) => {}
        }
        structural(host, "copy", &r, Vec::new(), &[])?
    } else {
        structural(host, "copy", &x, Vec::new(), &[])?
    };
    args[0] = copy.clone();
    table::call(host, id, args, kwargs)?;
    Ok(copy)
}

/// The warning of `partition` and `argpartition`.
fn ignores_mask(host: &mut dyn Host, this: &Value, name: &str) -> Result<()> {
    let cls = match this {
        Value::Instance(i) => i.class.name,
        _ => "MaskedArray",
    };
    crate::warnings::warn(
        host,
        ExcKind::UserWarning,
        &format!("Warning: '{name}' will ignore the 'mask' of the {cls}."),
    )
}

fn partition_args(a: &Args) -> Vec<(&'static str, Value)> {
    vec![
        ("axis", a.get(2).clone()),
        ("kind", a.get(3).clone()),
        ("order", a.get(4).clone()),
    ]
}

fn partition_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    ignores_mask(host, &this, "partition")?;
    let data = data_of(&this)?;
    let kw = partition_args(a);
    meth(host, &data, "partition", vec![a.get(1).clone()], &kw)?;
    Ok(Value::None)
}

fn argpartition_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    ignores_mask(host, &this, "argpartition")?;
    let data = data_of(&this)?;
    let kw = partition_args(a);
    let r = meth(host, &data, "argpartition", vec![a.get(1).clone()], &kw)?;
    finalize(host, &this, r, MaskFrom::Copy)
}

fn searchsorted_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    let v = super::ma::data_or_self(a.get(1))?;
    let kw = [("side", a.get(2).clone()), ("sorter", a.get(3).clone())];
    meth(host, &data, "searchsorted", vec![v], &kw)
}

// ---- conversions ----

/// `v` (nested lists of the data) with the masked leaves made None.
fn blank_masked(v: &Value, flags: &mut dyn Iterator<Item = bool>) -> Result<Value> {
    if let Value::List(_) = v {
        let items = crate::py::iter::to_vec(v)?;
        let out = items
            .iter()
            .map(|x| blank_masked(x, flags))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::list(out));
    }
    Ok(if flags.next().unwrap_or(false) {
        Value::None
    } else {
        v.clone()
    })
}

fn mask_flags(mask: &Value) -> Result<Vec<bool>> {
    Ok(as_array(mask)?
        .to_host()?
        .to_scalars()
        .iter()
        .map(|s| matches!(s, Scalar::Bool(true)))
        .collect())
}

fn tolist_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, fv) = (a.get(0).clone(), a.get(1).clone());
    let (data, mask) = parts(&this)?;
    let Some(mask) = mask else {
        return meth(host, &data, "tolist", Vec::new(), &[]);
    };
    if !fv.is_none() {
        let f = filled_with(host, &this, &fv)?;
        return meth(host, &f, "tolist", Vec::new(), &[]);
    }
    let list = meth(host, &data, "tolist", Vec::new(), &[])?;
    let flags = mask_flags(&mask)?;
    blank_masked(&list, &mut flags.into_iter())
}

fn item_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    meth(host, &data, "item", a.rest.clone(), &[])
}

fn tobytes_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, fv) = (a.get(0).clone(), a.get(1).clone());
    let f = filled_with(host, &this, &fv)?;
    meth(
        host,
        &f,
        "tobytes",
        Vec::new(),
        &[("order", a.get(2).clone())],
    )
}

fn tofile_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::new(
        ExcKind::NotImplementedError,
        "MaskedArray.tofile() not implemented yet.",
    ))
}

fn toflex_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let data = data_of(&this)?;
    let mask = getmaskarray(host, &this)?;
    let descr = Value::list(vec![
        Value::tuple(vec![Value::str("_data"), attr(&data, "dtype")?]),
        Value::tuple(vec![Value::str("_mask"), Value::DType(DType::Bool)]),
    ]);
    let shape = np(host, "shape", vec![data.clone()])?;
    let rec = np_kw(host, "zeros", vec![shape], &[("dtype", descr)])?;
    crate::ops::setitem(&rec, &Value::str("_data"), data)?;
    crate::ops::setitem(&rec, &Value::str("_mask"), mask)?;
    Ok(rec)
}

// ---- views and casts ----

/// Whether `v` is an ndarray class (`np.ndarray`, `np.ma.MaskedArray`, a
/// subclass) rather than a dtype.
fn is_array_class(host: &mut dyn Host, v: &Value) -> bool {
    let Some(nd) = table::lookup("numpy", "ndarray") else {
        return false;
    };
    matches!(v, Value::Class(_) | Value::Builtin(_))
        && call_builtin(host, "issubclass", vec![v.clone(), Value::Builtin(nd)])
            .and_then(|r| truth(&r))
            .unwrap_or(false)
}

/// The masked-array class `v` names, if it names one.
fn ma_class(v: &Value) -> Result<Option<Rc<Class>>> {
    let base = class()?;
    Ok(match v {
        Value::Class(c) if c.is_subclass(&base) => Some(c.clone()),
        _ => None,
    })
}

fn view_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let (mut dtype, mut ty, fv) = (a.get(1).clone(), a.get(2).clone(), a.get(3).clone());
    if is_array_class(host, &dtype) {
        if !ty.is_none() {
            return Err(Error::value_error("Cannot specify output type twice."));
        }
        ty = dtype;
        dtype = Value::None;
    }
    let (data, mask) = parts(&this)?;
    let target = if ty.is_none() {
        None
    } else {
        match ma_class(&ty)? {
            Some(c) => Some(c),
            None => {
                // Another ndarray class: the data as that class.
                let kw = kw_given(&[("dtype", dtype), ("type", ty)]);
                return meth(host, &data, "view", Vec::new(), &kw);
            }
        }
    };
    let d = if dtype.is_none() {
        meth(host, &data, "view", Vec::new(), &[])?
    } else {
        meth(host, &data, "view", vec![dtype.clone()], &[])?
    };
    let mask = match mask {
        None => None,
        Some(m) => {
            let mv = meth(host, &m, "view", Vec::new(), &[])?;
            if dtype.is_none() {
                Some(mv)
            } else {
                // NumPy sets the mask's shape to the new one (and fails as
                // that does when the sizes differ).
                let shape = np(host, "shape", vec![d.clone()])?;
                Some(np(host, "reshape", vec![mv, shape])?)
            }
        }
    };
    let stored = get_attr(&this, "_fill_value")?;
    let fill = if stored.is_none() || (fv.is_none() && !dtype.is_none()) {
        Value::None
    } else if !fv.is_none() {
        check_fill(host, &fv, &d)?
    } else {
        check_fill(host, &item(&stored, Value::tuple(Vec::new()))?, &d)?
    };
    let cls = match target {
        Some(c) => c,
        None => match &this {
            Value::Instance(i) if !is_masked_const(&this) => i.class.clone(),
            _ => class()?,
        },
    };
    let v = blank(cls);
    set_attr(&v, "_data", d)?;
    set_attr(&v, "_mask", mask.unwrap_or(Value::None))?;
    set_attr(&v, "_fill_value", fill)?;
    set_attr(&v, "_hardmask", get_attr(&this, "_hardmask")?)?;
    set_attr(&v, "_sharedmask", get_attr(&this, "_sharedmask")?)?;
    Ok(v)
}

fn astype_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let data = data_of(&this)?;
    let (dtype, subok, copy) = (a.get(1).clone(), truth(a.get(4))?, truth(a.get(5))?);
    let kw = [
        ("order", a.get(2).clone()),
        ("casting", a.get(3).clone()),
        ("copy", Value::Bool(copy)),
    ];
    let r = meth(host, &data, "astype", vec![dtype], &kw)?;
    if !subok {
        return Ok(r);
    }
    if !copy {
        let same = truth(&super::compose::cmp(
            xpush_lang::ast::CmpOp::Eq,
            &attr(&r, "dtype")?,
            &attr(&data, "dtype")?,
        )?)?;
        if same {
            return Ok(this);
        }
    }
    finalize(host, &this, r, MaskFrom::Copy)
}

/// `real`/`imag`: the data's part with a copy of the mask and no fill value.
fn part_of(host: &mut dyn Host, this: &Value, name: &str) -> Result<Value> {
    let (data, mask) = parts(this)?;
    let r = attr(&data, name)?;
    let mask = match mask {
        Some(m) => Some(np(host, "array", vec![m])?),
        None => None,
    };
    new_ma(r, mask, Value::None)
}

fn real_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    part_of(host, &this, "real")
}

fn imag_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    part_of(host, &this, "imag")
}

/// `ndarray.conj` on a masked array is the ufunc `np.conjugate` of it (the
/// masked elements' data conjugated too, unlike `np.ma.conjugate`).
fn conj_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(host, "conjugate", vec![a.get(0).clone()])
}

fn fill_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    meth(host, &data, "fill", vec![a.get(1).clone()], &[])?;
    Ok(Value::None)
}

fn choose_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    no_out(a.get(2))?;
    let data = data_of(&this)?;
    let r = meth(
        host,
        &data,
        "choose",
        vec![a.get(1).clone()],
        &[("mode", a.get(3).clone())],
    )?;
    finalize(host, &this, r, MaskFrom::Copy)
}

fn byteswap_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let data = data_of(&this)?;
    if truth(a.get(1))? {
        meth(host, &data, "byteswap", vec![Value::Bool(true)], &[])?;
        return Ok(this);
    }
    let r = meth(host, &data, "byteswap", Vec::new(), &[])?;
    finalize(host, &this, r, MaskFrom::Copy)
}

fn getfield_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let data = data_of(&this)?;
    let offset = a.get(2).clone();
    let at_start = crate::py::num::index_i64(&offset)? == 0;
    let r = meth(host, &data, "getfield", vec![a.get(1).clone(), offset], &[])?;
    // A view at the array's own address shares the mask (NumPy compares
    // the data pointers).
    let how = if at_start {
        MaskFrom::Share
    } else {
        MaskFrom::Copy
    };
    finalize(host, &this, r, how)
}

fn setfield_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    let args = vec![a.get(1).clone(), a.get(2).clone(), a.get(3).clone()];
    meth(host, &data, "setfield", args, &[])?;
    Ok(Value::None)
}

fn setflags_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    let kw = kw_given(&[
        ("write", a.get(1).clone()),
        ("align", a.get(2).clone()),
        ("uic", a.get(3).clone()),
    ]);
    meth(host, &data, "setflags", Vec::new(), &kw)?;
    Ok(Value::None)
}

fn to_device_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let data = data_of(&this)?;
    let kw = kw_given(&[("stream", a.get(2).clone())]);
    let r = meth(host, &data, "to_device", vec![a.get(1).clone()], &kw)?;
    finalize(host, &this, r, MaskFrom::Share)
}

// ---- the ndarray attributes ----

fn data_attr(a: &Args, name: &str) -> Result<Value> {
    attr(&data_of(a.get(0))?, name)
}

fn nbytes_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    data_attr(a, "nbytes")
}

fn itemsize_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    data_attr(a, "itemsize")
}

fn strides_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    data_attr(a, "strides")
}

fn device_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    data_attr(a, "device")
}

fn flags_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = data_of(a.get(0))?;
    // A masked array is a view of its data (xpush views numeric arrays;
    // text and record data give their own flags).
    if !matches!(data, Value::Array(_)) {
        return attr(&data, "flags");
    }
    let v = meth(host, &data, "view", Vec::new(), &[])?;
    attr(&v, "flags")
}

fn base_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    data_of(a.get(0))
}

fn baseclass_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    call_builtin(host, "type", vec![data_of(a.get(0))?])
}

fn iscontiguous_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let flags = data_attr(a, "flags")?;
    Ok(Value::Bool(truth(&attr(&flags, "c_contiguous")?)?))
}

fn ids_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (data, mask) = parts(a.get(0))?;
    let d = call_builtin(host, "id", vec![data])?;
    let m = call_builtin(host, "id", vec![mask.unwrap_or_else(nomask)])?;
    Ok(Value::tuple(vec![d, m]))
}

fn mt_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (data, mask) = parts(a.get(0))?;
    if crate::py::num::index_i64(&np(host, "ndim", vec![data.clone()])?)? < 2 {
        return Err(Error::value_error(
            "matrix transpose with ndim < 2 is undefined",
        ));
    }
    let d = attr(&data, "mT")?;
    let m = match mask {
        Some(m) => attr(&m, "mT")?,
        None => Value::None,
    };
    make(host, &d, &m, &Value::None)
}

// ---- the mask ----

fn shrink_mask_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    if let Some(m) = parts(&this)?.1 {
        if !truth(&np(host, "any", vec![m])?)? {
            set_attr(&this, "_mask", Value::None)?;
        }
    }
    Ok(this)
}

fn unshare_mask_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    if truth(&get_attr(&this, "_sharedmask")?)? {
        if let Some(m) = parts(&this)?.1 {
            set_attr(&this, "_mask", np(host, "array", vec![m])?)?;
        }
        set_attr(&this, "_sharedmask", Value::Bool(false))?;
    }
    Ok(this)
}

fn sharedmask_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(truth(&get_attr(a.get(0), "_sharedmask")?)?))
}

fn recordmask_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(parts(a.get(0))?.1.unwrap_or_else(nomask))
}

fn set_recordmask_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::new(
        ExcKind::NotImplementedError,
        "Coming soon: setting the mask per records!",
    ))
}

fn get_fill_value_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    fill_value(host, &this)
}

fn resize_m(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::value_error(
        "A masked array does not own its data and therefore cannot be resized.\nUse the numpy.ma.resize function instead.",
    ))
}

// ---- flat ----

thread_local! {
    static ITER_CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
}

/// The class `numpy.ma.core.MaskedIterator`.
fn iter_class() -> Result<Rc<Class>> {
    if let Some(c) = ITER_CLASS.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let attrs = super::poly1d::table_attrs("MaskedIterator", &[]);
    let c = Rc::new(Class::new(
        "MaskedIterator",
        "MaskedIterator",
        "numpy.ma.core",
        Vec::new(),
        attrs,
    )?);
    ITER_CLASS.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

fn flat_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let (data, mask) = parts(&this)?;
    let it = Value::Instance(Rc::new(Instance {
        class: iter_class()?,
        attrs: RefCell::new(crate::py::class::Attrs::default()),
        args: RefCell::new(Vec::new()),
    }));
    if let Value::Instance(i) = &it {
        let mut at = i.attrs.borrow_mut();
        at.set("ma", this.clone());
        at.set("dataiter", attr(&data, "flat")?);
        at.set(
            "maskiter",
            match mask {
                Some(m) => attr(&m, "flat")?,
                None => Value::None,
            },
        );
        at.set("_index", Value::Int(0));
    }
    Ok(it)
}

fn iter_attr(it: &Value, name: &str) -> Result<Value> {
    match it {
        Value::Instance(i) => Ok(i.attrs.borrow().get(name).cloned().unwrap_or(Value::None)),
        _ => Err(Error::type_error("not a MaskedIterator")),
    }
}

fn iter_getitem(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (it, idx) = (a.get(0).clone(), a.get(1).clone());
    let r = item(&iter_attr(&it, "dataiter")?, idx.clone())?;
    let maskiter = iter_attr(&it, "maskiter")?;
    if maskiter.is_none() {
        return wrap_flat(r, None);
    }
    let m = item(&maskiter, idx)?;
    if super::ma::is_array(&r) {
        let shape = np(host, "shape", vec![r.clone()])?;
        let m = np(host, "reshape", vec![m, shape])?;
        return wrap_flat(r, Some(m));
    }
    if truth(&m)? {
        return masked();
    }
    Ok(r)
}

/// An element or array read through `flat`: a plain scalar, or a masked
/// array with no fill value (NumPy views the data's result).
fn wrap_flat(r: Value, m: Option<Value>) -> Result<Value> {
    if super::ma::is_array(&r) {
        return new_ma(r, m, Value::None);
    }
    Ok(r)
}

fn iter_setitem(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (it, idx, value) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let d = super::ma::getdata(host, &value)?;
    crate::ops::setitem(&iter_attr(&it, "dataiter")?, &idx, d)?;
    let maskiter = iter_attr(&it, "maskiter")?;
    if !maskiter.is_none() {
        let m = getmaskarray(host, &value)?;
        crate::ops::setitem(&maskiter, &idx, m)?;
    }
    Ok(Value::None)
}

fn iter_iter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(a.get(0).clone())
}

fn iter_next(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let it = a.get(0).clone();
    let i = crate::py::num::index_i64(&iter_attr(&it, "_index")?)?;
    let ma = iter_attr(&it, "ma")?;
    let n = size_of(host, &data_of(&ma)?)?;
    if i >= n {
        return Err(Error::new(ExcKind::StopIteration, ""));
    }
    if let Value::Instance(inst) = &it {
        inst.attrs.borrow_mut().set("_index", Value::Int(i + 1));
    }
    let d = item(&iter_attr(&it, "dataiter")?, Value::Int(i))?;
    let maskiter = iter_attr(&it, "maskiter")?;
    if !maskiter.is_none() && truth(&item(&maskiter, Value::Int(i))?)? {
        return masked();
    }
    Ok(d)
}

/// `m.flat = value`: NumPy's `y = m.ravel(); y[:] = value`.
fn set_flat_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, value) = (a.get(0).clone(), a.get(1).clone());
    let y = structural(host, "ravel", &this, Vec::new(), &[])?;
    let all = Value::Slice(Rc::new(crate::value::SliceObj {
        start: Value::None,
        stop: Value::None,
        step: Value::None,
    }));
    setitem_at(host, &y, &all, &value)?;
    Ok(Value::None)
}
