//! The artists beyond lines, points, bars and images: text and
//! annotations, reference lines and spans, filled areas, error bars,
//! steps and stems, with matplotlib's defaults and messages.

use crate::model::{Artist, Axes, Bars, Data, Line, LineProps, PlotArg};
use crate::style::{parse_color, parse_format, LineStyle, Marker, Rgba, CYCLE};
use crate::{py_repr, shape_repr, Error, Result};

/// How text is placed horizontally relative to its point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HAlign {
    /// Starts at the point (matplotlib's default).
    #[default]
    Left,
    /// Centred on it.
    Center,
    /// Ends at it.
    Right,
}

/// How text is placed vertically relative to its point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VAlign {
    /// The baseline at the point (matplotlib's default).
    #[default]
    Baseline,
    /// The bottom at the point.
    Bottom,
    /// Centred on it.
    Center,
    /// The top at it.
    Top,
}

impl HAlign {
    /// `ha=`/`horizontalalignment=`.
    pub fn parse(s: &str) -> Result<HAlign> {
        match s {
            "left" => Ok(HAlign::Left),
            "center" => Ok(HAlign::Center),
            "right" => Ok(HAlign::Right),
            other => Err(Error::Value(format!(
                "{} is not a valid value for align; supported values are 'center', 'right', 'left'",
                py_repr(other)
            ))),
        }
    }
}

impl VAlign {
    /// `va=`/`verticalalignment=`.
    pub fn parse(s: &str) -> Result<VAlign> {
        match s {
            "baseline" | "center_baseline" => Ok(VAlign::Baseline),
            "bottom" => Ok(VAlign::Bottom),
            "center" => Ok(VAlign::Center),
            "top" => Ok(VAlign::Top),
            other => Err(Error::Value(format!(
                "{} is not a valid value for align; supported values are 'top', 'bottom', 'center', 'baseline', 'center_baseline'",
                py_repr(other)
            ))),
        }
    }
}

/// Text properties (`None`: matplotlib's default).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextOpts {
    /// `color=`.
    pub color: Option<String>,
    /// `fontsize=` in points (default 10).
    pub fontsize: Option<f64>,
    /// `ha=`.
    pub ha: HAlign,
    /// `va=`.
    pub va: VAlign,
    /// `rotation=` in degrees (90 or 270 draw the text vertically).
    pub rotation: f64,
    /// `transform=ax.transAxes`: x and y are fractions of the axes.
    pub axes_coords: bool,
    /// A shift in points from the point (`annotate(...,
    /// textcoords='offset points', xytext=(dx, dy))`), y upwards.
    pub offset: (f64, f64),
}

/// The arrow of an annotation, from the text to the point it annotates.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    /// The annotated point, in data coordinates.
    pub to: (f64, f64),
    /// A head at the annotated point.
    pub head_end: bool,
    /// A head at the text.
    pub head_start: bool,
    /// The colour.
    pub color: Rgba,
}

/// The arrow styles of `arrowprops=dict(arrowstyle=...)`: whether each
/// has a head at its start and at its end; `None` for an unknown name.
pub fn arrow_heads(style: &str) -> Option<(bool, bool)> {
    Some(match style.replace(' ', "").as_str() {
        "-" | "]-" | "-[" | "]-[" | "|-|" => (false, false),
        "->" | "-|>" | "]->" | "simple" | "fancy" | "wedge" => (false, true),
        "<-" | "<|-" | "<-[" => (true, false),
        "<->" | "<|-|>" => (true, true),
        _ => return None,
    })
}

/// Text (`text`, `annotate`).
#[derive(Clone, Debug, PartialEq)]
pub struct TextArt {
    /// Where the text is.
    pub x: f64,
    /// Where the text is.
    pub y: f64,
    /// The string.
    pub text: String,
    /// Whether x and y are fractions of the axes (else data coordinates).
    pub axes_coords: bool,
    /// Colour.
    pub color: Rgba,
    /// Size in points.
    pub fontsize: f64,
    /// Horizontal alignment.
    pub ha: HAlign,
    /// Vertical alignment.
    pub va: VAlign,
    /// Rotation in degrees.
    pub rotation: f64,
    /// An annotation's arrow.
    pub arrow: Option<Arrow>,
    /// A shift in points from (x, y), y upwards.
    pub offset: (f64, f64),
}

