//! An ndarray subclass as xpush models it (`np.matrix`, `np.memmap`): a
//! Python class whose base is `np.ndarray` and whose instances hold their
//! array in the `_data` attribute. The pieces every such subclass shares:
//! its class, reaching the array of an instance, and the dunders that
//! only forward to that array under the subclass's name.

use std::cell::RefCell;
use std::rc::Rc;
use std::thread::LocalKey;

use super::compose::{np, np_kw};
use crate::bind::Args;
use crate::host::Host;
use crate::py::class::{Attrs, Class, Instance};
use crate::table;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// One ndarray subclass.
pub struct Subclass {
    /// Its name (`matrix`), in reprs and messages.
    pub name: &'static str,
    /// Its `__array_priority__`.
    pub priority: f64,
    /// Where its class is kept, one per thread, built on first use.
    pub cache: &'static LocalKey<RefCell<Option<Rc<Class>>>>,
}

impl Subclass {
    /// The class `numpy.NAME`, whose base is `np.ndarray`.
    pub fn class(&self) -> Result<Rc<Class>> {
        if let Some(c) = self.cache.with(|c| c.borrow().clone()) {
            return Ok(c);
        }
        let mut attrs = super::poly1d::table_attrs(self.name, &[]);
        attrs.set("__hash__", Value::None);
        attrs.set("__array_priority__", Value::Float(self.priority));
        let mut c = Class::new(self.name, self.name, "numpy", Vec::new(), attrs)?;
        if let Some(id) = table::lookup("numpy", "ndarray") {
            c.bases = vec![Value::Builtin(id)];
        }
        let c = Rc::new(c);
        self.cache.with(|slot| *slot.borrow_mut() = Some(c.clone()));
        Ok(c)
    }

    /// `isinstance(v, np.NAME)`.
    pub fn is(&self, v: &Value) -> bool {
        match v {
            Value::Instance(i) => self.class().is_ok_and(|c| i.class.is_subclass(&c)),
            _ => false,
        }
    }

    /// The attribute `name` of an instance, with NumPy's errors for an
    /// object of another type and for an instance not yet initialized.
    pub fn attr(&self, v: &Value, name: &str) -> Result<Value> {
        match v {
            Value::Instance(i) if self.is(v) => i
                .attrs
                .borrow()
                .get(name)
                .cloned()
                .ok_or_else(|| Error::value_error(format!("{} is not initialized", self.name))),
            other => Err(Error::type_error(format!(
                "descriptor requires a 'numpy.{}' object but received a '{}'",
                self.name,
                crate::ops::type_name(other)
            ))),
        }
    }

    /// The array of an instance.
    pub fn data(&self, v: &Value) -> Result<Value> {
        match self.attr(v, "_data")? {
            d @ Value::Array(_) => Ok(d),
            _ => Err(Error::value_error(format!(
                "{} is not initialized",
                self.name
            ))),
        }
    }

    /// An instance as its array; any other operand as it is.
    pub fn operand(&self, v: &Value) -> Result<Value> {
        if self.is(v) {
            self.data(v)
        } else {
            Ok(v.clone())
        }
    }

    /// A new instance with these attributes (`_data` among them).
    pub fn instance(&self, attrs: Attrs) -> Result<Value> {
        Ok(Value::Instance(Rc::new(Instance {
            class: self.class()?,
            attrs: RefCell::new(attrs),
            args: RefCell::new(Vec::new()),
        })))
    }

    /// `__array__(self, dtype=None)`.
    pub fn array(&self, host: &mut dyn Host, a: &Args) -> Result<Value> {
        let d = self.data(a.get(0))?;
        match a.get(1) {
            Value::None => Ok(d),
            dt => np(host, "asarray", vec![d, dt.clone()]),
        }
    }

    /// `__repr__`: NumPy's array repr under the subclass's name (with the
    /// session's formatter, run through `host`).
    pub fn repr(&self, host: &mut dyn Host, a: &Args) -> Result<Value> {
        let o = super::printopts::get();
        match self.data(a.get(0))? {
            Value::Array(arr) => match super::printopts::formatter() {
                Some(f) => super::printing::print_array(host, &arr, &f, &o, true, self.name)
                    .map(Value::str),
                None => Ok(Value::str(xpush_npu::print::array_repr_named(
                    &arr, &o, self.name,
                ))),
            },
            _ => Err(Error::value_error(format!(
                "{} is not initialized",
                self.name
            ))),
        }
    }

    /// `__str__`: the array's.
    pub fn str(&self, a: &Args) -> Result<Value> {
        Ok(Value::str(crate::ops::to_str(&self.data(a.get(0))?)))
    }

    /// `__bool__`: the array's truth (NumPy's error for more than one element).
    pub fn truth(&self, a: &Args) -> Result<Value> {
        Ok(Value::Bool(crate::ops::truthy(&self.data(a.get(0))?)?))
    }

    /// `self op= other` in place through the ufunc with `out=` (NumPy's
    /// casting rules and errors), returning self.
    pub fn inplace(&self, host: &mut dyn Host, ufunc: &str, a: &Args) -> Result<Value> {
        let (x, y) = (self.data(a.get(0))?, self.operand(a.get(1))?);
        np_kw(host, ufunc, vec![x.clone(), y], &[("out", x)])?;
        Ok(a.get(0).clone())
    }

    /// The attribute `name` of an instance's array, an `AttributeError`
    /// naming the subclass when the array has none.
    pub fn array_attr(&self, a: &Args, name: &str) -> Result<Value> {
        match crate::ops::getattr(&self.data(a.get(0))?, name) {
            Err(e) if e.kind() == ExcKind::AttributeError => Err(Error::attribute_error(format!(
                "'{}' object has no attribute '{name}'",
                self.name
            ))),
            r => r,
        }
    }
}
