//! User classes: what a `class` statement makes ([`Class`]), calling one
//! ([`Instance`]), bound methods, `super()`, `property`, `staticmethod`
//! and `classmethod`, and the special methods (`__add__`, `__repr__`,
//! `__len__`, ...) through which the operators and builtins reach user
//! code, with CPython's rules: the reflected operand first when its class
//! is a subclass of the left one's, `NotImplemented` passing the turn,
//! `__eq__` falling back to identity, `__bool__` then `__len__`.
//!
//! Everything here that runs user code takes the [`Host`] to call it.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::host::{Host, Kwargs};
use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// Names and values in the order they were first bound (a class body's
/// namespace, an instance's `__dict__`).
#[derive(Default)]
pub struct Attrs(Vec<(Rc<str>, Value)>);

impl Attrs {
    /// The value bound to `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| &**k == name).map(|(_, v)| v)
    }

    /// Binds `name`, keeping its place if it was bound.
    pub fn set(&mut self, name: &str, v: Value) {
        match self.0.iter_mut().find(|(k, _)| &**k == name) {
            Some(slot) => slot.1 = v,
            None => self.0.push((name.into(), v)),
        }
    }

    /// Unbinds `name`; whether it was bound.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.0.len();
        self.0.retain(|(k, _)| &**k != name);
        self.0.len() != before
    }

    /// The bindings in order.
    pub fn items(&self) -> &[(Rc<str>, Value)] {
        &self.0
    }
}

/// A class made by a `class` statement.
pub struct Class {
    /// `__name__` (interned: type names are `&'static str` throughout).
    pub name: &'static str,
    /// `__qualname__` (`Outer.Inner` for a class defined in a class).
    pub qualname: Rc<str>,
    /// `__module__`.
    pub module: Rc<str>,
    /// `__bases__`: user classes, builtin exception classes, or `object`.
    pub bases: Vec<Value>,
    /// The method resolution order after the class itself (C3).
    pub mro: Vec<Rc<Class>>,
    /// The builtin exception class this class derives from, if any.
    pub exc_base: Option<ExcKind>,
    /// The class namespace: methods, class attributes, `__annotations__`.
    pub attrs: RefCell<Attrs>,
}

/// An object made by calling a [`Class`].
pub struct Instance {
    /// Its class (`type(obj)`).
    pub class: Rc<Class>,
    /// `obj.__dict__`.
    pub attrs: RefCell<Attrs>,
    /// `e.args`, for an instance of an exception class.
    pub args: RefCell<Vec<Value>>,
}

/// A function bound to its receiver (`obj.method`, `Cls.classmethod`).
pub struct MethodObj {
    /// `__self__`: the instance, or the class of a classmethod.
    pub receiver: Value,
    /// `__func__`.
    pub func: Value,
}

/// The descriptors a class body can hold, and `super()`'s proxy.
pub enum Descriptor {
    /// `@property`: the getter, setter and deleter.
    Property {
        /// `fget`.
        get: Value,
        /// `fset`.
        set: Value,
        /// `fdel`.
        del: Value,
    },
    /// `@staticmethod`.
    Static(Value),
    /// `@classmethod`.
    ClassMethod(Value),
    /// `super()`: attributes looked up after `class` in `obj`'s order.
    Super {
        /// Where the search starts after.
        class: Rc<Class>,
        /// The instance (or class) methods are bound to.
        obj: Value,
    },
    /// `prop.setter`, `prop.getter`, `prop.deleter`: called with a
    /// function, a copy of the property with that part replaced.
    Refine {
        /// `setter`, `getter` or `deleter`.
        which: &'static str,
        /// The property.
        property: Value,
    },
    /// A method `@dataclass` wrote (`__init__`, `__repr__`, `__eq__`, ...).
    Dataclass {
        /// Which.
        method: &'static str,
        /// The class's fields.
        fields: Rc<Vec<crate::dataclasses::Field>>,
    },
    /// A method `namedtuple()` wrote (`__init__`, `__repr__`, `_asdict`, ...).
    NamedTuple {
        /// Which.
        method: &'static str,
        /// The class's fields and defaults.
        spec: Rc<crate::collections::TupleSpec>,
    },
    /// A namedtuple's field as a class attribute: reads item `index`.
    TupleField {
        /// The field's position.
        index: usize,
    },
    /// A method of `object` or `BaseException` found through `super()` or
    /// on a class without its own (`super().__init__(msg)`).
    Base {
        /// The method's name (`__init__`, `__repr__`, ...).
        name: &'static str,
        /// The instance it is bound to.
        receiver: Value,
    },
}

impl Descriptor {
    /// The type name (`property`, `super`, ...).
    pub fn type_name(&self) -> &'static str {
        match self {
            Descriptor::Property { .. } => "property",
            Descriptor::Static(_) => "staticmethod",
            Descriptor::ClassMethod(_) => "classmethod",
            Descriptor::Super { .. } => "super",
            Descriptor::Base { .. } => "method-wrapper",
            Descriptor::Refine { .. } => "builtin_function_or_method",
            Descriptor::Dataclass { .. } | Descriptor::NamedTuple { .. } => "function",
            Descriptor::TupleField { .. } => "_collections._tuplegetter",
        }
    }
}

/// `name` as a `&'static str`, each distinct name stored once (a class
/// defined again in a loop or a REPL session adds nothing).
pub fn intern(name: &str) -> &'static str {
    thread_local! {
        static NAMES: RefCell<HashSet<&'static str>> = RefCell::new(HashSet::new());
    }
    NAMES.with(|n| {
        let mut n = n.borrow_mut();
        if let Some(s) = n.get(name) {
            return *s;
        }
        let s: &'static str = Box::leak(name.to_string().into_boxed_str());
        n.insert(s);
        s
    })
}

