//! pyplot's charts and fields: `pie`, `stackplot`, `boxplot`,
//! `violinplot`, `pcolormesh`/`pcolor`, `contour`/`contourf` (and
//! `clabel`), `hexbin`, `quiver` and `clim`, each as a pyplot function and
//! an `Axes` method, with matplotlib's defaults, returned values and
//! messages.

use std::rc::Rc;

use xpush_lang::ast::BinOp;
use xpush_plot::charts::{pie_fractions, BoxOpts, PieOpts, ViolinShow};
use xpush_plot::fields::{Grid, Levels, MapOpts, QuiverArgs};
use xpush_plot::model::Data;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::iter::to_vec;
use crate::py::num::{index_i64, to_f64};
use crate::py::repr::float_repr;
use crate::pyplot::{
    artist, data, on_axes, opt_f64, opt_str, plot_error, record, rgba_arg, with_axes,
};
use crate::pyplot_draw::Kw;
use crate::table::FuncDef;
use crate::value::{Record, Value};
use crate::{Error, Result};

/// The functions of this file.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "pie", "(x, *, explode=None, labels=None, colors=None, autopct=None, pctdistance=0.6, shadow=False, labeldistance=1.1, startangle=0, radius=1, counterclock=True, wedgeprops=None, textprops=None, center=None, frame=False, rotatelabels=False, normalize=True, hatch=None, data=None)", pie,
        "A pie chart of the fractions x / sum(x), counter-clockwise from 3 o'clock (startangle= in degrees): colours from the patch cycle (colors=), labels= outside, autopct='%1.1f%%' (or a function of the percentage) inside, explode= pushes wedges out. Returns (wedges, texts) or (wedges, texts, autotexts); the axes lose their frame and ticks and become square with limits ±1.25.",
        ["matplotlib.pyplot.subplots()[1].pie([1, 3], labels=['a', 'b'])[1]  # [Text(0.777817442305461, 0.7778174763049434, 'a'), Text(-0.7778173279449521, -0.7778175906654303, 'b')]",
         "len(matplotlib.pyplot.subplots()[1].pie([1, 2, 3], autopct='%1.0f%%'))  # 3",
         "matplotlib.pyplot.subplots()[1].pie([1, -2])  # ValueError: Wedge sizes 'x' must be non negative values",
         "matplotlib.pyplot.subplots()[1].pie([1, 2], labels=['a'])  # ValueError: 'labels' must be of length 'x', not 1"]),
    entry!(Function, Plot, "matplotlib.pyplot", "stackplot", "(x, *args, labels=(), colors=None, hatch=None, baseline='zero', data=None, **kwargs)", stackplot,
        "Areas stacked on each other: stackplot(x, y1, y2, ...) or stackplot(x, Y) with a row per layer; labels=, colors=; the y limits stick to 0.",
        ["len(matplotlib.pyplot.subplots()[1].stackplot([1, 2, 3], [1, 2, 3], [2, 2, 2]))  # 2",
         "matplotlib.pyplot.subplots()[1].stackplot([1, 2], [1, 2, 3])  # ValueError: 'x' has size 2, but 'y2' has an unequal size of 3"]),
    entry!(Function, Plot, "matplotlib.pyplot", "boxplot", "(x, *, notch=None, sym=None, vert=None, orientation='vertical', whis=None, positions=None, widths=None, patch_artist=None, bootstrap=None, usermedians=None, conf_intervals=None, meanline=None, showmeans=None, showcaps=None, showbox=None, showfliers=None, boxprops=None, tick_labels=None, flierprops=None, medianprops=None, meanprops=None, capprops=None, whiskerprops=None, manage_ticks=True, autorange=False, zorder=None, capwidths=None, label=None, labels=None, data=None)", boxplot,
        "Box-and-whisker plots of each dataset (a list of sequences, or the columns of a 2-d array) at positions 1, 2, ...: the box spans the quartiles, the median in orange, whiskers reach the last points within whis=1.5 IQRs, the points beyond are fliers; tick_labels= names the boxes, orientation='horizontal' (vert=False) lays them along y, patch_artist=True fills them, showmeans=True marks the means, showfliers=False leaves the fliers out. Returns matplotlib's dict of artists.",
        ["len(matplotlib.pyplot.subplots()[1].boxplot([[1, 2, 3, 4, 10], [2, 3, 4]])['whiskers'])  # 4",
         "sorted(matplotlib.pyplot.subplots()[1].boxplot([1, 2, 3]))  # ['boxes', 'caps', 'fliers', 'means', 'medians', 'whiskers']",
         "matplotlib.pyplot.subplots()[1].boxplot([[1, 2], [3]], tick_labels=['a'])  # ValueError: Dimensions of labels and X must be compatible"]),
    entry!(Function, Plot, "matplotlib.pyplot", "violinplot", "(dataset, positions=None, *, vert=None, orientation='vertical', widths=0.5, showmeans=False, showextrema=True, showmedians=False, quantiles=None, points=100, bw_method=None, side='both', data=None)", violinplot,
        "Violin plots: each dataset's Gaussian kernel density (Scott's bandwidth) mirrored about its position (1, 2, ...), widths= wide, with lines at the extremes (showextrema=), means (showmeans=), medians (showmedians=) and quantiles (quantiles=, a list of fractions per dataset). Returns matplotlib's dict: 'bodies' and the lines drawn ('cmaxes', 'cmins', 'cbars', 'cmeans', 'cmedians', 'cquantiles').",
        ["sorted(matplotlib.pyplot.subplots()[1].violinplot([[1, 2, 3, 4, 10], [2, 3, 4]]))  # ['bodies', 'cbars', 'cmaxes', 'cmins']"]),
    entry!(Function, Plot, "matplotlib.pyplot", "pcolormesh", "(*args, alpha=None, norm=None, cmap=None, vmin=None, vmax=None, colorizer=None, shading=None, antialiased=False, data=None, **kwargs)", pcolormesh,
        "A grid of coloured cells: pcolormesh(C) or pcolormesh(X, Y, C) with X, Y the cells' corners (one more than C each way, shading='flat') or their centres (the same shape, shading='nearest'; 'auto', the default, picks by shape); cmap=, vmin=, vmax=, alpha=. The limits stick to the mesh.",
        ["matplotlib.pyplot.subplots()[1].pcolormesh([[1, 2], [3, 4]])  # <matplotlib.collections.QuadMesh object>",
         "matplotlib.pyplot.subplots()[1].pcolormesh([0, 1], [0, 1], [[1, 2], [3, 4]], shading='flat')  # TypeError: Dimensions of C (2, 2) should be one smaller than X(2) and Y(2) while using shading='flat' see help(pcolormesh)"]),
    entry!(Function, Plot, "matplotlib.pyplot", "pcolor", "(*args, shading=None, alpha=None, norm=None, cmap=None, vmin=None, vmax=None, colorizer=None, data=None, **kwargs)", pcolor,
        "pcolormesh drawn as separate cells (matplotlib's PolyQuadMesh); the same arguments.",
        ["matplotlib.pyplot.subplots()[1].pcolor([[1, 2], [3, 4]])  # <matplotlib.collections.PolyQuadMesh object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "contour", "(*args, data=None, **kwargs)", contour,
        "Contour lines of Z: contour(Z) or contour(X, Y, Z) (1-d or meshgrid X, Y), levels= a count (default 7, placed as matplotlib's MaxNLocator places them) or increasing values; colored through cmap= (viridis) unless colors= gives one colour; linewidths=, alpha=. Lines are found as matplotlib's default algorithm (contourpy's mpl2014 marching squares) finds them. Returns the contour set, whose .levels are the levels drawn and .allsegs each level's lines as (n, 2) arrays of vertices.",
        ["matplotlib.pyplot.subplots()[1].contour([[0, 1], [1, 2]]).levels  # array([0.  , 0.25, 0.5 , 0.75, 1.  , 1.25, 1.5 , 1.75, 2.  ])",
         "matplotlib.pyplot.subplots()[1].contour([1, 2, 3])  # TypeError: Input z must be 2D, not 1D",
         "matplotlib.pyplot.subplots()[1].contour([[0, 1], [1, 2]], levels=[1, 0.5])  # ValueError: Contour levels must be increasing"]),
    entry!(Function, Plot, "matplotlib.pyplot", "contourf", "(*args, data=None, **kwargs)", contourf,
        "Filled contours: the bands between consecutive levels of Z coloured through cmap= (the arguments of contour); colorbar() shows the levels.",
        ["matplotlib.pyplot.subplots()[1].contourf([[0, 1], [1, 2]], levels=3).levels  # array([0. , 0.5, 1. , 1.5, 2. ])",
         "matplotlib.pyplot.subplots()[1].contourf([[0, 1], [1, 2]], levels=[1])  # ValueError: Filled contours require at least 2 levels."]),
    entry!(Function, Plot, "matplotlib.pyplot", "clabel", "(CS, levels=None, **kwargs)", clabel,
        "Labels the lines of a contour set with their levels (written as matplotlib's default formatter writes them, e.g. '−0.2', '0.0', '0.5'), on the lines, in their colour unless colors= is given; fontsize=; levels= labels only those. inline= and fmt= are accepted (the lines are not cut, the default format is used). Returns matplotlib's list of label texts, one per level that has a line.",
        ["matplotlib.pyplot.clabel(matplotlib.pyplot.contour([[0, 1], [1, 2]], levels=[0.5, 1.5]))  # <a list of 2 text.Text objects>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "hexbin", "(x, y, C=None, *, gridsize=100, bins=None, xscale='linear', yscale='linear', extent=None, cmap=None, norm=None, vmin=None, vmax=None, alpha=None, linewidths=None, edgecolors='face', reduce_C_function=None, mincnt=None, marginals=False, colorizer=None, data=None, **kwargs)", hexbin,
        "A 2-d histogram on hexagons: gridsize= hexagons across (matplotlib's grid), coloured by their counts through cmap=, or with C= by reduce_C_function (np.mean) of the C values of each cell's points; mincnt= leaves out the cells with fewer points (with C=, the empty ones by default). bins= is not supported yet.",
        ["matplotlib.pyplot.subplots()[1].hexbin([1, 2, 3], [1, 4, 9], gridsize=5)  # <matplotlib.collections.PolyCollection object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "quiver", "(*args, data=None, **kwargs)", quiver,
        "Arrows: quiver(U, V) at the grid points or quiver(X, Y, U, V); sized as matplotlib's autoscale sizes them (scale= data units per arrow length), or in data coordinates with angles='xy', scale_units='xy', scale=1; color=.",
        ["matplotlib.pyplot.subplots()[1].quiver([0, 1], [0, 1], [1, 1], [1, 0])  # <matplotlib.quiver.Quiver object>"]),
    entry!(Function, Plot, "matplotlib.pyplot", "clim", "(vmin=None, vmax=None)", clim,
        "Sets the colour limits of the current axes' last image or mapped collection (pcolormesh, contourf, hexbin).",
        ["matplotlib.pyplot.figure(); matplotlib.pyplot.clim(0, 1)  # RuntimeError: You must first define an image, e.g., with imshow"]),
    entry!(Function, Plot, "matplotlib.pyplot", "matshow", "(A, fignum=None, **kwargs)", matshow,
        "A matrix as an image in a new figure shaped to it (fignum=0: on the current axes): rows downwards, square cells, ticks at whole rows and columns (drawn below the matrix; matplotlib draws the x ticks above); imshow's keywords.",
        ["matplotlib.pyplot.matshow([[1, 2, 3], [4, 5, 6]])  # <matplotlib.image.AxesImage object>",
         "matplotlib.pyplot.matshow([[1, 2]], colour='r')  # AttributeError: AxesImage.set() got an unexpected keyword argument 'colour'"]),
    entry!(Method, Plot, "Axes", "matshow", "(self, Z, **kwargs)", ax_matshow,
        "pyplot.matshow on these axes.", ["matplotlib.pyplot.subplots()[1].matshow([[0, 1], [1, 0]])  # <matplotlib.image.AxesImage object>"]),
    entry!(Method, Plot, "Axes", "pie", "(self, x, *, explode=None, labels=None, colors=None, autopct=None, pctdistance=0.6, shadow=False, labeldistance=1.1, startangle=0, radius=1, counterclock=True, wedgeprops=None, textprops=None, center=None, frame=False, rotatelabels=False, normalize=True, hatch=None, data=None)", ax_pie,
        "pyplot.pie on these axes.", ["len(matplotlib.pyplot.subplots()[1].pie([1, 1])[0])  # 2"]),
    entry!(Method, Plot, "Axes", "stackplot", "(self, x, *args, labels=(), colors=None, hatch=None, baseline='zero', data=None, **kwargs)", ax_stackplot,
        "pyplot.stackplot on these axes.", ["len(matplotlib.pyplot.subplots()[1].stackplot([1, 2], [1, 2]))  # 1"]),
    entry!(Method, Plot, "Axes", "boxplot", "(self, x, *, notch=None, sym=None, vert=None, orientation='vertical', whis=None, positions=None, widths=None, patch_artist=None, bootstrap=None, usermedians=None, conf_intervals=None, meanline=None, showmeans=None, showcaps=None, showbox=None, showfliers=None, boxprops=None, tick_labels=None, flierprops=None, medianprops=None, meanprops=None, capprops=None, whiskerprops=None, manage_ticks=True, autorange=False, zorder=None, capwidths=None, label=None, labels=None, data=None)", ax_boxplot,
        "pyplot.boxplot on these axes.", ["len(matplotlib.pyplot.subplots()[1].boxplot([1, 2, 3])['boxes'])  # 1"]),
    entry!(Method, Plot, "Axes", "violinplot", "(self, dataset, positions=None, *, vert=None, orientation='vertical', widths=0.5, showmeans=False, showextrema=True, showmedians=False, quantiles=None, points=100, bw_method=None, side='both', data=None)", ax_violinplot,
        "pyplot.violinplot on these axes.", ["len(matplotlib.pyplot.subplots()[1].violinplot([[1, 2, 3]])['bodies'])  # 1"]),
    entry!(Method, Plot, "Axes", "pcolormesh", "(self, *args, alpha=None, norm=None, cmap=None, vmin=None, vmax=None, colorizer=None, shading=None, antialiased=False, data=None, **kwargs)", ax_pcolormesh,
        "pyplot.pcolormesh on these axes.", ["matplotlib.pyplot.subplots()[1].pcolormesh([[1, 2]])  # <matplotlib.collections.QuadMesh object>"]),
    entry!(Method, Plot, "Axes", "pcolor", "(self, *args, shading=None, alpha=None, norm=None, cmap=None, vmin=None, vmax=None, colorizer=None, data=None, **kwargs)", ax_pcolor,
        "pyplot.pcolor on these axes.", ["matplotlib.pyplot.subplots()[1].pcolor([[1, 2]])  # <matplotlib.collections.PolyQuadMesh object>"]),
    entry!(Method, Plot, "Axes", "contour", "(self, *args, data=None, **kwargs)", ax_contour,
        "pyplot.contour on these axes.", ["matplotlib.pyplot.subplots()[1].contour([[0, 1], [1, 2]], levels=[1]).levels  # array([1.])"]),
    entry!(Method, Plot, "Axes", "contourf", "(self, *args, data=None, **kwargs)", ax_contourf,
        "pyplot.contourf on these axes.", ["matplotlib.pyplot.subplots()[1].contourf([[0, 1], [1, 2]], levels=[0, 1, 2]).levels  # array([0., 1., 2.])"]),
    entry!(Method, Plot, "Axes", "clabel", "(self, CS, levels=None, **kwargs)", ax_clabel,
        "pyplot.clabel on these axes.", ["ax = matplotlib.pyplot.subplots()[1]; ax.clabel(ax.contour([[0, 1], [1, 2]], levels=[1]))  # <a list of 1 text.Text objects>"]),
    entry!(Method, Plot, "Axes", "hexbin", "(self, x, y, C=None, *, gridsize=100, bins=None, xscale='linear', yscale='linear', extent=None, cmap=None, norm=None, vmin=None, vmax=None, alpha=None, linewidths=None, edgecolors='face', reduce_C_function=None, mincnt=None, marginals=False, colorizer=None, data=None, **kwargs)", ax_hexbin,
        "pyplot.hexbin on these axes.", ["matplotlib.pyplot.subplots()[1].hexbin([1, 2], [3, 4])  # <matplotlib.collections.PolyCollection object>"]),
    entry!(Method, Plot, "Axes", "quiver", "(self, *args, data=None, **kwargs)", ax_quiver,
        "pyplot.quiver on these axes.", ["matplotlib.pyplot.subplots()[1].quiver([1], [1])  # <matplotlib.quiver.Quiver object>"]),
];

crate::pyplot::axes_methods! {
    ax_matshow => matshow_here, ax_pie => pie, ax_stackplot => stackplot, ax_boxplot => boxplot,
    ax_violinplot => violinplot, ax_pcolormesh => pcolormesh, ax_pcolor => pcolor,
    ax_contour => contour, ax_contourf => contourf, ax_clabel => clabel,
    ax_hexbin => hexbin, ax_quiver => quiver,
}

/// `imshow`'s parameters, in its signature's order.
const IMSHOW_PARAMS: [&str; 10] = [
    "X",
    "cmap",
    "norm",
    "aspect",
    "interpolation",
    "alpha",
    "vmin",
    "vmax",
    "origin",
    "extent",
];

/// `matshow(Z, **kwargs)` on the axes it runs on: `imshow` with
/// `origin='upper'`, `aspect='equal'` unless given.
fn matshow_here(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut values = vec![Value::None; IMSHOW_PARAMS.len()];
    values[0] = a.get(0).clone();
    values[3] = Value::str("equal");
    values[8] = Value::str("upper");
    let pairs = match a.get(1) {
        Value::Dict(d) => d.borrow().pairs(),
        _ => Vec::new(),
    };
    for (k, v) in pairs {
        let key = crate::ops::to_str(&k);
        match IMSHOW_PARAMS.iter().skip(1).position(|p| *p == key) {
            Some(i) => values[i + 1] = v,
            None => {
                return Err(Error::attribute_error(format!(
                    "AxesImage.set() got an unexpected keyword argument '{key}'"
                )))
            }
        }
    }
    crate::pyplot::image(
        &Args {
            values,
            rest: Vec::new(),
        },
        true,
    )
}

/// `plt.matshow(A, fignum=None, **kwargs)`: in a new figure shaped to the
/// matrix (`figaspect`), on axes at matplotlib's place for it; `fignum=0`
/// draws on the current axes.
fn matshow(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let shape = data(a.get(0))?.shape;
    let (rows, cols) = match shape.as_slice() {
        [r, c, ..] => (*r, *c),
        _ => (1, 1),
    };
    let fignum = match a.get(1) {
        Value::None => None,
        v => Some(index_i64(v)?),
    };
    let mut call = Args {
        values: vec![a.get(0).clone(), a.get(2).clone()],
        rest: Vec::new(),
    };
    if fignum == Some(0) {
        return matshow_here(host, &mut call);
    }
    let (fig, index) = crate::pyplot::with(|p| {
        let height = p.defaults.figsize.1;
        let size = xpush_plot::model::figaspect(rows, cols, height);
        let f = p.figure(fignum, Some(size), None)?;
        Ok((f.num, f.add_axes((0.15, 0.09, 0.775, 0.775))))
    })
    .map_err(plot_error)?;
    call.values.insert(
        0,
        crate::pyplot::plot_value(crate::pyplot::PlotObj::Axes { fig, index }),
    );
    on_axes(host, &mut call, matshow_here)
}

/// A list of str (`labels=`, `colors=`), `None` when not given.
fn opt_strs(v: &Value) -> Result<Option<Vec<String>>> {
    match v {
        Value::None => Ok(None),
        Value::Str(s) => Ok(Some(vec![s.to_string()])),
        v => Ok(Some(to_vec(v)?.iter().map(crate::ops::to_str).collect())),
    }
}

/// A `Text(x, y, 's')` value with Python's float reprs.
fn text_value(x: f64, y: f64, s: &str) -> Value {
    crate::pyplot::text_record(&float_repr(x), &float_repr(y), s)
}

/// `autopct`: a %-format of the percentage or a function of it.
fn autopct_texts(host: &mut dyn Host, autopct: &Value, fracs: &[f32]) -> Result<Vec<String>> {
    fracs
        .iter()
        .map(|&f| {
            // matplotlib's `100. * frac` is float32 arithmetic.
            let pct = Value::Float(f64::from(100f32 * f));
            let out = match autopct {
                Value::Str(_) => crate::ops::binary(BinOp::Mod, autopct, &pct)?,
                callable => host.call(callable, vec![pct], Vec::new())?,
            };
            match out {
                Value::Str(s) => Ok(s.to_string()),
                other => Ok(crate::ops::to_str(&other)),
            }
        })
        .collect()
}

fn pie(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = data(a.get(0))?;
    let fracs = pie_fractions(&x).map_err(plot_error)?;
    let mut opts = PieOpts::new();
    opts.explode = match a.get(1) {
        Value::None => None,
        v => Some(data(v)?.values),
    };
    opts.labels = opt_strs(a.get(2))?;
    opts.colors = opt_strs(a.get(3))?;
    let autopct = a.get(4).clone();
    match &autopct {
        Value::None | Value::Str(_) => {}
        v if crate::py::attr::callable(v) => {}
        _ => {
            return Err(Error::type_error(
                "autopct must be callable or a format string",
            ))
        }
    }
    opts.pctdistance = to_f64(a.get(5))?;
    opts.labeldistance = opt_f64(a.get(7))?;
    opts.startangle = to_f64(a.get(8))?;
    opts.radius = to_f64(a.get(9))?;
    opts.counterclock = crate::ops::truthy(a.get(10))?;
    if !a.get(13).is_none() {
        // matplotlib unpacks it: `x, y = center`.
        match to_vec(a.get(13))?.as_slice() {
            [x, y] => opts.center = (to_f64(x)?, to_f64(y)?),
            [_, _, ..] => return Err(Error::value_error("too many values to unpack (expected 2)")),
            short => {
                return Err(Error::value_error(format!(
                    "not enough values to unpack (expected 2, got {})",
                    short.len()
                )))
            }
        }
    }
    if !autopct.is_none() {
        opts.autotexts = Some(autopct_texts(host, &autopct, &fracs)?);
    }
    let texts = with_axes(|ax| ax.pie(&fracs, &opts)).map_err(plot_error)?;
    let wedges = (0..fracs.len())
        .map(|_| {
            record(
                "matplotlib.patches.Wedge",
                "<matplotlib.patches.Wedge object>".into(),
            )
        })
        .collect();
    let list = |t: &[(f64, f64, String)]| {
        Value::list(t.iter().map(|(x, y, s)| text_value(*x, *y, s)).collect())
    };
    let mut out = vec![Value::list(wedges), list(&texts.labels)];
    if opts.autotexts.is_some() {
        out.push(list(&texts.autotexts));
    }
    Ok(Value::tuple(out))
}

fn stackplot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = data(a.get(0))?;
    let mut rows = Vec::new();
    for v in &a.rest {
        let d = data(v)?;
        match d.shape.as_slice() {
            [_, cols] => rows.extend(d.values.chunks((*cols).max(1)).map(<[f64]>::to_vec)),
            _ => rows.push(d.values),
        }
    }
    check_layers(x.values.len(), &rows)?;
    let labels = opt_strs(a.get(1))?.unwrap_or_default();
    let colors = opt_strs(a.get(2))?;
    match opt_str(a.get(4), "baseline")?.as_deref() {
        None | Some("zero") => {}
        Some(b @ ("sym" | "wiggle" | "weighted_wiggle")) => {
            return Err(Error::value_error(format!(
                "stackplot(baseline='{b}') is not supported yet; only 'zero'"
            )))
        }
        Some(b) => {
            return Err(Error::value_error(format!(
                "{} is not a valid value for baseline; supported values are 'zero', 'sym', 'wiggle', 'weighted_wiggle'",
                crate::py::repr::str_repr(b)
            )))
        }
    }
    let mut kw = Kw::at(a, 6);
    kw.take(&["alpha"]);
    kw.finish(crate::pyplot_draw::PATCH_IGNORED, |k| {
        format!("FillBetweenPolyCollection.set() got an unexpected keyword argument '{k}'")
    })?;
    let layers =
        with_axes(|ax| ax.stackplot(&x, &rows, &labels, colors.as_deref())).map_err(plot_error)?;
    Ok(Value::list(
        (0..layers)
            .map(|_| {
                record(
                    "matplotlib.collections.FillBetweenPolyCollection",
                    "<matplotlib.collections.FillBetweenPolyCollection object>".into(),
                )
            })
            .collect(),
    ))
}

/// The layers of `stackplot` must be as long as each other (NumPy's
/// `vstack` message) and as `x` (`fill_between`'s, for the first layer).
fn check_layers(n: usize, rows: &[Vec<f64>]) -> Result<()> {
    if let Some(first) = rows.first() {
        if let Some((i, r)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.len() != first.len())
        {
            return Err(Error::value_error(format!(
                "all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size {} and the array at index {i} has size {}",
                first.len(),
                r.len()
            )));
        }
        if first.len() != n {
            return Err(Error::value_error(format!(
                "'x' has size {n}, but 'y2' has an unequal size of {}",
                first.len()
            )));
        }
    }
    Ok(())
}

/// The datasets of `boxplot`/`violinplot`: a 2-d array's columns, a list
/// of sequences, or one sequence.
fn datasets(v: &Value) -> Result<Vec<Vec<f64>>> {
    if let Value::List(_) | Value::Tuple(_) = v {
        let items = to_vec(v)?;
        let nested = items
            .iter()
            .any(|i| matches!(i, Value::List(_) | Value::Tuple(_) | Value::Array(_)));
        if nested {
            return items.iter().map(|i| Ok(data(i)?.values)).collect();
        }
    }
    let d = data(v)?;
    Ok(match d.shape.as_slice() {
        [rows, cols] => (0..*cols)
            .map(|c| (0..*rows).map(|r| d.values[r * cols + c]).collect())
            .collect(),
        _ => vec![d.values],
    })
}

/// `orientation=` and the older `vert=`: whether the plot stands up.
fn vertical(vert: &Value, orientation: &Value) -> Result<bool> {
    if !vert.is_none() {
        return crate::ops::truthy(vert);
    }
    match opt_str(orientation, "orientation")?.as_deref() {
        None | Some("vertical") => Ok(true),
        Some("horizontal") => Ok(false),
        Some(o) => Err(Error::value_error(format!(
            "{} is not a valid value for orientation; supported values are 'vertical', 'horizontal'",
            crate::py::repr::str_repr(o)
        ))),
    }
}

fn line_list(n: usize) -> Value {
    Value::list((0..n).map(|_| artist("Line2D")).collect())
}

fn boxplot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sets = datasets(a.get(0))?;
    let mut opts = BoxOpts {
        vertical: vertical(a.get(3), a.get(4))?,
        ..BoxOpts::default()
    };
    if let Some(w) = opt_f64(a.get(5))? {
        opts.whis = w;
    }
    opts.positions = match a.get(6) {
        Value::None => None,
        v => Some(data(v)?.values),
    };
    opts.widths = opt_f64(a.get(7))?;
    opts.patch_artist = crate::ops::truthy(a.get(8))?;
    opts.showmeans = crate::ops::truthy(a.get(13))?;
    opts.showfliers = a.get(16).is_none() || crate::ops::truthy(a.get(16))?;
    // `labels=` is matplotlib's older name of `tick_labels=`.
    opts.labels = match opt_strs(a.get(18))? {
        Some(l) => Some(l),
        None => opt_strs(a.get(29))?,
    };
    let stats = with_axes(|ax| ax.boxplot(&sets, &opts)).map_err(plot_error)?;
    let n = stats.len();
    let boxes = if opts.patch_artist {
        Value::list(
            (0..n)
                .map(|_| {
                    record(
                        "matplotlib.patches.PathPatch",
                        "<matplotlib.patches.PathPatch object>".into(),
                    )
                })
                .collect(),
        )
    } else {
        line_list(n)
    };
    let mut d = crate::py::dict::DictTable::new();
    for (k, v) in [
        ("whiskers", line_list(2 * n)),
        ("caps", line_list(2 * n)),
        ("boxes", boxes),
        ("medians", line_list(n)),
        ("fliers", line_list(if opts.showfliers { n } else { 0 })),
        ("means", line_list(if opts.showmeans { n } else { 0 })),
    ] {
        d.insert(Value::str(k), v)?;
    }
    Ok(Value::dict(d))
}

