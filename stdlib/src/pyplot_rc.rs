//! `rcParams` (`matplotlib.rcParams`, `plt.rcParams`), `plt.rc`,
//! `plt.rcdefaults` and `plt.style.use`: the defaults of new figures
//! (`figure.figsize`, `figure.dpi`, `figure.facecolor`), axes (`axes.grid`,
//! the colour cycle, `axes.facecolor`, `grid.color`, `axes.edgecolor`),
//! lines (`lines.linewidth`) and text (`font.size`, `text.color`). Every
//! value set is checked against matplotlib's key list and validators
//! (`api/rc_params.txt`), with its messages.

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
        "Applies a style of plt.style.available: 'default' restores the defaults; 'ggplot', 'seaborn-v0_8' (and its variants), 'bmh', 'fivethirtyeight', 'classic', 'Solarize_Light2', 'dark_background', 'tableau-colorblind10', 'grayscale' set their grid, line width, figure size, font size, colour cycle and background colours (figure, axes, grid, spines, text: ggplot's grey axes with a white grid, dark_background's black); the other names are accepted.",
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
/// (matplotlib 3.10's; no colours: the cycle is left as it is).
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
        "seaborn-v0_8-bright",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#003FFF", "#03ED3A", "#E8000B", "#8A2BE2", "#FFC400", "#00D7FF",
        ],
    ),
    (
        "seaborn-v0_8-colorblind",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#0072B2", "#009E73", "#D55E00", "#CC79A7", "#F0E442", "#56B4E9",
        ],
    ),
    ("seaborn-v0_8-dark", false, 1.5, (6.4, 4.8), 10.0, &[]),
    (
        "seaborn-v0_8-dark-palette",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#001C7F", "#017517", "#8C0900", "#7600A1", "#B8860B", "#006374",
        ],
    ),
    ("seaborn-v0_8-darkgrid", true, 1.5, (6.4, 4.8), 10.0, &[]),
    (
        "seaborn-v0_8-deep",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#4C72B0", "#55A868", "#C44E52", "#8172B2", "#CCB974", "#64B5CD",
        ],
    ),
    (
        "seaborn-v0_8-muted",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#4878CF", "#6ACC65", "#D65F5F", "#B47CC7", "#C4AD66", "#77BEDB",
        ],
    ),
    ("seaborn-v0_8-notebook", false, 1.75, (8.0, 5.5), 10.0, &[]),
    ("seaborn-v0_8-paper", false, 1.4, (6.4, 4.4), 10.0, &[]),
    (
        "seaborn-v0_8-pastel",
        false,
        1.5,
        (6.4, 4.8),
        10.0,
        &[
            "#92C6FF", "#97F0AA", "#FF9F9A", "#D0BBFF", "#FFFEA3", "#B0E0E6",
        ],
    ),
    ("seaborn-v0_8-poster", false, 2.8, (12.8, 8.8), 10.0, &[]),
    ("seaborn-v0_8-talk", false, 2.275, (10.4, 7.15), 10.0, &[]),
    ("seaborn-v0_8-ticks", false, 1.5, (6.4, 4.8), 10.0, &[]),
    ("seaborn-v0_8-white", false, 1.5, (6.4, 4.8), 10.0, &[]),
    ("seaborn-v0_8-whitegrid", true, 1.5, (6.4, 4.8), 10.0, &[]),
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

/// The background and furniture colours of the styles that set them
/// (matplotlib 3.10's `figure.facecolor`, `axes.facecolor`, `grid.color`,
/// `axes.edgecolor`, `text.color`).
const LOOKS: &[(&str, [&str; 5])] = &[
    ("ggplot", ["white", "#E5E5E5", "white", "white", "black"]),
    (
        "seaborn-v0_8",
        ["white", "#EAEAF2", "white", "white", ".15"],
    ),
    (
        "seaborn-v0_8-darkgrid",
        ["white", "#EAEAF2", "white", "white", ".15"],
    ),
    (
        "seaborn-v0_8-dark",
        ["white", "#EAEAF2", "white", "white", ".15"],
    ),
    (
        "seaborn-v0_8-whitegrid",
        ["white", "white", ".8", ".8", ".15"],
    ),
    ("seaborn-v0_8-white", ["white", "white", ".8", ".15", ".15"]),
    ("seaborn-v0_8-ticks", ["white", "white", ".8", ".15", ".15"]),
    (
        "dark_background",
        ["black", "black", "white", "white", "white"],
    ),
    ("bmh", ["white", "#eeeeee", "#b2b2b2", "#bcbcbc", "black"]),
    (
        "fivethirtyeight",
        ["#f0f0f0", "#f0f0f0", "#cbcbcb", "#f0f0f0", "black"],
    ),
    (
        "Solarize_Light2",
        ["#FDF6E3", "#eee8d5", "#fdf6e3", "#eee8d5", "black"],
    ),
    ("classic", ["0.75", "w", "k", "k", "k"]),
    ("grayscale", ["0.75", "white", "black", "black", "black"]),
];