impl Class {
    /// A new class: its order computed from `bases` with C3, CPython's
    /// TypeError when there is none.
    pub fn new(
        name: &str,
        qualname: &str,
        module: &str,
        bases: Vec<Value>,
        attrs: Attrs,
    ) -> Result<Class> {
        // The most derived builtin exception class among the bases'.
        let mut exc_base: Option<ExcKind> = None;
        let mut note = |k: Option<ExcKind>| {
            if let Some(k) = k {
                if exc_base.is_none_or(|e| k.is_subclass(e)) {
                    exc_base = Some(k);
                }
            }
        };
        let mut user: Vec<Rc<Class>> = Vec::new();
        for b in &bases {
            match b {
                Value::Class(c) => {
                    user.push(c.clone());
                    note(c.exc_base);
                }
                Value::ExcType(k) => note(Some(*k)),
                v if is_object_type(v) => {}
                other => {
                    return Err(Error::type_error(format!(
                        "bases must be types, not {}",
                        crate::ops::type_name(other)
                    )))
                }
            }
        }
        let mro = c3(&user)?;
        Ok(Class {
            name: intern(name),
            qualname: qualname.into(),
            module: module.into(),
            bases: if bases.is_empty() {
                vec![object_type()]
            } else {
                bases
            },
            mro,
            exc_base,
            attrs: RefCell::new(attrs),
        })
    }

    /// `name` in the class or the first class of its order that binds it.
    pub fn lookup(self: &Rc<Class>, name: &str) -> Option<Value> {
        if let Some(v) = self.attrs.borrow().get(name) {
            return Some(v.clone());
        }
        self.mro
            .iter()
            .find_map(|c| c.attrs.borrow().get(name).cloned())
    }

    /// `issubclass(self, other)`.
    pub fn is_subclass(self: &Rc<Class>, other: &Rc<Class>) -> bool {
        Rc::ptr_eq(self, other) || self.mro.iter().any(|c| Rc::ptr_eq(c, other))
    }

    /// The class itself, then its order.
    fn full_mro(self: &Rc<Class>) -> Vec<Rc<Class>> {
        let mut v = vec![self.clone()];
        v.extend(self.mro.iter().cloned());
        v
    }

    /// `module.qualname`, as tracebacks and reprs name a class outside
    /// `builtins`.
    pub fn full_name(&self) -> String {
        if &*self.module == "builtins" {
            return self.qualname.to_string();
        }
        format!("{}.{}", self.module, self.qualname)
    }
}

fn object_type() -> Value {
    match crate::table::lookup("builtins", "object") {
        Some(id) => Value::Builtin(id),
        None => Value::None,
    }
}

fn is_object_type(v: &Value) -> bool {
    matches!(v, Value::Builtin(id) if Some(*id) == crate::table::lookup("builtins", "object"))
}

/// C3 linearization of the user classes among the bases.
fn c3(bases: &[Rc<Class>]) -> Result<Vec<Rc<Class>>> {
    let mut seqs: Vec<Vec<Rc<Class>>> = bases.iter().map(|b| b.full_mro()).collect();
    seqs.push(bases.to_vec());
    let mut out: Vec<Rc<Class>> = Vec::new();
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Ok(out);
        }
        let head = seqs.iter().map(|s| s[0].clone()).find(|h| {
            seqs.iter()
                .all(|s| !s[1..].iter().any(|c| Rc::ptr_eq(c, h)))
        });
        let Some(head) = head else {
            let names: Vec<&str> = bases.iter().map(|b| b.name).collect();
            return Err(Error::type_error(format!(
                "Cannot create a consistent method resolution\norder (MRO) for bases {}",
                names.join(", ")
            )));
        };
        for s in &mut seqs {
            if Rc::ptr_eq(&s[0], &head) {
                s.remove(0);
            }
        }
        out.push(head);
    }
}

/// The class of a user object.
pub fn class_of(v: &Value) -> Option<&Rc<Class>> {
    match v {
        Value::Instance(i) => Some(&i.class),
        _ => None,
    }
}

/// Whether `v` is an instance of a user class (whose operators and
/// builtins go through its special methods).
pub fn is_instance(v: &Value) -> bool {
    matches!(v, Value::Instance(_))
}

/// The special method `name` of `v`'s class, if it defines one.
fn special(v: &Value, name: &str) -> Option<Value> {
    class_of(v)?.lookup(name)
}

/// Whether `v` is a user object whose class defines `name`.
pub fn special_of(v: &Value, name: &str) -> bool {
    special(v, name).is_some()
}

/// A descriptor value.
pub fn descriptor(d: Descriptor) -> Value {
    Value::Object(Rc::new(Object::Descriptor(d)))
}

