//! Plots of fields over a grid: `pcolormesh`/`pcolor`, `contour`/
//! `contourf`, `hexbin` and `quiver`, and `clim` for the colour scale of
//! the last of them (or the last image).

use crate::charts::Patches;
use crate::model::{Artist, Axes, ColorScale, Data};
use crate::style::{Colormap, Rgba};
use crate::{shape_repr, Error, Result};

/// A grid of values with the coordinates of its points or cells:
/// `rows x cols` values and `x`/`y` as 2-d arrays (row-major).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// Rows of values.
    pub rows: usize,
    /// Columns of values.
    pub cols: usize,
    /// The values, row-major.
    pub z: Vec<f64>,
    /// x of each point (`rows x cols`, or one more each way for cell corners).
    pub x: Vec<f64>,
    /// y of each point.
    pub y: Vec<f64>,
}

/// The colour keywords of the mapped plots.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MapOpts {
    /// `cmap=` (default viridis).
    pub cmap: Option<Colormap>,
    /// `vmin=` (default the data's minimum).
    pub vmin: Option<f64>,
    /// `vmax=`.
    pub vmax: Option<f64>,
    /// `alpha=`.
    pub alpha: Option<f64>,
}

impl MapOpts {
    fn scale(&self, lo: f64, hi: f64) -> ColorScale {
        ColorScale {
            cmap: self.cmap.unwrap_or(Colormap::VIRIDIS),
            vmin: self.vmin.unwrap_or(lo),
            vmax: self.vmax.unwrap_or(hi),
        }
    }
}

/// The range of the finite values.
fn range(v: &[f64]) -> (f64, f64) {
    let r = v
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((a, b)) => Some((f64::min(a, v), f64::max(b, v))),
        });
    r.unwrap_or((0.0, 1.0))
}

/// `x` of a 1-d or 2-d coordinate array as `rows x cols` (a 1-d x is
/// repeated down the rows, a 1-d y across the columns).
fn coords_2d(d: &Data, rows: usize, cols: usize, along_x: bool) -> Option<Vec<f64>> {
    match d.shape.as_slice() {
        [n] if along_x && *n == cols => Some((0..rows).flat_map(|_| d.values.clone()).collect()),
        [n] if !along_x && *n == rows => Some(
            d.values
                .iter()
                .flat_map(|&v| std::iter::repeat_n(v, cols))
                .collect(),
        ),
        [r, c] if *r == rows && *c == cols => Some(d.values.clone()),
        _ => None,
    }
}

/// The cell edges of points at `v` (matplotlib's `_interp_grid`): the
/// midpoints, with the ends extended by half a step.
fn edges_1d(v: &[f64]) -> Vec<f64> {
    match v {
        [] => Vec::new(),
        [one] => vec![one - 0.5, one + 0.5],
        _ => {
            let n = v.len();
            let mut e = vec![v[0] - (v[1] - v[0]) / 2.0];
            e.extend(v.windows(2).map(|w| (w[0] + w[1]) / 2.0));
            e.push(v[n - 1] + (v[n - 1] - v[n - 2]) / 2.0);
            e
        }
    }
}

/// Cell corners `(rows + 1) x (cols + 1)` of point coordinates `rows x cols`.
fn corners_of_points(p: &[f64], rows: usize, cols: usize) -> Vec<f64> {
    // Along each row, then along each column of the result.
    let wide: Vec<Vec<f64>> = (0..rows)
        .map(|r| edges_1d(&p[r * cols..(r + 1) * cols]))
        .collect();
    let mut out = vec![0.0; (rows + 1) * (cols + 1)];
    for c in 0..=cols {
        let col: Vec<f64> = wide.iter().map(|row| row[c]).collect();
        for (r, v) in edges_1d(&col).into_iter().enumerate() {
            out[r * (cols + 1) + c] = v;
        }
    }
    out
}

