//! What an axis is set to beyond its limits: its scale (`xscale('log')`),
//! fixed ticks and tick labels (`xticks`, `set_xticklabels`), and which
//! spines are drawn; and the decade ticks of a log axis.

use crate::{py_repr, Error, Result};

/// An axis' scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    /// Linear.
    #[default]
    Linear,
    /// Base-10 logarithmic: values that are not positive are not drawn.
    Log,
}

impl Scale {
    /// `xscale(name)`, with matplotlib's message for a name it lacks.
    pub fn parse(name: &str) -> Result<Scale> {
        match name {
            "linear" => Ok(Scale::Linear),
            "log" => Ok(Scale::Log),
            "symlog" | "asinh" | "logit" | "function" | "functionlog" => Err(Error::Value(
                format!("the {} scale is not supported yet; use 'linear' or 'log'", py_repr(name)),
            )),
            other => Err(Error::Value(format!(
                "{} is not a valid value for scale; supported values are 'linear', 'log', 'symlog', 'asinh', 'logit', 'function', 'functionlog'",
                py_repr(other)
            ))),
        }
    }

    /// Its name, as `get_xscale()` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Linear => "linear",
            Scale::Log => "log",
        }
    }
}

/// One axis' scale and ticks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AxisConfig {
    /// The scale.
    pub scale: Scale,
    /// Fixed tick positions in data coordinates (`set_xticks`), else automatic.
    pub ticks: Option<Vec<f64>>,
    /// Tick labels (`set_xticklabels`, `xticks(ticks, labels)`): one per
    /// fixed tick, or, without fixed ticks, for the automatic ticks in order.
    pub labels: Option<Vec<String>>,
    /// The labels' rotation in degrees (`xticks(rotation=45)`).
    pub rotation: f64,
    /// `matshow`'s locator: `MaxNLocator(nbins=9, steps=[1, 2, 5, 10],
    /// integer=True)` in place of the automatic one.
    pub matshow: bool,
    /// Whether the fixed ticks were given as integers (`get_xticks()`
    /// then gives an int array, as matplotlib's does).
    pub integer_ticks: bool,
    /// `tick_top()` (as `matshow` does): the x ticks and their labels
    /// above the axes rather than below.
    pub top: bool,
}

impl AxisConfig {
    /// Whether the axis is logarithmic.
    pub fn is_log(&self) -> bool {
        self.scale == Scale::Log
    }

    /// `set_xticks(ticks, labels)`: fixes the ticks (labels, if given,
    /// must be one per tick, with matplotlib's message otherwise).
    pub fn set_ticks(&mut self, ticks: Vec<f64>, labels: Option<Vec<String>>) -> Result<()> {
        if let Some(l) = &labels {
            check_count(ticks.len(), l.len())?;
        }
        self.ticks = Some(ticks);
        // New positions drop labels that belonged to the old ones.
        self.labels = labels;
        Ok(())
    }

    /// `set_xticklabels(labels)`.
    pub fn set_labels(&mut self, labels: Vec<String>) -> Result<()> {
        if let Some(t) = &self.ticks {
            check_count(t.len(), labels.len())?;
        }
        self.labels = Some(labels);
        Ok(())
    }
}

fn check_count(ticks: usize, labels: usize) -> Result<()> {
    if ticks == labels {
        Ok(())
    } else {
        Err(Error::Value(format!(
            "The number of FixedLocator locations ({ticks}), usually from a call to set_ticks, does not match the number of labels ({labels})."
        )))
    }
}

/// Which of the four spines (the frame's sides) are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spines {
    /// The left side (where the y ticks are).
    pub left: bool,
    /// The right side.
    pub right: bool,
    /// The bottom side (where the x ticks are).
    pub bottom: bool,
    /// The top side.
    pub top: bool,
}

impl Default for Spines {
    fn default() -> Spines {
        Spines {
            left: true,
            right: true,
            bottom: true,
            top: true,
        }
    }
}