fn as_descriptor(v: &Value) -> Option<&Descriptor> {
    match v {
        Value::Object(o) => match &**o {
            Object::Descriptor(d) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

/// `func` bound to `receiver`.
pub fn bind(func: Value, receiver: Value) -> Value {
    Value::BoundMethod(Rc::new(MethodObj { receiver, func }))
}

/// A class attribute as seen through an instance: functions bind,
/// properties run their getter, static and class methods unwrap.
fn through_instance(
    host: &mut dyn Host,
    attr: Value,
    obj: &Value,
    class: &Rc<Class>,
) -> Result<Value> {
    match &attr {
        Value::Function(_) => Ok(bind(attr, obj.clone())),
        // A builtin method (`list.append` in a class body, `np.poly1d`'s
        // methods) binds as CPython's method descriptors do.
        Value::Builtin(id) if crate::table::get(*id).kind == crate::table::Kind::Method => {
            Ok(bind(attr, obj.clone()))
        }
        _ => match as_descriptor(&attr) {
            Some(Descriptor::Dataclass { .. } | Descriptor::NamedTuple { .. }) => {
                Ok(bind(attr.clone(), obj.clone()))
            }
            Some(Descriptor::TupleField { index }) => match obj {
                Value::Instance(inst) => Ok(crate::collections::field_value(inst, *index)),
                _ => Ok(attr.clone()),
            },
            Some(Descriptor::Property { get, .. }) => {
                if get.is_none() {
                    return Err(Error::attribute_error("unreadable attribute"));
                }
                host.call(get, vec![obj.clone()], Vec::new())
            }
            Some(Descriptor::Static(f)) => Ok(f.clone()),
            Some(Descriptor::ClassMethod(f)) => Ok(bind(f.clone(), Value::Class(class.clone()))),
            _ => Ok(attr),
        },
    }
}

/// A class attribute as seen through the class: class methods bind to
/// it, static methods unwrap, functions stay plain functions.
fn through_class(attr: Value, class: &Rc<Class>) -> Value {
    match as_descriptor(&attr) {
        Some(Descriptor::Static(f)) => f.clone(),
        Some(Descriptor::ClassMethod(f)) => bind(f.clone(), Value::Class(class.clone())),
        _ => attr,
    }
}

/// `v.name` for a user instance, a user class or `super()`; `None` when
/// `v` is none of them.
pub fn getattr(host: &mut dyn Host, v: &Value, name: &str) -> Option<Result<Value>> {
    Some(match v {
        Value::Instance(inst) => instance_attr(host, v, inst, name),
        Value::Class(c) => class_attr(c, name),
        Value::Object(o) => match &**o {
            Object::Descriptor(Descriptor::Super { class, obj }) => {
                super_attr(host, class, obj, name)
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// The attributes of `property` and `field()` objects (no user code runs).
pub fn object_attr(v: &Value, name: &str) -> Option<Value> {
    let Value::Object(o) = v else {
        return None;
    };
    Some(match &**o {
        Object::Field(spec) => match name {
            "default" => spec.default.clone().unwrap_or_else(Object::missing),
            "default_factory" => spec.factory.clone().unwrap_or_else(Object::missing),
            _ => return None,
        },
        Object::Descriptor(Descriptor::Property { get, set, del }) => match name {
            "fget" => get.clone(),
            "fset" => set.clone(),
            "fdel" => del.clone(),
            "setter" | "getter" | "deleter" => descriptor(Descriptor::Refine {
                which: match name {
                    "setter" => "setter",
                    "getter" => "getter",
                    _ => "deleter",
                },
                property: v.clone(),
            }),
            _ => return None,
        },
        _ => return None,
    })
}

fn instance_attr(host: &mut dyn Host, v: &Value, inst: &Rc<Instance>, name: &str) -> Result<Value> {
    let class = &inst.class;
    let found = class.lookup(name);
    if let Some(attr) = &found {
        if matches!(
            as_descriptor(attr),
            Some(Descriptor::Property { .. } | Descriptor::TupleField { .. })
        ) {
            return through_instance(host, attr.clone(), v, class);
        }
    }
    if let Some(a) = inst.attrs.borrow().get(name) {
        return Ok(a.clone());
    }
    if let Some(attr) = found {
        return through_instance(host, attr, v, class);
    }
    match name {
        "__class__" => return Ok(Value::Class(class.clone())),
        "__dict__" => {
            let mut d = crate::value::DictTable::default();
            for (k, a) in inst.attrs.borrow().items() {
                d.insert(Value::Str(k.clone()), a.clone())?;
            }
            return Ok(Value::dict(d));
        }
        "args" if class.exc_base.is_some() => {
            return Ok(Value::tuple(inst.args.borrow().clone()));
        }
        _ => {}
    }
    if let Some(m) = base_method(name, v) {
        return Ok(m);
    }
    if let Some(hook) = class.lookup("__getattr__") {
        return host.call(&hook, vec![v.clone(), Value::str(name)], Vec::new());
    }
    Err(Error::attribute_error(format!(
        "'{}' object has no attribute '{name}'",
        class.name
    )))
}

/// The methods of `object` (and `BaseException`) a user object reaches
/// when its class defines none ([`call_base`] runs them).
const BASE_METHODS: [&str; 7] = [
    "__init__",
    "__repr__",
    "__str__",
    "__eq__",
    "__ne__",
    "__hash__",
    "__setattr__",
];

/// `object.name` bound to `receiver`, if `object` has that method.
fn base_method(name: &str, receiver: &Value) -> Option<Value> {
    let name = BASE_METHODS.into_iter().find(|m| *m == name)?;
    Some(descriptor(Descriptor::Base {
        name,
        receiver: receiver.clone(),
    }))
}

/// `Cls.name` (no user code runs).
pub fn class_attr(c: &Rc<Class>, name: &str) -> Result<Value> {
    if let Some(a) = c.lookup(name) {
        return Ok(through_class(a, c));
    }
    Ok(match name {
        "__name__" => Value::str(c.name),
        "__qualname__" => Value::Str(c.qualname.clone()),
        "__module__" => Value::Str(c.module.clone()),
        "__bases__" => Value::tuple(c.bases.clone()),
        "__mro__" => {
            let mut v: Vec<Value> = c.full_mro().into_iter().map(Value::Class).collect();
            if let Some(k) = c.exc_base {
                let mut kind = Some(k);
                while let Some(k) = kind {
                    v.push(Value::ExcType(k));
                    kind = k.bases().first().copied();
                }
            }
            // A builtin base (a namedtuple's `tuple`) before `object`.
            v.extend(
                c.bases
                    .iter()
                    .filter(|b| matches!(b, Value::Builtin(_)) && !is_object_type(b))
                    .cloned(),
            );
            v.push(object_type());
            Value::tuple(v)
        }
        "__doc__" => Value::None,
        _ => {
            return Err(Error::attribute_error(format!(
                "type object '{}' has no attribute '{name}'",
                c.name
            )))
        }
    })
}

fn super_attr(host: &mut dyn Host, class: &Rc<Class>, obj: &Value, name: &str) -> Result<Value> {
    let start = match obj {
        Value::Class(c) => c.clone(),
        _ => class_of(obj).cloned().unwrap_or_else(|| class.clone()),
    };
    let order = start.full_mro();
    let after = order
        .iter()
        .position(|c| Rc::ptr_eq(c, class))
        .map_or(order.len(), |i| i + 1);
    for c in &order[after..] {
        let found = c.attrs.borrow().get(name).cloned();
        if let Some(attr) = found {
            return match obj {
                Value::Class(oc) => Ok(match &attr {
                    Value::Function(_) => attr,
                    _ => through_class(attr, oc),
                }),
                _ => through_instance(host, attr, obj, &start),
            };
        }
    }
    base_method(name, obj)
        .ok_or_else(|| Error::attribute_error(format!("'super' object has no attribute '{name}'")))
}

/// `obj.name = v` for a user instance or class; `None` when `obj` is
/// neither.
pub fn setattr(host: &mut dyn Host, obj: &Value, name: &str, v: Value) -> Option<Result<()>> {
    Some(match obj {
        Value::Instance(inst) => {
            if let Some(hook) = inst.class.lookup("__setattr__") {
                return Some(
                    host.call(&hook, vec![obj.clone(), Value::str(name), v], Vec::new())
                        .map(|_| ()),
                );
            }
            set_instance_attr(host, inst, obj, name, v)
        }
        Value::Class(c) => {
            c.attrs.borrow_mut().set(name, v);
            Ok(())
        }
        _ => return None,
    })
}

fn set_instance_attr(
    host: &mut dyn Host,
    inst: &Rc<Instance>,
    obj: &Value,
    name: &str,
    v: Value,
) -> Result<()> {
    if let Some(attr) = inst.class.lookup(name) {
        if let Some(Descriptor::Property { set, .. }) = as_descriptor(&attr) {
            if set.is_none() {
                return Err(Error::attribute_error(format!(
                    "property '{name}' of '{}' object has no setter",
                    inst.class.name
                )));
            }
            return host.call(set, vec![obj.clone(), v], Vec::new()).map(|_| ());
        }
    }
    inst.attrs.borrow_mut().set(name, v);
    Ok(())
}

/// `del obj.name`; `None` when `obj` is not a user object.
pub fn delattr(host: &mut dyn Host, obj: &Value, name: &str) -> Option<Result<()>> {
    Some(match obj {
        Value::Instance(inst) => {
            if let Some(hook) = inst.class.lookup("__delattr__") {
                let args = vec![obj.clone(), Value::str(name)];
                return Some(host.call(&hook, args, Vec::new()).map(|_| ()));
            }
            if let Some(attr) = inst.class.lookup(name) {
                if let Some(Descriptor::Property { del, .. }) = as_descriptor(&attr) {
                    if del.is_none() {
                        return Some(Err(Error::attribute_error(format!(
                            "property '{name}' of '{}' object has no deleter",
                            inst.class.name
                        ))));
                    }
                    return Some(host.call(del, vec![obj.clone()], Vec::new()).map(|_| ()));
                }
            }
            if inst.attrs.borrow_mut().remove(name) {
                Ok(())
            } else {
                Err(Error::attribute_error(format!(
                    "'{}' object has no attribute '{name}'",
                    inst.class.name
                )))
            }
        }
        Value::Class(c) => {
            if c.attrs.borrow_mut().remove(name) {
                Ok(())
            } else {
                Err(Error::attribute_error(format!(
                    "type object '{}' has no attribute '{name}'",
                    c.name
                )))
            }
        }
        _ => return None,
    })
}

/// `Cls(*args, **kwargs)`: a new instance, initialised by `__init__`.
pub fn instantiate(
    host: &mut dyn Host,
    class: &Rc<Class>,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    let inst = Value::Instance(Rc::new(Instance {
        class: class.clone(),
        attrs: RefCell::new(Attrs::default()),
        args: RefCell::new(if class.exc_base.is_some() {
            args.clone()
        } else {
            Vec::new()
        }),
    }));
    match class.lookup("__init__") {
        Some(init) => {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(inst.clone());
            full.extend(args);
            let r = host.call(&init, full, kwargs)?;
            if !r.is_none() {
                return Err(Error::type_error(format!(
                    "__init__() should return None, not '{}'",
                    crate::ops::type_name(&r)
                )));
            }
        }
        None if class.exc_base.is_none() && (!args.is_empty() || !kwargs.is_empty()) => {
            return Err(Error::type_error(format!(
                "{}() takes no arguments",
                class.name
            )));
        }
        None if !kwargs.is_empty() => {
            return Err(Error::type_error(format!(
                "{}() takes no keyword arguments",
                class.name
            )));
        }
        None => {}
    }
    Ok(inst)
}

/// Calls a method of `object`/`BaseException` reached through `super()`.
pub fn call_base(
    host: &mut dyn Host,
    name: &str,
    receiver: &Value,
    args: Vec<Value>,
) -> Result<Value> {
    match name {
        "__init__" => {
            match receiver {
                Value::Instance(inst) if inst.class.exc_base.is_some() => {
                    *inst.args.borrow_mut() = args;
                }
                _ if !args.is_empty() => {
                    return Err(Error::type_error(
                        "object.__init__() takes exactly one argument (the instance to initialize)",
                    ))
                }
                _ => {}
            }
            Ok(Value::None)
        }
        "__repr__" => Ok(Value::str(default_repr(receiver))),
        "__str__" => Ok(Value::str(match receiver {
            Value::Instance(inst) if inst.class.exc_base.is_some() => exc_text(host, inst)?,
            _ => repr(host, receiver)?,
        })),
        "__eq__" | "__ne__" => {
            let [other] = &args[..] else {
                return Err(Error::type_error(format!(
                    "expected 1 argument, got {}",
                    args.len()
                )));
            };
            if crate::py::compare::is(receiver, other) {
                Ok(Value::Bool(name == "__eq__"))
            } else {
                Ok(Object::not_implemented())
            }
        }
        "__hash__" => Ok(Value::Int(crate::py::repr::object_id(receiver) >> 4)),
        _ => {
            let [attr, v] = &args[..] else {
                return Err(Error::type_error(format!(
                    "expected 2 arguments, got {}",
                    args.len()
                )));
            };
            let Value::Str(attr) = attr else {
                return Err(Error::type_error("attribute name must be string"));
            };
            match receiver {
                Value::Instance(inst) => set_instance_attr(host, inst, receiver, attr, v.clone())?,
                _ => return Err(Error::type_error("can't apply this __setattr__ to object")),
            }
            Ok(Value::None)
        }
    }
}

/// `<__main__.A object at 0x...>`, `MyError('msg')` for exceptions.
fn default_repr(v: &Value) -> String {
    match v {
        Value::Instance(inst) if inst.class.exc_base.is_some() => {
            let args: Vec<String> = inst.args.borrow().iter().map(crate::ops::repr).collect();
            format!("{}({})", inst.class.name, args.join(", "))
        }
        Value::Instance(inst) => format!(
            "<{} object at {:#x}>",
            inst.class.full_name(),
            Rc::as_ptr(inst) as usize
        ),
        Value::Class(c) => format!("<class '{}'>", c.full_name()),
        _ => crate::ops::repr(v),
    }
}

/// The repr of an object whose class's `__repr__` is a table entry
/// (`np.poly1d`), for contexts with no host (no user code runs); `None`
/// for any other value or when it fails.
pub fn builtin_repr(v: &Value) -> Option<String> {
    let f = special(v, "__repr__")?;
    if !matches!(f, Value::Builtin(_)) {
        return None;
    }
    let r = crate::ops::call(&mut crate::host::QuietHost, &f, vec![v.clone()], Vec::new()).ok()?;
    text_result(r, "__repr__").ok()
}

/// The repr of a user object without running user code (a default repr,
/// whatever the class defines): for contexts with no host.
pub fn plain_repr(v: &Value) -> String {
    default_repr(v)
}

fn exc_text(host: &mut dyn Host, inst: &Instance) -> Result<String> {
    let args = inst.args.borrow().clone();
    Ok(match &args[..] {
        [] => String::new(),
        [one] => to_str(host, one)?,
        _ => repr(host, &Value::tuple(args))?,
    })
}

fn text_result(r: Value, what: &str) -> Result<String> {
    match r {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::type_error(format!(
            "{what} returned non-string (type {})",
            crate::ops::type_name(&other)
        ))),
    }
}

/// `repr(v)`, running `__repr__` of user objects, also inside containers.
pub fn repr(host: &mut dyn Host, v: &Value) -> Result<String> {
    crate::py::repr::repr_with(host, v)
}

/// `repr(obj)` of one user object.
pub fn repr_one(host: &mut dyn Host, v: &Value) -> Result<String> {
    match special(v, "__repr__") {
        Some(f) => text_result(host.call(&f, vec![v.clone()], Vec::new())?, "__repr__"),
        None => Ok(default_repr(v)),
    }
}

/// `str(v)`, running `__str__` (else `__repr__`) of user objects.
pub fn to_str(host: &mut dyn Host, v: &Value) -> Result<String> {
    match v {
        Value::Instance(inst) => {
            if let Some(f) = inst.class.lookup("__str__") {
                return text_result(host.call(&f, vec![v.clone()], Vec::new())?, "__str__");
            }
            if inst.class.exc_base.is_some() && inst.class.lookup("__repr__").is_none() {
                return exc_text(host, inst);
            }
            repr_one(host, v)
        }
        Value::Str(s) => Ok(s.to_string()),
        // Under np.set_printoptions(formatter=...), its callables.
        Value::Array(a) => match crate::numpy::printopts::formatter() {
            Some(f) => {
                let o = crate::numpy::printopts::get();
                crate::numpy::printing::print_array(host, a, &f, &o, false, "array")
            }
            None => Ok(crate::ops::to_str(v)),
        },
        Value::HostArray(a) => match crate::numpy::printopts::formatter() {
            Some(f) => crate::numpy::printing::print_host_array(host, a, &f, false),
            None if a.dtype().kind == crate::numpy::host::HostKind::Object => Ok(a.str_with(host)),
            None => Ok(crate::ops::to_str(v)),
        },
        _ if shows_items(v) => repr(host, v),
        _ => Ok(crate::ops::to_str(v)),
    }
}

/// Whether `v` is a container whose repr shows its items' reprs (so
/// through the host, for the user objects among them).
fn shows_items(v: &Value) -> bool {
    matches!(
        v,
        Value::List(_)
            | Value::Tuple(_)
            | Value::Dict(_)
            | Value::Set(_)
            | Value::FrozenSet(_)
            | Value::DictView(_)
            | Value::BoundMethod(_)
    )
}

fn dunder(op: BinOp) -> (&'static str, &'static str, &'static str) {
    match op {
        BinOp::Add => ("__add__", "__radd__", "__iadd__"),
        BinOp::Sub => ("__sub__", "__rsub__", "__isub__"),
        BinOp::Mul => ("__mul__", "__rmul__", "__imul__"),
        BinOp::Div => ("__truediv__", "__rtruediv__", "__itruediv__"),
        BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
        BinOp::Mod => ("__mod__", "__rmod__", "__imod__"),
        BinOp::Pow => ("__pow__", "__rpow__", "__ipow__"),
        BinOp::MatMul => ("__matmul__", "__rmatmul__", "__imatmul__"),
        BinOp::BitAnd => ("__and__", "__rand__", "__iand__"),
        BinOp::BitOr => ("__or__", "__ror__", "__ior__"),
        BinOp::BitXor => ("__xor__", "__rxor__", "__ixor__"),
        BinOp::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
        BinOp::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
    }
}

fn is_not_implemented(v: &Value) -> bool {
    matches!(v, Value::Object(o) if matches!(**o, Object::NotImplemented))
}

/// What a NumPy scalar is when a user method receives it from NumPy's
/// object loop: the Python number (NumPy converts a scalar operand of an
/// unknown object to a 0-d object array, whose element is a Python float,
/// int, complex or bool).
fn as_object_operand(v: &Value) -> Value {
    match v {
        Value::Scalar(s) => crate::numpy::conv::to_python(s),
        other => other.clone(),
    }
}

/// Calls `method` of `obj` with `other`: `None` when `obj`'s class has no
/// such method or it returned `NotImplemented`. A NumPy scalar `other`
/// reaches a reflected method as NumPy's object loop passes it, a Python
/// number ([`as_object_operand`]); any other call gets it as it is.
fn try_method(
    host: &mut dyn Host,
    obj: &Value,
    method: &str,
    other: &Value,
) -> Result<Option<Value>> {
    let Some(f) = special(obj, method) else {
        return Ok(None);
    };
    let reflected = method.starts_with("__r") && !matches!(method, "__repr__");
    let other = if reflected {
        as_object_operand(other)
    } else {
        other.clone()
    };
    let r = host.call(&f, vec![obj.clone(), other], Vec::new())?;
    Ok((!is_not_implemented(&r)).then_some(r))
}

/// Whether `b`'s class is a proper subclass of `a`'s that overrides the
/// reflected method: then Python tries `b`'s first.
fn reflected_first(a: &Value, b: &Value, rname: &str) -> bool {
    match (class_of(a), class_of(b)) {
        (Some(ca), Some(cb)) => {
            !Rc::ptr_eq(ca, cb) && cb.is_subclass(ca) && cb.attrs.borrow().get(rname).is_some()
        }
        _ => false,
    }
}

/// `divmod(a, b)` when either operand is a user object (`__divmod__`,
/// then `__rdivmod__`); `None` when neither is.
pub fn divmod(host: &mut dyn Host, a: &Value, b: &Value) -> Option<Result<Value>> {
    if !is_instance(a) && !is_instance(b) {
        return None;
    }
    let run = |host: &mut dyn Host| -> Result<Value> {
        if reflected_first(a, b, "__rdivmod__") {
            if let Some(r) = try_method(host, b, "__rdivmod__", a)? {
                return Ok(r);
            }
        }
        if let Some(r) = try_method(host, a, "__divmod__", b)? {
            return Ok(r);
        }
        let same = matches!((class_of(a), class_of(b)), (Some(x), Some(y)) if Rc::ptr_eq(x, y));
        if !same {
            if let Some(r) = try_method(host, b, "__rdivmod__", a)? {
                return Ok(r);
            }
        }
        Err(Error::type_error(format!(
            "unsupported operand type(s) for divmod(): '{}' and '{}'",
            crate::ops::type_name(a),
            crate::ops::type_name(b)
        )))
    };
    Some(run(host))
}

/// `a op b` when either operand is a user object; `None` when neither is.
pub fn binary(host: &mut dyn Host, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    if op == BinOp::Mod
        && matches!(a, Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_))
        && shows_items(b)
    {
        return Some(percent_format(host, a, b));
    }
    if !is_instance(a) && !is_instance(b) {
        return None;
    }
    Some(binary_dunder(host, op, a, b))
}

/// A user object as NumPy reads it when it meets an array or a NumPy
/// scalar: what its `__array__` returns, or the list of its items when
/// it is a sequence (`__len__` and `__getitem__`); `None` for any other
/// object (NumPy makes it a 0-d object array, whose loop calls the
/// object's own method).
fn as_array_like(host: &mut dyn Host, v: &Value) -> Result<Option<Value>> {
    if special(v, "__array__").is_some() {
        return call_special(host, v, "__array__", Vec::new(), "").map(Some);
    }
    if special(v, "__len__").is_none() || special(v, "__getitem__").is_none() {
        return Ok(None);
    }
    let n = len(host, v)?;
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        items.push(call_special(
            host,
            v,
            "__getitem__",
            vec![Value::Int(i as i64)],
            "",
        )?);
    }
    Ok(Some(Value::list(items)))
}

/// Whether `v` is an instance of a class derived from `np.ndarray`.
pub(crate) fn ndarray_subclass(v: &Value) -> bool {
    let Some(c) = class_of(v) else {
        return false;
    };
    let Some(nd) = crate::table::lookup("numpy", "ndarray") else {
        return false;
    };
    subclass_of(&Value::Class(c.clone()), &Value::Builtin(nd)) == Some(true)
}

fn binary_dunder(host: &mut dyn Host, op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    let (name, rname, _) = dunder(op);
    // `str % obj` is str's own formatting: CPython tries `obj.__rmod__`
    // first only for a subclass of str, which a class here cannot be.
    if op == BinOp::Mod && matches!(a, Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_)) {
        return percent_format(host, a, b);
    }
    // An ndarray subclass (np.matrix) on the right overriding the
    // reflected method goes first, as Python calls a subclass's reflected
    // method before the base's own.
    if crate::numpy::conv::is_numpy(a) && ndarray_subclass(b) {
        if let Some(r) = try_method(host, b, rname, a)? {
            return Ok(r);
        }
    }
    if crate::numpy::conv::is_numpy(a) {
        if let Some(seq) = as_array_like(host, b)? {
            // The items as the array NumPy makes of them (a list would be
            // repeated by a NumPy integer).
            let seq = match &seq {
                Value::List(_) => crate::numpy::conv::as_array(&seq)
                    .map(crate::numpy::conv::wrap)
                    .unwrap_or(seq),
                _ => seq,
            };
            return crate::ops::binary(op, a, &seq);
        }
    }
    if reflected_first(a, b, rname) {
        if let Some(r) = try_method(host, b, rname, a)? {
            return Ok(r);
        }
    }
    if let Some(r) = try_method(host, a, name, b)? {
        return Ok(r);
    }
    let same = matches!((class_of(a), class_of(b)), (Some(x), Some(y)) if Rc::ptr_eq(x, y));
    if !same {
        if let Some(r) = try_method(host, b, rname, a)? {
            return Ok(r);
        }
    }
    Err(Error::type_error(format!(
        "unsupported operand type(s) for {}: '{}' and '{}'",
        op.symbol(),
        crate::ops::type_name(a),
        crate::ops::type_name(b)
    )))
}

/// `a op= b` when `a` or `b` is a user object: `__iadd__` first, then as
/// `a op b`.
pub fn inplace(host: &mut dyn Host, op: BinOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    if !is_instance(a) && !is_instance(b) {
        return None;
    }
    // An array's in-place operator runs the ufunc with the array as its
    // output, which an object opting out of ufuncs refuses (NumPy gives
    // only the binary operator up to it).
    let array = matches!(a, Value::Array(_)) || matches!(a, Value::HostArray(h) if !h.is_scalar());
    if array && special(b, "__array_ufunc__").is_some_and(|f| f.is_none()) {
        return Some(Err(Error::type_error(format!(
            "operand '{}' does not support ufuncs (__array_ufunc__=None)",
            crate::ops::type_name(b)
        ))));
    }
    let (_, _, iname) = dunder(op);
    Some(match try_method(host, a, iname, b) {
        Ok(Some(r)) => Ok(r),
        Ok(None) => binary_dunder(host, op, a, b),
        Err(e) => Err(e),
    })
}

fn compare_names(op: CmpOp) -> Option<(&'static str, &'static str)> {
    Some(match op {
        CmpOp::Eq => ("__eq__", "__eq__"),
        CmpOp::NotEq => ("__ne__", "__ne__"),
        CmpOp::Lt => ("__lt__", "__gt__"),
        CmpOp::LtE => ("__le__", "__ge__"),
        CmpOp::Gt => ("__gt__", "__lt__"),
        CmpOp::GtE => ("__ge__", "__le__"),
        _ => return None,
    })
}

/// `a op b` for a rich comparison when either operand is a user object;
/// `None` when neither is (or for `in`, `is`).
pub fn compare(host: &mut dyn Host, op: CmpOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    if !is_instance(a) && !is_instance(b) {
        return None;
    }
    let (name, rname) = compare_names(op)?;
    Some((|| {
        let reflected_first = match (class_of(a), class_of(b)) {
            (Some(ca), Some(cb)) => !Rc::ptr_eq(ca, cb) && cb.is_subclass(ca),
            _ => false,
        };
        if reflected_first {
            if let Some(r) = try_method(host, b, rname, a)? {
                return Ok(r);
            }
        }
        if let Some(r) = try_method(host, a, name, b)? {
            return Ok(r);
        }
        if !reflected_first {
            if let Some(r) = try_method(host, b, rname, a)? {
                return Ok(r);
            }
        }
        match op {
            CmpOp::Eq => Ok(Value::Bool(crate::py::compare::is(a, b))),
            CmpOp::NotEq => {
                // `__ne__` defaults to the negation of `__eq__`.
                if special(a, "__eq__").is_some() {
                    if let Some(r) = try_method(host, a, "__eq__", b)? {
                        return Ok(Value::Bool(!truthy(host, &r)?));
                    }
                }
                Ok(Value::Bool(!crate::py::compare::is(a, b)))
            }
            _ => Err(Error::type_error(format!(
                "'{}' not supported between instances of '{}' and '{}'",
                op.symbol(),
                crate::ops::type_name(a),
                crate::ops::type_name(b)
            ))),
        }
    })())
}

/// `-a`, `+a`, `~a` of a user object; `None` for other values.
pub fn unary(host: &mut dyn Host, op: UnaryOp, a: &Value) -> Option<Result<Value>> {
    if !is_instance(a) {
        return None;
    }
    let (name, sym) = match op {
        UnaryOp::Neg => ("__neg__", "unary -"),
        UnaryOp::Pos => ("__pos__", "unary +"),
        UnaryOp::Invert => ("__invert__", "unary ~"),
        UnaryOp::Not => return Some(truthy(host, a).map(|t| Value::Bool(!t))),
    };
    Some(match special(a, name) {
        Some(f) => host.call(&f, vec![a.clone()], Vec::new()),
        None => Err(Error::type_error(format!(
            "bad operand type for {sym}: '{}'",
            crate::ops::type_name(a)
        ))),
    })
}

/// `bool(v)`: `__bool__`, then `__len__`, else true for a user object.
pub fn truthy(host: &mut dyn Host, v: &Value) -> Result<bool> {
    if !is_instance(v) {
        return crate::ops::truthy(v);
    }
    if let Some(f) = special(v, "__bool__") {
        return match host.call(&f, vec![v.clone()], Vec::new())? {
            Value::Bool(b) => Ok(b),
            other => Err(Error::type_error(format!(
                "__bool__ should return bool, returned {}",
                crate::ops::type_name(&other)
            ))),
        };
    }
    if special(v, "__len__").is_some() {
        return Ok(len(host, v)? > 0);
    }
    Ok(true)
}

/// `len(v)` through `__len__`.
pub fn len(host: &mut dyn Host, v: &Value) -> Result<usize> {
    let Some(f) = special(v, "__len__") else {
        return Err(Error::type_error(format!(
            "object of type '{}' has no len()",
            crate::ops::type_name(v)
        )));
    };
    let r = host.call(&f, vec![v.clone()], Vec::new())?;
    match r {
        Value::Int(n) if n >= 0 => Ok(n as usize),
        Value::Bool(b) => Ok(usize::from(b)),
        Value::Int(_) => Err(Error::value_error("__len__() should return >= 0")),
        other => Err(Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            crate::ops::type_name(&other)
        ))),
    }
}

/// Calls special method `name` of user object `v`, or CPython's
/// TypeError worded by `missing` (`{}` is the type name).
pub fn call_special(
    host: &mut dyn Host,
    v: &Value,
    name: &str,
    args: Vec<Value>,
    missing: &str,
) -> Result<Value> {
    let Some(f) = special(v, name) else {
        return Err(Error::type_error(
            missing.replace("{}", crate::ops::type_name(v)),
        ));
    };
    let mut full = Vec::with_capacity(args.len() + 1);
    full.push(v.clone());
    full.extend(args);
    host.call(&f, full, Vec::new())
}

/// `hash(v)` of a user object: `__hash__`, identity by default, and
/// unhashable when the class defines `__eq__` without `__hash__`.
pub fn hash(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let class = class_of(v).ok_or_else(|| Error::type_error("not a user object"))?;
    match class.lookup("__hash__") {
        Some(Value::None) => Err(unhashable(v)),
        // As CPython's `slot_tp_hash`: the int itself when it fits (-1,
        // the error marker, is -2), a big int's own hash otherwise.
        Some(f) => match host.call(&f, vec![v.clone()], Vec::new())? {
            Value::Int(-1) => Ok(-2),
            Value::Int(h) => Ok(h),
            Value::Bool(b) => Ok(i64::from(b)),
            Value::BigInt(b) => Ok(crate::py::hash::bigint_hash(&b)),
            _ => Err(Error::type_error(
                "__hash__ method should return an integer",
            )),
        },
        None if class.lookup("__eq__").is_some() => Err(unhashable(v)),
        None => Ok(crate::py::repr::object_id(v) >> 4),
    }
}

fn unhashable(v: &Value) -> Error {
    Error::type_error(format!("unhashable type: '{}'", crate::ops::type_name(v)))
}

/// `issubclass(a, b)` for user classes and builtin exception classes.
pub fn subclass_of(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Class(x), Value::Class(y)) => Some(x.is_subclass(y)),
        (Value::Class(x), Value::ExcType(k)) => Some(x.exc_base.is_some_and(|e| e.is_subclass(*k))),
        (Value::Class(_), v) if is_object_type(v) => Some(true),
        // A class made on a builtin type (a namedtuple's `tuple`).
        (Value::Class(x), Value::Builtin(_)) => {
            let same = |base: &Value| matches!((base, b), (Value::Builtin(p), Value::Builtin(q)) if p == q);
            Some(x.full_mro().iter().any(|c| c.bases.iter().any(same)))
        }
        (Value::ExcType(_) | Value::Builtin(_), Value::Class(_)) => Some(false),
        _ => None,
    }
}

