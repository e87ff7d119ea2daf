//! Rendering of pies, stacked areas, box plots, colour meshes, contours,
//! hexagons, arrows and axes placed with `add_axes`: each drawn where its
//! data says, in its colours.

use xpush_plot::charts::{pie_fractions, BoxOpts, PieOpts};
use xpush_plot::fields::{Grid, Levels, MapOpts, QuiverArgs};
use xpush_plot::model::{Data, LineProps, PlotArg};
use xpush_plot::render::{to_rgb, to_svg};
use xpush_plot::style::{Colormap, Rgba};
use xpush_plot::{Figure, Pyplot};

mod common;
use common::*;

const C1: [u8; 3] = [0xff, 0x7f, 0x0e];

fn rgb(c: Rgba) -> [u8; 3] {
    [c.r, c.g, c.b]
}

fn grid(rows: usize, cols: usize, values: Vec<f64>) -> Data {
    Data {
        shape: vec![rows, cols],
        values,
    }
}

#[test]
fn pie_wedges_are_where_their_fractions_put_them() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    // A quarter (C0) from 3 to 12 o'clock, then three quarters (C1).
    let fr = pie_fractions(&d(&[1.0, 3.0])).unwrap();
    let mut opts = PieOpts::new();
    opts.labels = Some(vec!["small".into(), "big".into()]);
    ax.pie(&fr, &opts).unwrap();
    let fig = p.gcf().clone();
    let img = to_rgb(&fig, 100.0).unwrap();
    // The pie is centred in the square plotting area of ±1.25.
    let (cx, cy) = (img.0 / 2, img.1 / 2 + 10);
    let r = f64::from(img.1) * 0.77 / 2.5 * 0.6;
    let off = (r * std::f64::consts::FRAC_1_SQRT_2) as u32;
    assert!(near(&img, (cx + off, cy - off), 3, C0), "C0 up right");
    assert!(near(&img, (cx - off, cy + off), 3, C1), "C1 down left");
    assert!(!near(&img, (cx + off, cy - off), 0, C1));
    let svg = to_svg(&fig).unwrap();
    let texts = svg_texts(&svg);
    assert!(texts.iter().any(|t| t == "small") && texts.iter().any(|t| t == "big"));
    // No frame and no tick labels around a pie.
    assert!(!texts.iter().any(|t| t == "0.0" || t == "1.0"), "{texts:?}");
}

