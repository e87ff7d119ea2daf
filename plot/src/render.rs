//! Draws a [`Figure`] with plotters: into an RGB buffer, a PNG or an SVG.
//!
//! Text uses the DejaVu Sans bundled in `assets/` (registered with
//! plotters' `ab_glyph` text renderer), so output does not depend on the
//! fonts of the machine.

use std::sync::Once;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::axis::AxisConfig;
use crate::charts::Patches;
use crate::fields::Arrows;
use crate::model::{Artist, Axes, Bars, ColorScale, Figure, Image, Line, Scatter};
use crate::shapes::{Fill, HAlign, RefLine, Segments, Span, TextArt, VAlign};
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
    rgb_on(fig, dpi, None)
}

/// The figure drawn over a background of `under` (else its facecolor).
fn rgb_on(fig: &Figure, dpi: f64, under: Option<RGBColor>) -> Result<(u32, u32, Vec<u8>)> {
    let (w, h) = fig.pixels(dpi);
    let mut buf = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        if let Some(c) = under {
            root.fill(&c).map_err(draw_error)?;
        }
        draw_with(&root, fig, dpi, under.is_some())?;
        root.present().map_err(draw_error)?;
    }
    Ok((w, h, buf))
}

/// The figure as RGBA pixels with a transparent background
/// (`savefig(transparent=True)`): drawn over black and over white, each
/// pixel's alpha is what the two differ by.
pub fn to_rgba_transparent(fig: &Figure, dpi: f64) -> Result<(u32, u32, Vec<u8>)> {
    let (w, h, black) = rgb_on(fig, dpi, Some(BLACK))?;
    let (_, _, white) = rgb_on(fig, dpi, Some(WHITE))?;
    let mut out = Vec::with_capacity(black.len() / 3 * 4);
    for (b, wh) in black.chunks_exact(3).zip(white.chunks_exact(3)) {
        let diff = (0..3)
            .map(|i| i32::from(wh[i]) - i32::from(b[i]))
            .max()
            .unwrap_or(0)
            .clamp(0, 255);
        let alpha = 255 - diff;
        for &v in b {
            let c = if alpha == 0 {
                0
            } else {
                (i32::from(v) * 255 / alpha).min(255)
            };
            out.push(c as u8);
        }
        out.push(alpha as u8);
    }
    Ok((w, h, out))
}

/// The figure as a PNG file's bytes.
pub fn to_png(fig: &Figure, dpi: f64) -> Result<Vec<u8>> {
    let (w, h, buf) = to_rgb(fig, dpi)?;
    encode_png(w, h, &buf, image::ExtendedColorType::Rgb8)
}

fn encode_png(w: u32, h: u32, buf: &[u8], color: image::ExtendedColorType) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut out),
        buf,
        w,
        h,
        color,
    )
    .map_err(|e| Error::Os(e.to_string()))?;
    Ok(out)
}

/// The figure as an SVG document.
pub fn to_svg(fig: &Figure) -> Result<String> {
    svg(fig, false)
}

fn svg(fig: &Figure, transparent: bool) -> Result<String> {
    let (w, h) = fig.pixels(fig.dpi);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
        draw_with(&root, fig, fig.dpi, transparent)?;
        root.present().map_err(draw_error)?;
    }
    Ok(out)
}

/// Writes the figure to `path` in `format`; `transparent` leaves the
/// background out (`savefig(transparent=True)`).
pub fn save(fig: &Figure, path: &str, format: Format, dpi: f64, transparent: bool) -> Result<()> {
    let bytes = match (format, transparent) {
        (Format::Png, false) => to_png(fig, dpi)?,
        (Format::Png, true) => {
            let (w, h, buf) = to_rgba_transparent(fig, dpi)?;
            encode_png(w, h, &buf, image::ExtendedColorType::Rgba8)?
        }
        (Format::Svg, t) => svg(fig, t)?.into_bytes(),
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
struct Scale(f64, f64);

impl Scale {
    fn px(self, points: f64) -> u32 {
        (points * self.0).round().max(1.0) as u32
    }
    /// The font of text `points` large at matplotlib's default `font.size`
    /// (10), scaled by the figure's.
    fn font(self, points: f64) -> TextStyle<'static> {
        (FAMILY, points * self.0 * self.1).into_font().color(&BLACK)
    }
    /// [`Scale::font`] in colour `c`.
    fn font_in(self, points: f64, c: Rgba) -> TextStyle<'static> {
        let mut style = self.font(points);
        style.color = rgb(c).to_backend_color();
        style
    }
}

