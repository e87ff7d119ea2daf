#!/usr/bin/env python3
"""Generates npu/tests/data/ops_*.tsv from NumPy: the expected results of
the ops layer (ufuncs, weak scalars, reductions, indexing).

Run from the repository root:  python3 npu/tests/gen_ops.py
Formats are those of gen_expected.py: tab-separated, values as hex bit
patterns (see `bits`), errors as `ERR <class> <message>`.
"""
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_expected import NAMES, bits, err, write  # noqa: E402

warnings.simplefilter("ignore")

VALS = {
    "b": [0, 1, 1, 0, 1, 0, 0, 1],
    "i": [0, 1, -1, 5, -7, 100, 127, -128, 3, 2],
    "u": [0, 1, 2, 5, 7, 100, 255, 200, 3, 2],
    "f": [0.0, -0.0, 1.5, -2.5, 3.0, np.nan, np.inf, -np.inf, 1e-3, 7.0, 0.5, -0.75],
    "c": [0, 1 + 1j, -2.5 + 0.5j, 3j, -1, 0.25 - 4j, 2 + 0j, 1e-3 + 7j],
}


def vals(name):
    dt = np.dtype(name)
    v = VALS[dt.kind]
    return np.array(v, dtype=np.float64 if dt.kind == "f" else None).astype(dt)


def other(name):
    v = vals(name)
    return np.roll(v, 3)[::-1].copy()


def sh(a):
    return " ".join(str(d) for d in a.shape)


def res(f):
    try:
        r = np.asarray(f())
        return [r.dtype.name, sh(r), bits(r)]
    except Exception as e:  # noqa: BLE001
        return [err(e), "", ""]


BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder",
          "fmod", "power", "float_power", "maximum", "minimum", "fmax", "fmin",
          "arctan2", "hypot", "copysign", "nextafter", "logaddexp",
          "logaddexp2", "heaviside", "gcd", "lcm", "bitwise_and", "bitwise_or",
          "bitwise_xor", "left_shift", "right_shift", "logical_and",
          "logical_or", "logical_xor", "equal", "not_equal", "less",
          "less_equal", "greater", "greater_equal"]

UNARY = ["negative", "positive", "absolute", "fabs", "sign", "sqrt", "cbrt",
         "square", "reciprocal", "exp", "exp2", "expm1", "log", "log2",
         "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
         "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "deg2rad",
         "rad2deg", "floor", "ceil", "trunc", "rint", "isnan", "isinf",
         "isfinite", "signbit", "logical_not", "invert", "bitwise_count",
         "conjugate",
         "spacing"]


def gen_binary():
    rows = []
    for op in BINARY:
        f = getattr(np, op)
        for n in NAMES:
            a, b = vals(n), other(n)
            if op in ("power",) and np.dtype(n).kind in "iu":
                b = np.abs(b) % 5
            if op in ("left_shift", "right_shift") and np.dtype(n).kind in "iu":
                b = np.abs(b) % 9
            rows.append([op, n, sh(a), bits(a), n, sh(b), bits(b)] + res(lambda: f(a, b)))
    # Mixed dtype pairs for add and less (promotion + loop choice).
    for op in ("add", "less", "divide", "arctan2"):
        f = getattr(np, op)
        for n in NAMES:
            for m in NAMES:
                a, b = vals(n)[:4], vals(m)[:4]
                rows.append([op, n, sh(a), bits(a), m, sh(b), bits(b)] + res(lambda: f(a, b)))
    # Broadcasting.
    for n in ("int32", "float64"):
        a = vals(n)[:2].reshape(2, 1)
        b = vals(n)[:3]
        rows.append(["add", n, sh(a), bits(a), n, sh(b), bits(b)] + res(lambda: a + b))
        c = vals(n)[:4]
        a0 = a[:, 0].copy()
        rows.append(["add", n, sh(a0), bits(a0), n, sh(c), bits(c)] + res(lambda: a0 + c))
    write("ops_binary.tsv", rows)


def gen_weak():
    rows = []
    scalars = ["1", "-1", "300", "-129", "70000", "2**63", "2**64", "1.5",
               "-0.5", "(2+1j)"]
    for op in ("add", "multiply", "floor_divide", "divide", "less", "equal", "power"):
        f = getattr(np, op)
        for n in NAMES:
            a = vals(n)[:4]
            for s in scalars:
                v = eval(s)
                rows.append([op, n, sh(a), bits(a), s, "0"] + res(lambda: f(a, v)))
                rows.append([op, n, sh(a), bits(a), s, "1"] + res(lambda: f(v, a)))
    write("ops_weak.tsv", rows)


def gen_unary():
    rows = []
    for op in UNARY:
        f = getattr(np, op)
        for n in NAMES:
            a = vals(n)
            rows.append([op, n, sh(a), bits(a)] + res(lambda: f(a)))
    write("ops_unary.tsv", rows)


