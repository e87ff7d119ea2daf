//! The figure model: what pyplot calls record, as plain data.
//!
//! [`Pyplot`] is pyplot's state machine (figures by number, the current
//! figure, each figure's current axes); [`Axes`] holds artists and labels
//! and computes its view limits the way matplotlib autoscales.

use crate::style::{parse_color, parse_format, Colormap, LineStyle, Marker, Rgba, CYCLE};
use crate::{py_repr, shape_repr, Error, Result};

/// Numbers handed over from an array (already on the host, as f64).
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    /// The array's shape (`[]` for a scalar).
    pub shape: Vec<usize>,
    /// The elements in C order.
    pub values: Vec<f64>,
}

impl Data {
    /// A 1-d array.
    pub fn vec(values: Vec<f64>) -> Data {
        Data {
            shape: vec![values.len()],
            values,
        }
    }

    /// The shape with scalars promoted to 1-d (matplotlib's `atleast_1d`).
    fn shape_1d(&self) -> Vec<usize> {
        if self.shape.is_empty() {
            vec![1]
        } else {
            self.shape.clone()
        }
    }

    /// Column `j` of a 1-d or 2-d array.
    fn column(&self, j: usize) -> Vec<f64> {
        let shape = self.shape_1d();
        match shape.as_slice() {
            [_] => self.values.clone(),
            [_, cols] => self.values.iter().skip(j).step_by(*cols).copied().collect(),
            _ => Vec::new(),
        }
    }

    fn columns(&self) -> usize {
        self.shape_1d().get(1).copied().unwrap_or(1)
    }

    fn min_max(&self) -> Option<(f64, f64)> {
        finite_range(self.values.iter().copied())
    }
}

fn finite_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// One positional argument of `plot`: data or a format string.
#[derive(Clone, Debug, PartialEq)]
pub enum PlotArg {
    /// An array-like.
    Data(Data),
    /// A format string (`'r--'`).
    Fmt(String),
}

/// Keyword properties of `plot` (`None`: not given).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineProps {
    /// `label=`.
    pub label: Option<String>,
    /// `color=`.
    pub color: Option<String>,
    /// `linestyle=`.
    pub linestyle: Option<String>,
    /// `linewidth=` in points.
    pub linewidth: Option<f64>,
    /// `marker=`.
    pub marker: Option<String>,
    /// `markersize=` in points.
    pub markersize: Option<f64>,
    /// `alpha=`.
    pub alpha: Option<f64>,
}

/// A line (`plot`).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// x coordinates.
    pub xs: Vec<f64>,
    /// y coordinates.
    pub ys: Vec<f64>,
    /// Colour.
    pub color: Rgba,
    /// Line style.
    pub style: LineStyle,
    /// Width in points.
    pub width: f64,
    /// Marker at each point.
    pub marker: Marker,
    /// Marker size in points.
    pub marker_size: f64,
    /// Legend label.
    pub label: Option<String>,
}

/// Points (`scatter`).
#[derive(Clone, Debug, PartialEq)]
pub struct Scatter {
    /// x coordinates.
    pub xs: Vec<f64>,
    /// y coordinates.
    pub ys: Vec<f64>,
    /// One colour for all points, or one per point.
    pub colors: Vec<Rgba>,
    /// Marker area in points² (one, or one per point).
    pub sizes: Vec<f64>,
    /// Marker shape.
    pub marker: Marker,
    /// The colour scale when colours come from values (`c=` numbers).
    pub scale: Option<ColorScale>,
    /// Legend label.
    pub label: Option<String>,
}

/// Rectangles standing on a baseline (`bar`, `hist`).
#[derive(Clone, Debug, PartialEq)]
pub struct Bars {
    /// Left edges.
    pub lefts: Vec<f64>,
    /// Widths.
    pub widths: Vec<f64>,
    /// Bottoms.
    pub bottoms: Vec<f64>,
    /// Heights.
    pub heights: Vec<f64>,
    /// Fill colour.
    pub color: Rgba,
    /// Legend label.
    pub label: Option<String>,
    /// Whether the bars lie along the x axis from a baseline at `lefts` (`barh`):
    /// their left edges, not their bottoms, stick to the view limits.
    pub horizontal: bool,
}

/// A value-to-colour scale (what `colorbar` shows).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorScale {
    /// The colormap.
    pub cmap: Colormap,
    /// The value at the bottom.
    pub vmin: f64,
    /// The value at the top.
    pub vmax: f64,
}

impl ColorScale {
    /// The colour of a value.
    pub fn color(&self, v: f64) -> Rgba {
        let t = if self.vmax > self.vmin {
            (v - self.vmin) / (self.vmax - self.vmin)
        } else {
            0.0
        };
        self.cmap.at(t)
    }
}

/// An image (`imshow`): pixels already coloured, row 0 at the top.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major colours.
    pub pixels: Vec<Rgba>,
    /// The colour scale for scalar data (None for RGB data).
    pub scale: Option<ColorScale>,
    /// Where the image lies in data coordinates: `(left, right, bottom, top)`
    /// (`extent=`; by default each pixel is a unit square centred on its index).
    pub extent: (f64, f64, f64, f64),
    /// `origin='lower'`: row 0 at the bottom (else at the top).
    pub origin_lower: bool,
    /// The scalar data the pixels were coloured from (empty for RGB
    /// data), for `clim` to colour them again.
    pub values: Vec<f64>,
}

impl Image {
    /// Colours scalar data again through a new scale (`clim`).
    pub fn rescale(&mut self, scale: ColorScale) {
        if self.values.is_empty() {
            return;
        }
        self.pixels = self.values.iter().map(|&v| scale.color(v)).collect();
        self.scale = Some(scale);
    }
}

/// Anything drawn in axes.
#[derive(Clone, Debug, PartialEq)]
pub enum Artist {
    /// A line.
    Line(Line),
    /// Points.
    Scatter(Scatter),
    /// Bars.
    Bars(Bars),
    /// An image.
    Image(Image),
    /// Text in data or axes coordinates, maybe with an arrow (`text`, `annotate`).
    Text(crate::shapes::TextArt),
    /// A line across the axes (`axhline`, `axvline`).
    RefLine(crate::shapes::RefLine),
    /// A band across the axes (`axhspan`, `axvspan`).
    Span(crate::shapes::Span),
    /// Filled polygons (`fill_between`, `fill_betweenx`).
    Fill(crate::shapes::Fill),
    /// Separate line segments, maybe capped (`errorbar`'s bars, `stem`'s stems).
    Segments(crate::shapes::Segments),
    /// Polygons or polylines with colours of their own (`pie`,
    /// `stackplot`, `pcolormesh`, `contour`, `hexbin`, ...).
    Patches(crate::charts::Patches),
    /// Arrows (`quiver`).
    Arrows(crate::fields::Arrows),
}

impl Artist {
    /// The legend label, if it has one that shows (not starting with `_`).
    pub fn label(&self) -> Option<&str> {
        let l = match self {
            Artist::Line(l) => l.label.as_deref(),
            Artist::Scatter(s) => s.label.as_deref(),
            Artist::Bars(b) => b.label.as_deref(),
            Artist::RefLine(r) => r.label.as_deref(),
            Artist::Span(r) => r.label.as_deref(),
            Artist::Fill(f) => f.label.as_deref(),
            Artist::Patches(p) => p.label.as_deref(),
            Artist::Image(_) | Artist::Text(_) | Artist::Segments(_) | Artist::Arrows(_) => None,
        };
        l.filter(|l| !l.starts_with('_'))
    }