fn draw_with<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &Figure,
    dpi: f64,
    transparent: bool,
) -> Result<()> {
    register_font();
    if !transparent {
        root.fill(&rgb(fig.facecolor)).map_err(draw_error)?;
    }
    let scale = Scale(dpi / 72.0, fig.defaults.font_size / 10.0);
    let area = match &fig.suptitle {
        Some(title) => {
            // matplotlib's suptitle: 'large' (12 points), centred at the top.
            let (w, _) = root.dim_in_pixel();
            let band = scale.px(24.0);
            let style = scale.font(12.0).pos(Pos::new(HPos::Center, VPos::Center));
            root.draw_text(title, &style, ((w / 2) as i32, (band / 2) as i32))
                .map_err(draw_error)?;
            root.clone().margin(band, 0, 0, 0)
        }
        None => root.clone(),
    };
    let (w, h) = area.dim_in_pixel();
    // Each axes' plotting area, where its twins (`twinx`) draw over it.
    let mut boxes: Vec<Option<PixelBox>> = Vec::with_capacity(fig.axes.len());
    for (i, ax) in fig.axes.iter().enumerate() {
        let cell = match ax.rect {
            Some(rect) => rect_cell(&area, ax, rect, scale),
            None => {
                let (rows, cols, index) = ax.position;
                let (cw, ch) = (w / cols.max(1) as u32, h / rows.max(1) as u32);
                let (r, c) = ((index - 1) / cols.max(1), (index - 1) % cols.max(1));
                area.clone()
                    .shrink((c as u32 * cw, r as u32 * ch), (cw, ch))
            }
        };
        let role = match ax.twin_of.and_then(|p| boxes.get(p).cloned().flatten()) {
            Some(b) => Role::Twin(b),
            None if fig.has_twin(i) => Role::HasTwin(scale.px(TWIN_AXIS)),
            None => Role::Plain,
        };
        let limits = fig.view(i);
        boxes.push(Some(draw_axes(
            &cell,
            ax,
            scale,
            fig.tick_space(ax),
            limits,
            (role, transparent),
        )?));
    }
    Ok(())
}

/// The area of axes placed by `add_axes`: their plotting rectangle (in
/// fractions of the figure, from the bottom left) grown by the room
/// their tick labels, axis labels and title take, within the figure.
fn rect_cell<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ax: &Axes,
    (l, b, rw, rh): (f64, f64, f64, f64),
    scale: Scale,
) -> DrawingArea<DB, Shift> {
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (f64::from(w), f64::from(h));
    let margin = f64::from(scale.px(8.0));
    let (left, bottom) = if ax.axis_on {
        (
            f64::from(scale.px(if ax.ylabel.is_empty() { 36.0 } else { 50.0 })),
            f64::from(scale.px(if ax.xlabel.is_empty() { 18.0 } else { 32.0 })),
        )
    } else {
        (0.0, 0.0)
    };
    let mut top = if ax.caption().is_empty() {
        0.0
    } else {
        f64::from(scale.px(20.0))
    };
    // Tick labels on top (`matshow`) take their room above, not below.
    let bottom = if ax.axis_on && ax.xaxis.top {
        top += bottom;
        0.0
    } else {
        bottom
    };
    let x0 = (l * w - left - margin).clamp(0.0, w);
    let x1 = ((l + rw) * w + margin).clamp(x0, w);
    let y0 = ((1.0 - b - rh) * h - top - margin).clamp(0.0, h);
    let y1 = ((1.0 - b) * h + bottom + margin).clamp(y0, h);
    let px = |v: f64| v.round() as u32;
    area.clone()
        .shrink((px(x0), px(y0)), (px(x1 - x0).max(1), px(y1 - y0).max(1)))
}

/// One axis of the chart in plotters' coordinates, which must increase:
/// a log axis is drawn in decades, an inverted axis (an image's y)
/// negated, and both are labelled back in data values.
#[derive(Clone, Copy)]
struct AxisMap {
    lo: f64,
    hi: f64,
    flip: bool,
    log: bool,
}

