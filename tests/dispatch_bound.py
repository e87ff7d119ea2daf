#!/usr/bin/env python3
"""How far xpush's cpu device is from the NumPy on this machine, in ULPs.

xpush computes NumPy's ``X86_V3`` (AVX2 + FMA3) results on every x86-64 CPU,
and the test oracle is pinned to them (``tests/gen_expected.py``).  A user
whose NumPy runs other loops sees other last bits: on an AVX-512 CPU NumPy
dispatches its ``X86_V4`` loops (Intel's SVML for most float transcendentals,
``AVX512_SPR`` native float16), and on a CPU without AVX2 its baseline
(``X86_V2``: libm).  This script measures the difference and checks it
against the bound README states (``BOUND_ULP``).

    python3 tests/dispatch_bound.py --xpush target/release/xpush
        compares with NumPy as it dispatches here; skips (exit 0, says why)
        unless NumPy runs a loop above X86_V3 for one of the functions
    python3 tests/dispatch_bound.py --xpush BIN --baseline
        compares with NumPy at its baseline and glibc without its FMA
        variants (what a CPU without AVX2 runs)
    python3 tests/dispatch_bound.py --xpush BIN --all
        compares every function, whatever NumPy dispatches (on an AVX2
        machine every difference should then be 0)

The functions are those NumPy's build has a loop above ``X86_V3`` for
(``numpy.lib.introspect.opt_func_info``), float16/32/64 (and complex
``absolute``).  Inputs are seeded: a sweep over each function's domain in
logarithmic steps plus uniform values.  NaN and infinity positions must
match.  Exit status: 0 within the bound (or skipped), 1 beyond it, 2 when it
cannot run.  Run by ``repl/tests/dispatch_bound.rs`` in ``cargo test``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from gen_expected import AT_OR_BELOW_PIN

# The bound README states, per result dtype: the sum of the two sides' own
# errors against the correctly rounded result.  NumPy's AVX-512 loops are
# within the ULPs its validation files assert (numpy/_core/tests/data/
# umath-validation-set-*.csv: float32 at most 4, float64 at most 2); xpush's
# are NumPy's AVX2 algorithms (same files) or glibc's (float32 within 1,
# float64 within 4 for cbrt and 2 for the rest on x86-64).  float16 is
# computed in float32 and rounded, on both sides.
BOUND_ULP = {"float16": 2, "float32": 8, "float64": 6}

UNARY = [
    "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt",
    "cos", "cosh", "exp", "exp2", "expm1", "log", "log10", "log1p", "log2",
    "sin", "sinh", "tan", "tanh",
]
BINARY = ["arctan2", "power"]
SIGNATURE = {"float16": "e", "float32": "f", "float64": "d"}
N = 20_000


def domain(name: str) -> tuple[float, float]:
    """The magnitude range of the inputs of `name`."""
    return {
        "arccos": (1e-8, 1.0), "arcsin": (1e-8, 1.0), "arctanh": (1e-8, 1.0),
        "arccosh": (1.0, 1e30), "log": (1e-30, 1e30), "log10": (1e-30, 1e30),
        "log2": (1e-30, 1e30), "log1p": (1e-8, 1e30), "exp": (1e-8, 80.0),
        "exp2": (1e-8, 120.0), "expm1": (1e-8, 80.0), "cosh": (1e-8, 80.0),
        "sinh": (1e-8, 80.0), "sin": (1e-8, 1e4), "cos": (1e-8, 1e4),
        "tan": (1e-8, 1e4), "power": (1e-3, 1e3), "arctan2": (1e-20, 1e20),
    }.get(name, (1e-8, 1e20))


def positive_only(name: str) -> bool:
    return name in ("arccosh", "log", "log10", "log2", "power")


def inputs(name: str, dtype: str, rng: np.random.Generator) -> np.ndarray:
    lo, hi = domain(name)
    if dtype == "float16":
        lo, hi = max(lo, 1e-4), min(hi, 6e4)
        if name in ("exp", "expm1", "cosh", "sinh"):
            hi = 11.0
        if name == "exp2":
            hi = 15.0
    if dtype == "float32" and name in ("exp", "expm1", "cosh", "sinh"):
        hi = min(hi, 88.0)
    sweep = np.geomspace(lo, hi, N // 2)
    uniform = rng.uniform(lo, hi, N - N // 2)
    x = np.concatenate([sweep, uniform])
    if not positive_only(name):
        x = x * np.where(rng.random(N) < 0.5, -1.0, 1.0)
    return x.astype(dtype)


def ordered(a: np.ndarray) -> np.ndarray:
    """Float bits as integers that order like the floats (for ULP distance)."""
    width = {2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]
    i = a.view(width).astype(np.int64)
    top = np.int64(1) << (8 * a.dtype.itemsize - 1)
    return np.where(i < 0, -(i + top), i)


def ulp_distance(x: np.ndarray, y: np.ndarray) -> tuple[int, int]:
    """(max ULPs between finite results, count of NaN/inf mismatches)."""
    bad = int(np.sum(np.isnan(x) != np.isnan(y)))
    inf = np.isinf(x) | np.isinf(y)
    bad += int(np.sum(inf & (x != y)))
    both = np.isfinite(x) & np.isfinite(y)
    if not both.any():
        return 0, bad
    return int(np.max(np.abs(ordered(x[both]) - ordered(y[both])))), bad


def dispatched_above_pin() -> dict[tuple[str, str], str]:
    """{(function, dtype): target} for the loops NumPy runs above X86_V3."""
    info = np.lib.introspect.opt_func_info()
    found = {}
    for name in UNARY + BINARY + ["absolute"]:
        for dtype, code in SIGNATURE.items():
            sig = {"absolute": {"float32": "Ff", "float64": "Dd"}.get(dtype)}.get(
                name, code * (3 if name in BINARY else 2)
            )
            cur = info.get(name, {}).get(sig, {}).get("current")
            if cur and cur.split("(")[0] not in AT_OR_BELOW_PIN | {"baseline"}:
                found[(name, dtype)] = cur
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--xpush", required=True, type=Path)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--baseline", action="store_true", help="compare with NumPy at its X86_V2 baseline")
    mode.add_argument("--all", action="store_true", help="compare every function, whatever NumPy dispatches")
    args = ap.parse_args()

    if args.baseline:
        from numpy._core._multiarray_umath import __cpu_dispatch__

        off = " ".join(__cpu_dispatch__)
        if os.environ.get("NPY_DISABLE_CPU_FEATURES") != off:
            # The dispatch is read at import: run again with every target
            # off, and glibc's libm (NumPy's and xpush's) without its FMA
            # variants, as on a CPU without AVX2.
            env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=off, GLIBC_TUNABLES="glibc.cpu.hwcaps=-AVX2,-FMA")
            return subprocess.run([sys.executable, *sys.argv], env=env).returncode
    above = dispatched_above_pin()
    if args.all or args.baseline:
        jobs = [(n, d) for n in UNARY + BINARY for d in SIGNATURE]
        jobs += [("absolute", "float32"), ("absolute", "float64")]
    else:
        if not above:
            print(
                f"skipped: NumPy {np.__version__} runs no loop above X86_V3 on this CPU "
                "(no AVX-512), so it computes what xpush computes"
            )
            return 0
        jobs = sorted(above)
    what = "NumPy at its baseline (X86_V2)" if args.baseline else f"NumPy {np.__version__} as dispatched here"
    print(f"xpush against {what}; bound {BOUND_ULP} ULP")

    rng = np.random.default_rng(20261201)
    with tempfile.TemporaryDirectory(prefix="xpush_bound_") as tmp:
        tmpdir = Path(tmp)
        lines = ["import numpy as np"]
        expected = {}
        for i, (name, dtype) in enumerate(jobs):
            if name == "absolute":
                re, im = (inputs("arcsinh", dtype, rng) for _ in range(2))
                x = (re + 1j * im).astype("complex64" if dtype == "float32" else "complex128")
                operands = [x]
            elif name in BINARY:
                operands = [inputs(name, dtype, rng), inputs(name, dtype, rng)]
                if name == "power":
                    operands[1] = (rng.uniform(-30, 30, N) if dtype != "float16" else rng.uniform(-4, 4, N)).astype(dtype)
            else:
                operands = [inputs(name, dtype, rng)]
            for k, op in enumerate(operands):
                np.save(tmpdir / f"in{i}_{k}.npy", op)
            with np.errstate(all="ignore"):
                expected[i] = getattr(np, name)(*operands)
            loads = ", ".join(f"np.load('in{i}_{k}.npy')" for k in range(len(operands)))
            lines.append(f"np.save('out{i}.npy', np.{name}({loads}))")
        (tmpdir / "run.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
        proc = subprocess.run([str(args.xpush.resolve()), "run.py"], cwd=tmpdir, capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"xpush failed:\n{proc.stderr}", file=sys.stderr)
            return 2
        worst = 0
        failed = []
        print(f"{'function':10} {'dtype':8} {'numpy loop':12} {'max ULP':>8} {'differ':>7}  nan/inf")
        for i, (name, dtype) in enumerate(jobs):
            got = np.load(tmpdir / f"out{i}.npy")
            want = expected[i]
            if got.dtype != want.dtype or got.shape != want.shape:
                failed.append(f"{name} {dtype}: xpush gave {got.dtype}{got.shape}, NumPy {want.dtype}{want.shape}")
                continue
            ulp, bad = ulp_distance(got, want)
            differ = int(np.sum(~((got == want) | (np.isnan(got) & np.isnan(want)))))
            loop = above.get((name, dtype), "X86_V3 or below" if not args.baseline else "X86_V2")
            print(f"{name:10} {dtype:8} {loop:12} {ulp:8d} {differ:7d}  {bad}")
            worst = max(worst, ulp)
            if ulp > BOUND_ULP[dtype] or bad:
                failed.append(f"{name} {dtype}: {ulp} ULP (bound {BOUND_ULP[dtype]}), {bad} NaN/inf mismatches")
    if failed:
        print("beyond the stated bound:\n" + "".join(f"  {f}\n" for f in failed), end="", file=sys.stderr)
        return 1
    print(f"ok: {len(jobs)} functions within the bound (worst {worst} ULP)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
