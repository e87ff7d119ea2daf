#!/usr/bin/env python3
"""Writes plot/src/cmap_data.rs: matplotlib's data for the colormaps that
xpush calls exactly (`plt.cm.viridis(0.5)`), from the installed matplotlib
(the version of tests/requirements.txt).

    python3 scripts/gen_colormaps.py > plot/src/cmap_data.rs

Listed colormaps are their colours; segmented ones their segment data
`(x, y0, y1)` per channel, from which xpush builds the 256-entry lookup
table as matplotlib's `_create_lookup_table` does.
"""
import matplotlib
import numpy as np

LISTED = ["viridis", "plasma", "inferno", "magma", "cividis"]
SEGMENTED = ["gray", "hot", "jet", "coolwarm", "RdBu", "Blues", "Greens", "Reds", "Greys"]

def f(v):
    return repr(float(v))

print("//! matplotlib's colormap data, written by `scripts/gen_colormaps.py`")
print(f"//! (matplotlib {matplotlib.__version__}); do not edit.")
print()
print("/// Listed colormaps: their colours, in order.")
print("#[rustfmt::skip]")
print("pub const LISTED: &[(&str, &[[f64; 3]])] = &[")
for name in LISTED:
    cm = matplotlib.colormaps[name]
    assert cm.N == 256 and isinstance(cm, matplotlib.colors.ListedColormap)
    rows = ", ".join("[" + ", ".join(f(v) for v in c[:3]) + "]" for c in np.asarray(cm.colors))
    print(f'    ("{name}", &[{rows}]),')
print("];")
print()
print("/// A segmented colormap's `(x, y0, y1)` rows of the red, green and blue channels.")
print("pub type Channels = [&'static [(f64, f64, f64)]; 3];")
print()
print("/// Segmented colormaps.")
print("#[rustfmt::skip]")
print("pub const SEGMENTED: &[(&str, Channels)] = &[")
for name in SEGMENTED:
    cm = matplotlib.colormaps[name]
    assert cm.N == 256 and isinstance(cm, matplotlib.colors.LinearSegmentedColormap)
    chans = []
    for ch in ("red", "green", "blue"):
        data = np.asarray(cm._segmentdata[ch], dtype=float)
        chans.append("&[" + ", ".join("(" + ", ".join(f(v) for v in row) + ")" for row in data) + "]")
    print(f'    ("{name}", [{", ".join(chans)}]),')
print("];")
