//! `np.vectorize`: a Python function applied element by element over
//! broadcast arguments, as NumPy's `vectorize` class does it
//! (numpy/lib/_function_base_impl.py): without `otypes`, the function is
//! called once on the first elements (as NumPy scalars) to learn the output
//! dtypes, then on every element (as Python scalars, the items of NumPy's
//! object arrays); results are gathered into arrays of those dtypes.

use std::rc::Rc;

use crate::host::{Host, Kwargs};
use crate::ops;
use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

use super::compose::{item, method, np, np_kw};
use super::host::promote::AnyDType;

/// A `np.vectorize` object.
pub struct Vectorize {
    /// The function (`None` for `np.vectorize(otypes=...)` used as a
    /// decorator factory).
    pub pyfunc: Option<Value>,
    /// The output dtypes, one per output (`None`: learned from the first call).
    pub otypes: Option<Vec<AnyDType>>,
    /// `otypes` as given, for the attribute.
    pub otypes_value: Value,
    /// Positions and names of arguments passed through unvectorized.
    pub excluded: Value,
    /// `signature=` as given (`None`).
    pub signature: Value,
    /// `cache=`.
    pub cache: Value,
}

/// `np.vectorize(pyfunc, otypes, doc, excluded, cache, signature)` as a value.
pub fn new(
    pyfunc: Value,
    otypes: Value,
    excluded: Value,
    cache: Value,
    signature: Value,
) -> Result<Value> {
    if !matches!(signature, Value::None) {
        return Err(Error::new(
            ExcKind::NotImplementedError,
            "np.vectorize with signature= is not supported yet",
        ));
    }
    let parsed = match &otypes {
        Value::None => None,
        Value::Str(s) => Some(
            s.chars()
                .map(|c| {
                    let code = Value::str(c.to_string());
                    otype(&code).map_err(|_| invalid_otype(&code))
                })
                .collect::<Result<Vec<_>>>()?,
        ),
        other => Some(
            crate::py::iter::to_vec(other)?
                .iter()
                .map(|t| otype(t).map_err(|_| invalid_otype(t)))
                .collect::<Result<Vec<_>>>()?,
        ),
    };
    let excluded = match excluded {
        Value::None => Value::Set(Rc::new(std::cell::RefCell::new(Default::default()))),
        other => other,
    };
    let pyfunc = match pyfunc {
        Value::None => None,
        f => Some(f),
    };
    Ok(Value::Object(Rc::new(Object::Callable(
        crate::functools::Callable::Vectorize(Box::new(Vectorize {
            pyfunc,
            otypes: parsed,
            otypes_value: otypes,
            excluded,
            signature,
            cache,
        })),
    ))))
}

/// The shape of an operand (a numeric or a host array).
fn shape_of(host: &mut dyn Host, a: &Value) -> Result<Vec<usize>> {
    crate::py::iter::to_vec(&np(host, "shape", vec![a.clone()])?)?
        .iter()
        .map(|d| Ok(crate::py::num::index_i64(d)? as usize))
        .collect()
}

/// An output type: a dtype spec, numeric or host (`'O'`, `object`, `str`).
/// NumPy keeps only the type character of a text type (`'U3'` makes
/// `'U'`), and `None` is float64 as `np.dtype(None)` is.
fn otype(v: &Value) -> Result<AnyDType> {
    Ok(match v {
        Value::None => AnyDType::Num(xpush_npu::DType::Float64),
        v => match super::host::promote::any_dtype(v)? {
            AnyDType::Host(h) if h.kind.is_text() => {
                AnyDType::Host(super::host::HostDType { width: 0, ..h })
            }
            d => d,
        },
    })
}

fn invalid_otype(v: &Value) -> Error {
    Error::value_error(format!("Invalid otype specified: {}", ops::to_str(v)))
}

impl Vectorize {
    /// `v.pyfunc`, `v.otypes`, `v.excluded`, `v.signature`, `v.cache`.
    pub fn attr(&self, name: &str) -> Option<Value> {
        Some(match name {
            "pyfunc" => self.pyfunc.clone().unwrap_or(Value::None),
            "otypes" => match &self.otypes {
                None => Value::None,
                // A list of dtypes as given; a string of type characters.
                Some(ts) if !matches!(self.otypes_value, Value::Str(_)) => {
                    Value::list(ts.iter().map(|d| d.value()).collect())
                }
                Some(ts) => Value::str(
                    ts.iter()
                        .map(|d| match d {
                            AnyDType::Num(n) => n.char_code(),
                            AnyDType::Host(h) => h.char(),
                        })
                        .collect::<String>(),
                ),
            },
            "excluded" => self.excluded.clone(),
            "signature" => self.signature.clone(),
            "cache" => self.cache.clone(),
            _ => return None,
        })
    }

    /// Whether argument `pos` (or keyword `name`) is excluded from vectorizing.
    fn is_excluded(&self, key: &Value) -> bool {
        ops::compare(xpush_lang::ast::CmpOp::In, key, &self.excluded)
            .and_then(|v| ops::truthy(&v))
            .unwrap_or(false)
    }

