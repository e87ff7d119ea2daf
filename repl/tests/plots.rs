//! `matplotlib.pyplot` end to end through `xpush -c`: python3 in CI has no
//! matplotlib, so these cannot be numpy-oracled cases.

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