fn violinplot(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sets = datasets(a.get(0))?;
    let positions = match a.get(1) {
        Value::None => None,
        v => Some(data(v)?.values),
    };
    let up = vertical(a.get(2), a.get(3))?;
    let width = to_f64(a.get(4))?;
    let show = ViolinShow {
        means: crate::ops::truthy(a.get(5))?,
        extrema: crate::ops::truthy(a.get(6))?,
        medians: crate::ops::truthy(a.get(7))?,
    };
    // quantiles=: one list per dataset (a flat list: for one dataset).
    let quantiles: Option<Vec<Vec<f64>>> = match a.get(8) {
        Value::None => None,
        v => {
            let items = to_vec(v)?;
            if items.iter().all(|i| to_f64(i).is_ok()) {
                Some(vec![items
                    .iter()
                    .map(to_f64)
                    .collect::<Result<Vec<f64>>>()?])
            } else {
                Some(
                    items
                        .iter()
                        .map(|i| data(i).map(|d| d.values))
                        .collect::<Result<Vec<Vec<f64>>>>()?,
                )
            }
        }
    };
    let n = with_axes(|ax| {
        ax.violinplot(
            &sets,
            positions.as_deref(),
            width,
            up,
            show,
            quantiles.as_deref(),
        )
    })
    .map_err(plot_error)?;
    let collection = |kind: &str| {
        let type_name = match kind {
            "Bodies" => "matplotlib.collections.FillBetweenPolyCollection",
            _ => "matplotlib.collections.LineCollection",
        };
        record(type_name, format!("<{type_name} object>"))
    };
    let mut d = crate::py::dict::DictTable::new();
    let bodies = Value::list((0..n).map(|_| collection("Bodies")).collect());
    d.insert(Value::str("bodies"), bodies)?;
    let lines = [
        ("cmeans", show.means),
        ("cmaxes", show.extrema),
        ("cmins", show.extrema),
        ("cbars", show.extrema),
        ("cmedians", show.medians),
        (
            "cquantiles",
            quantiles.as_ref().is_some_and(|q| !q.is_empty()),
        ),
    ];
    for (k, shown) in lines {
        if shown {
            d.insert(Value::str(k), collection("LineCollection"))?;
        }
    }
    Ok(Value::dict(d))
}

