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

/// More of matplotlib's colormaps, each at 17 evenly spaced points
/// (`python3 -c "matplotlib.colormaps[name](np.linspace(0, 1, 17))"`).
const MORE: [(&str, &str, &[u32]); 40] = [
    (
        "plasma",
        "plasma_r",
        &[
            0x0d0887, 0x310597, 0x4c02a1, 0x6600a7, 0x7e03a8, 0x9511a1, 0xaa2395, 0xbc3587,
            0xcc4778, 0xda5a6a, 0xe66c5c, 0xf0804e, 0xf89540, 0xfdac33, 0xfdc527, 0xf8df25,
            0xf0f921,
        ],
    ),
    (
        "inferno",
        "inferno_r",
        &[
            0x000004, 0x0b0724, 0x210c4a, 0x3d0965, 0x57106e, 0x71196e, 0x8a226a, 0xa32c61,
            0xbc3754, 0xd24644, 0xe45a31, 0xf1731d, 0xf98e09, 0xfcac11, 0xf9cb35, 0xf2ea69,
            0xfcffa4,
        ],
    ),
    (
        "magma",
        "magma_r",
        &[
            0x000004, 0x0a0822, 0x1d1147, 0x36106b, 0x51127c, 0x6a1c81, 0x832681, 0x9c2e7f,
            0xb73779, 0xd0416f, 0xe75263, 0xf56b5c, 0xfc8961, 0xfea772, 0xfec488, 0xfde2a3,
            0xfcfdbf,
        ],
    ),
    (
        "cividis",
        "cividis_r",
        &[
            0x00224e, 0x002e6a, 0x1a386f, 0x32436d, 0x434e6c, 0x535a6d, 0x61656f, 0x6f7073,
            0x7d7c78, 0x8c8878, 0x9b9476, 0xaba072, 0xbcae6c, 0xcdbb63, 0xdec958, 0xf0d846,
            0xfee838,
        ],
    ),
    (
        "turbo",
        "turbo_r",
        &[
            0x30123b, 0x4040a2, 0x466be3, 0x4294ff, 0x28bceb, 0x18ddc2, 0x32f298, 0x6dfe62,
            0xa4fc3c, 0xcdec34, 0xeecf3a, 0xfdac34, 0xfb7e21, 0xeb500e, 0xd02f05, 0xa91601,
            0x7a0403,
        ],
    ),
    (
        "coolwarm",
        "coolwarm_r",
        &[
            0x3b4cc0, 0x4e68d8, 0x6282ea, 0x779af7, 0x8db0fe, 0xa3c2fe, 0xb9d0f9, 0xccd9ed,
            0xdddcdc, 0xecd3c5, 0xf5c4ac, 0xf7b093, 0xf4987a, 0xeb7d62, 0xdd5f4b, 0xca3b37,
            0xb40426,
        ],
    ),
    (
        "RdBu",
        "RdBu_r",
        &[
            0x67001f, 0x960f27, 0xbb2a34, 0xd25849, 0xe58368, 0xf5ac8b, 0xfbceb7, 0xfbe6da,
            0xf6f7f7, 0xdeebf2, 0xc0dceb, 0x98c8e0, 0x68abd0, 0x3e8cbf, 0x2870b1, 0x15508d,
            0x053061,
        ],
    ),
    (
        "RdYlBu",
        "RdYlBu_r",
        &[
            0xa50026, 0xc41e27, 0xde402e, 0xf16640, 0xf98e52, 0xfdb567, 0xfed485, 0xfeeca2,
            0xfeffc0, 0xebf7e4, 0xd1ecf4, 0xb0dcea, 0x8ec2dc, 0x6da4cc, 0x4f81ba, 0x3d5ba7,
            0x313695,
        ],
    ),
    (
        "RdYlGn",
        "RdYlGn_r",
        &[
            0xa50026, 0xc41e27, 0xde402e, 0xf16640, 0xf98e52, 0xfdb567, 0xfed481, 0xfeec9f,
            0xfeffbe, 0xe6f59d, 0xcbe982, 0xabdb6d, 0x84ca66, 0x5ab760, 0x2aa054, 0x0f8446,
            0x006837,
        ],
    ),
    (
        "Spectral",
        "Spectral_r",
        &[
            0x9e0142, 0xc1274a, 0xdd4a4c, 0xf06744, 0xf98e52, 0xfdb567, 0xfed481, 0xfeec9f,
            0xffffbe, 0xeff9a6, 0xd6ee9b, 0xb1dfa3, 0x86cfa5, 0x5eb9a9, 0x3d95b8, 0x4471b2,
            0x5e4fa2,
        ],
    ),
    (
        "seismic",
        "seismic_r",
        &[
            0x00004c, 0x000079, 0x0000a6, 0x0000d3, 0x0101ff, 0x4141ff, 0x8181ff, 0xc1c1ff,
            0xfffdfd, 0xffbdbd, 0xff7d7d, 0xff3d3d, 0xfe0000, 0xde0000, 0xbe0000, 0x9e0000,
            0x800000,
        ],
    ),
    (
        "bwr",
        "bwr_r",
        &[
            0x0000ff, 0x2020ff, 0x4040ff, 0x6060ff, 0x8080ff, 0xa0a0ff, 0xc0c0ff, 0xe0e0ff,
            0xfffefe, 0xffdede, 0xffbebe, 0xff9e9e, 0xff7e7e, 0xff5e5e, 0xff3e3e, 0xff1e1e,
            0xff0000,
        ],
    ),
    (
        "PiYG",
        "PiYG_r",
        &[
            0x8e0152, 0xb1116d, 0xcb3289, 0xdb6ca8, 0xe897c4, 0xf3bcdd, 0xfad6ea, 0xfbe9f2,
            0xf7f7f6, 0xecf6de, 0xd9f0bc, 0xbde38d, 0x9acd61, 0x77b53c, 0x589b28, 0x3d7f1e,
            0x276419,
        ],
    ),
    (
        "BrBG",
        "BrBG_r",
        &[
            0x543005, 0x774508, 0x995d13, 0xb97b29, 0xcfa256, 0xe2c787, 0xf1dfb3, 0xf6edd7,
            0xf4f5f5, 0xd7eeeb, 0xb4e2db, 0x87d0c5, 0x58b0a7, 0x2d8f87, 0x0c7169, 0x01554b,
            0x003c30,
        ],
    ),
    (
        "Blues",
        "Blues_r",
        &[
            0xf7fbff, 0xeaf3fb, 0xdeebf7, 0xd2e3f3, 0xc6dbef, 0xb2d2e8, 0x9dcae1, 0x84bcdb,
            0x6aaed6, 0x56a0ce, 0x4191c6, 0x3181bd, 0x2070b4, 0x1460a8, 0x08509b, 0x084082,
            0x08306b,
        ],
    ),
    (
        "Greens",
        "Greens_r",
        &[
            0xf7fcf5, 0xeef8ea, 0xe5f5e0, 0xd6efd0, 0xc7e9c0, 0xb4e1ad, 0xa0d99b, 0x8ace88,
            0x73c476, 0x5ab769, 0x40aa5d, 0x319a50, 0x228a44, 0x117b38, 0x006c2c, 0x005723,
            0x00441b,
        ],
    ),
    (
        "Reds",
        "Reds_r",
        &[
            0xfff5f0, 0xfeeae1, 0xfee0d2, 0xfdcdb9, 0xfcbba1, 0xfca689, 0xfc9272, 0xfb7d5d,
            0xfb694a, 0xf5523a, 0xee3a2c, 0xdc2924, 0xca181d, 0xb71319, 0xa30f15, 0x840711,
            0x67000d,
        ],
    ),
    (
        "Oranges",
        "Oranges_r",
        &[
            0xfff5eb, 0xfeeddc, 0xfee6ce, 0xfddbb8, 0xfdd0a2, 0xfdbf86, 0xfdae6a, 0xfd9d53,
            0xfd8c3b, 0xf77a27, 0xf16813, 0xe4580a, 0xd84801, 0xbe3f02, 0xa53603, 0x912e04,
            0x7f2704,
        ],
    ),
    (
        "Purples",
        "Purples_r",
        &[
            0xfcfbfd, 0xf5f4f9, 0xefedf5, 0xe4e3f0, 0xdadaeb, 0xcbcbe3, 0xbcbddc, 0xadabd2,
            0x9e9ac8, 0x8e8bc1, 0x807cba, 0x7566ae, 0x6950a3, 0x5e3b98, 0x53268f, 0x491285,
            0x3f007d,
        ],
    ),
    (
        "Greys",
        "Greys_r",
        &[
            0xffffff, 0xf7f7f7, 0xf0f0f0, 0xe4e4e4, 0xd9d9d9, 0xcbcbcb, 0xbdbdbd, 0xa9a9a9,
            0x959595, 0x848484, 0x727272, 0x626262, 0x515151, 0x3a3a3a, 0x242424, 0x111111,
            0x000000,
        ],
    ),
    (
        "YlOrRd",
        "YlOrRd_r",
        &[
            0xffffcc, 0xfff6b6, 0xffeda0, 0xfee38b, 0xfed976, 0xfec561, 0xfeb24c, 0xfd9f44,
            0xfd8c3c, 0xfc6c33, 0xfc4d2a, 0xef3323, 0xe2191c, 0xcf0c21, 0xbb0026, 0x9d0026,
            0x800026,
        ],
    ),
    (
        "YlGnBu",
        "YlGnBu_r",
        &[
            0xffffd9, 0xf6fbc5, 0xedf8b1, 0xdaf0b3, 0xc6e9b4, 0xa2dbb8, 0x7ecdbb, 0x5fc1c0,
            0x40b5c4, 0x2ea3c2, 0x1d90c0, 0x2076b3, 0x225da8, 0x24489d, 0x243392, 0x162874,
            0x081d58,
        ],
    ),
    (
        "binary",
        "binary_r",
        &[
            0xffffff, 0xefefef, 0xdfdfdf, 0xcfcfcf, 0xbfbfbf, 0xafafaf, 0x9f9f9f, 0x8f8f8f,
            0x7f7f7f, 0x6f6f6f, 0x5f5f5f, 0x4f4f4f, 0x3f3f3f, 0x2f2f2f, 0x1f1f1f, 0x0f0f0f,
            0x000000,
        ],
    ),
    (
        "bone",
        "bone_r",
        &[
            0x000000, 0x0e0e13, 0x1c1c27, 0x2a2a3a, 0x38384e, 0x464661, 0x545574, 0x626882,
            0x707b90, 0x7e8f9e, 0x8ca2ac, 0x9ab5ba, 0xa9c8c8, 0xbfd6d6, 0xd5e4e4, 0xeaf2f2,
            0xffffff,
        ],
    ),
    (
        "copper",
        "copper_r",
        &[
            0x000000, 0x140c08, 0x281910, 0x3b2518, 0x4f3220, 0x633e28, 0x774b30, 0x8a5738,
            0x9e6440, 0xb27048, 0xc67d50, 0xd98958, 0xed9660, 0xffa267, 0xffaf6f, 0xffbb77,
            0xffc77f,
        ],
    ),
    (
        "pink",
        "pink_r",
        &[
            0x1e0000, 0x553434, 0x744a4a, 0x8d5a5a, 0xa16868, 0xb47575, 0xc38280, 0xca988a,
            0xd0ac94, 0xd7bd9c, 0xddcda5, 0xe3dcad, 0xe9e9b6, 0xefefcb, 0xf4f4de, 0xfafaf0,
            0xffffff,
        ],
    ),
    (
        "cool",
        "cool_r",
        &[
            0x00ffff, 0x10efff, 0x20dfff, 0x30cfff, 0x40bfff, 0x50afff, 0x609fff, 0x708fff,
            0x807fff, 0x906fff, 0xa05fff, 0xb04fff, 0xc03fff, 0xd02fff, 0xe01fff, 0xf00fff,
            0xff00ff,
        ],
    ),
    (
        "spring",
        "spring_r",
        &[
            0xff00ff, 0xff10ef, 0xff20df, 0xff30cf, 0xff40bf, 0xff50af, 0xff609f, 0xff708f,
            0xff807f, 0xff906f, 0xffa05f, 0xffb04f, 0xffc03f, 0xffd02f, 0xffe01f, 0xfff00f,
            0xffff00,
        ],
    ),
    (
        "summer",
        "summer_r",
        &[
            0x008066, 0x108866, 0x209066, 0x309866, 0x40a066, 0x50a866, 0x60b066, 0x70b866,
            0x80c066, 0x90c866, 0xa0d066, 0xb0d866, 0xc0e066, 0xd0e866, 0xe0f066, 0xf0f866,
            0xffff66,
        ],
    ),
    (
        "autumn",
        "autumn_r",
        &[
            0xff0000, 0xff1000, 0xff2000, 0xff3000, 0xff4000, 0xff5000, 0xff6000, 0xff7000,
            0xff8000, 0xff9000, 0xffa000, 0xffb000, 0xffc000, 0xffd000, 0xffe000, 0xfff000,
            0xffff00,
        ],
    ),
    (
        "winter",
        "winter_r",
        &[
            0x0000ff, 0x0010f7, 0x0020ef, 0x0030e7, 0x0040df, 0x0050d7, 0x0060cf, 0x0070c7,
            0x0080bf, 0x0090b7, 0x00a0af, 0x00b0a7, 0x00c09f, 0x00d097, 0x00e08f, 0x00f087,
            0x00ff80,
        ],
    ),
    (
        "rainbow",
        "rainbow_r",
        &[
            0x8000ff, 0x6032fe, 0x4062fa, 0x208ef4, 0x00b5eb, 0x20d5e1, 0x40ecd4, 0x60fac5,
            0x80ffb4, 0xa0faa1, 0xc0eb8d, 0xe0d377, 0xffb360, 0xff8c49, 0xff5f30, 0xff2f18,
            0xff0000,
        ],
    ),
    (
        "terrain",
        "terrain_r",
        &[
            0x333399, 0x1e5ec4, 0x0888ee, 0x00acc4, 0x01cc66, 0x41d973, 0x81e680, 0xc1f38d,
            0xfefe98, 0xded587, 0xbeac76, 0x9e8365, 0x815e56, 0xa18781, 0xc1b0ac, 0xe1d9d7,
            0xffffff,
        ],
    ),
    (
        "ocean",
        "ocean_r",
        &[
            0x008000, 0x006810, 0x005020, 0x003830, 0x002040, 0x000850, 0x001060, 0x002870,
            0x004080, 0x005890, 0x0070a0, 0x1288b0, 0x42a0c0, 0x72b9d0, 0xa2d0e0, 0xd2e8f0,
            0xffffff,
        ],
    ),
    (
        "hsv",
        "hsv_r",
        &[
            0xff0000, 0xff5f00, 0xffbd00, 0xe2ff00, 0x84ff00, 0x25ff00, 0x00ff39, 0x00ff97,
            0x00fff6, 0x00aaff, 0x004bff, 0x1300ff, 0x7200ff, 0xd000ff, 0xff00cf, 0xff0071,
            0xff0018,
        ],
    ),
    (
        "twilight",
        "twilight_r",
        &[
            0xe2d9e2, 0xc4ced4, 0x95b5c7, 0x7297c1, 0x6276ba, 0x5e51ad, 0x592a8f, 0x45135c,
            0x2f1436, 0x4a1342, 0x741e4f, 0x983550, 0xb25652, 0xc27c63, 0xcca389, 0xd8c7be,
            0xe2d9e2,
        ],
    ),
    (
        "gist_heat",
        "gist_heat_r",
        &[
            0x000000, 0x180000, 0x300000, 0x480000, 0x600000, 0x780000, 0x900000, 0xa80000,
            0xc00100, 0xd82100, 0xf04100, 0xff6100, 0xff8103, 0xffa143, 0xffc183, 0xffe1c3,
            0xffffff,
        ],
    ),
    (
        "afmhot",
        "afmhot_r",
        &[
            0x000000, 0x200000, 0x400000, 0x600000, 0x800000, 0xa02000, 0xc04000, 0xe06000,
            0xff8001, 0xffa021, 0xffc041, 0xffe061, 0xffff81, 0xffffa1, 0xffffc1, 0xffffe1,
            0xffffff,
        ],
    ),
    (
        "cubehelix",
        "cubehelix_r",
        &[
            0x000000, 0x150b1d, 0x1b1e3b, 0x17374d, 0x16534c, 0x236a3e, 0x447731, 0x727b32,
            0xa1794a, 0xc57a76, 0xd484a9, 0xd198d4, 0xc6b4ee, 0xc1d1f3, 0xcbe8f0, 0xe3f6f0,
            0xffffff,
        ],
    ),
    (
        "Wistia",
        "Wistia_r",
        &[
            0xe4ff7a, 0xebf962, 0xf2f34a, 0xf8ee32, 0xffe81a, 0xffdd13, 0xffd20d, 0xffc706,
            0xffbd00, 0xffb500, 0xffae00, 0xffa700, 0xffa000, 0xfe9700, 0xfd8f00, 0xfd8700,
            0xfc7f00,
        ],
    ),
];

/// Every colormap `cmap=` accepts: `(name, reversed name, stops)`.
pub fn colormaps() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static [u32])> {
    COLORMAPS.iter().chain(MORE.iter())
}

impl Colormap {
    /// matplotlib's default colormap.
    pub const VIRIDIS: Colormap = Colormap {
        name: "viridis",
        stops: VIRIDIS,
        reversed: false,
    };

    /// Looks a colormap up by name, with matplotlib's message when unknown.
    pub fn parse(name: &str) -> Result<Colormap> {
        for &(plain, rev, stops) in colormaps() {
            if name == plain || name == rev {
                return Ok(Colormap {
                    name: if name == plain { plain } else { rev },
                    stops,
                    reversed: name == rev,
                });
            }
        }
        let mut names: Vec<&str> = colormaps().flat_map(|(a, b, _)| [*a, *b]).collect();
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
                "ValueError: 'nope' is not a valid value for cmap; supported values are 'Blues', 'Blues_r', "
            ));
    }
}
