//! `rcParams` (`matplotlib.rcParams`, `plt.rcParams`), `plt.rc`,
//! `plt.rcdefaults` and `plt.style.use`: the defaults of new figures
//! (`figure.figsize`, `figure.dpi`), axes (`axes.grid`, the colour cycle),
//! lines (`lines.linewidth`) and text (`font.size`).

use std::cell::RefCell;

use xpush_plot::model::Defaults;
use xpush_plot::style::{parse_color, Rgba};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::dict::DictTable;
use crate::py::iter::to_vec;
use crate::py::num::to_f64;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The functions of this file.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Plot, "matplotlib.pyplot", "rc", "(group, **kwargs)", rc,
        "Sets rcParams of a group: rc('lines', linewidth=2) sets 'lines.linewidth'.",
        ["matplotlib.pyplot.rc('axes', grid=False)  # None"]),
    entry!(Function, Plot, "matplotlib.pyplot", "rcdefaults", "()", rcdefaults,
        "Restores matplotlib's default rcParams (and style).",
        ["matplotlib.pyplot.rcdefaults()  # None"]),
    entry!(Function, Plot, "matplotlib.style", "use", "(style)", style_use,
        "Applies a style of plt.style.available: 'default' restores the defaults; 'ggplot', 'seaborn-v0_8' (and its variants), 'bmh', 'fivethirtyeight', 'classic', 'Solarize_Light2', 'dark_background', 'tableau-colorblind10', 'grayscale' set their grid, line width, figure size, font size and colour cycle (backgrounds are not drawn); the other names are accepted.",
        ["matplotlib.pyplot.style.use('default')  # None",
         "matplotlib.pyplot.style.use('nope')  # OSError: 'nope' is not a valid package style, path of style file, URL of style file, or library style name (library styles are listed in `style.available`)"]),
];

/// `plt.style.available`.
const AVAILABLE: &[&str] = &[
    "Solarize_Light2",
    "_classic_test_patch",
    "_mpl-gallery",
    "_mpl-gallery-nogrid",
    "bmh",
    "classic",
    "dark_background",
    "fast",
    "fivethirtyeight",
    "ggplot",
    "grayscale",
    "petroff10",
    "seaborn-v0_8",
    "seaborn-v0_8-bright",
    "seaborn-v0_8-colorblind",
    "seaborn-v0_8-dark",
    "seaborn-v0_8-dark-palette",
    "seaborn-v0_8-darkgrid",
    "seaborn-v0_8-deep",
    "seaborn-v0_8-muted",
    "seaborn-v0_8-notebook",
    "seaborn-v0_8-paper",
    "seaborn-v0_8-pastel",
    "seaborn-v0_8-poster",
    "seaborn-v0_8-talk",
    "seaborn-v0_8-ticks",
    "seaborn-v0_8-white",
    "seaborn-v0_8-whitegrid",
    "tableau-colorblind10",
];

/// A style's rcParams: grid, line width, figure size, font size, colours
/// (matplotlib 3.10's).
type Style = (
    &'static str,
    bool,
    f64,
    (f64, f64),
    f64,
    &'static [&'static str],
);

const STYLES: &[Style] = &[
    (
        "ggplot",
        true,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#E24A33", "#348ABD", "#988ED5", "#777777", "#FBC15E", "#8EBA42", "#FFB5B8",
        ],
    ),
    (
        "seaborn-v0_8",
        true,
        1.75,
        (8.0, 5.5),
        10.0,
        &[
            "#4C72B0", "#55A868", "#C44E52", "#8172B2", "#CCB974", "#64B5CD",
        ],
    ),
    (
        "bmh",
        true,
        2.0,
        (6.4, 4.8),
        10.0,
        &[
            "#348ABD", "#A60628", "#7A68A6", "#467821", "#D55E00", "#CC79A7", "#56B4E9", "#009E73",
            "#F0E442", "#0072B2",
        ],
    ),
    (
        "fivethirtyeight",
        true,
        4.0,
        (6.4, 4.8),
        14.0,
        &[
            "#008fd5", "#fc4f30", "#e5ae38", "#6d904f", "#8b8b8b", "#810f7c",
        ],
    ),
    (
        "dark_background",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#8dd3c7", "#feffb3", "#bfbbd9", "#fa8174", "#81b1d2", "#fdb462", "#b3de69", "#bc82bd",
            "#ccebc4", "#ffed6f",
        ],
    ),
    (
        "classic",
        false,
        1.0,
        (8.0, 6.0),
        12.0,
        &["b", "g", "r", "c", "m", "y", "k"],
    ),
    (
        "Solarize_Light2",
        true,
        2.0,
        (6.4, 4.8),
        10.0,
        &[
            "#268BD2", "#2AA198", "#859900", "#B58900", "#CB4B16", "#DC322F", "#D33682", "#6C71C4",
        ],
    ),
    (
        "tableau-colorblind10",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#006BA4", "#FF800E", "#ABABAB", "#595959", "#5F9ED1", "#C85200", "#898989", "#A2C8EC",
            "#FFBC79", "#CFCFCF",
        ],
    ),
    (
        "grayscale",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &["0.00", "0.40", "0.60", "0.70"],
    ),
];

thread_local! {
    /// The session's `rcParams` dict, shared by `matplotlib` and `pyplot`.
    static RC: RefCell<Option<Value>> = const { RefCell::new(None) };
    /// The colour cycle of the style in use (`None`: matplotlib's).
    static COLORS: RefCell<Option<Vec<Rgba>>> = const { RefCell::new(None) };
}

