//! `matplotlib.pyplot` end to end through `xpush -c`: what is drawn (the
//! files' pixels and SVG text) besides what is printed. Printed values
//! alone are compared with matplotlib by the cases in `tests/cases/plots/`.

use std::process::{Command, Output};

fn xpush(code: &str) -> Output {
    xpush_with(code, None)
}

/// Runs `code`, with `XPUSH_GRAPHICS` set to `graphics` if given.
fn xpush_with(code: &str, graphics: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xpush"));
    cmd.args(["-c", code])
        .env("NO_COLOR", "1")
        .env_remove("KITTY_WINDOW_ID")
        .env_remove("TERM_PROGRAM")
        .env_remove("XPUSH_GRAPHICS");
    if let Some(g) = graphics {
        cmd.env("XPUSH_GRAPHICS", g);
    }
    cmd.output().expect("xpush runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("xpush-plots-test-{}-{name}", std::process::id()))
}

#[test]
fn import_plot_and_savefig_png_and_svg() {
    let (png, svg) = (temp("a.png"), temp("a.svg"));
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         x = np.linspace(0, 6.28, 50)\n\
         print(plt.plot(x, np.sin(x), 'r--', label='sin'))\n\
         print(plt.title('Sine'))\nplt.legend()\n\
         plt.savefig({png:?})\nplt.savefig({svg:?})\nplt.close()\nprint('ok')"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "[<matplotlib.lines.Line2D object>]\nText(0.5, 1.0, 'Sine')\nok\n",
        "{}",
        stderr(&o)
    );
    let bytes = std::fs::read(&png).expect("png written");
    assert_eq!(&bytes[..4], b"\x89PNG");
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.contains("<svg") && text.contains("Sine"));
    let _ = std::fs::remove_file(png);
    let _ = std::fs::remove_file(svg);
}

#[test]
fn from_import_and_parent_module() {
    let o = xpush(
        "import matplotlib.pyplot\nfrom matplotlib import pyplot as plt\n\
         print(matplotlib.pyplot.figure(figsize=(8, 3)))\nprint(plt.subplot(212))",
    );
    assert_eq!(
        stdout(&o),
        // print shows str: matplotlib's `Figure(WxH)` and the axes' place.
        "Figure(800x300)\nAxes(0.125,0.11;0.775x0.35)\n",
        "{}",
        stderr(&o)
    );
}

/// Pixels of `plt.show()`'s sixel output that are clearly red.
fn red_pixels_in_sixel(code: &str) -> usize {
    let o = xpush_with(code, Some("sixel"));
    let out = stdout(&o);
    assert!(out.starts_with("\x1bP"), "{out:?}\n{}", stderr(&o));
    let img = icy_sixel::SixelImage::decode(out.trim_end().as_bytes()).expect("valid sixel");
    assert!(
        img.width >= 400 && img.height >= 300,
        "{}x{}",
        img.width,
        img.height
    );
    img.pixels
        .chunks_exact(4)
        .filter(|p| p[0] > 200 && p[1] < 80 && p[2] < 80)
        .count()
}

#[test]
fn show_draws_sixel_when_the_terminal_speaks_it() {
    let drawn = red_pixels_in_sixel(
        "import matplotlib.pyplot as plt\nplt.plot([0, 1], [0.5, 0.5], 'r')\nplt.show()",
    );
    let empty =
        red_pixels_in_sixel("import matplotlib.pyplot as plt\nplt.plot([], [], 'r')\nplt.show()");
    // A horizontal red line across the axes: hundreds of pixels; none without it.
    assert!(drawn > 200, "{drawn} red pixels");
    assert_eq!(empty, 0);
}

#[test]
fn show_writes_a_png_and_a_braille_preview() {
    let o = xpush(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         plt.hist(np.linspace(0, 1, 100) ** 2, bins=10)\nplt.title('Squares')\nplt.show()\n\
         plt.show()\nprint('done')",
    );
    let out = stdout(&o);
    let first = out.lines().next().unwrap_or("");
    assert!(first.starts_with("Figure 1: "), "{out}\n{}", stderr(&o));
    let path = first.trim_start_matches("Figure 1: ");
    assert!(std::fs::read(path).is_ok_and(|b| b.starts_with(b"\x89PNG")));
    let _ = std::fs::remove_file(path);
    assert!(out.contains("Squares\n"), "{out}");
    assert!(
        out.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)),
        "braille dots: {out}"
    );
    // show() closes what it showed: the second call prints nothing.
    assert!(
        out.ends_with("done\n") && out.matches("Figure").count() == 1,
        "{out}"
    );
}

#[test]
fn errors_have_matplotlibs_classes() {
    for (code, want) in [
        (
            "plt.plot([1, 2, 3], [1, 2, 3, 4])",
            "ValueError: x and y must have same first dimension, but have shapes (3,) and (4,)",
        ),
        (
            "plt.plot([1, 2], 'r-q')",
            "ValueError: 'r-q' is not a valid format string (unrecognized character 'q')",
        ),
        (
            "plt.imshow(np.zeros(3))",
            "TypeError: Invalid shape (3,) for image data",
        ),
        ("plt.colorbar()", "RuntimeError: No mappable was found"),
        (
            "plt.savefig('x.pdf')",
            "ValueError: Format 'pdf' is not supported",
        ),
    ] {
        let o = xpush(&format!(
            "import numpy as np\nimport matplotlib.pyplot as plt\n{code}"
        ));
        assert_eq!(o.status.code(), Some(1), "{code}");
        assert!(stderr(&o).contains(want), "{code}: {}", stderr(&o));
    }
}