    fn set_label(&mut self, label: String) {
        match self {
            Artist::Line(l) => l.label = Some(label),
            Artist::Scatter(s) => s.label = Some(label),
            Artist::Bars(b) => b.label = Some(label),
            Artist::RefLine(r) => r.label = Some(label),
            Artist::Span(r) => r.label = Some(label),
            Artist::Fill(f) => f.label = Some(label),
            Artist::Patches(p) => p.label = Some(label),
            Artist::Image(_) | Artist::Text(_) | Artist::Segments(_) | Artist::Arrows(_) => {}
        }
    }
}

/// One subplot: artists, labels and limits.
#[derive(Clone, Debug, PartialEq)]
pub struct Axes {
    /// Its place: `(rows, cols, index)` with a 1-based index.
    pub position: (usize, usize, usize),
    /// `fig.add_axes([left, bottom, width, height])`: its plotting area in
    /// fractions of the figure, in place of a grid position.
    pub rect: Option<(f64, f64, f64, f64)>,
    /// What is drawn, in call order.
    pub artists: Vec<Artist>,
    /// `title`.
    pub title: String,
    /// `title(loc='left')` and `title(loc='right')`: drawn centred when
    /// there is no centre title (plotters centres its caption).
    pub side_titles: (String, String),
    /// `xlabel`.
    pub xlabel: String,
    /// `ylabel`.
    pub ylabel: String,
    /// Whether `legend()` was called.
    pub legend: bool,
    /// Whether grid lines are drawn.
    pub grid: bool,
    /// `xlim` as set (either end may be left automatic).
    pub xlim: (Option<f64>, Option<f64>),
    /// `ylim` as set.
    pub ylim: (Option<f64>, Option<f64>),
    /// The scale `colorbar()` attached.
    pub colorbar: Option<ColorScale>,
    /// Tick labels of a categorical x axis (`bar(['a', 'b'], ...)`), at 0, 1, ...
    pub categories: Vec<String>,
    /// The x axis' scale, ticks and tick labels.
    pub xaxis: crate::axis::AxisConfig,
    /// The y axis'.
    pub yaxis: crate::axis::AxisConfig,
    /// `set_aspect`: the height of one y unit over one x unit (`'equal'` is 1), or automatic.
    pub aspect: Option<f64>,
    /// Whether the frame, ticks and labels are drawn (`axis('off')`).
    pub axis_on: bool,
    /// `margins`: the padding of autoscaled limits, as a fraction of the data range.
    pub margins: (f64, f64),
    /// Which spines (left, right, bottom, top) are drawn.
    pub spines: crate::axis::Spines,
    /// `twinx()`: the axes (index in the figure) whose x axis this one
    /// shares, drawing its own y axis on the right.
    pub twin_of: Option<usize>,
    pub(crate) cycle: usize,
    /// The line width of new lines (`lines.linewidth`).
    pub line_width: f64,
    /// The colour cycle (`axes.prop_cycle`).
    pub colors: Vec<Rgba>,
    /// The colour cycle of patches (bars, scatter, fills), which matplotlib
    /// keeps apart from the lines'.
    pub(crate) patch_cycle: usize,
    /// The levels of each contour set drawn here, by its artist's index
    /// (what `clabel` formats its labels against).
    pub(crate) contour_levels: std::collections::BTreeMap<usize, Vec<f64>>,
    /// The background, grid, spine and text colours (`set_facecolor`, styles).
    pub look: AxesColors,
    /// `set_frame_on`: whether the background is drawn (`pie` turns it off).
    pub frame_on: bool,
}

/// The colours of an axes' background and furniture: matplotlib's
/// `axes.facecolor`, `grid.color`, `axes.edgecolor` and `text.color`
/// (tick labels, titles and axis labels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxesColors {
    /// `axes.facecolor`: the plotting area's background.
    pub face: Rgba,
    /// `grid.color`.
    pub grid: Rgba,
    /// `axes.edgecolor`: the spines and tick marks.
    pub edge: Rgba,
    /// `text.color`: titles, axis labels and tick labels.
    pub text: Rgba,
}

impl Default for AxesColors {
    fn default() -> AxesColors {
        AxesColors {
            face: Rgba::hex(0xffffff),
            grid: Rgba::hex(0xb0b0b0),
            edge: Rgba::hex(0x000000),
            text: Rgba::hex(0x000000),
        }
    }
}

/// Colour `i` of a cycle (matplotlib's when it is empty).
fn cycle_color(colors: &[Rgba], i: usize) -> Rgba {
    if colors.is_empty() {
        CYCLE[i % CYCLE.len()]
    } else {
        colors[i % colors.len()]
    }
}

/// The default line width, marker size and scatter size of matplotlib.
const LINE_WIDTH: f64 = 1.5;
const MARKER_SIZE: f64 = 6.0;
const AXES_MARGIN: f64 = 0.05;

impl Axes {
    /// Empty axes at a grid position.
    pub fn new(position: (usize, usize, usize)) -> Axes {
        Axes {
            position,
            rect: None,
            artists: Vec::new(),
            title: String::new(),
            side_titles: (String::new(), String::new()),
            xlabel: String::new(),
            ylabel: String::new(),
            legend: false,
            grid: false,
            xlim: (None, None),
            ylim: (None, None),
            colorbar: None,
            categories: Vec::new(),
            xaxis: Default::default(),
            yaxis: Default::default(),
            aspect: None,
            axis_on: true,
            margins: (AXES_MARGIN, AXES_MARGIN),
            spines: Default::default(),
            twin_of: None,
            cycle: 0,
            line_width: LINE_WIDTH,
            colors: CYCLE.to_vec(),
            patch_cycle: 0,
            contour_levels: Default::default(),
            look: AxesColors::default(),
            frame_on: true,
        }
    }

    /// The next colour of the lines' cycle (`plot`, `hist`, `errorbar`).
    pub(crate) fn next_color(&mut self) -> Rgba {
        let c = cycle_color(&self.colors, self.cycle);
        self.cycle += 1;
        c
    }

    /// The next colour of the patches' cycle (`bar`, `scatter`, `fill_between`).
    pub(crate) fn next_patch_color(&mut self) -> Rgba {
        let c = cycle_color(&self.colors, self.patch_cycle);
        self.patch_cycle += 1;
        c
    }

    /// `plot(*args, **props)`: adds one line per (x, y[, fmt]) group and
    /// per column of 2-d data; returns how many lines were added.
    pub fn plot(&mut self, args: Vec<PlotArg>, props: &LineProps) -> Result<usize> {
        let mut added = 0;
        for group in group_plot_args(args) {
            added += self.plot_group(group, props)?;
        }
        Ok(added)
    }

    fn plot_group(&mut self, mut group: Vec<PlotArg>, props: &LineProps) -> Result<usize> {
        let fmt = match group.last() {
            Some(PlotArg::Fmt(f)) if group.len() > 1 => {
                let f = parse_format(f)?;
                group.pop();
                f
            }
            _ => Default::default(),
        };
        let mut data = Vec::new();
        for a in group {
            match a {
                PlotArg::Data(d) => data.push(d),
                PlotArg::Fmt(f) => {
                    return Err(Error::Value(format!(
                        "{} is not a valid format string (a format string must follow the data)",
                        py_repr(&f)
                    )))
                }
            }
        }
        let (x, y) = match data.len() {
            1 => {
                let y = data.remove(0);
                let n = y.shape_1d()[0];
                (Data::vec((0..n).map(|i| i as f64).collect()), y)
            }
            _ => {
                let y = data.remove(1);
                (data.remove(0), y)
            }
        };
        let (xs, ys) = (x.shape_1d(), y.shape_1d());
        if xs[0] != ys[0] {
            return Err(Error::Value(format!(
                "x and y must have same first dimension, but have shapes {} and {}",
                shape_repr(&xs),
                shape_repr(&ys)
            )));
        }
        if xs.len() > 2 || ys.len() > 2 {
            return Err(Error::Value(format!(
                "x and y can be no greater than 2D, but have shapes {} and {}",
                shape_repr(&xs),
                shape_repr(&ys)
            )));
        }
        let (ncx, ncy) = (x.columns(), y.columns());
        if ncx > 1 && ncy > 1 && ncx != ncy {
            return Err(Error::Value(format!(
                "x has {ncx} columns but y has {ncy} columns"
            )));
        }
        let n = ncx.max(ncy);
        for j in 0..n {
            let line = self.make_line(
                x.column(if ncx > 1 { j } else { 0 }),
                y.column(if ncy > 1 { j } else { 0 }),
                fmt,
                props,
            )?;
            self.artists.push(Artist::Line(line));
        }
        Ok(n)
    }

