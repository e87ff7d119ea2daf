//! pyplot's axis settings: ticks and tick labels, log scales (`loglog`,
//! `semilogx`, `semilogy`), aspect, `axis(...)`, `margins`, spines and
//! `ax.transAxes`; and what scripts call that has nothing to draw
//! (`ion`, `ioff`, `pause`, `matplotlib.use`).

use std::cell::Cell;

use xpush_npu::{Array, Scalar};
use xpush_plot::axis::{AxisConfig, Scale};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::iter::to_vec;
use crate::py::num::to_f64;
use crate::pyplot::{
    axes_of, on_axes, opt_f64, plot, plot_error, plot_obj, plot_value, record, with, with_axes,
    PlotObj,
};
use crate::pyplot_draw::Kw;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The type name of `ax.transAxes` (what `transform=` recognises).
pub const TRANS_AXES: &str = "matplotlib.transforms.BboxTransformTo";

/// The axis functions of this file.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "xticks", "(ticks=None, labels=None, *, minor=False, **kwargs)", xticks,
        "Gets or sets the x ticks: xticks() returns (locations, labels); xticks(ticks, labels, rotation=45) fixes them.",
        ["matplotlib.pyplot.xticks([0, 1, 2], ['a', 'b', 'c'])[1]  # [Text(0, 0, 'a'), Text(1, 0, 'b'), Text(2, 0, 'c')]",
         "matplotlib.pyplot.xticks([0, 1], ['a'])  # ValueError: The number of FixedLocator locations (2), usually from a call to set_ticks, does not match the number of labels (1)."]),
    entry!(Function, Plot, "matplotlib.pyplot", "yticks", "(ticks=None, labels=None, *, minor=False, **kwargs)", yticks,
        "Gets or sets the y ticks, as xticks does.",
        ["matplotlib.pyplot.yticks([0, 5])[1]  # [Text(0, 0, '0'), Text(0, 5, '5')]"]),
    entry!(Function, Plot, "matplotlib.pyplot", "xscale", "(value, **kwargs)", xscale,
        "Sets the x axis' scale: 'linear' or 'log' (decade ticks labelled 10⁰, 10¹, ...).",
        ["matplotlib.pyplot.xscale('log')  # None",
         "matplotlib.pyplot.xscale('logg')  # ValueError: 'logg' is not a valid value for scale; supported values are 'linear', 'log', 'symlog', 'asinh', 'logit', 'function', 'functionlog'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "yscale", "(value, **kwargs)", yscale,
        "Sets the y axis' scale: 'linear' or 'log'.", ["matplotlib.pyplot.yscale('log')  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "loglog", "(*args, scalex=True, scaley=True, data=None, **kwargs)", loglog,
        "plot with both axes logarithmic.", ["matplotlib.pyplot.loglog([1, 10, 100], [1, 10, 100])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Function, Plot, "matplotlib.pyplot", "semilogx", "(*args, scalex=True, scaley=True, data=None, **kwargs)", semilogx,
        "plot with a logarithmic x axis.", ["matplotlib.pyplot.semilogx([1, 10, 100], [1, 2, 3])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Function, Plot, "matplotlib.pyplot", "semilogy", "(*args, scalex=True, scaley=True, data=None, **kwargs)", semilogy,
        "plot with a logarithmic y axis.", ["matplotlib.pyplot.semilogy([1, 2, 3], [1, 10, 100])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axis", "(arg=None, /, *, emit=True, **kwargs)", axis,
        "Gets the limits (xmin, xmax, ymin, ymax), or sets them from a list, or 'off'/'on', 'equal'/'scaled'/'square'/'image' (equal units), 'auto', 'tight'.",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.axis([0, 1, 2, 3])  # (np.float64(0.0), np.float64(1.0), np.float64(2.0), np.float64(3.0))",
         "matplotlib.pyplot.axis('of')  # ValueError: Unrecognized string 'of' to axis; try 'on' or 'off'",
         "matplotlib.pyplot.axis([0, 1, 2])  # TypeError: The first argument to axis() must be an iterable of the form [xmin, xmax, ymin, ymax]"]),
    entry!(Function, Plot, "matplotlib.pyplot", "margins", "(*margins, x=None, y=None, tight=True)", margins,
        "Gets (x, y) or sets the padding of autoscaled limits, as a fraction of the data range (default 0.05).",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.margins(0.1); matplotlib.pyplot.margins()  # (0.1, 0.1)",
         "matplotlib.pyplot.margins(0.1, 0.2, 0.3)  # TypeError: Must pass a single positional argument for all margins, or one for each margin (x, y)."]),
    entry!(Function, Plot, "matplotlib.pyplot", "ion", "()", ion,
        "Accepted for compatibility: turns interactive mode on (figures are still drawn by show()).", ["matplotlib.pyplot.ion()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "ioff", "()", ioff,
        "Accepted for compatibility: turns interactive mode off.", ["matplotlib.pyplot.ioff()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "isinteractive", "()", isinteractive,
        "Whether ion() was called.", ["matplotlib.pyplot.ioff(); matplotlib.pyplot.isinteractive()  # False"]),
    entry!(Function, Plot, "matplotlib.pyplot", "pause", "(interval)", pause,
        "Accepted for compatibility: draws nothing and returns at once (no event loop to run).", ["matplotlib.pyplot.pause(0.1)  # None"]),
    entry!(Function, Plot, "matplotlib", "use", "(backend, *, force=True)", mpl_use,
        "Accepted for compatibility: xpush draws with plotters whatever the backend.",
        ["matplotlib.use('Agg')  # None",
         "matplotlib.use('Tk')  # ValueError: 'Tk' is not a valid value for backend; supported values are ['gtk3agg', 'gtk3cairo', 'gtk4agg', 'gtk4cairo', 'macosx', 'nbagg', 'notebook', 'qtagg', 'qtcairo', 'qt5agg', 'qt5cairo', 'tkagg', 'tkcairo', 'webagg', 'wx', 'wxagg', 'wxcairo', 'agg', 'cairo', 'pdf', 'pgf', 'ps', 'svg', 'template', 'inline']"]),
    entry!(Method, Plot, "Axes", "set_xticks", "(self, ticks, labels=None, *, minor=False, **kwargs)", ax_set_xticks,
        "Fixes the x ticks (and their labels).", ["len(matplotlib.pyplot.subplots()[1].set_xticks([0, 1]))  # 2"]),
    entry!(Method, Plot, "Axes", "set_yticks", "(self, ticks, labels=None, *, minor=False, **kwargs)", ax_set_yticks,
        "Fixes the y ticks (and their labels).", ["len(matplotlib.pyplot.subplots()[1].set_yticks([0, 1, 2]))  # 3"]),
    entry!(Method, Plot, "Axes", "set_xticklabels", "(self, labels, *, minor=False, fontdict=None, **kwargs)", ax_set_xticklabels,
        "Labels the x ticks in order (the ticks are fixed where they are).",
        ["ax = matplotlib.pyplot.subplots()[1]; ax.set_xticks([0, 1]); ax.set_xticklabels(['u', 'v'])  # [Text(0, 0, 'u'), Text(1, 0, 'v')]",
         "ax = matplotlib.pyplot.subplots()[1]; ax.set_xticks([0, 1]); ax.set_xticklabels(['a', 'b', 'c'])  # ValueError: The number of FixedLocator locations (2), usually from a call to set_ticks, does not match the number of labels (3)."]),
    entry!(Method, Plot, "Axes", "set_yticklabels", "(self, labels, *, minor=False, fontdict=None, **kwargs)", ax_set_yticklabels,
        "Labels the y ticks in order.", ["ax = matplotlib.pyplot.subplots()[1]; ax.set_yticks([0, 1]); ax.set_yticklabels(['lo', 'hi'])  # [Text(0, 0, 'lo'), Text(0, 1, 'hi')]"]),
    entry!(Method, Plot, "Axes", "get_xticks", "(self, *, minor=False)", ax_get_xticks,
        "The x tick locations (matplotlib's MaxNLocator; one may lie beyond each limit).",
        ["ax = matplotlib.pyplot.subplots()[1]; ax.set_xlim(0, 3); ax.get_xticks()  # array([0. , 0.5, 1. , 1.5, 2. , 2.5, 3. ])"]),
    entry!(Method, Plot, "Axes", "get_yticks", "(self, *, minor=False)", ax_get_yticks,
        "The y tick locations.", ["matplotlib.pyplot.subplots()[1].get_yticks()  # array([0. , 0.2, 0.4, 0.6, 0.8, 1. ])"]),
    entry!(Method, Plot, "Axes", "set_xscale", "(self, value, **kwargs)", ax_set_xscale,
        "pyplot.xscale on these axes.", ["matplotlib.pyplot.subplots()[1].set_xscale('log')  # None"]),
    entry!(Method, Plot, "Axes", "set_yscale", "(self, value, **kwargs)", ax_set_yscale,
        "pyplot.yscale on these axes.", ["matplotlib.pyplot.subplots()[1].set_yscale('linear')  # None"]),
    entry!(Method, Plot, "Axes", "get_xscale", "(self)", ax_get_xscale,
        "The x axis' scale.", ["ax = matplotlib.pyplot.subplots()[1]; ax.set_xscale('log'); ax.get_xscale()  # 'log'"]),
    entry!(Method, Plot, "Axes", "get_yscale", "(self)", ax_get_yscale,
        "The y axis' scale.", ["matplotlib.pyplot.subplots()[1].get_yscale()  # 'linear'"]),
    entry!(Method, Plot, "Axes", "loglog", "(self, *args, scalex=True, scaley=True, data=None, **kwargs)", ax_loglog,
        "pyplot.loglog on these axes.", ["matplotlib.pyplot.subplots()[1].loglog([1, 10], [1, 100])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Method, Plot, "Axes", "semilogx", "(self, *args, scalex=True, scaley=True, data=None, **kwargs)", ax_semilogx,
        "pyplot.semilogx on these axes.", ["matplotlib.pyplot.subplots()[1].semilogx([1, 10], [1, 2])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Method, Plot, "Axes", "semilogy", "(self, *args, scalex=True, scaley=True, data=None, **kwargs)", ax_semilogy,
        "pyplot.semilogy on these axes.", ["matplotlib.pyplot.subplots()[1].semilogy([1, 2], [1, 10])  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Method, Plot, "Axes", "set_aspect", "(self, aspect, adjustable=None, anchor=None, share=False)", ax_set_aspect,
        "The height of one y unit over one x unit: 'equal' (1), 'auto' or a number; the box shrinks to keep it.",
        ["matplotlib.pyplot.subplots()[1].set_aspect('equal')  # None",
         "matplotlib.pyplot.subplots()[1].set_aspect('wide')  # ValueError: could not convert string to float: 'wide'"]),
    entry!(Method, Plot, "Axes", "set_facecolor", "(self, color)", ax_set_facecolor,
        "The background of the plotting area (a colour name, '#rrggbb', 'C0'..'C9' or an (r, g, b[, a]) tuple).",
        ["matplotlib.pyplot.subplots()[1].set_facecolor('#E5E5E5')  # None",
         "matplotlib.pyplot.subplots()[1].set_facecolor('nocolor')  # ValueError: Invalid RGBA argument: 'nocolor'"]),
    entry!(Method, Plot, "Axes", "get_facecolor", "(self)", ax_get_facecolor,
        "The background of the plotting area as an (r, g, b, a) tuple of floats.",
        ["ax = matplotlib.pyplot.subplots()[1]; ax.set_facecolor('k'); ax.get_facecolor()  # (0.0, 0.0, 0.0, 1.0)"]),
    entry!(Method, Plot, "Axes", "get_aspect", "(self)", ax_get_aspect,
        "The aspect: 'auto' or a number.", ["ax = matplotlib.pyplot.subplots()[1]; ax.set_aspect('equal'); ax.get_aspect()  # 1.0"]),
    entry!(Method, Plot, "Axes", "axis", "(self, arg=None, /, *, emit=True, **kwargs)", ax_axis,
        "pyplot.axis on these axes.", ["matplotlib.pyplot.subplots()[1].axis('off')  # (np.float64(0.0), np.float64(1.0), np.float64(0.0), np.float64(1.0))"]),
    entry!(Method, Plot, "Axes", "margins", "(self, *margins, x=None, y=None, tight=True)", ax_margins,
        "pyplot.margins on these axes.", ["matplotlib.pyplot.subplots()[1].margins()  # (0.05, 0.05)"]),
    entry!(Property, Plot, "Axes", "spines", "(self, /)", ax_spines,
        "The frame's four sides by name: ax.spines['top'].set_visible(False), ax.spines[['top', 'right']].set_visible(False).",
        ["matplotlib.pyplot.subplots()[1].spines['top'].set_visible(False)  # None",
         "matplotlib.pyplot.subplots()[1].spines['middle']  # KeyError: 'middle'"]),
    entry!(Property, Plot, "Axes", "transAxes", "(self, /)", ax_trans_axes,
        "The axes' coordinates (0 to 1 across each), for text(..., transform=ax.transAxes).",
        ["matplotlib.pyplot.subplots()[1].transAxes  # <matplotlib.transforms.BboxTransformTo object>"]),
    entry!(Method, Plot, "Spine", "set_visible", "(self, b)", spine_set_visible,
        "Shows or hides these spines.", ["matplotlib.pyplot.subplots()[1].spines['right'].set_visible(False)  # None"]),
];

crate::pyplot::axes_methods! {
    ax_set_xscale => xscale, ax_set_yscale => yscale, ax_loglog => loglog,
    ax_semilogx => semilogx, ax_semilogy => semilogy, ax_axis => axis, ax_margins => margins,
}

thread_local! {
    static INTERACTIVE: Cell<bool> = const { Cell::new(false) };
}

/// The axes a call works on: `(figure number, index)`, the target of an
/// Axes method or the current axes.
fn target() -> (i64, usize) {
    crate::pyplot::target_axes()
}

fn axis_cfg<R>(x: bool, f: impl FnOnce(&mut AxisConfig) -> R) -> R {
    with_axes(|ax| f(if x { &mut ax.xaxis } else { &mut ax.yaxis }))
}

/// A float64 array of tick values.
fn tick_array(values: Vec<f64>, integer: bool) -> Result<Value> {
    let n = values.len();
    let a = if integer {
        Array::from_vec(values.iter().map(|&v| v as i64).collect::<Vec<i64>>(), &[n])?
    } else {
        Array::from_vec(values, &[n])?
    };
    Ok(crate::numpy::conv::wrap(a))
}

/// The label texts of ticks: `Text(x, 0, 'l')` on x, `Text(0, y, 'l')` on y.
fn label_texts(x: bool, pos: &[String], labels: &[String]) -> Value {
    Value::list(
        pos.iter()
            .zip(labels)
            .map(|(p, l)| {
                if x {
                    crate::pyplot::text_record(p, "0", l)
                } else {
                    crate::pyplot::text_record("0", p, l)
                }
            })
            .collect(),
    )
}

/// The ticks' values and labels now (fixed, or where the locator puts them).
fn current_ticks(x: bool) -> (Vec<f64>, Vec<String>, bool) {
    let (num, index) = target();
    with(|p| {
        let Some(fig) = p.figure_mut(num) else {
            return (Vec::new(), Vec::new(), false);
        };
        let values = fig.ticks(index, x);
        let ax = &fig.axes[index];
        let cfg = if x { &ax.xaxis } else { &ax.yaxis };
        let labels = cfg
            .labels
            .clone()
            .unwrap_or_else(|| xpush_plot::axis::format_ticks(&values));
        let integer = cfg.ticks.is_some() && cfg.integer_ticks;
        (values, labels, integer)
    })
}

fn pos_str(v: f64, integer: bool) -> String {
    if integer {
        format!("{}", v as i64)
    } else {
        crate::ops::to_str(&Value::Float(v))
    }
}

/// `xticks(ticks, labels, **kwargs)` and `set_xticks`: fixes the ticks if
/// given; returns the ticks and their labels.
fn ticks(a: &Args, x: bool, getting: bool) -> Result<Value> {
    let mut kw = Kw::at(a, 3);
    let rotation = match kw.take(&["rotation"]) {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) if &*s == "vertical" => Some(90.0),
        Some(Value::Str(s)) if &*s == "horizontal" => Some(0.0),
        Some(v) => Some(to_f64(&v)?),
    };
    kw.finish(
        &[
            "fontsize",
            "size",
            "color",
            "ha",
            "horizontalalignment",
            "va",
            "verticalalignment",
            "fontweight",
            "weight",
            "family",
            "fontfamily",
            "rotation_mode",
            "fontstyle",
            "style",
            "alpha",
            "zorder",
        ],
        |k| format!("Text.set() got an unexpected keyword argument '{k}'"),
    )?;
    if let Some(r) = rotation {
        axis_cfg(x, |c| c.rotation = r);
    }
    let given = !a.get(0).is_none();
    if given {
        let items = to_vec(a.get(0))?;
        let integer = items
            .iter()
            .all(|v| matches!(v, Value::Int(_) | Value::Bool(_)))
            || matches!(a.get(0), Value::Array(arr) if arr.dtype().is_integer());
        let values: Vec<f64> = crate::pyplot::data(a.get(0))?.values;
        let labels = match a.get(1) {
            Value::None => None,
            v => Some(
                to_vec(v)?
                    .iter()
                    .map(crate::ops::to_str)
                    .collect::<Vec<_>>(),
            ),
        };
        axis_cfg(x, |c| {
            c.set_ticks(values, labels)?;
            c.integer_ticks = integer;
            Ok(())
        })
        .map_err(plot_error)?;
    } else if !a.get(1).is_none() {
        // xticks(labels=...) alone labels the current ticks.
        let labels: Vec<String> = to_vec(a.get(1))?.iter().map(crate::ops::to_str).collect();
        let (values, _, integer) = current_ticks(x);
        axis_cfg(x, |c| {
            c.set_ticks(values, Some(labels))?;
            c.integer_ticks = integer;
            Ok(())
        })
        .map_err(plot_error)?;
    }
    let (values, labels, integer) = current_ticks(x);
    let pos: Vec<String> = values.iter().map(|&v| pos_str(v, integer)).collect();
    let texts = label_texts(x, &pos, &labels);
    if getting && !given {
        return Ok(Value::tuple(vec![tick_array(values, integer)?, texts]));
    }
    let kind = if x { "XTick" } else { "YTick" };
    let tick = || {
        record(
            if x {
                "matplotlib.axis.XTick"
            } else {
                "matplotlib.axis.YTick"
            },
            format!("<matplotlib.axis.{kind} object>"),
        )
    };
    let ticks = Value::list(values.iter().map(|_| tick()).collect());
    if getting {
        Ok(Value::tuple(vec![ticks, texts]))
    } else {
        Ok(ticks)
    }
}

fn xticks(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticks(a, true, true)
}

fn yticks(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticks(a, false, true)
}

fn set_xticks(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticks(a, true, false)
}

fn set_yticks(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticks(a, false, false)
}

/// `set_xticklabels(labels)`: the ticks are fixed where they are, then labelled.
fn ticklabels(a: &Args, x: bool) -> Result<Value> {
    let labels: Vec<String> = to_vec(a.get(0))?.iter().map(crate::ops::to_str).collect();
    let mut kw = Kw::at(a, 3);
    if let Some(r) = kw.take(&["rotation"]) {
        if !r.is_none() {
            let r = match &r {
                Value::Str(s) if &**s == "vertical" => 90.0,
                Value::Str(s) if &**s == "horizontal" => 0.0,
                v => to_f64(v)?,
            };
            axis_cfg(x, |c| c.rotation = r);
        }
    }
    let (values, _, integer) = current_ticks(x);
    axis_cfg(x, |c| {
        if c.ticks.is_none() {
            c.ticks = Some(values.clone());
        }
        c.set_labels(labels.clone())
    })
    .map_err(plot_error)?;
    let pos: Vec<String> = values.iter().map(|&v| pos_str(v, integer)).collect();
    Ok(label_texts(x, &pos, &labels))
}

fn set_xticklabels(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticklabels(a, true)
}

fn set_yticklabels(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    ticklabels(a, false)
}

fn get_ticks(x: bool) -> Result<Value> {
    // A categorical x axis (bar(['a', 'b'], ...)) gives its category
    // positions as a list, as matplotlib's StrCategoryLocator does.
    let categories = with_axes(|ax| {
        (x && ax.xaxis.ticks.is_none() && !ax.categories.is_empty()).then_some(ax.categories.len())
    });
    if let Some(n) = categories {
        return Ok(Value::list((0..n as i64).map(Value::Int).collect()));
    }
    let (values, _, integer) = current_ticks(x);
    tick_array(values, integer)
}

fn get_xticks(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    get_ticks(true)
}

fn get_yticks(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    get_ticks(false)
}

crate::pyplot::axes_methods! {
    ax_set_xticks => set_xticks, ax_set_yticks => set_yticks,
    ax_set_xticklabels => set_xticklabels, ax_set_yticklabels => set_yticklabels,
    ax_get_xticks => get_xticks, ax_get_yticks => get_yticks,
    ax_get_xscale => get_xscale, ax_get_yscale => get_yscale,
    ax_set_aspect => set_aspect, ax_get_aspect => get_aspect,
    ax_set_facecolor => set_facecolor, ax_get_facecolor => get_facecolor,
}

/// `ax.set_facecolor(c)`: the plotting area's background.
fn set_facecolor(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = match a.get(0) {
        v @ (Value::Tuple(_) | Value::List(_) | Value::Array(_)) => {
            crate::pyplot_draw::rgba_tuple(v)?
        }
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::value_error(format!(
                "Invalid RGBA argument: {}",
                crate::ops::repr(other)
            )))
        }
    };
    let color = crate::pyplot::rgba_arg(&c)?;
    with_axes(|ax| ax.look.face = color);
    Ok(Value::None)
}

/// `ax.get_facecolor()`: matplotlib's RGBA tuple of floats.
fn get_facecolor(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    let c = with_axes(|ax| ax.look.face);
    let f = |v: u8| Value::Float(f64::from(v) / 255.0);
    Ok(Value::tuple(vec![
        f(c.r),
        f(c.g),
        f(c.b),
        Value::Float(c.a),
    ]))
}

fn set_scale(a: &Args, x: bool) -> Result<Value> {
    let name = match a.get(0) {
        Value::Str(s) => s.to_string(),
        other => crate::ops::to_str(other),
    };
    let scale = Scale::parse(&name).map_err(plot_error)?;
    axis_cfg(x, |c| {
        if c.scale != scale {
            // A new scale brings its own locator.
            c.ticks = None;
            c.labels = None;
        }
        c.scale = scale;
    });
    Ok(Value::None)
}

fn xscale(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    set_scale(a, true)
}

fn yscale(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    set_scale(a, false)
}

fn get_xscale(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::str(axis_cfg(true, |c| c.scale.name())))
}

fn get_yscale(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::str(axis_cfg(false, |c| c.scale.name())))
}

fn log_plot(host: &mut dyn Host, a: &mut Args, x: bool, y: bool) -> Result<Value> {
    with_axes(|ax| {
        if x {
            ax.xaxis.scale = Scale::Log;
        }
        if y {
            ax.yaxis.scale = Scale::Log;
        }
    });
    plot(host, a)
}

fn loglog(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    log_plot(host, a, true, true)
}

fn semilogx(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    log_plot(host, a, true, false)
}

fn semilogy(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    log_plot(host, a, false, true)
}

/// An aspect argument: `'equal'` is 1, `'auto'` none, else a positive number.
fn aspect_arg(v: &Value) -> Result<Option<f64>> {
    match v {
        Value::Str(s) if &**s == "equal" => Ok(Some(1.0)),
        Value::Str(s) if &**s == "auto" => Ok(None),
        Value::Str(s) => Err(Error::value_error(format!(
            "could not convert string to float: {}",
            crate::py::repr::str_repr(s)
        ))),
        v => {
            let r = to_f64(v)?;
            if r.is_finite() && r > 0.0 {
                Ok(Some(r))
            } else {
                Err(Error::value_error("aspect must be finite and positive "))
            }
        }
    }
}

pub(crate) fn image_aspect(v: &Value) -> Result<Option<Option<f64>>> {
    match v {
        Value::None => Ok(None),
        v => aspect_arg(v).map(Some),
    }
}

fn set_aspect(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let aspect = aspect_arg(a.get(0))?;
    with_axes(|ax| ax.aspect = aspect);
    Ok(Value::None)
}

fn get_aspect(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(match with_axes(|ax| ax.aspect) {
        Some(r) => Value::Float(r),
        None => Value::str("auto"),
    })
}

fn limits_tuple() -> Value {
    let ((x0, x1), (y0, y1)) = crate::pyplot::with_view(|_, v| v);
    let f = |v: f64| crate::numpy::conv::scalar(Scalar::Float64(v));
    Value::tuple(vec![f(x0), f(x1), f(y0), f(y1)])
}

fn axis(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::None => {}
        Value::Bool(on) => {
            let on = *on;
            with_axes(|ax| ax.axis_on = on);
        }
        Value::Str(s) => {
            let s = s.to_string();
            match s.as_str() {
                "on" => with_axes(|ax| ax.axis_on = true),
                "off" => with_axes(|ax| ax.axis_on = false),
                "equal" | "scaled" | "square" | "image" => with_axes(|ax| ax.aspect = Some(1.0)),
                "auto" => with_axes(|ax| ax.aspect = None),
                "tight" => {}
                other => {
                    return Err(Error::value_error(format!(
                        "Unrecognized string {} to axis; try 'on' or 'off'",
                        crate::py::repr::str_repr(other)
                    )))
                }
            }
        }
        v => {
            let bad = || {
                Error::type_error(
                    "The first argument to axis() must be an iterable of the form [xmin, xmax, ymin, ymax]",
                )
            };
            let items = to_vec(v).map_err(|_| bad())?;
            if items.len() != 4 {
                return Err(bad());
            }
            let l: Vec<f64> = items.iter().map(to_f64).collect::<Result<_>>()?;
            with_axes(|ax| {
                ax.xlim = (Some(l[0]), Some(l[1]));
                ax.ylim = (Some(l[2]), Some(l[3]));
            });
            crate::pyplot::share_xlim((l[0], l[1]));
        }
    }
    let mut kw = Kw::at(a, 2);
    let ends = [
        kw.f64(&["xmin"])?,
        kw.f64(&["xmax"])?,
        kw.f64(&["ymin"])?,
        kw.f64(&["ymax"])?,
    ];
    if let Some((k, _)) = kw_first(&kw) {
        return Err(Error::type_error(format!(
            "axis() got an unexpected keyword argument '{k}'"
        )));
    }
    if ends.iter().any(Option::is_some) {
        crate::pyplot::with_view(|ax, ((x0, x1), (y0, y1))| {
            ax.xlim = (Some(ends[0].unwrap_or(x0)), Some(ends[1].unwrap_or(x1)));
            ax.ylim = (Some(ends[2].unwrap_or(y0)), Some(ends[3].unwrap_or(y1)));
        });
    }
    Ok(limits_tuple())
}

fn kw_first(kw: &Kw) -> Option<(String, ())> {
    kw.names().first().map(|k| (k.clone(), ()))
}

fn margins(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (mut mx, mut my) = (opt_f64(a.get(0))?, opt_f64(a.get(1))?);
    match a.rest.as_slice() {
        [] => {}
        [m] => {
            if mx.is_some() || my.is_some() {
                return Err(Error::type_error(
                    "Cannot pass both positional and keyword arguments for x and/or y.",
                ));
            }
            let m = to_f64(m)?;
            (mx, my) = (Some(m), Some(m));
        }
        [x, y] => {
            if mx.is_some() || my.is_some() {
                return Err(Error::type_error(
                    "Cannot pass both positional and keyword arguments for x and/or y.",
                ));
            }
            (mx, my) = (Some(to_f64(x)?), Some(to_f64(y)?));
        }
        _ => {
            return Err(Error::type_error(
                "Must pass a single positional argument for all margins, or one for each margin (x, y).",
            ))
        }
    }
    for m in [mx, my].into_iter().flatten() {
        if m <= -0.5 {
            return Err(Error::value_error("margin must be greater than -0.5"));
        }
    }
    if mx.is_none() && my.is_none() {
        let (x, y) = with_axes(|ax| ax.margins);
        return Ok(Value::tuple(vec![Value::Float(x), Value::Float(y)]));
    }
    with_axes(|ax| {
        ax.margins = (mx.unwrap_or(ax.margins.0), my.unwrap_or(ax.margins.1));
    });
    Ok(Value::None)
}

fn ax_spines(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (fig, index) = axes_of(a.get(0), "spines")?;
    Ok(plot_value(PlotObj::Spines { fig, index }))
}

fn ax_trans_axes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    axes_of(a.get(0), "transAxes")?;
    Ok(record(
        TRANS_AXES,
        "<matplotlib.transforms.BboxTransformTo object>".into(),
    ))
}