/// A line across the axes: `axhline` at y (from x fraction `from` to
/// `to` of the axes' width), or `axvline` at x.
#[derive(Clone, Debug, PartialEq)]
pub struct RefLine {
    /// `axhline` (else `axvline`).
    pub horizontal: bool,
    /// Its data coordinate.
    pub at: f64,
    /// Where it starts, as a fraction of the axes (0 to 1).
    pub from: f64,
    /// Where it ends.
    pub to: f64,
    /// Colour.
    pub color: Rgba,
    /// Style.
    pub style: LineStyle,
    /// Width in points.
    pub width: f64,
    /// Legend label.
    pub label: Option<String>,
}

/// A band across the axes: `axhspan` from y `lo` to `hi` (from x fraction
/// `from` to `to`), or `axvspan`.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    /// `axhspan` (else `axvspan`).
    pub horizontal: bool,
    /// Its low data coordinate.
    pub lo: f64,
    /// Its high data coordinate.
    pub hi: f64,
    /// Where it starts, as a fraction of the axes.
    pub from: f64,
    /// Where it ends.
    pub to: f64,
    /// Fill colour (with its alpha).
    pub color: Rgba,
    /// Legend label.
    pub label: Option<String>,
}

/// Filled polygons in data coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Fill {
    /// The polygons (one per run of `where=`).
    pub polygons: Vec<Vec<(f64, f64)>>,
    /// Fill colour (with its alpha).
    pub color: Rgba,
    /// Legend label.
    pub label: Option<String>,
}

/// Line segments in data coordinates, each maybe capped at both ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Segments {
    /// The segments.
    pub segments: Vec<((f64, f64), (f64, f64))>,
    /// Colour.
    pub color: Rgba,
    /// Width in points.
    pub width: f64,
    /// The length in points of a cap across each end (0: none).
    pub capsize: f64,
}

/// Keyword properties of lines and patches drawn across the axes
/// (`axhline`, `axhspan`, `fill_between`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShapeProps {
    /// `color=` (`c=`, `facecolor=`).
    pub color: Option<String>,
    /// `linestyle=` (`ls=`).
    pub linestyle: Option<String>,
    /// `linewidth=` (`lw=`).
    pub linewidth: Option<f64>,
    /// `alpha=`.
    pub alpha: Option<f64>,
    /// `label=`.
    pub label: Option<String>,
}

/// `barh`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct BarhOpts {
    /// `height=` (the bars' thickness, default 0.8).
    pub height: Data,
    /// `left=` (where the bars start, default 0).
    pub left: Data,
    /// `align='edge'` (else centred on y).
    pub align_edge: bool,
    /// `color=`.
    pub color: Option<String>,
    /// `label=`.
    pub label: Option<String>,
}

impl Default for BarhOpts {
    fn default() -> BarhOpts {
        BarhOpts {
            height: Data::vec(vec![0.8]),
            left: Data::vec(vec![0.0]),
            align_edge: false,
            color: None,
            label: None,
        }
    }
}

/// `step`'s `where=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepWhere {
    /// The step up happens at the point (y\[i\] holds from x\[i-1\] to x\[i\]).
    Pre,
    /// y\[i\] holds from x\[i\] to x\[i+1\].
    Post,
    /// The step happens half-way between points.
    Mid,
}

impl StepWhere {
    /// Parses `where=`, with matplotlib's message.
    pub fn parse(s: &str) -> Result<StepWhere> {
        match s {
            "pre" => Ok(StepWhere::Pre),
            "post" => Ok(StepWhere::Post),
            "mid" => Ok(StepWhere::Mid),
            other => Err(Error::Value(format!(
                "{} is not a valid value for where; supported values are 'pre', 'post', 'mid'",
                py_repr(other)
            ))),
        }
    }
}

