//! Draws a [`Figure`] with plotters: into an RGB buffer, a PNG or an SVG.
//!
//! Text uses the DejaVu Sans bundled in `assets/` (registered with
//! plotters' `ab_glyph` text renderer), so output does not depend on the
//! fonts of the machine.

use std::sync::Once;

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::model::{Artist, Axes, Bars, ColorScale, Figure, Image, Line, Scatter};
use crate::style::{LineStyle, Marker, Rgba};
use crate::{Error, Result};

static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is bundled and valid; a failure would only lose text.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// An image file format `savefig` can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PNG.
    Png,
    /// SVG.
    Svg,
}

impl Format {
    /// The format named by `format=` or by a file name's extension; a name
    /// without an extension means PNG.
    pub fn parse(name: &str) -> Result<Format> {
        match name.to_ascii_lowercase().as_str() {
            "png" => Ok(Format::Png),
            "svg" => Ok(Format::Svg),
            other => Err(Error::Value(format!(
                "Format '{other}' is not supported (supported formats: png, svg)"
            ))),
        }
    }
}

/// The figure as RGB pixels: `(width, height, bytes)`.
pub fn to_rgb(fig: &Figure, dpi: f64) -> Result<(u32, u32, Vec<u8>)> {
    let (w, h) = fig.pixels(dpi);
    let mut buf = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        draw(&root, fig, dpi)?;
        root.present().map_err(draw_error)?;
    }
    Ok((w, h, buf))
}

/// The figure as a PNG file's bytes.
pub fn to_png(fig: &Figure, dpi: f64) -> Result<Vec<u8>> {
    let (w, h, buf) = to_rgb(fig, dpi)?;
    let mut out = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut out),
        &buf,
        w,
        h,
        image::ExtendedColorType::Rgb8,
    )
    .map_err(|e| Error::Os(e.to_string()))?;
    Ok(out)
}

/// The figure as an SVG document.
pub fn to_svg(fig: &Figure) -> Result<String> {
    let (w, h) = fig.pixels(fig.dpi);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
        draw(&root, fig, fig.dpi)?;
        root.present().map_err(draw_error)?;
    }
    Ok(out)
}

/// Writes the figure to `path` in `format`.
pub fn save(fig: &Figure, path: &str, format: Format, dpi: f64) -> Result<()> {
    let bytes = match format {
        Format::Png => to_png(fig, dpi)?,
        Format::Svg => to_svg(fig)?.into_bytes(),
    };
    std::fs::write(path, bytes).map_err(|e| {
        let code = e.raw_os_error().unwrap_or(0);
        Error::Os(format!("[Errno {code}] {}: '{path}'", os_message(&e)))
    })
}

/// The OS's message without Rust's " (os error N)" suffix.
fn os_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn draw_error<E: std::error::Error>(e: E) -> Error {
    Error::Runtime(format!("drawing failed: {e}"))
}

fn rgb(c: Rgba) -> RGBAColor {
    RGBAColor(c.r, c.g, c.b, c.a)
}

/// Sizes in points, converted to pixels at the figure's dpi.
#[derive(Clone, Copy)]
struct Scale(f64);

impl Scale {
    fn px(self, points: f64) -> u32 {
        (points * self.0).round().max(1.0) as u32
    }
    fn font(self, points: f64) -> TextStyle<'static> {
        (FAMILY, points * self.0).into_font().color(&BLACK)
    }
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, fig: &Figure, dpi: f64) -> Result<()> {
    register_font();
    root.fill(&WHITE).map_err(draw_error)?;
    let scale = Scale(dpi / 72.0);
    let (w, h) = root.dim_in_pixel();
    for ax in &fig.axes {
        let (rows, cols, index) = ax.position;
        let (cw, ch) = (w / cols.max(1) as u32, h / rows.max(1) as u32);
        let (r, c) = ((index - 1) / cols.max(1), (index - 1) % cols.max(1));
        let cell = root
            .clone()
            .shrink((c as u32 * cw, r as u32 * ch), (cw, ch));
        draw_axes(&cell, ax, scale)?;
    }
    Ok(())
}

/// One axis of the chart: plotters wants increasing ranges, so an
/// inverted axis (an image's y) is drawn negated and labelled back.
#[derive(Clone, Copy)]
struct AxisMap {
    lo: f64,
    hi: f64,
    flip: bool,
}