    /// Calls the object: the function over the broadcast elements.
    pub fn call(&self, host: &mut dyn Host, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        let Some(func) = &self.pyfunc else {
            // `@np.vectorize(otypes=...)`: the call gets the function.
            let [f] = <[Value; 1]>::try_from(args)
                .map_err(|_| Error::type_error("vectorize() missing the function to wrap"))?;
            return new(
                f,
                self.otypes_value.clone(),
                self.excluded.clone(),
                self.cache.clone(),
                self.signature.clone(),
            );
        };
        // The vectorized operands: positional ones, then keywords, unless excluded.
        let mut slots: Vec<(Option<usize>, Option<Rc<str>>, Value)> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let vec = !self.is_excluded(&Value::Int(i as i64));
            slots.push((vec.then_some(i), None, a.clone()));
        }
        for (k, v) in &kwargs {
            let vec = !self.is_excluded(&Value::Str(k.clone()));
            slots.push((vec.then_some(usize::MAX), Some(k.clone()), v.clone()));
        }
        let mut arrays: Vec<Value> = Vec::new();
        for (vec, _, v) in &slots {
            if vec.is_some() {
                arrays.push(np(host, "asanyarray", vec![v.clone()])?);
            }
        }
        // One call: the vectorized operands picked by `pick`, the others as given.
        let call_at =
            |host: &mut dyn Host, pick: &dyn Fn(usize) -> Result<Value>| -> Result<Value> {
                let mut pos = Vec::new();
                let mut kw: Kwargs = Vec::new();
                let mut j = 0;
                for (vec, name, v) in &slots {
                    let val = if vec.is_some() {
                        j += 1;
                        pick(j - 1)?
                    } else {
                        v.clone()
                    };
                    match name {
                        Some(n) => kw.push((n.clone(), val)),
                        None => pos.push(val),
                    }
                }
                ops::call(host, func, pos, kw)
            };
        let otypes = match &self.otypes {
            Some(t) => t.clone(),
            None => {
                // NumPy's `_get_ufunc_and_otypes`: one call on the first
                // elements (NumPy scalars), before the operands are broadcast.
                let mut firsts = Vec::with_capacity(arrays.len());
                for a in &arrays {
                    if shape_of(host, a)?.contains(&0) {
                        return Err(Error::value_error(
                            "cannot call `vectorize` on size 0 inputs unless `otypes` is set",
                        ));
                    }
                    let flat = np(host, "ravel", vec![a.clone()])?;
                    firsts.push(item(&flat, Value::Int(0))?);
                }
                let first = call_at(host, &|j| Ok(firsts[j].clone()))?;
                let outs = match &first {
                    Value::Tuple(t) => t.to_vec(),
                    other => vec![other.clone()],
                };
                outs.iter()
                    .map(|o| {
                        super::host::promote::any_dtype(&np(host, "asarray", vec![o.clone()])?)
                    })
                    .collect::<Result<Vec<_>>>()?
            }
        };
        let shapes: Vec<Vec<usize>> = arrays
            .iter()
            .map(|a| shape_of(host, a))
            .collect::<Result<_>>()?;
        let refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
        let shape = xpush_npu::layout::broadcast_shapes(&refs)?;
        let size: usize = shape.iter().product();
        let shape_v = super::compose::shape_value(&shape);
        // Each operand broadcast and flattened, as Python values (the items
        // of NumPy's object arrays).
        let mut flat_py: Vec<Vec<Value>> = Vec::new();
        for a in &arrays {
            let b = np(host, "broadcast_to", vec![a.clone(), shape_v.clone()])?;
            let r = np(host, "ravel", vec![b])?;
            let items = method(host, &r, "tolist", Vec::new())?;
            flat_py.push(crate::py::iter::to_vec(&items)?);
        }
        let nout = otypes.len();
        let mut columns: Vec<Vec<Value>> = vec![Vec::with_capacity(size); nout];
        // The arguments of each call: element i of every operand.
        let rows: Vec<Vec<Value>> = (0..size)
            .map(|i| flat_py.iter().map(|col| col[i].clone()).collect())
            .collect();
        for row in &rows {
            let r = call_at(host, &|j| Ok(row[j].clone()))?;
            match (&r, nout) {
                (Value::Tuple(t), n) if n > 1 => {
                    if t.len() != n {
                        return Err(Error::value_error(format!(
                            "invalid number of returned values (expected {n}, got {})",
                            t.len()
                        )));
                    }
                    for (c, v) in columns.iter_mut().zip(t.iter()) {
                        c.push(v.clone());
                    }
                }
                _ => columns[0].push(r),
            }
        }
        let mut results = Vec::with_capacity(nout);
        for (col, dt) in columns.into_iter().zip(otypes) {
            let flat = np_kw(
                host,
                "array",
                vec![Value::list(col)],
                &[("dtype", dt.value())],
            )?;
            results.push(method(host, &flat, "reshape", vec![shape_v.clone()])?);
        }
        Ok(if nout == 1 {
            results.remove(0)
        } else {
            Value::tuple(results)
        })
    }
}