/// `cmap=` as a name or a colormap object.
fn cmap_arg(v: &Value) -> Result<Option<xpush_plot::style::Colormap>> {
    crate::pyplot::opt_cmap(v)
}

fn map_opts(cmap: &Value, vmin: &Value, vmax: &Value, alpha: &Value) -> Result<MapOpts> {
    Ok(MapOpts {
        cmap: cmap_arg(cmap)?,
        vmin: opt_f64(vmin)?,
        vmax: opt_f64(vmax)?,
        alpha: opt_f64(alpha)?,
    })
}

/// `(X, Y, C)` or `(C)` of pcolormesh and contour.
fn grid_args(rest: &[Value], what: &str) -> Result<(Option<Data>, Option<Data>, Data)> {
    match rest {
        [c] => Ok((None, None, data(c)?)),
        [x, y, c] => Ok((Some(data(x)?), Some(data(y)?), data(c)?)),
        more => Err(Error::type_error(format!(
            "{what}() takes 1 or 3 positional arguments but {} were given",
            more.len()
        ))),
    }
}

/// Keywords of the mapped collections that are accepted and not drawn.
const MESH_IGNORED: &[&str] = &[
    "edgecolors",
    "edgecolor",
    "linewidth",
    "linewidths",
    "lw",
    "zorder",
    "rasterized",
    "snap",
    "label",
    "hatch",
];