/// The object API: `fig, axs = plt.subplots(...)`, Axes methods drawing
/// on their own axes, the array of axes indexed as NumPy's. The printed
/// lines are matplotlib 3.11's for the same script.
#[test]
fn subplots_figure_and_axes_objects() {
    let svg = temp("grid.svg");
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         x = np.linspace(0, 6.28, 20)\n\
         fig, ax = plt.subplots()\n\
         print(fig, ax, repr(fig))\n\
         ax.plot(x, np.sin(x), label='s')\nax.set_title('Sine')\nax.set_xlabel('t')\n\
         print(repr(ax), ax.set_xlim(0, 7))\n\
         fig2, axs = plt.subplots(2, 2, figsize=(8, 6))\n\
         print(fig2, axs.shape, axs.ndim, axs.size, len(axs))\n\
         for i, a in enumerate(axs.flat):\n    a.set_title(f'panel {{i}}')\n\
         axs[0, 0].plot(x, np.cos(x))\naxs[1, 1].bar([1, 2], [3, 4])\n\
         print(axs[1])\nprint(axs[0, 1], type(axs[0, 1]).__name__, axs.ravel().shape)\n\
         fig2.savefig({svg:?})\n\
         f3, (left, right) = plt.subplots(1, 2)\nprint(plt.gca(), left)\n\
         f4, a4 = plt.subplots(2, 1, squeeze=False)\nprint(a4.shape, a4[1, 0])\n\
         plt.close('all')\n\
         try:\n    ax.plot([1])\nexcept RuntimeError as e:\n    print('RuntimeError:', e)\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "Figure(640x480) Axes(0.125,0.11;0.775x0.77) <Figure size 640x480 with 1 Axes>\n\
         <Axes: title={'center': 'Sine'}, xlabel='t'> (0.0, 7.0)\n\
         Figure(800x600) (2, 2) 2 4 2\n\
         [<Axes: title={'center': 'panel 2'}> <Axes: title={'center': 'panel 3'}>]\n\
         Axes(0.547727,0.53;0.352273x0.35) Axes (4,)\n\
         Axes(0.547727,0.11;0.352273x0.77) Axes(0.125,0.11;0.352273x0.77)\n\
         (2, 1) Axes(0.125,0.11;0.775x0.35)\n\
         RuntimeError: these axes belong to a closed figure (plt.show() and plt.close() close figures)\n",
        "{}",
        stderr(&o)
    );
    // Each panel's title is drawn, and only the four of them.
    let text = std::fs::read_to_string(&svg).expect("svg written");
    for i in 0..4 {
        assert_eq!(text.matches(&format!("panel {i}")).count(), 1, "panel {i}");
    }
    let _ = std::fs::remove_file(svg);
}

