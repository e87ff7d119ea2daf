//! Inline images in terminals that can show them: the kitty graphics
//! protocol, iTerm2's inline images (also spoken by WezTerm) and DEC sixel
//! graphics (foot, mlterm, xterm with `-ti vt340`, Windows Terminal, ...),
//! detected from the environment; `XPUSH_GRAPHICS` overrides the guess.

/// How the terminal can show an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graphics {
    /// The kitty graphics protocol (kitty, and terminals that set `TERM=xterm-kitty`).
    Kitty,
    /// iTerm2's `OSC 1337 File=` inline images (iTerm2, WezTerm).
    Iterm,
    /// DEC sixel graphics, a palette image in a `DCS q` sequence.
    Sixel,
    /// None known: show a text preview instead.
    Text,
}

/// Terminals that speak sixel, by `TERM` (a prefix) or `TERM_PROGRAM`.
const SIXEL_TERMS: &[&str] = &["foot", "mlterm", "yaft", "contour", "xterm-sixel"];
const SIXEL_PROGRAMS: &[&str] = &["contour", "mintty", "BlackBox", "rio"];

/// Detects the protocol from environment variables (`env` looks one up):
/// `XPUSH_GRAPHICS` (`kitty`, `iterm`, `sixel` or `text`) when set, else
/// the terminal's own variables.
pub fn detect(env: impl Fn(&str) -> Option<String>) -> Graphics {
    match env("XPUSH_GRAPHICS").as_deref().map(str::trim) {
        Some("kitty") => return Graphics::Kitty,
        Some("iterm") => return Graphics::Iterm,
        Some("sixel") => return Graphics::Sixel,
        Some("text") => return Graphics::Text,
        _ => {}
    }
    let term = env("TERM").unwrap_or_default();
    let program = env("TERM_PROGRAM").unwrap_or_default();
    if env("KITTY_WINDOW_ID").is_some() || term == "xterm-kitty" {
        Graphics::Kitty
    } else if program == "iTerm.app" || program == "WezTerm" {
        Graphics::Iterm
    } else if SIXEL_TERMS.iter().any(|t| term.starts_with(t))
        || SIXEL_PROGRAMS.contains(&program.as_str())
        || env("WT_SESSION").is_some()
    {
        Graphics::Sixel
    } else {
        Graphics::Text
    }
}

/// The escape sequence that shows RGB pixels (`width` x `height`, three
/// bytes each, as [`crate::render::to_rgb`] gives them) as a sixel image,
/// quantized to a 256-colour palette.
pub fn sixel(width: u32, height: u32, rgb: &[u8]) -> crate::Result<String> {
    let rgba: Vec<u8> = rgb
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    let mut out = icy_sixel::SixelImage::from_rgba(rgba, width as usize, height as usize)
        .encode()
        .map_err(|e| crate::Error::Runtime(format!("sixel encoding failed: {e}")))?;
    out.push('\n');
    Ok(out)
}

/// The escape sequence that shows a PNG inline with `protocol` (empty for
/// [`Graphics::Text`] and [`Graphics::Sixel`], which is drawn from pixels
/// by [`sixel`]).
pub fn inline_png(png: &[u8], protocol: Graphics) -> String {
    let data = base64(png);
    match protocol {
        Graphics::Kitty => {
            // Transmit and display (a=T) PNG data (f=100) in chunks of at most 4096 bytes.
            let chunks: Vec<&str> = data
                .as_bytes()
                .chunks(4096)
                .map(|c| std::str::from_utf8(c).unwrap_or(""))
                .collect();
            let mut out = String::new();
            for (i, chunk) in chunks.iter().enumerate() {
                let more = u8::from(i + 1 < chunks.len());
                let head = if i == 0 { "a=T,f=100," } else { "" };
                out.push_str(&format!("\x1b_G{head}m={more};{chunk}\x1b\\"));
            }
            out.push('\n');
            out
        }
        Graphics::Iterm => format!(
            "\x1b]1337;File=inline=1;size={};preserveAspectRatio=1:{data}\x07\n",
            png.len()
        ),
        Graphics::Text | Graphics::Sixel => String::new(),
    }
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn detection() {
        assert_eq!(detect(env(&[("KITTY_WINDOW_ID", "1")])), Graphics::Kitty);
        assert_eq!(detect(env(&[("TERM", "xterm-kitty")])), Graphics::Kitty);
        assert_eq!(
            detect(env(&[("TERM_PROGRAM", "iTerm.app")])),
            Graphics::Iterm
        );
        assert_eq!(detect(env(&[("TERM_PROGRAM", "WezTerm")])), Graphics::Iterm);
        assert_eq!(detect(env(&[("TERM", "xterm-256color")])), Graphics::Text);
        assert_eq!(detect(env(&[("TERM", "foot")])), Graphics::Sixel);
        assert_eq!(detect(env(&[("TERM", "mlterm")])), Graphics::Sixel);
        assert_eq!(detect(env(&[("WT_SESSION", "x")])), Graphics::Sixel);
        assert_eq!(
            detect(env(&[("TERM", "foot"), ("XPUSH_GRAPHICS", "text")])),
            Graphics::Text
        );
        assert_eq!(
            detect(env(&[("TERM", "dumb"), ("XPUSH_GRAPHICS", "sixel")])),
            Graphics::Sixel
        );
    }

    #[test]
    fn sixel_round_trips_the_pixels() {
        // A 12x12 image (sixel bands are 6 rows): left half red, right half blue.
        let (w, h) = (12u32, 12u32);
        let mut rgb = Vec::new();
        for _ in 0..h {
            for x in 0..w {
                rgb.extend_from_slice(if x < 6 { &[255, 0, 0] } else { &[0, 0, 255] });
            }
        }
        let seq = sixel(w, h, &rgb).unwrap();
        assert!(seq.starts_with("\x1bP"), "{seq:?}");
        assert!(seq.ends_with("\x1b\\\n"), "{seq:?}");
        let img = icy_sixel::SixelImage::decode(seq.trim_end().as_bytes()).unwrap();
        assert_eq!((img.width, img.height), (12, 12));
        let px = |x: usize, y: usize| {
            let i = (y * img.width + x) * 4;
            [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]]
        };
        assert_eq!(px(1, 1), [255, 0, 0]);
        assert_eq!(px(10, 9), [0, 0, 255]);
    }

    #[test]
    fn base64_and_escapes() {
        assert_eq!(base64(b"Man"), "TWFu");
        assert_eq!(base64(b"Ma"), "TWE=");
        assert_eq!(base64(b"M"), "TQ==");
        assert_eq!(
            inline_png(b"Man", Graphics::Kitty),
            "\x1b_Ga=T,f=100,m=0;TWFu\x1b\\\n"
        );
        assert_eq!(
            inline_png(b"Man", Graphics::Iterm),
            "\x1b]1337;File=inline=1;size=3;preserveAspectRatio=1:TWFu\x07\n"
        );
        let big = inline_png(&[0u8; 6000], Graphics::Kitty);
        assert_eq!(big.matches("\x1b_G").count(), 2);
        assert!(big.contains("m=1;") && big.contains("\x1b_Gm=0;"));
    }
}