impl AxisMap {
    fn new((a, b): (f64, f64), log: bool) -> AxisMap {
        let t = |v: f64| if log { v.log10() } else { v };
        let (a, b) = (t(a), t(b));
        let flip = a > b;
        let (lo, hi) = if flip { (-a, -b) } else { (a, b) };
        let (lo, hi) = if lo < hi && lo.is_finite() && hi.is_finite() {
            (lo, hi)
        } else if lo.is_finite() {
            (lo, lo + 1.0)
        } else {
            (0.0, 1.0)
        };
        AxisMap { lo, hi, flip, log }
    }
    /// A data value in plotters' coordinates (NaN where the scale has none).
    fn map(self, v: f64) -> f64 {
        let v = if self.log {
            if v > 0.0 {
                v.log10()
            } else {
                f64::NAN
            }
        } else {
            v
        };
        if self.flip {
            -v
        } else {
            v
        }
    }
    /// plotters' coordinate back as a data value.
    fn unmap(self, v: f64) -> f64 {
        let v = if self.flip { -v } else { v };
        if self.log {
            10f64.powf(v)
        } else {
            v
        }
    }
    /// The coordinate at a fraction of the axis (0 left or bottom, 1 right or top).
    fn at_fraction(self, f: f64) -> f64 {
        self.lo + f * (self.hi - self.lo)
    }
    /// The ticks as `(coordinate, label)`: the axis' fixed ticks, else a
    /// log axis' decades, else matplotlib's `MaxNLocator` for `space`
    /// ticks (its `get_tick_space`; `matshow`'s integer locator); labels from `set_xticklabels`
    /// replace the numbers in order.
    fn ticks(self, cfg: &AxisConfig, space: usize) -> Vec<(f64, String)> {
        let inside = |p: &f64| {
            let eps = (self.hi - self.lo) * 1e-9;
            p.is_finite() && *p >= self.lo - eps && *p <= self.hi + eps
        };
        let numbers = |values: Vec<f64>| -> Vec<(f64, String)> {
            let labels = crate::axis::format_ticks(&values);
            values.iter().map(|&v| self.map(v)).zip(labels).collect()
        };
        let (a, b) = (self.unmap(self.lo), self.unmap(self.hi));
        let (a, b) = (a.min(b), a.max(b));
        let mut ticks: Vec<(f64, String)> = match &cfg.ticks {
            Some(fixed) => numbers(fixed.clone()),
            None if self.log => {
                let decades = crate::axis::decades(a, b, space.max(2));
                if decades.len() >= 2 {
                    decades
                        .into_iter()
                        .map(|k| (self.map(10f64.powi(k)), crate::axis::decade_label(k)))
                        .collect()
                } else {
                    numbers(crate::axis::max_n_locator(a, b, space.clamp(1, 9)))
                }
            }
            // matplotlib's MaxNLocator, or matshow's whole-number one.
            None => numbers(crate::axis::locate(cfg, (a, b), space)),
        };
        ticks.retain(|(p, _)| inside(p));
        if let Some(labels) = &cfg.labels {
            for (t, l) in ticks.iter_mut().zip(labels) {
                t.1 = l.clone();
            }
            if cfg.ticks.is_none() {
                ticks.truncate(labels.len());
            }
        }
        ticks
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

/// A float axis whose ticks are the ones given (plotters' own
/// `WithKeyPoints` cannot take a label formatter).
struct Coord {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ranged for Coord {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;
    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }
    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }
}

/// An axis' ticks: plotters' coordinate and the label.
type Ticks = [(f64, String)];

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<Coord, Coord>>;

/// The label of the tick nearest `v` among `ticks` (plotters asks for
/// the labels of the key points it was given).
fn tick_text(ticks: &[(f64, String)], v: f64) -> String {
    ticks
        .iter()
        .min_by(|a, b| (a.0 - v).abs().total_cmp(&(b.0 - v).abs()))
        .map(|t| t.1.clone())
        .unwrap_or_default()
}

fn build_chart<'a, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ax: &'a Axes,
    scale: Scale,
    (xm, ym): (AxisMap, AxisMap),
    (xt, yt): (&Ticks, &Ticks),
) -> Result<Chart<'a, DB>> {
    let mut builder = ChartBuilder::on(area);
    builder.margin(scale.px(8.0));
    if ax.axis_on {
        let xsize = scale.px(if ax.xlabel.is_empty() { 18.0 } else { 32.0 });
        if ax.xaxis.top {
            builder.set_label_area_size(LabelAreaPosition::Top, xsize);
        } else {
            builder.x_label_area_size(xsize);
        }
        builder.y_label_area_size(scale.px(if ax.ylabel.is_empty() { 36.0 } else { 50.0 }));
    }
    if !ax.caption().is_empty() {
        builder.caption(ax.caption(), scale.font_in(12.0, ax.look.text));
    }
    let xs = Coord {
        inner: (xm.lo..xm.hi).into(),
        ticks: xt.iter().map(|t| t.0).collect(),
    };
    let ys = Coord {
        inner: (ym.lo..ym.hi).into(),
        ticks: yt.iter().map(|t| t.0).collect(),
    };
    builder.build_cartesian_2d(xs, ys).map_err(draw_error)
}

/// The plotting area's size a chart on an area of `dims` would have
/// (measured on a scratch bitmap: building a chart draws its caption).
fn plot_box(
    dims: (u32, u32),
    ax: &Axes,
    scale: Scale,
    maps: (AxisMap, AxisMap),
) -> Result<(u32, u32)> {
    let (w, h) = (dims.0.max(1), dims.1.max(1));
    let mut buf = vec![0u8; w as usize * h as usize * 3];
    let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
    let chart = build_chart(&root, ax, scale, maps, (&[], &[]))?;
    Ok(chart.plotting_area().dim_in_pixel())
}

/// A plotting area in the backend's pixels: `(x range, y range)`.
type PixelBox = (std::ops::Range<i32>, std::ops::Range<i32>);

/// The room, in points, a twin's y axis takes right of the plotting area.
const TWIN_AXIS: f64 = 40.0;

/// How axes share their place with twins.
#[derive(Clone)]
enum Role {
    /// Alone.
    Plain,
    /// Its twin's y axis needs this many pixels on the right.
    HasTwin(u32),
    /// A twin: drawn over the plotting area of the axes it shares x with,
    /// with its y axis on the right.
    Twin(PixelBox),
}