fn mesh(a: &mut Args, poly: bool) -> Result<Value> {
    // pcolormesh: alpha 0, norm 1, cmap 2, vmin 3, vmax 4, colorizer 5,
    // shading 6, antialiased 7, data 8, kwargs 9; pcolor: shading 0,
    // alpha 1, norm 2, cmap 3, vmin 4, vmax 5, colorizer 6, data 7, kwargs 8.
    let (alpha, cmap, vmin, vmax, shading, kwargs) = if poly {
        (1, 3, 4, 5, 0, 8)
    } else {
        (0, 2, 3, 4, 6, 9)
    };
    let (x, y, c) = grid_args(&a.rest, if poly { "pcolor" } else { "pcolormesh" })?;
    let opts = map_opts(a.get(cmap), a.get(vmin), a.get(vmax), a.get(alpha))?;
    let shading = opt_str(a.get(shading), "shading")?.unwrap_or_else(|| "auto".into());
    let class = if poly { "PolyQuadMesh" } else { "QuadMesh" };
    Kw::at(a, kwargs).finish(MESH_IGNORED, |k| {
        format!("{class}.set() got an unexpected keyword argument '{k}'")
    })?;
    let grid = Grid::mesh(x.as_ref(), y.as_ref(), &c, &shading).map_err(plot_error)?;
    with_axes(|ax| ax.pcolormesh(&grid, &opts)).map_err(plot_error)?;
    let type_name = if poly {
        "matplotlib.collections.PolyQuadMesh"
    } else {
        "matplotlib.collections.QuadMesh"
    };
    Ok(record(type_name, format!("<{type_name} object>")))
}