/// The rcParams keys of [`LOOKS`]' colours, in order.
const LOOK_KEYS: [&str; 5] = [
    "figure.facecolor",
    "axes.facecolor",
    "grid.color",
    "axes.edgecolor",
    "text.color",
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
        ("figure.facecolor", Value::str("white")),
        ("axes.facecolor", Value::str("white")),
        ("grid.color", Value::str("#b0b0b0")),
        ("axes.edgecolor", Value::str("black")),
        ("text.color", Value::str("black")),
    ];
    for (k, v) in entries {
        t.insert(Value::str(k), v)?;
    }
    Ok(t)
}

/// matplotlib's rcParams keys, each with the check its value gets
/// (written by `tests/gen_expected.py`).
const RC_KINDS: &str = include_str!("api/rc_params.txt");

/// How `key`'s values are checked; `None` when it is not an rcParam.
fn rc_kind(key: &str) -> Option<&'static str> {
    RC_KINDS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| match l.split_once(' ') {
            Some((k, kind)) if k == key => Some(kind),
            _ => None,
        })
}

/// Whether `d` is the session's `rcParams` (whose items are checked as
/// they are set).
pub(crate) fn is_rc(d: &std::rc::Rc<RefCell<DictTable>>) -> bool {
    RC.with(|rc| match &*rc.borrow() {
        Some(Value::Dict(r)) => std::rc::Rc::ptr_eq(r, d),
        _ => false,
    })
}

/// A float as matplotlib's `validate_float` reads it (numbers and
/// numeric strings); `None` if it cannot.
fn float_of(v: &Value) -> Option<f64> {
    match v {
        Value::Str(s) => s.trim().parse::<f64>().ok(),
        Value::List(_) | Value::Tuple(_) | Value::Dict(_) | Value::None => None,
        other => to_f64(other).ok(),
    }
}

/// `value` checked and converted for rcParam `key` as matplotlib's
/// `RcParams.__setitem__` does, with its messages.
pub(crate) fn validated(key: &Value, value: Value) -> Result<Value> {
    let name = crate::ops::to_str(key);
    let Some(kind) = (match key {
        Value::Str(_) => rc_kind(&name),
        _ => None,
    }) else {
        return Err(Error::new(
            ExcKind::KeyError,
            crate::py::repr::str_repr(&format!(
                "{name} is not a valid rc parameter (see rcParams.keys() for a list of valid parameters)"
            )),
        ));
    };
    let fail = |msg: String| Error::value_error(format!("Key {name}: {msg}"));
    let could_not =
        |v: &Value, ty: &str| fail(format!("Could not convert {} to {ty}", crate::ops::repr(v)));
    Ok(match kind {
        "float" => Value::Float(float_of(&value).ok_or_else(|| could_not(&value, "float"))?),
        "int" => match &value {
            Value::Int(_) => value,
            Value::Bool(b) => Value::Int(i64::from(*b)),
            Value::Float(f) if f.is_finite() => Value::Int(f.trunc() as i64),
            Value::Str(s) => Value::Int(
                s.trim()
                    .parse::<i64>()
                    .map_err(|_| could_not(&value, "int"))?,
            ),
            _ => return Err(could_not(&value, "int")),
        },
        "bool" => {
            let word = match &value {
                Value::Str(s) => Some(s.to_lowercase()),
                _ => None,
            };
            let truth = match (&value, word.as_deref()) {
                (_, Some("t" | "y" | "yes" | "on" | "true" | "1")) => Some(true),
                (_, Some("f" | "n" | "no" | "off" | "false" | "0")) => Some(false),
                (Value::Str(_), _) => None,
                (v, _) => float_of(v).and_then(|f| {
                    if f == 1.0 {
                        Some(true)
                    } else if f == 0.0 {
                        Some(false)
                    } else {
                        None
                    }
                }),
            };
            match truth {
                Some(b) => Value::Bool(b),
                None => {
                    return Err(fail(format!(
                        "Cannot convert {} to bool",
                        crate::ops::repr(&value)
                    )))
                }
            }
        }
        "color" => {
            let ok = match &value {
                Value::Str(s) => s.eq_ignore_ascii_case("none") || parse_color(s).is_some(),
                v @ (Value::Tuple(_) | Value::List(_)) => crate::pyplot_draw::rgba_tuple(v).is_ok(),
                _ => false,
            };
            if !ok {
                return Err(fail(format!(
                    "{} does not look like a color arg",
                    crate::ops::repr(&value)
                )));
            }
            value
        }
        "floatpair" => {
            let items = match &value {
                Value::Str(s) => s.split(',').map(|p| Value::str(p.trim())).collect(),
                v => to_vec(v).map_err(|_| could_not(v, "float"))?,
            };
            let floats = items
                .iter()
                .map(|v| float_of(v).ok_or_else(|| could_not(v, "float")))
                .collect::<Result<Vec<f64>>>()?;
            if floats.len() != 2 {
                return Err(fail(format!(
                    "Expected 2 values, but there are {} values in {}",
                    floats.len(),
                    crate::ops::repr(&value)
                )));
            }
            Value::list(floats.into_iter().map(Value::Float).collect())
        }
        _ => value,
    })
}

