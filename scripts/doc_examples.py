#!/usr/bin/env python3
"""Runs the examples in NumPy's own docstrings under python3 and under
xpush and reports which print the same: a measure of how much of NumPy's
documented behaviour pastes and runs unchanged.

    python3 scripts/doc_examples.py [--xpush target/release/xpush] [--out DIR]

Each public function, class and method docstring of numpy, numpy.linalg,
numpy.fft, numpy.ma, numpy.char and numpy.strings with `>>>` examples
becomes one script (examples that plot are skipped); an expression's
value is printed with repr, as doctest shows it. Both interpreters run
each script; DIR/summary.txt lists OK or DIFF per script, and DIR keeps
both outputs of every script. Some differences are not xpush's: examples
that draw unseeded random numbers, print memory addresses or show
uninitialised memory (np.empty), and the file paths in tracebacks.
This is a tool for finding what to do next, not a test: NumPy's outputs
are not committed and nothing fails.
"""

import argparse
import doctest
import os
import subprocess
import sys

import numpy as np

MODULES = [
    (np, "np"),
    (np.linalg, "np.linalg"),
    (np.fft, "np.fft"),
    (np.ma, "np.ma"),
    (np.char, "np.char"),
    (np.strings, "np.strings"),
]


def scripts():
    """(file name, source) of one script per documented name."""
    parser = doctest.DocTestParser()
    seen = set()
    for mod, mname in MODULES:
        for name in sorted(dir(mod)):
            if name.startswith("_"):
                continue
            obj = getattr(mod, name)
            doc = getattr(obj, "__doc__", None)
            if not isinstance(doc, str) or id(obj) in seen:
                continue
            seen.add(id(obj))
            try:
                examples = parser.get_examples(doc)
            except ValueError:
                continue
            src = "".join(e.source for e in examples)
            if not examples or "plt" in src or "matplotlib" in src:
                continue
            lines = ["import numpy as np", "import numpy.ma as ma"]
            for e in examples:
                s = e.source.rstrip("\n")
                try:
                    compile(s, "<example>", "eval")
                    is_expr = "\n" not in s
                except SyntaxError:
                    is_expr = False
                if is_expr:
                    # The value as doctest shows it (None shows nothing).
                    lines.append(f"_r = ({s}\n)\nif _r is not None: print(repr(_r))")
                else:
                    lines.append(s)
            yield f"{mname.replace('.', '_')}__{name}.py", "\n".join(lines) + "\n"


def run(cmd, path, cwd):
    try:
        p = subprocess.run(cmd + [path], cwd=cwd, capture_output=True, text=True, timeout=30)
        return p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return "TIMEOUT\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--xpush", default="target/release/xpush")
    ap.add_argument("--out", default="/tmp/xpush_doc_examples")
    args = ap.parse_args()
    xpush = os.path.abspath(args.xpush)
    os.makedirs(args.out, exist_ok=True)
    summary = []
    for fname, src in scripts():
        path = os.path.join(args.out, fname)
        with open(path, "w") as f:
            f.write(src)
        want = run([sys.executable], fname, args.out)
        got = run([xpush], fname, args.out)
        base = path[:-3]
        with open(base + ".python.txt", "w") as f:
            f.write(want)
        with open(base + ".xpush.txt", "w") as f:
            f.write(got)
        summary.append(("OK" if want == got else "DIFF", fname[:-3]))
        print(summary[-1][0], summary[-1][1], flush=True)
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.writelines(f"{s} {n}\n" for s, n in summary)
    ok = sum(1 for s, _ in summary if s == "OK")
    print(f"{ok} of {len(summary)} docstring example scripts print what NumPy prints (NumPy {np.__version__})")


if __name__ == "__main__":
    main()