impl Spines {
    /// Sets the visibility of the spine named `name` (`'left'`, `'right'`,
    /// `'bottom'`, `'top'`); `KeyError`'s message (the repr) if unknown.
    pub fn set(&mut self, name: &str, visible: bool) -> std::result::Result<(), String> {
        match name {
            "left" => self.left = visible,
            "right" => self.right = visible,
            "bottom" => self.bottom = visible,
            "top" => self.top = visible,
            other => return Err(py_repr(other)),
        }
        Ok(())
    }
}

/// The decades `10^k` a log axis from `lo` to `hi` (its limits, positive)
/// ticks, as exponents `k`: every decade, or every n-th when more than
/// `max` would crowd the axis (matplotlib's `LogLocator` thins them the
/// same way).
pub fn decades(lo: f64, hi: f64, max: usize) -> Vec<i32> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if !(lo > 0.0 && hi.is_finite()) {
        return Vec::new();
    }
    // A hair of slack so that a limit at exactly 10^k keeps its tick.
    let first = (lo.log10() - 1e-10).ceil() as i32;
    let last = (hi.log10() + 1e-10).floor() as i32;
    if last < first {
        return Vec::new();
    }
    let count = (last - first + 1) as usize;
    let step = count.div_ceil(max.max(1)).max(1) as i32;
    let start = first.div_euclid(step) * step;
    (0..)
        .map(|i| start + i * step)
        .take_while(|&k| k <= last)
        .filter(|&k| k >= first)
        .collect()
}

/// matplotlib's label of the decade `10^k` (its mathtext `$10^{k}$`
/// written with Unicode superscripts): `10⁻²`, `10⁰`, `10³`.
pub fn decade_label(k: i32) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::from("10");
    if k < 0 {
        s.push('⁻');
    }
    for d in k.unsigned_abs().to_string().chars() {
        s.push(SUP[d as usize - '0' as usize]);
    }
    s
}

/// How many ticks fit along an axis `length` points long: matplotlib's
/// `get_tick_space` (the tick label size, 10 points, times 3 across x
/// and times 2 along y).
pub fn tick_space(length: f64, x: bool) -> usize {
    let size = if x { 30.0 } else { 20.0 };
    (length / size).floor().max(1.0) as usize
}

/// matplotlib's `MaxNLocator` with its default steps `[1, 2, 2.5, 5, 10]`
/// and at least two ticks in view: the tick values for the view
/// `vmin..vmax` with at most `nbins` intervals (`nbins='auto'` is
/// `tick_space` clipped to 1..=9). Like matplotlib's it returns a tick
/// on each side beyond the view when the steps fall so.
pub fn max_n_locator(vmin: f64, vmax: f64, nbins: usize) -> Vec<f64> {
    max_n_locator_with(vmin, vmax, nbins, &[1.0, 2.0, 2.5, 5.0, 10.0], 2, false)
}

/// `MaxNLocator`'s steps when none are given.
pub const MAX_N_STEPS: [f64; 10] = [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0];