/// The `<text>` elements' contents of an SVG file.
fn svg_texts(path: &std::path::Path) -> Vec<String> {
    let svg = std::fs::read_to_string(path).expect("svg written");
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

/// Text, annotations, reference lines, spans and suptitle. The printed
/// lines are matplotlib 3.10's for the same script.
#[test]
fn text_annotations_reference_lines_and_spans() {
    let svg = temp("text.svg");
    let code = format!(
        "import numpy as np\nimport matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n\
         x = np.linspace(0, 2 * np.pi, 50)\nfig, ax = plt.subplots()\n\
         ax.plot(x, np.sin(x), label='sin')\n\
         print(ax.text(1, 0.5, 'hello'))\n\
         print(plt.text(0.05, 0.9, 'corner', transform=ax.transAxes, fontsize=12, color='r'))\n\
         a = ax.annotate('peak', xy=(np.pi / 2, 1), xytext=(3, 0.5), arrowprops=dict(arrowstyle='->'))\n\
         print(a, repr(a))\nprint(ax.annotate('low', (4.71, -1)))\n\
         print(ax.axhline(0, color='k', linestyle='--', linewidth=1))\n\
         ax.axvline(np.pi, ymin=0.25, ymax=0.75, color='g')\n\
         print(ax.axhspan(-0.25, 0.25, alpha=0.2, color='orange'))\nax.axvspan(5, 6, alpha=0.3)\n\
         print(fig.suptitle('Waves'))\n\
         print(ax.get_xlim(), ax.get_ylim())\n\
         fig.savefig({svg:?})\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "Text(1, 0.5, 'hello')\nText(0.05, 0.9, 'corner')\n\
         Annotation(1.5708, 1, 'peak') Text(3, 0.5, 'peak')\nAnnotation(4.71, -1, 'low')\n\
         <matplotlib.lines.Line2D object>\n<matplotlib.patches.Rectangle object>\n\
         Text(0.5, 0.98, 'Waves')\n\
         (np.float64(-0.3141592653589793), np.float64(6.5973445725385655)) (np.float64(-1.0994348378207568), np.float64(1.0994348378207568))\n",
        "{}",
        stderr(&o)
    );
    let texts = svg_texts(&svg);
    for want in ["hello", "corner", "peak", "low", "Waves"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    let _ = std::fs::remove_file(svg);
}

/// Fills, error bars, steps, horizontal bars and stems: their returns and
/// the limits they autoscale to are matplotlib 3.10's; the fill's colour
/// is in the PNG between the curves.
#[test]
fn areas_errorbars_steps_barh_and_stems() {
    let png = temp("areas.png");
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         x = np.arange(6)\ny = np.array([1.0, 3.0, 2.0, 5.0, 4.0, 6.0])\n\
         fig, ax = plt.subplots()\n\
         print(ax.fill_between(x, y - 1, y + 1, alpha=0.3, label='band'))\n\
         print(ax.fill_between(x, 0, y, where=y > 2.5, color='g'))\n\
         print(ax.errorbar(x, y, yerr=0.5, fmt='o', capsize=3, label='data'))\n\
         print(ax.step(x, y, where='post', label='steps'))\n\
         print(ax.get_xlim(), ax.get_ylim())\n\
         fig2, (a1, a2) = plt.subplots(1, 2)\n\
         print(a1.barh(['a', 'b', 'c'], [3, 1, 2]))\nprint(a1.get_xlim(), a1.get_ylim())\n\
         print(a2.stem([1, 2, 3], [2, -1, 3]))\nprint(a2.get_xlim(), a2.get_ylim())\n\
         print(plt.fill_betweenx([0, 1, 2], [1, 2, 1]))\n\
         f3, a3 = plt.subplots()\na3.fill_between([0, 1], [0, 0], [1, 1], color='r')\n\
         a3.set_xlim(0, 1)\na3.set_ylim(0, 2)\nf3.savefig({png:?})\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "<matplotlib.collections.FillBetweenPolyCollection object>\n\
         <matplotlib.collections.FillBetweenPolyCollection object>\n\
         <ErrorbarContainer object of 3 artists>\n[<matplotlib.lines.Line2D object>]\n\
         (np.float64(-0.25), np.float64(5.25)) (np.float64(-0.35000000000000003), np.float64(7.35))\n\
         <BarContainer object of 3 artists>\n\
         (np.float64(0.0), np.float64(3.15)) (np.float64(-0.54), np.float64(2.5400000000000005))\n\
         <StemContainer object of 3 artists>\n\
         (np.float64(0.9), np.float64(3.1)) (np.float64(-1.2), np.float64(3.2))\n\
         <matplotlib.collections.FillBetweenPolyCollection object>\n",
        "{}",
        stderr(&o)
    );
    // Red fills the lower half of the axes (y from 0 to 1 of 0 to 2), not the upper.
    let img = image::open(&png).expect("png written").to_rgb8();
    let (w, h) = img.dimensions();
    let red = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0;
        p[0] > 200 && p[1] < 60 && p[2] < 60
    };
    let reds: Vec<u32> = (0..h).filter(|&y| red(w / 2, y)).collect();
    let (top, bottom) = (reds[0], *reds.last().unwrap());
    assert!(
        bottom > h * 2 / 3 && top > h / 3 && top < h * 2 / 3,
        "{top}..{bottom} of {h}"
    );
    let _ = std::fs::remove_file(png);
}