/// An `errorbar` error: one value for all points, one per point, or a
/// `(2, n)` pair of lower and upper errors.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorArg(pub Data);

/// `errorbar`'s options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorbarOpts {
    /// `yerr=`.
    pub yerr: Option<ErrorArg>,
    /// `xerr=`.
    pub xerr: Option<ErrorArg>,
    /// `fmt=` (`''` the default line, `'none'` no line or markers).
    pub fmt: String,
    /// `ecolor=`.
    pub ecolor: Option<String>,
    /// `elinewidth=`.
    pub elinewidth: Option<f64>,
    /// `capsize=` in points (default 0: no caps).
    pub capsize: Option<f64>,
}

/// The default text size, line width and the default colour of lines and
/// patches outside the cycle (`lines.color`, `patch.facecolor`: `'C0'`).
const FONT_SIZE: f64 = 10.0;
const LINE_WIDTH: f64 = 1.5;

pub(crate) fn color_arg(c: &str) -> Result<Rgba> {
    parse_color(c).ok_or_else(|| {
        Error::Value(format!(
            "{} is not a valid value for color: supported inputs are (r, g, b) and (r, g, b, a) 0-1 float tuples; '#rrggbb', '#rrggbbaa', '#rgb', '#rgba' strings; named color strings; string reprs of 0-1 floats for grayscale values; 'C0', 'C1', ... strings for colors of the color cycle; and pairs combining one of the above with an alpha value",
            py_repr(c)
        ))
    })
}

fn line_style(s: &Option<String>) -> Result<LineStyle> {
    match s {
        None => Ok(LineStyle::Solid),
        Some(s) => LineStyle::parse(s).ok_or_else(|| {
            Error::Value(format!(
                "{} is not a valid value for ls; supported values are '-', '--', '-.', ':', 'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'",
                py_repr(s)
            ))
        }),
    }
}

fn with_alpha(c: Rgba, alpha: Option<f64>) -> Rgba {
    alpha.map_or(c, |a| c.with_alpha(a))
}

impl Axes {
    /// `text(x, y, s)`.
    pub fn text(&mut self, x: f64, y: f64, s: &str, opts: &TextOpts) -> Result<()> {
        let art = text_art(x, y, s, opts)?;
        self.artists.push(Artist::Text(art));
        Ok(())
    }

    /// `annotate(text, xy, xytext, arrowprops)`: the text at `xytext`
    /// (else at `xy`), with an arrow to `xy` when `arrow` gives its style
    /// and colour and the text is elsewhere.
    pub fn annotate(
        &mut self,
        s: &str,
        xy: (f64, f64),
        xytext: Option<(f64, f64)>,
        arrow: Option<(Option<String>, Option<String>)>,
        opts: &TextOpts,
    ) -> Result<()> {
        let at = xytext.unwrap_or(xy);
        let mut art = text_art(at.0, at.1, s, opts)?;
        if let Some((style, color)) = arrow {
            let (head_start, head_end) = match &style {
                None => (false, true),
                Some(st) => arrow_heads(st)
                    .ok_or_else(|| Error::Value(format!("Unknown style: {}", py_repr(st))))?,
            };
            let color = match color {
                Some(c) => color_arg(&c)?,
                None => Rgba::hex(0x000000),
            };
            if xytext.is_some() || opts.offset != (0.0, 0.0) {
                art.arrow = Some(Arrow {
                    to: xy,
                    head_end,
                    head_start,
                    color,
                });
            }
        }
        self.artists.push(Artist::Text(art));
        Ok(())
    }

    /// `axhline(y, xmin, xmax)` (`horizontal`) or `axvline(x, ymin, ymax)`.
    pub fn refline(
        &mut self,
        horizontal: bool,
        at: f64,
        from: f64,
        to: f64,
        props: &ShapeProps,
    ) -> Result<()> {
        let color = match &props.color {
            Some(c) => color_arg(c)?,
            None => CYCLE[0],
        };
        self.artists.push(Artist::RefLine(RefLine {
            horizontal,
            at,
            from,
            to,
            color: with_alpha(color, props.alpha),
            style: line_style(&props.linestyle)?,
            width: props.linewidth.unwrap_or(LINE_WIDTH),
            label: props.label.clone(),
        }));
        Ok(())
    }