/// Draws one axes in its cell; its plotting area.
fn draw_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ax: &Axes,
    scale: Scale,
    (space_x, space_y): (usize, usize),
    (xl, yl): ((f64, f64), (f64, f64)),
    (role, transparent): (Role, bool),
) -> Result<PixelBox> {
    let (w, _) = area.dim_in_pixel();
    let (main, bar_area) = match ax.colorbar {
        Some(_) => {
            let (m, b) = area.split_horizontally(w.saturating_sub(scale.px(60.0)));
            (m, Some(b))
        }
        None => (area.clone(), None),
    };
    let main = match role {
        Role::HasTwin(right) => main.margin(0, 0, 0, right),
        _ => main,
    };
    let (xm, ym) = (
        AxisMap::new(xl, ax.xaxis.is_log()),
        AxisMap::new(yl, ax.yaxis.is_log()),
    );
    // Categories of a bar chart are the x ticks unless ticks were set.
    let mut xcfg = ax.xaxis.clone();
    if !ax.categories.is_empty() && xcfg.ticks.is_none() {
        xcfg.ticks = Some((0..ax.categories.len()).map(|i| i as f64).collect());
        xcfg.labels = xcfg.labels.or_else(|| Some(ax.categories.clone()));
    }
    // matplotlib's tick density for the axes' size in the figure.
    let xt = xm.ticks(&xcfg, space_x);
    let yt = ym.ticks(&ax.yaxis, space_y);
    // A fixed aspect shrinks the box about its centre (matplotlib's
    // adjustable='box', anchor 'C').
    let (pw, ph) = match (ax.aspect, &role) {
        (Some(_), Role::Plain | Role::HasTwin(_)) => {
            plot_box(main.dim_in_pixel(), ax, scale, (xm, ym))?
        }
        _ => (0, 0),
    };
    let main = match ax.aspect {
        Some(aspect) if aspect > 0.0 && pw > 0 && ph > 0 => {
            let want = aspect * (ym.hi - ym.lo) / (xm.hi - xm.lo);
            let have = f64::from(ph) / f64::from(pw);
            if want > have {
                let nw = (f64::from(ph) / want).round() as u32;
                let d = pw.saturating_sub(nw);
                main.margin(0, 0, d / 2, d - d / 2)
            } else {
                let nh = (f64::from(pw) * want).round() as u32;
                let d = ph.saturating_sub(nh);
                main.margin(d / 2, d - d / 2, 0, 0)
            }
        }
        _ => main,
    };
    let mut chart = match &role {
        Role::Twin(b) => build_twin(&main, b, scale, (xm, ym), &yt)?,
        _ => build_chart(&main, ax, scale, (xm, ym), (&xt, &yt))?,
    };
    let twin = matches!(role, Role::Twin(_));
    // The axes' background (`axes.facecolor`, `set_facecolor`); a twin's
    // is see-through, as matplotlib's is, and so is a transparent save's.
    if !twin && !transparent && ax.frame_on {
        chart
            .plotting_area()
            .fill(&rgb(ax.look.face))
            .map_err(draw_error)?;
    }
    draw_mesh(&mut chart, ax, (&xt, &yt), scale, twin)?;
    for artist in &ax.artists {
        match artist {
            Artist::Line(l) => draw_line(&mut chart, l, xm, ym, scale)?,
            Artist::Scatter(s) => draw_scatter(&mut chart, s, xm, ym, scale)?,
            Artist::Bars(b) => draw_bars(&mut chart, b, xm, ym)?,
            Artist::Image(im) => draw_image(&mut chart, im, xm, ym)?,
            Artist::RefLine(r) => draw_refline(&mut chart, r, xm, ym, scale)?,
            Artist::Span(sp) => draw_span(&mut chart, sp, xm, ym)?,
            Artist::Fill(f) => draw_fill(&mut chart, f, xm, ym)?,
            Artist::Segments(sg) => draw_segments(&mut chart, sg, xm, ym, scale)?,
            Artist::Text(t) => draw_text(&mut chart, t, xm, ym, scale)?,
            Artist::Patches(p) => draw_patches(&mut chart, p, xm, ym, scale)?,
            Artist::Arrows(q) => draw_arrows(&mut chart, q, xm, ym)?,
        }
    }
    if ax.axis_on && twin {
        draw_right_ticks(&main, &chart, &yt, scale)?;
    } else if ax.axis_on {
        draw_frame(&main, &chart, ax, (&xt, &yt), scale)?;
    }
    let plotted = chart.plotting_area().get_pixel_range();
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
        draw_colorbar(&b, cb, scale, !ax.caption().is_empty())?;
    }
    Ok(plotted)
}