/// `isinstance(obj, cls)` where `obj` is a user object or `cls` a user class.
pub fn instance_of(obj: &Value, cls: &Value) -> Option<bool> {
    match (obj, cls) {
        (Value::Instance(i), _) => subclass_of(&Value::Class(i.class.clone()), cls),
        (_, Value::Class(_)) => Some(false),
        _ => None,
    }
}

/// The class name `except` and tracebacks show for a raised user
/// exception object (`__main__.MyError`), if `v` is one.
pub fn exception_class_name(v: &Value) -> Option<String> {
    match v {
        Value::Instance(i) if i.class.exc_base.is_some() => {
            Some(if matches!(&*i.class.module, "builtins" | "__main__") {
                i.class.qualname.to_string()
            } else {
                i.class.full_name()
            })
        }
        _ => None,
    }
}

/// What `raise v` raises when `v` is a user exception class or object:
/// the error (its builtin base class, its `str`) and the object.
pub fn to_raise(host: &mut dyn Host, v: &Value) -> Option<Result<(Error, Value)>> {
    let obj = match v {
        Value::Class(c) if c.exc_base.is_some() => {
            match instantiate(host, c, Vec::new(), Vec::new()) {
                Ok(o) => o,
                Err(e) => return Some(Err(e)),
            }
        }
        Value::Instance(i) if i.class.exc_base.is_some() => v.clone(),
        Value::Class(_) | Value::Instance(_) => {
            return Some(Err(Error::type_error(
                "exceptions must derive from BaseException",
            )))
        }
        _ => return None,
    };
    let Value::Instance(inst) = &obj else {
        return None;
    };
    let kind = inst.class.exc_base.unwrap_or(ExcKind::Exception);
    Some(to_str(host, &obj).map(|text| (Error::new(kind, text), obj.clone())))
}

