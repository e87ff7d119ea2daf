//! `dataclasses`: `@dataclass` writes a class's `__init__`, `__repr__`
//! and `__eq__` (and with `order=True` its orderings) from the fields its
//! body annotates, as CPython's does; `field()`, `asdict()`, `astuple()`,
//! `is_dataclass()`.

use std::rc::Rc;

use xpush_lang::ast::CmpOp;

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::py::class::{self, Class, Descriptor};
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// The functions of `dataclasses`.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "dataclasses", "dataclass",
        "(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False)", dataclass,
        "Decorate a class: __init__, __repr__ and __eq__ (order: __lt__ and the others) written from its annotated fields.",
        ["callable(dataclasses.dataclass(order=True))  # True"]),
    entry!(Function, Builtin, "dataclasses", "field",
        "(*, default=MISSING, default_factory=MISSING, init=True, repr=True, compare=True)", field,
        "A field's options in a dataclass body: its default, or a function called for each new instance's default.",
        ["dataclasses.field(default=1).default  # 1"]),
    entry!(Function, Builtin, "dataclasses", "asdict", "(obj)", asdict,
        "A dataclass instance's fields as a dict (nested dataclasses, lists, tuples and dicts converted too).",
        ["dataclasses.asdict(1)  # TypeError: asdict() should be called on dataclass instances"]),
    entry!(Function, Builtin, "dataclasses", "astuple", "(obj)", astuple,
        "A dataclass instance's field values as a tuple (nested dataclasses converted too).",
        ["dataclasses.astuple(1)  # TypeError: astuple() should be called on dataclass instances"]),
    entry!(Function, Builtin, "dataclasses", "is_dataclass", "(obj)", is_dataclass,
        "Whether obj is a dataclass or an instance of one.",
        ["dataclasses.is_dataclass(1)  # False"]),
];

/// One field of a dataclass.
pub struct Field {
    /// Its name.
    pub name: Rc<str>,
    /// `default=`, or the class attribute the body assigned.
    pub default: Option<Value>,
    /// `default_factory=`.
    pub factory: Option<Value>,
    /// Whether `__init__` takes it.
    pub init: bool,
    /// Whether `__repr__` shows it.
    pub repr: bool,
    /// Whether `__eq__` and the orderings compare it.
    pub compare: bool,
}

/// What a `field()` call makes, until `@dataclass` reads it.
pub struct FieldSpec {
    /// `default=`.
    pub default: Option<Value>,
    /// `default_factory=`.
    pub factory: Option<Value>,
    /// `init=`, `repr=`, `compare=`.
    pub flags: [bool; 3],
}

fn opt(v: &Value) -> Option<Value> {
    match v {
        Value::Object(o) if matches!(**o, Object::Missing) => None,
        other => Some(other.clone()),
    }
}

fn field(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (default, factory) = (opt(a.get(0)), opt(a.get(1)));
    if default.is_some() && factory.is_some() {
        return Err(Error::value_error(
            "cannot specify both default and default_factory",
        ));
    }
    let flags = [
        crate::ops::truthy(a.get(2))?,
        crate::ops::truthy(a.get(3))?,
        crate::ops::truthy(a.get(4))?,
    ];
    Ok(Value::Object(Rc::new(Object::Field(FieldSpec {
        default,
        factory,
        flags,
    }))))
}