/// Ticks, log scales, aspect, axis, margins and spines, printed as
/// matplotlib 3.10 prints them; log ticks labelled 10ⁿ in the SVG.
#[test]
fn ticks_scales_axis_and_spines() {
    let svg = temp("log.svg");
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         fig, ax = plt.subplots()\nax.plot([1, 2, 3], [4, 1, 3])\n\
         print(ax.get_xticks())\nprint(ax.get_yticks())\nprint(plt.xticks()[1][:3])\n\
         print(len(ax.set_xticks([1, 2, 3])))\nprint(ax.set_xticklabels(['one', 'two', 'three']))\n\
         print(plt.yticks([1, 2.5, 4], ['lo', 'mid', 'hi'], rotation=45)[1])\n\
         print(ax.get_xticks(), ax.get_yticks())\n\
         fig, ax = plt.subplots()\nax.loglog([1, 10, 100, 1000], [0.01, 1, 100, 10000])\n\
         print(ax.get_xscale(), ax.get_yscale(), ax.get_xlim())\nprint(ax.get_xticks())\n\
         fig.savefig({svg:?})\n\
         fig, ax = plt.subplots()\nax.semilogy([0, 1, 2], [1, 10, 100])\n\
         print(ax.get_xscale(), ax.get_yscale())\nplt.xscale('log')\nprint(ax.get_xscale())\n\
         fig, ax = plt.subplots()\nax.plot([0, 2], [0, 1])\nax.set_aspect('equal')\n\
         print(ax.get_aspect())\nprint(plt.axis([0, 4, -1, 1]))\nprint(ax.axis('off'))\n\
         ax.margins(0.2)\nprint(ax.margins())\n\
         ax.spines['top'].set_visible(False)\nax.spines[['right', 'left']].set_visible(False)\n\
         print(ax.spines['top'])\n\
         try:\n    ax.spines['middle']\nexcept KeyError as e:\n    print('KeyError:', e)\n\
         try:\n    plt.axis('of')\nexcept ValueError as e:\n    print('ValueError:', e)\n\
         try:\n    ax.set_xticks([0, 1], ['a'])\nexcept ValueError as e:\n    print('ValueError:', e)\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "[0.75 1.   1.25 1.5  1.75 2.   2.25 2.5  2.75 3.   3.25]\n\
         [0.5 1.  1.5 2.  2.5 3.  3.5 4.  4.5]\n\
         [Text(0.75, 0, '0.75'), Text(1.0, 0, '1.00'), Text(1.25, 0, '1.25')]\n\
         3\n[Text(1, 0, 'one'), Text(2, 0, 'two'), Text(3, 0, 'three')]\n\
         [Text(0, 1.0, 'lo'), Text(0, 2.5, 'mid'), Text(0, 4.0, 'hi')]\n\
         [1 2 3] [1.  2.5 4. ]\n\
         log log (np.float64(0.7079457843841379), np.float64(1412.537544622754))\n\
         [1.e-02 1.e-01 1.e+00 1.e+01 1.e+02 1.e+03 1.e+04 1.e+05]\n\
         linear log\nlog\n1.0\n\
         (np.float64(0.0), np.float64(4.0), np.float64(-1.0), np.float64(1.0))\n\
         (np.float64(0.0), np.float64(4.0), np.float64(-1.0), np.float64(1.0))\n\
         (0.2, 0.2)\nSpine\nKeyError: 'middle'\n\
         ValueError: Unrecognized string 'of' to axis; try 'on' or 'off'\n\
         ValueError: The number of FixedLocator locations (2), usually from a call to set_ticks, does not match the number of labels (1).\n",
        "{}",
        stderr(&o)
    );
    let texts = svg_texts(&svg);
    for want in ["10⁰", "10¹", "10²", "10³", "10⁻²", "10⁰", "10⁴"] {
        assert!(texts.iter().any(|t| t == want), "{want} in {texts:?}");
    }
    let _ = std::fs::remove_file(svg);
}

/// Keywords tutorials pass: matplotlib.use, ion/ioff/pause, figure(num=,
/// dpi=, facecolor=), imshow(extent=, origin=, vmin=, vmax=, aspect=,
/// interpolation=), tight_layout, savefig(dpi=, bbox_inches=, transparent=).
#[test]
fn keywords_tutorials_use() {
    let (png, clear) = (temp("kw.png"), temp("clear.png"));
    let code = format!(
        "import numpy as np\nimport matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n\
         plt.ion(); plt.ioff(); plt.pause(0.01)\nprint(plt.isinteractive())\n\
         fig = plt.figure(num=3, figsize=(4, 3), dpi=80, facecolor='lightgray')\nprint(fig)\n\
         img = np.arange(12.0).reshape(3, 4)\n\
         im = plt.imshow(img, extent=[0, 8, 0, 6], origin='lower', vmin=0, vmax=20, aspect='auto', interpolation='nearest', cmap='viridis')\n\
         ax = plt.gca()\nprint(ax.get_xlim(), ax.get_ylim())\n\
         fig.tight_layout()\nplt.tight_layout(pad=0.5)\n\
         fig2, ax2 = plt.subplots()\nax2.imshow(img)\nprint(ax2.get_xlim(), ax2.get_ylim())\n\
         fig.savefig({png:?}, dpi=40, bbox_inches='tight')\n\
         fig2.savefig({clear:?}, transparent=True)\n\
         try:\n    plt.imshow(img, origin='upper-left')\nexcept ValueError as e:\n    print('ValueError:', e)\n\
         try:\n    matplotlib.use('Tk')\nexcept ValueError as e:\n    print('ValueError:', str(e)[:40])\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "False\nFigure(320x240)\n\
         (np.float64(0.0), np.float64(8.0)) (np.float64(0.0), np.float64(6.0))\n\
         (np.float64(-0.5), np.float64(3.5)) (np.float64(2.5), np.float64(-0.5))\n\
         ValueError: 'upper-left' is not a valid value for origin; supported values are 'upper', 'lower'\n\
         ValueError: 'Tk' is not a valid value for backend; s\n",
        "{}",
        stderr(&o)
    );
    let img = image::open(&png).expect("png written").to_rgba8();
    // 4 x 3 inches at dpi=40; the light gray facecolor in the corner.
    assert_eq!(img.dimensions(), (160, 120));
    assert_eq!(img.get_pixel(0, 0).0, [0xd3, 0xd3, 0xd3, 255]);
    let img = image::open(&clear).expect("png written").to_rgba8();
    assert_eq!(
        img.get_pixel(0, 0).0[3],
        0,
        "transparent=True clears the background"
    );
    let _ = std::fs::remove_file(png);
    let _ = std::fs::remove_file(clear);
}