impl Grid {
    /// The grid of `pcolormesh(X, Y, C)` (`X`, `Y` `None`: the cells'
    /// indices) with `shading` `'flat'`, `'nearest'` or `'auto'`: cell
    /// corners `(rows + 1) x (cols + 1)`, with matplotlib's messages.
    pub fn mesh(x: Option<&Data>, y: Option<&Data>, c: &Data, shading: &str) -> Result<Grid> {
        let [rows, cols] = two_d(c, "C")?;
        let (x, y) = match (x, y) {
            (Some(x), Some(y)) => (x.clone(), y.clone()),
            _ => (
                Data::vec((0..=cols).map(|i| i as f64).collect()),
                Data::vec((0..=rows).map(|i| i as f64).collect()),
            ),
        };
        let xn = x.shape.last().copied().unwrap_or(0);
        let yn = if y.shape.len() == 2 {
            y.shape[0]
        } else {
            y.shape.first().copied().unwrap_or(0)
        };
        let same = xn == cols && yn == rows;
        let flat = match shading {
            "flat" => true,
            "nearest" => false,
            "auto" | "gouraud" => !same,
            other => {
                return Err(Error::Value(format!(
                    "{} is not a valid value for shading; supported values are 'flat', 'nearest', 'gouraud', 'auto'",
                    crate::py_repr(other)
                )))
            }
        };
        let err = if flat {
            format!(
                "Dimensions of C {} should be one smaller than X({xn}) and Y({yn}) while using shading='flat' see help(pcolormesh)",
                shape_repr(&c.shape)
            )
        } else {
            format!(
                "Dimensions of C {} are incompatible with X ({xn}) and/or Y ({yn}); see help(pcolormesh)",
                shape_repr(&c.shape)
            )
        };
        let (pr, pc) = if flat {
            (rows + 1, cols + 1)
        } else {
            (rows, cols)
        };
        let (Some(gx), Some(gy)) = (coords_2d(&x, pr, pc, true), coords_2d(&y, pr, pc, false))
        else {
            return Err(Error::Type(err));
        };
        let (gx, gy) = if flat {
            (gx, gy)
        } else {
            (
                corners_of_points(&gx, rows, cols),
                corners_of_points(&gy, rows, cols),
            )
        };
        Ok(Grid {
            rows,
            cols,
            z: c.values.clone(),
            x: gx,
            y: gy,
        })
    }

    /// The grid of `contour(X, Y, Z)`: one point per value.
    pub fn points(x: Option<&Data>, y: Option<&Data>, z: &Data) -> Result<Grid> {
        let [rows, cols] = match z.shape.as_slice() {
            [r, c] if *r >= 2 && *c >= 2 => [*r, *c],
            [_, _] => {
                return Err(Error::Type(format!(
                    "Input z must be at least a (2, 2) shaped array, but has shape {}",
                    shape_repr(&z.shape)
                )))
            }
            s => return Err(Error::Type(format!("Input z must be 2D, not {}D", s.len()))),
        };
        let (gx, gy) = match (x, y) {
            (Some(x), Some(y)) => {
                let gx = coords_2d(x, rows, cols, true);
                let gy = coords_2d(y, rows, cols, false);
                match (gx, gy) {
                    (Some(a), Some(b)) => (a, b),
                    _ => {
                        return Err(Error::Type(format!(
                            "Length of x ({}) must match number of columns in z ({cols})",
                            x.shape.last().copied().unwrap_or(0)
                        )))
                    }
                }
            }
            _ => (
                (0..rows)
                    .flat_map(|_| (0..cols).map(|c| c as f64))
                    .collect(),
                (0..rows)
                    .flat_map(|r| std::iter::repeat_n(r as f64, cols))
                    .collect(),
            ),
        };
        Ok(Grid {
            rows,
            cols,
            z: z.values.clone(),
            x: gx,
            y: gy,
        })
    }

    /// The corner `(r, c)` of a mesh grid.
    fn corner(&self, r: usize, c: usize) -> (f64, f64) {
        let i = r * (self.cols + 1) + c;
        (self.x[i], self.y[i])
    }

    /// The point `(r, c)` of a point grid with its value.
    fn point(&self, r: usize, c: usize) -> (f64, f64, f64) {
        let i = r * self.cols + c;
        (self.x[i], self.y[i], self.z[i])
    }
}

fn two_d(d: &Data, name: &str) -> Result<[usize; 2]> {
    match d.shape.as_slice() {
        [r, c] => Ok([*r, *c]),
        s => Err(Error::Type(format!(
            "{name} must be a 2D array, not {}D",
            s.len()
        ))),
    }
}

/// The data range of `values` as sticky edges (the limits stop there).
fn sticky_range(values: &[f64]) -> Vec<f64> {
    let (a, b) = range(values);
    vec![a, b]
}

/// Contour levels: `n` levels placed by matplotlib's `MaxNLocator(n + 1,
/// min_n_ticks=1)` over `zmin..zmax`, trimmed to one level outside
/// the data at each end (matplotlib's `ContourSet._autolev`).
pub fn auto_levels(zmin: f64, zmax: f64, n: usize) -> Vec<f64> {
    let lev =
        crate::axis::max_n_locator_with(zmin, zmax, n + 1, &crate::axis::MAX_N_STEPS, 1, false);
    if lev.is_empty() {
        return vec![zmin];
    }
    let i0 = lev.iter().rposition(|&l| l < zmin).unwrap_or(0);
    let i1 = lev
        .iter()
        .position(|&l| l > zmax)
        .map_or(lev.len(), |i| i + 1);
    if i1 - i0 < 3 {
        lev
    } else {
        lev[i0..i1].to_vec()
    }
}

/// `levels=`: a count or increasing values.
#[derive(Clone, Debug, PartialEq)]
pub enum Levels {
    /// `levels=n` (default 7).
    Count(usize),
    /// `levels=[...]`.
    Values(Vec<f64>),
}