def gen_inplace():
    rows = []
    for n in NAMES:
        for m in NAMES:
            a = vals(n)[:4].copy()
            b = vals(m)[:4]

            def go():
                np.add(a, b, out=a)
                return a
            rows.append(["add", n, sh(a), bits(a), m, sh(b), bits(b)] + res(go))
    write("ops_inplace.tsv", rows)


def gen_reduce():
    rows = []
    axes = [None, 0, 1, -1, (0, 1)]
    for op in ("sum", "prod", "min", "max", "argmin", "argmax", "all", "any",
               "mean", "var", "std", "cumsum", "cumprod"):
        f = getattr(np, op)
        for n in NAMES:
            a = np.resize(vals(n), 12).reshape(3, 4)
            for ax in axes:
                for kd in (False, True):
                    kw = {}
                    if op not in ("cumsum", "cumprod", "argmin", "argmax") or kd is False:
                        if op not in ("cumsum", "cumprod"):
                            kw["keepdims"] = kd
                    elif kd:
                        continue
                    axs = "None" if ax is None else str(ax)
                    rows.append([op, n, sh(a), bits(a), axs, str(int(kd)), "", ""] +
                                res(lambda: f(a, axis=ax, **kw)))
    # dtype= and ddof=
    a = np.arange(12, dtype=np.int8).reshape(3, 4) * 20
    rows.append(["sum", "int8", sh(a), bits(a), "None", "0", "int8", ""] + res(lambda: a.sum(dtype=np.int8)))
    rows.append(["sum", "int8", sh(a), bits(a), "0", "0", "float32", ""] + res(lambda: a.sum(axis=0, dtype=np.float32)))
    rows.append(["var", "int8", sh(a), bits(a), "1", "0", "", "1"] + res(lambda: a.var(axis=1, ddof=1)))
    rows.append(["std", "int8", sh(a), bits(a), "None", "0", "", "2"] + res(lambda: a.std(ddof=2)))
    # Pairwise sums of many values, contiguous and transposed/strided.
    rng = np.random.default_rng(7)
    for n, size in (("float32", 10000), ("float64", 10001), ("float16", 1000), ("float32", 127), ("complex64", 999)):
        a = rng.standard_normal(size).astype(n) * 3
        if np.dtype(n).kind == "c":
            a = a + 1j * rng.standard_normal(size).astype(np.float32)
            a = a.astype(n)
        rows.append(["sum", n, sh(a), bits(a), "None", "0", "", ""] + res(lambda: a.sum()))
        rows.append(["mean", n, sh(a), bits(a), "None", "0", "", ""] + res(lambda: a.mean()))
        if np.dtype(n).kind != "c":
            rows.append(["std", n, sh(a), bits(a), "None", "0", "", ""] + res(lambda: a.std()))
    m = rng.standard_normal(3000).astype(np.float32).reshape(60, 50)
    for ax in (None, 0, 1):
        axs = "None" if ax is None else str(ax)
        rows.append(["sum", "float32", sh(m), bits(m), axs, "0", "", ""] + res(lambda: m.sum(axis=ax)))
    write("ops_reduce.tsv", rows)


def gen_index():
    rows = []
    a = np.arange(24).reshape(2, 3, 4)
    cases = [
        "1", "-1", "1,2", "1,2,3", "::-1", "1:,::2", "...,1", "None,1",
        "1,None,...,None", ":,::-2,1:3", "[1,0]", "[1,0],[2,1]", "[0,1],:,[3,2]",
        ":,[0,2],[1,3]", "1,[0,2]", ":,1,[0,3]", "[[0],[1]],[0,2]",
        "a[0,0]>2", "a>20", ":,[True,False,True]", "5", "1,2,3,4", "0,[3]",
        ":,:,[-1,-5]", "[0,1],[0,1,2]", "...,...", "::0", "-3",
        "[1],...,[2]", "0,...,None,::-1", "[[0,1]],:,[[1],[2]]",
    ]
    for c in cases:
        code = f"a[{c}]"
        def go():
            return eval(code, {"a": a, "np": np})
        rows.append([c] + res(go))
    write("ops_index.tsv", rows)
    rows = []
    sets = [
        ("::2,1", "99"), ("1,::-1", "[7,8,9,10]"), ("[0,1],[2,0]", "[-1,-2]"),
        ("a>10", "0"), (":,[0,2],1", "5"), ("...,::3", "[[1],[2],[3]]"),
        ("0,0,0", "300"), ("1", "[1,2]"), ("0", "2.7"), ("[0,0],1", "[1,2]"),
    ]
    for c, v in sets:
        def go():
            b = np.arange(24).reshape(2, 3, 4).astype(np.int16)
            view = b[:, ::-1]
            exec(f"view[{c}] = {v}", {"view": view, "a": view, "np": np})
            return b
        rows.append([c, v] + res(go))
    write("ops_setindex.tsv", rows)


if __name__ == "__main__":
    gen_binary()
    gen_weak()
    gen_unary()
    gen_inplace()
    gen_reduce()
    gen_index()
