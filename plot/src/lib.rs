//! Figures for xpush's `matplotlib.pyplot`.
//!
//! pyplot calls are recorded into a [`model::Figure`] (pure data: axes,
//! lines, bars, images, labels; [`shapes`] holds text, reference lines,
//! fills and error bars, [`charts`] pies, stacked areas, box and violin
//! plots, [`fields`] colour meshes, contours, hexbins and arrows,
//! [`cmaps`] matplotlib's colormap lookup tables, [`axis`] the scales,
//! ticks and spines), kept by a [`model::Pyplot`] state machine
//! (current figure, current axes). Separately, [`render`] draws a figure
//! with plotters to PNG or SVG, [`preview`] draws its line plots and
//! histograms as braille text, and [`terminal`] shows a PNG inline on
//! terminals that can display images. The stdlib binds Python arguments
//! to this crate; nothing here knows about the interpreter.

pub mod axis;
pub mod charts;
mod cmap_data;
pub mod cmaps;
pub mod fields;
pub mod model;
pub mod preview;
pub mod render;
pub mod shapes;
pub mod style;
pub mod terminal;

pub use model::{Axes, Figure, Pyplot};

/// What can go wrong, as the Python exception matplotlib raises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// `ValueError: ...`.
    Value(String),
    /// `TypeError: ...`.
    Type(String),
    /// `RuntimeError: ...`.
    Runtime(String),
    /// `OSError: ...` (writing an image file).
    Os(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Value(m) => write!(f, "ValueError: {m}"),
            Error::Type(m) => write!(f, "TypeError: {m}"),
            Error::Runtime(m) => write!(f, "RuntimeError: {m}"),
            Error::Os(m) => write!(f, "OSError: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// This crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

/// Python's `repr` of a str (for messages that quote user input).
pub use xpush_lang::repr::str_repr as py_repr;

/// Python's tuple repr of a shape: `(3,)`, `(2, 3)`.
pub fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}