/// `MaxNLocator(nbins, steps=steps, min_n_ticks=...)`'s tick values;
/// its own default steps (`steps=None`, what contour levels use) are
/// [`MAX_N_STEPS`].
pub fn max_n_locator_with(
    vmin: f64,
    vmax: f64,
    nbins: usize,
    steps: &[f64],
    min_n_ticks: usize,
    integer: bool,
) -> Vec<f64> {
    let (vmin, vmax) = if vmin <= vmax {
        (vmin, vmax)
    } else {
        (vmax, vmin)
    };
    if !(vmin.is_finite() && vmax.is_finite()) || vmax - vmin <= 0.0 {
        return Vec::new();
    }
    let nbins = nbins.max(1) as f64;
    let dv = vmax - vmin;
    let meanv = (vmax + vmin) / 2.0;
    let offset = if meanv.abs() / dv < 100.0 {
        0.0
    } else {
        (10f64.powf(meanv.abs().log10().floor())).copysign(meanv)
    };
    let scale = 10f64.powf((dv / nbins).log10().floor());
    let (lo, hi) = (vmin - offset, vmax - offset);
    // matplotlib's staircase: a tenth of the steps, the steps, ten times the second.
    let staircase = steps[..steps.len() - 1]
        .iter()
        .map(|s| 0.1 * s)
        .chain(steps.iter().copied())
        .chain(std::iter::once(10.0 * steps[1]));
    // integer=True keeps, of the steps above 1, the whole ones.
    let steps: Vec<f64> = staircase
        .map(|s| s * scale)
        .filter(|s| !integer || *s < 1.0 || (s - s.round()).abs() < 0.001)
        .collect();
    let raw_step = (hi - lo) / nbins;
    let istep = steps
        .iter()
        .position(|&st| st >= raw_step)
        .unwrap_or(steps.len() - 1);
    let mut ticks = Vec::new();
    // Python's float divmod (matplotlib's `//` and `divmod`), whose
    // quotient rounds where floor(x / step) would not: divmod(1.0, 0.2)
    // is (4.0, 0.2), not (5.0, 0.0).
    let divmod = |x: f64, w: f64| -> (f64, f64) {
        let mut m = x % w;
        let mut div = (x - m) / w;
        if m != 0.0 {
            if (w < 0.0) != (m < 0.0) {
                m += w;
                div -= 1.0;
            }
        } else {
            m = 0.0f64.copysign(w);
        }
        let mut fl = div.floor();
        if div - fl > 0.5 {
            fl += 1.0;
        }
        (fl, m)
    };
    let whole = integer && hi.floor() - lo.ceil() >= min_n_ticks as f64 - 1.0;
    for &step in steps[..=istep].iter().rev() {
        let step = if whole { step.max(1.0) } else { step };
        let tol = if offset != 0.0 {
            let digits = (offset.abs() / step).log10();
            10f64.powf(digits - 12.0).clamp(1e-10, 0.4999)
        } else {
            1e-10
        };
        let best = divmod(lo, step).0 * step;
        let (x0, x1) = (lo - best, hi - best);
        let (d0, m0) = divmod(x0, step);
        let low = if (m0 / step - 1.0).abs() < tol {
            d0 + 1.0
        } else {
            d0
        };
        let (d1, m1) = divmod(x1, step);
        let high = if (m1 / step).abs() < tol {
            d1
        } else {
            d1 + 1.0
        };
        ticks = (low as i64..=high as i64)
            .map(|i| i as f64 * step + best)
            .collect();
        let shown = ticks.iter().filter(|&&t| t >= lo && t <= hi).count();
        if shown >= min_n_ticks {
            break;
        }
    }
    ticks.into_iter().map(|t| t + offset).collect()
}

/// The tick values of an axis with view limits `(a, b)` and room for
/// `space` ticks, as `get_xticks()` gives them: its fixed ticks, else a log
/// axis' decades (when two or more are in view), else `MaxNLocator`'s.
pub fn locate(cfg: &AxisConfig, (a, b): (f64, f64), space: usize) -> Vec<f64> {
    if let Some(t) = &cfg.ticks {
        return t.clone();
    }
    let (a, b) = (a.min(b), a.max(b));
    if cfg.is_log() {
        let d = decades(a, b, space.max(2));
        if d.len() >= 2 {
            // matplotlib's LogLocator also gives the decade beyond each end
            // and one more above: floor(log a) - 1 ..= ceil(log b) + 1.
            let stride = d.get(1).map_or(1, |k| k - d[0]);
            let first = a.log10().floor() as i32 - stride;
            let last = b.log10().ceil() as i32 + stride;
            let start = first.div_euclid(stride) * stride;
            return (0..)
                .map(|i| start + i * stride)
                .take_while(|&k| k <= last)
                .filter(|&k| k >= first)
                .map(|k| 10f64.powi(k))
                .collect();
        }
    }
    if cfg.matshow {
        return max_n_locator_with(a, b, 9, &[1.0, 2.0, 5.0, 10.0], 2, true);
    }
    max_n_locator(a, b, space.clamp(1, 9))
}