/// The part of triangle `tri` (vertices with values) where the value is
/// in `lo..=hi`: a polygon of up to five vertices, empty when none.
fn clip_band(tri: &[(f64, f64, f64); 3], lo: f64, hi: f64) -> Vec<(f64, f64)> {
    let mut poly: Vec<(f64, f64, f64)> = tri.to_vec();
    for (bound, keep_above) in [(lo, true), (hi, false)] {
        let inside = |p: &(f64, f64, f64)| {
            if keep_above {
                p.2 >= bound
            } else {
                p.2 <= bound
            }
        };
        let mut out = Vec::with_capacity(poly.len() + 2);
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            if inside(&a) {
                out.push(a);
            }
            if inside(&a) != inside(&b) {
                let t = (bound - a.2) / (b.2 - a.2);
                out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1), bound));
            }
        }
        poly = out;
        if poly.is_empty() {
            break;
        }
    }
    poly.into_iter().map(|p| (p.0, p.1)).collect()
}

/// The lines of `level` over a point grid, as contourpy's default
/// `mpl2014` algorithm finds them: marching squares (a point is above the
/// level when its value is greater), each crossing interpolated linearly
/// along its grid edge, a saddle decided by the mean of its four corners,
/// and the pieces joined into polylines (closed ones end at their first
/// point again). Quads with a non-finite corner are left out.
pub fn level_lines(g: &Grid, level: f64) -> Vec<Vec<(f64, f64)>> {
    let (rows, cols) = (g.rows, g.cols);
    if rows < 2 || cols < 2 {
        return Vec::new();
    }
    let idx = |r: usize, c: usize| r * cols + c;
    let above = |i: usize| g.z[i] > level;
    // Edges: along a row from (r, c) to (r, c + 1) are `idx(r, c)`; along a
    // column from (r, c) to (r + 1, c) are `rows * cols + idx(r, c)`.
    let vertical = rows * cols;
    let ends = |e: usize| {
        if e < vertical {
            (e, e + 1)
        } else {
            (e - vertical, e - vertical + cols)
        }
    };
    let point = |e: usize| {
        let (a, b) = ends(e);
        let f = (g.z[b] - level) / (g.z[b] - g.z[a]);
        (
            g.x[a] * f + g.x[b] * (1.0 - f),
            g.y[a] * f + g.y[b] * (1.0 - f),
        )
    };
    let mut segs: Vec<(usize, usize)> = Vec::new();
    for r in 0..rows - 1 {
        for c in 0..cols - 1 {
            let (p00, p01, p10, p11) = (idx(r, c), idx(r, c + 1), idx(r + 1, c), idx(r + 1, c + 1));
            if [p00, p01, p10, p11].iter().any(|&i| !g.z[i].is_finite()) {
                continue;
            }
            // Bottom, right, top, left.
            let e = [
                idx(r, c),
                vertical + idx(r, c + 1),
                idx(r + 1, c),
                vertical + idx(r, c),
            ];
            let crossed: Vec<usize> = [(p00, p01), (p01, p11), (p10, p11), (p00, p10)]
                .iter()
                .enumerate()
                .filter(|(_, &(a, b))| above(a) != above(b))
                .map(|(k, _)| e[k])
                .collect();
            match crossed.as_slice() {
                [a, b] => segs.push((*a, *b)),
                [_, _, _, _] => {
                    let mid = 0.25 * (g.z[p00] + g.z[p01] + g.z[p10] + g.z[p11]);
                    // Cut off either the corners p01 and p10 or p00 and p11.
                    let cut_01_10 = above(p00) == (mid > level);
                    if cut_01_10 {
                        segs.push((e[0], e[1]));
                        segs.push((e[2], e[3]));
                    } else {
                        segs.push((e[0], e[3]));
                        segs.push((e[1], e[2]));
                    }
                }
                _ => {}
            }
        }
    }
    let mut at: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for (i, &(a, b)) in segs.iter().enumerate() {
        at.entry(a).or_default().push(i);
        at.entry(b).or_default().push(i);
    }
    let mut used = vec![false; segs.len()];
    let mut lines = Vec::new();
    let walk = |start: usize, from: usize, used: &mut Vec<bool>| {
        let mut line = vec![point(from)];
        let (mut cur, mut edge) = (start, from);
        loop {
            used[cur] = true;
            let (a, b) = segs[cur];
            edge = if a == edge { b } else { a };
            line.push(point(edge));
            match at
                .get(&edge)
                .and_then(|s| s.iter().copied().find(|&i| !used[i]))
            {
                Some(next) => cur = next,
                None => break,
            }
        }
        line
    };
    // Open lines start at the grid's boundary (an edge of one piece), then loops.
    let mut starts: Vec<(usize, usize)> = Vec::new();
    for (i, &(a, b)) in segs.iter().enumerate() {
        for e in [a, b] {
            if at.get(&e).is_some_and(|s| s.len() == 1) {
                starts.push((i, e));
            }
        }
    }
    for (i, e) in starts {
        if !used[i] {
            lines.push(walk(i, e, &mut used));
        }
    }
    for i in 0..segs.len() {
        if !used[i] {
            let from = segs[i].0;
            lines.push(walk(i, from, &mut used));
        }
    }
    lines
}