    /// `axhspan(ymin, ymax, xmin, xmax)` or `axvspan(xmin, xmax, ymin, ymax)`.
    pub fn span(
        &mut self,
        horizontal: bool,
        (lo, hi): (f64, f64),
        (from, to): (f64, f64),
        props: &ShapeProps,
    ) -> Result<()> {
        let color = match &props.color {
            Some(c) => crate::model::rgba_arg(c)?,
            None => CYCLE[0],
        };
        self.artists.push(Artist::Span(Span {
            horizontal,
            lo,
            hi,
            from,
            to,
            color: with_alpha(color, props.alpha),
            label: props.label.clone(),
        }));
        Ok(())
    }

    /// `fill_between(x, y1, y2, where)`: the area between the curves, one
    /// polygon per run of points where `where` holds; `fill_betweenx` when
    /// `vertical` (then `x` holds the y values and the curves are x values).
    pub fn fill_between(
        &mut self,
        vertical: bool,
        x: &Data,
        y1: &Data,
        y2: &Data,
        mask: Option<&[bool]>,
        props: &ShapeProps,
    ) -> Result<()> {
        let (xn, y1n, y2n) = if vertical {
            ("y", "x1", "x2")
        } else {
            ("x", "y1", "y2")
        };
        for (d, name) in [(x, xn), (y1, y1n), (y2, y2n)] {
            if d.shape.len() > 1 {
                return Err(Error::Value(format!("'{name}' is not 1-dimensional")));
            }
        }
        let n = x.values.len();
        let at = |d: &Data, name: &str| -> Result<Vec<f64>> {
            match d.values.len() {
                1 => Ok(vec![d.values[0]; n]),
                m if m == n => Ok(d.values.clone()),
                m => Err(Error::Value(format!(
                    "'{xn}' has size {n}, but '{name}' has an unequal size of {m}"
                ))),
            }
        };
        let (a, b) = (at(y1, y1n)?, at(y2, y2n)?);
        if let Some(m) = mask {
            if m.len() != n {
                return Err(Error::Value(format!(
                    "where size ({}) does not match '{xn}' size ({n})",
                    m.len()
                )));
            }
        }
        let mut polygons = Vec::new();
        let mut run: Vec<usize> = Vec::new();
        let ok = |i: usize| {
            mask.is_none_or(|m| m[i])
                && x.values[i].is_finite()
                && a[i].is_finite()
                && b[i].is_finite()
        };
        for i in 0..=n {
            if i < n && ok(i) {
                run.push(i);
                continue;
            }
            if !run.is_empty() {
                let pt = |xv: f64, yv: f64| if vertical { (yv, xv) } else { (xv, yv) };
                let mut poly: Vec<(f64, f64)> =
                    run.iter().map(|&j| pt(x.values[j], a[j])).collect();
                poly.extend(run.iter().rev().map(|&j| pt(x.values[j], b[j])));
                polygons.push(poly);
                run.clear();
            }
        }
        let color = match &props.color {
            Some(c) => crate::model::color_arg(c)?,
            None => self.next_patch_color(),
        };
        self.artists.push(Artist::Fill(Fill {
            polygons,
            color: with_alpha(color, props.alpha),
            label: props.label.clone(),
        }));
        Ok(())
    }

    /// `step(x, y, fmt, where=)`: a line of horizontal and vertical steps.
    pub fn step(
        &mut self,
        x: &Data,
        y: &Data,
        fmt: Option<String>,
        at: StepWhere,
        props: &LineProps,
    ) -> Result<()> {
        let (xs, ys) = (x.values.clone(), y.values.clone());
        if xs.len() != ys.len() {
            return Err(Error::Value(format!(
                "x and y must have same first dimension, but have shapes {} and {}",
                shape_repr(&[xs.len()]),
                shape_repr(&[ys.len()])
            )));
        }
        let (sx, sy) = steps(&xs, &ys, at);
        let mut args = vec![PlotArg::Data(Data::vec(sx)), PlotArg::Data(Data::vec(sy))];
        args.extend(fmt.map(PlotArg::Fmt));
        self.plot(args, props)?;
        Ok(())
    }

