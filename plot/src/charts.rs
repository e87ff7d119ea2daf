//! Charts built from polygons and lines: `pie`, `stackplot`, `boxplot`
//! and `violinplot`, with matplotlib's defaults (colours from the patch
//! cycle, its statistics, its limits and ticks).

use crate::model::{color_arg, rgba_arg, Artist, Axes, ColorScale, Data, Line};
use crate::shapes::{HAlign, TextOpts, VAlign};
use crate::style::{LineStyle, Marker, Rgba};
use crate::{Error, Result};

/// Polygons or polylines with colours of their own (matplotlib's
/// collections: wedges, stacked areas, quad meshes, filled contours,
/// contour lines, hexagons).
#[derive(Clone, Debug, PartialEq)]
pub struct Patches {
    /// The shapes, each a list of vertices in data coordinates.
    pub polys: Vec<Vec<(f64, f64)>>,
    /// Fill colours, one per shape or one for all (empty: not filled).
    pub faces: Vec<Rgba>,
    /// Outline colours, one per shape or one for all (empty: no outline).
    pub edges: Vec<Rgba>,
    /// Outline width in points.
    pub edge_width: f64,
    /// Whether outlines close back to the first vertex (else the shapes
    /// are open polylines, as contour lines are).
    pub closed: bool,
    /// The colour scale when colours come from values (`colorbar`, `clim`).
    pub scale: Option<ColorScale>,
    /// The values the colours were mapped from (one per shape), kept for
    /// `clim` to map again.
    pub values: Vec<f64>,
    /// Legend label.
    pub label: Option<String>,
    /// Sticky edges along x: autoscaled limits do not pad past them.
    pub sticky_x: Vec<f64>,
    /// Sticky edges along y.
    pub sticky_y: Vec<f64>,
    /// Whether the shapes count in the data limits (hexbin's hexagons do
    /// not: its grid's corners do).
    pub autolim: bool,
}

impl Patches {
    /// Filled shapes of one colour, without outlines.
    pub fn filled(polys: Vec<Vec<(f64, f64)>>, color: Rgba) -> Patches {
        Patches {
            polys,
            faces: vec![color],
            edges: Vec::new(),
            edge_width: 1.0,
            closed: true,
            scale: None,
            values: Vec::new(),
            label: None,
            sticky_x: Vec::new(),
            sticky_y: Vec::new(),
            autolim: true,
        }
    }

    /// Shapes coloured by `values` through `scale`.
    pub fn mapped(polys: Vec<Vec<(f64, f64)>>, values: Vec<f64>, scale: ColorScale) -> Patches {
        let faces = values.iter().map(|&v| scale.color(v)).collect();
        Patches {
            scale: Some(scale),
            values,
            faces,
            ..Patches::filled(polys, Rgba::hex(0))
        }
    }

    /// Maps the values again through a new scale (`clim`).
    pub fn rescale(&mut self, scale: ColorScale) {
        if self.values.is_empty() {
            return;
        }
        let colors: Vec<Rgba> = self.values.iter().map(|&v| scale.color(v)).collect();
        if self.faces.is_empty() {
            self.edges = colors;
        } else {
            self.faces = colors;
        }
        self.scale = Some(scale);
    }

    /// The colour shape `i` is filled with, if it is filled.
    pub fn face(&self, i: usize) -> Option<Rgba> {
        (!self.faces.is_empty()).then(|| self.faces[i % self.faces.len()])
    }

    /// The colour of shape `i`'s outline, if it has one.
    pub fn edge(&self, i: usize) -> Option<Rgba> {
        (!self.edges.is_empty()).then(|| self.edges[i % self.edges.len()])
    }
}

/// `pie`'s options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieOpts {
    /// `labels=`: one per wedge, written outside it.
    pub labels: Option<Vec<String>>,
    /// `colors=`: cycled over the wedges (default: the patch cycle).
    pub colors: Option<Vec<String>>,
    /// `explode=`: how far each wedge is pushed out, as a fraction of the radius.
    pub explode: Option<Vec<f64>>,
    /// The `autopct` texts, one per wedge, already formatted.
    pub autotexts: Option<Vec<String>>,
    /// `startangle=` in degrees (default 0: the first wedge starts at 3 o'clock).
    pub startangle: f64,
    /// `radius=` (default 1).
    pub radius: f64,
    /// `counterclock=` (default true).
    pub counterclock: bool,
    /// `labeldistance=` (default 1.1; `None` writes no labels).
    pub labeldistance: Option<f64>,
    /// `pctdistance=` (default 0.6).
    pub pctdistance: f64,
    /// `center=` (default `(0, 0)`): where the pie's centre is.
    pub center: (f64, f64),
}