impl Axes {
    /// `pcolormesh`/`pcolor`: each cell of the grid filled with its
    /// value's colour; the limits stick to the mesh.
    pub fn pcolormesh(&mut self, g: &Grid, opts: &MapOpts) -> Result<()> {
        let mut polys = Vec::with_capacity(g.rows * g.cols);
        for r in 0..g.rows {
            for c in 0..g.cols {
                polys.push(vec![
                    g.corner(r, c),
                    g.corner(r, c + 1),
                    g.corner(r + 1, c + 1),
                    g.corner(r + 1, c),
                ]);
            }
        }
        let (lo, hi) = range(&g.z);
        let mut p = Patches::mapped(polys, g.z.clone(), opts.scale(lo, hi));
        apply_alpha(&mut p, opts.alpha);
        p.sticky_x = sticky_range(&g.x);
        p.sticky_y = sticky_range(&g.y);
        self.artists.push(Artist::Patches(p));
        Ok(())
    }

    /// `contour` (lines, `filled` false) or `contourf` (bands between
    /// levels) of a point grid; the levels drawn.
    pub fn contour(
        &mut self,
        g: &Grid,
        levels: Levels,
        filled: bool,
        colors: Option<Rgba>,
        opts: &MapOpts,
    ) -> Result<Vec<f64>> {
        let (zmin, zmax) = range(&g.z);
        let levels = match levels {
            Levels::Count(n) => auto_levels(zmin, zmax, n),
            Levels::Values(v) => v,
        };
        if filled && levels.len() < 2 {
            return Err(Error::Value(
                "Filled contours require at least 2 levels.".into(),
            ));
        }
        if levels.windows(2).any(|w| w[1] - w[0] <= 0.0) {
            return Err(Error::Value("Contour levels must be increasing".into()));
        }
        let (lmin, lmax) = range(&levels);
        let scale = opts.scale(lmin, lmax);
        let mut polys = Vec::new();
        let mut values = Vec::new();
        for r in 0..g.rows - 1 {
            for c in 0..g.cols - 1 {
                let (p00, p01, p10, p11) = (
                    g.point(r, c),
                    g.point(r, c + 1),
                    g.point(r + 1, c),
                    g.point(r + 1, c + 1),
                );
                let tris = [[p00, p01, p11], [p00, p11, p10]];
                for tri in tris {
                    if tri.iter().any(|p| !p.2.is_finite()) {
                        continue;
                    }
                    if filled {
                        for w in levels.windows(2) {
                            let poly = clip_band(&tri, w[0], w[1]);
                            if poly.len() >= 3 {
                                polys.push(poly);
                                values.push((w[0] + w[1]) / 2.0);
                            }
                        }
                    }
                }
            }
        }
        if !filled {
            for &l in &levels {
                for line in level_lines(g, l) {
                    polys.push(line);
                    values.push(l);
                }
            }
        }
        let mut p = Patches::mapped(polys, values, scale);
        if !filled {
            p.edges = std::mem::take(&mut p.faces);
            p.closed = false;
            p.edge_width = 1.5;
        }
        if let Some(c) = colors {
            if filled {
                p.faces = vec![c];
            } else {
                p.edges = vec![c];
            }
        }
        apply_alpha(&mut p, opts.alpha);
        p.sticky_x = sticky_range(&g.x);
        p.sticky_y = sticky_range(&g.y);
        // The limits take the whole grid, even where no line runs.
        let (x0, x1) = range(&g.x);
        let (y0, y1) = range(&g.y);
        let mut frame = Patches::filled(vec![vec![(x0, y0), (x1, y1)]], Rgba::hex(0));
        frame.faces.clear();
        self.artists.push(Artist::Patches(frame));
        self.artists.push(Artist::Patches(p));
        self.contour_levels
            .insert(self.artists.len() - 1, levels.clone());
        Ok(levels)
    }