/// A twin's chart: exactly over `over` (the plotting area of the axes it
/// shares x with), with only a y axis, on the right.
fn build_twin<'a, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    over: &PixelBox,
    scale: Scale,
    (xm, ym): (AxisMap, AxisMap),
    yt: &Ticks,
) -> Result<Chart<'a, DB>> {
    let (bx, by) = area.get_base_pixel();
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let right = scale.px(TWIN_AXIS) as i32;
    let gap = |v: i32| v.max(0) as u32;
    let mut builder = ChartBuilder::on(area);
    builder
        .margin_left(gap(over.0.start - bx))
        .margin_top(gap(over.1.start - by))
        .margin_bottom(gap(by + h - over.1.end))
        .margin_right(gap(bx + w - over.0.end - right))
        .right_y_label_area_size(gap(right));
    let xs = Coord {
        inner: (xm.lo..xm.hi).into(),
        ticks: Vec::new(),
    };
    let ys = Coord {
        inner: (ym.lo..ym.hi).into(),
        ticks: yt.iter().map(|t| t.0).collect(),
    };
    builder.build_cartesian_2d(xs, ys).map_err(draw_error)
}

/// A twin's tick marks, outward on the right.
fn draw_right_ticks<'a, DB: DrawingBackend + 'a>(
    area: &DrawingArea<DB, Shift>,
    chart: &Chart<'a, DB>,
    yt: &Ticks,
    scale: Scale,
) -> Result<()> {
    let (bx, by) = area.get_base_pixel();
    let (xr, _) = chart.plotting_area().get_pixel_range();
    let right = xr.end - 1 - bx;
    let len = scale.px(3.5) as i32;
    for (p, _) in yt {
        let y = chart.backend_coord(&(0.0, *p)).1 - by;
        area.draw(&PathElement::new(
            vec![(right, y), (right + len, y)],
            BLACK.stroke_width(1),
        ))
        .map_err(draw_error)?;
    }
    Ok(())
}

fn draw_mesh<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    ax: &Axes,
    (xt, yt): (&Ticks, &Ticks),
    scale: Scale,
    twin: bool,
) -> Result<()> {
    let x_fmt = |v: &f64| tick_text(xt, *v);
    let y_fmt = |v: &f64| tick_text(yt, *v);
    let mut mesh = chart.configure_mesh();
    // The spines and tick marks are drawn by `draw_frame`, each side on
    // its own; plotters' axis lines would draw the left and bottom always.
    mesh.x_desc(&ax.xlabel)
        .y_desc(&ax.ylabel)
        .label_style(scale.font_in(10.0, ax.look.text))
        .axis_desc_style(scale.font_in(10.0, ax.look.text))
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .axis_style(TRANSPARENT)
        .set_all_tick_mark_size(scale.px(3.5) as i32)
        .light_line_style(TRANSPARENT)
        .bold_line_style(rgb(ax.look.grid).stroke_width(1));
    if !ax.axis_on {
        mesh.disable_axes();
    }
    if twin {
        // The x axis is its sibling's; the grid too.
        mesh.disable_x_axis().disable_mesh();
    }
    if !ax.grid {
        mesh.disable_mesh();
    }
    mesh.draw().map_err(draw_error)
}

/// The spines that are visible and the outward tick marks (3.5 points,
/// matplotlib's `xtick.major.size`), drawn on `area` (the axes' whole
/// area: ticks lie outside the plotting area, which clips).
fn draw_frame<'a, DB: DrawingBackend + 'a>(
    area: &DrawingArea<DB, Shift>,
    chart: &Chart<'a, DB>,
    ax: &Axes,
    (xt, yt): (&Ticks, &Ticks),
    scale: Scale,
) -> Result<()> {
    let (bx, by) = area.get_base_pixel();
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let (left, top) = (xr.start - bx, yr.start - by);
    let (right, bottom) = (xr.end - 1 - bx, yr.end - 1 - by);
    let edge = rgb(ax.look.edge).stroke_width(1);
    let line = |a: (i32, i32), b: (i32, i32)| {
        area.draw(&PathElement::new(vec![a, b], edge))
            .map_err(draw_error)
    };
    let sp = ax.spines;
    let sides = [
        (sp.left, (left, top), (left, bottom)),
        (sp.right, (right, top), (right, bottom)),
        (sp.bottom, (left, bottom), (right, bottom)),
        (sp.top, (left, top), (right, top)),
    ];
    for (visible, a, b) in sides {
        if visible {
            line(a, b)?;
        }
    }
    let len = scale.px(3.5) as i32;
    for (p, _) in xt {
        let x = chart.backend_coord(&(*p, 0.0)).0 - bx;
        if ax.xaxis.top {
            line((x, top - len), (x, top))?;
        } else {
            line((x, bottom), (x, bottom + len))?;
        }
    }
    for (p, _) in yt {
        let y = chart.backend_coord(&(0.0, *p)).1 - by;
        line((left - len, y), (left, y))?;
    }
    Ok(())
}