/// The default rcParams xpush reads.
fn default_table(d: &Defaults) -> Result<DictTable> {
    let mut t = DictTable::new();
    let entries = [
        (
            "figure.figsize",
            Value::list(vec![Value::Float(d.figsize.0), Value::Float(d.figsize.1)]),
        ),
        ("figure.dpi", Value::Float(d.dpi)),
        ("lines.linewidth", Value::Float(d.line_width)),
        ("axes.grid", Value::Bool(d.grid)),
        ("font.size", Value::Float(d.font_size)),
        ("image.cmap", Value::str("viridis")),
    ];
    for (k, v) in entries {
        t.insert(Value::str(k), v)?;
    }
    Ok(t)
}

/// The `rcParams` dict (made with matplotlib's defaults on first use).
pub fn rc_params() -> Value {
    RC.with(|rc| {
        rc.borrow_mut()
            .get_or_insert_with(|| {
                Value::dict(default_table(&Defaults::default()).unwrap_or_default())
            })
            .clone()
    })
}

/// The defaults for new figures as `rcParams` now says (values of the
/// wrong type are left at matplotlib's defaults).
pub fn defaults() -> Defaults {
    let mut d = Defaults::default();
    if let Some(c) = COLORS.with(|c| c.borrow().clone()) {
        d.colors = c;
    }
    let Value::Dict(rc) = rc_params() else {
        return d;
    };
    let rc = rc.borrow();
    let get = |k: &str| rc.get(&Value::str(k)).ok().flatten();
    if let Some(v) = get("figure.figsize") {
        if let Ok(items) = to_vec(&v) {
            if let [w, h] = items.as_slice() {
                if let (Ok(w), Ok(h)) = (to_f64(w), to_f64(h)) {
                    d.figsize = (w, h);
                }
            }
        }
    }
    let num = |k: &str, slot: &mut f64| {
        if let Some(v) = get(k).and_then(|v| to_f64(&v).ok()) {
            *slot = v;
        }
    };
    num("figure.dpi", &mut d.dpi);
    num("lines.linewidth", &mut d.line_width);
    num("font.size", &mut d.font_size);
    if let Some(v) = get("axes.grid") {
        d.grid = crate::ops::truthy(&v).unwrap_or(false);
    }
    d
}

/// The rcParams a style sets: those of its values that are not
/// matplotlib's defaults.
fn style_params(&(_, grid, lw, size, font, _): &Style) -> Vec<(&'static str, Value)> {
    let d = Defaults::default();
    let mut out = Vec::new();
    if grid != d.grid {
        out.push(("axes.grid", Value::Bool(grid)));
    }
    if lw != d.line_width {
        out.push(("lines.linewidth", Value::Float(lw)));
    }
    if size != d.figsize {
        let pair = vec![Value::Float(size.0), Value::Float(size.1)];
        out.push(("figure.figsize", Value::list(pair)));
    }
    if font != d.font_size {
        out.push(("font.size", Value::Float(font)));
    }
    out
}

/// Sets rcParams in the dict.
fn set_params(params: Vec<(String, Value)>) -> Result<()> {
    if let Value::Dict(rc) = rc_params() {
        let mut rc = rc.borrow_mut();
        for (k, v) in params {
            rc.insert(Value::str(k.as_str()), v)?;
        }
    }
    Ok(())
}

/// Puts matplotlib's defaults back (`rcdefaults`, `style.use('default')`).
fn reset() -> Result<()> {
    COLORS.with(|c| *c.borrow_mut() = None);
    let fresh = default_table(&Defaults::default())?;
    set_params(
        fresh
            .iter()
            .map(|(k, v)| (crate::ops::to_str(k), v.clone()))
            .collect(),
    )
}

/// Applies a style: its colour cycle and the rcParams it sets.
fn apply(style: &Style) -> Result<()> {
    let colors: Vec<Rgba> = style.5.iter().filter_map(|c| parse_color(c)).collect();
    COLORS.with(|c| *c.borrow_mut() = Some(colors));
    set_params(
        style_params(style)
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn rc(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let group = crate::ops::to_str(a.get(0));
    let pairs = match a.get(1) {
        Value::Dict(d) => d.borrow().pairs(),
        _ => Vec::new(),
    };
    // matplotlib validates numbers as floats (`lines.linewidth` 3 is 3.0).
    let params = pairs
        .into_iter()
        .map(|(k, v)| {
            let v = match v {
                Value::Int(i) => Value::Float(i as f64),
                other => other,
            };
            (format!("{group}.{}", crate::ops::to_str(&k)), v)
        })
        .collect();
    set_params(params)?;
    Ok(Value::None)
}

fn rcdefaults(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    reset()?;
    Ok(Value::None)
}

fn style_use(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let names: Vec<String> = match a.get(0) {
        Value::Str(s) => vec![s.to_string()],
        v => to_vec(v)?.iter().map(crate::ops::to_str).collect(),
    };
    for name in names {
        if name == "default" {
            reset()?;
            continue;
        }
        if !AVAILABLE.contains(&name.as_str()) {
            return Err(Error::new(
                ExcKind::OSError,
                format!(
                    "{} is not a valid package style, path of style file, URL of style file, or library style name (library styles are listed in `style.available`)",
                    crate::py::repr::str_repr(&name)
                ),
            ));
        }
        let key = if name.starts_with("seaborn-v0_8") {
            "seaborn-v0_8"
        } else {
            name.as_str()
        };
        if let Some(style) = STYLES.iter().find(|s| s.0 == key) {
            apply(style)?;
        }
    }
    Ok(Value::None)
}

/// `matplotlib.style` (`plt.style`): `use` and `available`.
pub fn build_style() -> Value {
    let m = crate::modules::from_table("matplotlib.style");
    if let Value::Module(module) = &m {
        module.set(
            "available",
            Value::list(AVAILABLE.iter().map(|s| Value::str(*s)).collect()),
        );
    }
    m
}
