//! Colours, line styles, markers, matplotlib format strings (`'r--'`,
//! `'o'`) and colormaps.

use crate::{py_repr, Error, Result};

/// An sRGB colour with an alpha in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity, 1 is opaque.
    pub a: f64,
}

impl Rgba {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgba {
        Rgba {
            r: (v >> 16) as u8,
            g: (v >> 8) as u8,
            b: v as u8,
            a: 1.0,
        }
    }

    /// An opaque colour from channels in `[0, 1]`.
    pub fn from_unit(r: f64, g: f64, b: f64) -> Rgba {
        let c = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
        Rgba {
            r: c(r),
            g: c(g),
            b: c(b),
            a: 1.0,
        }
    }

    /// The same colour with another alpha.
    pub fn with_alpha(self, a: f64) -> Rgba {
        Rgba {
            a: a.clamp(0.0, 1.0),
            ..self
        }
    }
}

/// matplotlib's default colour cycle (`tab10`), `C0` .. `C9`.
pub const CYCLE: [Rgba; 10] = [
    Rgba::hex(0x1f77b4),
    Rgba::hex(0xff7f0e),
    Rgba::hex(0x2ca02c),
    Rgba::hex(0xd62728),
    Rgba::hex(0x9467bd),
    Rgba::hex(0x8c564b),
    Rgba::hex(0xe377c2),
    Rgba::hex(0x7f7f7f),
    Rgba::hex(0xbcbd22),
    Rgba::hex(0x17becf),
];

/// The one-letter base colours of format strings.
fn base_color(c: char) -> Option<Rgba> {
    Some(match c {
        'b' => Rgba::from_unit(0.0, 0.0, 1.0),
        'g' => Rgba::from_unit(0.0, 0.5, 0.0),
        'r' => Rgba::from_unit(1.0, 0.0, 0.0),
        'c' => Rgba::from_unit(0.0, 0.75, 0.75),
        'm' => Rgba::from_unit(0.75, 0.0, 0.75),
        'y' => Rgba::from_unit(0.75, 0.75, 0.0),
        'k' => Rgba::hex(0x000000),
        'w' => Rgba::hex(0xffffff),
        _ => return None,
    })
}

/// Named colours: the tableau palette and the CSS names people use most.
const NAMED: &str = "tab:blue 1f77b4 tab:orange ff7f0e tab:green 2ca02c tab:red d62728 \
    tab:purple 9467bd tab:brown 8c564b tab:pink e377c2 tab:gray 7f7f7f tab:grey 7f7f7f \
    tab:olive bcbd22 tab:cyan 17becf blue 0000ff green 008000 red ff0000 cyan 00ffff \
    magenta ff00ff yellow ffff00 black 000000 white ffffff orange ffa500 purple 800080 \
    brown a52a2a pink ffc0cb gray 808080 grey 808080 olive 808000 navy 000080 teal 008080 \
    lime 00ff00 maroon 800000 gold ffd700 silver c0c0c0 violet ee82ee indigo 4b0082 \
    crimson dc143c coral ff7f50 salmon fa8072 orchid da70d6 tomato ff6347 turquoise 40e0d0 \
    skyblue 87ceeb steelblue 4682b4 royalblue 4169e1 darkblue 00008b darkgreen 006400 \
    darkred 8b0000 darkorange ff8c00 lightblue add8e6 lightgreen 90ee90 lightgray d3d3d3 \
    lightgrey d3d3d3 darkgray a9a9a9 darkgrey a9a9a9 forestgreen 228b22 seagreen 2e8b57 \
    firebrick b22222 chocolate d2691e tan d2b48c khaki f0e68c beige f5f5dc";

