//! matplotlib's colormaps as its `Colormap.__call__` evaluates them: a
//! 256-entry lookup table (listed colours, or built from segment data as
//! `_create_lookup_table` builds it), indexed by `int(x * 256)`, with the
//! under, over and bad colours. Drawing uses [`crate::style::Colormap`].

use crate::cmap_data::{LISTED, SEGMENTED};

/// The number of entries of every lookup table.
pub const N: usize = 256;

/// The RGB lookup table of colormap `name` (`_r` reversed, as matplotlib
/// reverses it), when xpush has its data.
pub fn lut(name: &str) -> Option<Vec<[f64; 3]>> {
    let (base, reversed) = match name.strip_suffix("_r") {
        Some(b) => (b, true),
        None => (name, false),
    };
    if let Some((_, colors)) = LISTED.iter().find(|(n, _)| *n == base) {
        let mut table = colors.to_vec();
        if reversed {
            table.reverse();
        }
        return Some(table);
    }
    let (_, channels) = SEGMENTED.iter().find(|(n, _)| *n == base)?;
    let columns: Vec<Vec<f64>> = channels
        .iter()
        .map(|data| {
            let data: Vec<(f64, f64, f64)> = if reversed {
                // matplotlib's reversed(): [(1 - x, y1, y0) for x, y0, y1 in reversed(data)].
                data.iter()
                    .rev()
                    .map(|&(x, y0, y1)| (1.0 - x, y1, y0))
                    .collect()
            } else {
                data.to_vec()
            };
            lookup_table(&data)
        })
        .collect();
    Some(
        (0..N)
            .map(|i| [columns[0][i], columns[1][i], columns[2][i]])
            .collect(),
    )
}

/// Whether colormap `name` is a listed one (its colours given, not
/// segments).
pub fn is_listed(name: &str) -> bool {
    let base = name.strip_suffix("_r").unwrap_or(name);
    LISTED.iter().any(|(n, _)| *n == base)
        || ["turbo", "twilight", "tab10", "tab20"].contains(&base)
}

/// matplotlib's `_create_lookup_table(256, data)` (gamma 1).
fn lookup_table(data: &[(f64, f64, f64)]) -> Vec<f64> {
    let last = (N - 1) as f64;
    let x: Vec<f64> = data.iter().map(|d| d.0 * last).collect();
    // NumPy's linspace(0, 1, N): i * step, the last exactly 1.
    let step = 1.0 / last;
    let mut out = Vec::with_capacity(N);
    out.push(data[0].2);
    for i in 1..N - 1 {
        let xind = last * (i as f64 * step);
        // searchsorted(x, xind, side='left').
        let ind = x.partition_point(|&v| v < xind).clamp(1, x.len() - 1);
        let distance = (xind - x[ind - 1]) / (x[ind] - x[ind - 1]);
        out.push(distance * (data[ind].1 - data[ind - 1].2) + data[ind - 1].2);
    }
    out.push(data[data.len() - 1].1);
    out.into_iter().map(|v| v.clamp(0.0, 1.0)).collect()
}

/// `cmap(x)` of a float: the RGBA of entry `int(x * 256)` (1.0 is the
/// last entry), the first colour below 0, the last above 1, transparent
/// black for NaN.
pub fn at_float(table: &[[f64; 3]], x: f64) -> [f64; 4] {
    if x.is_nan() {
        return [0.0; 4];
    }
    let n = table.len() as f64;
    let scaled = if x * n == n { n - 1.0 } else { x * n };
    let i = if scaled < 0.0 {
        0
    } else if scaled >= n {
        table.len() - 1
    } else {
        scaled as usize
    };
    let [r, g, b] = table[i];
    [r, g, b, 1.0]
}

/// `cmap(i)` of an integer: entry `i`, clipped to the under and over colours.
pub fn at_index(table: &[[f64; 3]], i: i64) -> [f64; 4] {
    let last = table.len() as i64 - 1;
    let [r, g, b] = table[i.clamp(0, last) as usize];
    [r, g, b, 1.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_match_matplotlib() {
        // python3: matplotlib.colormaps['jet'](0.3), ['jet'](5), ['gray'](0.5),
        // ['RdBu_r'](0.3), ['viridis_r'](0.3), ['viridis'](0.5).
        let jet = lut("jet").unwrap();
        assert_eq!(at_float(&jet, 0.3), [0.0, 0.692156862745098, 1.0, 1.0]);
        assert_eq!(at_index(&jet, 5), [0.0, 0.0, 0.589126559714795, 1.0]);
        assert_eq!(at_float(&jet, -1.0), [0.0, 0.0, 0.5, 1.0]);
        assert_eq!(at_float(&jet, 2.0), [0.5, 0.0, 0.0, 1.0]);
        assert_eq!(at_float(&jet, f64::NAN), [0.0; 4]);
        let gray = lut("gray").unwrap();
        assert_eq!(at_float(&gray, 0.5)[0], 0.5019607843137255);
        let rdbu_r = lut("RdBu_r").unwrap();
        assert_eq!(
            at_float(&rdbu_r, 0.3),
            [
                0.5664744329104192,
                0.7687043444828914,
                0.8685121107266437,
                1.0
            ]
        );
        assert_eq!(
            at_float(&lut("viridis_r").unwrap(), 0.3)[..3],
            [0.266941, 0.748751, 0.440573]
        );
        assert_eq!(
            at_float(&lut("viridis").unwrap(), 0.5)[..3],
            [0.127568, 0.566949, 0.550556]
        );
        assert!(lut("turbo").is_none());
    }
}