    fn make_line(
        &mut self,
        xs: Vec<f64>,
        ys: Vec<f64>,
        fmt: crate::style::Format,
        props: &LineProps,
    ) -> Result<Line> {
        let color = match (&props.color, fmt.color) {
            (Some(c), _) => crate::shapes::color_arg(c)?,
            (None, Some(c)) => c,
            (None, None) => self.next_color(),
        };
        let style = match &props.linestyle {
            Some(s) => LineStyle::parse(s).ok_or_else(|| {
                Error::Value(format!(
                    "{} is not a valid value for ls; supported values are '-', '--', '-.', ':', 'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'",
                    py_repr(s)
                ))
            })?,
            None => fmt.line,
        };
        let marker = match &props.marker {
            Some(m) => Marker::parse(m)
                .ok_or_else(|| Error::Value(format!("Unrecognized marker style {}", py_repr(m))))?,
            None => fmt.marker,
        };
        Ok(Line {
            xs,
            ys,
            color: color.with_alpha(props.alpha.unwrap_or(color.a)),
            style,
            width: props.linewidth.unwrap_or(self.line_width),
            marker,
            marker_size: props.markersize.unwrap_or(MARKER_SIZE),
            label: props.label.clone(),
        })
    }

    /// `scatter(x, y, s, c, marker, ...)`: `c` is a colour name or one value
    /// per point mapped through `cmap`.
    pub fn scatter(&mut self, x: &Data, y: &Data, opts: ScatterOpts) -> Result<()> {
        if x.values.len() != y.values.len() {
            return Err(Error::Value("x and y must be the same size".into()));
        }
        let n = x.values.len();
        let (colors, scale) = match opts.c {
            ColorArg::Default => (vec![self.next_patch_color()], None),
            ColorArg::Named(c) => (
                vec![parse_color(&c).ok_or_else(|| {
                    Error::Value(format!(
                        "'c' argument must be a color, a sequence of colors, or a sequence of numbers, not {}",
                        py_repr(&c)
                    ))
                })?],
                None,
            ),
            ColorArg::Values(v) => {
                if v.values.len() != n {
                    return Err(Error::Value(format!(
                        "'c' argument has {} elements, which is inconsistent with 'x' and 'y' with size {n}.",
                        v.values.len()
                    )));
                }
                let (lo, hi) = v.min_max().unwrap_or((0.0, 1.0));
                let scale = ColorScale {
                    cmap: opts.cmap.unwrap_or(Colormap::VIRIDIS),
                    vmin: opts.vmin.unwrap_or(lo),
                    vmax: opts.vmax.unwrap_or(hi),
                };
                (
                    v.values.iter().map(|&t| scale.color(t)).collect(),
                    Some(scale),
                )
            }
        };
        let alpha = opts.alpha;
        let marker = match opts.marker {
            Some(m) => Marker::parse(&m).ok_or_else(|| {
                Error::Value(format!("Unrecognized marker style {}", py_repr(&m)))
            })?,
            None => Marker::Circle,
        };
        self.artists.push(Artist::Scatter(Scatter {
            xs: x.values.clone(),
            ys: y.values.clone(),
            colors: colors
                .into_iter()
                .map(|c| alpha.map_or(c, |a| c.with_alpha(a)))
                .collect(),
            sizes: opts.s.map_or(vec![MARKER_SIZE * MARKER_SIZE], |s| s.values),
            marker,
            scale,
            label: opts.label,
        }));
        Ok(())
    }

    /// `bar(x, height, width, bottom, align)`: returns the number of bars.
    /// String x values make a categorical axis.
    pub fn bar(&mut self, x: BarX, height: &Data, opts: BarOpts) -> Result<usize> {
        let xd = match x {
            BarX::Numbers(d) => d,
            BarX::Categories(names) => {
                let mut idx = Vec::with_capacity(names.len());
                for name in names {
                    let i = match self.categories.iter().position(|c| *c == name) {
                        Some(i) => i,
                        None => {
                            self.categories.push(name);
                            self.categories.len() - 1
                        }
                    };
                    idx.push(i as f64);
                }
                Data::vec(idx)
            }
        };
        let args = [&xd, height, &opts.width, &opts.bottom];
        let n = broadcast_len(&args)?;
        let at = |d: &Data, i: usize| {
            if d.values.len() == 1 {
                d.values[0]
            } else {
                d.values[i]
            }
        };
        let mut bars = Bars {
            lefts: Vec::with_capacity(n),
            widths: Vec::with_capacity(n),
            bottoms: Vec::with_capacity(n),
            heights: Vec::with_capacity(n),
            color: match opts.color {
                Some(c) => bar_color(&c)?,
                None => self.next_patch_color(),
            },
            label: opts.label,
            horizontal: false,
        };
        for i in 0..n {
            let w = at(&opts.width, i);
            let left = if opts.align_edge {
                at(&xd, i)
            } else {
                at(&xd, i) - w / 2.0
            };
            bars.lefts.push(left);
            bars.widths.push(w);
            bars.bottoms.push(at(&opts.bottom, i));
            bars.heights.push(at(height, i));
        }
        self.artists.push(Artist::Bars(bars));
        Ok(n)
    }

    /// `hist(x, bins, range, density)`: the counts and bin edges, drawn as bars.
    pub fn hist(&mut self, x: &Data, opts: HistOpts) -> Result<(Vec<f64>, Vec<f64>)> {
        if x.shape.len() > 1 {
            return Err(Error::Value(format!(
                "hist of data with shape {} (several datasets) is not supported; pass 1-d data",
                shape_repr(&x.shape)
            )));
        }
        let (mut counts, edges) = histogram(&x.values, &opts.bins, opts.range)?;
        if opts.density {
            let total: f64 = counts.iter().sum();
            for (c, w) in counts.iter_mut().zip(edges.windows(2)) {
                *c /= total * (w[1] - w[0]);
            }
        }
        let color = match opts.color {
            Some(c) => color_arg(&c)?,
            None => self.next_color(),
        };
        let color = opts.alpha.map_or(color, |a| color.with_alpha(a));
        let n = counts.len();
        self.artists.push(Artist::Bars(Bars {
            lefts: edges[..n].to_vec(),
            widths: edges.windows(2).map(|w| w[1] - w[0]).collect(),
            bottoms: vec![0.0; n],
            heights: counts.clone(),
            color,
            label: opts.label,
            horizontal: false,
        }));
        Ok((counts, edges))
    }