    /// `clabel`: a label on each line of the contour set drawn as artist
    /// `artist` whose level is in `levels` (`None`: every level), the
    /// level's value written as matplotlib's default formatter writes the
    /// contour set's levels together (`ScalarFormatter(useOffset=False)`:
    /// `−0.2`, `0.0`, `0.5`), centred on a point of the line, in the
    /// line's colour unless `color` is given. The labels' positions and
    /// texts, in level order.
    pub fn clabel(
        &mut self,
        artist: usize,
        levels: Option<&[f64]>,
        fontsize: f64,
        color: Option<Rgba>,
    ) -> Vec<(f64, f64, String)> {
        let Some(Artist::Patches(p)) = self.artists.get(artist) else {
            return Vec::new();
        };
        let all: Vec<f64> = {
            let mut v = p.values.clone();
            v.sort_by(f64::total_cmp);
            v.dedup();
            v
        };
        let wanted: Vec<f64> = match levels {
            Some(l) => l.iter().copied().filter(|v| all.contains(v)).collect(),
            None => all.clone(),
        };
        let names = crate::axis::format_ticks(self.contour_levels.get(&artist).unwrap_or(&all));
        let mut out = Vec::new();
        for lev in wanted {
            // The middle of the level's longest line.
            let Some(i) = (0..p.polys.len())
                .filter(|&i| p.values[i] == lev && p.polys[i].len() >= 2)
                .max_by_key(|&i| p.polys[i].len())
            else {
                continue;
            };
            let line = &p.polys[i];
            let m = (line.len() - 1) / 2;
            let (a, b) = (line[m], line[m + 1]);
            let at = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let source: &[f64] = self.contour_levels.get(&artist).unwrap_or(&all);
            let text = source
                .iter()
                .position(|&l| l == lev)
                .and_then(|k| names.get(k).cloned())
                .unwrap_or_else(|| crate::axis::format_ticks(&[lev]).concat());
            let line = color.or_else(|| p.edge(i)).unwrap_or(Rgba::hex(0));
            out.push((at.0, at.1, text, line));
        }
        let mut placed = Vec::with_capacity(out.len());
        for (x, y, text, line) in out {
            self.artists.push(Artist::Text(crate::shapes::TextArt {
                x,
                y,
                text: text.clone(),
                axes_coords: false,
                color: line,
                fontsize,
                ha: crate::shapes::HAlign::Center,
                va: crate::shapes::VAlign::Center,
                rotation: 0.0,
                arrow: None,
                offset: (0.0, 0.0),
            }));
            placed.push((x, y, text));
        }
        placed
    }

    /// The lines of the contour set drawn as artist `artist`, per level
    /// of the set (matplotlib's `cs.allsegs`); empty for filled contours.
    pub fn contour_lines(&self, artist: usize) -> Vec<Vec<Vec<(f64, f64)>>> {
        let (Some(Artist::Patches(p)), Some(levels)) =
            (self.artists.get(artist), self.contour_levels.get(&artist))
        else {
            return Vec::new();
        };
        if p.closed {
            return Vec::new();
        }
        levels
            .iter()
            .map(|&l| {
                (0..p.polys.len())
                    .filter(|&i| p.values[i] == l)
                    .map(|i| p.polys[i].clone())
                    .collect()
            })
            .collect()
    }

    /// `hexbin(x, y, gridsize)`: the counts of points in hexagonal cells
    /// (matplotlib's grid: `gridsize` hexagons across, `gridsize / √3`
    /// up, on two interleaved lattices), every cell drawn (empty ones
    /// too, unless `mincnt` leaves them out); the counts.
    pub fn hexbin(
        &mut self,
        x: &Data,
        y: &Data,
        gridsize: usize,
        mincnt: Option<f64>,
        opts: &MapOpts,
    ) -> Result<Vec<f64>> {
        let grid = HexGrid::new(x, y, gridsize)?;
        let mut counts = vec![0.0; grid.len()];
        for c in grid.cells.iter().flatten() {
            counts[*c] += 1.0;
        }
        let values = counts
            .into_iter()
            .map(|n| (!mincnt.is_some_and(|m| n < m)).then_some(n))
            .collect();
        Ok(self.hexbin_values(&grid, values, opts))
    }

    /// `hexbin` with a value per cell (`None`: the cell is not drawn, as
    /// matplotlib leaves out its NaN cells): the values drawn.
    pub fn hexbin_values(
        &mut self,
        grid: &HexGrid,
        values: Vec<Option<f64>>,
        opts: &MapOpts,
    ) -> Vec<f64> {
        let HexGrid {
            xmin,
            xmax,
            ymin,
            ymax,
            sx,
            sy,
            ..
        } = *grid;
        let hexagon = [
            (0.5, -0.5),
            (0.5, 0.5),
            (0.0, 1.0),
            (-0.5, 0.5),
            (-0.5, -0.5),
            (0.0, -1.0),
        ];
        let (mut polys, mut kept) = (Vec::new(), Vec::new());
        for (&(cx, cy), v) in grid.centres().iter().zip(values) {
            let Some(n) = v.filter(|n| !n.is_nan()) else {
                continue;
            };
            let (ox, oy) = (cx * sx + xmin, cy * sy + ymin);
            polys.push(
                hexagon
                    .iter()
                    .map(|&(hx, hy)| (ox + hx * sx, oy + hy * sy / 3.0))
                    .collect(),
            );
            kept.push(n);
        }
        let (lo, hi) = range(&kept);
        let mut p = Patches::mapped(polys, kept.clone(), opts.scale(lo, hi));
        apply_alpha(&mut p, opts.alpha);
        p.autolim = false;
        // matplotlib's data limits are the corners, not the hexagons.
        let mut frame = Patches::filled(vec![vec![(xmin, ymin), (xmax, ymax)]], Rgba::hex(0));
        frame.faces.clear();
        self.artists.push(Artist::Patches(frame));
        // Outlined in their own colour so that neighbours meet without gaps.
        p.edges = p.faces.clone();
        p.edge_width = 0.5;
        self.artists.push(Artist::Patches(p));
        kept
    }