const SPINE_NAMES: [&str; 4] = ["left", "right", "bottom", "top"];

/// `ax.spines['top']` or `ax.spines[['top', 'right']]`.
pub fn spines_getitem(fig: i64, index: usize, key: &Value) -> Result<Value> {
    let names: Vec<Value> = match key {
        Value::Str(_) => vec![key.clone()],
        Value::List(_) | Value::Tuple(_) => to_vec(key)?,
        Value::Slice(_) => SPINE_NAMES.iter().map(|n| Value::str(*n)).collect(),
        other => return Err(crate::py::index::key_error(other)),
    };
    let mut out = Vec::with_capacity(names.len());
    for n in &names {
        let s = match n {
            Value::Str(s) => s.to_string(),
            other => return Err(crate::py::index::key_error(other)),
        };
        if !SPINE_NAMES.contains(&s.as_str()) {
            return Err(crate::py::index::key_error(n));
        }
        out.push(s);
    }
    Ok(plot_value(PlotObj::Spine {
        fig,
        index,
        names: out,
    }))
}

fn spine_set_visible(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Some(PlotObj::Spine { fig, index, names }) = plot_obj(a.get(0)) else {
        return Err(Error::type_error("set_visible() needs a Spine"));
    };
    let visible = crate::ops::truthy(a.get(1))?;
    let (fig, index, names) = (*fig, *index, names.clone());
    with(|p| {
        if let Some(ax) = p.figure_mut(fig).and_then(|f| f.axes.get_mut(index)) {
            for n in &names {
                let _ = ax.spines.set(n, visible);
            }
        }
    });
    Ok(Value::None)
}