fn pcolormesh(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    mesh(a, false)
}

fn pcolor(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    mesh(a, true)
}

/// Keywords of `contour` that are accepted and not drawn.
const CONTOUR_IGNORED: &[&str] = &[
    "linestyles",
    "negative_linestyles",
    "zorder",
    "antialiased",
    "nchunk",
    "hatches",
    "algorithm",
    "corner_mask",
    "origin",
    "extent",
    "extend",
    "norm",
    "locator",
];

fn contour_any(a: &mut Args, filled: bool) -> Result<Value> {
    // contour(Z), contour(Z, levels), contour(X, Y, Z), contour(X, Y, Z, levels).
    let mut rest = a.rest.clone();
    let positional_levels = match rest.len() {
        2 | 4 => rest.pop(),
        _ => None,
    };
    let (x, y, z) = grid_args(&rest, if filled { "contourf" } else { "contour" })?;
    let mut kw = Kw::at(a, 1);
    let levels = match positional_levels.or_else(|| kw.take(&["levels"])) {
        None | Some(Value::None) => Levels::Count(7),
        Some(v @ (Value::Int(_) | Value::Bool(_))) => Levels::Count(index_i64(&v)?.max(1) as usize),
        Some(v) => Levels::Values(data(&v)?.values),
    };
    let opts = MapOpts {
        cmap: match kw.take(&["cmap"]) {
            Some(v) => cmap_arg(&v)?,
            None => None,
        },
        vmin: kw.f64(&["vmin"])?,
        vmax: kw.f64(&["vmax"])?,
        alpha: kw.f64(&["alpha"])?,
    };
    let colors = match kw.take(&["colors"]) {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) => Some(rgba_arg(&s)?),
        Some(v) => match to_vec(&v)?.first() {
            Some(Value::Str(s)) => Some(rgba_arg(s)?),
            _ => None,
        },
    };
    let width = kw.f64(&["linewidths"])?;
    kw.finish(CONTOUR_IGNORED, |k| {
        format!("QuadContourSet.set() got an unexpected keyword argument '{k}'")
    })?;
    let grid = Grid::points(x.as_ref(), y.as_ref(), &z).map_err(plot_error)?;
    let (fig, index) = crate::pyplot::target_axes();
    let (levels, drawn, artist, lines) = with_axes(|ax| {
        let levels = ax.contour(&grid, levels, filled, colors, &opts)?;
        let drawn = levels_drawn(ax, &levels, filled, width);
        let artist = ax.artists.len().saturating_sub(1);
        Ok((levels, drawn, artist, ax.contour_lines(artist)))
    })
    .map_err(plot_error)?;
    let at = Value::tuple(vec![
        Value::Int(fig),
        Value::Int(index as i64),
        Value::Int(artist as i64),
    ]);
    let array =
        crate::numpy::conv::wrap(xpush_npu::Array::from_vec(levels.clone(), &[levels.len()])?);
    let mut attrs = vec![
        ("levels", array),
        ("_xpush_lines", Value::Int(drawn as i64)),
        ("_xpush_at", at),
    ];
    if !filled {
        // `cs.allsegs`: per level, each line's (n, 2) vertices.
        let mut per_level = Vec::with_capacity(lines.len());
        for level in lines {
            let mut segs = Vec::with_capacity(level.len());
            for line in level {
                let n = line.len();
                let flat: Vec<f64> = line.into_iter().flat_map(|(x, y)| [x, y]).collect();
                segs.push(crate::numpy::conv::wrap(xpush_npu::Array::from_vec(
                    flat,
                    &[n, 2],
                )?));
            }
            per_level.push(Value::list(segs));
        }
        attrs.push(("allsegs", Value::list(per_level)));
    }
    Ok(Value::Record(Rc::new(Record {
        type_name: "matplotlib.contour.QuadContourSet",
        repr: "<matplotlib.contour.QuadContourSet object>".into(),
        attrs,
    })))
}