/// Whether an exception (its builtin class `kind` and its object `value`)
/// is caught by `except class:` when `class` is a user class; `None` when
/// `class` is not one.
pub fn caught_by(value: Option<&Value>, class: &Value) -> Option<Result<bool>> {
    let Value::Class(c) = class else {
        return None;
    };
    if c.exc_base.is_none() {
        return Some(Err(Error::type_error(
            "catching classes that do not inherit from BaseException is not allowed",
        )));
    }
    Some(Ok(match value.and_then(class_of) {
        Some(vc) => vc.is_subclass(c),
        None => false,
    }))
}

/// `a < b` (or another ordering) as a bool, through the user's special
/// methods when an operand is a user object (`sorted`, `min`, `max`).
pub fn order(host: &mut dyn Host, op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
    match compare(host, op, a, b) {
        Some(r) => truthy(host, &r?),
        None if matches!(op, CmpOp::Eq | CmpOp::NotEq) => {
            crate::ops::truthy(&crate::ops::compare(op, a, b)?)
        }
        None => crate::py::compare::order(op, a, b),
    }
}

/// `format(v, spec)`, through `__format__` (else `str()` for an empty
/// spec) of user objects.
pub fn format(host: &mut dyn Host, v: &Value, spec: &str) -> Result<String> {
    if is_instance(v) {
        if let Some(f) = special(v, "__format__") {
            let r = host.call(&f, vec![v.clone(), Value::str(spec)], Vec::new())?;
            return text_result(r, "__format__");
        }
        if spec.is_empty() {
            return to_str(host, v);
        }
        return Err(Error::type_error(format!(
            "unsupported format string passed to {}.__format__",
            crate::ops::type_name(v)
        )));
    }
    // Arrays too: their str may run a formatter's callables.
    if spec.is_empty() && (shows_items(v) || matches!(v, Value::Array(_) | Value::HostArray(_))) {
        return to_str(host, v);
    }
    crate::py::format::format(v, spec)
}