#[test]
fn stacked_areas_fill_between_their_tops() {
    let fig = figure(|ax| {
        let x = d(&[0.0, 10.0]);
        ax.stackplot(&x, &[vec![2.0, 2.0], vec![4.0, 4.0]], &[], None)
            .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    assert!(close(
        pixel(&img, at(&img, 5.0, 1.0).0, at(&img, 5.0, 1.0).1),
        C0,
        4
    ));
    let (x, y) = at(&img, 5.0, 4.0);
    assert!(
        close(pixel(&img, x, y), C1, 4),
        "the second layer on the first"
    );
    let (x, y) = at(&img, 5.0, 8.0);
    assert_eq!(pixel(&img, x, y), WHITE, "nothing above the stack");
}

#[test]
fn boxplot_box_median_and_flier() {
    let fig = figure(|ax| {
        let opts = BoxOpts {
            positions: Some(vec![5.0]),
            widths: Some(4.0),
            ..BoxOpts::default()
        };
        // Quartiles 3 and 5, median 4, whiskers 2 and 6, flier 9.5.
        ax.boxplot(&[vec![2.0, 3.0, 4.0, 5.0, 6.0, 3.0, 5.0, 4.0, 9.5]], &opts)
            .unwrap();
        ax.xlim = (Some(0.0), Some(10.0));
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    assert!(
        near(&img, at(&img, 4.0, 4.0), 1, C1),
        "the median in orange"
    );
    assert!(
        near(&img, at(&img, 3.0, 3.5), 1, [0, 0, 0]),
        "the box's left side"
    );
    assert_eq!(
        pixel(&img, at(&img, 4.0, 3.5).0, at(&img, 4.0, 3.5).1),
        WHITE
    );
    assert!(near(&img, at(&img, 5.0, 9.5), 2, [0, 0, 0]), "the flier");
    assert!(
        !near(&img, at(&img, 5.0, 8.0), 1, [0, 0, 0]),
        "no whisker up to it"
    );
}

#[test]
fn pcolormesh_colours_each_cell() {
    let fig = figure(|ax| {
        let c = grid(2, 2, vec![0.0, 1.0, 2.0, 3.0]);
        let x = d(&[0.0, 5.0, 10.0]);
        let g = Grid::mesh(Some(&x), Some(&x), &c, "flat").unwrap();
        ax.pcolormesh(&g, &MapOpts::default()).unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let v = Colormap::VIRIDIS;
    // Row 0 of C is at the bottom (y from 0 to 5).
    let cell = |x: f64, y: f64| pixel(&img, at(&img, x, y).0, at(&img, x, y).1);
    assert!(close(cell(2.5, 2.5), rgb(v.at(0.0)), 4));
    assert!(close(cell(7.5, 2.5), rgb(v.at(1.0 / 3.0)), 4));
    assert!(close(cell(7.5, 7.5), rgb(v.at(1.0)), 4));
}

#[test]
fn contourf_bands_and_contour_lines() {
    // z = x over a 0..10 square: bands are vertical stripes.
    let n = 11;
    let z: Vec<f64> = (0..n).flat_map(|_| (0..n).map(f64::from)).collect();
    let g = Grid::points(None, None, &grid(n as usize, n as usize, z)).unwrap();
    let levels = Levels::Values(vec![0.0, 5.0, 10.0]);
    let red = Rgba::hex(0xff0000);
    let fig = figure(|ax| {
        let l = ax.contour(&g, levels.clone(), true, None, &MapOpts::default());
        assert_eq!(l.unwrap(), vec![0.0, 5.0, 10.0]);
        ax.contour(
            &g,
            Levels::Values(vec![7.5]),
            false,
            Some(red),
            &MapOpts::default(),
        )
        .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let v = Colormap::VIRIDIS;
    let at_px = |x: f64, y: f64| pixel(&img, at(&img, x, y).0, at(&img, x, y).1);
    assert!(close(at_px(2.0, 5.0), rgb(v.at(0.25)), 4), "the low band");
    assert!(close(at_px(6.0, 5.0), rgb(v.at(0.75)), 4), "the high band");
    assert!(near(&img, at(&img, 7.5, 5.0), 1, RED), "the 7.5 line");
    assert!(!near(&img, at(&img, 6.5, 5.0), 2, RED));
}

#[test]
fn hexbin_colours_the_cells_with_points() {
    let fig = figure(|ax| {
        let xs: Vec<f64> = (0..50).map(|i| 2.0 + f64::from(i % 5) * 0.01).collect();
        let mut x = xs.clone();
        x.push(8.0);
        let mut y = vec![2.0; 50];
        y.push(8.0);
        ax.hexbin(&d(&x), &d(&y), 4, Some(1.0), &MapOpts::default())
            .unwrap();
        ax.xlim = (Some(0.0), Some(10.0));
        ax.ylim = (Some(0.0), Some(10.0));
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    let v = Colormap::VIRIDIS;
    assert!(
        near(&img, at(&img, 2.0, 2.0), 2, rgb(v.at(1.0))),
        "the full cell"
    );
    assert!(
        near(&img, at(&img, 8.0, 8.0), 2, rgb(v.at(0.0))),
        "the single point"
    );
    assert_eq!(
        pixel(&img, at(&img, 5.0, 8.0).0, at(&img, 5.0, 8.0).1),
        WHITE,
        "mincnt=1 leaves empty cells out"
    );
}

#[test]
fn quiver_arrows_in_data_units_reach_their_tips() {
    let fig = figure(|ax| {
        ax.quiver(QuiverArgs {
            x: vec![2.0],
            y: vec![5.0],
            u: vec![6.0],
            v: vec![0.0],
            scale: Some(1.0),
            data_units: true,
            color: Rgba::hex(0xff0000),
        })
        .unwrap();
    });
    let img = to_rgb(&fig, 100.0).unwrap();
    assert!(near(&img, at(&img, 4.0, 5.0), 1, RED), "the shaft");
    assert!(near(&img, at(&img, 7.9, 5.0), 1, RED), "the head");
    assert!(!near(&img, at(&img, 8.6, 5.0), 1, RED), "not past the tip");
    assert!(!near(&img, at(&img, 4.0, 6.0), 1, RED));
}

#[test]
fn add_axes_draws_in_its_rectangle() {
    let mut fig = Figure::new(1);
    let i = fig.add_axes((0.5, 0.5, 0.4, 0.4));
    let ax = &mut fig.axes[i];
    ax.plot(
        vec![PlotArg::Data(d(&[0.0, 1.0])), PlotArg::Fmt("r-".into())],
        &LineProps::default(),
    )
    .unwrap();
    let img = to_rgb(&fig, 100.0).unwrap();
    let reds: Vec<(u32, u32)> = (0..img.1)
        .flat_map(|y| (0..img.0).map(move |x| (x, y)))
        .filter(|&(x, y)| close(pixel(&img, x, y), RED, 30))
        .collect();
    assert!(!reds.is_empty());
    // The line stays in the upper right quarter of the 640 x 480 figure.
    assert!(
        reds.iter().all(|&(x, y)| x >= 300 && y <= 250),
        "{:?}",
        &reds[..3]
    );
}

#[test]
fn clim_maps_the_mesh_again() {
    let mut p = Pyplot::default();
    let ax = p.gca();
    let c = grid(1, 2, vec![0.0, 10.0]);
    let g = Grid::mesh(None, None, &c, "auto").unwrap();
    ax.pcolormesh(&g, &MapOpts::default()).unwrap();
    ax.clim(Some(0.0), Some(20.0)).unwrap();
    let Some(xpush_plot::model::Artist::Patches(m)) = ax.artists.last() else {
        panic!("a mesh");
    };
    assert_eq!(m.faces[1], Colormap::VIRIDIS.at(0.5));
    let mut empty = Pyplot::default();
    assert!(empty.gca().clim(None, Some(1.0)).is_err());
}