/// How many of `levels` have a contour line in the collection just drawn
/// (what `clabel` labels), after setting its line width.
fn levels_drawn(
    ax: &mut xpush_plot::Axes,
    levels: &[f64],
    filled: bool,
    width: Option<f64>,
) -> usize {
    let Some(xpush_plot::model::Artist::Patches(p)) = ax.artists.last_mut() else {
        return 0;
    };
    if let Some(w) = width {
        p.edge_width = w;
    }
    if filled {
        return 0;
    }
    levels.iter().filter(|l| p.values.contains(l)).count()
}

fn contour(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    contour_any(a, false)
}

fn contourf(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    contour_any(a, true)
}

/// Keywords of `clabel` accepted without effect (labels are not cut
/// into the lines, and are written by matplotlib's default formatter).
const CLABEL_KEYWORDS: &[&str] = &[
    "inline",
    "fmt",
    "inline_spacing",
    "use_clabeltext",
    "manual",
    "rightside_up",
    "zorder",
];

fn clabel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Record(r) = a.get(0) else {
        return Err(Error::type_error(
            "clabel() needs the contour set contour() returned",
        ));
    };
    let lines = r
        .attrs
        .iter()
        .find(|(k, _)| *k == "_xpush_lines")
        .map(|(_, v)| v.clone());
    let Some(Value::Int(n)) = lines else {
        return Err(Error::type_error(
            "clabel() needs the contour set contour() returned",
        ));
    };
    let levels = match a.get(1) {
        Value::None => None,
        v => Some(data(v)?.values),
    };
    let n = levels.as_ref().map_or(n, |l| l.len() as i64);
    let mut kw = Kw::at(a, 2);
    let fontsize = kw.f64(&["fontsize"])?;
    let color = match kw.take(&["colors"]) {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) => Some(rgba_arg(&s)?),
        Some(v) => match to_vec(&v)?.first() {
            Some(Value::Str(s)) => Some(rgba_arg(s)?),
            _ => None,
        },
    };
    kw.finish(CLABEL_KEYWORDS, |k| {
        format!("Text.set() got an unexpected keyword argument '{k}'")
    })?;
    // The labels go on the contour set's own axes, as matplotlib's do.
    let at = r
        .attrs
        .iter()
        .find(|(k, _)| *k == "_xpush_at")
        .map(|(_, v)| to_vec(v))
        .transpose()?
        .unwrap_or_default();
    if let [fig, index, artist] = at.as_slice() {
        let (fig, index, artist) = (index_i64(fig)?, index_i64(index)?, index_i64(artist)?);
        crate::pyplot::with(|p| {
            let font = p.defaults.font_size;
            if let Some(ax) = p
                .figure_mut(fig)
                .and_then(|f| f.axes.get_mut(index as usize))
            {
                ax.clabel(
                    artist as usize,
                    levels.as_deref(),
                    fontsize.unwrap_or(font),
                    color,
                );
            }
        });
    }
    Ok(record(
        "matplotlib.cbook.silent_list",
        format!("<a list of {n} text.Text objects>"),
    ))
}

