//! Colormaps as Python objects: `plt.cm.viridis`, `plt.get_cmap('jet')`,
//! `matplotlib.colormaps['RdBu_r']`, accepted by every `cmap=` and called
//! on values as matplotlib calls them (`cmap(0.5)` is a tuple of four
//! `np.float64`, `cmap(array)` an array of RGBA rows).

use xpush_npu::{Array, Scalar};
use xpush_plot::cmaps;
use xpush_plot::style::{colormaps, Colormap};

use crate::bind::Args;
use crate::entry;
use crate::host::{Host, Kwargs};
use crate::numpy::conv::{scalar, wrap};
use crate::pyplot::{plot_error, plot_obj, plot_value, PlotObj};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The functions and properties of this file.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "get_cmap", "(name=None, lut=None)", get_cmap,
        "The colormap named name (default 'viridis'; NAME_r reversed), callable on values: get_cmap('jet')(0.3) is its RGBA.",
        ["matplotlib.pyplot.get_cmap('jet').name  # 'jet'",
         "matplotlib.pyplot.get_cmap('jet')(0.3)  # (np.float64(0.0), np.float64(0.692156862745098), np.float64(1.0), np.float64(1.0))"]),
    entry!(Property, Plot, "Colormap", "name", "(self, /)", cmap_name,
        "The colormap's name.", ["matplotlib.pyplot.get_cmap('gray_r').name  # 'gray_r'"]),
    entry!(Property, Plot, "Colormap", "N", "(self, /)", cmap_n,
        "The number of colours of its lookup table.", ["matplotlib.pyplot.get_cmap('gray').N  # 256"]),
    entry!(Method, Plot, "Colormap", "reversed", "(self, name=None)", cmap_reversed,
        "The colormap reversed (NAME_r).", ["matplotlib.pyplot.get_cmap('viridis').reversed().name  # 'viridis_r'"]),
];

/// A colormap value.
pub fn cmap_value(name: &str) -> Result<Value> {
    let cmap = Colormap::parse(name).map_err(plot_error)?;
    Ok(plot_value(PlotObj::Colormap(cmap.name.to_string())))
}

/// `matplotlib.cm` (`plt.cm`): every colormap as an attribute.
pub fn build_cm() -> Value {
    let m = crate::modules::from_table("matplotlib.cm");
    if let Value::Module(module) = &m {
        for (plain, rev, _) in colormaps() {
            for name in [plain, rev] {
                module.set(name, plot_value(PlotObj::Colormap(name.to_string())));
            }
        }
    }
    m
}

/// `matplotlib.colormaps`: the registry, indexed by name.
pub fn registry() -> Value {
    plot_value(PlotObj::ColormapRegistry)
}

/// `matplotlib.colormaps[name]`.
pub fn registry_getitem(index: &Value) -> Result<Value> {
    let name = match index {
        Value::Str(s) => s.to_string(),
        other => crate::ops::repr(other),
    };
    if colormaps().any(|(a, b, _)| *a == name || *b == name) {
        return cmap_value(&name);
    }
    Err(Error::new(
        ExcKind::KeyError,
        crate::py::repr::str_repr(&format!(
            "{} is not a known colormap name",
            crate::py::repr::str_repr(&name)
        )),
    ))
}

fn get_cmap(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::None => cmap_value("viridis"),
        Value::Str(s) => match Colormap::parse(s) {
            Ok(c) => cmap_value(c.name),
            // matplotlib names the parameter `name` here.
            Err(xpush_plot::Error::Value(m)) => {
                Err(Error::value_error(m.replacen("for cmap", "for name", 1)))
            }
            Err(e) => Err(plot_error(e)),
        },
        v if matches!(plot_obj(v), Some(PlotObj::Colormap(_))) => Ok(v.clone()),
        other => Err(Error::type_error(format!(
            "get_cmap() needs a colormap name, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

fn name_of(v: &Value) -> Result<String> {
    match plot_obj(v) {
        Some(PlotObj::Colormap(n)) => Ok(n.clone()),
        _ => Err(Error::type_error("a Colormap method needs a colormap")),
    }
}

fn cmap_name(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(name_of(a.get(0))?.as_str()))
}

fn cmap_n(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    name_of(a.get(0))?;
    Ok(Value::Int(cmaps::N as i64))
}

fn cmap_reversed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = name_of(a.get(0))?;
    let flipped = match name.strip_suffix("_r") {
        Some(base) => base.to_string(),
        None => format!("{name}_r"),
    };
    cmap_value(&flipped)
}

/// `cmap(X, alpha=None, bytes=False)`.
pub fn call(name: &str, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
    if let Some((k, _)) = kwargs.iter().find(|(k, _)| &**k != "alpha") {
        return Err(Error::value_error(format!(
            "cmap({k}=...) is not supported by xpush; only alpha="
        )));
    }
    let alpha = match kwargs.iter().find(|(k, _)| &**k == "alpha") {
        Some((_, v)) => Some(crate::py::num::to_f64(v)?),
        None => None,
    };
    let [x] = args.as_slice() else {
        return Err(Error::type_error(format!(
            "Colormap.__call__() takes from 2 to 4 positional arguments but {} were given",
            args.len() + 1
        )));
    };
    let Some(table) = cmaps::lut(name) else {
        return Err(Error::new(
            ExcKind::NotImplementedError,
            format!("calling colormap '{name}' on values is not supported by xpush yet (it draws it approximately); viridis, plasma, inferno, magma, cividis, gray, hot, jet, coolwarm, RdBu, Blues, Greens, Reds, Greys and their _r are"),
        ));
    };
    let (values, shape, integer) = crate::pyplot::host_f64(x)?;
    let rgba = |v: f64| {
        let mut c = if integer {
            cmaps::at_index(&table, v as i64)
        } else {
            cmaps::at_float(&table, v)
        };
        if let Some(a) = alpha {
            c[3] = a.clamp(0.0, 1.0);
        }
        c
    };
    if shape.is_empty() {
        let c = rgba(values[0]);
        return Ok(Value::tuple(
            c.iter().map(|&v| scalar(Scalar::Float64(v))).collect(),
        ));
    }
    let flat: Vec<f64> = values.iter().flat_map(|&v| rgba(v)).collect();
    let mut out_shape = shape;
    out_shape.push(4);
    Ok(wrap(Array::from_vec(flat, &out_shape)?))
}