/// The runs of consecutive finite points (matplotlib breaks lines at NaN).
fn finite_runs(xs: &[f64], ys: &[f64], xm: AxisMap, ym: AxisMap) -> Vec<Vec<(f64, f64)>> {
    let mut runs = vec![Vec::new()];
    for (&x, &y) in xs.iter().zip(ys) {
        let (x, y) = (xm.map(x), ym.map(y));
        if x.is_finite() && y.is_finite() {
            if let Some(run) = runs.last_mut() {
                run.push((x, y));
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
        if !(xm.map(x).is_finite() && ym.map(y).is_finite()) {
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
    // On a log axis a bar's end at 0 or below is drawn from the axis' edge.
    let clamp = |m: AxisMap, v: f64| {
        let p = m.map(v);
        if p.is_nan() && m.log && v.is_finite() {
            m.lo.min(m.hi) - (m.hi - m.lo)
        } else {
            p
        }
    };
    let rects = (0..b.lefts.len()).filter_map(|i| {
        let (x0, x1) = (b.lefts[i], b.lefts[i] + b.widths[i]);
        let (y0, y1) = (b.bottoms[i], b.bottoms[i] + b.heights[i]);
        let (x0, x1, y0, y1) = (clamp(xm, x0), clamp(xm, x1), clamp(ym, y0), clamp(ym, y1));
        [x0, x1, y0, y1]
            .iter()
            .all(|v| v.is_finite())
            .then(|| Rectangle::new([(x0, y0), (x1, y1)], fill))
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
    let (l, r, b, t) = im.extent;
    let (rows, cols) = (im.rows as f64, im.cols as f64);
    // Row 0 is at the top edge (origin='upper') or at the bottom edge.
    let (y_start, y_end) = if im.origin_lower { (b, t) } else { (t, b) };
    let cells = (0..im.rows).flat_map(|r| (0..im.cols).map(move |c| (r, c)));
    let rects = cells.map(|(row, c)| {
        let x0 = l + (r - l) * c as f64 / cols;
        let x1 = l + (r - l) * (c + 1) as f64 / cols;
        let y0 = y_start + (y_end - y_start) * row as f64 / rows;
        let y1 = y_start + (y_end - y_start) * (row + 1) as f64 / rows;
        Rectangle::new(
            [(xm.map(x0), ym.map(y0)), (xm.map(x1), ym.map(y1))],
            rgb(im.pixels[row * im.cols + c]).filled(),
        )
    });
    chart.draw_series(rects).map(|_| ()).map_err(draw_error)
}

/// Polygons with their own fill and outline colours (`pie`, `contourf`,
/// `pcolormesh`, ...); open polylines when not `closed` (contour lines).
fn draw_patches<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    p: &Patches,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    let mapped = |poly: &Vec<(f64, f64)>| -> Vec<(f64, f64)> {
        poly.iter()
            .map(|&(x, y)| (xm.map(x), ym.map(y)))
            .filter(|q| q.0.is_finite() && q.1.is_finite())
            .collect()
    };
    let faces = p.polys.iter().enumerate().filter_map(|(i, poly)| {
        let pts = mapped(poly);
        let face = p.face(i)?;
        (pts.len() >= 3).then(|| Polygon::new(pts, rgb(face).filled()))
    });
    chart.draw_series(faces).map_err(draw_error)?;
    let width = scale.px(p.edge_width).max(1);
    let edges = p.polys.iter().enumerate().filter_map(|(i, poly)| {
        let mut pts = mapped(poly);
        let edge = p.edge(i)?;
        if p.closed && pts.len() > 2 {
            pts.push(pts[0]);
        }
        (pts.len() >= 2).then(|| PathElement::new(pts, rgb(edge).stroke_width(width)))
    });
    chart.draw_series(edges).map_err(draw_error)?;
    match p.face(0).or_else(|| p.edge(0)) {
        Some(color) => patch_legend(
            chart,
            &p.label.clone().filter(|l| !l.starts_with('_')),
            color,
        ),
        None => Ok(()),
    }
}

/// `quiver`'s arrows: a shaft and a triangular head, sized in pixels of
/// the plotting area (or in data units).
fn draw_arrows<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    q: &Arrows,
    xm: AxisMap,
    ym: AxisMap,
) -> Result<()> {
    let (pw, _) = chart.plotting_area().dim_in_pixel();
    let pw = f64::from(pw);
    let fill = rgb(q.color).filled();
    let mut shapes = Vec::new();
    for i in 0..q.xs.len() {
        let tail = (xm.map(q.xs[i]), ym.map(q.ys[i]));
        if !(tail.0.is_finite() && tail.1.is_finite()) {
            continue;
        }
        let (tx, ty) = chart.backend_coord(&tail);
        // The arrow in pixels, y downwards.
        let (dx, dy) = if q.data_units {
            let tip = (xm.map(q.xs[i] + q.us[i]), ym.map(q.ys[i] + q.vs[i]));
            let (hx, hy) = chart.backend_coord(&tip);
            (f64::from(hx - tx), f64::from(hy - ty))
        } else {
            (q.us[i] * pw, -q.vs[i] * pw)
        };
        let len = dx.hypot(dy);
        if !len.is_finite() || len < 0.5 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let w = (q.width * pw).max(1.0);
        let head = (4.5 * w).min(len);
        let (nx, ny) = (-uy, ux);
        let at = |along: f64, across: f64| -> (i32, i32) {
            (
                (along * ux + across * nx).round() as i32,
                (along * uy + across * ny).round() as i32,
            )
        };
        let outline = vec![
            at(0.0, -w / 2.0),
            at(len - head, -w / 2.0),
            at(len - head, -1.5 * w),
            at(len, 0.0),
            at(len - head, 1.5 * w),
            at(len - head, w / 2.0),
            at(0.0, w / 2.0),
        ];
        shapes.push(EmptyElement::at(tail) + Polygon::new(outline, fill));
    }
    chart.draw_series(shapes).map(|_| ()).map_err(draw_error)
}

/// A legend entry for a patch (a filled square) on an empty series.
fn patch_legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    label: &Option<String>,
    color: Rgba,
) -> Result<()> {
    if let Some(label) = label {
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), u32>>())
            .map_err(draw_error)?
            .label(label.as_str())
            .legend(move |(x, y)| {
                Rectangle::new([(x, y - 5), (x + 20, y + 5)], rgb(color).filled())
            });
    }
    Ok(())
}

fn draw_refline<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    r: &RefLine,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    // The fractions of the axes as data values, so that it is one more line.
    let (xs, ys) = if r.horizontal {
        (
            vec![
                xm.unmap(xm.at_fraction(r.from)),
                xm.unmap(xm.at_fraction(r.to)),
            ],
            vec![r.at, r.at],
        )
    } else {
        (
            vec![r.at, r.at],
            vec![
                ym.unmap(ym.at_fraction(r.from)),
                ym.unmap(ym.at_fraction(r.to)),
            ],
        )
    };
    let line = Line {
        xs,
        ys,
        color: r.color,
        style: r.style,
        width: r.width,
        marker: Marker::Nothing,
        marker_size: 0.0,
        label: r.label.clone().filter(|l| !l.starts_with('_')),
    };
    draw_line(chart, &line, xm, ym, scale)
}

