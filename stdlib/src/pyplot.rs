//! `matplotlib.pyplot`: matplotlib's names and arguments, binding Python
//! values to the figure model of the `xpush-plot` crate.
//!
//! pyplot's state (open figures, the current figure and axes) belongs to
//! the session; the interpreter runs one session per thread, so it lives
//! in a thread-local, as the print options do. Arrays (also those on the
//! npu) are copied to the host as float64 before plotting.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::{Array, DType};
use xpush_plot::model::{
    BarOpts, BarX, Bins, Close, ColorArg, Data, HistOpts, ImageOpts, PlotArg, ScatterOpts,
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
    entry!(Function, Plot, "matplotlib.pyplot", "plot", "(*args, scalex=True, scaley=True, data=None, **kwargs)", plot,
        "Lines through points: plot(y), plot(x, y), plot(x, y, fmt) with fmt like 'r--', 'o', 'g-.'; several groups make several lines; label=, color= (c=), linestyle= (ls=), linewidth= (lw=), marker=, markersize= (ms=), alpha=.",
        ["matplotlib.pyplot.plot([1, 4, 9], 'r--')  # [<matplotlib.lines.Line2D object>]",
         "matplotlib.pyplot.plot([1, 2, 3], [1, 2])  # ValueError: x and y must have same first dimension, but have shapes (3,) and (2,)",
         "matplotlib.pyplot.plot([1, 2], 'rq')  # ValueError: 'rq' is not a valid format string (unrecognized character 'q')",
         "matplotlib.pyplot.plot([1, 2], lw=2, ls=':', c='k')  # [<matplotlib.lines.Line2D object>]",
         "matplotlib.pyplot.plot([1, 2], colour='r')  # AttributeError: Line2D.set() got an unexpected keyword argument 'colour'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "scatter", "(x, y, s=None, c=None, marker=None, cmap=None, vmin=None, vmax=None, alpha=None, label=None, **kwargs)", scatter,
        "Points at (x, y); s is the marker area in points², c a colour or one value per point mapped through cmap.",
        ["matplotlib.pyplot.scatter([1, 2, 3], [3, 1, 2], c=[0.1, 0.5, 0.9])  # <matplotlib.collections.PathCollection object>",
         "matplotlib.pyplot.scatter([1, 2], [1])  # ValueError: x and y must be the same size"]),
    entry!(Function, Plot, "matplotlib.pyplot", "bar", "(x, height, width=0.8, bottom=None, *, align='center', color=None, label=None, **kwargs)", bar,
        "Bars of the given heights at x (numbers, or names for a categorical axis).",
        ["matplotlib.pyplot.bar(['a', 'b', 'c'], [3, 1, 2])  # <BarContainer object of 3 artists>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "hist", "(x, bins=None, range=None, density=False, color=None, alpha=None, label=None, **kwargs)", hist,
        "A histogram: returns the counts, the bin edges and the bars (bins is a count, default 10, or the edges).",
        ["matplotlib.pyplot.hist([1, 2, 2, 3, 4], bins=3)  # (array([1., 2., 2.]), array([1., 2., 3., 4.]), <BarContainer object of 3 artists>)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "imshow", "(X, cmap=None, norm=None, *, aspect=None, interpolation=None, alpha=None, vmin=None, vmax=None, origin=None, extent=None)", imshow,
        "Shows a 2-d array as an image through a colormap ('viridis', 'gray', 'hot', 'jet', with _r reversed), or (M, N, 3|4) RGB(A) data; extent=(left, right, bottom, top), origin='lower' puts row 0 at the bottom, aspect='auto' lets pixels stretch (default square); interpolation is accepted (pixels are drawn as blocks).",
        ["matplotlib.pyplot.imshow([[0, 1], [2, 3]], cmap='gray')  # <matplotlib.image.AxesImage object>",
         "matplotlib.pyplot.imshow([1, 2, 3])  # TypeError: Invalid shape (3,) for image data",
         "matplotlib.pyplot.imshow([[1, 2]], origin='upper-left')  # ValueError: 'upper-left' is not a valid value for origin; supported values are 'upper', 'lower'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "colorbar", "(mappable=None)", colorbar,
        "Adds a colour scale beside the current axes for its last image (or value-coloured scatter).",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.imshow([[1, 2]]); matplotlib.pyplot.colorbar()  # <matplotlib.colorbar.Colorbar object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "title", "(label, fontdict=None, loc=None, pad=None, *, y=None, **kwargs)", title,
        "Sets the current axes' title.", ["matplotlib.pyplot.title('Signal')  # Text(0.5, 1.0, 'Signal')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "xlabel", "(xlabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", xlabel,
        "Sets the x axis label.", ["matplotlib.pyplot.xlabel('t [s]')  # Text(0.5, 0, 't [s]')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "ylabel", "(ylabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", ylabel,
        "Sets the y axis label.", ["matplotlib.pyplot.ylabel('volts')  # Text(0, 0.5, 'volts')"]),
    entry!(Function, Plot, "matplotlib.pyplot", "legend", "(*args, loc=None, **kwargs)", legend,
        "Shows a legend of the labelled artists (legend(['a', 'b']) labels them in order), in the upper right; title=, fontsize=, ncol=, frameon=, bbox_to_anchor= and the other Legend keywords are accepted.",
        ["matplotlib.pyplot.legend()  # <matplotlib.legend.Legend object>",
         "matplotlib.pyplot.legend(title='where', frameon=False)  # <matplotlib.legend.Legend object>",
         "matplotlib.pyplot.legend(foo=1)  # TypeError: Legend.__init__() got an unexpected keyword argument 'foo'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "grid", "(visible=None, which='major', axis='both', **kwargs)", grid,
        "Turns grid lines on or off (toggles without an argument).", ["matplotlib.pyplot.grid(True)  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "xlim", "(*args, left=None, right=None)", xlim,
        "Gets or sets the x limits of the current axes.",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.plot([1, 2, 3]); matplotlib.pyplot.xlim()  # (np.float64(-0.1), np.float64(2.1))",
         "matplotlib.pyplot.xlim(0, 10)  # (0.0, 10.0)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "ylim", "(*args, bottom=None, top=None)", ylim,
        "Gets or sets the y limits of the current axes.", ["matplotlib.pyplot.figure(); matplotlib.pyplot.plot([1, 2, 3]); matplotlib.pyplot.ylim(bottom=-1)  # (-1.0, 3.1)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "figure", "(num=None, figsize=None, dpi=None, *, facecolor=None, edgecolor=None, frameon=True, clear=False)", figure,
        "Makes figure num current (creating it); figsize is (width, height) in inches, facecolor the background.",
        ["matplotlib.pyplot.figure(figsize=(8, 3))  # <Figure size 800x300 with 0 Axes>",
         "matplotlib.pyplot.figure(facecolor='notacolor')  # ValueError: Invalid RGBA argument: 'notacolor'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "subplot", "(*args, **kwargs)", subplot,
        "Makes axes number index of a rows x cols grid current: subplot(2, 1, 1) or subplot(211).",
        ["matplotlib.pyplot.subplot(2, 1, 1)  # <Axes: >",
         "matplotlib.pyplot.subplot(2, 1, 3)  # ValueError: num must be an integer with 1 <= num <= 2, not 3"]),
    entry!(Function, Plot, "matplotlib.pyplot", "savefig", "(fname, *, dpi=None, format=None, bbox_inches=None, pad_inches=0.1, transparent=None, facecolor='auto', edgecolor='auto', metadata=None)", savefig,
        "Writes the current figure to a .png or .svg file; dpi= scales a PNG, transparent=True leaves the background out, facecolor= replaces it; bbox_inches='tight' is accepted (figures are laid out tightly).",
        ["matplotlib.pyplot.savefig('plot.pdf')  # ValueError: Format 'pdf' is not supported (supported formats: png, svg)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "show", "(block=None)", show,
        "Shows the open figures and closes them: inline on kitty/iTerm2/WezTerm or sixel terminals (XPUSH_GRAPHICS overrides), else as a PNG path and a text preview.",
        ["matplotlib.pyplot.close('all'); matplotlib.pyplot.show()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "close", "(fig=None)", close,
        "Closes the current figure, figure number fig, or all of them with 'all'.",
        ["matplotlib.pyplot.close('all')  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "clf", "()", clf,
        "Clears the current figure.", ["matplotlib.pyplot.clf()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "tight_layout", "(*, pad=1.08, h_pad=None, w_pad=None, rect=None)", tight_layout,
        "Accepted for compatibility: figures are always laid out tightly.", ["matplotlib.pyplot.tight_layout()  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "subplots", "(nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True, figsize=None, dpi=None, num=None, subplot_kw=None)", subplots,
        "A new figure with a grid of axes: (fig, ax) for one, (fig, axs) with axs an array of axes (axs[0, 1], axs.flat) for several; squeeze=False keeps axs 2-d. sharex/sharey are accepted; limits are not shared yet.",
        ["matplotlib.pyplot.subplots(2, 2)[1].shape  # (2, 2)", "matplotlib.pyplot.subplots(1, 3)[1].shape  # (3,)",
         "matplotlib.pyplot.subplots()[1]  # <Axes: >", "matplotlib.pyplot.subplots(0, 1)  # ValueError: Number of rows and columns must be positive integers, not 0 and 1"]),
    entry!(Type, Plot, "matplotlib.figure", "Figure", "(figsize=None, dpi=None)", figure_type,
        "The type of figures; make one with plt.figure() or plt.subplots().",
        ["type(matplotlib.pyplot.figure()).__name__  # 'Figure'"]),
    entry!(Type, Plot, "matplotlib.axes._axes", "Axes", "(fig, *args)", axes_type,
        "The type of axes; make them with plt.subplots(), plt.subplot() or fig.add_subplot().",
        ["type(matplotlib.pyplot.gca()).__name__  # 'Axes'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "gcf", "()", gcf,
        "The current figure (a new one when none is open).", ["matplotlib.pyplot.close('all'); matplotlib.pyplot.gcf()  # <Figure size 640x480 with 0 Axes>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "gca", "()", gca,
        "The current axes of the current figure (created when there is none).", ["matplotlib.pyplot.close('all'); matplotlib.pyplot.gca()  # <Axes: >"]),
    entry!(Function, Plot, "matplotlib.pyplot", "sca", "(ax)", sca,
        "Makes ax and its figure current.", ["matplotlib.pyplot.sca(1)  # TypeError: sca() needs an Axes, not int"]),
    entry!(Method, Plot, "Figure", "savefig", "(self, fname, *, dpi=None, format=None, bbox_inches=None, pad_inches=0.1, transparent=None, facecolor='auto', edgecolor='auto', metadata=None)", fig_savefig,
        "Writes this figure to a .png or .svg file.", ["matplotlib.pyplot.figure().savefig('f.pdf')  # ValueError: Format 'pdf' is not supported (supported formats: png, svg)"]),
    entry!(Method, Plot, "Figure", "add_subplot", "(self, *args, **kwargs)", fig_add_subplot,
        "The axes at place index of a rows x cols grid of this figure (add_subplot(2, 1, 1) or add_subplot(211)), made current.",
        ["matplotlib.pyplot.figure().add_subplot(1, 2, 2)  # <Axes: >"]),
    entry!(Method, Plot, "Figure", "add_axes", "(self, rect, **kwargs)", fig_add_axes,
        "New axes whose plotting area is rect = [left, bottom, width, height] in fractions of the figure (an inset, a colour bar's place), made current.",
        ["str(matplotlib.pyplot.figure().add_axes([0.1, 0.2, 0.3, 0.4]))  # 'Axes(0.1,0.2;0.3x0.4)'",
         "matplotlib.pyplot.figure().add_axes([0.1, 0.2])  # ValueError: rect must be a sequence of 4 numbers (left, bottom, width, height), not 2"]),
    entry!(Function, Plot, "matplotlib.pyplot", "axes", "(arg=None, **kwargs)", axes,
        "New axes on the current figure: full size without an argument, at rect = [left, bottom, width, height] (figure fractions) with one; axes(ax) makes ax current. projection='3d' raises NotImplementedError.",
        ["matplotlib.pyplot.axes([0.1, 0.1, 0.5, 0.5])  # <Axes: >",
         "matplotlib.pyplot.axes(projection='3d')  # NotImplementedError: projection='3d' axes are not supported by xpush's matplotlib (only 2-d 'rectilinear' axes)"]),
    entry!(Property, Plot, "Figure", "patch", "(self, /)", fig_patch,
        "The figure's background rectangle: fig.patch.set_facecolor('lightgray').",
        ["matplotlib.pyplot.figure().patch.set_facecolor('lightgray')  # None"]),
    entry!(Method, Plot, "FigurePatch", "set_facecolor", "(self, color)", patch_set_facecolor,
        "Sets the figure's background colour.",
        ["matplotlib.pyplot.figure().patch.set_facecolor('nocolor')  # ValueError: Invalid RGBA argument: 'nocolor'"]),
    entry!(Method, Plot, "Figure", "set_facecolor", "(self, color)", fig_set_facecolor,
        "Sets the figure's background colour.",
        ["matplotlib.pyplot.figure().set_facecolor('w')  # None"]),
    entry!(Method, Plot, "Figure", "gca", "(self)", fig_gca,
        "This figure's current axes.", ["matplotlib.pyplot.figure().gca()  # <Axes: >"]),
    entry!(Method, Plot, "Figure", "tight_layout", "(self, *, pad=1.08, h_pad=None, w_pad=None, rect=None)", fig_tight_layout,
        "Accepted for compatibility: figures are always laid out tightly.", ["matplotlib.pyplot.figure().tight_layout()  # None"]),
    entry!(Method, Plot, "Figure", "colorbar", "(self, mappable=None, ax=None)", fig_colorbar,
        "Adds a colour scale beside ax (default: the current axes) for its last image or value-coloured scatter.",
        ["matplotlib.pyplot.figure().colorbar(matplotlib.pyplot.imshow([[1, 2]]))  # <matplotlib.colorbar.Colorbar object>"]),
    entry!(Method, Plot, "Axes", "plot", "(self, *args, scalex=True, scaley=True, data=None, **kwargs)", ax_plot,
        "pyplot.plot on these axes.", ["matplotlib.pyplot.subplots()[1].plot([1, 2], 'o')  # [<matplotlib.lines.Line2D object>]"]),
    entry!(Method, Plot, "Axes", "scatter", "(self, x, y, s=None, c=None, marker=None, cmap=None, vmin=None, vmax=None, alpha=None, label=None, **kwargs)", ax_scatter,
        "pyplot.scatter on these axes.", ["matplotlib.pyplot.subplots()[1].scatter([1], [2])  # <matplotlib.collections.PathCollection object>"]),
    entry!(Method, Plot, "Axes", "bar", "(self, x, height, width=0.8, bottom=None, *, align='center', color=None, label=None, **kwargs)", ax_bar,
        "pyplot.bar on these axes.", ["matplotlib.pyplot.subplots()[1].bar([1, 2], [3, 4])  # <BarContainer object of 2 artists>"]),
    entry!(Method, Plot, "Axes", "hist", "(self, x, bins=None, range=None, density=False, color=None, alpha=None, label=None, **kwargs)", ax_hist,
        "pyplot.hist on these axes.", ["matplotlib.pyplot.subplots()[1].hist([1, 2, 2], bins=2)[0]  # array([1., 2.])"]),
    entry!(Method, Plot, "Axes", "imshow", "(self, X, cmap=None, norm=None, *, aspect=None, interpolation=None, alpha=None, vmin=None, vmax=None, origin=None, extent=None)", ax_imshow,
        "pyplot.imshow on these axes.", ["matplotlib.pyplot.subplots()[1].imshow([[0, 1]])  # <matplotlib.image.AxesImage object>"]),
    entry!(Method, Plot, "Axes", "legend", "(self, *args, loc=None, **kwargs)", ax_legend,
        "pyplot.legend on these axes.", ["matplotlib.pyplot.subplots()[1].legend()  # <matplotlib.legend.Legend object>"]),
    entry!(Method, Plot, "Axes", "grid", "(self, visible=None, which='major', axis='both', **kwargs)", ax_grid,
        "pyplot.grid on these axes.", ["matplotlib.pyplot.subplots()[1].grid(True)  # None"]),
    entry!(Method, Plot, "Axes", "set_title", "(self, label, fontdict=None, loc=None, pad=None, *, y=None, **kwargs)", ax_set_title,
        "Sets these axes' title.", ["matplotlib.pyplot.subplots()[1].set_title('T')  # Text(0.5, 1.0, 'T')"]),
    entry!(Method, Plot, "Axes", "set_xlabel", "(self, xlabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", ax_set_xlabel,
        "Sets the x axis label.", ["matplotlib.pyplot.subplots()[1].set_xlabel('x')  # Text(0.5, 0, 'x')"]),
    entry!(Method, Plot, "Axes", "set_ylabel", "(self, ylabel, fontdict=None, labelpad=None, *, loc=None, **kwargs)", ax_set_ylabel,
        "Sets the y axis label.", ["matplotlib.pyplot.subplots()[1].set_ylabel('y')  # Text(0, 0.5, 'y')"]),
    entry!(Method, Plot, "Axes", "set_xlim", "(self, *args, left=None, right=None)", ax_set_xlim,
        "Sets the x limits (set_xlim(lo, hi), set_xlim((lo, hi)), set_xlim(left=lo)).", ["matplotlib.pyplot.subplots()[1].set_xlim(0, 5)  # (0.0, 5.0)"]),
    entry!(Method, Plot, "Axes", "set_ylim", "(self, *args, bottom=None, top=None)", ax_set_ylim,
        "Sets the y limits.", ["matplotlib.pyplot.subplots()[1].set_ylim(-1, 1)  # (-1.0, 1.0)"]),
    entry!(Method, Plot, "Axes", "get_xlim", "(self)", ax_get_xlim,
        "The x limits.", ["matplotlib.pyplot.subplots()[1].get_xlim()  # (np.float64(0.0), np.float64(1.0))"]),
    entry!(Method, Plot, "Axes", "get_ylim", "(self)", ax_get_ylim,
        "The y limits.", ["matplotlib.pyplot.subplots()[1].get_ylim()  # (np.float64(0.0), np.float64(1.0))"]),
    entry!(Method, Plot, "Axes", "set", "(self, **kwargs)", ax_set,
        "Sets several properties at once: title=, xlabel=, ylabel=, xlim=, ylim=.",
        ["matplotlib.pyplot.subplots()[1].set(title='T', xlim=(0, 2))  # [Text(0.5, 1.0, 'T'), (0.0, 2.0)]",
         "matplotlib.pyplot.subplots()[1].set(colour='r')  # AttributeError: Axes.set() got an unexpected keyword argument 'colour'"]),
    entry!(Function, Plot, "matplotlib.pyplot", "twinx", "(ax=None)", twinx,
        "Axes sharing the x axis of ax (the current axes) with their own y axis on the right; they become current.",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.plot([1, 2]); matplotlib.pyplot.twinx()  # <Axes: >"]),
    entry!(Method, Plot, "Axes", "twinx", "(self)", ax_twinx,
        "pyplot.twinx of these axes.", ["matplotlib.pyplot.subplots()[1].twinx().get_xlim()  # (np.float64(0.0), np.float64(1.0))"]),
    entry!(Property, Plot, "AxesArray", "shape", "(self, /)", grid_shape,
        "The grid's shape.", ["matplotlib.pyplot.subplots(2, 3)[1].shape  # (2, 3)"]),
    entry!(Property, Plot, "AxesArray", "size", "(self, /)", grid_size,
        "How many axes.", ["matplotlib.pyplot.subplots(2, 3)[1].size  # 6"]),
    entry!(Property, Plot, "AxesArray", "ndim", "(self, /)", grid_ndim,
        "The grid's number of dimensions.", ["matplotlib.pyplot.subplots(2, 3)[1].ndim  # 2"]),
    entry!(Property, Plot, "AxesArray", "flat", "(self, /)", grid_flat,
        "The axes in order, row by row.", ["len(list(matplotlib.pyplot.subplots(2, 2)[1].flat))  # 4"]),
    entry!(Method, Plot, "AxesArray", "ravel", "(self, /)", grid_ravel,
        "The axes as a 1-d array, row by row.", ["matplotlib.pyplot.subplots(2, 2)[1].ravel().shape  # (4,)"]),
    entry!(Method, Plot, "AxesArray", "flatten", "(self, /)", grid_ravel,
        "The axes as a 1-d array, row by row.", ["matplotlib.pyplot.subplots(2, 2)[1].flatten().shape  # (4,)"]),
];

/// A matplotlib object: a figure, axes, or an array of axes. Each names
/// its figure by number, and axes by their place in the figure's list.
#[derive(Clone)]
pub enum PlotObj {
    /// `Figure`.
    Figure(i64),
    /// `Axes`.
    Axes {
        /// The figure's number.
        fig: i64,
        /// The axes' index in the figure.
        index: usize,
    },
    /// What `plt.subplots(2, 2)` returns: NumPy's array of axes, held as
    /// an int64 array of the axes' indices (so it is indexed, sliced and
    /// reshaped as an array is).
    AxesArray {
        /// The figure's number.
        fig: i64,
        /// The indices, in the grid's shape.
        grid: Array,
    },
    /// `ax.spines`: the frame's sides by name.
    Spines {
        /// The figure's number.
        fig: i64,
        /// The axes' index in the figure.
        index: usize,
    },
    /// `fig.patch`: the figure's background rectangle.
    FigPatch(i64),
    /// A colormap (`plt.cm.viridis`), by name.
    Colormap(String),
    /// `matplotlib.colormaps`.
    ColormapRegistry,
    /// `ax.spines['top']`, or several (`ax.spines[['top', 'right']]`,
    /// matplotlib's `SpinesProxy`).
    Spine {
        /// The figure's number.
        fig: i64,
        /// The axes' index in the figure.
        index: usize,
        /// The sides.
        names: Vec<String>,
    },
}

impl PlotObj {
    /// Python's type name.
    pub fn type_name(&self) -> &'static str {
        match self {
            PlotObj::Figure(_) => "matplotlib.figure.Figure",
            PlotObj::Axes { .. } => "matplotlib.axes._axes.Axes",
            PlotObj::AxesArray { .. } => "numpy.ndarray",
            PlotObj::Spines { .. } => "matplotlib.spines.Spines",
            PlotObj::Spine { names, .. } if names.len() == 1 => "matplotlib.spines.Spine",
            PlotObj::Spine { .. } => "matplotlib.spines.SpinesProxy",
            PlotObj::FigPatch(_) => "matplotlib.patches.Rectangle",
            PlotObj::Colormap(n) if xpush_plot::cmaps::is_listed(n) => {
                "matplotlib.colors.ListedColormap"
            }
            PlotObj::Colormap(_) => "matplotlib.colors.LinearSegmentedColormap",
            PlotObj::ColormapRegistry => "matplotlib.cm.ColormapRegistry",
        }
    }

    /// The table module of its methods.
    pub fn methods_module(&self) -> &'static [&'static str] {
        match self {
            PlotObj::Figure(_) => &["Figure"],
            PlotObj::Axes { .. } => &["Axes"],
            PlotObj::AxesArray { .. } => &["AxesArray"],
            PlotObj::Spines { .. } => &[],
            PlotObj::Spine { .. } => &["Spine"],
            PlotObj::FigPatch(_) => &["FigurePatch"],
            PlotObj::Colormap(_) => &["Colormap"],
            PlotObj::ColormapRegistry => &[],
        }
    }

    /// matplotlib's str: `Figure(640x480)`, `Axes(0.125,0.11;0.775x0.77)`
    /// (the axes' place in figure fractions), NumPy's for an array.
    pub fn str(&self) -> String {
        match self {
            PlotObj::Figure(num) => with(|p| {
                p.figure_mut(*num).map(|f| {
                    let (w, h) = (f.size.0 * f.dpi, f.size.1 * f.dpi);
                    format!(
                        "Figure({}x{})",
                        xpush_plot::model::fmt_g(w),
                        xpush_plot::model::fmt_g(h)
                    )
                })
            })
            .unwrap_or_else(|| self.repr()),
            PlotObj::Axes { fig, index } => with(|p| {
                p.figure_mut(*fig)
                    .and_then(|f| f.axes.get(*index))
                    .map(axes_str)
            })
            .unwrap_or_else(|| self.repr()),
            PlotObj::AxesArray { .. } => self.items_text(" ", "\n "),
            PlotObj::Spine { names, .. } if names.len() == 1 => "Spine".into(),
            _ => self.repr(),
        }
    }

    /// The elements' reprs in NumPy's brackets: `[[a, b],\n       [c, d]]`
    /// (repr) or `[[a b]\n [c d]]` (str).
    fn items_text(&self, sep: &str, row_sep: &str) -> String {
        let PlotObj::AxesArray { fig, grid } = self else {
            return String::new();
        };
        let item = |i: i64| {
            PlotObj::Axes {
                fig: *fig,
                index: i as usize,
            }
            .repr()
        };
        let idx = grid.to_vec::<i64>().unwrap_or_default();
        let row = |r: &[i64]| {
            format!(
                "[{}]",
                r.iter().map(|&i| item(i)).collect::<Vec<_>>().join(sep)
            )
        };
        match grid.shape() {
            [_] => row(&idx),
            [_, cols] => {
                let rows: Vec<String> = idx.chunks((*cols).max(1)).map(row).collect();
                format!("[{}]", rows.join(row_sep))
            }
            _ => "[]".into(),
        }
    }

    /// matplotlib's repr (NumPy's for an array of axes).
    pub fn repr(&self) -> String {
        match self {
            PlotObj::Figure(num) => with(|p| p.figure_mut(*num).map(|f| f.repr()))
                .unwrap_or_else(|| format!("<Figure {num} (closed)>")),
            PlotObj::Axes { fig, index } => with(|p| {
                p.figure_mut(*fig)
                    .and_then(|f| f.axes.get(*index))
                    .map(axes_repr)
            })
            .unwrap_or_else(|| "<Axes: (closed)>".into()),
            PlotObj::AxesArray { .. } => {
                format!(
                    "array({}, dtype=object)",
                    self.items_text(", ", ",\n       ")
                )
            }
            _ => format!("<{} object>", self.type_name()),
        }
    }
}

/// A figure (its number) or axes (with their index in it).
type PlotKey = (i64, Option<usize>);

thread_local! {
    /// The values of open figures and axes, so that the same figure or
    /// axes is the same Python object each time (`plt.gca() is ax`).
    static INTERNED: RefCell<Vec<(PlotKey, Value)>> = const { RefCell::new(Vec::new()) };
}

/// A Python value for `p`; figures and axes are interned while their
/// figure is open.
pub(crate) fn plot_value(p: PlotObj) -> Value {
    let key = match &p {
        PlotObj::Figure(num) => Some((*num, None)),
        PlotObj::Axes { fig, index } => Some((*fig, Some(*index))),
        _ => None,
    };
    let make = |p: PlotObj| Value::Object(Rc::new(crate::value::Object::Plot(p)));
    let Some(key) = key else {
        return make(p);
    };
    let open: Vec<i64> = with(|s| s.figures().iter().map(|f| f.num).collect());
    INTERNED.with(|cache| {
        let mut cache = cache.borrow_mut();
        // Values of closed figures go: a new figure with the number is new.
        cache.retain(|((num, _), _)| open.contains(num));
        if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let v = make(p);
        cache.push((key, v.clone()));
        v
    })
}

pub(crate) fn plot_obj(v: &Value) -> Option<&PlotObj> {
    match v {
        Value::Object(o) => match &**o {
            crate::value::Object::Plot(p) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

/// The axes a value names: `(figure number, index)`, checked open.
pub(crate) fn axes_of(v: &Value, what: &str) -> Result<(i64, usize)> {
    let Some(PlotObj::Axes { fig, index }) = plot_obj(v) else {
        return Err(Error::type_error(format!(
            "{what} needs an Axes, not {}",
            crate::ops::type_name(v)
        )));
    };
    let open = with(|p| p.figure_mut(*fig).is_some_and(|f| *index < f.axes.len()));
    if !open {
        return Err(Error::runtime_error(
            "these axes belong to a closed figure (plt.show() and plt.close() close figures)",
        ));
    }
    Ok((*fig, *index))
}

pub(crate) fn figure_of(v: &Value) -> Result<i64> {
    let Some(PlotObj::Figure(num)) = plot_obj(v) else {
        return Err(Error::type_error("a Figure method needs a Figure"));
    };
    if !with(|p| p.figure_mut(*num).is_some()) {
        return Err(Error::runtime_error(
            "this figure is closed (plt.show() and plt.close() close figures)",
        ));
    }
    Ok(*num)
}

/// A pyplot function, as its table entry calls it.
pub(crate) type PyplotFn = fn(&mut dyn Host, &mut Args) -> Result<Value>;

thread_local! {
    /// The axes a drawing function draws on while an `Axes` method runs
    /// it (`ax.plot(...)` is `plt.plot(...)` on `ax`, which stays not
    /// current); `None`: the current axes.
    pub(crate) static TARGET: std::cell::Cell<Option<(i64, usize)>> = const { std::cell::Cell::new(None) };
}

/// Runs pyplot function `f` on the axes `a.get(0)` (the method's self),
/// with the rest of the arguments.
pub(crate) fn on_axes(host: &mut dyn Host, a: &mut Args, f: PyplotFn) -> Result<Value> {
    let this = a.values.remove(0);
    let target = axes_of(&this, "an Axes method")?;
    let outer = TARGET.with(|t| t.replace(Some(target)));
    let r = f(host, a);
    TARGET.with(|t| t.set(outer));
    r
}

macro_rules! axes_methods {
    ($($method:ident => $f:ident),* $(,)?) => {
        $(
            fn $method(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
                on_axes(host, a, $f)
            }
        )*
    };
}

pub(crate) use axes_methods;

axes_methods! {
    ax_plot => plot, ax_scatter => scatter, ax_bar => bar, ax_hist => hist,
    ax_imshow => imshow, ax_legend => legend, ax_grid => grid,
    ax_set_title => title, ax_set_xlabel => xlabel, ax_set_ylabel => ylabel,
    ax_set_xlim => xlim, ax_set_ylim => ylim, ax_get_xlim => xlim, ax_get_ylim => ylim,
}

fn ax_set(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let pairs = match a.values.last() {
        Some(Value::Dict(d)) => d.borrow().pairs(),
        _ => Vec::new(),
    };
    let mut out = Vec::new();
    for (k, v) in pairs {
        let key = crate::ops::to_str(&k);
        let (f, args): (PyplotFn, Vec<Value>) = match key.as_str() {
            "title" => (title, vec![this.clone(), v.clone()]),
            "xlabel" => (xlabel, vec![this.clone(), v.clone()]),
            "ylabel" => (ylabel, vec![this.clone(), v.clone()]),
            "xlim" => (xlim, vec![this.clone(), Value::None, Value::None]),
            "ylim" => (ylim, vec![this.clone(), Value::None, Value::None]),
            _ => {
                return Err(Error::attribute_error(format!(
                    "Axes.set() got an unexpected keyword argument '{key}'"
                )))
            }
        };
        let rest = if key.ends_with("lim") {
            vec![v]
        } else {
            Vec::new()
        };
        let mut call = Args { values: args, rest };
        out.push(on_axes(host, &mut call, f)?);
    }
    Ok(Value::list(out))
}

fn subplots(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (rows, cols) = (index_i64(a.get(0))?, index_i64(a.get(1))?);
    let squeeze = crate::ops::truthy(a.get(4))?;
    let figsize = pair_arg(a.get(5), "figsize")?;
    let dpi = opt_f64(a.get(6))?;
    check_subplot_kw(a.get(8))?;
    let num = match a.get(7) {
        Value::None => None,
        v => Some(index_i64(v)?),
    };
    let (fig, indices) = with(|p| {
        if rows < 1 || cols < 1 {
            return Err(xpush_plot::Error::Value(format!(
                "Number of rows and columns must be positive integers, not {rows} and {cols}"
            )));
        }
        let f = p.figure(num, figsize, dpi)?;
        let fig = f.num;
        Ok((fig, f.subplots(rows, cols)?))
    })
    .map_err(plot_error)?;
    let figure = plot_value(PlotObj::Figure(fig));
    let idx: Vec<i64> = indices.iter().map(|&i| i as i64).collect();
    let axes = if squeeze && idx.len() == 1 {
        plot_value(PlotObj::Axes {
            fig,
            index: indices[0],
        })
    } else {
        let shape: Vec<usize> = if squeeze && (rows == 1 || cols == 1) {
            vec![idx.len()]
        } else {
            vec![rows as usize, cols as usize]
        };
        plot_value(PlotObj::AxesArray {
            fig,
            grid: Array::from_vec(idx, &shape)?,
        })
    };
    Ok(Value::tuple(vec![figure, axes]))
}

/// The keywords of a new axes (`subplot_kw=`, `add_subplot(**kwargs)`,
/// `plt.axes(**kwargs)`): `projection='3d'` and polar axes raise
/// NotImplementedError, the rest are accepted.
pub(crate) fn check_subplot_kw(kw: &Value) -> Result<()> {
    let Value::Dict(d) = kw else {
        return Ok(());
    };
    for (k, v) in d.borrow().pairs() {
        let key = crate::ops::to_str(&k);
        let projection = match (key.as_str(), &v) {
            ("projection", Value::Str(p)) => p.to_string(),
            ("polar", v) if crate::ops::truthy(v)? => "polar".into(),
            _ => continue,
        };
        if projection == "rectilinear" {
            continue;
        }
        return Err(Error::new(
            ExcKind::NotImplementedError,
            format!(
                "projection={} axes are not supported by xpush's matplotlib (only 2-d 'rectilinear' axes)",
                crate::py::repr::str_repr(&projection)
            ),
        ));
    }
    Ok(())
}

/// A `(width, height)` pair argument, if given.
pub(crate) fn pair_arg(v: &Value, what: &str) -> Result<Option<(f64, f64)>> {
    match v {
        Value::None => Ok(None),
        v => {
            let items = to_vec(v)?;
            if items.len() != 2 {
                return Err(Error::value_error(format!(
                    "{what} must be a (width, height) pair"
                )));
            }
            Ok(Some((to_f64(&items[0])?, to_f64(&items[1])?)))
        }
    }
}

/// `Figure(...)` called directly: a figure pyplot does not manage.
fn figure_type(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::type_error(
        "a Figure is made with plt.figure() or plt.subplots() in xpush",
    ))
}

/// `Axes(...)` called directly.
fn axes_type(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::type_error(
        "Axes are made with plt.subplots(), plt.subplot() or fig.add_subplot() in xpush",
    ))
}

fn gcf(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(plot_value(PlotObj::Figure(with(|p| p.gcf().num))))
}

pub(crate) fn current_axes() -> PlotObj {
    with(|p| {
        let fig = p.gcf();
        fig.gca();
        PlotObj::Axes {
            fig: fig.num,
            index: fig.current.unwrap_or(0),
        }
    })
}

fn gca(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(plot_value(current_axes()))
}

fn sca(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (fig, index) = axes_of(a.get(0), "sca()")?;
    with(|p| {
        p.activate(fig);
        if let Some(f) = p.figure_mut(fig) {
            f.current = Some(index);
        }
    });
    Ok(Value::None)
}

fn fig_savefig(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = figure_of(&a.values.remove(0))?;
    save(host, Some(num), a)
}

fn fig_add_subplot(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = figure_of(&a.values.remove(0))?;
    with(|p| p.activate(num));
    subplot(host, a)
}

/// `fig.add_axes([left, bottom, width, height])` on figure `num`.
fn add_axes(num: i64, rect: &Value) -> Result<Value> {
    let items = to_vec(rect)?;
    if items.len() != 4 {
        return Err(Error::value_error(format!(
            "rect must be a sequence of 4 numbers (left, bottom, width, height), not {}",
            items.len()
        )));
    }
    let v: Vec<f64> = items.iter().map(to_f64).collect::<Result<_>>()?;
    let index = with(|p| {
        p.activate(num);
        p.figure_mut(num)
            .map(|f| f.add_axes((v[0], v[1], v[2], v[3])))
    })
    .ok_or_else(|| Error::runtime_error("add_axes() of a closed figure"))?;
    Ok(plot_value(PlotObj::Axes { fig: num, index }))
}

fn fig_add_axes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = figure_of(a.get(0))?;
    check_subplot_kw(a.get(2))?;
    add_axes(num, a.get(1))
}

/// `plt.axes()`: new full axes on the current figure; `plt.axes(rect)`:
/// `add_axes(rect)`; `plt.axes(ax)` makes ax current.
fn axes(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    check_subplot_kw(a.get(1))?;
    let num = with(|p| p.gcf().num);
    match a.get(0) {
        Value::None => add_axes(
            num,
            &Value::list(
                [0.125, 0.11, 0.775, 0.77]
                    .into_iter()
                    .map(Value::Float)
                    .collect(),
            ),
        ),
        v if plot_obj(v).is_some() => {
            let mut call = Args {
                values: vec![v.clone()],
                rest: Vec::new(),
            };
            sca(host, &mut call)?;
            Ok(v.clone())
        }
        rect => add_axes(num, rect),
    }
}

fn fig_patch(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(plot_value(PlotObj::FigPatch(figure_of(a.get(0))?)))
}

/// `fig.patch.set_facecolor(c)` and `fig.set_facecolor(c)`: the figure's background.
fn set_fig_facecolor(num: i64, c: &Value) -> Result<Value> {
    let color = match c {
        Value::Str(s) => rgba_arg(s)?,
        other => {
            return Err(Error::value_error(format!(
                "Invalid RGBA argument: {}",
                crate::ops::repr(other)
            )))
        }
    };
    with(|p| {
        if let Some(f) = p.figure_mut(num) {
            f.facecolor = color;
        }
    });
    Ok(Value::None)
}

fn patch_set_facecolor(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Some(PlotObj::FigPatch(num)) = plot_obj(a.get(0)) else {
        return Err(Error::type_error("set_facecolor() needs a figure's patch"));
    };
    set_fig_facecolor(*num, a.get(1))
}

fn fig_set_facecolor(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = figure_of(a.get(0))?;
    set_fig_facecolor(num, a.get(1))
}

fn fig_gca(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = figure_of(a.get(0))?;
    with(|p| p.activate(num));
    Ok(plot_value(current_axes()))
}

fn fig_tight_layout(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    figure_of(a.get(0))?;
    Ok(Value::None)
}

fn fig_colorbar(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    figure_of(a.get(0))?;
    let ax = match a.get(2) {
        Value::None => plot_value(current_axes()),
        v => v.clone(),
    };
    let mut call = Args {
        values: vec![ax, a.get(1).clone()],
        rest: Vec::new(),
    };
    on_axes(host, &mut call, colorbar)
}

fn grid_parts(v: &Value) -> Result<(i64, &Array)> {
    match plot_obj(v) {
        Some(PlotObj::AxesArray { fig, grid }) => Ok((*fig, grid)),
        _ => Err(Error::type_error("an array of axes was expected")),
    }
}

fn grid_shape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (_, g) = grid_parts(a.get(0))?;
    Ok(Value::tuple(
        g.shape().iter().map(|&d| Value::Int(d as i64)).collect(),
    ))
}

fn grid_size(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(grid_parts(a.get(0))?.1.size() as i64))
}

fn grid_ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(grid_parts(a.get(0))?.1.ndim() as i64))
}

fn grid_ravel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (fig, g) = grid_parts(a.get(0))?;
    Ok(plot_value(PlotObj::AxesArray {
        fig,
        grid: g.to_contiguous().reshape(&[-1])?,
    }))
}

fn grid_flat(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    grid_ravel(h, a)
}

/// `axs[i]`, `axs[0, 1]`, `axs[:, 0]`: the array of axes indexed as its
/// array of indices is; `None` for anything that is not one.
pub fn getitem(v: &Value, index: &Value) -> Option<Result<Value>> {
    if let Some(PlotObj::ColormapRegistry) = plot_obj(v) {
        return Some(crate::pyplot_cmap::registry_getitem(index));
    }
    if let Some(PlotObj::Spines { fig, index: i }) = plot_obj(v) {
        return Some(crate::pyplot_axis::spines_getitem(*fig, *i, index));
    }
    let Some(PlotObj::AxesArray { fig, grid }) = plot_obj(v) else {
        return None;
    };
    let fig = *fig;
    let run = || {
        let picked = crate::numpy::arith::getitem(&Value::Array(Rc::new(grid.clone())), index)?;
        Ok(match picked {
            Value::Array(a) if a.ndim() > 0 => plot_value(PlotObj::AxesArray {
                fig,
                grid: (*a).clone(),
            }),
            other => plot_value(PlotObj::Axes {
                fig,
                index: index_i64(&other)? as usize,
            }),
        })
    };
    Some(run())
}

/// The items `for ax in axs` visits (the rows of a 2-d array); `None`
/// for anything that is not an array of axes.
pub fn items(v: &Value) -> Option<Result<Vec<Value>>> {
    let Some(PlotObj::AxesArray { grid, .. }) = plot_obj(v) else {
        return None;
    };
    let n = grid.shape().first().copied().unwrap_or(0);
    Some(
        (0..n)
            .map(|i| getitem(v, &Value::Int(i as i64)).unwrap_or(Ok(Value::None)))
            .collect(),
    )
}

thread_local! {
    static STATE: RefCell<Pyplot> = RefCell::new(Pyplot::default());
}

/// Runs `f` on this session's pyplot state.
pub(crate) fn with<R>(f: impl FnOnce(&mut Pyplot) -> R) -> R {
    let defaults = crate::pyplot_rc::defaults();
    STATE.with(|s| {
        let mut p = s.borrow_mut();
        p.defaults = defaults;
        f(&mut p)
    })
}

/// Runs `f` on the axes a drawing call draws on: the ones whose method
/// runs it, else the current axes (creating a figure and axes if needed).
pub(crate) fn with_axes<R>(f: impl FnOnce(&mut Axes) -> R) -> R {
    let target = TARGET.with(std::cell::Cell::get);
    with(|p| {
        if let Some((num, i)) = target {
            // `on_axes` checked they are open.
            if let Some(ax) = p.figure_mut(num).and_then(|fig| fig.axes.get_mut(i)) {
                return f(ax);
            }
        }
        f(p.gca())
    })
}

/// The axes a call works on, `(figure number, index)`: the ones whose
/// method runs it, else the current axes (created if needed).
pub(crate) fn target_axes() -> (i64, usize) {
    if let Some(t) = TARGET.with(std::cell::Cell::get) {
        return t;
    }
    with(|p| {
        let fig = p.gcf();
        fig.gca();
        (fig.num, fig.current.unwrap_or(0))
    })
}

/// Runs `f` on the axes a call works on with their view limits (the x
/// axis shared among twins).
pub(crate) fn with_view<R>(f: impl FnOnce(&mut Axes, ((f64, f64), (f64, f64))) -> R) -> R {
    let (num, i) = target_axes();
    with(|p| match p.figure_mut(num) {
        Some(fig) if i < fig.axes.len() => {
            let view = fig.view(i);
            f(&mut fig.axes[i], view)
        }
        _ => {
            let ax = p.gca();
            let view = ax.limits();
            f(ax, view)
        }
    })
}

/// x limits set on axes with twins hold for all of them.
pub(crate) fn share_xlim(lim: (f64, f64)) {
    let (num, i) = target_axes();
    with(|p| {
        if let Some(fig) = p.figure_mut(num) {
            let root = fig.axes.get(i).and_then(|a| a.twin_of).unwrap_or(i);
            for (j, a) in fig.axes.iter_mut().enumerate() {
                if j == root || a.twin_of == Some(root) {
                    a.xlim = (Some(lim.0), Some(lim.1));
                }
            }
        }
    });
}

/// `plt.twinx(ax)` and `ax.twinx()`: axes sharing x with ax (the current
/// axes), their y axis on the right; made current.
fn twinx(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (num, i) = match a.get(0) {
        Value::None => target_axes(),
        v => axes_of(v, "twinx()")?,
    };
    let index = with(|p| {
        p.activate(num);
        p.figure_mut(num).map(|f| f.twinx(i))
    });
    match index {
        Some(index) => Ok(plot_value(PlotObj::Axes { fig: num, index })),
        None => Err(Error::runtime_error("twinx() of a closed figure")),
    }
}

fn ax_twinx(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    twinx(host, a)
}

/// Modules of matplotlib xpush does not have (animation, 3-d axes):
/// importing one raises NotImplementedError naming it.
pub fn unsupported_module(name: &str) -> Result<Value> {
    let what = match name {
        "matplotlib.animation" => "matplotlib.animation (FuncAnimation, ArtistAnimation) is not supported by xpush's matplotlib; draw the frames with savefig",
        _ => "mpl_toolkits (3-d axes: projection='3d', Axes3D) is not supported by xpush's matplotlib",
    };
    Err(Error::new(ExcKind::NotImplementedError, what))
}

/// `matplotlib`: the package, with its `pyplot` submodule.
pub fn build_matplotlib(_: &mut dyn Host) -> Result<Value> {
    let m = crate::modules::from_table("matplotlib");
    if let Value::Module(module) = &m {
        module.set("pyplot", build_pyplot());
        module.set("cm", crate::pyplot_cmap::build_cm());
        module.set("colormaps", crate::pyplot_cmap::registry());
        module.set("rcParams", crate::pyplot_rc::rc_params());
        module.set("style", crate::pyplot_rc::build_style());
    }
    Ok(m)
}

/// `matplotlib.pyplot`: its functions, and `cm`.
pub fn build_pyplot() -> Value {
    let m = crate::modules::from_table("matplotlib.pyplot");
    if let Value::Module(module) = &m {
        module.set("cm", crate::pyplot_cmap::build_cm());
        module.set("rcParams", crate::pyplot_rc::rc_params());
        module.set("style", crate::pyplot_rc::build_style());
    }
    m
}

pub(crate) fn plot_error(e: xpush_plot::Error) -> Error {
    match e {
        xpush_plot::Error::Value(m) => Error::value_error(m),
        xpush_plot::Error::Type(m) => Error::type_error(m),
        xpush_plot::Error::Runtime(m) => Error::runtime_error(m),
        xpush_plot::Error::Os(m) => Error::new(ExcKind::OSError, m),
    }
}

/// An array-like as host float64 data (npu arrays are copied to the host).
pub(crate) fn data(v: &Value) -> Result<Data> {
    let (values, shape, _) = host_f64(v)?;
    Ok(Data { shape, values })
}

/// The elements as f64, the shape, and whether the dtype was an integer one.
pub(crate) fn host_f64(v: &Value) -> Result<(Vec<f64>, Vec<usize>, bool)> {
    let a: Array = as_array(v)?.to_host()?;
    let integer = a.dtype().is_integer();
    let values = a.astype(DType::Float64).to_vec::<f64>()?;
    Ok((values, a.shape().to_vec(), integer))
}

pub(crate) fn opt_str(v: &Value, what: &str) -> Result<Option<String>> {
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
pub(crate) fn opt_label(v: &Value) -> Option<String> {
    match v {
        Value::None => None,
        Value::Str(s) => Some(s.to_string()),
        other => Some(crate::ops::to_str(other)),
    }
}

pub(crate) fn opt_f64(v: &Value) -> Result<Option<f64>> {
    match v {
        Value::None => Ok(None),
        other => to_f64(other).map(Some),
    }
}

/// A colour argument of a collection (`colors=`, `color=`), with
/// matplotlib's `to_rgba` message when it is not one.
pub(crate) fn rgba_arg(s: &str) -> Result<xpush_plot::style::Rgba> {
    xpush_plot::style::parse_color(s).ok_or_else(|| {
        Error::value_error(format!(
            "Invalid RGBA argument: {}",
            crate::py::repr::str_repr(s)
        ))
    })
}

pub(crate) fn opt_cmap(v: &Value) -> Result<Option<Colormap>> {
    if let Some(PlotObj::Colormap(name)) = plot_obj(v) {
        return Colormap::parse(name).map(Some).map_err(plot_error);
    }
    opt_str(v, "cmap")?
        .map(|n| Colormap::parse(&n).map_err(plot_error))
        .transpose()
}

pub(crate) fn record(type_name: &'static str, repr: String) -> Value {
    Value::Record(Rc::new(Record {
        type_name,
        repr,
        attrs: Vec::new(),
    }))
}

pub(crate) fn artist(kind: &str) -> Value {
    let type_name = match kind {
        "Line2D" => "matplotlib.lines.Line2D",
        "PathCollection" => "matplotlib.collections.PathCollection",
        "AxesImage" => "matplotlib.image.AxesImage",
        "Colorbar" => "matplotlib.colorbar.Colorbar",
        _ => "matplotlib.legend.Legend",
    };
    record(type_name, format!("<{type_name} object>"))
}

pub(crate) fn bar_container(n: usize) -> Value {
    record(
        "matplotlib.container.BarContainer",
        format!("<BarContainer object of {n} artists>"),
    )
}

pub(crate) fn plot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut args = Vec::with_capacity(a.rest.len());
    for v in &a.rest {
        args.push(match v {
            Value::Str(s) => PlotArg::Fmt(s.to_string()),
            other => PlotArg::Data(data(other)?),
        });
    }
    // Line2D's properties, with their aliases (lw=, ls=, c=, ms=).
    let mut kw = crate::pyplot_draw::Kw::at(a, 3);
    let props = crate::pyplot_draw::line_props(&mut kw)?;
    kw.finish(
        crate::pyplot_draw::LINE_IGNORED,
        crate::pyplot_draw::line2d_error,
    )?;
    let n = with_axes(|ax| ax.plot(args, &props)).map_err(plot_error)?;
    Ok(Value::list((0..n).map(|_| artist("Line2D")).collect()))
}

/// Keywords of `scatter` that are accepted and not drawn.
const SCATTER_IGNORED: &[&str] = &[
    "edgecolors",
    "edgecolor",
    "ec",
    "linewidths",
    "linewidth",
    "lw",
    "zorder",
    "plotnonfinite",
    "norm",
    "linestyle",
    "ls",
    "hatch",
    "rasterized",
    "clip_on",
];

fn scatter(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    crate::pyplot_draw::Kw::at(a, 10).finish(SCATTER_IGNORED, |k| {
        format!("PathCollection.set() got an unexpected keyword argument '{k}'")
    })?;
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
pub(crate) fn bar_x(v: &Value) -> Result<BarX> {
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

/// `Rectangle.set()`'s message for an unknown property.
fn rectangle_error(k: &str) -> String {
    format!("Rectangle.set() got an unexpected keyword argument '{k}'")
}

fn bar(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut kw = crate::pyplot_draw::Kw::at(a, 7);
    kw.take(&["alpha"]);
    kw.finish(crate::pyplot_draw::PATCH_IGNORED, rectangle_error)?;
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
    let mut kw = crate::pyplot_draw::Kw::at(a, 7);
    // The bars are drawn filled whatever the histtype; rwidth is ignored.
    kw.take(&["histtype"]);
    kw.take(&["rwidth"]);
    kw.finish(crate::pyplot_draw::PATCH_IGNORED, rectangle_error)?;
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
    image(a, false)
}

/// `imshow`'s arguments `a` drawn by `imshow`, or by `matshow` (whole-number
/// ticks).
pub(crate) fn image(a: &Args, matshow: bool) -> Result<Value> {
    let (values, shape, integer) = host_f64(a.get(0))?;
    if let Some(i) = opt_str(a.get(4), "interpolation")? {
        const KINDS: [&str; 20] = [
            "hermite",
            "sinc",
            "spline36",
            "auto",
            "spline16",
            "antialiased",
            "blackman",
            "none",
            "bicubic",
            "hamming",
            "mitchell",
            "lanczos",
            "gaussian",
            "hanning",
            "bilinear",
            "catrom",
            "nearest",
            "bessel",
            "quadric",
            "kaiser",
        ];
        if !KINDS.contains(&i.as_str()) {
            let list: Vec<String> = KINDS.iter().map(|k| format!("'{k}'")).collect();
            return Err(Error::value_error(format!(
                "{} is not a valid value for interpolation; supported values are {}",
                crate::py::repr::str_repr(&i),
                list.join(", ")
            )));
        }
    }
    let origin_lower = match opt_str(a.get(8), "origin")?.as_deref() {
        None | Some("upper") => false,
        Some("lower") => true,
        Some(other) => {
            return Err(Error::value_error(format!(
                "{} is not a valid value for origin; supported values are 'upper', 'lower'",
                crate::py::repr::str_repr(other)
            )))
        }
    };
    let extent = match a.get(9) {
        Value::None => None,
        v => {
            let e = to_vec(v)?;
            if e.len() < 4 {
                return Err(Error::new(ExcKind::IndexError, "list index out of range"));
            }
            Some((
                to_f64(&e[0])?,
                to_f64(&e[1])?,
                to_f64(&e[2])?,
                to_f64(&e[3])?,
            ))
        }
    };
    let opts = ImageOpts {
        cmap: opt_cmap(a.get(1))?,
        vmin: opt_f64(a.get(6))?,
        vmax: opt_f64(a.get(7))?,
        extent,
        origin_lower,
        aspect: crate::pyplot_axis::image_aspect(a.get(3))?,
    };
    let data = Data { shape, values };
    with_axes(|ax| {
        if matshow {
            ax.matshow(&data, integer, opts)
        } else {
            ax.imshow(&data, integer, opts)
        }
    })
    .map_err(plot_error)?;
    Ok(artist("AxesImage"))
}

fn colorbar(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    with_axes(|ax| ax.colorbar()).map_err(plot_error)?;
    Ok(artist("Colorbar"))
}

pub(crate) fn text_record(x: &str, y: &str, s: &str) -> Value {
    record(
        "matplotlib.text.Text",
        format!("Text({x}, {y}, {})", crate::py::repr::str_repr(s)),
    )
}

pub(crate) fn label_arg(v: &Value) -> String {
    opt_label(v).unwrap_or_else(|| "None".into())
}

fn title(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    let x = match a.get(2) {
        Value::None => "0.5",
        Value::Str(l) if &**l == "center" => "0.5",
        Value::Str(l) if &**l == "left" => "0.0",
        Value::Str(l) if &**l == "right" => "1.0",
        other => {
            return Err(Error::value_error(format!(
                "{} is not a valid value for loc; supported values are 'left', 'center', 'right'",
                crate::ops::repr(other)
            )))
        }
    };
    crate::pyplot_draw::check_text_kwargs(a.get(1), a, 5, true)?;
    with_axes(|ax| match x {
        "0.0" => ax.side_titles.0 = s.clone(),
        "1.0" => ax.side_titles.1 = s.clone(),
        _ => ax.title = s.clone(),
    });
    Ok(text_record(x, "1.0", &s))
}

fn xlabel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    crate::pyplot_draw::check_text_kwargs(a.get(1), a, 4, false)?;
    with_axes(|ax| ax.xlabel = s.clone());
    Ok(text_record("0.5", "0", &s))
}

fn ylabel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = label_arg(a.get(0));
    crate::pyplot_draw::check_text_kwargs(a.get(1), a, 4, false)?;
    with_axes(|ax| ax.ylabel = s.clone());
    Ok(text_record("0", "0.5", &s))
}

/// Legend keywords that are accepted and not drawn (the box stays in
/// the upper right, with the default font).
const LEGEND_IGNORED: &[&str] = &[
    "title",
    "fontsize",
    "frameon",
    "ncol",
    "ncols",
    "bbox_to_anchor",
    "framealpha",
    "shadow",
    "fancybox",
    "markerscale",
    "handlelength",
    "borderaxespad",
    "title_fontsize",
    "labelspacing",
    "columnspacing",
    "edgecolor",
    "facecolor",
    "prop",
    "numpoints",
    "scatterpoints",
    "handles",
    "reverse",
    "alignment",
    "labelcolor",
    "mode",
    "borderpad",
    "handletextpad",
    "handleheight",
    "draggable",
];

/// The locations `legend(loc=)` names.
const LEGEND_LOCS: [&str; 11] = [
    "best",
    "upper right",
    "upper left",
    "lower left",
    "lower right",
    "right",
    "center left",
    "center right",
    "lower center",
    "upper center",
    "center",
];

/// Checks `legend(loc=)` as matplotlib does: a location name, a code 0 to
/// 10 or an `(x, y)` pair (the legend is drawn in the upper right).
fn check_legend_loc(loc: &Value) -> Result<()> {
    let bad_code = |shown: String| {
        Error::value_error(format!(
            "loc must be string, coordinate tuple, or an integer 0-10, not {shown}"
        ))
    };
    match loc {
        Value::None => Ok(()),
        Value::Str(s) if LEGEND_LOCS.contains(&&**s) => Ok(()),
        Value::Str(s) => {
            let names: Vec<String> = LEGEND_LOCS.iter().map(|n| format!("'{n}'")).collect();
            Err(Error::value_error(format!(
                "{} is not a valid value for loc; supported values are {}",
                crate::py::repr::str_repr(s),
                names.join(", ")
            )))
        }
        Value::Int(i) if (0..=10).contains(i) => Ok(()),
        Value::Int(i) => Err(bad_code(i.to_string())),
        Value::Tuple(t) if t.len() == 2 => Ok(()),
        other => Err(bad_code(crate::ops::repr(other))),
    }
}

fn legend(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    check_legend_loc(a.get(0))?;
    let mut kw = crate::pyplot_draw::Kw::at(a, 1);
    let given = match (a.rest.as_slice(), kw.take(&["labels"])) {
        // legend(handles, labels): the labels are the second list.
        ([_, labels, ..], _) => Some(labels.clone()),
        ([labels], _) => Some(labels.clone()),
        ([], labels) => labels,
    };
    if let Some(k) = kw
        .names()
        .into_iter()
        .find(|k| !LEGEND_IGNORED.contains(&k.as_str()))
    {
        return Err(Error::type_error(format!(
            "Legend.__init__() got an unexpected keyword argument '{k}'"
        )));
    }
    let labels = match given {
        Some(v) => Some(to_vec(&v)?.iter().map(crate::ops::to_str).collect()),
        None => None,
    };
    with_axes(|ax| ax.set_legend(labels));
    // matplotlib's str of a legend is `Legend`.
    Ok(Value::Record(Rc::new(Record {
        type_name: "matplotlib.legend.Legend",
        repr: "<matplotlib.legend.Legend object>".into(),
        attrs: vec![("__str__", Value::str("Legend"))],
    })))
}

/// The tick and grid-line keywords matplotlib 3.10 names when `grid` gets
/// another one (`grid_` + a Line2D property).
const GRID_KEYWORDS: &str = "['size', 'width', 'color', 'tickdir', 'pad', 'labelsize', 'labelcolor', 'labelfontfamily', 'zorder', 'gridOn', 'tick1On', 'tick2On', 'label1On', 'label2On', 'length', 'direction', 'left', 'bottom', 'right', 'top', 'labelleft', 'labelbottom', 'labelright', 'labeltop', 'labelrotation', 'grid_agg_filter', 'grid_alpha', 'grid_animated', 'grid_antialiased', 'grid_clip_box', 'grid_clip_on', 'grid_clip_path', 'grid_color', 'grid_dash_capstyle', 'grid_dash_joinstyle', 'grid_dashes', 'grid_data', 'grid_drawstyle', 'grid_figure', 'grid_fillstyle', 'grid_gapcolor', 'grid_gid', 'grid_in_layout', 'grid_label', 'grid_linestyle', 'grid_linewidth', 'grid_marker', 'grid_markeredgecolor', 'grid_markeredgewidth', 'grid_markerfacecolor', 'grid_markerfacecoloralt', 'grid_markersize', 'grid_markevery', 'grid_mouseover', 'grid_path_effects', 'grid_picker', 'grid_pickradius', 'grid_rasterized', 'grid_sketch_params', 'grid_snap', 'grid_solid_capstyle', 'grid_solid_joinstyle', 'grid_transform', 'grid_url', 'grid_visible', 'grid_xdata', 'grid_ydata', 'grid_zorder', 'grid_aa', 'grid_c', 'grid_ds', 'grid_ls', 'grid_lw', 'grid_mec', 'grid_mew', 'grid_mfc', 'grid_mfcalt', 'grid_ms']";

fn grid(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut visible = match a.get(0) {
        Value::None => None,
        v => Some(crate::ops::truthy(v)?),
    };
    // Line properties of the grid lines are accepted (the grid keeps its
    // grey); any makes the grid visible, as in matplotlib.
    let kw = crate::pyplot_draw::Kw::at(a, 3);
    let names = kw.names();
    if let Some(k) = names
        .iter()
        .find(|k| !GRID_KEYWORDS.contains(&format!("'grid_{k}'")))
    {
        return Err(Error::value_error(format!(
            "keyword grid_{k} is not recognized; valid keywords are {GRID_KEYWORDS}"
        )));
    }
    if visible.is_none() && !names.is_empty() {
        visible = Some(true);
    }
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
    let (lo, hi) = with_view(|ax, (cur_x, cur_y)| {
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
    if setting && x {
        share_xlim((lo, hi));
    }
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
    let facecolor = match opt_str(a.get(3), "facecolor")? {
        None => None,
        Some(c) => Some(xpush_plot::style::parse_color(&c).ok_or_else(|| {
            Error::value_error(format!(
                "Invalid RGBA argument: {}",
                crate::py::repr::str_repr(&c)
            ))
        })?),
    };
    let num = with(|p| {
        p.figure(num, figsize, dpi).map(|f| {
            if let Some(c) = facecolor {
                f.facecolor = c;
            }
            f.num
        })
    })
    .map_err(plot_error)?;
    Ok(plot_value(PlotObj::Figure(num)))
}

/// matplotlib's Axes str, `Axes(left,bottom;widthxheight)`: the
/// rectangle `add_axes` gave, else its place in a rows x cols grid of the
/// default subplot parameters (left 0.125, right 0.9, bottom 0.11, top
/// 0.88, spacing 0.2 of a cell).
fn axes_str(ax: &Axes) -> String {
    let (x, y, w, h) = match ax.rect {
        Some(rect) => rect,
        None => grid_rect(ax.position),
    };
    let g = |v: f64| crate::py::format::format(&Value::Float(v), "g").unwrap_or_default();
    format!("Axes({},{};{}x{})", g(x), g(y), g(w), g(h))
}

/// The rectangle of place `k` of a rows x cols grid in figure fractions.
fn grid_rect((rows, cols, k): (usize, usize, usize)) -> (f64, f64, f64, f64) {
    let (rows, cols) = (rows.max(1) as f64, cols.max(1) as f64);
    let (left, right, bottom, top, space) = (0.125, 0.9, 0.11, 0.88, 0.2);
    let w = (right - left) / (cols + space * (cols - 1.0));
    let h = (top - bottom) / (rows + space * (rows - 1.0));
    let i = k.saturating_sub(1) as f64;
    let (r, c) = ((i / cols).floor(), i % cols);
    (
        left + c * w * (1.0 + space),
        top - h - r * h * (1.0 + space),
        w,
        h,
    )
}

/// matplotlib's Axes repr: `<Axes: title={'center': 'T'}, xlabel='x'>`.
fn axes_repr(ax: &Axes) -> String {
    let mut parts = Vec::new();
    let titles: Vec<String> = [
        ("left", &ax.side_titles.0),
        ("center", &ax.title),
        ("right", &ax.side_titles.1),
    ]
    .iter()
    .filter(|(_, t)| !t.is_empty())
    .map(|(loc, t)| format!("'{loc}': {}", crate::py::repr::str_repr(t)))
    .collect();
    if !titles.is_empty() {
        parts.push(format!("title={{{}}}", titles.join(", ")));
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
    check_subplot_kw(a.get(0))?;
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
    with(|p| p.gcf().subplot(rows, cols, index).map(|_| ())).map_err(plot_error)?;
    Ok(plot_value(current_axes()))
}

fn savefig(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    save(host, None, a)
}

/// `savefig(fname, dpi, format)` of figure `num` (the current one if `None`).
fn save(_: &mut dyn Host, num: Option<i64>, a: &mut Args) -> Result<Value> {
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
    let dpi = match a.get(1) {
        Value::Str(s) if &**s == "figure" => None,
        v => opt_f64(v)?,
    };
    match a.get(3) {
        Value::None => {}
        Value::Str(s) if &**s == "tight" => {}
        other => {
            return Err(Error::value_error(format!(
                "bbox_inches={} is not supported; use 'tight' or None",
                crate::ops::repr(other)
            )))
        }
    }
    let transparent = crate::ops::truthy(a.get(5))?;
    let facecolor = match a.get(6) {
        Value::Str(s) if &**s == "auto" => None,
        Value::Str(s) => Some(xpush_plot::style::parse_color(s).ok_or_else(|| {
            Error::value_error(format!(
                "Invalid RGBA argument: {}",
                crate::py::repr::str_repr(s)
            ))
        })?),
        Value::None => None,
        other => {
            return Err(Error::value_error(format!(
                "Invalid RGBA argument: {}",
                crate::ops::repr(other)
            )))
        }
    };
    let mut fig = with(|p| match num.and_then(|n| p.figure_mut(n)) {
        Some(f) => f.clone(),
        None => p.gcf().clone(),
    });
    if let Some(c) = facecolor {
        fig.facecolor = c;
    }
    render::save(&fig, &path, format, dpi.unwrap_or(fig.dpi), transparent).map_err(plot_error)?;
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