impl AxisMap {
    fn new((a, b): (f64, f64)) -> AxisMap {
        let flip = a > b;
        let (lo, hi) = if flip { (-a, -b) } else { (a, b) };
        let (lo, hi) = if lo < hi && lo.is_finite() && hi.is_finite() {
            (lo, hi)
        } else {
            (lo, lo + 1.0)
        };
        AxisMap { lo, hi, flip }
    }
    fn map(self, v: f64) -> f64 {
        if self.flip {
            -v
        } else {
            v
        }
    }
    fn unmap(self, v: f64) -> f64 {
        self.map(v)
    }
    /// A tick label with as many decimals as the tick spacing needs.
    fn label(self, v: f64) -> String {
        tick_label(self.unmap(v), self.hi - self.lo)
    }
}

/// A tick value with enough decimals for a range of `span`.
pub fn tick_label(v: f64, span: f64) -> String {
    let decimals = if span > 0.0 {
        (-(span / 10.0).log10().floor()).clamp(0.0, 12.0) as usize
    } else {
        0
    };
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn draw_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ax: &Axes,
    scale: Scale,
) -> Result<()> {
    let (w, _) = area.dim_in_pixel();
    let (main, bar_area) = match ax.colorbar {
        Some(_) => {
            let (m, b) = area.split_horizontally(w.saturating_sub(scale.px(60.0)));
            (m, Some(b))
        }
        None => (area.clone(), None),
    };
    let (xl, yl) = ax.limits();
    let (xm, ym) = (AxisMap::new(xl), AxisMap::new(yl));
    let mut builder = ChartBuilder::on(&main);
    builder
        .margin(scale.px(8.0))
        .x_label_area_size(scale.px(if ax.xlabel.is_empty() { 18.0 } else { 32.0 }))
        .y_label_area_size(scale.px(if ax.ylabel.is_empty() { 36.0 } else { 50.0 }));
    if !ax.title.is_empty() {
        builder.caption(&ax.title, scale.font(12.0));
    }
    let mut chart = builder
        .build_cartesian_2d(xm.lo..xm.hi, ym.lo..ym.hi)
        .map_err(draw_error)?;
    draw_mesh(&mut chart, ax, xm, ym, scale)?;
    for artist in &ax.artists {
        match artist {
            Artist::Line(l) => draw_line(&mut chart, l, xm, ym, scale)?,
            Artist::Scatter(s) => draw_scatter(&mut chart, s, xm, ym, scale)?,
            Artist::Bars(b) => draw_bars(&mut chart, b, xm, ym)?,
            Artist::Image(im) => draw_image(&mut chart, im, xm, ym)?,
        }
    }
    // The frame, inset by a hair so that its top and right edges are not clipped.
    let (ex, ey) = ((xm.hi - xm.lo) * 1e-3, (ym.hi - ym.lo) * 2e-3);
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(xm.lo, ym.lo), (xm.hi - ex, ym.hi - ey)],
            BLACK.stroke_width(1),
        )))
        .map_err(draw_error)?;
    if ax.legend && ax.has_labels() {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .margin(scale.px(6.0))
            .background_style(WHITE.mix(0.8))
            .border_style(RGBColor(204, 204, 204))
            .label_font(scale.font(10.0))
            .draw()
            .map_err(draw_error)?;
    }
    if let (Some(cb), Some(b)) = (ax.colorbar, bar_area) {
        draw_colorbar(&b, cb, scale, !ax.title.is_empty())?;
    }
    Ok(())
}

fn draw_mesh<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    ax: &Axes,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    let categories = &ax.categories;
    let x_fmt = |v: &f64| {
        if categories.is_empty() {
            return xm.label(*v);
        }
        let i = xm.unmap(*v).round();
        let near = (xm.unmap(*v) - i).abs() < 1e-9;
        match (near && i >= 0.0, categories.get(i as usize)) {
            (true, Some(name)) => name.clone(),
            _ => String::new(),
        }
    };
    let y_fmt = |v: &f64| ym.label(*v);
    // As many ticks as fit without labels running into each other (about
    // matplotlib's density): plotters' default of ten crowds a subplot.
    let (w, h) = chart.plotting_area().dim_in_pixel();
    let x_ticks = (w / scale.px(33.0)).clamp(2, 10) as usize;
    let y_ticks = (h / scale.px(22.0)).clamp(2, 10) as usize;
    let mut mesh = chart.configure_mesh();
    mesh.x_labels(x_ticks).y_labels(y_ticks);
    mesh.x_desc(&ax.xlabel)
        .y_desc(&ax.ylabel)
        .label_style(scale.font(10.0))
        .axis_desc_style(scale.font(10.0))
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(176, 176, 176).stroke_width(1));
    if !categories.is_empty() {
        mesh.x_labels(categories.len() + 1);
    }
    if !ax.grid {
        mesh.disable_mesh();
    }
    mesh.draw().map_err(draw_error)
}