/// Parses a matplotlib colour: a base letter (`'r'`), a name (`'red'`,
/// `'tab:blue'`), `'#rrggbb'`/`'#rrggbbaa'`, a grey level (`'0.5'`) or a
/// cycle reference (`'C1'`).
pub fn parse_color(s: &str) -> Option<Rgba> {
    let lower = s.to_ascii_lowercase();
    let mut chars = lower.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return base_color(c);
    }
    if let Some(hex) = lower.strip_prefix('#') {
        return parse_hex(hex);
    }
    if let Some(n) = s.strip_prefix('C') {
        return n.parse::<usize>().ok().map(|i| CYCLE[i % CYCLE.len()]);
    }
    if let Ok(level) = s.parse::<f64>() {
        return (0.0..=1.0)
            .contains(&level)
            .then(|| Rgba::from_unit(level, level, level));
    }
    let mut words = NAMED.split_whitespace();
    while let (Some(name), Some(hex)) = (words.next(), words.next()) {
        if name == lower {
            return parse_hex(hex);
        }
    }
    None
}

fn parse_hex(hex: &str) -> Option<Rgba> {
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    match hex.len() {
        6 => Some(Rgba::hex(v)),
        8 => Some(Rgba::hex(v >> 8).with_alpha(f64::from(v & 0xff) / 255.0)),
        _ => None,
    }
}

/// How a line is stroked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// `'-'`.
    Solid,
    /// `'--'`.
    Dashed,
    /// `'-.'`.
    DashDot,
    /// `':'`.
    Dotted,
    /// No line (`'None'`, `' '`, `''`): markers only.
    Nothing,
}

impl LineStyle {
    /// Parses a linestyle name or symbol.
    pub fn parse(s: &str) -> Option<LineStyle> {
        Some(match s {
            "-" | "solid" => LineStyle::Solid,
            "--" | "dashed" => LineStyle::Dashed,
            "-." | "dashdot" => LineStyle::DashDot,
            ":" | "dotted" => LineStyle::Dotted,
            "None" | "none" | " " | "" => LineStyle::Nothing,
            _ => return None,
        })
    }
}

/// A point marker (matplotlib's one-character marker codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// No marker.
    Nothing,
    /// `'.'`: a small dot.
    Point,
    /// `','`: one pixel.
    Pixel,
    /// `'o'` (and the shapes drawn as circles: `'8'`, `'p'`, `'h'`, `'H'`, `'*'`).
    Circle,
    /// `'^'` (and `'v'`, `'<'`, `'>'`, `'1'`..`'4'`, drawn pointing up).
    Triangle,
    /// `'s'`.
    Square,
    /// `'D'`, `'d'`.
    Diamond,
    /// `'+'`, `'P'`.
    Plus,
    /// `'x'`, `'X'`.
    Cross,
    /// `'|'`, `'_'`.
    Tick,
}

impl Marker {
    /// The marker for a one-character code.
    pub fn from_char(c: char) -> Option<Marker> {
        Some(match c {
            '.' => Marker::Point,
            ',' => Marker::Pixel,
            'o' | '8' | 'p' | 'h' | 'H' | '*' => Marker::Circle,
            '^' | 'v' | '<' | '>' | '1' | '2' | '3' | '4' => Marker::Triangle,
            's' => Marker::Square,
            'D' | 'd' => Marker::Diamond,
            '+' | 'P' => Marker::Plus,
            'x' | 'X' => Marker::Cross,
            '|' | '_' => Marker::Tick,
            _ => return None,
        })
    }

    /// Parses a `marker=` argument.
    pub fn parse(s: &str) -> Option<Marker> {
        match s {
            "None" | "none" | " " | "" => Some(Marker::Nothing),
            _ => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Marker::from_char(c),
                    _ => None,
                }
            }
        }
    }
}

/// What a format string says; `None` fields were not given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Format {
    /// The line style (a marker alone means no line).
    pub line: LineStyle,
    /// The marker.
    pub marker: Marker,
    /// The colour, if one was given.
    pub color: Option<Rgba>,
}

impl Default for Format {
    fn default() -> Format {
        Format {
            line: LineStyle::Solid,
            marker: Marker::Nothing,
            color: None,
        }
    }
}

