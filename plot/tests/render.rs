//! Rendering: pixels of PNGs, structure of SVGs.

use xpush_plot::model::{
    BarOpts, BarX, Data, HistOpts, ImageOpts, LineProps, PlotArg, ScatterOpts,
};
use xpush_plot::render::{to_png, to_rgb, to_svg};
use xpush_plot::{Figure, Pyplot};

fn data(v: Vec<f64>) -> PlotArg {
    PlotArg::Data(Data::vec(v))
}

fn demo() -> Figure {
    let mut p = Pyplot::default();
    p.figure(None, Some((8.0, 6.0)), None).unwrap();
    let xs: Vec<f64> = (0..100).map(|i| i as f64 * 0.0634).collect();
    let ax = p.gcf().subplot(2, 2, 1).unwrap();
    ax.plot(
        vec![
            data(xs.clone()),
            data(xs.iter().map(|x| x.sin()).collect()),
            PlotArg::Fmt("r-".into()),
        ],
        &LineProps {
            label: Some("sin".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.plot(
        vec![
            data(xs.clone()),
            data(xs.iter().map(|x| x.cos()).collect()),
            PlotArg::Fmt("b--".into()),
        ],
        &LineProps {
            label: Some("cos".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.title = "Waves".into();
    ax.xlabel = "t".into();
    ax.ylabel = "y".into();
    ax.grid = true;
    ax.set_legend(None);
    let ax = p.gcf().subplot(2, 2, 2).unwrap();
    let v: Vec<f64> = (0..500)
        .map(|i| ((i * 7919) % 1000) as f64 / 1000.0 + ((i * 104729) % 1000) as f64 / 1000.0)
        .collect();
    ax.hist(
        &Data::vec(v),
        HistOpts {
            bins: xpush_plot::model::Bins::Count(20),
            ..Default::default()
        },
    )
    .unwrap();
    ax.title = "Histogram".into();
    let ax = p.gcf().subplot(2, 2, 3).unwrap();
    ax.bar(
        BarX::Categories(vec!["a".into(), "b".into(), "c".into()]),
        &Data::vec(vec![3.0, 1.0, 2.0]),
        BarOpts::default(),
    )
    .unwrap();
    ax.scatter(
        &Data::vec(vec![0.0, 1.0, 2.0]),
        &Data::vec(vec![2.5, 2.0, 1.0]),
        ScatterOpts::default(),
    )
    .unwrap();
    let ax = p.gcf().subplot(2, 2, 4).unwrap();
    let img: Vec<f64> = (0..64)
        .map(|i| ((i / 8) as f64 * 0.7).sin() + ((i % 8) as f64 * 0.5).cos())
        .collect();
    ax.imshow(
        &Data {
            shape: vec![8, 8],
            values: img,
        },
        false,
        ImageOpts::default(),
    )
    .unwrap();
    ax.colorbar().unwrap();
    ax.title = "Image".into();
    p.gcf().clone()
}

#[test]
fn demo_renders() {
    let fig = demo();
    let png = to_png(&fig, 100.0).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    if let Ok(path) = std::env::var("XPUSH_PLOT_DEMO") {
        std::fs::write(&path, &png).unwrap();
        std::fs::write(format!("{path}.svg"), to_svg(&fig).unwrap()).unwrap();
    }
    let _ = to_rgb(&fig, 100.0).unwrap();
}

fn sine_figure(fmt: &str) -> Figure {
    let mut p = Pyplot::default();
    let xs: Vec<f64> = (0..100)
        .map(|i| i as f64 * std::f64::consts::TAU / 99.0)
        .collect();
    let ys: Vec<f64> = xs.iter().map(|x| x.sin()).collect();
    let ax = p.gca();
    ax.plot(
        vec![data(xs), data(ys), PlotArg::Fmt(fmt.into())],
        &LineProps::default(),
    )
    .unwrap();
    ax.title = "Sine wave".into();
    p.gcf().clone()
}

fn pixel(img: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let i = ((y * img.0 + x) * 3) as usize;
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

/// Pixels of `color` (within a small tolerance) in a window around (x, y).
fn near(img: &(u32, u32, Vec<u8>), x: u32, y: u32, r: u32, color: [u8; 3]) -> bool {
    let close = |p: [u8; 3]| p.iter().zip(color).all(|(a, b)| a.abs_diff(b) <= 40);
    (y.saturating_sub(r)..(y + r).min(img.1))
        .any(|yy| (x.saturating_sub(r)..(x + r).min(img.0)).any(|xx| close(pixel(img, xx, yy))))
}

fn count(img: &(u32, u32, Vec<u8>), color: [u8; 3]) -> usize {
    img.2
        .chunks(3)
        .filter(|p| p.iter().zip(color).all(|(a, b)| a.abs_diff(b) <= 40))
        .count()
}

#[test]
fn line_pixels_where_the_sine_is() {
    let fig = sine_figure("r-");
    let img = to_rgb(&fig, 100.0).unwrap();
    assert_eq!((img.0, img.1), (640, 480));
    let red = [255, 0, 0];
    assert!(count(&img, red) > 300, "the line is drawn in red");
    // The red pixels span most of the width, and the highest one is at the
    // top of the plot area and the lowest at the bottom: a full period.
    let reds: Vec<(u32, u32)> = (0..img.1)
        .flat_map(|y| (0..img.0).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&img, x, y) == red)
        .collect();
    let (xmin, xmax) = (
        reds.iter().map(|p| p.0).min().unwrap(),
        reds.iter().map(|p| p.0).max().unwrap(),
    );
    assert!(xmax - xmin > 450, "spans x: {xmin}..{xmax}");
    let top = reds.iter().min_by_key(|p| p.1).unwrap();
    let bottom = reds.iter().max_by_key(|p| p.1).unwrap();
    // sin peaks at a quarter of the period and dips at three quarters.
    let quarter = xmin + (xmax - xmin) / 4;
    let three = xmin + 3 * (xmax - xmin) / 4;
    assert!(
        top.0.abs_diff(quarter) < 12,
        "peak at {top:?}, expected x near {quarter}"
    );
    assert!(
        bottom.0.abs_diff(three) < 12,
        "trough at {bottom:?}, expected x near {three}"
    );
    // The mid-line crossing at the middle of the period.
    let mid_x = xmin + (xmax - xmin) / 2;
    let mid_y = (top.1 + bottom.1) / 2;
    assert!(near(&img, mid_x, mid_y, 4, red), "crosses zero mid-way");
    // Axes: black frame pixels on the left edge of the plot area.
    assert!(
        (0..xmin).any(|x| pixel(&img, x, mid_y) == [0, 0, 0]),
        "a black axis line left of the line start"
    );
    assert!(
        (xmax..img.0).any(|x| pixel(&img, x, mid_y) == [0, 0, 0]),
        "the frame right of the line end"
    );
}

#[test]
fn empty_figure_differs_from_a_drawn_one() {
    let mut p = Pyplot::default();
    let empty = p.gcf().clone();
    let blank = to_rgb(&empty, 100.0).unwrap();
    assert!(
        blank.2.iter().all(|&b| b == 255),
        "a figure without axes is white"
    );
    p.gca();
    let axes_only = to_rgb(&p.gcf().clone(), 100.0).unwrap();
    assert_ne!(blank.2, axes_only.2, "empty axes draw a frame and ticks");
    let drawn = to_rgb(&sine_figure("g--"), 100.0).unwrap();
    assert_ne!(axes_only.2, drawn.2);
    assert!(count(&drawn, [0, 128, 0]) > 100, "the dashed line is green");
}

#[test]
fn cycle_colors_and_markers() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    ax.plot(vec![data(vec![0.0, 1.0])], &LineProps::default())
        .unwrap();
    ax.plot(
        vec![data(vec![1.0, 0.0]), PlotArg::Fmt("o".into())],
        &LineProps::default(),
    )
    .unwrap();
    let img = to_rgb(&p.gcf().clone(), 100.0).unwrap();
    assert!(count(&img, [0x1f, 0x77, 0xb4]) > 100, "C0 blue line");
    assert!(count(&img, [0xff, 0x7f, 0x0e]) > 50, "C1 orange markers");
}

#[test]
fn png_and_svg_files() {
    let fig = sine_figure("r-");
    let png = to_png(&fig, 100.0).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let decoded = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(decoded.dimensions(), (640, 480));
    assert_eq!(decoded.into_raw(), to_rgb(&fig, 100.0).unwrap().2);
    let svg = to_svg(&fig).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.contains("<svg "),
        "an svg document"
    );
    assert!(
        svg.contains("<polyline") && svg.contains("stroke=\"#FF0000\""),
        "a red polyline"
    );
    assert!(svg.contains("Sine wave"), "the title text");
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn braille_preview_of_a_sine_matches_the_golden() {
    let text = xpush_plot::preview::figure(&sine_figure("r-"), 60, 12);
    let golden = include_str!("golden/sine_preview.txt");
    if std::env::var("XPUSH_BLESS").is_ok() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/sine_preview.txt"),
            &text,
        )
        .unwrap();
        return;
    }
    assert_eq!(text, golden, "\n{text}");
}

/// The text of every `<text>` element of an SVG.
fn svg_texts(svg: &str) -> Vec<String> {
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

#[test]
fn a_small_subplot_gets_fewer_ticks_than_a_full_figure() {
    // A 50x50 image in a quarter of the figure: ticks every 10 (matplotlib
    // shows 0, 10, ..., 40), not plotters' ten-label default (every 5),
    // whose labels ran into each other.
    let mut p = Pyplot::default();
    let ax = p.gcf().subplot(2, 2, 1).unwrap();
    let image = Data {
        shape: vec![50, 50],
        values: (0..2500).map(f64::from).collect(),
    };
    ax.imshow(&image, false, ImageOpts::default()).unwrap();
    let texts = svg_texts(&to_svg(p.gcf()).unwrap());
    for want in ["0", "10", "20", "30", "40"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    for crowded in ["5", "15", "25", "35", "45"] {
        assert!(
            !texts.iter().any(|t| t == crowded),
            "{crowded} in {texts:?}"
        );
    }
    // The full figure keeps plotters' density for a 0..6 line: every unit.
    let fig = sine_figure("r-");
    let texts = svg_texts(&to_svg(&fig).unwrap());
    assert!(texts.iter().any(|t| t == "3"), "{texts:?}");
}