fn dataclass(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let flag = |i: usize| crate::ops::truthy(a.get(i));
    let options = Options {
        init: flag(1)?,
        repr: flag(2)?,
        eq: flag(3)?,
        order: flag(4)?,
        frozen: flag(6)?,
    };
    match a.get(0) {
        // `@dataclass(order=True)`: a decorator with the options.
        Value::None => {
            let keywords: Kwargs = [
                ("init", options.init),
                ("repr", options.repr),
                ("eq", options.eq),
                ("order", options.order),
                ("frozen", options.frozen),
            ]
            .into_iter()
            .map(|(k, v)| (Rc::from(k), Value::Bool(v)))
            .collect();
            let func = crate::table::lookup("dataclasses", "dataclass")
                .map(Value::Builtin)
                .ok_or_else(|| Error::type_error("dataclass"))?;
            Ok(crate::functools::partial_value(func, Vec::new(), keywords))
        }
        Value::Class(c) => {
            process(c, &options)?;
            Ok(a.get(0).clone())
        }
        other => Err(Error::type_error(format!(
            "dataclass() should be called on a class, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

struct Options {
    init: bool,
    repr: bool,
    eq: bool,
    order: bool,
    frozen: bool,
}

/// The fields of `class`: its bases' (dataclasses, in reverse order of
/// the method resolution order), then its own annotated names in order.
fn collect_fields(class: &Rc<Class>) -> Result<Vec<Field>> {
    let mut fields: Vec<Field> = Vec::new();
    for base in class.mro.iter().rev() {
        if let Some(Value::Object(o)) = base.attrs.borrow().get("__dataclass_fields__") {
            if let Object::Fields(fs) = &**o {
                for f in fs.iter() {
                    fields.retain(|g| g.name != f.name);
                    fields.push(Field {
                        name: f.name.clone(),
                        default: f.default.clone(),
                        factory: f.factory.clone(),
                        init: f.init,
                        repr: f.repr,
                        compare: f.compare,
                    });
                }
            }
        }
    }
    let names: Vec<Rc<str>> = match class.attrs.borrow().get("__annotations__") {
        Some(Value::Dict(d)) => d
            .borrow()
            .keys()
            .into_iter()
            .filter_map(|k| match k {
                Value::Str(s) => Some(s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    for name in names {
        let attr = class.attrs.borrow().get(&name).cloned();
        let mut f = Field {
            name: name.clone(),
            default: None,
            factory: None,
            init: true,
            repr: true,
            compare: true,
        };
        match &attr {
            Some(Value::Object(o)) if matches!(**o, Object::Field(_)) => {
                if let Object::Field(spec) = &**o {
                    f.default = spec.default.clone();
                    f.factory = spec.factory.clone();
                    [f.init, f.repr, f.compare] = spec.flags;
                }
                // As CPython: the class attribute is the default, or gone.
                match &f.default {
                    Some(d) => class.attrs.borrow_mut().set(&name, d.clone()),
                    None => {
                        class.attrs.borrow_mut().remove(&name);
                    }
                }
            }
            Some(Value::List(_) | Value::Dict(_) | Value::Set(_)) => {
                return Err(Error::value_error(format!(
                    "mutable default <class '{}'> for field {name} is not allowed: use default_factory",
                    crate::ops::type_name(attr.as_ref().unwrap_or(&Value::None))
                )));
            }
            Some(v) => f.default = Some(v.clone()),
            None => {}
        }
        fields.retain(|g| g.name != f.name);
        fields.push(f);
    }
    let mut seen_default = false;
    for f in fields.iter().filter(|f| f.init) {
        let has = f.default.is_some() || f.factory.is_some();
        if seen_default && !has {
            return Err(Error::type_error(format!(
                "non-default argument '{}' follows default argument",
                f.name
            )));
        }
        seen_default |= has;
    }
    Ok(fields)
}

fn process(class: &Rc<Class>, o: &Options) -> Result<()> {
    let fields = Rc::new(collect_fields(class)?);
    let mut attrs = class.attrs.borrow_mut();
    let own = |attrs: &crate::py::class::Attrs, name: &str| attrs.get(name).is_some();
    let method = |name: &'static str| {
        class::descriptor(Descriptor::Dataclass {
            method: name,
            fields: fields.clone(),
        })
    };
    if o.init {
        attrs.set("__init__", method("__init__"));
    }
    if o.repr && !own(&attrs, "__repr__") {
        attrs.set("__repr__", method("__repr__"));
    }
    if o.eq && !own(&attrs, "__eq__") {
        attrs.set("__eq__", method("__eq__"));
    }
    if o.order {
        for name in ["__lt__", "__le__", "__gt__", "__ge__"] {
            if own(&attrs, name) {
                return Err(Error::type_error(format!(
                    "Cannot overwrite attribute {name} in class {}. Consider using functools.total_ordering",
                    class.name
                )));
            }
            attrs.set(name, method(name));
        }
    }
    if o.frozen {
        attrs.set("__setattr__", method("__setattr__"));
        attrs.set("__delattr__", method("__delattr__"));
    }
    if o.eq && !own(&attrs, "__hash__") {
        // Equal instances must hash alike: a frozen one hashes its
        // fields, one that is not frozen is unhashable (CPython sets
        // `__hash__ = None`).
        if o.frozen {
            attrs.set("__hash__", method("__hash__"));
        } else {
            attrs.set("__hash__", Value::None);
        }
    }
    attrs.set(
        "__dataclass_fields__",
        Value::Object(Rc::new(Object::Fields(fields.clone()))),
    );
    Ok(())
}

/// Calls a method `@dataclass` wrote: `args[0]` is the instance.
pub fn call_method(
    host: &mut dyn Host,
    method: &str,
    fields: &[Field],
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    let Some((this, rest)) = args.split_first() else {
        return Err(Error::type_error(format!("{method}() missing 'self'")));
    };
    let Value::Instance(inst) = this else {
        return Err(Error::type_error(format!(
            "{method}() needs a dataclass instance"
        )));
    };
    let qual = inst.class.qualname.clone();
    match method {
        "__init__" => {
            init(host, inst, &qual, fields, rest, kwargs)?;
            if let Some(post) = inst.class.lookup("__post_init__") {
                host.call(&post, vec![this.clone()], Vec::new())?;
            }
            Ok(Value::None)
        }
        "__repr__" => {
            let mut parts = Vec::new();
            for f in fields.iter().filter(|f| f.repr) {
                let v = inst
                    .attrs
                    .borrow()
                    .get(&f.name)
                    .cloned()
                    .unwrap_or(Value::None);
                parts.push(format!("{}={}", f.name, class::repr(host, &v)?));
            }
            Ok(Value::str(format!("{qual}({})", parts.join(", "))))
        }
        "__setattr__" | "__delattr__" => {
            let name = rest.first().map(crate::ops::to_str).unwrap_or_default();
            let verb = if method == "__setattr__" {
                "assign to"
            } else {
                "delete"
            };
            Err(Error::new(
                crate::ExcKind::FrozenInstanceError,
                format!("cannot {verb} field '{name}'"),
            ))
        }
        "__hash__" => {
            let values: Vec<Value> = fields
                .iter()
                .filter(|f| f.compare)
                .map(|f| {
                    inst.attrs
                        .borrow()
                        .get(&f.name)
                        .cloned()
                        .unwrap_or(Value::None)
                })
                .collect();
            Ok(Value::Int(crate::py::hash::hash(&Value::tuple(values))?))
        }
        _ => {
            let [other] = rest else {
                return Err(Error::type_error(format!("{method}() takes 2 arguments")));
            };
            let same = matches!(other, Value::Instance(o) if Rc::ptr_eq(&o.class, &inst.class));
            if !same {
                return Ok(Object::not_implemented());
            }
            let values = |v: &Value| match v {
                Value::Instance(i) => fields
                    .iter()
                    .filter(|f| f.compare)
                    .map(|f| {
                        i.attrs
                            .borrow()
                            .get(&f.name)
                            .cloned()
                            .unwrap_or(Value::None)
                    })
                    .collect::<Vec<_>>(),
                _ => Vec::new(),
            };
            let (x, y) = (values(this), values(other));
            let op = match method {
                "__eq__" => CmpOp::Eq,
                "__lt__" => CmpOp::Lt,
                "__le__" => CmpOp::LtE,
                "__gt__" => CmpOp::Gt,
                _ => CmpOp::GtE,
            };
            compare_seq(host, op, &x, &y).map(Value::Bool)
        }
    }
}

/// Tuple comparison, item by item with `==` then `op` on the first pair
/// that differs, user methods included.
pub(crate) fn compare_seq(
    host: &mut dyn Host,
    op: CmpOp,
    x: &[Value],
    y: &[Value],
) -> Result<bool> {
    for (a, b) in x.iter().zip(y) {
        if crate::py::compare::is(a, b) {
            continue;
        }
        let eq = class::order(host, CmpOp::Eq, a, b)?;
        if !eq {
            return if op == CmpOp::Eq {
                Ok(false)
            } else {
                class::order(host, op, a, b)
            };
        }
    }
    Ok(match op {
        CmpOp::Eq | CmpOp::LtE | CmpOp::GtE => x.len() == y.len(),
        CmpOp::Lt => x.len() < y.len(),
        _ => x.len() > y.len(),
    })
}

fn init(
    host: &mut dyn Host,
    inst: &class::Instance,
    qual: &str,
    fields: &[Field],
    args: &[Value],
    kwargs: Kwargs,
) -> Result<()> {
    let params: Vec<&Field> = fields.iter().filter(|f| f.init).collect();
    if args.len() > params.len() {
        let required = params
            .iter()
            .filter(|f| f.default.is_none() && f.factory.is_none())
            .count();
        let takes = if required == params.len() {
            format!(
                "{} positional argument{}",
                params.len() + 1,
                if params.is_empty() { "" } else { "s" }
            )
        } else {
            format!(
                "from {} to {} positional arguments",
                required + 1,
                params.len() + 1
            )
        };
        return Err(Error::type_error(format!(
            "{qual}.__init__() takes {takes} but {} were given",
            args.len() + 1
        )));
    }
    let mut values: Vec<Option<Value>> = args.iter().cloned().map(Some).collect();
    values.resize(params.len(), None);
    for (k, v) in kwargs {
        let Some(i) = params.iter().position(|f| f.name == k) else {
            return Err(Error::type_error(format!(
                "{qual}.__init__() got an unexpected keyword argument '{k}'"
            )));
        };
        if values[i].is_some() {
            return Err(Error::type_error(format!(
                "{qual}.__init__() got multiple values for argument '{k}'"
            )));
        }
        values[i] = Some(v);
    }
    let missing: Vec<String> = params
        .iter()
        .zip(&values)
        .filter(|(f, v)| v.is_none() && f.default.is_none() && f.factory.is_none())
        .map(|(f, _)| format!("'{}'", f.name))
        .collect();
    if !missing.is_empty() {
        let n = missing.len();
        let list = match n {
            1 => missing[0].clone(),
            _ => format!("{} and {}", missing[..n - 1].join(", "), missing[n - 1]),
        };
        return Err(Error::type_error(format!(
            "{qual}.__init__() missing {n} required positional argument{}: {list}",
            if n == 1 { "" } else { "s" }
        )));
    }
    let mut values = values.into_iter();
    for f in fields {
        let given = if f.init {
            values.next().flatten()
        } else {
            None
        };
        let v = match (given, &f.default, &f.factory) {
            (Some(v), _, _) => v,
            (None, Some(d), _) => d.clone(),
            (None, None, Some(factory)) => host.call(factory, Vec::new(), Vec::new())?,
            (None, None, None) => continue,
        };
        inst.attrs.borrow_mut().set(&f.name, v);
    }
    Ok(())
}

/// The compared field values of an instance whose class keeps the
/// `__eq__` and `__hash__` `@dataclass(frozen=True)` wrote: what it hashes
/// and compares as in a dict or set, without running user code.
pub fn key_fields(v: &Value) -> Option<Vec<Value>> {
    let Value::Instance(inst) = v else {
        return None;
    };
    let written = |name| {
        matches!(inst.class.lookup(name), Some(Value::Object(o))
            if matches!(&*o, Object::Descriptor(Descriptor::Dataclass { .. })))
    };
    if !written("__eq__") || !written("__hash__") {
        return None;
    }
    let fields = fields_of(v)?;
    let attrs = inst.attrs.borrow();
    Some(
        fields
            .iter()
            .filter(|f| f.compare)
            .map(|f| attrs.get(&f.name).cloned().unwrap_or(Value::None))
            .collect(),
    )
}

fn fields_of(v: &Value) -> Option<Rc<Vec<Field>>> {
    let class = match v {
        Value::Instance(i) => i.class.clone(),
        Value::Class(c) => c.clone(),
        _ => return None,
    };
    match class.lookup("__dataclass_fields__") {
        Some(Value::Object(o)) => match &*o {
            Object::Fields(fs) => Some(fs.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn is_dataclass(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(fields_of(a.get(0)).is_some()))
}

/// A value with its dataclass instances converted (`asdict`'s recursion).
fn convert(v: &Value, as_dict: bool) -> Result<Value> {
    if let (Value::Instance(i), Some(fields)) = (v, fields_of(v)) {
        let values = fields.iter().map(|f| {
            let x = i
                .attrs
                .borrow()
                .get(&f.name)
                .cloned()
                .unwrap_or(Value::None);
            convert(&x, as_dict).map(|x| (f.name.clone(), x))
        });
        let values = values.collect::<Result<Vec<_>>>()?;
        return Ok(if as_dict {
            let mut d = crate::value::DictTable::default();
            for (k, x) in values {
                d.insert(Value::Str(k), x)?;
            }
            Value::dict(d)
        } else {
            Value::tuple(values.into_iter().map(|(_, x)| x).collect())
        });
    }
    Ok(match v {
        Value::List(l) => {
            let items = l.borrow().clone();
            Value::list(
                items
                    .iter()
                    .map(|x| convert(x, as_dict))
                    .collect::<Result<_>>()?,
            )
        }
        Value::Tuple(t) => Value::tuple(
            t.iter()
                .map(|x| convert(x, as_dict))
                .collect::<Result<_>>()?,
        ),
        Value::Dict(d) => {
            let mut out = crate::value::DictTable::default();
            for (k, x) in d.borrow().pairs() {
                out.insert(convert(&k, as_dict)?, convert(&x, as_dict)?)?;
            }
            Value::dict(out)
        }
        other => other.clone(),
    })
}

fn asdict(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if !matches!(a.get(0), Value::Instance(_)) || fields_of(a.get(0)).is_none() {
        return Err(Error::type_error(
            "asdict() should be called on dataclass instances",
        ));
    }
    convert(a.get(0), true)
}

fn astuple(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if !matches!(a.get(0), Value::Instance(_)) || fields_of(a.get(0)).is_none() {
        return Err(Error::type_error(
            "astuple() should be called on dataclass instances",
        ));
    }
    convert(a.get(0), false)
}