/// Parses a format string as `plt.plot` does (`'r--'`, `'o'`, `'g-.'`,
/// `'C2:'`, or a whole colour such as `'red'`), with matplotlib's messages.
pub fn parse_format(fmt: &str) -> Result<Format> {
    let is_digits = !fmt.is_empty() && fmt.chars().all(|c| c.is_ascii_digit());
    if !is_digits {
        if let Some(color) = parse_color(fmt) {
            return Ok(Format {
                color: Some(color),
                ..Format::default()
            });
        }
    }
    let bad = |why: String| {
        Error::Value(format!(
            "{} is not a valid format string ({why})",
            py_repr(fmt)
        ))
    };
    let chars: Vec<char> = fmt.chars().collect();
    let (mut line, mut marker, mut color) = (None, None, None);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        if two == "--" || two == "-." || matches!(c, '-' | ':' | ' ') {
            if line.is_some() {
                return Err(bad("two linestyle symbols".into()));
            }
            let n = if two == "--" || two == "-." { 2 } else { 1 };
            line = LineStyle::parse(&two[..n]);
            i += n;
        } else if let Some(m) = Marker::from_char(c) {
            if marker.is_some() {
                return Err(bad("two marker symbols".into()));
            }
            marker = Some(m);
            i += 1;
        } else if let Some(col) = base_color(c) {
            if color.is_some() {
                return Err(bad("two color symbols".into()));
            }
            color = Some(col);
            i += 1;
        } else if c == 'C' {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .collect();
            if digits.is_empty() {
                return Err(bad("'C' must be followed by a number".into()));
            }
            color = parse_color(&format!("C{digits}"));
            i += 1 + digits.len();
        } else {
            return Err(bad(format!(
                "unrecognized character {}",
                py_repr(&c.to_string())
            )));
        }
    }
    Ok(Format {
        line: line.unwrap_or(if marker.is_some() {
            LineStyle::Nothing
        } else {
            LineStyle::Solid
        }),
        marker: marker.unwrap_or(Marker::Nothing),
        color,
    })
}

/// A colormap: a function from `[0, 1]` to a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colormap {
    /// Its name (`viridis`, `gray`, with `_r` when reversed).
    pub name: &'static str,
    stops: &'static [u32],
    reversed: bool,
}

/// viridis at nine evenly spaced points.
const VIRIDIS: &[u32] = &[
    0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21908c, 0x27ad81, 0x5dc863, 0xaadc32, 0xfde725,
];
const GRAY: &[u32] = &[0x000000, 0xffffff];
/// `hot`: black, red, yellow, white (its breakpoints at 0.365 and 0.746,
/// approximated by even stops).
const HOT: &[u32] = &[
    0x0b0000, 0x800000, 0xff0000, 0xff8000, 0xffff00, 0xffff80, 0xffffff,
];
/// `jet`: dark blue, blue, cyan, yellow, red, dark red.
const JET: &[u32] = &[
    0x000080, 0x0000ff, 0x0080ff, 0x00ffff, 0x80ff80, 0xffff00, 0xff8000, 0xff0000, 0x800000,
];

/// The colormaps `cmap=` accepts (each also as `NAME_r`).
pub const COLORMAPS: [(&str, &str, &[u32]); 5] = [
    ("viridis", "viridis_r", VIRIDIS),
    ("gray", "gray_r", GRAY),
    ("grey", "grey_r", GRAY),
    ("hot", "hot_r", HOT),
    ("jet", "jet_r", JET),
];

impl Colormap {
    /// matplotlib's default colormap.
    pub const VIRIDIS: Colormap = Colormap {
        name: "viridis",
        stops: VIRIDIS,
        reversed: false,
    };