/// The runs of consecutive finite points (matplotlib breaks lines at NaN).
fn finite_runs(xs: &[f64], ys: &[f64], xm: AxisMap, ym: AxisMap) -> Vec<Vec<(f64, f64)>> {
    let mut runs = vec![Vec::new()];
    for (&x, &y) in xs.iter().zip(ys) {
        if x.is_finite() && y.is_finite() {
            if let Some(run) = runs.last_mut() {
                run.push((xm.map(x), ym.map(y)));
            }
        } else if runs.last().is_some_and(|r| !r.is_empty()) {
            runs.push(Vec::new());
        }
    }
    runs.retain(|r| !r.is_empty());
    runs
}

fn draw_line<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    l: &Line,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    let style = rgb(l.color).stroke_width(scale.px(l.width));
    let runs = finite_runs(&l.xs, &l.ys, xm, ym);
    let dash = |on: f64, off: f64| (scale.px(on * l.width), scale.px(off * l.width));
    for run in &runs {
        let drawn = match l.style {
            LineStyle::Nothing => continue,
            LineStyle::Solid => chart.draw_series(LineSeries::new(run.clone(), style)),
            LineStyle::Dashed => {
                let (on, off) = dash(3.7, 1.6);
                chart.draw_series(DashedLineSeries::new(run.clone(), on, off, style))
            }
            LineStyle::DashDot => {
                let (on, off) = dash(6.4, 1.6);
                chart.draw_series(DashedLineSeries::new(run.clone(), on, off, style))
            }
            LineStyle::Dotted => {
                let (on, off) = dash(1.0, 1.65);
                chart.draw_series(DashedLineSeries::new(run.clone(), on, off, style))
            }
        };
        drawn.map_err(draw_error)?;
    }
    let radius = scale.px(l.marker_size / 2.0);
    for run in &runs {
        draw_markers(chart, run, l.marker, radius, l.color)?;
    }
    if let Some(label) = &l.label {
        // An empty series carries the legend entry.
        let (color, width, marker) = (l.color, scale.px(l.width), l.marker);
        let has_line = l.style != LineStyle::Nothing;
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), u32>>())
            .map_err(draw_error)?
            .label(label.as_str())
            .legend(move |(x, y)| {
                let line = if has_line {
                    rgb(color).stroke_width(width)
                } else {
                    TRANSPARENT.into()
                };
                let dot = if marker == Marker::Nothing { 0 } else { radius };
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(0, 0), (20, 0)], line)
                    + Circle::new((10, 0), dot, rgb(color).filled())
            });
    }
    Ok(())
}

fn draw_markers<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    points: &[(f64, f64)],
    marker: Marker,
    radius: u32,
    color: Rgba,
) -> Result<()> {
    let fill = rgb(color).filled();
    let stroke = rgb(color).stroke_width((radius / 3).max(1));
    let r = radius as i32;
    let res = match marker {
        Marker::Nothing => return Ok(()),
        Marker::Pixel => chart.draw_series(points.iter().map(|&p| Circle::new(p, 1, fill))),
        Marker::Point => chart.draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, (radius / 2).max(1), fill)),
        ),
        Marker::Circle => chart.draw_series(points.iter().map(|&p| Circle::new(p, radius, fill))),
        Marker::Triangle => {
            chart.draw_series(points.iter().map(|&p| TriangleMarker::new(p, radius, fill)))
        }
        Marker::Square => chart.draw_series(
            points
                .iter()
                .map(|&p| EmptyElement::at(p) + Rectangle::new([(-r, -r), (r, r)], fill)),
        ),
        Marker::Diamond => chart.draw_series(points.iter().map(|&p| {
            EmptyElement::at(p) + Polygon::new(vec![(0, -r), (r, 0), (0, r), (-r, 0)], fill)
        })),
        Marker::Plus => chart.draw_series(points.iter().map(|&p| {
            EmptyElement::at(p)
                + PathElement::new(vec![(-r, 0), (r, 0)], stroke)
                + PathElement::new(vec![(0, -r), (0, r)], stroke)
        })),
        Marker::Cross => chart.draw_series(points.iter().map(|&p| Cross::new(p, radius, stroke))),
        Marker::Tick => chart.draw_series(
            points
                .iter()
                .map(|&p| EmptyElement::at(p) + PathElement::new(vec![(0, -r), (0, r)], stroke)),
        ),
    };
    res.map(|_| ()).map_err(draw_error)
}