/// Tick labels as matplotlib's `ScalarFormatter` writes them without an
/// offset: every label with the decimals the finest one needs, and
/// negative numbers with a Unicode minus (`−0.25`, `0.00`, `0.25`).
pub fn format_ticks(ticks: &[f64]) -> Vec<String> {
    let decimals = ticks
        .iter()
        .map(|t| {
            let s = format!("{:.10}", t.abs());
            let frac = s
                .split_once('.')
                .map_or("", |(_, f)| f.trim_end_matches('0'));
            frac.len()
        })
        .max()
        .unwrap_or(0);
    ticks
        .iter()
        .map(|t| {
            let s = format!("{t:.decimals$}");
            let zero = s
                .trim_start_matches('-')
                .chars()
                .all(|c| c == '0' || c == '.');
            match s.strip_prefix('-') {
                Some(rest) if !zero => format!("\u{2212}{rest}"),
                Some(rest) => rest.to_string(),
                None => s,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matshow_ticks_whole_rows_and_figaspect() {
        // python3: plt.matshow(np.arange(6).reshape(2, 3)) ticks, and the
        // figure sizes of 2 x 3 and 100 x 10 matrices.
        let cfg = AxisConfig {
            matshow: true,
            ..AxisConfig::default()
        };
        assert_eq!(locate(&cfg, (-0.5, 2.5), 9), vec![-1.0, 0.0, 1.0, 2.0, 3.0]);
        assert_eq!(
            locate(&cfg, (-0.5, 19.5), 9),
            vec![-5.0, 0.0, 5.0, 10.0, 15.0, 20.0]
        );
        let (w, h) = crate::model::figaspect(2, 3, 4.8);
        assert!((w - 7.2).abs() < 1e-12 && h == 4.8);
        assert_eq!(crate::model::figaspect(100, 10, 4.8), (4.0, 16.0));
    }

    #[test]
    fn max_n_locator_like_matplotlib() {
        // matplotlib 3.10's ticks for plot([1, 2, 3]) and a sine over 0..6.28.
        let t = max_n_locator(-0.1, 2.1, 9);
        assert_eq!(t.len(), 11);
        assert!((t[0] + 0.25).abs() < 1e-12 && (t[10] - 2.25).abs() < 1e-12);
        assert_eq!(
            max_n_locator(-0.314, 6.594, 9),
            (-1..=7).map(f64::from).collect::<Vec<_>>()
        );
        assert_eq!(
            max_n_locator(-0.5, 49.5, 4),
            vec![-20.0, 0.0, 20.0, 40.0, 60.0]
        );
        assert_eq!(max_n_locator(0.0, 1.0, 9).len(), 6, "0, 0.2, ..., 1.0");
        assert_eq!(
            format_ticks(&[-0.25, 0.0, 0.25, 0.5]),
            ["\u{2212}0.25", "0.00", "0.25", "0.50"]
        );
        assert_eq!(format_ticks(&[-1.0, 0.0, 1.0]), ["\u{2212}1", "0", "1"]);
    }

    #[test]
    fn decades_and_labels() {
        assert_eq!(decades(0.7, 1412.0, 10), vec![0, 1, 2, 3]);
        assert_eq!(decades(0.0063, 158.0, 10), vec![-2, -1, 0, 1, 2]);
        assert_eq!(decades(1.0, 1e20, 6), vec![0, 4, 8, 12, 16, 20]);
        assert!(decades(2.0, 9.0, 10).is_empty());
        assert_eq!(decade_label(-2), "10⁻²");
        assert_eq!(decade_label(0), "10⁰");
        assert_eq!(decade_label(12), "10¹²");
    }

    #[test]
    fn tick_label_counts_must_match() {
        let mut a = AxisConfig::default();
        assert_eq!(
            a.set_ticks(vec![0.0, 1.0], Some(vec!["a".into()]))
                .unwrap_err()
                .to_string(),
            "ValueError: The number of FixedLocator locations (2), usually from a call to set_ticks, does not match the number of labels (1)."
        );
        a.set_ticks(vec![0.0, 1.0], None).unwrap();
        assert!(a
            .set_labels(vec!["a".into(), "b".into(), "c".into()])
            .is_err());
        a.set_labels(vec!["a".into(), "b".into()]).unwrap();
        assert_eq!(
            Scale::parse("logg").unwrap_err().to_string(),
            "ValueError: 'logg' is not a valid value for scale; supported values are 'linear', 'log', 'symlog', 'asinh', 'logit', 'function', 'functionlog'"
        );
    }
}
