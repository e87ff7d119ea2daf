//! Helpers the render tests share: a figure with a fixed view, pixels,
//! the frame of the plotting area and SVG texts.

#![allow(dead_code)]

use xpush_plot::model::Data;
use xpush_plot::{Axes, Figure, Pyplot};

pub type Img = (u32, u32, Vec<u8>);

pub fn d(v: &[f64]) -> Data {
    Data::vec(v.to_vec())
}

/// One axes with the view fixed to `[0, 10] x [0, 10]`, drawn on by `f`.
pub fn figure(f: impl FnOnce(&mut Axes)) -> Figure {
    let mut p = Pyplot::default();
    let ax = p.gca();
    ax.xlim = (Some(0.0), Some(10.0));
    ax.ylim = (Some(0.0), Some(10.0));
    f(ax);
    p.gcf().clone()
}

pub fn pixel(img: &Img, x: u32, y: u32) -> [u8; 3] {
    let i = ((y * img.0 + x) * 3) as usize;
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

pub fn close(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= tol)
}

/// The plotting area's edges `(left, top, right, bottom)`: the rows and
/// columns that are black across most of the image (the spines).
pub fn frame(img: &Img) -> (u32, u32, u32, u32) {
    let black = |x, y| pixel(img, x, y) == [0, 0, 0];
    let rows: Vec<u32> = (0..img.1)
        .filter(|&y| (0..img.0).filter(|&x| black(x, y)).count() as u32 > img.0 / 2)
        .collect();
    let cols: Vec<u32> = (0..img.0)
        .filter(|&x| (0..img.1).filter(|&y| black(x, y)).count() as u32 > img.1 / 2)
        .collect();
    assert!(
        rows.len() >= 2 && cols.len() >= 2,
        "a frame: {rows:?} {cols:?}"
    );
    (
        cols[0],
        rows[0],
        *cols.last().unwrap(),
        *rows.last().unwrap(),
    )
}

/// The pixel of data point (x, y) in a [0, 10] x [0, 10] view.
pub fn at(img: &Img, x: f64, y: f64) -> (u32, u32) {
    let (l, t, r, b) = frame(img);
    let px = f64::from(l) + x / 10.0 * f64::from(r - l);
    let py = f64::from(b) - y / 10.0 * f64::from(b - t);
    (px.round() as u32, py.round() as u32)
}

/// Whether a pixel of `color` is within `r` pixels of (x, y).
pub fn near(img: &Img, (x, y): (u32, u32), r: u32, color: [u8; 3]) -> bool {
    (y.saturating_sub(r)..=(y + r).min(img.1 - 1)).any(|yy| {
        (x.saturating_sub(r)..=(x + r).min(img.0 - 1))
            .any(|xx| close(pixel(img, xx, yy), color, 40))
    })
}

pub const RED: [u8; 3] = [255, 0, 0];
pub const C0: [u8; 3] = [0x1f, 0x77, 0xb4];
pub const WHITE: [u8; 3] = [255, 255, 255];

/// The text of every `<text>` element of an SVG.
pub fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            Some(
                t.split_once('>')?
                    .1
                    .split_once("</text>")?
                    .0
                    .trim()
                    .to_string(),
            )
        })
        .collect()
}