fn hexbin(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (data(a.get(0))?, data(a.get(1))?);
    if !a.get(4).is_none() {
        return Err(Error::value_error(
            "hexbin(bins=...) is not supported yet; hexbin colours by counts or by C",
        ));
    }
    let c = match a.get(2) {
        Value::None => None,
        v => Some(data(v)?),
    };
    let gridsize = index_i64(a.get(3))?.max(1) as usize;
    let opts = map_opts(a.get(8), a.get(10), a.get(11), a.get(12))?;
    let reduce = a.get(15).clone();
    let mincnt = opt_f64(a.get(16))?;
    Kw::at(a, 20).finish(MESH_IGNORED, |k| {
        format!("PolyCollection.set() got an unexpected keyword argument '{k}'")
    })?;
    let Some(c) = c else {
        with_axes(|ax| ax.hexbin(&x, &y, gridsize, mincnt, &opts)).map_err(plot_error)?;
        return Ok(hexbin_record());
    };
    if c.values.len() != x.values.len() {
        return Err(Error::value_error(format!(
            "operands could not be broadcast together with shapes {} {} ",
            xpush_plot::shape_repr(&x.shape),
            xpush_plot::shape_repr(&c.shape)
        )));
    }
    let grid = xpush_plot::fields::HexGrid::new(&x, &y, gridsize).map_err(plot_error)?;
    // matplotlib: the C values of each cell's points, reduced by
    // reduce_C_function (np.mean) where a cell has at least mincnt (1).
    // The function gets a list of the cell's values as matplotlib passes
    // it (NumPy float64 scalars), so `np.mean` makes its array where any
    // NumPy call would, on the session's device.
    let mut per_cell: Vec<Vec<f64>> = vec![Vec::new(); grid.len()];
    for (cell, &v) in grid.cells.iter().zip(&c.values) {
        if let Some(i) = cell {
            per_cell[*i].push(v);
        }
    }
    let least = mincnt.unwrap_or(1.0);
    let mut values = Vec::with_capacity(per_cell.len());
    for vs in per_cell {
        if (vs.len() as f64) < least {
            values.push(None);
            continue;
        }
        let v = match &reduce {
            Value::None => vs.iter().sum::<f64>() / vs.len() as f64,
            f => {
                let cell = vs
                    .into_iter()
                    .map(|v| Value::Scalar(xpush_npu::Scalar::Float64(v)))
                    .collect();
                to_f64(&host.call(f, vec![Value::list(cell)], Default::default())?)?
            }
        };
        values.push(Some(v));
    }
    with_axes(|ax| ax.hexbin_values(&grid, values, &opts));
    Ok(hexbin_record())
}