    /// `imshow(a, cmap, vmin, vmax)`: 2-d data through a colormap, or
    /// `(M, N, 3|4)` RGB(A) data (floats in [0, 1], or integers in [0, 255]).
    pub fn imshow(&mut self, a: &Data, integer: bool, opts: ImageOpts) -> Result<()> {
        let shape = a.shape.clone();
        let image = match shape.as_slice() {
            [rows, cols] | [rows, cols, 1] => {
                let (lo, hi) = a.min_max().unwrap_or((0.0, 1.0));
                let scale = ColorScale {
                    cmap: opts.cmap.unwrap_or(Colormap::VIRIDIS),
                    vmin: opts.vmin.unwrap_or(lo),
                    vmax: opts.vmax.unwrap_or(hi),
                };
                Image {
                    rows: *rows,
                    cols: *cols,
                    pixels: a.values.iter().map(|&v| scale.color(v)).collect(),
                    scale: Some(scale),
                    extent: (0.0, 0.0, 0.0, 0.0),
                    origin_lower: opts.origin_lower,
                    values: a.values.clone(),
                }
            }
            [rows, cols, ch @ (3 | 4)] => {
                let unit = |v: f64| if integer { v / 255.0 } else { v };
                let pixels = a
                    .values
                    .chunks(*ch)
                    .map(|p| {
                        let c = Rgba::from_unit(unit(p[0]), unit(p[1]), unit(p[2]));
                        match p.get(3) {
                            Some(&al) => c.with_alpha(unit(al)),
                            None => c,
                        }
                    })
                    .collect();
                Image {
                    rows: *rows,
                    cols: *cols,
                    pixels,
                    scale: None,
                    extent: (0.0, 0.0, 0.0, 0.0),
                    origin_lower: opts.origin_lower,
                    values: Vec::new(),
                }
            }
            _ => {
                return Err(Error::Type(format!(
                    "Invalid shape {} for image data",
                    shape_repr(&shape)
                )))
            }
        };
        let mut image = image;
        let (w, h) = (image.cols as f64 - 0.5, image.rows as f64 - 0.5);
        image.extent = match opts.extent {
            Some(e) => e,
            None if opts.origin_lower => (-0.5, w, -0.5, h),
            None => (-0.5, w, h, -0.5),
        };
        // matplotlib's images ask for square pixels unless aspect='auto'.
        self.aspect = match opts.aspect {
            None => Some(1.0),
            Some(a) => a,
        };
        self.artists.push(Artist::Image(image));
        Ok(())
    }

    /// `matshow(a)`: `imshow` with the rows downwards and square cells,
    /// ticked at whole rows and columns (matplotlib's `MaxNLocator(nbins=9,
    /// steps=[1, 2, 5, 10], integer=True)`), the x ticks on top.
    pub fn matshow(&mut self, a: &Data, integer: bool, opts: ImageOpts) -> Result<()> {
        self.imshow(a, integer, opts)?;
        self.xaxis.matshow = true;
        self.yaxis.matshow = true;
        self.xaxis.top = true;
        Ok(())
    }

    /// `colorbar()`: attaches the scale of the last image or value-coloured
    /// scatter.
    pub fn colorbar(&mut self) -> Result<ColorScale> {
        let scale = self.artists.iter().rev().find_map(|a| match a {
            Artist::Image(i) => i.scale,
            Artist::Scatter(s) => s.scale,
            Artist::Patches(p) => p.scale,
            _ => None,
        });
        match scale {
            Some(s) => {
                self.colorbar = Some(s);
                Ok(s)
            }
            None => Err(Error::Runtime(
                "No mappable was found to use for colorbar creation. First define a mappable such as an image (with imshow) or a contour set (with contourf).".into(),
            )),
        }
    }

    /// `legend(labels)`: turns the legend on; labels given in a list are
    /// assigned to the artists in order.
    pub fn set_legend(&mut self, labels: Option<Vec<String>>) {
        if let Some(labels) = labels {
            let drawable = self
                .artists
                .iter_mut()
                .filter(|a| !matches!(a, Artist::Image(_)));
            for (a, l) in drawable.zip(labels) {
                a.set_label(l);
            }
        }
        self.legend = true;
    }

    /// The caption drawn above the axes: the centre title, else a side one.
    pub fn caption(&self) -> &str {
        [&self.title, &self.side_titles.0, &self.side_titles.1]
            .into_iter()
            .find(|t| !t.is_empty())
            .map_or("", |t| t.as_str())
    }

    /// Whether anything with a legend label is drawn.
    pub fn has_labels(&self) -> bool {
        self.artists.iter().any(|a| a.label().is_some())
    }

    /// The view limits `((x0, x1), (y0, y1))`: explicit `xlim`/`ylim` ends,
    /// else the data range with matplotlib's margins (5% unless `margins`
    /// says otherwise; in decades on a log axis; never crossing the
    /// baseline of bars or the edges of an image). An image whose extent
    /// runs downwards (`origin='upper'`, the default) inverts the y axis.
    pub fn limits(&self) -> ((f64, f64), (f64, f64)) {
        let (xlog, ylog) = (self.xaxis.is_log(), self.yaxis.is_log());
        let (xb, yb) = self.data_bounds(xlog, ylog);
        let mut auto_x = autoscale(&xb, self.margins.0, xlog);
        let mut auto_y = autoscale(&yb, self.margins.1, ylog);
        // imshow sets the view to its extent (matplotlib's set_extent); an
        // artist drawn after it autoscales over everything again.
        let last = self
            .artists
            .iter()
            .rev()
            .find(|a| !matches!(a, Artist::Text(_)));
        if let Some(Artist::Image(im)) = last {
            let (l, r, b, t) = im.extent;
            auto_x = (l.min(r), l.max(r));
            auto_y = (b.min(t), b.max(t));
        }
        let mut x = resolve(self.xlim, auto_x);
        let mut y = resolve(self.ylim, auto_y);
        // The last image decides which way its axes run (each imshow sets
        // the limits from its extent).
        let (flip_x, flip_y) = self
            .artists
            .iter()
            .rev()
            .find_map(|a| match a {
                Artist::Image(im) => Some((im.extent.0 > im.extent.1, im.extent.2 > im.extent.3)),
                _ => None,
            })
            .unwrap_or((false, false));
        if flip_x && self.xlim == (None, None) {
            x = (x.1, x.0);
        }
        if flip_y && self.ylim == (None, None) {
            y = (y.1, y.0);
        }
        (x, y)
    }

    fn data_bounds(&self, xlog: bool, ylog: bool) -> (Bounds, Bounds) {
        let (mut xb, mut yb) = (Bounds::new(xlog), Bounds::new(ylog));
        for a in &self.artists {
            match a {
                Artist::Line(l) => {
                    xb.extend(&l.xs);
                    yb.extend(&l.ys);
                }
                Artist::Scatter(s) => {
                    xb.extend(&s.xs);
                    yb.extend(&s.ys);
                }
                Artist::Bars(b) => {
                    for (i, &left) in b.lefts.iter().enumerate() {
                        xb.extend(&[left, left + b.widths[i]]);
                        yb.extend(&[b.bottoms[i], b.bottoms[i] + b.heights[i]]);
                        if b.horizontal {
                            xb.stick(left);
                        } else {
                            yb.stick(b.bottoms[i]);
                        }
                    }
                }
                Artist::Image(im) => {
                    let (l, r, b, t) = im.extent;
                    xb.extend(&[l, r]);
                    yb.extend(&[b, t]);
                    xb.stick(l);
                    xb.stick(r);
                    yb.stick(b);
                    yb.stick(t);
                }
                Artist::Text(_) => {}
                Artist::RefLine(r) => {
                    if r.horizontal {
                        yb.extend(&[r.at]);
                    } else {
                        xb.extend(&[r.at]);
                    }
                }
                Artist::Span(sp) => {
                    if sp.horizontal {
                        yb.extend(&[sp.lo, sp.hi]);
                    } else {
                        xb.extend(&[sp.lo, sp.hi]);
                    }
                }
                Artist::Fill(f) => {
                    for poly in &f.polygons {
                        let xs: Vec<f64> = poly.iter().map(|p| p.0).collect();
                        let ys: Vec<f64> = poly.iter().map(|p| p.1).collect();
                        xb.extend(&xs);
                        yb.extend(&ys);
                    }
                }
                Artist::Segments(sg) => {
                    for (a, b) in &sg.segments {
                        xb.extend(&[a.0, b.0]);
                        yb.extend(&[a.1, b.1]);
                    }
                }
                Artist::Patches(p) => {
                    for poly in p.polys.iter().filter(|_| p.autolim) {
                        let (xs, ys): (Vec<f64>, Vec<f64>) = poly.iter().copied().unzip();
                        xb.extend(&xs);
                        yb.extend(&ys);
                    }
                    p.sticky_x.iter().for_each(|&v| xb.stick(v));
                    p.sticky_y.iter().for_each(|&v| yb.stick(v));
                }
                Artist::Arrows(q) => {
                    xb.extend(&q.xs);
                    yb.extend(&q.ys);
                    if q.data_units {
                        let tip = |a: &[f64], d: &[f64]| -> Vec<f64> {
                            a.iter().zip(d).map(|(p, d)| p + d).collect()
                        };
                        xb.extend(&tip(&q.xs, &q.us));
                        yb.extend(&tip(&q.ys, &q.vs));
                    }
                }
            }
        }
        (xb, yb)
    }
}