    /// `barh(y, width, height, left)`: bars along the x axis.
    pub fn barh(&mut self, y: &Data, width: &Data, opts: BarhOpts) -> Result<usize> {
        let BarhOpts {
            height,
            left,
            align_edge,
            color,
            label,
        } = opts;
        let (height, left) = (&height, &left);
        // matplotlib broadcasts (x=left, height, width, y), in that order.
        let n = crate::model::broadcast_len(&[left, height, width, y])?;
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
            color: match color {
                Some(c) => crate::model::bar_color(&c)?,
                None => self.next_patch_color(),
            },
            label,
            horizontal: true,
        };
        for i in 0..n {
            let h = at(height, i);
            let bottom = if align_edge {
                at(y, i)
            } else {
                at(y, i) - h / 2.0
            };
            bars.lefts.push(at(left, i));
            bars.widths.push(at(width, i));
            bars.bottoms.push(bottom);
            bars.heights.push(h);
        }
        self.artists.push(Artist::Bars(bars));
        Ok(n)
    }

    /// `errorbar(x, y, yerr, xerr, fmt)`: the data line (unless
    /// `fmt='none'`) and a bar of the error at each point.
    pub fn errorbar(
        &mut self,
        x: &Data,
        y: &Data,
        opts: &ErrorbarOpts,
        props: &LineProps,
    ) -> Result<()> {
        if x.values.len() != y.values.len() {
            return Err(Error::Value("'x' and 'y' must have the same size".into()));
        }
        let n = x.values.len();
        let yerr = opts
            .yerr
            .as_ref()
            .map(|e| error_bounds(e, "yerr", &y.values, &y.shape))
            .transpose()?;
        let xerr = opts
            .xerr
            .as_ref()
            .map(|e| error_bounds(e, "xerr", &x.values, &x.shape))
            .transpose()?;
        let line_color = if opts.fmt == "none" {
            match &props.color {
                Some(c) => color_arg(c)?,
                None => self.next_color(),
            }
        } else {
            let mut args = vec![
                PlotArg::Data(Data::vec(x.values.clone())),
                PlotArg::Data(Data::vec(y.values.clone())),
            ];
            if !opts.fmt.is_empty() {
                parse_format(&opts.fmt)?;
                args.push(PlotArg::Fmt(opts.fmt.clone()));
            }
            self.plot(args, props)?;
            match self.artists.last() {
                Some(Artist::Line(Line { color, .. })) => *color,
                _ => CYCLE[0],
            }
        };
        let color = match &opts.ecolor {
            Some(c) => crate::model::color_arg(c)?,
            None => line_color,
        };
        let width = opts.elinewidth.or(props.linewidth).unwrap_or(LINE_WIDTH);
        let capsize = opts.capsize.unwrap_or(0.0);
        // Each error bar goes in front of the line's artists (matplotlib's
        // barsabove=False draws them below it; the order does not change
        // what is shown at this size).
        for (bounds, vertical) in [(yerr, true), (xerr, false)] {
            let Some((lo, hi)) = bounds else { continue };
            let segments = (0..n)
                .map(|i| {
                    let (xv, yv) = (x.values[i], y.values[i]);
                    if vertical {
                        ((xv, lo[i]), (xv, hi[i]))
                    } else {
                        ((lo[i], yv), (hi[i], yv))
                    }
                })
                .collect();
            self.artists.push(Artist::Segments(Segments {
                segments,
                color,
                width,
                capsize,
            }));
        }
        Ok(())
    }

    /// `stem(x, y, bottom=)`: a stem from `bottom` to each point, a marker
    /// on it, and a baseline (matplotlib's `'C0-'`, `'C0o'`, `'C3-'`).
    pub fn stem(&mut self, x: &Data, y: &Data, bottom: f64, label: Option<String>) -> Result<()> {
        if x.values.len() != y.values.len() {
            return Err(Error::Value(format!(
                "could not broadcast input array from shape {} into shape {}",
                shape_repr(&[y.values.len()]),
                shape_repr(&[x.values.len()])
            )));
        }
        let segments = x
            .values
            .iter()
            .zip(&y.values)
            .map(|(&xv, &yv)| ((xv, bottom), (xv, yv)))
            .collect();
        self.artists.push(Artist::Segments(Segments {
            segments,
            color: CYCLE[0],
            width: LINE_WIDTH,
            capsize: 0.0,
        }));
        self.artists.push(Artist::Line(Line {
            xs: x.values.clone(),
            ys: y.values.clone(),
            color: CYCLE[0],
            style: LineStyle::Nothing,
            width: LINE_WIDTH,
            marker: Marker::Circle,
            marker_size: 6.0,
            label,
        }));
        let lo = x.values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = x.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if lo.is_finite() && hi.is_finite() {
            self.artists.push(Artist::Line(Line {
                xs: vec![lo, hi],
                ys: vec![bottom, bottom],
                color: CYCLE[3],
                style: LineStyle::Solid,
                width: LINE_WIDTH,
                marker: Marker::Nothing,
                marker_size: 6.0,
                label: None,
            }));
        }
        Ok(())
    }
}