impl PieOpts {
    /// matplotlib's defaults.
    pub fn new() -> PieOpts {
        PieOpts {
            radius: 1.0,
            counterclock: true,
            labeldistance: Some(1.1),
            pctdistance: 0.6,
            ..PieOpts::default()
        }
    }
}

/// Where `pie` put its texts: `(x, y, text)` for the labels and the
/// `autopct` texts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieTexts {
    /// The labels (`''` for wedges without one).
    pub labels: Vec<(f64, f64, String)>,
    /// The percentages.
    pub autotexts: Vec<(f64, f64, String)>,
}

/// The fractions of the circle `pie(x)` gives each wedge: `x / sum(x)`,
/// computed in float32 as matplotlib does (its texts' positions follow).
pub fn pie_fractions(x: &Data) -> Result<Vec<f32>> {
    if x.shape.len() > 1 {
        return Err(Error::Value("x must be 1D".into()));
    }
    let x: Vec<f32> = x.values.iter().map(|&v| v as f32).collect();
    if x.iter().any(|&v| v < 0.0) {
        return Err(Error::Value(
            "Wedge sizes 'x' must be non negative values".into(),
        ));
    }
    // NumPy sums float32 pairwise; for the handful of wedges a pie has
    // that is the plain sum.
    let sum: f32 = x.iter().sum();
    Ok(x.iter().map(|&v| v / sum).collect())
}