/// The data range along one axis, in its scale's coordinates (decades on
/// a log axis, where values that are not positive are left out).
struct Bounds {
    range: Option<(f64, f64)>,
    sticky: Vec<f64>,
    log: bool,
}

impl Bounds {
    fn new(log: bool) -> Bounds {
        Bounds {
            range: None,
            sticky: Vec::new(),
            log,
        }
    }

    fn scaled(&self, v: f64) -> f64 {
        if self.log {
            v.log10()
        } else {
            v
        }
    }

    fn extend(&mut self, values: &[f64]) {
        if let Some((lo, hi)) = finite_range(values.iter().map(|&v| self.scaled(v))) {
            self.range = Some(match self.range {
                None => (lo, hi),
                Some((a, b)) => (a.min(lo), b.max(hi)),
            });
        }
    }

    /// A sticky edge: margins do not pad past it.
    fn stick(&mut self, v: f64) {
        let s = self.scaled(v);
        if s.is_finite() {
            self.sticky.push(s);
        }
    }
}

/// matplotlib's `nonsingular(v0, v1, expander=0.05)`.
fn nonsingular(lo: f64, hi: f64) -> (f64, f64) {
    let expander = 0.05;
    let maxabs = lo.abs().max(hi.abs());
    if maxabs < 1e6 / 1e-15 * f64::MIN_POSITIVE {
        (-expander, expander)
    } else if hi - lo <= maxabs * 1e-15 {
        if hi == 0.0 && lo == 0.0 {
            (-expander, expander)
        } else {
            (lo - expander * lo.abs(), hi + expander * hi.abs())
        }
    } else {
        (lo, hi)
    }
}

fn autoscale(b: &Bounds, margin: f64, log: bool) -> (f64, f64) {
    let Some((lo, hi)) = b.range else {
        return if log { (1.0, 10.0) } else { (0.0, 1.0) };
    };
    let tol = 1e-5 * (hi - lo).abs();
    let lo_bound = b
        .sticky
        .iter()
        .copied()
        .filter(|s| *s < lo + tol)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.max(s))));
    let hi_bound = b
        .sticky
        .iter()
        .copied()
        .filter(|s| *s > hi - tol)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.min(s))));
    let (lo, hi) = nonsingular(lo, hi);
    let delta = (hi - lo) * margin;
    let (mut x0, mut x1) = (lo - delta, hi + delta);
    if let Some(b) = lo_bound {
        x0 = x0.max(b);
    }
    if let Some(b) = hi_bound {
        x1 = x1.min(b);
    }
    if log {
        (10f64.powf(x0), 10f64.powf(x1))
    } else {
        (x0, x1)
    }
}

fn resolve(set: (Option<f64>, Option<f64>), auto: (f64, f64)) -> (f64, f64) {
    (set.0.unwrap_or(auto.0), set.1.unwrap_or(auto.1))
}

/// Splits `plot`'s positional arguments into `(x, y[, fmt])` groups as
/// matplotlib does: up to two data arguments, then an optional format.
fn group_plot_args(args: Vec<PlotArg>) -> Vec<Vec<PlotArg>> {
    let mut groups = Vec::new();
    let mut rest = args.into_iter().peekable();
    while rest.peek().is_some() {
        let mut group: Vec<PlotArg> = rest.by_ref().take(2).collect();
        if group.len() == 2 && matches!(group[0], PlotArg::Data(_)) {
            if let PlotArg::Fmt(_) = group[1] {
                groups.push(group);
                continue;
            }
        }
        if let Some(PlotArg::Fmt(_)) = rest.peek() {
            group.extend(rest.next());
        }
        groups.push(group);
    }
    groups
}

/// A colour argument, with the message matplotlib's `to_rgba_array` gives
/// (`fill_between`, `hist`, `stackplot`, `quiver` colours).
pub fn color_arg(c: &str) -> Result<Rgba> {
    parse_color(c)
        .ok_or_else(|| Error::Value(format!("{} is not a valid color value.", py_repr(c))))
}

/// matplotlib's `figaspect(A)`: the size of a figure for a `rows x cols`
/// matrix, `height` inches high (rcParams' figure height), kept within 4
/// to 16 inches each way.
pub fn figaspect(rows: usize, cols: usize, height: f64) -> (f64, f64) {
    let arg = rows.max(1) as f64 / cols.max(1) as f64;
    let (mut w, mut h) = (height / arg, height);
    let shrink = 1f64.min(w / 4.0).min(h / 4.0);
    (w, h) = (w / shrink, h / shrink);
    let grow = 1f64.max(w / 16.0).max(h / 16.0);
    (w, h) = (w / grow, h / grow);
    (w.clamp(4.0, 16.0), h.clamp(4.0, 16.0))
}

/// A bar's `color=`, with `bar`'s message.
pub(crate) fn bar_color(c: &str) -> Result<Rgba> {
    parse_color(c).ok_or_else(|| {
        Error::Value(
            "'facecolor' or 'color' argument must be a valid color or sequence of colors.".into(),
        )
    })
}

/// A colour argument, with the message matplotlib's `to_rgba` gives
/// (`pie` colours, `axhspan`, contour `colors=`).
pub fn rgba_arg(c: &str) -> Result<Rgba> {
    parse_color(c).ok_or_else(|| Error::Value(format!("Invalid RGBA argument: {}", py_repr(c))))
}

/// The common length of arrays that broadcast (each 1 element or `n`),
/// with NumPy's message otherwise.
pub(crate) fn broadcast_len(args: &[&Data]) -> Result<usize> {
    let n = args.iter().map(|d| d.values.len()).max().unwrap_or(0);
    for (i, d) in args.iter().enumerate() {
        if d.values.len() != 1 && d.values.len() != n {
            let (j, other) = args
                .iter()
                .enumerate()
                .find(|(_, o)| o.values.len() == n)
                .map_or((0, *d), |(j, o)| (j, *o));
            let (a, b) = if j < i { (j, i) } else { (i, j) };
            let shape = |d: &Data| shape_repr(&d.shape_1d());
            let (sa, sb) = if j < i {
                (shape(other), shape(d))
            } else {
                (shape(d), shape(other))
            };
            return Err(Error::Value(format!(
                "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {a} with shape {sa} and arg {b} with shape {sb}."
            )));
        }
    }
    Ok(n)
}

