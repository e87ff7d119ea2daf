//! Rendering of text, reference lines, spans, fills, error bars, steps,
//! stems, log axes, ticks and spines: each drawn where its data says.

use xpush_plot::axis::Scale;
use xpush_plot::model::{Data, ImageOpts, LineProps, PlotArg};
use xpush_plot::render::{to_rgb, to_rgba_transparent, to_svg};
use xpush_plot::shapes::{BarhOpts, ErrorArg, ErrorbarOpts, ShapeProps, StepWhere, TextOpts};
use xpush_plot::Pyplot;

mod common;
use common::*;

fn red() -> ShapeProps {
    ShapeProps {
        color: Some("r".into()),
        ..Default::default()
    }
}

#[test]
fn axhline_at_its_row_and_axvline_between_its_fractions() {
    let fig = figure(|ax| {
        ax.refline(true, 3.0, 0.0, 1.0, &red()).unwrap();
        ax.refline(false, 7.0, 0.25, 0.75, &red()).unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let (l, t, r, b) = frame(&img);
    let (_, row) = at(&img, 0.0, 3.0);
    let reds: Vec<(u32, u32)> = (0..img.1)
        .flat_map(|y| (0..img.0).map(move |x| (x, y)))
        .filter(|&(x, y)| close(pixel(&img, x, y), RED, 40))
        .collect();
    // The horizontal line: red across the whole width at y = 3.
    let on_row: Vec<&(u32, u32)> = reds.iter().filter(|p| p.1.abs_diff(row) <= 2).collect();
    assert!(
        on_row.len() as u32 > (r - l) * 9 / 10,
        "{} red on row {row}",
        on_row.len()
    );
    // The vertical one at x = 7, from a quarter to three quarters up.
    let (col, _) = at(&img, 7.0, 0.0);
    let in_col: Vec<u32> = reds
        .iter()
        .filter(|p| p.0.abs_diff(col) <= 2 && p.1.abs_diff(row) > 2)
        .map(|p| p.1)
        .collect();
    let (top, bottom) = (*in_col.iter().min().unwrap(), *in_col.iter().max().unwrap());
    let h = f64::from(b - t);
    assert!((f64::from(b - bottom) - 0.25 * h).abs() < 4.0, "{bottom}");
    assert!((f64::from(b - top) - 0.75 * h).abs() < 4.0, "{top}");
}

#[test]
fn axhspan_is_a_translucent_band() {
    let fig = figure(|ax| {
        let props = ShapeProps {
            alpha: Some(0.5),
            ..red()
        };
        ax.span(true, (2.0, 4.0), (0.0, 1.0), &props).unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let (x, y) = at(&img, 5.0, 3.0);
    assert!(
        close(pixel(&img, x, y), [255, 128, 128], 8),
        "{:?}",
        pixel(&img, x, y)
    );
    let (x, y) = at(&img, 5.0, 6.0);
    assert_eq!(pixel(&img, x, y), WHITE, "nothing above the band");
}

#[test]
fn text_and_annotation_are_drawn_where_placed() {
    let fig = figure(|ax| {
        let opts = TextOpts {
            color: Some("r".into()),
            fontsize: Some(20.0),
            ..Default::default()
        };
        ax.text(2.0, 8.0, "Hello", &opts).unwrap();
        let blue = TextOpts {
            color: Some("b".into()),
            ..Default::default()
        };
        ax.annotate(
            "peak",
            (8.0, 2.0),
            Some((5.0, 5.0)),
            Some((Some("->".into()), Some("g".into()))),
            &blue,
        )
        .unwrap();
    });
    let texts = svg_texts(&to_svg(&fig).unwrap());
    assert!(
        texts.iter().any(|t| t == "Hello") && texts.iter().any(|t| t == "peak"),
        "{texts:?}"
    );
    let img = to_rgb(&fig, 100.0).unwrap();
    // The red text starts at x = 2 and sits on y = 8 (its baseline).
    let (x, y) = at(&img, 2.0, 8.0);
    assert!(near(&img, (x + 12, y - 10), 12, RED), "text near {x},{y}");
    assert!(!near(&img, at(&img, 8.0, 8.0), 20, RED));
    // The green arrow runs from the text towards (8, 2) and ends near it.
    let green = [0, 128, 0];
    let (tx, ty) = at(&img, 8.0, 2.0);
    assert!(near(&img, (tx, ty), 6, green), "arrow head at the point");
    let (mx, my) = at(&img, 7.0, 3.0);
    assert!(near(&img, (mx, my), 6, green), "arrow shaft on the way");
}

#[test]
fn fill_between_colours_between_the_curves_where_asked() {
    let fig = figure(|ax| {
        let x = d(&[0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let mask = [true, true, true, false, false, false];
        ax.fill_between(
            false,
            &x,
            &d(&[2.0; 6]),
            &d(&[6.0]),
            Some(&mask),
            &ShapeProps::default(),
        )
        .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let (x, y) = at(&img, 2.0, 4.0);
    assert!(close(pixel(&img, x, y), C0, 4), "C0 between the curves");
    let (x, y) = at(&img, 2.0, 8.0);
    assert_eq!(pixel(&img, x, y), WHITE, "not above the upper curve");
    let (x, y) = at(&img, 8.0, 4.0);
    assert_eq!(pixel(&img, x, y), WHITE, "not where `where` is False");
}

#[test]
fn errorbars_reach_their_ends_with_caps() {
    let fig = figure(|ax| {
        let opts = ErrorbarOpts {
            yerr: Some(ErrorArg(d(&[2.0]))),
            fmt: "none".into(),
            ecolor: Some("r".into()),
            capsize: Some(5.0),
            ..Default::default()
        };
        ax.errorbar(&d(&[5.0]), &d(&[5.0]), &opts, &LineProps::default())
            .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let (x, y) = at(&img, 5.0, 6.5);
    assert!(near(&img, (x, y), 2, RED), "the bar within the error");
    let (x, y) = at(&img, 5.0, 8.5);
    assert!(!near(&img, (x, y), 2, RED), "not beyond it");
    // A cap 5 points (7 px) to each side of the bar's top end.
    let (x, y) = at(&img, 5.0, 7.0);
    assert!(near(&img, (x + 5, y), 1, RED) && near(&img, (x - 5, y), 1, RED));
}

#[test]
fn step_post_holds_each_value_until_the_next_point() {
    let fig = figure(|ax| {
        ax.step(
            &d(&[1.0, 5.0, 9.0]),
            &d(&[2.0, 8.0, 4.0]),
            Some("r".into()),
            StepWhere::Post,
            &LineProps::default(),
        )
        .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    assert!(
        near(&img, at(&img, 3.0, 2.0), 2, RED),
        "2 holds from 1 to 5"
    );
    assert!(
        near(&img, at(&img, 7.0, 8.0), 2, RED),
        "8 holds from 5 to 9"
    );
    assert!(near(&img, at(&img, 5.0, 5.0), 2, RED), "the riser at 5");
    assert!(!near(&img, at(&img, 3.0, 5.0), 4, RED), "no diagonal");
}

#[test]
fn barh_and_stem() {
    let fig = figure(|ax| {
        let opts = BarhOpts {
            color: Some("r".into()),
            ..Default::default()
        };
        ax.barh(&d(&[2.0, 6.0]), &d(&[4.0, 8.0]), opts).unwrap();
        ax.stem(&d(&[3.0, 7.0]), &d(&[9.0, 9.0]), 0.0, None)
            .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    assert!(close(
        pixel(&img, at(&img, 3.5, 2.0).0, at(&img, 3.5, 2.0).1),
        RED,
        4
    ));
    assert!(close(
        pixel(&img, at(&img, 7.5, 6.0).0, at(&img, 7.5, 6.0).1),
        RED,
        4
    ));
    let (x, y) = at(&img, 5.0, 2.0);
    assert_eq!(pixel(&img, x, y), WHITE, "the first bar ends at 4");
    // A C0 stem up to a marker at y = 9, away from the bars.
    assert!(near(&img, at(&img, 3.0, 8.0), 2, C0) && near(&img, at(&img, 7.0, 9.0), 3, C0));
}

#[test]
fn log_axes_tick_decades_labelled_as_powers_of_ten() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    ax.xaxis.scale = Scale::Log;
    ax.yaxis.scale = Scale::Log;
    ax.plot(
        vec![
            PlotArg::Data(d(&[1.0, 10.0, 100.0, 1000.0])),
            PlotArg::Data(d(&[0.01, 1.0, 100.0, 10000.0])),
            PlotArg::Fmt("r".into()),
        ],
        &LineProps::default(),
    )
    .unwrap();
    let ((x0, x1), _) = ax.limits();
    // matplotlib: 5% margins in decades, (0.7079..., 1412.5...).
    assert!(
        (x0 - 0.707_945_784_384_137_9).abs() < 1e-12 && (x1 - 1_412.537_544_622_754).abs() < 1e-9
    );
    let fig = p.gcf().clone();
    let texts = svg_texts(&to_svg(&fig).unwrap());
    for want in ["10⁰", "10¹", "10²", "10³", "10⁻²", "10⁴"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    assert!(!texts.iter().any(|t| t == "500"), "{texts:?}");
    // A straight line in log-log: the red pixels' middle is on the diagonal.
    let img = to_rgb(&fig, 100.0).unwrap();
    let (l, t, r, b) = frame(&img);
    let (cx, cy) = ((l + r) / 2, (t + b) / 2);
    assert!(near(&img, (cx, cy), 4, RED), "through the centre");
}

#[test]
fn fixed_ticks_labels_spines_and_axis_off() {
    let fig = figure(|ax| {
        ax.xaxis
            .set_ticks(vec![2.0, 5.0], Some(vec!["two".into(), "five".into()]))
            .unwrap();
        ax.spines.set("top", false).unwrap();
        ax.spines.set("right", false).unwrap();
    });
    let texts = svg_texts(&to_svg(&fig).unwrap());
    assert!(texts.contains(&"two".to_string()) && texts.contains(&"five".to_string()));
    // The numbers are the y axis' alone (once each): x shows only its two.
    let numbers: Vec<&String> = texts.iter().filter(|t| t.parse::<f64>().is_ok()).collect();
    assert_eq!(numbers, ["0", "2", "4", "6", "8", "10"], "{texts:?}");
    let img = to_rgb(&fig, 100.0).unwrap();
    // Left and bottom spines only: one long black row and one long black column.
    let black = |x, y| pixel(&img, x, y) == [0, 0, 0];
    let rows = (0..img.1)
        .filter(|&y| (0..img.0).filter(|&x| black(x, y)).count() as u32 > img.0 / 2)
        .count();
    assert!((1..=2).contains(&rows), "{rows} long black rows");
    let off = figure(|ax| ax.axis_on = false);
    assert!(
        svg_texts(&to_svg(&off).unwrap()).is_empty(),
        "axis('off') draws no labels"
    );
    assert!(
        to_rgb(&off, 100.0).unwrap().2.iter().all(|&v| v == 255),
        "nor a frame"
    );
}

#[test]
fn suptitle_facecolor_and_transparency() {
    let mut fig = figure(|_| {});
    fig.suptitle = Some("All panels".into());
    fig.facecolor = xpush_plot::style::parse_color("lightgray").unwrap();
    assert!(svg_texts(&to_svg(&fig).unwrap()).contains(&"All panels".to_string()));
    let img = to_rgb(&fig, 100.0).unwrap();
    assert_eq!(pixel(&img, 1, img.1 - 2), [0xd3, 0xd3, 0xd3]);
    let (w, _, rgba) = to_rgba_transparent(&fig, 100.0).unwrap();
    assert_eq!(rgba[3], 0, "the corner is transparent");
    let (l, t, _, _) = frame(&img);
    let i = ((t * w + l) * 4) as usize;
    assert_eq!(
        &rgba[i..i + 4],
        &[0, 0, 0, 255],
        "the frame is opaque black"
    );
}

#[test]
fn imshow_extent_and_origin() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    // Row 0 red-ish low values, row 1 high: with origin='lower' row 0 is at the bottom.
    ax.imshow(
        &Data {
            shape: vec![2, 2],
            values: vec![0.0, 0.0, 1.0, 1.0],
        },
        false,
        ImageOpts {
            extent: Some((0.0, 10.0, 0.0, 10.0)),
            origin_lower: true,
            aspect: Some(None),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(ax.limits(), ((0.0, 10.0), (0.0, 10.0)));
    let img = to_rgb(&p.gcf().clone(), 100.0).unwrap();
    let (x, y) = at(&img, 5.0, 2.0);
    assert!(
        close(pixel(&img, x, y), [0x44, 0x01, 0x54], 4),
        "low values at the bottom"
    );
    let (x, y) = at(&img, 5.0, 8.0);
    assert!(
        close(pixel(&img, x, y), [0xfd, 0xe7, 0x25], 4),
        "high at the top"
    );
}

/// `XPUSH_PLOT_DEMO=path cargo test -p xpush-plot --test shapes gallery`
/// writes a figure of every artist here, to look at.
#[test]
fn gallery() {
    let mut p = Pyplot::default();
    p.figure(None, Some((10.0, 7.0)), None).unwrap();
    let ax = p.gcf().subplot(2, 2, 1).unwrap();
    let x: Vec<f64> = (0..50).map(|i| f64::from(i) * 0.2).collect();
    let s: Vec<f64> = x.iter().map(|v| v.sin()).collect();
    let c: Vec<f64> = x.iter().map(|v| v.cos()).collect();
    ax.plot(
        vec![PlotArg::Data(d(&x)), PlotArg::Data(d(&s))],
        &LineProps {
            label: Some("sin".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.fill_between(
        false,
        &d(&x),
        &d(&s),
        &d(&c),
        None,
        &ShapeProps {
            alpha: Some(0.3),
            label: Some("band".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.refline(
        true,
        0.0,
        0.0,
        1.0,
        &ShapeProps {
            color: Some("k".into()),
            linestyle: Some("--".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.span(
        false,
        (2.0, 3.0),
        (0.0, 1.0),
        &ShapeProps {
            alpha: Some(0.2),
            color: Some("g".into()),
            ..Default::default()
        },
    )
    .unwrap();
    ax.annotate(
        "peak",
        (1.6, 1.0),
        Some((4.0, 1.3)),
        Some((Some("->".into()), None)),
        &TextOpts::default(),
    )
    .unwrap();
    ax.set_legend(None);
    ax.title = "fill_between, axhline, axvspan, annotate".into();
    let ax = p.gcf().subplot(2, 2, 2).unwrap();
    ax.errorbar(
        &d(&[1.0, 2.0, 3.0, 4.0]),
        &d(&[2.0, 3.0, 2.5, 4.0]),
        &ErrorbarOpts {
            yerr: Some(ErrorArg(d(&[0.3]))),
            fmt: "o".into(),
            capsize: Some(3.0),
            ..Default::default()
        },
        &LineProps::default(),
    )
    .unwrap();
    ax.step(
        &d(&[1.0, 2.0, 3.0, 4.0]),
        &d(&[1.0, 1.5, 1.2, 2.0]),
        None,
        StepWhere::Mid,
        &LineProps::default(),
    )
    .unwrap();
    ax.text(1.0, 4.0, "errorbar + step", &TextOpts::default())
        .unwrap();
    let ax = p.gcf().subplot(2, 2, 3).unwrap();
    ax.xaxis.scale = Scale::Log;
    ax.yaxis.scale = Scale::Log;
    let xs: Vec<f64> = (0..30).map(|i| 10f64.powf(f64::from(i) / 10.0)).collect();
    let ys: Vec<f64> = xs.iter().map(|v| v * v).collect();
    ax.plot(
        vec![PlotArg::Data(d(&xs)), PlotArg::Data(d(&ys))],
        &LineProps::default(),
    )
    .unwrap();
    ax.grid = true;
    ax.spines.set("top", false).unwrap();
    ax.spines.set("right", false).unwrap();
    let ax = p.gcf().subplot(2, 2, 4).unwrap();
    ax.barh(
        &d(&[0.0, 1.0, 2.0]),
        &d(&[3.0, 5.0, 2.0]),
        BarhOpts::default(),
    )
    .unwrap();
    ax.stem(&d(&[1.0, 2.0, 4.0]), &d(&[1.0, 2.0, 1.5]), 0.0, None)
        .unwrap();
    ax.yaxis
        .set_ticks(
            vec![0.0, 1.0, 2.0],
            Some(vec!["a".into(), "b".into(), "c".into()]),
        )
        .unwrap();
    p.gcf().suptitle = Some("shapes".into());
    let fig = p.gcf().clone();
    let png = xpush_plot::render::to_png(&fig, 100.0).unwrap();
    if let Ok(path) = std::env::var("XPUSH_PLOT_DEMO") {
        std::fs::write(&path, &png).unwrap();
    }
}

#[test]
fn ticks_and_labels_are_matplotlibs() {
    // matplotlib 3.10 draws plot([1, 2, 3]) with x ticks 0.00, 0.25, ..., 2.00
    // and y ticks 1.00, 1.25, ..., 3.00 (MaxNLocator, ScalarFormatter).
    let mut p = Pyplot::default();
    p.gca()
        .plot(
            vec![PlotArg::Data(d(&[1.0, 2.0, 3.0]))],
            &LineProps::default(),
        )
        .unwrap();
    let texts = svg_texts(&to_svg(p.gcf()).unwrap());
    // plotters writes the y labels first.
    let want: Vec<String> = (0..9)
        .map(|i| format!("{:.2}", 1.0 + f64::from(i) * 0.25))
        .chain((0..9).map(|i| format!("{:.2}", f64::from(i) * 0.25)))
        .collect();
    let numbers: Vec<&String> = texts.iter().filter(|t| !t.is_empty()).collect();
    assert_eq!(numbers, want.iter().collect::<Vec<_>>());
    assert_eq!(
        p.gcf().ticks(0, true).len(),
        11,
        "get_xticks() has one beyond each end"
    );
    // Negative labels use the Unicode minus.
    let mut p = Pyplot::default();
    p.gca()
        .plot(vec![PlotArg::Data(d(&[-1.0, 1.0]))], &LineProps::default())
        .unwrap();
    let texts = svg_texts(&to_svg(p.gcf()).unwrap());
    assert!(texts.iter().any(|t| t == "\u{2212}1.00"), "{texts:?}");
}

#[test]
fn twinx_shares_x_and_labels_its_y_on_the_right() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    ax.plot(
        vec![
            PlotArg::Data(d(&[0.0, 1.0, 2.0])),
            PlotArg::Data(d(&[1.0, 2.0, 3.0])),
        ],
        &LineProps::default(),
    )
    .unwrap();
    ax.ylabel = "left".into();
    let fig = p.gcf();
    let t = fig.twinx(0);
    let twin = &mut fig.axes[t];
    twin.plot(
        vec![
            PlotArg::Data(d(&[1.0, 2.0, 3.0, 4.0])),
            PlotArg::Data(d(&[100.0, 300.0, 200.0, 400.0])),
            PlotArg::Fmt("r".into()),
        ],
        &LineProps::default(),
    )
    .unwrap();
    twin.ylabel = "right".into();
    // matplotlib 3.10: both x views (-0.2, 4.2); y (0.9, 3.1) and (85, 415).
    let ((x0, x1), (y0, y1)) = fig.view(0);
    assert!((x0 + 0.2).abs() < 1e-12 && (x1 - 4.2).abs() < 1e-12);
    assert!((y0 - 0.9).abs() < 1e-12 && (y1 - 3.1).abs() < 1e-12);
    let ((tx0, tx1), (ty0, ty1)) = fig.view(t);
    assert_eq!((tx0, tx1), (x0, x1));
    assert!((ty0 - 85.0).abs() < 1e-9 && (ty1 - 415.0).abs() < 1e-9);
    let fig = fig.clone();
    let svg = to_svg(&fig).unwrap();
    // The twin's tick labels (100 ... 400) lie right of the left axis' (1.0 ... 3.0).
    let x_of = |label: &str| -> f64 {
        let tag = svg
            .split("<text")
            .find(|t| {
                t.split_once('>').is_some_and(|(_, rest)| {
                    rest.split("</text>").next().map(str::trim) == Some(label)
                })
            })
            .unwrap_or_else(|| panic!("{label} in svg"));
        let x = tag.split("x=\"").nth(1).unwrap().split('"').next().unwrap();
        x.parse().unwrap()
    };
    assert!(
        x_of("400") > x_of("3.00") + 400.0,
        "{} vs {}",
        x_of("400"),
        x_of("3.00")
    );
    let img = to_rgb(&fig, 100.0).unwrap();
    if let Ok(path) = std::env::var("XPUSH_PLOT_TWIN") {
        std::fs::write(path, xpush_plot::render::to_png(&fig, 100.0).unwrap()).unwrap();
    }
    // Both lines are drawn: C0 and red.
    let count = |c: [u8; 3]| {
        img.2
            .chunks(3)
            .filter(|p| close([p[0], p[1], p[2]], c, 30))
            .count()
    };
    assert!(count(C0) > 200 && count(RED) > 200);
}

#[test]
fn annotation_offset_in_points_from_its_point() {
    // annotate('peak', (5, 5), textcoords='offset points', xytext=(0, 20),
    // ha='center'): the text 20 points (28 px at 100 dpi) above (5, 5).
    let fig = figure(|ax| {
        let opts = TextOpts {
            color: Some("r".into()),
            ha: xpush_plot::shapes::HAlign::Center,
            offset: (0.0, 20.0),
            fontsize: Some(14.0),
            ..Default::default()
        };
        ax.annotate("peak", (5.0, 5.0), None, None, &opts).unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let (x, y) = at(&img, 5.0, 5.0);
    let reds: Vec<u32> = (0..img.1)
        .filter(|&yy| (x - 20..x + 20).any(|xx| close(pixel(&img, xx, yy), RED, 60)))
        .collect();
    let lowest = *reds.iter().max().expect("red text");
    // Its baseline 28 px above the point, give or take a descender.
    assert!(
        (y - lowest).abs_diff(28) <= 4,
        "text bottom {lowest}, point {y}"
    );
}