/// The `!r`, `!s` and `!a` conversions of a replacement field, through
/// user `__repr__` and `__str__`.
pub fn convert(host: &mut dyn Host, v: &Value, conversion: char) -> Result<Value> {
    if !is_instance(v) && !shows_items(v) {
        return crate::py::format::convert(v, conversion);
    }
    Ok(Value::str(match conversion {
        'r' => repr(host, v)?,
        's' => to_str(host, v)?,
        'a' => crate::py::format::ascii(&repr(host, v)?),
        _ => return crate::py::format::convert(v, conversion),
    }))
}

/// `iter(obj)` of a user object: what its `__iter__` returns (which
/// must be an iterator), or an iterator over its `__getitem__`.
pub fn iter(host: &mut dyn Host, v: &Value) -> Result<Value> {
    if special(v, "__iter__").is_some() {
        let it = call_special(host, v, "__iter__", Vec::new(), "")?;
        let is_iterator = match &it {
            Value::Iter(_) => true,
            Value::Instance(_) => special(&it, "__next__").is_some(),
            _ => false,
        };
        if !is_iterator {
            return Err(Error::type_error(format!(
                "iter() returned non-iterator of type '{}'",
                crate::ops::type_name(&it)
            )));
        }
        return Ok(it);
    }
    let s = crate::py::lazy::stream(v)?;
    Ok(crate::py::lazy::IterObj::value(
        "iterator",
        crate::py::lazy::IterState::Stream(Box::new(s)),
    ))
}