    /// `quiver(X, Y, U, V)`: an arrow at each point; `data_units` (with
    /// `angles='xy', scale_units='xy'`) draws `(U, V) / scale` in data
    /// coordinates, else the arrows' lengths are fractions of the axes'
    /// width (matplotlib's autoscale: the mean arrow 1/18 of the width
    /// for ten or fewer arrows).
    pub fn quiver(&mut self, q: QuiverArgs) -> Result<()> {
        let n = q.x.len();
        if [q.y.len(), q.u.len(), q.v.len()].iter().any(|&m| m != n) {
            return Err(Error::Value(format!(
                "X, Y, U and V must have the same size, not {}, {}, {} and {}",
                n,
                q.y.len(),
                q.u.len(),
                q.v.len()
            )));
        }
        let mag: Vec<f64> = q.u.iter().zip(&q.v).map(|(u, v)| u.hypot(*v)).collect();
        let sn = 10f64.max((n as f64).sqrt());
        let mean = mag.iter().filter(|m| m.is_finite()).sum::<f64>() / n.max(1) as f64;
        let scale = q
            .scale
            .unwrap_or(if q.data_units { 1.0 } else { 1.8 * mean * sn });
        let scale = if scale > 0.0 { scale } else { 1.0 };
        self.artists.push(Artist::Arrows(Arrows {
            xs: q.x,
            ys: q.y,
            us: q.u.iter().map(|u| u / scale).collect(),
            vs: q.v.iter().map(|v| v / scale).collect(),
            data_units: q.data_units,
            width: 0.06 / sn,
            color: q.color,
        }));
        Ok(())
    }