/// How `c=` was given to `scatter`.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ColorArg {
    /// Not given: the next cycle colour.
    #[default]
    Default,
    /// A colour name.
    Named(String),
    /// Numbers mapped through the colormap.
    Values(Data),
}

/// `scatter`'s options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScatterOpts {
    /// `s=`: marker areas.
    pub s: Option<Data>,
    /// `c=`.
    pub c: ColorArg,
    /// `marker=`.
    pub marker: Option<String>,
    /// `cmap=`.
    pub cmap: Option<Colormap>,
    /// `vmin=`.
    pub vmin: Option<f64>,
    /// `vmax=`.
    pub vmax: Option<f64>,
    /// `alpha=`.
    pub alpha: Option<f64>,
    /// `label=`.
    pub label: Option<String>,
}

/// `bar`'s x: numbers or category names.
#[derive(Clone, Debug, PartialEq)]
pub enum BarX {
    /// Positions.
    Numbers(Data),
    /// Names, placed at 0, 1, ... in order of first appearance.
    Categories(Vec<String>),
}

/// `bar`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct BarOpts {
    /// `width=`.
    pub width: Data,
    /// `bottom=`.
    pub bottom: Data,
    /// `align='edge'` (else centred).
    pub align_edge: bool,
    /// `color=`.
    pub color: Option<String>,
    /// `label=`.
    pub label: Option<String>,
}

impl Default for BarOpts {
    fn default() -> BarOpts {
        BarOpts {
            width: Data::vec(vec![0.8]),
            bottom: Data::vec(vec![0.0]),
            align_edge: false,
            color: None,
            label: None,
        }
    }
}

/// `bins=`: a count or the edges.
#[derive(Clone, Debug, PartialEq)]
pub enum Bins {
    /// This many equal bins over the range.
    Count(i64),
    /// These edges.
    Edges(Vec<f64>),
}

/// `hist`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct HistOpts {
    /// `bins=`.
    pub bins: Bins,
    /// `range=`.
    pub range: Option<(f64, f64)>,
    /// `density=`.
    pub density: bool,
    /// `color=`.
    pub color: Option<String>,
    /// `alpha=`.
    pub alpha: Option<f64>,
    /// `label=`.
    pub label: Option<String>,
}

impl Default for HistOpts {
    fn default() -> HistOpts {
        HistOpts {
            bins: Bins::Count(10),
            range: None,
            density: false,
            color: None,
            alpha: None,
            label: None,
        }
    }
}

/// `imshow`'s options.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ImageOpts {
    /// `cmap=`.
    pub cmap: Option<Colormap>,
    /// `vmin=`.
    pub vmin: Option<f64>,
    /// `vmax=`.
    pub vmax: Option<f64>,
    /// `extent=(left, right, bottom, top)`.
    pub extent: Option<(f64, f64, f64, f64)>,
    /// `origin='lower'`.
    pub origin_lower: bool,
    /// `aspect=`: `None` not given (square pixels), `Some(None)` `'auto'`,
    /// `Some(Some(r))` a ratio.
    pub aspect: Option<Option<f64>>,
}

/// `np.histogram(a, bins, range)`: counts (as floats) and edges, with
/// NumPy's bin assignment (the last bin includes its right edge; values
/// outside the range are dropped).
pub fn histogram(
    a: &[f64],
    bins: &Bins,
    range: Option<(f64, f64)>,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let edges = match bins {
        Bins::Count(n) => {
            if *n < 1 {
                return Err(Error::Value(
                    "`bins` must be positive, when an integer".into(),
                ));
            }
            let (lo, hi) = match range {
                Some((lo, hi)) => {
                    if lo > hi {
                        return Err(Error::Value(
                            "max must be larger than min in range parameter.".into(),
                        ));
                    }
                    if !(lo.is_finite() && hi.is_finite()) {
                        return Err(Error::Value(format!(
                            "supplied range of [{lo}, {hi}] is not finite"
                        )));
                    }
                    (lo, hi)
                }
                None => auto_range(a)?,
            };
            let (lo, hi) = if lo == hi {
                (lo - 0.5, hi + 0.5)
            } else {
                (lo, hi)
            };
            linspace(lo, hi, *n as usize + 1)
        }
        Bins::Edges(e) => {
            if e.windows(2).any(|w| w[1] < w[0]) {
                return Err(Error::Value(
                    "`bins` must increase monotonically, when an array".into(),
                ));
            }
            e.clone()
        }
    };
    let nb = edges.len().saturating_sub(1);
    let mut counts = vec![0.0; nb];
    if nb == 0 {
        return Ok((counts, edges));
    }
    let (first, last) = (edges[0], edges[nb]);
    for &v in a {
        if !(first..=last).contains(&v) {
            continue;
        }
        // The first edge greater than v, minus one; the last bin is closed.
        let i = edges.partition_point(|e| *e <= v);
        let i = i.saturating_sub(1).min(nb - 1);
        counts[i] += 1.0;
    }
    Ok((counts, edges))
}

fn auto_range(a: &[f64]) -> Result<(f64, f64)> {
    if a.is_empty() {
        return Ok((0.0, 1.0));
    }
    let lo = a.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = a.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if a.iter().any(|v| v.is_nan()) || !(lo.is_finite() && hi.is_finite()) {
        let show = |v: f64| {
            if a.iter().any(|v| v.is_nan()) {
                "nan".to_string()
            } else {
                format!("{v}")
            }
        };
        return Err(Error::Value(format!(
            "autodetected range of [{}, {}] is not finite",
            show(lo),
            show(hi)
        )));
    }
    Ok((lo, hi))
}

/// `np.linspace(start, stop, num)` (endpoint included, computed as NumPy does).
pub fn linspace(start: f64, stop: f64, num: usize) -> Vec<f64> {
    if num == 1 {
        return vec![start];
    }
    let div = (num - 1) as f64;
    let step = (stop - start) / div;
    let mut out: Vec<f64> = (0..num)
        .map(|i| {
            if step == 0.0 {
                i as f64 / div * (stop - start) + start
            } else {
                i as f64 * step + start
            }
        })
        .collect();
    if let Some(l) = out.last_mut() {
        *l = stop;
    }
    out
}

/// What `rcParams` (and `plt.style.use`) set for new figures, axes and
/// lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// `figure.figsize` in inches.
    pub figsize: (f64, f64),
    /// `figure.dpi`.
    pub dpi: f64,
    /// `lines.linewidth` in points.
    pub line_width: f64,
    /// `axes.grid`.
    pub grid: bool,
    /// `font.size` in points (text is drawn at its multiples).
    pub font_size: f64,
    /// `axes.prop_cycle`'s colours.
    pub colors: Vec<Rgba>,
    /// `figure.facecolor`.
    pub figure_facecolor: Rgba,
    /// The axes' colours (`axes.facecolor`, `grid.color`, ...).
    pub axes: AxesColors,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            figsize: (6.4, 4.8),
            dpi: 100.0,
            line_width: LINE_WIDTH,
            grid: false,
            font_size: 10.0,
            colors: CYCLE.to_vec(),
            figure_facecolor: Rgba::hex(0xffffff),
            axes: AxesColors::default(),
        }
    }
}

/// A figure: its size and its axes.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its number (`figure(num)`).
    pub num: i64,
    /// Width and height in inches.
    pub size: (f64, f64),
    /// Dots per inch.
    pub dpi: f64,
    /// Its axes, in creation order.
    pub axes: Vec<Axes>,
    /// The current axes.
    pub current: Option<usize>,
    /// `suptitle`: the figure's title above all axes.
    pub suptitle: Option<String>,
    /// `figure(facecolor=)`: the background.
    pub facecolor: Rgba,
    /// The rcParams in force when it was made.
    pub defaults: Defaults,
}