#[test]
fn new_functions_raise_matplotlibs_errors() {
    for (code, want) in [
        (
            "plt.errorbar([1, 2], [1, 2], yerr=-1)",
            "ValueError: 'yerr' must not contain negative values",
        ),
        (
            "plt.fill_between([0, 1, 2], [0, 1])",
            "ValueError: 'x' has size 3, but 'y1' has an unequal size of 2",
        ),
        (
            "plt.fill_between([0, 1, 2], [0, 1, 2], where=[True, False])",
            "ValueError: where size (2) does not match 'x' size (3)",
        ),
        (
            "plt.axhline(0.5, color='notacolor')",
            "ValueError: 'notacolor' is not a valid value for color: supported inputs are",
        ),
        (
            "plt.axhline(1, foo=2)",
            "AttributeError: Line2D.set() got an unexpected keyword argument 'foo'",
        ),
        (
            "plt.text(1, 2, 'a', foo=1)",
            "AttributeError: 'Text' object has no property 'foo'",
        ),
        (
            "plt.text(1, 2)",
            "text() missing 1 required positional argument: 's'",
        ),
        (
            "plt.annotate('a', xy=(0, 0), xytext=(1, 1), arrowprops=dict(arrowstyle='-x>'))",
            "ValueError: Unknown style: '-x>'",
        ),
        (
            "plt.xscale('logg')",
            "ValueError: 'logg' is not a valid value for scale; supported values are 'linear', 'log', 'symlog', 'asinh', 'logit', 'function', 'functionlog'",
        ),
        (
            "plt.gca().set_aspect(-1)",
            "ValueError: aspect must be finite and positive",
        ),
        (
            "plt.margins(0.1, 0.2, 0.3)",
            "TypeError: Must pass a single positional argument for all margins, or one for each margin (x, y).",
        ),
        (
            "plt.barh([1, 2], [1, 2, 3])",
            "ValueError: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 2 with shape (3,) and arg 3 with shape (2,).",
        ),
        (
            "plt.figure(facecolor='notacolor')",
            "ValueError: Invalid RGBA argument: 'notacolor'",
        ),
        (
            "plt.imshow([[1, 2]], interpolation='bogus')",
            "ValueError: 'bogus' is not a valid value for interpolation; supported values are 'hermite'",
        ),
    ] {
        let o = xpush(&format!(
            "import numpy as np\nimport matplotlib.pyplot as plt\n{code}"
        ));
        assert_eq!(o.status.code(), Some(1), "{code}");
        assert!(stderr(&o).contains(want), "{code}: {}", stderr(&o));
    }
}

/// twinx: a second y axis sharing x, as matplotlib 3.10 prints it.
#[test]
fn twinx_shares_the_x_axis() {
    let svg = temp("twin.svg");
    let code = format!(
        "import matplotlib.pyplot as plt\n\
         fig, ax = plt.subplots()\nax.plot([0, 1, 2], [1, 2, 3])\n\
         ax2 = ax.twinx()\nprint(ax2, repr(ax2))\nplt.ylabel('current')\nprint(repr(ax2))\n\
         ax2.plot([1, 2, 3, 4], [100, 300, 200, 400], 'r')\n\
         print(ax.get_xlim(), ax2.get_xlim(), ax.get_ylim(), ax2.get_ylim())\n\
         ax2.set_ylabel('right')\nax2.set_xlim(0, 10)\nprint(ax.get_xlim())\n\
         fig.savefig({svg:?})\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "Axes(0.125,0.11;0.775x0.77) <Axes: >\n<Axes: ylabel='current'>\n\
         (np.float64(-0.2), np.float64(4.2)) (np.float64(-0.2), np.float64(4.2)) (np.float64(0.9), np.float64(3.1)) (np.float64(85.0), np.float64(415.0))\n\
         (np.float64(0.0), np.float64(10.0))\n",
        "{}",
        stderr(&o)
    );
    let texts = svg_texts(&svg);
    assert!(
        texts.iter().any(|t| t == "right") && texts.iter().any(|t| t == "400"),
        "{texts:?}"
    );
    let _ = std::fs::remove_file(svg);
}

/// 3-d axes and animations are not drawn by xpush: asking for them raises
/// NotImplementedError naming them (matplotlib would make them).
#[test]
fn three_d_axes_and_animation_raise_not_implemented() {
    let calls = [
        "plt.figure().add_subplot(projection='3d')",
        "plt.subplots(subplot_kw={'projection': '3d'})",
        "plt.axes(projection='3d')",
        "plt.subplot(1, 1, 1, projection='polar')",
        "import matplotlib.animation",
        "from matplotlib.animation import FuncAnimation",
        "from mpl_toolkits.mplot3d import Axes3D",
    ];
    for call in calls {
        let code = format!(
            "import matplotlib.pyplot as plt\ntry:\n    {call}\nexcept NotImplementedError as e:\n    print('NotImplementedError:', e)\n"
        );
        let o = xpush(&code);
        let out = stdout(&o);
        assert!(
            out.starts_with("NotImplementedError: "),
            "{call}: {out}{}",
            stderr(&o)
        );
        let named = [
            "projection='3d'",
            "projection='polar'",
            "matplotlib.animation",
            "mpl_toolkits",
        ];
        assert!(named.iter().any(|n| out.contains(n)), "{call}: {out}");
    }
    // 2-d axes still work with the same keywords.
    let o = xpush("import matplotlib.pyplot as plt\nprint(plt.figure().add_subplot(projection='rectilinear'))");
    assert_eq!(
        stdout(&o),
        "Axes(0.125,0.11;0.775x0.77)\n",
        "{}",
        stderr(&o)
    );
}