fn text_art(x: f64, y: f64, s: &str, opts: &TextOpts) -> Result<TextArt> {
    Ok(TextArt {
        x,
        y,
        text: s.to_string(),
        axes_coords: opts.axes_coords,
        color: match &opts.color {
            Some(c) => color_arg(c)?,
            None => Rgba::hex(0x000000),
        },
        fontsize: opts.fontsize.unwrap_or(FONT_SIZE),
        ha: opts.ha,
        va: opts.va,
        rotation: opts.rotation,
        arrow: None,
        offset: opts.offset,
    })
}

/// The corners of `step`'s staircase through the points.
pub fn steps(xs: &[f64], ys: &[f64], at: StepWhere) -> (Vec<f64>, Vec<f64>) {
    let n = xs.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    let (mut sx, mut sy) = (vec![xs[0]], vec![ys[0]]);
    for i in 1..n {
        match at {
            StepWhere::Pre => {
                sx.extend([xs[i - 1], xs[i]]);
                sy.extend([ys[i], ys[i]]);
            }
            StepWhere::Post => {
                sx.extend([xs[i], xs[i]]);
                sy.extend([ys[i - 1], ys[i]]);
            }
            StepWhere::Mid => {
                let m = (xs[i - 1] + xs[i]) / 2.0;
                sx.extend([m, m]);
                sy.extend([ys[i - 1], ys[i]]);
            }
        }
    }
    if at == StepWhere::Mid {
        sx.push(xs[n - 1]);
        sy.push(ys[n - 1]);
    }
    (sx, sy)
}