fn draw_span<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    sp: &Span,
    xm: AxisMap,
    ym: AxisMap,
) -> Result<()> {
    let rect = if sp.horizontal {
        let (y0, y1) = (ym.map(sp.lo), ym.map(sp.hi));
        [(xm.at_fraction(sp.from), y0), (xm.at_fraction(sp.to), y1)]
    } else {
        let (x0, x1) = (xm.map(sp.lo), xm.map(sp.hi));
        [(x0, ym.at_fraction(sp.from)), (x1, ym.at_fraction(sp.to))]
    };
    if rect.iter().all(|p| p.0.is_finite() && p.1.is_finite()) {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                rect,
                rgb(sp.color).filled(),
            )))
            .map_err(draw_error)?;
    }
    patch_legend(
        chart,
        &sp.label.clone().filter(|l| !l.starts_with('_')),
        sp.color,
    )
}

fn draw_fill<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    f: &Fill,
    xm: AxisMap,
    ym: AxisMap,
) -> Result<()> {
    let polys = f.polygons.iter().filter_map(|poly| {
        let pts: Vec<(f64, f64)> = poly
            .iter()
            .map(|&(x, y)| (xm.map(x), ym.map(y)))
            .filter(|p| p.0.is_finite() && p.1.is_finite())
            .collect();
        (pts.len() >= 3).then(|| Polygon::new(pts, rgb(f.color).filled()))
    });
    chart.draw_series(polys).map_err(draw_error)?;
    patch_legend(
        chart,
        &f.label.clone().filter(|l| !l.starts_with('_')),
        f.color,
    )
}

fn draw_segments<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    sg: &Segments,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    let style = rgb(sg.color).stroke_width(scale.px(sg.width));
    let mapped: Vec<((f64, f64), (f64, f64))> = sg
        .segments
        .iter()
        .map(|(a, b)| ((xm.map(a.0), ym.map(a.1)), (xm.map(b.0), ym.map(b.1))))
        .filter(|(a, b)| [a.0, a.1, b.0, b.1].iter().all(|v| v.is_finite()))
        .collect();
    chart
        .draw_series(
            mapped
                .iter()
                .map(|&(a, b)| PathElement::new(vec![a, b], style)),
        )
        .map_err(draw_error)?;
    if sg.capsize > 0.0 {
        let c = scale.px(sg.capsize) as i32;
        let caps = mapped.iter().flat_map(|&(a, b)| {
            // Across the segment: a vertical bar gets horizontal caps.
            let vertical = (a.0 - b.0).abs() < (a.1 - b.1).abs();
            let across = if vertical {
                vec![(-c, 0), (c, 0)]
            } else {
                vec![(0, -c), (0, c)]
            };
            [a, b].map(|p| EmptyElement::at(p) + PathElement::new(across.clone(), style))
        });
        chart.draw_series(caps).map_err(draw_error)?;
    }
    Ok(())
}