/// rcParams and styles reach what is drawn: `axes.grid` draws grid lines
/// (grey pixels inside the frame), `style.use('default')` takes them away.
#[test]
fn rcparams_grid_is_drawn() {
    let (with, without) = (temp("grid.png"), temp("nogrid.png"));
    let code = format!(
        "import matplotlib.pyplot as plt\nplt.rcParams['axes.grid'] = True\n\
         fig, ax = plt.subplots()\nax.plot([0, 1], [0, 1], lw=0)\nfig.savefig({with:?})\n\
         plt.style.use('default')\nfig, ax = plt.subplots()\nax.plot([0, 1], [0, 1], lw=0)\n\
         fig.savefig({without:?})\n"
    );
    let o = xpush(&code);
    assert!(o.status.success(), "{}", stderr(&o));
    let grey = |path: &std::path::Path| {
        let img = image::open(path).expect("png written").to_rgb8();
        let (w, h) = img.dimensions();
        // Along the middle row inside the frame: grid lines are light grey.
        (w / 5..w * 4 / 5)
            .filter(|&x| {
                let p = img.get_pixel(x, h / 2).0;
                p[0] == p[1] && p[1] == p[2] && (150..250).contains(&p[0])
            })
            .count()
    };
    assert!(grey(&with) > 0, "grid lines with axes.grid");
    assert_eq!(grey(&without), 0, "none after style.use('default')");
    let _ = std::fs::remove_file(with);
    let _ = std::fs::remove_file(without);
}

/// Horizontal black runs at least `min` pixels long: `(y, x0, x1)`, the
/// spines of the axes' frames.
fn black_runs(img: &image::RgbImage, min: u32) -> Vec<(u32, u32, u32)> {
    let (w, h) = img.dimensions();
    let mut runs = Vec::new();
    for y in 0..h {
        let mut x = 0;
        while x < w {
            let dark = |x: u32| img.get_pixel(x, y).0.iter().all(|&c| c < 60);
            if !dark(x) {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < w && dark(x) {
                x += 1;
            }
            if x - x0 >= min {
                runs.push((y, x0, x - 1));
            }
        }
    }
    runs
}

/// The frames of the axes of a 2 x 2 grid in a PNG: per quadrant (row-major)
/// the plotting area's `(left, top, right, bottom)` from its spines.
fn quadrant_frames(img: &image::RgbImage) -> Vec<(u32, u32, u32, u32)> {
    let (w, h) = img.dimensions();
    let runs = black_runs(img, w / 5);
    let mut frames = Vec::new();
    for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let inside: Vec<_> = runs
            .iter()
            .filter(|&&(y, x0, x1)| {
                let (cx, cy) = ((x0 + x1) / 2, y);
                cx / (w / 2) == c && cy / (h / 2) == r
            })
            .collect();
        assert!(inside.len() >= 2, "quadrant {r},{c}: {inside:?}");
        let (top, bottom) = (inside[0], inside[inside.len() - 1]);
        frames.push((top.1, top.0, top.2, bottom.0));
    }
    frames
}

