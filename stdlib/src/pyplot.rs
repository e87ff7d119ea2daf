//! `matplotlib.pyplot`: matplotlib's names and arguments, binding Python
//! values to the figure model of the `xpush-plot` crate.
//!
//! pyplot's state (open figures, the current figure and axes) belongs to
//! the session; the interpreter runs one session per thread, so it lives
//! in a thread-local, as the print options do. Arrays (also those on the
//! npu) are copied to the host as float64 before plotting.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::device::Device;
use xpush_npu::{Array, DType};
use xpush_plot::model::{
    BarOpts, BarX, Bins, Close, ColorArg, Data, HistOpts, ImageOpts, LineProps, PlotArg,
    ScatterOpts,
};
use xpush_plot::render::{self, Format};
use xpush_plot::style::Colormap;
use xpush_plot::{preview, terminal, Axes, Pyplot};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::numpy::conv::{as_array, wrap};
use crate::py::iter::to_vec;
use crate::py::num::{index_i64, to_f64};
use crate::table::FuncDef;
use crate::value::{Record, Value};
use crate::{Error, ExcKind, Result};

/// The pyplot functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "plot", "(*args, label=None, color=None, linestyle=None, linewidth=None, marker=None, markersize=None, alpha=None)", plot,
        "Lines through points: plot(y), plot(x, y), plot(x, y, fmt) with fmt like 'r--', 'o', 'g-.'; several groups make several lines.",
        ["matplotlib.pyplot.plot([1, 4, 9], 'r--')  # [<matplotlib.lines.Line2D object>]",
         "matplotlib.pyplot.plot([1, 2, 3], [1, 2])  # ValueError: x and y must have same first dimension, but have shapes (3,) and (2,)",
         "matplotlib.pyplot.plot([1, 2], 'rq')  # ValueError: 'rq' is not a valid format string (unrecognized character 'q')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "scatter", "(x, y, s=None, c=None, marker=None, cmap=None, vmin=None, vmax=None, alpha=None, label=None)", scatter,
        "Points at (x, y); s is the marker area in points², c a colour or one value per point mapped through cmap.",
        ["matplotlib.pyplot.scatter([1, 2, 3], [3, 1, 2], c=[0.1, 0.5, 0.9])  # <matplotlib.collections.PathCollection object>",
         "matplotlib.pyplot.scatter([1, 2], [1])  # ValueError: x and y must be the same size"]),
    entry!(Function, Plot, "matplotlib.pyplot", "bar", "(x, height, width=0.8, bottom=None, *, align='center', color=None, label=None)", bar,
        "Bars of the given heights at x (numbers, or names for a categorical axis).",
        ["matplotlib.pyplot.bar(['a', 'b', 'c'], [3, 1, 2])  # <BarContainer object of 3 artists>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "hist", "(x, bins=None, range=None, density=False, color=None, alpha=None, label=None)", hist,
        "A histogram: returns the counts, the bin edges and the bars (bins is a count, default 10, or the edges).",
        ["matplotlib.pyplot.hist([1, 2, 2, 3, 4], bins=3)  # (array([1., 2., 2.]), array([1., 2., 3., 4.]), <BarContainer object of 3 artists>)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "imshow", "(X, cmap=None, vmin=None, vmax=None)", imshow,
        "Shows a 2-d array as an image through a colormap ('viridis', 'gray', 'hot', 'jet', with _r reversed), or (M, N, 3|4) RGB(A) data.",
        ["matplotlib.pyplot.imshow([[0, 1], [2, 3]], cmap='gray')  # <matplotlib.image.AxesImage object>",
         "matplotlib.pyplot.imshow([1, 2, 3])  # TypeError: Invalid shape (3,) for image data"]),
    entry!(Function, Plot, "matplotlib.pyplot", "colorbar", "(mappable=None)", colorbar,
        "Adds a colour scale beside the current axes for its last image (or value-coloured scatter).",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.imshow([[1, 2]]); matplotlib.pyplot.colorbar()  # <matplotlib.colorbar.Colorbar object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "title", "(label)", title,
        "Sets the current axes' title.", ["matplotlib.pyplot.title('Signal')  # Text(0.5, 1.0, 'Signal')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "xlabel", "(xlabel)", xlabel,
        "Sets the x axis label.", ["matplotlib.pyplot.xlabel('t [s]')  # Text(0.5, 0, 't [s]')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "ylabel", "(ylabel)", ylabel,
        "Sets the y axis label.", ["matplotlib.pyplot.ylabel('volts')  # Text(0, 0.5, 'volts')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "legend", "(*args, loc=None)", legend,
        "Shows a legend of the labelled lines (legend(['a', 'b']) labels them in order).",
        ["matplotlib.pyplot.legend()  # <matplotlib.legend.Legend object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "grid", "(visible=None)", grid,
        "Turns grid lines on or off (toggles without an argument).", ["matplotlib.pyplot.grid(True)  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "xlim", "(*args, left=None, right=None)", xlim,
        "Gets or sets the x limits of the current axes.",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.plot([1, 2, 3]); matplotlib.pyplot.xlim()  # (np.float64(-0.1), np.float64(2.1))",
         "matplotlib.pyplot.xlim(0, 10)  # (0.0, 10.0)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "ylim", "(*args, bottom=None, top=None)", ylim,
        "Gets or sets the y limits of the current axes.", ["matplotlib.pyplot.figure(); matplotlib.pyplot.plot([1, 2, 3]); matplotlib.pyplot.ylim(bottom=-1)  # (-1.0, 3.1)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "figure", "(num=None, figsize=None, dpi=None)", figure,
        "Makes figure num current (creating it); figsize is (width, height) in inches.",
        ["matplotlib.pyplot.figure(figsize=(8, 3))  # <Figure size 800x300 with 0 Axes>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "subplot", "(*args)", subplot,
        "Makes axes number index of a rows x cols grid current: subplot(2, 1, 1) or subplot(211).",
        ["matplotlib.pyplot.subplot(2, 1, 1)  # <Axes: >",
         "matplotlib.pyplot.subplot(2, 1, 3)  # ValueError: num must be an integer with 1 <= num <= 2, not 3"]),
    entry!(Function, Plot, "matplotlib.pyplot", "savefig", "(fname, dpi=None, format=None)", savefig,
        "Writes the current figure to a .png or .svg file.",
        ["matplotlib.pyplot.savefig('plot.pdf')  # ValueError: Format 'pdf' is not supported (supported formats: png, svg)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "show", "(block=None)", show,
        "Shows the open figures and closes them: inline on kitty/iTerm2/WezTerm or sixel terminals (XPUSH_GRAPHICS overrides), else as a PNG path and a text preview.",
        ["matplotlib.pyplot.close('all'); matplotlib.pyplot.show()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "close", "(fig=None)", close,
        "Closes the current figure, figure number fig, or all of them with 'all'.",
        ["matplotlib.pyplot.close('all')  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "clf", "()", clf,
        "Clears the current figure.", ["matplotlib.pyplot.clf()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "tight_layout", "()", tight_layout,
        "Accepted for compatibility: figures are always laid out tightly.", ["matplotlib.pyplot.tight_layout()  # None"]),
];

thread_local! {
    static STATE: RefCell<Pyplot> = RefCell::new(Pyplot::default());
}

/// Runs `f` on this session's pyplot state.
fn with<R>(f: impl FnOnce(&mut Pyplot) -> R) -> R {
    STATE.with(|s| f(&mut s.borrow_mut()))
}

/// Runs `f` on the current axes (creating a figure and axes if needed).
fn with_axes<R>(f: impl FnOnce(&mut Axes) -> R) -> R {
    with(|p| f(p.gca()))
}

/// `matplotlib`: the package, with its `pyplot` submodule.
pub fn build_matplotlib(_: &mut dyn Host) -> Result<Value> {
    let m = crate::modules::from_table("matplotlib");
    if let Value::Module(module) = &m {
        module.set("pyplot", crate::modules::from_table("matplotlib.pyplot"));
    }
    Ok(m)
}

fn plot_error(e: xpush_plot::Error) -> Error {
    match e {
        xpush_plot::Error::Value(m) => Error::value_error(m),
        xpush_plot::Error::Type(m) => Error::type_error(m),
        xpush_plot::Error::Runtime(m) => Error::runtime_error(m),
        xpush_plot::Error::Os(m) => Error::new(ExcKind::OSError, m),
    }
}

/// An array-like as host float64 data (npu arrays are copied to the host).
fn data(v: &Value) -> Result<Data> {
    let (values, shape, _) = host_f64(v)?;
    Ok(Data { shape, values })
}

/// The elements as f64, the shape, and whether the dtype was an integer one.
fn host_f64(v: &Value) -> Result<(Vec<f64>, Vec<usize>, bool)> {
    let a: Array = as_array(v)?.to_device(Device::Cpu)?;
    let integer = a.dtype().is_integer();
    let values = a.astype(DType::Float64).to_vec::<f64>()?;
    Ok((values, a.shape().to_vec(), integer))
}

fn opt_str(v: &Value, what: &str) -> Result<Option<String>> {
    match v {
        Value::None => Ok(None),
        Value::Str(s) => Ok(Some(s.to_string())),
        other => Err(Error::type_error(format!(
            "{what} must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

/// A label: matplotlib turns any object into its str.
fn opt_label(v: &Value) -> Option<String> {
    match v {
        Value::None => None,
        Value::Str(s) => Some(s.to_string()),
        other => Some(crate::ops::to_str(other)),
    }
}

fn opt_f64(v: &Value) -> Result<Option<f64>> {
    match v {
        Value::None => Ok(None),
        other => to_f64(other).map(Some),
    }
}

fn opt_cmap(v: &Value) -> Result<Option<Colormap>> {
    opt_str(v, "cmap")?
        .map(|n| Colormap::parse(&n).map_err(plot_error))
        .transpose()
}

fn record(type_name: &'static str, repr: String) -> Value {
    Value::Record(Rc::new(Record {
        type_name,
        repr,
        attrs: Vec::new(),
    }))
}

fn artist(kind: &str) -> Value {
    let type_name = match kind {
        "Line2D" => "matplotlib.lines.Line2D",
        "PathCollection" => "matplotlib.collections.PathCollection",
        "AxesImage" => "matplotlib.image.AxesImage",
        "Colorbar" => "matplotlib.colorbar.Colorbar",
        _ => "matplotlib.legend.Legend",
    };
    record(type_name, format!("<{type_name} object>"))
}

fn bar_container(n: usize) -> Value {
    record(
        "matplotlib.container.BarContainer",
        format!("<BarContainer object of {n} artists>"),
    )
}

fn plot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut args = Vec::with_capacity(a.rest.len());
    for v in &a.rest {
        args.push(match v {
            Value::Str(s) => PlotArg::Fmt(s.to_string()),
            other => PlotArg::Data(data(other)?),
        });
    }
    let props = LineProps {
        label: opt_label(a.get(0)),
        color: opt_str(a.get(1), "color")?,
        linestyle: opt_str(a.get(2), "linestyle")?,
        linewidth: opt_f64(a.get(3))?,
        marker: opt_str(a.get(4), "marker")?,
        markersize: opt_f64(a.get(5))?,
        alpha: opt_f64(a.get(6))?,
    };
    let n = with_axes(|ax| ax.plot(args, &props)).map_err(plot_error)?;
    Ok(Value::list((0..n).map(|_| artist("Line2D")).collect()))
}

fn scatter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (data(a.get(0))?, data(a.get(1))?);
    let c = match a.get(3) {
        Value::None => ColorArg::Default,
        Value::Str(s) => ColorArg::Named(s.to_string()),
        other => ColorArg::Values(data(other)?),
    };
    let opts = ScatterOpts {
        s: match a.get(2) {
            Value::None => None,
            other => Some(data(other)?),
        },
        c,
        marker: opt_str(a.get(4), "marker")?,
        cmap: opt_cmap(a.get(5))?,
        vmin: opt_f64(a.get(6))?,
        vmax: opt_f64(a.get(7))?,
        alpha: opt_f64(a.get(8))?,
        label: opt_label(a.get(9)),
    };
    with_axes(|ax| ax.scatter(&x, &y, opts)).map_err(plot_error)?;
    Ok(artist("PathCollection"))
}

/// `bar`'s x: a sequence of str makes categories.
fn bar_x(v: &Value) -> Result<BarX> {
    if let Value::List(_) | Value::Tuple(_) = v {
        let items = to_vec(v)?;
        if !items.is_empty() && items.iter().all(|i| matches!(i, Value::Str(_))) {
            return Ok(BarX::Categories(
                items.iter().map(crate::ops::to_str).collect(),
            ));
        }
    }
    Ok(BarX::Numbers(data(v)?))
}

fn bar(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = bar_x(a.get(0))?;
    let height = data(a.get(1))?;
    let align = opt_str(a.get(4), "align")?.unwrap_or_else(|| "center".into());
    if align != "center" && align != "edge" {
        return Err(Error::value_error(format!(
            "{} is not a valid value for align; supported values are 'center', 'edge'",
            crate::py::repr::str_repr(&align)
        )));
    }
    let mut opts = BarOpts {
        width: data(a.get(2))?,
        align_edge: align == "edge",
        color: opt_str(a.get(5), "color")?,
        label: opt_label(a.get(6)),
        ..BarOpts::default()
    };
    if !a.get(3).is_none() {
        opts.bottom = data(a.get(3))?;
    }
    let n = with_axes(|ax| ax.bar(x, &height, opts)).map_err(plot_error)?;
    Ok(bar_container(n))
}

fn hist(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = data(a.get(0))?;
    let bins = match a.get(1) {
        Value::None => Bins::Count(10),
        Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => Bins::Count(index_i64(a.get(1))?),
        Value::Scalar(s) if s.dtype().is_integer() => Bins::Count(index_i64(a.get(1))?),
        Value::Str(s) => {
            return Err(Error::value_error(format!(
                "bins={} is not supported; give a count or the edges",
                crate::py::repr::str_repr(s)
            )))
        }
        other => Bins::Edges(data(other)?.values),
    };
    let range = match a.get(2) {
        Value::None => None,
        other => {
            let r = to_vec(other)?;
            if r.len() != 2 {
                return Err(Error::value_error("range must be a (min, max) pair"));
            }
            Some((to_f64(&r[0])?, to_f64(&r[1])?))
        }
    };
    let opts = HistOpts {
        bins,
        range,
        density: crate::ops::truthy(a.get(3))?,
        color: opt_str(a.get(4), "color")?,
        alpha: opt_f64(a.get(5))?,
        label: opt_label(a.get(6)),
    };
    let (counts, edges) = with_axes(|ax| ax.hist(&x, opts)).map_err(plot_error)?;
    let n = counts.len();
    let (ne, nc) = (edges.len(), counts.len());
    Ok(Value::tuple(vec![
        wrap(Array::from_vec(counts, &[nc])?),
        wrap(Array::from_vec(edges, &[ne])?),
        bar_container(n),
    ]))
}

fn imshow(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (values, shape, integer) = host_f64(a.get(0))?;
    let opts = ImageOpts {
        cmap: opt_cmap(a.get(1))?,
        vmin: opt_f64(a.get(2))?,
        vmax: opt_f64(a.get(3))?,
    };
    with_axes(|ax| ax.imshow(&Data { shape, values }, integer, opts)).map_err(plot_error)?;
    Ok(artist("AxesImage"))
}

fn colorbar(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    with_axes(|ax| ax.colorbar()).map_err(plot_error)?;
    Ok(artist("Colorbar"))
}

fn text_record(x: &str, y: &str, s: &str) -> Value {
    record(
        "matplotlib.text.Text",
        format!("Text({x}, {y}, {})", crate::py::repr::str_repr(s)),
    )
}

fn label_arg(v: &Value) -> String {
    opt_label(v).unwrap_or_else(|| "None".into())
}

fn title(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    with_axes(|ax| ax.title = s.clone());
    Ok(text_record("0.5", "1.0", &s))
}

fn xlabel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    with_axes(|ax| ax.xlabel = s.clone());
    Ok(text_record("0.5", "0", &s))
}

fn ylabel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    with_axes(|ax| ax.ylabel = s.clone());
    Ok(text_record("0", "0.5", &s))
}

fn legend(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let labels = match a.rest.first() {
        Some(v) => Some(to_vec(v)?.iter().map(crate::ops::to_str).collect()),
        None => None,
    };
    with_axes(|ax| ax.set_legend(labels));
    Ok(artist("Legend"))
}

fn grid(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let visible = match a.get(0) {
        Value::None => None,
        v => Some(crate::ops::truthy(v)?),
    };
    with_axes(|ax| ax.grid = visible.unwrap_or(!ax.grid));
    Ok(Value::None)
}

/// `xlim`/`ylim`: `()` gets, `(lo, hi)`, `((lo, hi),)` or keywords set.
fn limits(a: &Args, x: bool) -> Result<Value> {
    let mut ends = (opt_f64(a.get(0))?, opt_f64(a.get(1))?);
    match a.rest.as_slice() {
        [] => {}
        [pair @ (Value::List(_) | Value::Tuple(_))] => {
            let items = to_vec(pair)?;
            if items.len() != 2 {
                return Err(Error::value_error("limits must be a (low, high) pair"));
            }
            ends = (opt_f64(&items[0])?, opt_f64(&items[1])?);
        }
        [lo] => ends.0 = opt_f64(lo)?,
        [lo, hi] => ends = (opt_f64(lo)?, opt_f64(hi)?),
        more => {
            return Err(Error::type_error(format!(
                "{}lim() takes from 0 to 2 positional arguments but {} were given",
                if x { "x" } else { "y" },
                more.len()
            )))
        }
    }
    let setting = a.rest.len() + usize::from(ends.0.is_some()) + usize::from(ends.1.is_some()) > 0;
    let (lo, hi) = with_axes(|ax| {
        let (cur_x, cur_y) = ax.limits();
        let (slot, cur) = if x {
            (&mut ax.xlim, cur_x)
        } else {
            (&mut ax.ylim, cur_y)
        };
        if setting {
            *slot = (Some(ends.0.unwrap_or(cur.0)), Some(ends.1.unwrap_or(cur.1)));
            slot.0.zip(slot.1).unwrap_or(cur)
        } else {
            cur
        }
    });
    let num = |v: f64| {
        if setting {
            Value::Float(v)
        } else {
            crate::numpy::conv::scalar(xpush_npu::Scalar::Float64(v))
        }
    };
    Ok(Value::tuple(vec![num(lo), num(hi)]))
}

fn xlim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    limits(a, true)
}

fn ylim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    limits(a, false)
}

fn figure(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = match a.get(0) {
        Value::None => None,
        v => Some(index_i64(v)?),
    };
    let figsize = match a.get(1) {
        Value::None => None,
        v => {
            let items = to_vec(v)?;
            if items.len() != 2 {
                return Err(Error::value_error("figsize must be a (width, height) pair"));
            }
            Some((to_f64(&items[0])?, to_f64(&items[1])?))
        }
    };
    let dpi = opt_f64(a.get(2))?;
    let repr = with(|p| p.figure(num, figsize, dpi).map(|f| f.repr())).map_err(plot_error)?;
    Ok(record("matplotlib.figure.Figure", repr))
}

/// matplotlib's Axes repr: `<Axes: title={'center': 'T'}, xlabel='x'>`.
fn axes_repr(ax: &Axes) -> String {
    let mut parts = Vec::new();
    if !ax.title.is_empty() {
        parts.push(format!(
            "title={{'center': {}}}",
            crate::py::repr::str_repr(&ax.title)
        ));
    }
    if !ax.xlabel.is_empty() {
        parts.push(format!("xlabel={}", crate::py::repr::str_repr(&ax.xlabel)));
    }
    if !ax.ylabel.is_empty() {
        parts.push(format!("ylabel={}", crate::py::repr::str_repr(&ax.ylabel)));
    }
    format!("<Axes: {}>", parts.join(", "))
}

fn subplot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let nums: Vec<i64> = a.rest.iter().map(index_i64).collect::<Result<_>>()?;
    let (rows, cols, index) = match nums.as_slice() {
        [] => (1, 1, 1),
        [three] if (111..=999).contains(three) => (three / 100, three / 10 % 10, three % 10),
        [three] => {
            return Err(Error::value_error(format!(
                "Integer subplot specification must be a three-digit number, not {three}"
            )))
        }
        [r, c, i] => (*r, *c, *i),
        _ => {
            return Err(Error::type_error(format!(
                "subplot() takes 1 or 3 positional arguments but {} were given",
                nums.len()
            )))
        }
    };
    let repr =
        with(|p| p.gcf().subplot(rows, cols, index).map(|ax| axes_repr(ax))).map_err(plot_error)?;
    Ok(record("matplotlib.axes._axes.Axes", repr))
}

fn savefig(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let fname = match a.get(0) {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "fname must be a str, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let ext = std::path::Path::new(&fname)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_string);
    let (path, format) = match (opt_str(a.get(2), "format")?, ext) {
        (Some(f), _) => (fname.clone(), Format::parse(&f)),
        (None, Some(e)) => (fname.clone(), Format::parse(&e)),
        (None, None) => (format!("{fname}.png"), Ok(Format::Png)),
    };
    let format = format.map_err(plot_error)?;
    let dpi = opt_f64(a.get(1))?;
    let fig = with(|p| p.gcf().clone());
    render::save(&fig, &path, format, dpi.unwrap_or(fig.dpi)).map_err(plot_error)?;
    Ok(Value::None)
}

/// A fresh temp-file path for a shown figure.
fn temp_png(num: i64) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SHOWN: AtomicU64 = AtomicU64::new(0);
    let n = SHOWN.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("xpush-figure-{}-{n}-{num}.png", std::process::id()))
}

fn show(host: &mut dyn Host, _: &mut Args) -> Result<Value> {
    use std::io::IsTerminal;
    // XPUSH_GRAPHICS is obeyed even when stdout is not a terminal (a pipe
    // into one, a test); the terminal's own variables only on a terminal.
    let graphics =
        if std::io::stdout().is_terminal() || std::env::var_os("XPUSH_GRAPHICS").is_some() {
            terminal::detect(|k| std::env::var(k).ok())
        } else {
            terminal::Graphics::Text
        };
    for fig in with(Pyplot::take_all) {
        if graphics == terminal::Graphics::Sixel {
            let (w, h, rgb) = render::to_rgb(&fig, fig.dpi).map_err(plot_error)?;
            host.write_out(&terminal::sixel(w, h, &rgb).map_err(plot_error)?);
            continue;
        }
        let png = render::to_png(&fig, fig.dpi).map_err(plot_error)?;
        if graphics != terminal::Graphics::Text {
            host.write_out(&terminal::inline_png(&png, graphics));
            continue;
        }
        let path = temp_png(fig.num);
        std::fs::write(&path, &png).map_err(|e| Error::new(ExcKind::OSError, e.to_string()))?;
        host.write_out(&format!("Figure {}: {}\n", fig.num, path.display()));
        host.write_out(&preview::figure(&fig, 60, 12));
    }
    Ok(Value::None)
}

fn close(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let which = match a.get(0) {
        Value::None => Close::Current,
        Value::Str(s) if &**s == "all" => Close::All,
        Value::Str(s) => {
            return Err(Error::value_error(format!(
                "close() argument must be a Figure, an int, a string, or None, not {}",
                crate::py::repr::str_repr(s)
            )))
        }
        v => Close::Num(index_i64(v)?),
    };
    with(|p| p.close(which));
    Ok(Value::None)
}

fn clf(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    with(|p| {
        let fig = p.gcf();
        fig.axes.clear();
        fig.current = None;
    });
    Ok(Value::None)
}

fn tight_layout(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::None)
}