fn draw_scatter<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    s: &Scatter,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    for (i, (&x, &y)) in s.xs.iter().zip(&s.ys).enumerate() {
        if !(x.is_finite() && y.is_finite()) {
            continue;
        }
        let color = s.colors[if s.colors.len() == 1 { 0 } else { i }];
        let size = s.sizes[if s.sizes.len() == 1 {
            0
        } else {
            i.min(s.sizes.len() - 1)
        }];
        let radius = scale.px(size.max(0.0).sqrt() / 2.0);
        draw_markers(chart, &[(xm.map(x), ym.map(y))], s.marker, radius, color)?;
    }
    if let Some(label) = &s.label {
        let color = s.colors[0];
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), u32>>())
            .map_err(draw_error)?
            .label(label.as_str())
            .legend(move |(x, y)| Circle::new((x + 10, y), 4, rgb(color).filled()));
    }
    Ok(())
}

fn draw_bars<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    b: &Bars,
    xm: AxisMap,
    ym: AxisMap,
) -> Result<()> {
    let fill = rgb(b.color).filled();
    let rects = (0..b.lefts.len()).filter_map(|i| {
        let (x0, x1) = (b.lefts[i], b.lefts[i] + b.widths[i]);
        let (y0, y1) = (b.bottoms[i], b.bottoms[i] + b.heights[i]);
        [x0, x1, y0, y1]
            .iter()
            .all(|v| v.is_finite())
            .then(|| Rectangle::new([(xm.map(x0), ym.map(y0)), (xm.map(x1), ym.map(y1))], fill))
    });
    let anno = chart.draw_series(rects).map_err(draw_error)?;
    if let Some(label) = &b.label {
        let color = b.color;
        anno.label(label.as_str()).legend(move |(x, y)| {
            Rectangle::new([(x, y - 5), (x + 20, y + 5)], rgb(color).filled())
        });
    }
    Ok(())
}

fn draw_image<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    im: &Image,
    xm: AxisMap,
    ym: AxisMap,
) -> Result<()> {
    let cells = (0..im.rows).flat_map(|r| (0..im.cols).map(move |c| (r, c)));
    let rects = cells.map(|(r, c)| {
        let (x, y) = (c as f64, r as f64);
        Rectangle::new(
            [
                (xm.map(x - 0.5), ym.map(y - 0.5)),
                (xm.map(x + 0.5), ym.map(y + 0.5)),
            ],
            rgb(im.pixels[r * im.cols + c]).filled(),
        )
    });
    chart.draw_series(rects).map(|_| ()).map_err(draw_error)
}

fn draw_colorbar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    cb: ColorScale,
    scale: Scale,
    titled: bool,
) -> Result<()> {
    let (lo, hi) = if cb.vmax > cb.vmin {
        (cb.vmin, cb.vmax)
    } else {
        (cb.vmin - 0.5, cb.vmin + 0.5)
    };
    let mut builder = ChartBuilder::on(area);
    builder
        .margin_top(scale.px(if titled { 30.0 } else { 8.0 }))
        .margin_bottom(scale.px(26.0))
        .margin_left(scale.px(2.0))
        .margin_right(scale.px(4.0))
        .right_y_label_area_size(scale.px(34.0));
    let mut chart = builder
        .build_cartesian_2d(0f64..1f64, lo..hi)
        .map_err(draw_error)?;
    let span = hi - lo;
    let fmt = |v: &f64| tick_label(*v, span);
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .label_style(scale.font(10.0))
        .y_label_formatter(&fmt)
        .draw()
        .map_err(draw_error)?;
    let steps = 128;
    let strips = (0..steps).map(|i| {
        let (a, b) = (
            lo + span * i as f64 / steps as f64,
            lo + span * (i + 1) as f64 / steps as f64,
        );
        Rectangle::new([(0.0, a), (1.0, b)], rgb(cb.color((a + b) / 2.0)).filled())
    });
    chart.draw_series(strips).map_err(draw_error)?;
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(0.0, lo), (1.0, hi)],
            BLACK.stroke_width(1),
        )))
        .map(|_| ())
        .map_err(draw_error)
}