impl Figure {
    /// An empty figure (matplotlib's default 6.4 x 4.8 inches at 100 dpi).
    pub fn new(num: i64) -> Figure {
        Figure {
            num,
            size: (6.4, 4.8),
            dpi: 100.0,
            axes: Vec::new(),
            current: None,
            suptitle: None,
            facecolor: Rgba::hex(0xffffff),
            defaults: Defaults::default(),
        }
    }

    /// A figure made under `defaults`.
    pub fn with_defaults(num: i64, defaults: &Defaults) -> Figure {
        Figure {
            size: defaults.figsize,
            dpi: defaults.dpi,
            facecolor: defaults.figure_facecolor,
            defaults: defaults.clone(),
            ..Figure::new(num)
        }
    }

    /// New axes at `position` with this figure's defaults.
    fn new_axes(&self, position: (usize, usize, usize)) -> Axes {
        let mut ax = Axes::new(position);
        ax.grid = self.defaults.grid;
        ax.line_width = self.defaults.line_width;
        ax.colors = self.defaults.colors.clone();
        ax.look = self.defaults.axes;
        ax
    }

    /// How many ticks fit along the x and y axes of `ax`: matplotlib's
    /// `get_tick_space` for its place in the default subplot grid (left
    /// 0.125, right 0.9, bottom 0.11, top 0.88, spacing 0.2).
    pub fn tick_space(&self, ax: &Axes) -> (usize, usize) {
        let (rows, cols, _) = ax.position;
        let (rows, cols) = (rows.max(1) as f64, cols.max(1) as f64);
        let (fw, fh) = match ax.rect {
            Some((_, _, w, h)) => (w, h),
            None => (
                0.775 / (cols + 0.2 * (cols - 1.0)),
                0.77 / (rows + 0.2 * (rows - 1.0)),
            ),
        };
        let (w, h) = (fw * self.size.0 * 72.0, fh * self.size.1 * 72.0);
        (
            crate::axis::tick_space(w, true),
            crate::axis::tick_space(h, false),
        )
    }

    /// `ax.twinx()` of the axes at `index`: new axes in the same place
    /// sharing its x axis (made current); their index.
    pub fn twinx(&mut self, index: usize) -> usize {
        let root = self.axes[index].twin_of.unwrap_or(index);
        let mut twin = self.new_axes(self.axes[root].position);
        twin.twin_of = Some(root);
        self.axes.push(twin);
        self.current = Some(self.axes.len() - 1);
        self.axes.len() - 1
    }

    /// Whether other axes are twins of the axes at `index`.
    pub fn has_twin(&self, index: usize) -> bool {
        self.axes.iter().any(|a| a.twin_of == Some(index))
    }

    /// The view limits of the axes at `index` ([`Axes::limits`]), with
    /// the x axis shared among twins: autoscaled over all their data, or
    /// the limits set on any of them (the first axes' first).
    pub fn view(&self, index: usize) -> ((f64, f64), (f64, f64)) {
        let ax = &self.axes[index];
        let own = ax.limits();
        let root = ax.twin_of.unwrap_or(index);
        let group: Vec<&Axes> = std::iter::once(&self.axes[root])
            .chain(self.axes.iter().filter(|a| a.twin_of == Some(root)))
            .collect();
        if group.len() == 1 {
            return own;
        }
        let first = &self.axes[root];
        let xlog = first.xaxis.is_log();
        let mut xb = Bounds::new(xlog);
        for a in &group {
            let (b, _) = a.data_bounds(xlog, a.yaxis.is_log());
            if let Some((lo, hi)) = b.range {
                xb.range = Some(match xb.range {
                    None => (lo, hi),
                    Some((p, q)) => (p.min(lo), q.max(hi)),
                });
            }
            xb.sticky.extend(b.sticky);
        }
        let set = group
            .iter()
            .map(|a| a.xlim)
            .find(|l| *l != (None, None))
            .unwrap_or((None, None));
        let x = resolve(set, autoscale(&xb, first.margins.0, xlog));
        (x, own.1)
    }

    /// `get_xticks()` (`x`) or `get_yticks()` of the axes at `index`.
    pub fn ticks(&self, index: usize, x: bool) -> Vec<f64> {
        let Some(ax) = self.axes.get(index) else {
            return Vec::new();
        };
        let (xl, yl) = self.view(index);
        let (sx, sy) = self.tick_space(ax);
        if x {
            crate::axis::locate(&ax.xaxis, xl, sx)
        } else {
            crate::axis::locate(&ax.yaxis, yl, sy)
        }
    }

    /// Width and height in pixels at `dpi`.
    pub fn pixels(&self, dpi: f64) -> (u32, u32) {
        let px = |inches: f64| (inches * dpi).round().clamp(1.0, 20000.0) as u32;
        (px(self.size.0), px(self.size.1))
    }

    /// matplotlib's repr: `<Figure size 640x480 with 1 Axes>`.
    pub fn repr(&self) -> String {
        let (w, h) = (self.size.0 * self.dpi, self.size.1 * self.dpi);
        format!(
            "<Figure size {}x{} with {} Axes>",
            fmt_g(w),
            fmt_g(h),
            self.axes.len()
        )
    }

    /// The current axes, creating `subplot(1, 1, 1)` when there is none.
    pub fn gca(&mut self) -> &mut Axes {
        let i = match self.current {
            Some(i) => i,
            None => {
                self.axes.push(self.new_axes((1, 1, 1)));
                self.axes.len() - 1
            }
        };
        self.current = Some(i);
        &mut self.axes[i]
    }

    /// `add_axes([left, bottom, width, height])`: new axes whose plotting
    /// area is that rectangle (fractions of the figure), made current;
    /// their index.
    pub fn add_axes(&mut self, rect: (f64, f64, f64, f64)) -> usize {
        let mut ax = self.new_axes((1, 1, 1));
        ax.rect = Some(rect);
        self.axes.push(ax);
        self.current = Some(self.axes.len() - 1);
        self.axes.len() - 1
    }

    /// `subplots(rows, cols)`: a grid of new axes, row by row; their
    /// indices in [`Figure::axes`]. The last becomes current, as each
    /// `add_subplot` makes its axes current in matplotlib.
    pub fn subplots(&mut self, rows: i64, cols: i64) -> Result<Vec<usize>> {
        if rows < 1 || cols < 1 {
            return Err(Error::Value(format!(
                "Number of rows and columns must be positive integers, not {rows} and {cols}"
            )));
        }
        let first = self.axes.len();
        for k in 1..=(rows * cols) as usize {
            self.axes
                .push(self.new_axes((rows as usize, cols as usize, k)));
        }
        self.current = Some(self.axes.len() - 1);
        Ok((first..self.axes.len()).collect())
    }

    /// `subplot(rows, cols, index)`: selects the axes at that place,
    /// creating it if needed.
    pub fn subplot(&mut self, rows: i64, cols: i64, index: i64) -> Result<&mut Axes> {
        if rows < 1 {
            return Err(Error::Value(format!(
                "Number of rows must be a positive integer, not {rows}"
            )));
        }
        if cols < 1 {
            return Err(Error::Value(format!(
                "Number of columns must be a positive integer, not {cols}"
            )));
        }
        if !(1..=rows * cols).contains(&index) {
            return Err(Error::Value(format!(
                "num must be an integer with 1 <= num <= {}, not {index}",
                rows * cols
            )));
        }
        let pos = (rows as usize, cols as usize, index as usize);
        let i = match self
            .axes
            .iter()
            .position(|a| a.position == pos && a.rect.is_none() && a.twin_of.is_none())
        {
            Some(i) => i,
            None => {
                self.axes.push(self.new_axes(pos));
                self.axes.len() - 1
            }
        };
        self.current = Some(i);
        Ok(&mut self.axes[i])
    }
}