fn ion(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    INTERACTIVE.with(|i| i.set(true));
    Ok(Value::None)
}

fn ioff(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    INTERACTIVE.with(|i| i.set(false));
    Ok(Value::None)
}

fn isinteractive(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::Bool(INTERACTIVE.with(Cell::get)))
}

fn pause(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    to_f64(a.get(0))?;
    Ok(Value::None)
}

/// The backends matplotlib 3.10 names in its message for an unknown one.
const BACKENDS: [&str; 25] = [
    "gtk3agg",
    "gtk3cairo",
    "gtk4agg",
    "gtk4cairo",
    "macosx",
    "nbagg",
    "notebook",
    "qtagg",
    "qtcairo",
    "qt5agg",
    "qt5cairo",
    "tkagg",
    "tkcairo",
    "webagg",
    "wx",
    "wxagg",
    "wxcairo",
    "agg",
    "cairo",
    "pdf",
    "pgf",
    "ps",
    "svg",
    "template",
    "inline",
];

fn mpl_use(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = crate::ops::to_str(a.get(0));
    let lower = name.to_ascii_lowercase();
    if !BACKENDS.contains(&lower.as_str()) && !lower.starts_with("module://") {
        let list: Vec<String> = BACKENDS.iter().map(|b| format!("'{b}'")).collect();
        return Err(Error::value_error(format!(
            "{} is not a valid value for backend; supported values are [{}]",
            crate::py::repr::str_repr(&name),
            list.join(", ")
        )));
    }
    Ok(Value::None)
}