/// `rcParams[key] = value`: checked, then stored.
pub(crate) fn set_item(
    d: &std::rc::Rc<RefCell<DictTable>>,
    key: &Value,
    value: Value,
) -> Result<()> {
    let value = validated(key, value)?;
    d.borrow_mut().insert(key.clone(), value)
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
    let color = |k: &str, slot: &mut Rgba| {
        if let Some(Value::Str(s)) = get(k) {
            if let Some(c) = parse_color(&s) {
                *slot = c;
            }
        }
    };
    color("figure.facecolor", &mut d.figure_facecolor);
    color("axes.facecolor", &mut d.axes.face);
    color("grid.color", &mut d.axes.grid);
    color("axes.edgecolor", &mut d.axes.edge);
    color("text.color", &mut d.axes.text);
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

/// Applies a style: its colour cycle, its background colours and the
/// rcParams it sets.
fn apply(style: &Style) -> Result<()> {
    let colors: Vec<Rgba> = style.5.iter().filter_map(|c| parse_color(c)).collect();
    if !colors.is_empty() {
        COLORS.with(|c| *c.borrow_mut() = Some(colors));
    }
    let mut params: Vec<(String, Value)> = style_params(style)
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    if let Some((_, look)) = LOOKS.iter().find(|l| l.0 == style.0) {
        for (k, v) in LOOK_KEYS.iter().zip(look) {
            params.push((k.to_string(), Value::str(*v)));
        }
    }
    set_params(params)
}

fn rc(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let group = crate::ops::to_str(a.get(0));
    let pairs = match a.get(1) {
        Value::Dict(d) => d.borrow().pairs(),
        _ => Vec::new(),
    };
    // matplotlib's aliases of rc's keywords.
    const ALIASES: [(&str, &str); 7] = [
        ("lw", "linewidth"),
        ("ls", "linestyle"),
        ("c", "color"),
        ("fc", "facecolor"),
        ("ec", "edgecolor"),
        ("mew", "markeredgewidth"),
        ("aa", "antialiased"),
    ];
    let mut params = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        let name = crate::ops::to_str(&k);
        let name = ALIASES
            .iter()
            .find(|(a, _)| *a == name)
            .map_or(name.clone(), |(_, full)| full.to_string());
        let key = format!("{group}.{name}");
        if rc_kind(&key).is_none() {
            return Err(Error::new(
                ExcKind::KeyError,
                crate::py::repr::str_repr(&format!(
                    "Unrecognized key \"{key}\" for group \"{group}\" and name \"{name}\""
                )),
            ));
        }
        let v = validated(&Value::str(key.as_str()), v)?;
        params.push((key, v));
    }
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
        if let Some(style) = STYLES.iter().find(|s| s.0 == name) {
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