/// What `hexbin` returns.
fn hexbin_record() -> Value {
    record(
        "matplotlib.collections.PolyCollection",
        "<matplotlib.collections.PolyCollection object>".into(),
    )
}

/// Keywords of `quiver` that are accepted and not drawn.
const QUIVER_IGNORED: &[&str] = &[
    "units",
    "width",
    "headwidth",
    "headlength",
    "headaxislength",
    "minshaft",
    "minlength",
    "pivot",
    "zorder",
    "label",
    "edgecolor",
    "linewidth",
    "alpha",
    "cmap",
];

fn quiver(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arrays: Vec<Data> = a.rest.iter().map(data).collect::<Result<_>>()?;
    let (x, y, u, v) = match arrays.as_slice() {
        [u, v] | [u, v, _] => {
            let (gx, gy) = index_grid(u);
            (gx, gy, u.values.clone(), v.values.clone())
        }
        [x, y, u, v] | [x, y, u, v, _] => {
            let n = u.values.len();
            let grid = |d: &Data, along_x: bool| -> Vec<f64> {
                if d.values.len() == n {
                    return d.values.clone();
                }
                // 1-d X and Y of a grid of vectors, as meshgrid would make them.
                let (rows, cols) = match u.shape.as_slice() {
                    [r, c] => (*r, *c),
                    _ => (1, n),
                };
                (0..rows)
                    .flat_map(|r| (0..cols).map(move |c| (r, c)))
                    .map(|(r, c)| {
                        let i = if along_x { c } else { r };
                        d.values.get(i).copied().unwrap_or(f64::NAN)
                    })
                    .collect()
            };
            (
                grid(x, true),
                grid(y, false),
                u.values.clone(),
                v.values.clone(),
            )
        }
        other => {
            return Err(Error::type_error(format!(
                "quiver() takes from 2 to 5 positional arguments but {} were given",
                other.len()
            )))
        }
    };
    let mut kw = Kw::at(a, 1);
    let angles = kw.str(&["angles"])?;
    let units = kw.str(&["scale_units"])?;
    let scale = kw.f64(&["scale"])?;
    let color = kw.str(&["color", "c", "facecolor", "fc"])?;
    kw.finish(QUIVER_IGNORED, |k| {
        format!("Quiver.set() got an unexpected keyword argument '{k}'")
    })?;
    let color = match color {
        Some(c) => xpush_plot::model::color_arg(&c).map_err(plot_error)?,
        None => xpush_plot::style::Rgba::hex(0),
    };
    let args = QuiverArgs {
        x,
        y,
        u,
        v,
        scale,
        data_units: angles.as_deref() == Some("xy") && units.as_deref() == Some("xy"),
        color,
    };
    with_axes(|ax| ax.quiver(args)).map_err(plot_error)?;
    Ok(record(
        "matplotlib.quiver.Quiver",
        "<matplotlib.quiver.Quiver object>".into(),
    ))
}

/// The points `quiver(U, V)` puts its arrows at: the column and row
/// indices of `U` (a 1-d `U` is one row, at y = 0).
fn index_grid(u: &Data) -> (Vec<f64>, Vec<f64>) {
    let (rows, cols) = match u.shape.as_slice() {
        [r, c] => (*r, *c),
        _ => (1, u.values.len()),
    };
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (c as f64, r as f64)))
        .unzip()
}

fn clim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (lo, hi) = (opt_f64(a.get(0))?, opt_f64(a.get(1))?);
    with_axes(|ax| ax.clim(lo, hi)).map_err(plot_error)?;
    Ok(Value::None)
}