/// `%g` of a number (for figure sizes and tick-free labels).
pub fn fmt_g(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Which figure `close` closes.
#[derive(Clone, Debug, PartialEq)]
pub enum Close {
    /// The current figure.
    Current,
    /// Every figure.
    All,
    /// The figure with this number.
    Num(i64),
}

/// pyplot's state: open figures and the current one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pyplot {
    figures: Vec<Figure>,
    current: Option<usize>,
    /// The rcParams new figures are made with.
    pub defaults: Defaults,
}

impl Pyplot {
    /// The open figures, in creation order.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// `figure(num, figsize, dpi)`: activates figure `num` if it is open,
    /// else creates it (numbered one past the largest when `num` is None).
    pub fn figure(
        &mut self,
        num: Option<i64>,
        figsize: Option<(f64, f64)>,
        dpi: Option<f64>,
    ) -> Result<&mut Figure> {
        if let Some((w, h)) = figsize {
            if !(w > 0.0 && h > 0.0 && w.is_finite() && h.is_finite()) {
                return Err(Error::Value(format!(
                    "figure size must be positive finite not ({}, {})",
                    fmt_g(w),
                    fmt_g(h)
                )));
            }
        }
        if let Some(d) = dpi {
            if !(d > 0.0 && d.is_finite()) {
                return Err(Error::Value(format!(
                    "dpi must be positive, not {}",
                    fmt_g(d)
                )));
            }
        }
        let existing = num.and_then(|n| self.figures.iter().position(|f| f.num == n));
        let i = match existing {
            Some(i) => i,
            None => {
                let n = num
                    .unwrap_or_else(|| self.figures.iter().map(|f| f.num).max().unwrap_or(0) + 1);
                let mut f = Figure::with_defaults(n, &self.defaults);
                if let Some(s) = figsize {
                    f.size = s;
                }
                if let Some(d) = dpi {
                    f.dpi = d;
                }
                self.figures.push(f);
                self.figures.len() - 1
            }
        };
        self.current = Some(i);
        Ok(&mut self.figures[i])
    }

    /// The open figure numbered `num`, if there is one.
    pub fn figure_mut(&mut self, num: i64) -> Option<&mut Figure> {
        self.figures.iter_mut().find(|f| f.num == num)
    }

    /// Makes the open figure `num` current (`plt.figure(fig)`,
    /// `plt.sca(ax)`); whether it is open.
    pub fn activate(&mut self, num: i64) -> bool {
        match self.figures.iter().position(|f| f.num == num) {
            Some(i) => {
                self.current = Some(i);
                true
            }
            None => false,
        }
    }

    /// The current figure, creating one if none is open.
    pub fn gcf(&mut self) -> &mut Figure {
        let i = match self.current {
            Some(i) => i,
            None => {
                let n = self.figures.iter().map(|f| f.num).max().unwrap_or(0) + 1;
                self.figures.push(Figure::with_defaults(n, &self.defaults));
                self.figures.len() - 1
            }
        };
        self.current = Some(i);
        &mut self.figures[i]
    }

    /// The current axes of the current figure, creating both as needed.
    pub fn gca(&mut self) -> &mut Axes {
        self.gcf().gca()
    }

    /// `close(...)`.
    pub fn close(&mut self, which: Close) {
        match which {
            Close::All => self.figures.clear(),
            Close::Current => {
                if let Some(i) = self.current {
                    self.figures.remove(i);
                }
            }
            Close::Num(n) => self.figures.retain(|f| f.num != n),
        }
        self.current = self.figures.len().checked_sub(1);
    }

    /// Closes every figure and returns them (what `show` displays).
    pub fn take_all(&mut self) -> Vec<Figure> {
        self.current = None;
        std::mem::take(&mut self.figures)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: &[f64]) -> PlotArg {
        PlotArg::Data(Data::vec(v.to_vec()))
    }

    #[test]
    fn plot_groups_and_errors() {
        let mut ax = Axes::new((1, 1, 1));
        let n = ax
            .plot(
                vec![
                    d(&[1.0, 2.0]),
                    d(&[3.0, 4.0]),
                    PlotArg::Fmt("r--".into()),
                    d(&[5.0, 6.0]),
                ],
                &LineProps::default(),
            )
            .unwrap();
        assert_eq!(n, 2);
        let err = ax
            .plot(
                vec![d(&[1.0, 2.0, 3.0]), d(&[1.0, 2.0, 3.0, 4.0])],
                &LineProps::default(),
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "ValueError: x and y must have same first dimension, but have shapes (3,) and (4,)"
        );
        let err = ax
            .plot(
                vec![d(&[1.0]), PlotArg::Fmt("r-q".into())],
                &LineProps::default(),
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "ValueError: 'r-q' is not a valid format string (unrecognized character 'q')"
        );
    }

    #[test]
    fn imshow_rejects_1d() {
        let mut ax = Axes::new((1, 1, 1));
        let err = ax
            .imshow(&Data::vec(vec![1.0, 2.0, 3.0]), false, ImageOpts::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "TypeError: Invalid shape (3,) for image data"
        );
    }

    #[test]
    fn autoscale_like_matplotlib() {
        let mut ax = Axes::new((1, 1, 1));
        ax.plot(vec![d(&[1.0, 2.0, 3.0])], &LineProps::default())
            .unwrap();
        let ((x0, x1), (y0, y1)) = ax.limits();
        assert!((x0 + 0.1).abs() < 1e-12 && (x1 - 2.1).abs() < 1e-12);
        assert!((y0 - 0.9).abs() < 1e-12 && (y1 - 3.1).abs() < 1e-12);
        let mut ax = Axes::new((1, 1, 1));
        ax.bar(
            BarX::Numbers(Data::vec(vec![0.0, 1.0])),
            &Data::vec(vec![2.0, 4.0]),
            BarOpts::default(),
        )
        .unwrap();
        assert_eq!(ax.limits().1 .0, 0.0, "bars stand on y = 0");
        assert_eq!(Axes::new((1, 1, 1)).limits(), ((0.0, 1.0), (0.0, 1.0)));
    }

    #[test]
    fn histogram_like_numpy() {
        let (c, e) = histogram(&[1.0, 2.0, 2.0, 3.0, 4.0], &Bins::Count(3), None).unwrap();
        assert_eq!(c, vec![1.0, 2.0, 2.0]);
        assert_eq!(e, vec![1.0, 2.0, 3.0, 4.0]);
        let (c, _) = histogram(&[5.0], &Bins::Count(2), None).unwrap();
        assert_eq!(c, vec![0.0, 1.0]);
    }

    #[test]
    fn figures_and_subplots() {
        let mut p = Pyplot::default();
        p.figure(None, Some((8.0, 3.0)), None).unwrap();
        assert_eq!(p.gcf().repr(), "<Figure size 800x300 with 0 Axes>");
        p.gcf().subplot(2, 1, 2).unwrap();
        assert_eq!(p.gcf().repr(), "<Figure size 800x300 with 1 Axes>");
        assert!(p.gcf().subplot(2, 1, 3).is_err());
        p.figure(Some(5), None, None).unwrap();
        assert_eq!(p.figures().len(), 2);
        p.close(Close::Num(5));
        assert_eq!(p.gcf().num, 1);
        assert_eq!(p.take_all().len(), 1);
        assert!(p.figures().is_empty());
    }
}