/// `scripts/gallery.py` under xpush: it prints what python3 with
/// matplotlib prints, and its images have matplotlib's structure: the
/// figure sizes, four axes in a 2 x 2 grid, the red line at its data's
/// height, the legend's box, the tick labels (read from the SVG).
#[test]
fn gallery_draws_every_function() {
    let dir = temp("gallery");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/gallery.py");
    let o = Command::new(env!("CARGO_BIN_EXE_xpush"))
        .arg(script)
        .arg(&dir)
        .env("NO_COLOR", "1")
        .env_remove("XPUSH_GRAPHICS")
        .output()
        .expect("xpush runs");
    // python3 scripts/gallery.py prints the same.
    assert_eq!(
        stdout(&o),
        "saved gallery_lines\nsaved gallery_charts\nsaved gallery_fields\n\
         saved gallery_matshow\ncurrent figure: True\nsaved gallery_axes\n",
        "{}",
        stderr(&o)
    );
    // matplotlib's sizes: figsize x 100 dpi (matshow's from figaspect).
    for (name, size) in [
        ("lines", (1000, 800)),
        ("charts", (1400, 700)),
        ("fields", (1400, 700)),
        ("matshow", (640, 480)),
        ("axes", (800, 400)),
    ] {
        let img = image::open(dir.join(format!("gallery_{name}.png"))).expect("png written");
        assert_eq!((img.width(), img.height()), size, "gallery_{name}.png");
    }
    let img = image::open(dir.join("gallery_lines.png"))
        .expect("png written")
        .to_rgb8();
    let frames = quadrant_frames(&img);
    // A 2 x 2 grid: the rows' tops line up, the columns' left and right
    // edges nearly do (xpush makes room for each axes' own labels, and for
    // the twin's y axis, where matplotlib keeps one subplot grid), and each
    // axes is at least a third of the figure wide and tall.
    let (w, h) = img.dimensions();
    let near = |a: u32, b: u32, tol: u32| a.abs_diff(b) <= tol;
    assert!(
        near(frames[0].1, frames[1].1, 2) && near(frames[2].1, frames[3].1, 2),
        "{frames:?}"
    );
    assert!(
        near(frames[0].0, frames[2].0, w / 50) && near(frames[1].2, frames[3].2, w / 50),
        "{frames:?}"
    );
    assert!(
        frames[0].2 < frames[1].0 && frames[0].3 < frames[2].1,
        "{frames:?}"
    );
    for f in &frames {
        assert!(f.2 - f.0 > w / 3 && f.3 - f.1 > h / 3, "{frames:?}");
    }
    // Axes [0, 0]: ylim (0, 4), a red line at y = 3, a green one at x = 5 of 0..10.
    let (l, t, r, b) = frames[0];
    let want_y = f64::from(b) - f64::from(b - t) * 0.75;
    let red = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0;
        p[0] > 200 && p[1] < 60 && p[2] < 60
    };
    let reds: Vec<u32> = (t..b).filter(|&y| red(l + (r - l) / 10, y)).collect();
    assert!(!reds.is_empty(), "no red line in {frames:?}");
    let mid = f64::from(reds[0] + reds[reds.len() - 1]) / 2.0;
    assert!(
        (mid - want_y).abs() <= 2.0,
        "red line at {mid}, want {want_y}"
    );
    let green_x = (l..r)
        .filter(|&x| {
            let p = img.get_pixel(x, t + (b - t) / 8).0;
            p[1] > 100 && p[0] < 60 && p[2] < 60
        })
        .collect::<Vec<_>>();
    let want_x = f64::from(l + r) / 2.0;
    assert!(
        green_x
            .iter()
            .any(|&x| (f64::from(x) - want_x).abs() <= 2.0),
        "green at {green_x:?}, want {want_x}"
    );
    // The legend's box: its light grey border inside the axes' frame.
    let border = (t..b)
        .filter(|&y| {
            (l..r)
                .filter(|&x| img.get_pixel(x, y).0 == [204, 204, 204])
                .count()
                > 40
        })
        .count();
    assert!(border >= 2, "legend box border rows: {border}");
    // Tick labels, titles and legend entries as text in the SVG.
    let texts = svg_texts(&dir.join("gallery_lines.svg"));
    for want in [
        "zero",
        "five",
        "ten",
        "0.0",
        "0.5",
        "3.5",
        "4.0",
        "0",
        "4",
        "8",
        "a",
        "b",
        "c",
        "d",
        "10",
        "40",
        "2 + sin(x)",
        "level 3",
        "peak",
        "text",
        "xpush gallery: lines",
        "plot, text, annotate",
        "bar, twinx",
        "value",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want:?} in {texts:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The `<text>` elements of an SVG file with their anchor points: `(x, y, text)`.
fn svg_texts_at(path: &std::path::Path) -> Vec<(f64, f64, String)> {
    let svg = std::fs::read_to_string(path).expect("svg written");
    let attr = |tag: &str, name: &str| -> Option<f64> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[at..].split('"').next()?.parse().ok()
    };
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            let text = rest.split_once("</text>")?.0.trim().to_string();
            Some((attr(tag, "x")?, attr(tag, "y")?, text))
        })
        .collect()
}

/// `clabel` writes each level with a line as matplotlib's default
/// formatter does (matplotlib 3.10 labels this set '−0.2', '0.0', '0.2',
/// '0.5'), inside the axes; `levels=` labels only those.
#[test]
fn clabel_draws_the_levels() {
    let (svg, svg2) = (temp("clabel.svg"), temp("clabel2.svg"));
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         g = np.linspace(-2, 2, 30)\nX, Y = np.meshgrid(g, g)\n\
         Z = np.exp(-X**2 - Y**2) - 0.5 * np.exp(-(X - 1) ** 2 - (Y + 0.5) ** 2)\n\
         fig, ax = plt.subplots()\n\
         cs = ax.contour(X * 10, Y * 10, Z, levels=[-0.2, 0.0, 0.2, 0.5, 2.0], colors='k')\n\
         print(ax.clabel(cs, inline=True, fontsize=9))\nfig.savefig({svg:?})\n\
         fig, ax = plt.subplots()\ncs = ax.contour(X / 10, Y / 10, Z * 1000)\n\
         print(cs.levels)\nprint(plt.clabel(cs, [0, 400]))\nfig.savefig({svg2:?})\n"
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "<a list of 4 text.Text objects>\n[-400. -200.    0.  200.  400.  600.  800. 1000.]\n\
         <a list of 2 text.Text objects>\n",
        "{}",
        stderr(&o)
    );
    let texts = svg_texts(&svg);
    for want in ["\u{2212}0.2", "0.0", "0.2", "0.5"] {
        assert_eq!(
            texts.iter().filter(|t| *t == want).count(),
            1,
            "{want:?} in {texts:?}"
        );
    }
    assert!(
        !texts.iter().any(|t| t == "2.0"),
        "no line at 2.0: {texts:?}"
    );
    // Only the two levels asked for, formatted among all the set's levels.
    let texts = svg_texts(&svg2);
    assert!(texts.iter().any(|t| t == "400") && texts.iter().any(|t| t == "0"));
    assert!(
        !texts.iter().any(|t| t == "\u{2212}200" || t == "200"),
        "{texts:?}"
    );
    let _ = std::fs::remove_file(svg);
    let _ = std::fs::remove_file(svg2);
}