/// Points of an arc of circle `(cx, cy, r)` from `a0` to `a1` degrees.
fn arc(cx: f64, cy: f64, r: f64, a0: f64, a1: f64) -> Vec<(f64, f64)> {
    let steps = (((a1 - a0).abs() / 2.0).ceil() as usize).max(2);
    (0..=steps)
        .map(|k| {
            let a = (a0 + (a1 - a0) * k as f64 / steps as f64).to_radians();
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

impl Axes {
    /// `pie(x)`: wedges of the fractions `fracs` ([`pie_fractions`]),
    /// their labels outside and percentages inside; the axes lose their
    /// frame and ticks and get square limits of ±1.25.
    pub fn pie(&mut self, fracs: &[f32], opts: &PieOpts) -> Result<PieTexts> {
        let n = fracs.len();
        let labels = opts
            .labels
            .clone()
            .unwrap_or_else(|| vec![String::new(); n]);
        let explode = opts.explode.clone().unwrap_or_else(|| vec![0.0; n]);
        if labels.len() != n {
            return Err(Error::Value(format!(
                "'labels' must be of length 'x', not {}",
                labels.len()
            )));
        }
        if explode.len() != n {
            return Err(Error::Value(format!(
                "'explode' must be of length 'x', not {}",
                explode.len()
            )));
        }
        if opts.radius <= 0.0 {
            return Err(Error::Value(format!(
                "'radius' must be a positive number, not {}",
                crate::model::fmt_g(opts.radius)
            )));
        }
        let colors = match &opts.colors {
            Some(c) if !c.is_empty() => Some(
                c.iter()
                    .map(|s| rgba_arg(s))
                    .collect::<Result<Vec<Rgba>>>()?,
            ),
            _ => None,
        };
        let mut texts = PieTexts::default();
        // matplotlib works in float32 here (its fractions are float32 and
        // NumPy 2 keeps Python floats weak), so positions match its own.
        let mut theta1 = (opts.startangle / 360.0) as f32;
        for i in 0..n {
            let theta2 = if opts.counterclock {
                theta1 + fracs[i]
            } else {
                theta1 - fracs[i]
            };
            let thetam = f64::from(std::f32::consts::PI * (theta1 + theta2));
            let (cx, cy) = (
                opts.center.0 + explode[i] * thetam.cos(),
                opts.center.1 + explode[i] * thetam.sin(),
            );
            let color = match &colors {
                Some(c) => c[i % c.len()],
                None => self.next_patch_color(),
            };
            let (a0, a1) = (
                360.0 * f64::from(theta1.min(theta2)),
                360.0 * f64::from(theta1.max(theta2)),
            );
            let mut wedge = vec![(cx, cy)];
            wedge.extend(arc(cx, cy, opts.radius, a0, a1));
            let mut patch = Patches::filled(vec![wedge], color);
            patch.label = Some(labels[i].clone());
            self.artists.push(Artist::Patches(patch));
            if let Some(d) = opts.labeldistance {
                let (xt, yt) = (
                    cx + d * opts.radius * thetam.cos(),
                    cy + d * opts.radius * thetam.sin(),
                );
                let ha = if xt > opts.center.0 {
                    HAlign::Left
                } else {
                    HAlign::Right
                };
                self.pie_text(xt, yt, &labels[i], ha)?;
                texts.labels.push((xt, yt, labels[i].clone()));
            }
            if let Some(auto) = &opts.autotexts {
                let s = auto.get(i).cloned().unwrap_or_default();
                let (xt, yt) = (
                    cx + opts.pctdistance * opts.radius * thetam.cos(),
                    cy + opts.pctdistance * opts.radius * thetam.sin(),
                );
                self.pie_text(xt, yt, &s, HAlign::Center)?;
                texts.autotexts.push((xt, yt, s));
            }
            theta1 = theta2;
        }
        self.axis_frame_off();
        let (x, y) = opts.center;
        self.xlim = (Some(-1.25 + x), Some(1.25 + x));
        self.ylim = (Some(-1.25 + y), Some(1.25 + y));
        self.aspect = Some(1.0);
        Ok(texts)
    }

    fn pie_text(&mut self, x: f64, y: f64, s: &str, ha: HAlign) -> Result<()> {
        let opts = TextOpts {
            ha,
            va: VAlign::Center,
            ..TextOpts::default()
        };
        self.text(x, y, s, &opts)
    }

    /// `set(frame_on=False, xticks=[], yticks=[])`, as `pie` leaves its axes.
    fn axis_frame_off(&mut self) {
        self.frame_on = false;
        self.spines = crate::axis::Spines {
            left: false,
            right: false,
            bottom: false,
            top: false,
        };
        self.xaxis.ticks = Some(Vec::new());
        self.yaxis.ticks = Some(Vec::new());
        self.xaxis.labels = None;
        self.yaxis.labels = None;
    }

    /// `stackplot(x, *ys)`: each row of `ys` stacked on the ones before,
    /// filled from the previous top (0 for the first, which sticks the
    /// y limits to 0); the number of layers.
    pub fn stackplot(
        &mut self,
        x: &Data,
        ys: &[Vec<f64>],
        labels: &[String],
        colors: Option<&[String]>,
    ) -> Result<usize> {
        let n = x.values.len();
        if let Some(bad) = ys.iter().find(|y| y.len() != n) {
            return Err(Error::Value(format!(
                "all input arrays must have the same shape, but x has {n} values and a row of y has {}",
                bad.len()
            )));
        }
        let mut below = vec![0.0; n];
        for (k, y) in ys.iter().enumerate() {
            let top: Vec<f64> = below.iter().zip(y).map(|(b, v)| b + v).collect();
            let mut poly: Vec<(f64, f64)> = x.values.iter().copied().zip(below.clone()).collect();
            poly.reverse();
            let mut outline: Vec<(f64, f64)> = x.values.iter().copied().zip(top.clone()).collect();
            outline.extend(poly);
            let color = match colors {
                Some(c) if !c.is_empty() => color_arg(&c[k % c.len()])?,
                _ => self.next_patch_color(),
            };
            let mut patch = Patches::filled(vec![outline], color);
            patch.label = labels.get(k).cloned();
            if k == 0 {
                patch.sticky_y = vec![0.0];
            }
            self.artists.push(Artist::Patches(patch));
            below = top;
        }
        Ok(ys.len())
    }

    /// `boxplot(datasets)`: a box from the first to the third quartile
    /// with the median across it, whiskers to the furthest points within
    /// `whis` interquartile ranges, and the points beyond as fliers; at
    /// positions 1, 2, ... (ticks labelled with `labels`, else the
    /// positions). `vertical` false lays the boxes along y.
    pub fn boxplot(&mut self, datasets: &[Vec<f64>], opts: &BoxOpts) -> Result<Vec<BoxStats>> {
        let n = datasets.len();
        let positions: Vec<f64> =
            match &opts.positions {
                Some(p) if p.len() != n => return Err(Error::Value(
                    "List of boxplot statistics and `positions` values must have same the length"
                        .into(),
                )),
                Some(p) => p.clone(),
                None => (1..=n).map(|i| i as f64).collect(),
            };
        if let Some(l) = &opts.labels {
            if l.len() != n {
                return Err(Error::Value(
                    "Dimensions of labels and X must be compatible".into(),
                ));
            }
        }
        let span = positions
            .iter()
            .fold(None, |acc: Option<(f64, f64)>, &p| {
                Some(acc.map_or((p, p), |(a, b)| (a.min(p), b.max(p))))
            })
            .map_or(0.0, |(a, b)| b - a);
        let width = opts
            .widths
            .unwrap_or_else(|| (0.15 * span.max(1.0)).min(0.5));
        let stats: Vec<BoxStats> = datasets
            .iter()
            .map(|d| BoxStats::of(d, opts.whis))
            .collect();
        let black = Rgba::hex(0);
        let vertical = opts.vertical;
        let pt = |p: f64, v: f64| if vertical { (p, v) } else { (v, p) };
        let box_color = crate::style::CYCLE[0];
        for (s, &p) in stats.iter().zip(&positions) {
            let (l, r) = (p - width / 2.0, p + width / 2.0);
            let outline = vec![
                pt(l, s.q1),
                pt(r, s.q1),
                pt(r, s.q3),
                pt(l, s.q3),
                pt(l, s.q1),
            ];
            if opts.patch_artist {
                let mut fill = Patches::filled(vec![outline.clone()], box_color);
                fill.edges = vec![black];
                self.artists.push(Artist::Patches(fill));
            } else {
                self.push_line(outline, black, Marker::Nothing);
            }
            for (from, to) in [(s.q1, s.whislo), (s.q3, s.whishi)] {
                self.push_line(vec![pt(p, from), pt(p, to)], black, Marker::Nothing);
            }
            let cap = width / 4.0;
            for v in [s.whislo, s.whishi] {
                self.push_line(vec![pt(p - cap, v), pt(p + cap, v)], black, Marker::Nothing);
            }
            let orange = crate::style::CYCLE[1];
            self.push_line(vec![pt(l, s.med), pt(r, s.med)], orange, Marker::Nothing);
            if opts.showfliers {
                let fliers: Vec<(f64, f64)> = s.fliers.iter().map(|&v| pt(p, v)).collect();
                self.push_points(fliers, black, Marker::Circle);
            }
            if opts.showmeans {
                self.push_points(
                    vec![pt(p, s.mean)],
                    crate::style::CYCLE[2],
                    Marker::Triangle,
                );
            }
        }
        // matplotlib pads the data limits by half a unit around the
        // positions and sticks them there; the ticks are the positions.
        let edges: Vec<f64> = positions.iter().flat_map(|&p| [p - 0.5, p + 0.5]).collect();
        let mut pad = Patches::filled(Vec::new(), black);
        pad.faces.clear();
        let ends = edges.iter().fold(None, |acc: Option<(f64, f64)>, &e| {
            Some(acc.map_or((e, e), |(a, b)| (a.min(e), b.max(e))))
        });
        if let Some((a, b)) = ends {
            let pts = vec![pt(a, stats[0].med), pt(b, stats[0].med)];
            pad.polys.push(pts);
            if vertical {
                pad.sticky_x = edges;
            } else {
                pad.sticky_y = edges;
            }
            self.artists.push(Artist::Patches(pad));
        }
        let labels = opts
            .labels
            .clone()
            .unwrap_or_else(|| positions.iter().map(|&p| crate::model::fmt_g(p)).collect());
        let axis = if vertical {
            &mut self.xaxis
        } else {
            &mut self.yaxis
        };
        axis.integer_ticks = opts.positions.is_none();
        axis.set_ticks(positions, Some(labels))?;
        Ok(stats)
    }

    fn push_line(&mut self, pts: Vec<(f64, f64)>, color: Rgba, marker: Marker) {
        let (xs, ys) = pts.into_iter().unzip();
        self.artists.push(Artist::Line(Line {
            xs,
            ys,
            color,
            style: LineStyle::Solid,
            width: 1.0,
            marker,
            marker_size: 6.0,
            label: None,
        }));
    }

    fn push_points(&mut self, pts: Vec<(f64, f64)>, color: Rgba, marker: Marker) {
        let (xs, ys) = pts.into_iter().unzip();
        self.artists.push(Artist::Line(Line {
            xs,
            ys,
            color,
            style: LineStyle::Nothing,
            width: 1.0,
            marker,
            marker_size: 6.0,
            label: None,
        }));
    }

    /// `violinplot(datasets)`: each dataset's Gaussian kernel density
    /// (Scott's bandwidth, 100 points from its minimum to its maximum)
    /// drawn mirrored about its position, `width` wide at its widest, with
    /// lines at the extremes; the number of bodies.
    pub fn violinplot(
        &mut self,
        datasets: &[Vec<f64>],
        positions: Option<&[f64]>,
        width: f64,
        vertical: bool,
        show: ViolinShow,
        quantiles: Option<&[Vec<f64>]>,
    ) -> Result<usize> {
        let n = datasets.len();
        if quantiles.is_some_and(|q| q.len() != n) {
            return Err(Error::Value(
                "List of violinplot statistics and quantiles values must have the same length"
                    .into(),
            ));
        }
        let positions: Vec<f64> = match positions {
            Some(p) if p.len() != n => return Err(Error::Value(
                "List of violinplot statistics and `positions` values must have the same length"
                    .into(),
            )),
            Some(p) => p.to_vec(),
            None => (1..=n).map(|i| i as f64).collect(),
        };
        let color = self.next_color();
        let pt = |p: f64, v: f64| if vertical { (p, v) } else { (v, p) };
        let mut bars = Vec::new();
        for (k, (d, &p)) in datasets.iter().zip(&positions).enumerate() {
            let (coords, dens) = kde(d);
            let peak = dens.iter().copied().fold(0.0, f64::max);
            let half: Vec<f64> = dens
                .iter()
                .map(|v| {
                    if peak > 0.0 {
                        0.5 * width * v / peak
                    } else {
                        0.0
                    }
                })
                .collect();
            let mut body: Vec<(f64, f64)> = coords
                .iter()
                .zip(&half)
                .map(|(&c, &h)| pt(p - h, c))
                .collect();
            body.extend(coords.iter().zip(&half).rev().map(|(&c, &h)| pt(p + h, c)));
            self.artists.push(Artist::Patches(Patches::filled(
                vec![body],
                color.with_alpha(0.3),
            )));
            if let (Some(&lo), Some(&hi)) = (coords.first(), coords.last()) {
                let q = width / 4.0;
                let across = |v: f64| vec![pt(p - q, v), pt(p + q, v)];
                if show.extrema {
                    bars.push(across(hi));
                    bars.push(across(lo));
                    bars.push(vec![pt(p, lo), pt(p, hi)]);
                }
                let stats = BoxStats::of(d, 1.5);
                if show.means {
                    bars.push(across(stats.mean));
                }
                if show.medians {
                    bars.push(across(stats.med));
                }
                // `quantiles=`: a line across at each (np.percentile's linear).
                let qs = quantiles
                    .and_then(|q| q.get(k))
                    .map_or(&[][..], Vec::as_slice);
                if !qs.is_empty() {
                    let mut sorted: Vec<f64> = d.iter().copied().filter(|x| !x.is_nan()).collect();
                    sorted.sort_by(f64::total_cmp);
                    for &q in qs {
                        bars.push(across(percentile(&sorted, 100.0 * q)));
                    }
                }
            }
        }
        let mut lines = Patches::filled(bars, color);
        lines.faces.clear();
        lines.edges = vec![color];
        lines.closed = false;
        self.artists.push(Artist::Patches(lines));
        Ok(n)
    }
}

/// Which lines `violinplot` draws besides the bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViolinShow {
    /// `showextrema=` (default true): the extremes and a bar between them.
    pub extrema: bool,
    /// `showmeans=`: a line at the mean.
    pub means: bool,
    /// `showmedians=`: a line at the median.
    pub medians: bool,
}

/// `boxplot`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxOpts {
    /// `positions=` (default 1, 2, ...).
    pub positions: Option<Vec<f64>>,
    /// `widths=` (default 0.15 times the positions' span, at most 0.5).
    pub widths: Option<f64>,
    /// `whis=`: the whiskers' reach in interquartile ranges (default 1.5).
    pub whis: f64,
    /// `tick_labels=` (`labels=`).
    pub labels: Option<Vec<String>>,
    /// `vert=` / `orientation='vertical'` (default true).
    pub vertical: bool,
    /// `patch_artist=True`: filled boxes.
    pub patch_artist: bool,
    /// `showfliers=` (default true).
    pub showfliers: bool,
    /// `showmeans=True`: a green triangle at each mean.
    pub showmeans: bool,
}

impl Default for BoxOpts {
    fn default() -> BoxOpts {
        BoxOpts {
            positions: None,
            widths: None,
            whis: 1.5,
            labels: None,
            vertical: true,
            patch_artist: false,
            showfliers: true,
            showmeans: false,
        }
    }
}

/// One box's statistics (matplotlib's `cbook.boxplot_stats`).
#[derive(Clone, Debug, PartialEq)]
pub struct BoxStats {
    /// The first quartile.
    pub q1: f64,
    /// The median.
    pub med: f64,
    /// The third quartile.
    pub q3: f64,
    /// The low whisker's end.
    pub whislo: f64,
    /// The high whisker's end.
    pub whishi: f64,
    /// The points beyond the whiskers.
    pub fliers: Vec<f64>,
    /// The mean.
    pub mean: f64,
}

impl BoxStats {
    /// The statistics of `data` (NaNs dropped) with whiskers `whis` IQRs long.
    pub fn of(data: &[f64], whis: f64) -> BoxStats {
        let mut x: Vec<f64> = data.iter().copied().filter(|v| !v.is_nan()).collect();
        x.sort_by(f64::total_cmp);
        if x.is_empty() {
            let nan = f64::NAN;
            return BoxStats {
                q1: nan,
                med: nan,
                q3: nan,
                whislo: nan,
                whishi: nan,
                fliers: Vec::new(),
                mean: nan,
            };
        }
        let (q1, med, q3) = (
            percentile(&x, 25.0),
            percentile(&x, 50.0),
            percentile(&x, 75.0),
        );
        let iqr = q3 - q1;
        let (loval, hival) = (q1 - whis * iqr, q3 + whis * iqr);
        let whishi = x
            .iter()
            .copied()
            .filter(|&v| v <= hival)
            .fold(f64::NEG_INFINITY, f64::max);
        let whishi = if whishi < q3 { q3 } else { whishi };
        let whislo = x
            .iter()
            .copied()
            .filter(|&v| v >= loval)
            .fold(f64::INFINITY, f64::min);
        let whislo = if whislo > q1 { q1 } else { whislo };
        // In the data's order, as matplotlib keeps it.
        let fliers = data
            .iter()
            .copied()
            .filter(|&v| v < whislo || v > whishi)
            .collect();
        BoxStats {
            q1,
            med,
            q3,
            whislo,
            whishi,
            fliers,
            mean: x.iter().sum::<f64>() / x.len() as f64,
        }
    }
}

/// NumPy's `percentile(x, q)` (method 'linear') of sorted `x`, with its
/// interpolation formula.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    let pos = q / 100.0 * (n - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = (lo + 1).min(n - 1);
    let t = pos - lo as f64;
    let (a, b) = (sorted[lo], sorted[hi]);
    let diff = b - a;
    if t >= 0.5 {
        b - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

/// A Gaussian kernel density estimate of `d` with Scott's bandwidth,
/// evaluated at 100 points from its minimum to its maximum.
fn kde(d: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let x: Vec<f64> = d.iter().copied().filter(|v| v.is_finite()).collect();
    let n = x.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    let (lo, hi) = x
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    let mean = x.iter().sum::<f64>() / n as f64;
    let var = if n > 1 {
        x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    let factor = (n as f64).powf(-0.2);
    let bw2 = var * factor * factor;
    let coords = crate::model::linspace(lo, hi, 100);
    let dens = coords
        .iter()
        .map(|&c| {
            if bw2 <= 0.0 {
                return 1.0;
            }
            x.iter()
                .map(|&v| (-(c - v).powi(2) / (2.0 * bw2)).exp())
                .sum::<f64>()
                / (n as f64 * (2.0 * std::f64::consts::PI * bw2).sqrt())
        })
        .collect();
    (coords, dens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_stats_match_matplotlib() {
        // matplotlib: q1 2, median 3, q3 4, whiskers 1 and 4, flier 10.
        let s = BoxStats::of(&[1.0, 2.0, 3.0, 4.0, 10.0], 1.5);
        assert_eq!((s.q1, s.med, s.q3), (2.0, 3.0, 4.0));
        assert_eq!((s.whislo, s.whishi), (1.0, 4.0));
        assert_eq!(s.fliers, vec![10.0]);
    }

    #[test]
    fn percentile_is_numpys() {
        let x = [1.0, 2.0, 4.0, 8.0];
        assert_eq!(percentile(&x, 25.0), 1.75);
        assert_eq!(percentile(&x, 50.0), 3.0);
        assert_eq!(percentile(&x, 100.0), 8.0);
    }

    #[test]
    fn pie_positions_are_matplotlibs() {
        let mut ax = Axes::new((1, 1, 1));
        let fr = pie_fractions(&Data::vec(vec![1.0, 2.0, 3.0])).unwrap();
        let t = ax.pie(&fr, &PieOpts::new()).unwrap();
        // python3: Text(0.9526279361491276, 0.5500000138802306, 'a').
        assert_eq!(t.labels[0].0, 0.9526279361491276);
        assert_eq!(t.labels[0].1, 0.5500000138802306);
        assert_eq!(ax.limits(), ((-1.25, 1.25), (-1.25, 1.25)));
        assert!(pie_fractions(&Data::vec(vec![1.0, -1.0])).is_err());
        // center=(2, 3): python3 Text(2.9526279361491277, 3.5500000138802306, 'a').
        let mut ax = Axes::new((1, 1, 1));
        let opts = PieOpts {
            center: (2.0, 3.0),
            ..PieOpts::new()
        };
        let t = ax.pie(&fr, &opts).unwrap();
        assert_eq!(t.labels[0].0, 2.9526279361491277);
        assert_eq!(t.labels[0].1, 3.5500000138802306);
        assert_eq!(ax.limits(), ((0.75, 3.25), (1.75, 4.25)));
    }

    #[test]
    fn violin_quantiles_draw_lines_across() {
        // python3: violinplot([arange(10.), arange(5.) * 2],
        // quantiles=[[0.25, 0.75], [0.5]])['cquantiles'].get_segments().
        let sets = vec![
            (0..10).map(f64::from).collect::<Vec<f64>>(),
            (0..5).map(|v| f64::from(v * 2)).collect(),
        ];
        let q = vec![vec![0.25, 0.75], vec![0.5]];
        let show = ViolinShow {
            extrema: false,
            means: false,
            medians: false,
        };
        let mut ax = Axes::new((1, 1, 1));
        ax.violinplot(&sets, None, 0.5, true, show, Some(&q))
            .unwrap();
        let Some(Artist::Patches(lines)) = ax.artists.last() else {
            panic!("lines drawn")
        };
        let want = [
            [(0.875, 2.25), (1.125, 2.25)],
            [(0.875, 6.75), (1.125, 6.75)],
            [(1.875, 4.0), (2.125, 4.0)],
        ];
        assert_eq!(lines.polys, want.map(|s| s.to_vec()).to_vec());
        let bad = ax.violinplot(&sets, None, 0.5, true, show, Some(&q[..1]));
        assert!(bad.is_err());
    }
}