/// `next(obj)` of a user iterator: its `__next__`; `None` at its end
/// (StopIteration).
pub fn next(host: &mut dyn Host, v: &Value) -> Result<Option<Value>> {
    let missing = "'{}' object is not an iterator";
    match call_special(host, v, "__next__", Vec::new(), missing) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.kind() == ExcKind::StopIteration => Ok(None),
        Err(e) => Err(e),
    }
}

/// `prop.setter(f)` (and `getter`, `deleter`): a new property.
pub fn refine_property(which: &str, property: &Value, args: Vec<Value>) -> Result<Value> {
    let [f] = &args[..] else {
        return Err(Error::type_error(format!(
            "{which}() takes exactly one argument ({} given)",
            args.len()
        )));
    };
    let Some(Descriptor::Property { get, set, del }) = as_descriptor(property) else {
        return Err(Error::type_error("not a property"));
    };
    let (mut get, mut set, mut del) = (get.clone(), set.clone(), del.clone());
    match which {
        "getter" => get = f.clone(),
        "setter" => set = f.clone(),
        _ => del = f.clone(),
    }
    Ok(descriptor(Descriptor::Property { get, set, del }))
}

/// `fmt % args` with the `%s`, `%r` and `%a` of user objects through
/// their `__str__` and `__repr__`.
pub fn percent_format(host: &mut dyn Host, fmt: &Value, args: &Value) -> Result<Value> {
    crate::strmethods::percent_format_with(fmt, args, &mut |v, ty| match ty {
        's' => to_str(host, v),
        'r' => repr(host, v),
        // A user object's bytes come from its `__bytes__`.
        'b' if special(v, "__bytes__").is_some() => {
            let b = call_special(host, v, "__bytes__", Vec::new(), "")?;
            match &b {
                Value::Bytes(d) => Ok(d.iter().map(|&c| char::from(c)).collect()),
                _ => Err(Error::type_error(format!(
                    "__bytes__ returned non-bytes (type {})",
                    crate::ops::type_name(&b)
                ))),
            }
        }
        'b' => crate::strmethods::bytes_text(v),
        _ => Ok(crate::py::format::ascii(&repr(host, v)?)),
    })
}
