//! A text preview of a figure for terminals that cannot show images:
//! each axes' lines, points and bars drawn with braille dots (2 x 4 per
//! character), framed by its y range and x range.

use crate::model::{Artist, Axes, Figure};

/// The preview of every axes of `fig`, each `width` x `height` characters
/// of plot area.
pub fn figure(fig: &Figure, width: usize, height: usize) -> String {
    fig.axes
        .iter()
        .map(|ax| axes(ax, width, height))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The preview of one axes.
pub fn axes(ax: &Axes, width: usize, height: usize) -> String {
    let (width, height) = (width.max(4), height.max(2));
    let mut out = String::new();
    if !ax.caption().is_empty() {
        out.push_str(&format!("{}\n", ax.caption()));
    }
    let images: Vec<String> = ax
        .artists
        .iter()
        .filter_map(|a| match a {
            Artist::Image(im) => Some(format!("[image {}x{}]", im.rows, im.cols)),
            _ => None,
        })
        .collect();
    if !images.is_empty() {
        out.push_str(&images.join(" "));
        out.push('\n');
        if images.len() == ax.artists.len() {
            return out;
        }
    }
    let ((x0, x1), (y0, y1)) = ax.limits();
    let mut canvas = Canvas::new(width, height, (x0, x1), (y0, y1));
    for a in &ax.artists {
        match a {
            Artist::Line(l) => {
                if l.style == crate::style::LineStyle::Nothing {
                    canvas.points(&l.xs, &l.ys);
                } else {
                    canvas.polyline(&l.xs, &l.ys);
                }
            }
            Artist::Scatter(s) => canvas.points(&s.xs, &s.ys),
            Artist::Bars(b) => {
                for (i, &l) in b.lefts.iter().enumerate() {
                    let r = l + b.widths[i];
                    canvas.bar(l, r, b.bottoms[i], b.bottoms[i] + b.heights[i]);
                }
            }
            Artist::Segments(sg) => {
                for (a, b) in &sg.segments {
                    canvas.polyline(&[a.0, b.0], &[a.1, b.1]);
                }
            }
            Artist::Fill(f) => {
                for poly in &f.polygons {
                    let xs: Vec<f64> = poly.iter().map(|p| p.0).collect();
                    let ys: Vec<f64> = poly.iter().map(|p| p.1).collect();
                    canvas.polyline(&xs, &ys);
                }
            }
            Artist::RefLine(r) if r.horizontal => canvas.polyline(&[x0, x1], &[r.at, r.at]),
            Artist::RefLine(r) => canvas.polyline(&[r.at, r.at], &[y0, y1]),
            Artist::Patches(p) => {
                for poly in &p.polys {
                    let (xs, ys): (Vec<f64>, Vec<f64>) = poly.iter().copied().unzip();
                    canvas.polyline(&xs, &ys);
                }
            }
            Artist::Arrows(q) => canvas.points(&q.xs, &q.ys),
            Artist::Image(_) | Artist::Text(_) | Artist::Span(_) => {}
        }
    }
    let (top, bottom) = (short(y1), short(y0));
    let pad = top.chars().count().max(bottom.chars().count());
    for (i, row) in canvas.rows().into_iter().enumerate() {
        let (label, edge) = match i {
            0 => (top.as_str(), '┤'),
            i if i == height - 1 => (bottom.as_str(), '┤'),
            _ => ("", '│'),
        };
        out.push_str(&format!("{label:>pad$} {edge}{row}\n"));
    }
    out.push_str(&format!("{:pad$} └{}\n", "", "─".repeat(width)));
    let (left, right) = (short(x0), short(x1));
    let gap = (width + 1).saturating_sub(left.chars().count() + right.chars().count());
    out.push_str(&format!(
        "{:pad$}  {left}{}{right}\n",
        "",
        " ".repeat(gap.max(1))
    ));
    let mut captions = Vec::new();
    if !ax.xlabel.is_empty() {
        captions.push(format!("x: {}", ax.xlabel));
    }
    if !ax.ylabel.is_empty() {
        captions.push(format!("y: {}", ax.ylabel));
    }
    if ax.legend {
        let labels: Vec<&str> = ax.artists.iter().filter_map(Artist::label).collect();
        if !labels.is_empty() {
            captions.push(format!("legend: {}", labels.join(", ")));
        }
    }
    if !captions.is_empty() {
        out.push_str(&format!("{:pad$}  {}\n", "", captions.join("  ")));
    }
    out
}

/// A number in at most 4 significant digits (`%.4g`).
pub fn short(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return if v.is_nan() {
            "nan".into()
        } else if v == 0.0 {
            "0".into()
        } else {
            format!("{v}")
        };
    }
    let exp = v.abs().log10().floor() as i32;
    if !(-4..4).contains(&exp) {
        let s = format!("{v:.3e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = m.trim_end_matches('0').trim_end_matches('.');
        return format!("{m}e{e}");
    }
    let decimals = (3 - exp).max(0) as usize;
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

/// A grid of braille dots over the axes' view limits.
struct Canvas {
    width: usize,
    height: usize,
    dots: Vec<bool>,
    x: (f64, f64),
    y: (f64, f64),
}

impl Canvas {
    fn new(width: usize, height: usize, x: (f64, f64), y: (f64, f64)) -> Canvas {
        Canvas {
            width,
            height,
            dots: vec![false; width * 2 * height * 4],
            x,
            y,
        }
    }

    /// Dot coordinates of a data point (column from the left, row from the
    /// top), clamped far outside so that lines stay cheap to walk.
    fn to_dot(&self, x: f64, y: f64) -> Option<(i64, i64)> {
        if !(x.is_finite() && y.is_finite()) {
            return None;
        }
        let (w, h) = ((self.width * 2 - 1) as f64, (self.height * 4 - 1) as f64);
        let fx = (x - self.x.0) / (self.x.1 - self.x.0) * w;
        let fy = (self.y.1 - y) / (self.y.1 - self.y.0) * h;
        let lim = 4.0 * (w + h);
        Some((
            fx.round().clamp(-lim, lim) as i64,
            fy.round().clamp(-lim, lim) as i64,
        ))
    }

    fn set(&mut self, cx: i64, cy: i64) {
        let (w, h) = ((self.width * 2) as i64, (self.height * 4) as i64);
        if (0..w).contains(&cx) && (0..h).contains(&cy) {
            self.dots[(cy * w + cx) as usize] = true;
        }
    }

    fn points(&mut self, xs: &[f64], ys: &[f64]) {
        for (&x, &y) in xs.iter().zip(ys) {
            if let Some((cx, cy)) = self.to_dot(x, y) {
                self.set(cx, cy);
            }
        }
    }

    fn polyline(&mut self, xs: &[f64], ys: &[f64]) {
        let mut prev = None;
        for (&x, &y) in xs.iter().zip(ys) {
            let p = self.to_dot(x, y);
            match (prev, p) {
                (Some(a), Some(b)) => self.segment(a, b),
                (None, Some((cx, cy))) => self.set(cx, cy),
                _ => {}
            }
            prev = p;
        }
    }

    /// Bresenham's line between two dots.
    fn segment(&mut self, (x0, y0): (i64, i64), (x1, y1): (i64, i64)) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
        let (mut x, mut y, mut err) = (x0, y0, dx + dy);
        loop {
            self.set(x, y);
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    fn bar(&mut self, left: f64, right: f64, bottom: f64, top: f64) {
        let (Some((l, b)), Some((r, t))) = (self.to_dot(left, bottom), self.to_dot(right, top))
        else {
            return;
        };
        let (l, r) = (l.min(r), l.max(r));
        let (t, b) = (t.min(b), t.max(b));
        // Half-open on the right so that adjacent bars do not share a column.
        for cx in l..r.max(l + 1) {
            for cy in t..=b {
                self.set(cx, cy);
            }
        }
    }

    fn rows(&self) -> Vec<String> {
        let w = self.width * 2;
        const BITS: [[u32; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| {
                        let mut bits = 0;
                        for (dy, pair) in BITS.iter().enumerate() {
                            for (dx, bit) in pair.iter().enumerate() {
                                if self.dots[(row * 4 + dy) * w + col * 2 + dx] {
                                    bits |= bit;
                                }
                            }
                        }
                        char::from_u32(0x2800 + bits).unwrap_or(' ')
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn short_numbers() {
        assert_eq!(short(std::f64::consts::TAU), "6.283");
        assert_eq!(short(-1.1), "-1.1");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(12345.0), "1.234e4");
        assert_eq!(short(-0.31415926), "-0.3142");
    }
}