fn draw_text<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    t: &TextArt,
    xm: AxisMap,
    ym: AxisMap,
    scale: Scale,
) -> Result<()> {
    let at = if t.axes_coords {
        (xm.at_fraction(t.x), ym.at_fraction(t.y))
    } else {
        (xm.map(t.x), ym.map(t.y))
    };
    if !(at.0.is_finite() && at.1.is_finite()) {
        return Ok(());
    }
    let h = match t.ha {
        HAlign::Left => HPos::Left,
        HAlign::Center => HPos::Center,
        HAlign::Right => HPos::Right,
    };
    let v = match t.va {
        VAlign::Baseline | VAlign::Bottom => VPos::Bottom,
        VAlign::Center => VPos::Center,
        VAlign::Top => VPos::Top,
    };
    let rot = t.rotation.rem_euclid(360.0);
    let font = (FAMILY, t.fontsize * scale.0).into_font();
    let font = if (rot - 90.0).abs() < 1.0 {
        font.transform(FontTransform::Rotate270)
    } else if (rot - 270.0).abs() < 1.0 {
        font.transform(FontTransform::Rotate90)
    } else {
        font
    };
    let style = font.color(&rgb(t.color)).pos(Pos::new(h, v));
    let shift = (
        (t.offset.0 * scale.0).round() as i32,
        (-t.offset.1 * scale.0).round() as i32,
    );
    if let Some(arrow) = &t.arrow {
        draw_arrow(
            chart,
            t,
            at,
            (xm.map(arrow.to.0), ym.map(arrow.to.1)),
            arrow,
            (&style, shift),
            scale,
        )?;
    }
    chart
        .draw_series(std::iter::once(
            EmptyElement::at(at) + Text::new(t.text.clone(), shift, style),
        ))
        .map(|_| ())
        .map_err(draw_error)
}

/// An annotation's arrow: from the edge of the text's box towards its
/// centre's line to the point, ending 2 points short of it (matplotlib's
/// shrinkA/shrinkB), with a filled head.
fn draw_arrow<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    t: &TextArt,
    at: (f64, f64),
    to: (f64, f64),
    arrow: &crate::shapes::Arrow,
    (style, shift): (&TextStyle, (i32, i32)),
    scale: Scale,
) -> Result<()> {
    if !(to.0.is_finite() && to.1.is_finite()) {
        return Ok(());
    }
    let (tw, th) = chart
        .plotting_area()
        .estimate_text_size(&t.text, style)
        .map_err(draw_error)?;
    let (tw, th) = (f64::from(tw), f64::from(th));
    let (ax0, ay0) = chart.backend_coord(&at);
    let (ax0, ay0) = (ax0 + shift.0, ay0 + shift.1);
    let (bx, by) = chart.backend_coord(&to);
    // The text box's centre from its anchor.
    let cx = f64::from(ax0)
        + match t.ha {
            HAlign::Left => tw / 2.0,
            HAlign::Center => 0.0,
            HAlign::Right => -tw / 2.0,
        };
    let cy = f64::from(ay0)
        + match t.va {
            VAlign::Baseline | VAlign::Bottom => -th / 2.0,
            VAlign::Center => 0.0,
            VAlign::Top => th / 2.0,
        };
    let (dx, dy) = (f64::from(bx) - cx, f64::from(by) - cy);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return Ok(());
    }
    let (ux, uy) = (dx / len, dy / len);
    // Leave the box where the line crosses its edge, plus shrinkA.
    let pad = scale.0 * 2.0;
    let exit = f64::min(
        if ux.abs() > 1e-9 {
            (tw / 2.0) / ux.abs()
        } else {
            f64::INFINITY
        },
        if uy.abs() > 1e-9 {
            (th / 2.0) / uy.abs()
        } else {
            f64::INFINITY
        },
    ) + pad;
    let end = len - pad;
    if exit >= end {
        return Ok(());
    }
    let p = |d: f64| ((cx + ux * d).round() as i32, (cy + uy * d).round() as i32);
    let (start, stop) = (p(exit), p(end));
    let color = rgb(arrow.color);
    let area = chart.plotting_area().strip_coord_spec();
    let (ox, oy) = area.get_base_pixel();
    let rel = |q: (i32, i32)| (q.0 - ox, q.1 - oy);
    area.draw(&PathElement::new(
        vec![rel(start), rel(stop)],
        color.stroke_width(scale.px(1.0)),
    ))
    .map_err(draw_error)?;
    let head = |tip: (i32, i32), ux: f64, uy: f64| {
        // A head 8 points long and 6 wide, pointing along (ux, uy).
        let (l, w) = (scale.0 * 8.0, scale.0 * 3.0);
        let (tx, ty) = (f64::from(tip.0), f64::from(tip.1));
        let base = (tx - ux * l, ty - uy * l);
        let q = |x: f64, y: f64| rel((x.round() as i32, y.round() as i32));
        Polygon::new(
            vec![
                rel(tip),
                q(base.0 - uy * w, base.1 + ux * w),
                q(base.0 + uy * w, base.1 - ux * w),
            ],
            color.filled(),
        )
    };
    if arrow.head_end {
        area.draw(&head(stop, ux, uy)).map_err(draw_error)?;
    }
    if arrow.head_start {
        area.draw(&head(start, -ux, -uy)).map_err(draw_error)?;
    }
    Ok(())
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