    /// Looks a colormap up by name, with matplotlib's message when unknown.
    pub fn parse(name: &str) -> Result<Colormap> {
        for (plain, rev, stops) in COLORMAPS {
            if name == plain || name == rev {
                return Ok(Colormap {
                    name: if name == plain { plain } else { rev },
                    stops,
                    reversed: name == rev,
                });
            }
        }
        let mut names: Vec<&str> = COLORMAPS.iter().flat_map(|(a, b, _)| [*a, *b]).collect();
        names.sort_unstable();
        let list: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        Err(Error::Value(format!(
            "{} is not a valid value for cmap; supported values are {}",
            py_repr(name),
            list.join(", ")
        )))
    }

    /// The colour at `t` in `[0, 1]` (clamped; NaN is transparent white).
    pub fn at(&self, t: f64) -> Rgba {
        if t.is_nan() {
            return Rgba::hex(0xffffff).with_alpha(0.0);
        }
        let t = if self.reversed { 1.0 - t } else { t }.clamp(0.0, 1.0);
        let last = self.stops.len() - 1;
        let pos = t * last as f64;
        let i = (pos.floor() as usize).min(last.saturating_sub(1));
        let f = pos - i as f64;
        let (a, b) = (Rgba::hex(self.stops[i]), Rgba::hex(self.stops[i + 1]));
        let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * f).round() as u8;
        Rgba {
            r: mix(a.r, b.r),
            g: mix(a.g, b.g),
            b: mix(a.b, b.b),
            a: 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_strings() {
        let f = parse_format("r--").unwrap();
        assert_eq!(f.line, LineStyle::Dashed);
        assert_eq!(f.color, Some(Rgba::hex(0xff0000)));
        let f = parse_format("o").unwrap();
        assert_eq!(
            (f.line, f.marker, f.color),
            (LineStyle::Nothing, Marker::Circle, None)
        );
        let f = parse_format("g-.").unwrap();
        assert_eq!(f.line, LineStyle::DashDot);
        let f = parse_format("b^").unwrap();
        assert_eq!((f.line, f.marker), (LineStyle::Nothing, Marker::Triangle));
        let f = parse_format("C1:").unwrap();
        assert_eq!((f.line, f.color), (LineStyle::Dotted, Some(CYCLE[1])));
        assert_eq!(
            parse_format("red").unwrap().color,
            Some(Rgba::hex(0xff0000))
        );
        assert_eq!(parse_format("1").unwrap().marker, Marker::Triangle);
    }

    #[test]
    fn format_errors_match_matplotlib() {
        let msg = |f: &str| parse_format(f).unwrap_err().to_string();
        assert_eq!(
            msg("rq"),
            "ValueError: 'rq' is not a valid format string (unrecognized character 'q')"
        );
        assert_eq!(
            msg("r--:"),
            "ValueError: 'r--:' is not a valid format string (two linestyle symbols)"
        );
        assert_eq!(
            msg("rgo"),
            "ValueError: 'rgo' is not a valid format string (two color symbols)"
        );
        assert_eq!(
            msg("oo"),
            "ValueError: 'oo' is not a valid format string (two marker symbols)"
        );
    }

    #[test]
    fn colors_and_colormaps() {
        assert_eq!(parse_color("#ff8000"), Some(Rgba::hex(0xff8000)));
        assert_eq!(parse_color("tab:orange"), Some(CYCLE[1]));
        assert_eq!(parse_color("0.5"), Some(Rgba::hex(0x808080)));
        assert_eq!(parse_color("nope"), None);
        let v = Colormap::parse("viridis").unwrap();
        assert_eq!(v.at(0.0), Rgba::hex(0x440154));
        assert_eq!(v.at(1.0), Rgba::hex(0xfde725));
        assert_eq!(
            Colormap::parse("gray_r").unwrap().at(0.0),
            Rgba::hex(0xffffff)
        );
        assert!(Colormap::parse("nope")
            .unwrap_err()
            .to_string()
            .starts_with(
                "ValueError: 'nope' is not a valid value for cmap; supported values are 'gray', "
            ));
    }
}