/// `matshow` puts the x ticks and their labels on top, as matplotlib's
/// `xaxis.tick_top()` does: the x tick labels lie between the title and
/// the matrix; `imshow` keeps them below.
#[test]
fn matshow_ticks_on_top() {
    let (top, bottom) = (temp("matshow.svg"), temp("imshow.svg"));
    let code = format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\
         A = np.arange(12).reshape(3, 4)\nplt.matshow(A)\nplt.title('M')\nplt.savefig({top:?})\n\
         fig, ax = plt.subplots()\nax.imshow(A)\nax.set_xticks([0, 1, 2, 3])\nax.set_title('M')\nfig.savefig({bottom:?})\n"
    );
    let o = xpush(&code);
    assert!(o.status.success(), "{}", stderr(&o));
    let y_of = |texts: &[(f64, f64, String)], s: &str| {
        texts
            .iter()
            .filter(|t| t.2 == s)
            .map(|t| t.1)
            .collect::<Vec<f64>>()
    };
    let texts = svg_texts_at(&top);
    // "3" is only an x tick (columns 0..3); "0" is an x and a y tick.
    let (title, x3, zeros) = (y_of(&texts, "M"), y_of(&texts, "3"), y_of(&texts, "0"));
    assert!(
        title.len() == 1 && x3.len() == 1 && zeros.len() == 2,
        "{texts:?}"
    );
    let y_tick_0 = zeros.iter().copied().fold(f64::MIN, f64::max);
    assert!(title[0] < x3[0] && x3[0] < y_tick_0, "{texts:?}");
    let texts = svg_texts_at(&bottom);
    // Below: under the last y tick label ("2.5", the matrix's bottom edge).
    let (x3, bottom_y) = (y_of(&texts, "3"), y_of(&texts, "2.5"));
    assert!(x3.len() == 1 && bottom_y.len() == 1, "{texts:?}");
    assert!(x3[0] > bottom_y[0], "{texts:?}");
    let _ = std::fs::remove_file(top);
    let _ = std::fs::remove_file(bottom);
}

/// Backgrounds: ggplot's grey axes with white grid lines, `set_facecolor`
/// on one axes, dark_background's black figure, and `default` back to
/// white.
#[test]
fn styles_and_set_facecolor_draw_backgrounds() {
    let paths: Vec<_> = ["gg", "face", "dark", "default"]
        .iter()
        .map(|n| temp(&format!("bg-{n}.png")))
        .collect();
    let code = format!(
        "import matplotlib.pyplot as plt\nplt.style.use('ggplot')\n\
         fig, ax = plt.subplots()\nax.set_xlim(0, 1)\nfig.savefig({:?})\n\
         plt.style.use('default')\nfig, ax = plt.subplots()\nax.set_xlim(0, 1)\n\
         ax.set_facecolor('#204060')\nprint(ax.get_facecolor())\nfig.savefig({:?})\n\
         plt.style.use('dark_background')\nfig = plt.figure()\nplt.xlim(0, 1)\n\
         plt.gca().set_facecolor('tab:orange')\nplt.savefig({:?})\n\
         plt.style.use('default')\nfig, ax = plt.subplots()\nax.set_xlim(0, 1)\n\
         print(ax.get_facecolor())\nfig.savefig({:?})\n",
        paths[0], paths[1], paths[2], paths[3]
    );
    let o = xpush(&code);
    assert_eq!(
        stdout(&o),
        "(0.12549019607843137, 0.25098039215686274, 0.3764705882352941, 1.0)\n(1.0, 1.0, 1.0, 1.0)\n",
        "{}",
        stderr(&o)
    );
    let img: Vec<_> = paths
        .iter()
        .map(|p| image::open(p).expect("png written").to_rgb8())
        .collect();
    let (w, h) = img[0].dimensions();
    // The middle row inside the axes, and the figure's corner.
    let row = |i: usize| -> Vec<[u8; 3]> {
        (w * 3 / 10..w * 7 / 10)
            .map(|x| img[i].get_pixel(x, h / 2).0)
            .collect()
    };
    let corner = |i: usize| img[i].get_pixel(2, 2).0;
    let gg = row(0);
    assert!(
        gg.iter().filter(|p| **p == [229, 229, 229]).count() > gg.len() / 2,
        "ggplot axes"
    );
    assert!(gg.contains(&[255, 255, 255]), "ggplot's white grid lines");
    assert_eq!(corner(0), [255, 255, 255]);
    assert!(
        row(1).iter().all(|p| *p == [0x20, 0x40, 0x60]),
        "set_facecolor"
    );
    assert!(
        row(2).iter().filter(|p| **p == [0xff, 0x7f, 0x0e]).count() > 100,
        "orange axes"
    );
    assert_eq!(corner(2), [0, 0, 0], "dark_background's figure");
    assert!(row(3).iter().all(|p| *p == [255, 255, 255]), "default");
    for p in paths {
        let _ = std::fs::remove_file(p);
    }
}