/// The low and high ends of each error bar, with matplotlib's messages
/// for a wrong shape or a negative error.
fn error_bounds(
    e: &ErrorArg,
    name: &str,
    values: &[f64],
    shape: &[usize],
) -> Result<(Vec<f64>, Vec<f64>)> {
    let n = values.len();
    let d = &e.0;
    let (lo, hi): (Vec<f64>, Vec<f64>) = match d.shape.as_slice() {
        [] | [1] => (vec![d.values[0]; n], vec![d.values[0]; n]),
        [m] if *m == n => (d.values.clone(), d.values.clone()),
        [2, m] if *m == n => (d.values[..n].to_vec(), d.values[n..].to_vec()),
        _ => {
            let vshape = if shape.is_empty() {
                vec![n]
            } else {
                shape.to_vec()
            };
            return Err(Error::Value(format!(
                "'{name}' (shape: {}) must be a scalar or a 1D or (2, n) array-like whose shape matches '{}' (shape: {})",
                shape_repr(&d.shape),
                &name[..1],
                shape_repr(&vshape)
            )));
        }
    };
    if lo.iter().chain(&hi).any(|v| *v < 0.0) {
        return Err(Error::Value(format!(
            "'{name}' must not contain negative values"
        )));
    }
    Ok((
        values.iter().zip(&lo).map(|(v, e)| v - e).collect(),
        values.iter().zip(&hi).map(|(v, e)| v + e).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: &[f64]) -> Data {
        Data::vec(v.to_vec())
    }

    #[test]
    fn staircases() {
        let (x, y) = steps(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0], StepWhere::Pre);
        assert_eq!(x, vec![1.0, 1.0, 2.0, 2.0, 3.0]);
        assert_eq!(y, vec![1.0, 2.0, 2.0, 3.0, 3.0]);
        let (x, y) = steps(&[1.0, 2.0], &[1.0, 2.0], StepWhere::Post);
        assert_eq!((x, y), (vec![1.0, 2.0, 2.0], vec![1.0, 1.0, 2.0]));
        let (x, y) = steps(&[1.0, 2.0], &[1.0, 2.0], StepWhere::Mid);
        assert_eq!((x, y), (vec![1.0, 1.5, 1.5, 2.0], vec![1.0, 1.0, 2.0, 2.0]));
    }

    #[test]
    fn errors_like_matplotlib() {
        let mut ax = Axes::new((1, 1, 1));
        let xy = d(&[1.0, 2.0, 3.0]);
        let opts = ErrorbarOpts {
            yerr: Some(ErrorArg(d(&[1.0, 2.0]))),
            ..Default::default()
        };
        assert_eq!(
            ax.errorbar(&xy, &xy, &opts, &LineProps::default()).unwrap_err().to_string(),
            "ValueError: 'yerr' (shape: (2,)) must be a scalar or a 1D or (2, n) array-like whose shape matches 'y' (shape: (3,))"
        );
        let opts = ErrorbarOpts {
            yerr: Some(ErrorArg(Data {
                shape: vec![],
                values: vec![-1.0],
            })),
            ..Default::default()
        };
        assert_eq!(
            ax.errorbar(&xy, &xy, &opts, &LineProps::default())
                .unwrap_err()
                .to_string(),
            "ValueError: 'yerr' must not contain negative values"
        );
        let p = ShapeProps::default();
        assert_eq!(
            ax.fill_between(false, &xy, &d(&[0.0, 1.0]), &d(&[0.0]), None, &p)
                .unwrap_err()
                .to_string(),
            "ValueError: 'x' has size 3, but 'y1' has an unequal size of 2"
        );
        assert_eq!(
            ax.fill_between(false, &xy, &xy, &d(&[0.0]), Some(&[true, false]), &p)
                .unwrap_err()
                .to_string(),
            "ValueError: where size (2) does not match 'x' size (3)"
        );
        assert!(ax.artists.is_empty(), "nothing is added on an error");
        assert_eq!(
            StepWhere::parse("left").unwrap_err().to_string(),
            "ValueError: 'left' is not a valid value for where; supported values are 'pre', 'post', 'mid'"
        );
    }

    #[test]
    fn fill_between_splits_at_where() {
        let mut ax = Axes::new((1, 1, 1));
        let x = d(&[0.0, 1.0, 2.0, 3.0]);
        ax.fill_between(
            false,
            &x,
            &d(&[1.0, 2.0, 3.0, 4.0]),
            &d(&[0.0]),
            Some(&[true, true, false, true]),
            &ShapeProps::default(),
        )
        .unwrap();
        let Artist::Fill(f) = &ax.artists[0] else {
            panic!("a fill")
        };
        assert_eq!(f.polygons.len(), 2);
        assert_eq!(
            f.polygons[0],
            vec![(0.0, 1.0), (1.0, 2.0), (1.0, 0.0), (0.0, 0.0)]
        );
        assert_eq!(f.color, CYCLE[0]);
    }
}
