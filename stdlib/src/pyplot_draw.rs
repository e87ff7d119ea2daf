//! pyplot's text, reference lines, spans, fills, error bars, steps, bars
//! along y and stems, each as a pyplot function and an `Axes` method,
//! with matplotlib's keyword properties (and their short aliases) and
//! messages.

use xpush_plot::model::{Data, LineProps};
use xpush_plot::shapes::{
    BarhOpts, ErrorArg, ErrorbarOpts, HAlign, ShapeProps, StepWhere, TextOpts, VAlign,
};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::num::to_f64;
use crate::pyplot::{
    artist, bar_container, data, on_axes, opt_f64, opt_label, plot_error, record, text_record,
    with_axes,
};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The drawing functions of this file.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "text", "(x, y, s, fontdict=None, **kwargs)", text,
        "Writes s at (x, y) in data coordinates (transform=ax.transAxes: fractions of the axes); color=, fontsize=, ha=, va=, rotation=.",
        ["matplotlib.pyplot.text(1, 2, 'peak')  # Text(1, 2, 'peak')",
         "matplotlib.pyplot.text(1, 2, 'a', ha='middle')  # ValueError: 'middle' is not a valid value for align; supported values are 'center', 'right', 'left'",
         "matplotlib.pyplot.text(1, 2, 'a', foo=1)  # AttributeError: 'Text' object has no property 'foo'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "annotate", "(text, xy, xytext=None, xycoords='data', textcoords=None, arrowprops=None, annotation_clip=None, **kwargs)", annotate,
        "Writes text at xytext (else at xy) with an arrow to xy when arrowprops=dict(arrowstyle='->', color=...) is given.",
        ["matplotlib.pyplot.annotate('max', xy=(1, 2), xytext=(3, 4), arrowprops=dict(arrowstyle='->'))  # Text(3, 4, 'max')",
         "matplotlib.pyplot.annotate('a', (0, 0), xytext=(1, 1), arrowprops=dict(arrowstyle='-x>'))  # ValueError: Unknown style: '-x>'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axhline", "(y=0, xmin=0, xmax=1, **kwargs)", axhline,
        "A horizontal line at y across the axes (from xmin to xmax, fractions of the width); color=, linestyle=, linewidth=, label=.",
        ["matplotlib.pyplot.axhline(0.5, color='k', linestyle='--')  # <matplotlib.lines.Line2D object>",
         "matplotlib.pyplot.axhline(1, foo=2)  # AttributeError: Line2D.set() got an unexpected keyword argument 'foo'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axvline", "(x=0, ymin=0, ymax=1, **kwargs)", axvline,
        "A vertical line at x across the axes (from ymin to ymax, fractions of the height).",
        ["matplotlib.pyplot.axvline(2, ymin=0.2, ymax=0.8, color='r')  # <matplotlib.lines.Line2D object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axhspan", "(ymin, ymax, xmin=0, xmax=1, **kwargs)", axhspan,
        "A horizontal band from ymin to ymax across the axes; color=, alpha=, label=.",
        ["matplotlib.pyplot.axhspan(0.2, 0.4, alpha=0.3)  # <matplotlib.patches.Rectangle object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axvspan", "(xmin, xmax, ymin=0, ymax=1, **kwargs)", axvspan,
        "A vertical band from xmin to xmax across the axes.",
        ["matplotlib.pyplot.axvspan(1, 2, color='g', alpha=0.2)  # <matplotlib.patches.Rectangle object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "fill_between", "(x, y1, y2=0, where=None, interpolate=False, step=None, **kwargs)", fill_between,
        "Fills the area between the curves y1 and y2 (where= picks the points); color=, alpha=, label= (shown in the legend).",
        ["matplotlib.pyplot.fill_between([0, 1, 2], [0, 1, 0], [1, 2, 1], alpha=0.3)  # <matplotlib.collections.FillBetweenPolyCollection object>",
         "matplotlib.pyplot.fill_between([0, 1, 2], [0, 1])  # ValueError: 'x' has size 3, but 'y1' has an unequal size of 2"]),
    entry!(Function, Plot, "matplotlib.pyplot", "fill_betweenx", "(y, x1, x2=0, where=None, step=None, interpolate=False, **kwargs)", fill_betweenx,
        "Fills the area between the curves x1 and x2 of y.",
        ["matplotlib.pyplot.fill_betweenx([0, 1, 2], [0, 1, 0])  # <matplotlib.collections.FillBetweenPolyCollection object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "errorbar", "(x, y, yerr=None, xerr=None, fmt='', ecolor=None, elinewidth=None, capsize=None, barsabove=False, lolims=False, uplims=False, xlolims=False, xuplims=False, errorevery=1, capthick=None, **kwargs)", errorbar,
        "The points with error bars: yerr/xerr a scalar, one per point, or (2, n) lower and upper; fmt as plot's ('o', 'none'); capsize in points.",
        ["matplotlib.pyplot.errorbar([1, 2, 3], [1, 2, 3], yerr=0.1, fmt='o', capsize=3)  # <ErrorbarContainer object of 3 artists>",
         "matplotlib.pyplot.errorbar([1, 2, 3], [1, 2, 3], yerr=[1, 2])  # ValueError: 'yerr' (shape: (2,)) must be a scalar or a 1D or (2, n) array-like whose shape matches 'y' (shape: (3,))",
         "matplotlib.pyplot.errorbar([1, 2], [1, 2], yerr=-1)  # ValueError: 'yerr' must not contain negative values"]),
    entry!(Function, Plot, "matplotlib.pyplot", "step", "(x, y, *args, where='pre', **kwargs)", step,
        "A staircase through the points: where='pre' (y[i] from x[i-1] to x[i]), 'post' or 'mid'; a format string may follow y.",
        ["matplotlib.pyplot.step([1, 2, 3], [1, 2, 3], where='mid')  # [<matplotlib.lines.Line2D object>]",
         "matplotlib.pyplot.step([1, 2], [1, 2], where='left')  # ValueError: 'left' is not a valid value for where; supported values are 'pre', 'post', 'mid'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "barh", "(y, width, height=0.8, left=None, *, align='center', **kwargs)", barh,
        "Horizontal bars of the given widths at y (numbers or names); color=, label=.",
        ["matplotlib.pyplot.barh([1, 2], [3, 4])  # <BarContainer object of 2 artists>",
         "matplotlib.pyplot.barh([1, 2], [1, 2, 3])  # ValueError: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 2 with shape (3,) and arg 3 with shape (2,)."]),
    entry!(Function, Plot, "matplotlib.pyplot", "stem", "(*args, linefmt=None, markerfmt=None, basefmt=None, bottom=0, label=None, orientation='vertical')", stem,
        "A stem from bottom to each value with a marker on top, over a baseline: stem(y) or stem(x, y).",
        ["matplotlib.pyplot.stem([1, 2, 3], [1, 2, 3])  # <StemContainer object of 3 artists>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "suptitle", "(t, **kwargs)", suptitle,
        "A title for the whole figure, above its axes.",
        ["matplotlib.pyplot.suptitle('Results')  # Text(0.5, 0.98, 'Results')"]),
    entry!(Method, Plot, "Figure", "suptitle", "(self, t, **kwargs)", fig_suptitle,
        "A title for this figure, above its axes.",
        ["matplotlib.pyplot.figure().suptitle('All')  # Text(0.5, 0.98, 'All')"]),
    entry!(Method, Plot, "Axes", "text", "(self, x, y, s, fontdict=None, **kwargs)", ax_text,
        "pyplot.text on these axes.", ["matplotlib.pyplot.subplots()[1].text(0.5, 0.5, 'x')  # Text(0.5, 0.5, 'x')"]),
    entry!(Method, Plot, "Axes", "annotate", "(self, text, xy, xytext=None, xycoords='data', textcoords=None, arrowprops=None, annotation_clip=None, **kwargs)", ax_annotate,
        "pyplot.annotate on these axes.", ["matplotlib.pyplot.subplots()[1].annotate('p', (1.5, 2))  # Text(1.5, 2, 'p')"]),
    entry!(Method, Plot, "Axes", "axhline", "(self, y=0, xmin=0, xmax=1, **kwargs)", ax_axhline,
        "pyplot.axhline on these axes.", ["matplotlib.pyplot.subplots()[1].axhline(0)  # <matplotlib.lines.Line2D object>"]),
    entry!(Method, Plot, "Axes", "axvline", "(self, x=0, ymin=0, ymax=1, **kwargs)", ax_axvline,
        "pyplot.axvline on these axes.", ["matplotlib.pyplot.subplots()[1].axvline(1)  # <matplotlib.lines.Line2D object>"]),
    entry!(Method, Plot, "Axes", "axhspan", "(self, ymin, ymax, xmin=0, xmax=1, **kwargs)", ax_axhspan,
        "pyplot.axhspan on these axes.", ["matplotlib.pyplot.subplots()[1].axhspan(0, 1)  # <matplotlib.patches.Rectangle object>"]),
    entry!(Method, Plot, "Axes", "axvspan", "(self, xmin, xmax, ymin=0, ymax=1, **kwargs)", ax_axvspan,
        "pyplot.axvspan on these axes.", ["matplotlib.pyplot.subplots()[1].axvspan(0, 1)  # <matplotlib.patches.Rectangle object>"]),
    entry!(Method, Plot, "Axes", "fill_between", "(self, x, y1, y2=0, where=None, interpolate=False, step=None, **kwargs)", ax_fill_between,
        "pyplot.fill_between on these axes.", ["matplotlib.pyplot.subplots()[1].fill_between([0, 1], [1, 2])  # <matplotlib.collections.FillBetweenPolyCollection object>"]),
    entry!(Method, Plot, "Axes", "fill_betweenx", "(self, y, x1, x2=0, where=None, step=None, interpolate=False, **kwargs)", ax_fill_betweenx,
        "pyplot.fill_betweenx on these axes.", ["matplotlib.pyplot.subplots()[1].fill_betweenx([0, 1], [1, 2])  # <matplotlib.collections.FillBetweenPolyCollection object>"]),
    entry!(Method, Plot, "Axes", "errorbar", "(self, x, y, yerr=None, xerr=None, fmt='', ecolor=None, elinewidth=None, capsize=None, barsabove=False, lolims=False, uplims=False, xlolims=False, xuplims=False, errorevery=1, capthick=None, **kwargs)", ax_errorbar,
        "pyplot.errorbar on these axes.", ["matplotlib.pyplot.subplots()[1].errorbar([1, 2], [1, 2], xerr=0.5)  # <ErrorbarContainer object of 3 artists>"]),
    entry!(Method, Plot, "Axes", "step", "(self, x, y, *args, where='pre', **kwargs)", ax_step,
        "pyplot.step on these axes.", ["matplotlib.pyplot.subplots()[1].step([1, 2], [1, 2], 'r')  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Method, Plot, "Axes", "barh", "(self, y, width, height=0.8, left=None, *, align='center', **kwargs)", ax_barh,
        "pyplot.barh on these axes.", ["matplotlib.pyplot.subplots()[1].barh(['a', 'b'], [3, 4])  # <BarContainer object of 2 artists>"]),
    entry!(Method, Plot, "Axes", "stem", "(self, *args, linefmt=None, markerfmt=None, basefmt=None, bottom=0, label=None, orientation='vertical')", ax_stem,
        "pyplot.stem on these axes.", ["matplotlib.pyplot.subplots()[1].stem([3, 1, 2])  # <StemContainer object of 3 artists>"]),
];

crate::pyplot::axes_methods! {
    ax_text => text, ax_annotate => annotate, ax_axhline => axhline, ax_axvline => axvline,
    ax_axhspan => axhspan, ax_axvspan => axvspan, ax_fill_between => fill_between,
    ax_fill_betweenx => fill_betweenx, ax_errorbar => errorbar, ax_step => step,
    ax_barh => barh, ax_stem => stem,
}

/// The `**kwargs` of a call, taken one property at a time; what is left
/// at the end is an error with the message of the artist's class.
pub(crate) struct Kw {
    pairs: Vec<(String, Value)>,
}

impl Kw {
    /// The `**kwargs` dict bound at parameter `i`.
    pub(crate) fn at(a: &Args, i: usize) -> Kw {
        let pairs = match a.get(i) {
            Value::Dict(d) => d
                .borrow()
                .pairs()
                .into_iter()
                .map(|(k, v)| (crate::ops::to_str(&k), v))
                .collect(),
            _ => Vec::new(),
        };
        Kw { pairs }
    }

    /// The keywords not taken yet.
    pub(crate) fn names(&self) -> Vec<String> {
        self.pairs.iter().map(|(k, _)| k.clone()).collect()
    }

    /// Removes the first of `names` given (a property and its aliases).
    pub(crate) fn take(&mut self, names: &[&str]) -> Option<Value> {
        let i = self
            .pairs
            .iter()
            .position(|(k, _)| names.contains(&k.as_str()))?;
        let v = self.pairs.remove(i).1;
        // Both a name and its alias given: matplotlib keeps the last; so do we.
        while let Some(j) = self
            .pairs
            .iter()
            .position(|(k, _)| names.contains(&k.as_str()))
        {
            self.pairs.remove(j);
        }
        Some(v)
    }

    pub(crate) fn str(&mut self, names: &[&str]) -> Result<Option<String>> {
        match self.take(names) {
            None | Some(Value::None) => Ok(None),
            Some(Value::Str(s)) => Ok(Some(s.to_string())),
            Some(other) => Err(Error::type_error(format!(
                "{} must be a str, not {}",
                names[0],
                crate::ops::type_name(&other)
            ))),
        }
    }

    /// A colour: a str, or an `(r, g, b)` / `(r, g, b, a)` tuple of
    /// floats in 0..1 (what a colormap call returns), as `'#rrggbbaa'`.
    pub(crate) fn color(&mut self, names: &[&str]) -> Result<Option<String>> {
        match self.take(names) {
            Some(v @ (Value::Tuple(_) | Value::List(_) | Value::Array(_))) => {
                rgba_tuple(&v).map(Some)
            }
            Some(v) => {
                self.pairs.insert(0, (names[0].to_string(), v));
                self.str(names)
            }
            None => Ok(None),
        }
    }

    pub(crate) fn f64(&mut self, names: &[&str]) -> Result<Option<f64>> {
        match self.take(names) {
            None => Ok(None),
            Some(v) => opt_f64(&v),
        }
    }

    pub(crate) fn label(&mut self) -> Option<String> {
        self.take(&["label"]).and_then(|v| opt_label(&v))
    }

    /// Fails on the first keyword left that is not in `ignored` (accepted
    /// and not drawn), with `message(name)`.
    pub(crate) fn finish(self, ignored: &[&str], message: impl Fn(&str) -> String) -> Result<()> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !ignored.contains(&k.as_str()))
        {
            Some((k, _)) => Err(Error::attribute_error(message(k))),
            None => Ok(()),
        }
    }
}

/// An RGB(A) sequence of floats as `'#rrggbbaa'`, with matplotlib's
/// messages.
pub(crate) fn rgba_tuple(v: &Value) -> Result<String> {
    let parts: Vec<f64> = crate::py::iter::to_vec(v)?
        .iter()
        .map(to_f64)
        .collect::<Result<_>>()?;
    if parts.len() != 3 && parts.len() != 4 {
        return Err(Error::value_error(format!(
            "Invalid RGBA argument: {}",
            crate::ops::repr(v)
        )));
    }
    if parts.iter().any(|p| !(0.0..=1.0).contains(p)) {
        return Err(Error::value_error("RGBA values should be within 0-1 range"));
    }
    let byte = |p: f64| (p * 255.0).round() as u8;
    let alpha = parts.get(3).copied().unwrap_or(1.0);
    Ok(format!(
        "#{:02x}{:02x}{:02x}{:02x}",
        byte(parts[0]),
        byte(parts[1]),
        byte(parts[2]),
        byte(alpha)
    ))
}

/// `Line2D.set()`'s message for an unknown property.
pub(crate) fn line2d_error(k: &str) -> String {
    format!("Line2D.set() got an unexpected keyword argument '{k}'")
}

/// Properties of lines that are accepted but not drawn.
pub(crate) const LINE_IGNORED: &[&str] = &[
    "zorder",
    "dashes",
    "solid_capstyle",
    "dash_capstyle",
    "antialiased",
    "aa",
    "clip_on",
    "markeredgecolor",
    "mec",
    "markerfacecolor",
    "mfc",
    "markeredgewidth",
    "mew",
    "drawstyle",
    "ds",
    "gid",
    "picker",
    "rasterized",
    "visible",
    "snap",
    "fillstyle",
];

/// Properties of patches that are accepted but not drawn.
pub(crate) const PATCH_IGNORED: &[&str] = &[
    "zorder",
    "edgecolor",
    "ec",
    "linewidth",
    "lw",
    "linewidths",
    "linestyle",
    "ls",
    "hatch",
    "antialiased",
    "aa",
    "clip_on",
    "fill",
    "joinstyle",
    "capstyle",
    "gid",
    "rasterized",
    "visible",
    "edgecolors",
    "facecolors",
    "interpolate",
];

/// A line's keyword properties, with matplotlib's aliases.
pub(crate) fn line_props(kw: &mut Kw) -> Result<LineProps> {
    Ok(LineProps {
        label: kw.label(),
        color: kw.color(&["color", "c"])?,
        linestyle: kw.str(&["linestyle", "ls"])?,
        linewidth: kw.f64(&["linewidth", "lw"])?,
        marker: kw.str(&["marker"])?,
        markersize: kw.f64(&["markersize", "ms"])?,
        alpha: kw.f64(&["alpha"])?,
    })
}

fn shape_line_props(kw: &mut Kw) -> Result<ShapeProps> {
    Ok(ShapeProps {
        label: kw.label(),
        color: kw.color(&["color", "c"])?,
        linestyle: kw.str(&["linestyle", "ls"])?,
        linewidth: kw.f64(&["linewidth", "lw"])?,
        alpha: kw.f64(&["alpha"])?,
    })
}

fn patch_props(kw: &mut Kw) -> Result<ShapeProps> {
    let facecolor = kw.color(&["facecolor", "fc"])?;
    Ok(ShapeProps {
        label: kw.label(),
        color: facecolor.or(kw.color(&["color", "c"])?),
        linestyle: None,
        linewidth: None,
        alpha: kw.f64(&["alpha"])?,
    })
}

fn f64_arg(v: &Value) -> Result<f64> {
    to_f64(v)
}

/// Whether `v` is `ax.transAxes`.
fn is_trans_axes(v: &Value) -> bool {
    matches!(v, Value::Record(r) if r.type_name == crate::pyplot_axis::TRANS_AXES)
}

/// Text properties from `fontdict` and the keywords; `class` names the
/// artist in the message for an unknown one.
fn text_opts(fontdict: &Value, kw: &mut Kw) -> Result<TextOpts> {
    if let Value::Dict(d) = fontdict {
        for (k, v) in d.borrow().pairs() {
            let k = crate::ops::to_str(&k);
            if !kw.pairs.iter().any(|(n, _)| *n == k) {
                kw.pairs.push((k, v));
            }
        }
    }
    let ha = kw
        .str(&["horizontalalignment", "ha"])?
        .map(|s| HAlign::parse(&s).map_err(plot_error))
        .transpose()?
        .unwrap_or_default();
    let va = kw
        .str(&["verticalalignment", "va"])?
        .map(|s| VAlign::parse(&s).map_err(plot_error))
        .transpose()?
        .unwrap_or_default();
    let rotation = match kw.take(&["rotation"]) {
        None | Some(Value::None) => 0.0,
        Some(Value::Str(s)) if &*s == "horizontal" => 0.0,
        Some(Value::Str(s)) if &*s == "vertical" => 90.0,
        Some(v) => f64_arg(&v)?,
    };
    let fontsize = match kw.take(&["fontsize", "size"]) {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) => Some(named_size(&s)?),
        Some(v) => Some(f64_arg(&v)?),
    };
    let axes_coords = kw.take(&["transform"]).is_some_and(|t| is_trans_axes(&t));
    Ok(TextOpts {
        color: kw.str(&["color", "c"])?,
        fontsize,
        ha,
        va,
        rotation,
        axes_coords,
        offset: (0.0, 0.0),
    })
}

/// Checks the text properties of `title`/`xlabel`/`ylabel` (`fontdict`
/// and the `**kwargs` at `i`): accepted, with matplotlib's message for an
/// unknown one; labels are drawn in the default font.
/// (`title` words its message as `Text.set()` does, the labels as `Text`'s
/// property check.)
pub(crate) fn check_text_kwargs(fontdict: &Value, a: &Args, i: usize, title: bool) -> Result<()> {
    let mut kw = Kw::at(a, i);
    text_opts(fontdict, &mut kw)?;
    kw.finish(TEXT_IGNORED, |k| {
        if title {
            format!("Text.set() got an unexpected keyword argument '{k}'")
        } else {
            format!("'Text' object has no property '{k}'")
        }
    })
}

/// Properties of text that are accepted but not drawn.
const TEXT_IGNORED: &[&str] = &[
    "fontweight",
    "weight",
    "fontfamily",
    "family",
    "fontstyle",
    "style",
    "bbox",
    "zorder",
    "alpha",
    "wrap",
    "clip_on",
    "label",
    "multialignment",
    "ma",
    "backgroundcolor",
    "fontname",
    "linespacing",
    "usetex",
    "fontvariant",
    "fontstretch",
    "gid",
    "visible",
];

/// matplotlib's named font sizes relative to the default 10 points.
fn named_size(s: &str) -> Result<f64> {
    let scale = match s {
        "xx-small" => 0.579,
        "x-small" => 0.694,
        "small" => 0.833,
        "medium" => 1.0,
        "large" => 1.2,
        "x-large" => 1.44,
        "xx-large" => 1.728,
        "larger" => 1.2,
        "smaller" => 0.833,
        other => {
            let _ = other;
            return Err(Error::value_error(
                "Size is invalid. Valid font size are xx-small, x-small, small, medium, large, x-large, xx-large, larger, smaller, None",
            ));
        }
    };
    Ok(10.0 * scale)
}

fn text(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (xv, yv) = (a.get(0).clone(), a.get(1).clone());
    let (x, y) = (f64_arg(&xv)?, f64_arg(&yv)?);
    let s = crate::ops::to_str(a.get(2));
    let mut kw = Kw::at(a, 4);
    let opts = text_opts(a.get(3), &mut kw)?;
    kw.finish(TEXT_IGNORED, |k| {
        format!("'Text' object has no property '{k}'")
    })?;
    with_axes(|ax| ax.text(x, y, &s, &opts)).map_err(plot_error)?;
    Ok(text_record(
        &crate::ops::to_str(&xv),
        &crate::ops::to_str(&yv),
        &s,
    ))
}

/// A point argument `(x, y)`: its values and their strs.
fn point(v: &Value) -> Result<((f64, f64), (String, String))> {
    let items = crate::py::iter::to_vec(v)?;
    if items.len() != 2 {
        return Err(Error::value_error(format!(
            "an (x, y) point was expected, not {} values",
            items.len()
        )));
    }
    Ok((
        (f64_arg(&items[0])?, f64_arg(&items[1])?),
        (crate::ops::to_str(&items[0]), crate::ops::to_str(&items[1])),
    ))
}

fn annotate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = crate::ops::to_str(a.get(0));
    let (xy, xy_s) = point(a.get(1))?;
    let xytext = match a.get(2) {
        Value::None => None,
        v => Some(point(v)?),
    };
    let coords = crate::pyplot::opt_str(a.get(3), "xycoords")?.unwrap_or_else(|| "data".into());
    let textcoords = crate::pyplot::opt_str(a.get(4), "textcoords")?;
    if coords != "data" && coords != "axes fraction" {
        return Err(Error::value_error(format!(
            "xycoords={} is not supported yet; use 'data' or 'axes fraction'",
            crate::py::repr::str_repr(&coords)
        )));
    }
    if let Some(c) = &textcoords {
        if !matches!(c.as_str(), "data" | "axes fraction" | "offset points") {
            return Err(Error::value_error(format!(
                "textcoords={} is not supported yet; use 'data', 'axes fraction' or 'offset points'",
                crate::py::repr::str_repr(c)
            )));
        }
    }
    let arrow = match a.get(5) {
        Value::None => None,
        Value::Dict(d) => {
            let mut style = None;
            let mut color = None;
            for (k, v) in d.borrow().pairs() {
                match crate::ops::to_str(&k).as_str() {
                    "arrowstyle" => style = Some(crate::ops::to_str(&v)),
                    "color" | "facecolor" | "fc" | "ec" | "edgecolor" if color.is_none() => {
                        color = Some(crate::ops::to_str(&v))
                    }
                    _ => {}
                }
            }
            Some((style, color))
        }
        other => {
            return Err(Error::type_error(format!(
                "arrowprops must be a dict, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let mut kw = Kw::at(a, 7);
    let mut opts = text_opts(&Value::None, &mut kw)?;
    kw.finish(TEXT_IGNORED, |k| {
        format!("'Annotation' object has no property '{k}'")
    })?;
    // Axes fractions of the point and of the text; or the text shifted
    // from the point by xytext points.
    let frac = coords == "axes fraction";
    let offset = textcoords.as_deref() == Some("offset points");
    let text_frac = textcoords.as_deref().map_or(frac, |c| c == "axes fraction");
    if !offset && frac != text_frac && xytext.is_some() {
        return Err(Error::value_error(
            "xycoords and textcoords must be the same in xpush",
        ));
    }
    opts.axes_coords = frac;
    let at = match &xytext {
        Some(p) if offset => {
            opts.offset = p.0;
            None
        }
        Some(p) => Some(p.0),
        None => None,
    };
    with_axes(|ax| ax.annotate(&s, xy, at, arrow, &opts)).map_err(plot_error)?;
    // matplotlib's str is `Annotation(x, y, 's')` of the point (with %g),
    // its repr the Text's of where the text is.
    let g = |v: f64| crate::py::format::format(&Value::Float(v), "g").unwrap_or_default();
    let shown = format!(
        "Annotation({}, {}, {})",
        g(xy.0),
        g(xy.1),
        crate::py::repr::str_repr(&s)
    );
    let (x, y) = xytext.map_or(xy_s, |p| p.1);
    let Value::Record(r) = text_record(&x, &y, &s) else {
        return Ok(Value::None);
    };
    Ok(Value::Record(std::rc::Rc::new(crate::value::Record {
        type_name: "matplotlib.text.Annotation",
        repr: r.repr.clone(),
        attrs: vec![("__str__", Value::str(shown.as_str()))],
    })))
}

fn refline(a: &mut Args, horizontal: bool) -> Result<Value> {
    let at = f64_arg(a.get(0))?;
    let (from, to) = (f64_arg(a.get(1))?, f64_arg(a.get(2))?);
    let mut kw = Kw::at(a, 3);
    if kw.take(&["transform"]).is_some() {
        let name = if horizontal { "axhline" } else { "axvline" };
        return Err(Error::value_error(format!(
            "'transform' is not allowed as a keyword argument; {name} generates its own transform."
        )));
    }
    let props = shape_line_props(&mut kw)?;
    kw.finish(LINE_IGNORED, line2d_error)?;
    with_axes(|ax| ax.refline(horizontal, at, from, to, &props)).map_err(plot_error)?;
    Ok(artist("Line2D"))
}

fn axhline(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    refline(a, true)
}

fn axvline(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    refline(a, false)
}

fn span(a: &mut Args, horizontal: bool) -> Result<Value> {
    let band = (f64_arg(a.get(0))?, f64_arg(a.get(1))?);
    let across = (f64_arg(a.get(2))?, f64_arg(a.get(3))?);
    let mut kw = Kw::at(a, 4);
    let props = patch_props(&mut kw)?;
    kw.finish(PATCH_IGNORED, |k| {
        format!("Rectangle.set() got an unexpected keyword argument '{k}'")
    })?;
    with_axes(|ax| ax.span(horizontal, band, across, &props)).map_err(plot_error)?;
    Ok(record(
        "matplotlib.patches.Rectangle",
        "<matplotlib.patches.Rectangle object>".into(),
    ))
}

fn axhspan(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    span(a, true)
}

fn axvspan(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    span(a, false)
}

/// `fill_between`/`fill_betweenx`: `(x, y1, y2, where, <one of
/// interpolate/step>, <the other>, **kwargs)`.
fn fill(a: &mut Args, vertical: bool) -> Result<Value> {
    let (x, y1, y2) = (data(a.get(0))?, data(a.get(1))?, data(a.get(2))?);
    let mask = match a.get(3) {
        Value::None => None,
        v => Some(
            data(v)?
                .values
                .iter()
                .map(|&b| b != 0.0)
                .collect::<Vec<bool>>(),
        ),
    };
    let step_at = if vertical { 4 } else { 5 };
    if !a.get(step_at).is_none() {
        return Err(Error::value_error(
            "fill_between(step=...) is not supported yet; the area is drawn between the points",
        ));
    }
    let mut kw = Kw::at(a, 6);
    let props = patch_props(&mut kw)?;
    kw.finish(PATCH_IGNORED, |k| {
        format!("FillBetweenPolyCollection.set() got an unexpected keyword argument '{k}'")
    })?;
    with_axes(|ax| ax.fill_between(vertical, &x, &y1, &y2, mask.as_deref(), &props))
        .map_err(plot_error)?;
    Ok(record(
        "matplotlib.collections.FillBetweenPolyCollection",
        "<matplotlib.collections.FillBetweenPolyCollection object>".into(),
    ))
}

fn fill_between(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    fill(a, false)
}

fn fill_betweenx(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    fill(a, true)
}

fn errorbar(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (data(a.get(0))?, data(a.get(1))?);
    let err = |v: &Value| -> Result<Option<ErrorArg>> {
        match v {
            Value::None => Ok(None),
            v => Ok(Some(ErrorArg(data(v)?))),
        }
    };
    let fmt = match a.get(4) {
        Value::Str(s) => s.to_string(),
        Value::None => "none".into(),
        other => {
            return Err(Error::value_error(format!(
                "fmt must be a string, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let opts = ErrorbarOpts {
        yerr: err(a.get(2))?,
        xerr: err(a.get(3))?,
        fmt,
        ecolor: crate::pyplot::opt_str(a.get(5), "ecolor")?,
        elinewidth: opt_f64(a.get(6))?,
        capsize: opt_f64(a.get(7))?,
    };
    let mut kw = Kw::at(a, 15);
    let props = line_props(&mut kw)?;
    kw.finish(LINE_IGNORED, line2d_error)?;
    with_axes(|ax| ax.errorbar(&x, &y, &opts, &props)).map_err(plot_error)?;
    Ok(record(
        "matplotlib.container.ErrorbarContainer",
        "<ErrorbarContainer object of 3 artists>".into(),
    ))
}

fn step(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (data(a.get(0))?, data(a.get(1))?);
    let fmt = match a.rest.as_slice() {
        [] => None,
        [Value::Str(s)] => Some(s.to_string()),
        _ => {
            return Err(Error::type_error(
                "step() takes x, y and an optional format string",
            ))
        }
    };
    let at = StepWhere::parse(&crate::ops::to_str(a.get(2))).map_err(plot_error)?;
    let mut kw = Kw::at(a, 3);
    let props = line_props(&mut kw)?;
    kw.finish(LINE_IGNORED, line2d_error)?;
    with_axes(|ax| ax.step(&x, &y, fmt, at, &props)).map_err(plot_error)?;
    Ok(Value::list(vec![artist("Line2D")]))
}

fn barh(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let y = match crate::pyplot::bar_x(a.get(0))? {
        xpush_plot::model::BarX::Numbers(d) => d,
        xpush_plot::model::BarX::Categories(names) => {
            // Names along y, at 0, 1, ... as ticks (bar's categories are x's).
            let ticks: Vec<f64> = (0..names.len()).map(|i| i as f64).collect();
            with_axes(|ax| ax.yaxis.set_ticks(ticks.clone(), Some(names))).map_err(plot_error)?;
            Data::vec(ticks)
        }
    };
    let width = data(a.get(1))?;
    let height = data(a.get(2))?;
    let left = match a.get(3) {
        Value::None => Data::vec(vec![0.0]),
        v => data(v)?,
    };
    let align = crate::ops::to_str(a.get(4));
    if align != "center" && align != "edge" {
        return Err(Error::value_error(format!(
            "{} is not a valid value for align; supported values are 'center', 'edge'",
            crate::py::repr::str_repr(&align)
        )));
    }
    let mut kw = Kw::at(a, 5);
    let props = patch_props(&mut kw)?;
    kw.finish(PATCH_IGNORED, |k| {
        format!("Rectangle.set() got an unexpected keyword argument '{k}'")
    })?;
    let opts = BarhOpts {
        height,
        left,
        align_edge: align == "edge",
        color: props.color,
        label: props.label,
    };
    let n = with_axes(|ax| ax.barh(&y, &width, opts)).map_err(plot_error)?;
    Ok(bar_container(n))
}

fn stem(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = match a.rest.as_slice() {
        [y] => {
            let y = data(y)?;
            let n = y.values.len();
            (Data::vec((0..n).map(|i| i as f64).collect()), y)
        }
        [x, y] => (data(x)?, data(y)?),
        _ => {
            return Err(Error::type_error(
                "stem expected between 1 or 2 positional parameters, got ".to_string()
                    + &a.rest.len().to_string(),
            ))
        }
    };
    if crate::ops::to_str(a.get(5)) != "vertical" {
        return Err(Error::value_error(
            "stem(orientation='horizontal') is not supported yet",
        ));
    }
    let bottom = f64_arg(a.get(3))?;
    let label = opt_label(a.get(4));
    with_axes(|ax| ax.stem(&x, &y, bottom, label)).map_err(plot_error)?;
    Ok(record(
        "matplotlib.container.StemContainer",
        "<StemContainer object of 3 artists>".into(),
    ))
}

fn set_suptitle(num: Option<i64>, a: &Args) -> Result<Value> {
    let t = crate::pyplot::label_arg(a.get(0));
    crate::pyplot::with(|p| {
        let fig = match num.and_then(|n| p.figure_mut(n)) {
            Some(f) => f,
            None => p.gcf(),
        };
        fig.suptitle = Some(t.clone());
    });
    Ok(text_record("0.5", "0.98", &t))
}

fn suptitle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    set_suptitle(None, a)
}

fn fig_suptitle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = crate::pyplot::figure_of(&a.values.remove(0))?;
    set_suptitle(Some(num), a)
}