    /// `clim(vmin, vmax)`: the colour scale of the last image or mapped
    /// collection (`None` keeps an end).
    pub fn clim(&mut self, vmin: Option<f64>, vmax: Option<f64>) -> Result<()> {
        let set = |s: ColorScale| ColorScale {
            vmin: vmin.unwrap_or(s.vmin),
            vmax: vmax.unwrap_or(s.vmax),
            ..s
        };
        for a in self.artists.iter_mut().rev() {
            match a {
                Artist::Image(im) => {
                    if let Some(s) = im.scale {
                        im.rescale(set(s));
                        return Ok(());
                    }
                }
                Artist::Patches(p) => {
                    if let Some(s) = p.scale {
                        p.rescale(set(s));
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(Error::Runtime(
            "You must first define an image, e.g., with imshow".into(),
        ))
    }
}

fn apply_alpha(p: &mut Patches, alpha: Option<f64>) {
    if let Some(a) = alpha {
        p.faces.iter_mut().for_each(|c| *c = c.with_alpha(a));
        p.edges.iter_mut().for_each(|c| *c = c.with_alpha(a));
    }
}

fn range_or_zero(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        (0.0, 0.0)
    } else {
        range(v)
    }
}

/// matplotlib's `transforms.nonsingular(vmin, vmax, expander)`.
fn nonsingular((lo, hi): (f64, f64), expander: f64) -> (f64, f64) {
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

/// matplotlib's hexagonal grid of `hexbin` over some points: `gridsize`
/// hexagons across and `gridsize / √3` up on one lattice, and the
/// lattice between them, and the cell each point falls in.
#[derive(Clone, Debug, PartialEq)]
pub struct HexGrid {
    nx1: usize,
    ny1: usize,
    nx2: usize,
    ny2: usize,
    xmin: f64,
    xmax: f64,
    ymin: f64,
    ymax: f64,
    sx: f64,
    sy: f64,
    /// The cell of each point (`None`: outside every cell).
    pub cells: Vec<Option<usize>>,
}

impl HexGrid {
    /// The grid over the points `(x, y)` (as matplotlib's `hexbin` lays
    /// it out: the data's range padded by 1e-9 of its width).
    pub fn new(x: &Data, y: &Data, gridsize: usize) -> Result<HexGrid> {
        if x.values.len() != y.values.len() {
            return Err(Error::Value(format!(
                "operands could not be broadcast together with shapes {} {} ",
                shape_repr(&x.shape),
                shape_repr(&y.shape)
            )));
        }
        let nx = gridsize.max(1);
        let ny = (nx as f64 / 3f64.sqrt()) as usize;
        let (xmin, xmax) = nonsingular(range_or_zero(&x.values), 0.1);
        let (ymin, ymax) = nonsingular(range_or_zero(&y.values), 0.1);
        let (nx1, ny1, nx2, ny2) = (nx + 1, ny + 1, nx, ny);
        let padding = 1e-9 * (xmax - xmin);
        let (xmin, xmax) = (xmin - padding, xmax + padding);
        let sx = (xmax - xmin) / nx as f64;
        let sy = (ymax - ymin) / ny.max(1) as f64;
        let mut cells = Vec::with_capacity(x.values.len());
        for (&px, &py) in x.values.iter().zip(&y.values) {
            let (ix, iy) = ((px - xmin) / sx, (py - ymin) / sy);
            let (ix1, iy1) = (ix.round_ties_even(), iy.round_ties_even());
            let (ix2, iy2) = (ix.floor(), iy.floor());
            let d1 = (ix - ix1).powi(2) + 3.0 * (iy - iy1).powi(2);
            let d2 = (ix - ix2 - 0.5).powi(2) + 3.0 * (iy - iy2 - 0.5).powi(2);
            let inside = |i: f64, n: usize| i >= 0.0 && i < n as f64;
            cells.push(if d1 < d2 {
                (inside(ix1, nx1) && inside(iy1, ny1)).then(|| ix1 as usize * ny1 + iy1 as usize)
            } else {
                (inside(ix2, nx2) && inside(iy2, ny2))
                    .then(|| nx1 * ny1 + ix2 as usize * ny2 + iy2 as usize)
            });
        }
        Ok(HexGrid {
            nx1,
            ny1,
            nx2,
            ny2,
            xmin,
            xmax,
            ymin,
            ymax,
            sx,
            sy,
            cells,
        })
    }

    /// How many cells the grid has.
    pub fn len(&self) -> usize {
        self.nx1 * self.ny1 + self.nx2 * self.ny2
    }

    /// Whether the grid has no cells (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells' centres in grid units, in cell order.
    fn centres(&self) -> Vec<(f64, f64)> {
        let mut centres = Vec::with_capacity(self.len());
        for i in 0..self.nx1 {
            for j in 0..self.ny1 {
                centres.push((i as f64, j as f64));
            }
        }
        for i in 0..self.nx2 {
            for j in 0..self.ny2 {
                centres.push((i as f64 + 0.5, j as f64 + 0.5));
            }
        }
        centres
    }
}

/// `quiver`'s arguments, flattened.
#[derive(Clone, Debug, PartialEq)]
pub struct QuiverArgs {
    /// Arrow tails' x.
    pub x: Vec<f64>,
    /// Arrow tails' y.
    pub y: Vec<f64>,
    /// The vectors' x components.
    pub u: Vec<f64>,
    /// The vectors' y components.
    pub v: Vec<f64>,
    /// `scale=`: data units per arrow length unit.
    pub scale: Option<f64>,
    /// `angles='xy', scale_units='xy'`: arrows in data coordinates.
    pub data_units: bool,
    /// The arrows' colour.
    pub color: Rgba,
}

/// Arrows (`quiver`).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrows {
    /// Tails' x in data coordinates.
    pub xs: Vec<f64>,
    /// Tails' y.
    pub ys: Vec<f64>,
    /// The arrows' x extent: data units if `data_units`, else fractions
    /// of the axes' width.
    pub us: Vec<f64>,
    /// Their y extent, in the same units.
    pub vs: Vec<f64>,
    /// Whether `us`/`vs` are in data units.
    pub data_units: bool,
    /// The shaft's width as a fraction of the axes' width.
    pub width: f64,
    /// Colour.
    pub color: Rgba,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contour_levels_are_matplotlibs() {
        // python3: contour(exp(-X²-Y²)).levels on a 20 x 20 grid over ±2.
        let lev = auto_levels(0.00033546262790251185, 0.9780172, 7);
        assert_eq!(lev.len(), 8);
        assert!((lev[7] - 1.05).abs() < 1e-12);
        let five = auto_levels(0.00033546262790251185, 0.9780172, 5);
        assert_eq!(five.len(), 6);
        assert!((five[5] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn clabel_puts_each_level_on_its_line() {
        // z = x + y on a 5 x 5 grid over 0..4: the line of level l is x + y = l.
        let n = 5;
        let z = Data {
            shape: vec![n, n],
            values: (0..n * n).map(|i| (i / n + i % n) as f64).collect(),
        };
        let g = Grid::points(None, None, &z).unwrap();
        let mut ax = Axes::new((1, 1, 1));
        let levels = Levels::Values(vec![-1.0, 1.5, 4.0, 6.5, 9.0]);
        ax.contour(&g, levels, false, None, &MapOpts::default())
            .unwrap();
        let artist = ax.artists.len() - 1;
        let labels = ax.clabel(artist, None, 10.0, None);
        let texts: Vec<&str> = labels.iter().map(|l| l.2.as_str()).collect();
        // matplotlib 3.10: clabel(contour(z, levels=[-1, 1.5, 4, 6.5, 9])) texts.
        assert_eq!(texts, ["1.5", "4.0", "6.5"]);
        for (x, y, t) in &labels {
            let level: f64 = t.parse().unwrap();
            assert!((x + y - level).abs() < 1e-9, "{t} at ({x}, {y})");
        }
        let some = ax.clabel(artist, Some(&[4.0]), 10.0, None);
        assert_eq!(some.len(), 1);
        assert!(matches!(ax.artists.last(), Some(Artist::Text(t)) if t.text == "4.0"));
    }

    #[test]
    fn level_lines_are_mpl2014s() {
        // python3: contour(S, levels=[0.5]).allsegs for this saddle grid:
        // four corner lines and a loop round the centre, whose vertices
        // lie on the grid's edges.
        let z = Data {
            shape: vec![3, 3],
            values: vec![1.0, 0.0, 1.0, 0.0, 0.9, 0.0, 1.0, 0.0, 1.0],
        };
        let g = Grid::points(None, None, &z).unwrap();
        let lines = level_lines(&g, 0.5);
        assert_eq!(lines.len(), 5);
        let mut pts: Vec<(i64, i64)> = lines
            .iter()
            .flatten()
            .map(|&(x, y)| ((x * 1e6).round() as i64, (y * 1e6).round() as i64))
            .collect();
        pts.sort_unstable();
        pts.dedup();
        let want = [
            (0, 500000),
            (0, 1500000),
            (500000, 0),
            (500000, 2000000),
            (555556, 1000000),
            (1000000, 555556),
            (1000000, 1444444),
            (1444444, 1000000),
            (1500000, 0),
            (1500000, 2000000),
            (2000000, 500000),
            (2000000, 1500000),
        ];
        assert_eq!(pts, want);
        // The loop is closed: it ends where it starts.
        let ring = lines.iter().find(|l| l.len() == 5).unwrap();
        assert_eq!(ring.first(), ring.last());
    }

    #[test]
    fn band_clipping_keeps_the_area_between_levels() {
        let tri = [(0.0, 0.0, 0.0), (1.0, 0.0, 1.0), (0.0, 1.0, 1.0)];
        let poly = clip_band(&tri, 0.5, 2.0);
        assert_eq!(poly.len(), 4);
        assert!(clip_band(&tri, 2.0, 3.0).is_empty());
    }

    #[test]
    fn mesh_shapes_are_checked() {
        let c = Data {
            shape: vec![3, 4],
            values: vec![0.0; 12],
        };
        let x = Data::vec(vec![0.0; 4]);
        let e = Grid::mesh(Some(&x), Some(&x), &c, "flat").unwrap_err();
        assert_eq!(e, Error::Type("Dimensions of C (3, 4) should be one smaller than X(4) and Y(4) while using shading='flat' see help(pcolormesh)".into()));
        let g = Grid::mesh(None, None, &c, "auto").unwrap();
        assert_eq!(g.x.len(), 20);
        let mut ax = Axes::new((1, 1, 1));
        ax.pcolormesh(&g, &MapOpts::default()).unwrap();
        assert_eq!(ax.limits(), ((0.0, 4.0), (0.0, 3.0)));
    }

    #[test]
    fn hexbin_with_values_per_cell() {
        // python3: hexbin(x, x**2, C=10 * x, gridsize=5).get_array() for
        // x = arange(10.): the mean of C in each cell that has points.
        let x = Data::vec((0..10).map(f64::from).collect());
        let y = Data::vec((0..10).map(|v| f64::from(v * v)).collect());
        let grid = HexGrid::new(&x, &y, 5).unwrap();
        let mut per: Vec<Vec<f64>> = vec![Vec::new(); grid.len()];
        for (i, cell) in grid.cells.iter().enumerate() {
            per[cell.unwrap()].push(10.0 * i as f64);
        }
        let values = per
            .iter()
            .map(|v| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64))
            .collect();
        let mut ax = Axes::new((1, 1, 1));
        let drawn = ax.hexbin_values(&grid, values, &MapOpts::default());
        assert_eq!(drawn, [0.0, 15.0, 30.0, 60.0, 70.0, 90.0, 45.0, 80.0]);
        let Some(Artist::Patches(p)) = ax.artists.last() else {
            panic!("hexagons drawn")
        };
        assert_eq!(p.polys.len(), 8);
    }

    #[test]
    fn hexbin_counts_like_matplotlib() {
        // python3: hexbin(arange(10.), arange(10.)**2, gridsize=5).get_array().
        let x = Data::vec((0..10).map(f64::from).collect());
        let y = Data::vec((0..10).map(|v| f64::from(v * v)).collect());
        let mut ax = Axes::new((1, 1, 1));
        let c = ax.hexbin(&x, &y, 5, None, &MapOpts::default()).unwrap();
        let want = [
            1., 0., 0., 2., 0., 0., 1., 0., 0., 0., 1., 0., 0., 1., 0., 0., 0., 1., 0., 0., 0., 0.,
            2., 0., 0., 0., 0., 1.,
        ];
        assert_eq!(c, want);
        let (xl, yl) = ax.limits();
        assert!((xl.0 + 0.4500000099).abs() < 1e-9 && (yl.1 - 85.05).abs() < 1e-9);
    }
}
