#!/usr/bin/env python3
"""Differential fuzzer: seeded small NumPy programs, run under python3 + NumPy
and under xpush, must agree.

Each program builds a few arrays and scalars (every dtype; 0-d, empty,
length-1 broadcast axes, reversed and transposed views; edge values such as
±0.0, NaN, ±inf, the dtype's min and max, huge Python ints) and evaluates one
expression (an operator, a ufunc with its keywords, a reduction with
axis/keepdims/dtype/initial/where, indexing or an assignment, a cast,
where/select/clip/round, a manipulation, sort/unique, a small matmul).  What
it prints is the result's kind (ndarray, NumPy scalar, Python value, tuple),
dtype, shape and repr, or the class of the exception it raised, named by its
nearest builtin class (NumPy's ``AxisError`` and xpush's are both a
``ValueError`` and an ``IndexError``).  python3 runs NumPy pinned to the
dispatch target of ``tests/gen_expected.py``, so the oracle's last bits are
the same on every x86-64 CPU.

A program where xpush prints anything else is a disagreement.  It is shrunk to
a minimal program (the generator draws from a recorded choice sequence, and
shrinking replays smaller sequences: Hypothesis's idea) and reported with
both outputs.  Disagreements that are accidents of NumPy's implementation,
not of xpush's, are in ``ACCIDENTS`` with the reason; a feature of the
generator whose disagreements are known and not fixed yet is in ``PENDING``
(left out of a run unless ``--pending``), with what is wrong.

It also feeds corrupted files (truncated, flipped or inserted bytes,
inflated or garbled .npy headers, random text) to ``np.load``,
``np.loadtxt``, ``np.genfromtxt`` and ``np.frombuffer``, and random token
lines and meta-commands to the shell: each must end in a result or an
exception, never a panic, a hang or an allocation beyond a 16 GiB address space.

    python3 tests/fuzz.py --xpush target/debug/xpush [--acl-lib LIB]
                          [--seed S] [--count N] [--pending] [--report]

exits 0 when every program agrees (or is an accident), 1 otherwise.  The
test suite runs a fixed seed (repl/tests/fuzz.rs); ``scripts/fuzz.sh SEED
COUNT`` runs longer campaigns and prints the counts per disagreement class.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
import gen_expected  # noqa: E402  (the pinned oracle)

# Generator features whose disagreements are known and not fixed yet: left
# out of a run unless --pending.  Each names what xpush gets wrong.
PENDING: dict[str, str] = {}

# Whether a run (and its shrinking) includes the PENDING features.
INCLUDE_PENDING = False

# ---------------------------------------------------------------------------
# The choice source: every random decision goes through `below`, so a
# program is a function of its choice sequence, and 0 is always the simplest
# choice (shrinking lowers choices towards it).


class Source:
    def __init__(self, rng: random.Random | None = None, replay: list[int] | None = None):
        self.rng = rng
        self.replay = replay
        self.pos = 0
        self.record: list[int] = []
        # What the program uses, for PENDING (`kind` tags are added after).
        self.tags: set[str] = set()
        # Facts the ACCIDENTS predicates read (the values of the arrays).
        self.meta: dict = {"values": []}

    def tag(self, name: str) -> None:
        self.tags.add(name)

    def below(self, n: int) -> int:
        if n <= 1:
            return 0
        if self.replay is not None:
            v = self.replay[self.pos] if self.pos < len(self.replay) else 0
            v = min(v, n - 1)
        else:
            v = self.rng.randrange(n)
        self.pos += 1
        self.record.append(v)
        return v

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def chance(self, k: int) -> bool:
        """True about once in k draws (the simplest choice, 0, is False)."""
        return self.below(k) == k - 1


# ---------------------------------------------------------------------------
# Dtypes and values.

BOOL = ["bool"]
SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
# float64 and int64 first: the simplest arrays are the default dtypes.
DTYPES = ["float64", "int64", "bool", "int8", "int16", "int32", "uint8", "uint16",
          "uint32", "uint64", "float16", "float32", "complex64", "complex128"]

IRANGE = {
    "int8": (-2**7, 2**7 - 1), "int16": (-2**15, 2**15 - 1),
    "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1),
    "uint8": (0, 2**8 - 1), "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}
INT_POOL = [1, 0, 2, -1, 3, -3, 7, -8, 100, 127, -128, 255, 1000, -32768, 65535,
            2**31 - 1, -2**31, 2**32 - 1, 2**63 - 1, -2**63, 2**64 - 1]
FLOAT_POOL = ["1.5", "0.0", "-0.0", "2.0", "-1.0", "0.5", "-2.5", "3.0", "1e10", "-1e-05",
              "np.nan", "np.inf", "-np.inf", "65504.0", "1e+300", "0.1"]
FINITE_FLOATS = [f for f in FLOAT_POOL if "n" not in f and "300" not in f]


def kind_of(dt: str) -> str:
    if dt == "bool":
        return "b"
    if dt in SIGNED:
        return "i"
    if dt in UNSIGNED:
        return "u"
    if dt in FLOATS:
        return "f"
    return "c"


_NP_CONSTANTS = {"np": type("np", (), {"nan": float("nan"), "inf": float("inf")}), "complex": complex}


def value(src: Source, dt: str, finite: bool = False) -> str:
    """The source text of one element value that dtype `dt` holds."""
    text = element(src, dt, finite)
    src.meta["values"].append(eval(text, dict(_NP_CONSTANTS)))
    return text


def element(src: Source, dt: str, finite: bool) -> str:
    k = kind_of(dt)
    if k == "b":
        return src.pick(["True", "False"])
    if k in "iu":
        lo, hi = IRANGE[dt]
        return str(src.pick([v for v in INT_POOL if lo <= v <= hi]))
    pool = FINITE_FLOATS if finite else FLOAT_POOL
    if k == "f":
        v = src.pick(pool)
        if "n" in v:
            src.tag("nonfinite")
        return v
    re_, im = src.pick(pool), src.pick(pool)
    if "n" in re_ + im:
        src.tag("complex-nonfinite")
    if any(big in re_ + im for big in ("1e10", "1e+300", "65504")):
        src.tag("complex-huge")
    return f"complex({re_}, {im})"


# ---------------------------------------------------------------------------
# Arrays: a shape, a dtype, values, then maybe a view of it.

SHAPES = [(3,), (2, 3), (), (1,), (0,), (2, 2), (1, 3), (3, 1), (4,), (2, 0), (2, 1, 2)]


def nested(src: Source, shape: tuple, dt: str, finite: bool) -> str:
    if not shape:
        return value(src, dt, finite)
    return "[" + ", ".join(nested(src, shape[1:], dt, finite) for _ in range(shape[0])) + "]"


@dataclass
class Arr:
    text: str  # source text evaluating to the array
    dtype: str
    shape: tuple


def array(src: Source, dt: str | None = None, shape: tuple | None = None,
          finite: bool = False, view: bool = True) -> Arr:
    dt = dt or src.pick(DTYPES)
    shape = src.pick(SHAPES) if shape is None else shape
    src.tag(dt)
    if not shape:
        src.tag("0-d")
    elif 0 in shape:
        src.tag("empty")
    if 0 in shape:
        text = f"np.zeros({shape!r}, dtype=np.{dt})"
    else:
        text = f"np.array({nested(src, shape, dt, finite)}, dtype=np.{dt})"
    a = Arr(text, dt, shape)
    if view and shape and src.chance(4):
        a = take_view(src, a)
    return a


def take_view(src: Source, a: Arr) -> Arr:
    nd = len(a.shape)
    options = ["[::-1]", "[::2]"]
    if nd >= 2:
        options += [".T", "[:, ::-1]", "[::-1, 1:]"]
    v = src.pick(options)
    src.tag("view")
    shape = list(a.shape)
    if v == "[::-1]":
        pass
    elif v == "[::2]":
        shape[0] = (shape[0] + 1) // 2
    elif v == ".T":
        shape.reverse()
    elif v == "[:, ::-1]":
        pass
    elif v == "[::-1, 1:]":
        shape[1] = max(shape[1] - 1, 0)
    return Arr(f"{a.text}{v}", a.dtype, tuple(shape))


def broadcast_partner(src: Source, a: Arr) -> tuple:
    """A shape that broadcasts against `a`'s (or, now and then, one that does not)."""
    nd = len(a.shape)
    options = [a.shape, (), a.shape[-1:] if nd else ()]
    if nd:
        options.append(tuple(1 if i == 0 else n for i, n in enumerate(a.shape)))
        options.append((1,) + a.shape)
    options.append((5,))  # mostly incompatible
    return src.pick(options)


PY_SCALARS = ["2", "-1", "0", "3.5", "-0.0", "True", "False", "1j", "2**70", "-2**63",
              "np.nan", "np.inf", "255", "300", "0.5", "complex(1, -2)"]


def python_scalar(src: Source) -> str:
    v = src.pick(PY_SCALARS)
    if "**" in v:
        src.tag("pyint-big")
    return v


def numpy_scalar(src: Source) -> str:
    dt = src.pick(DTYPES)
    return f"np.{dt}({value(src, dt)})"


def operand(src: Source, like: Arr | None = None) -> str:
    """An array (broadcasting against `like`), a Python scalar or a NumPy scalar."""
    k = src.below(5)
    if k <= 1:
        shape = broadcast_partner(src, like) if like is not None else None
        return array(src, shape=shape).text
    if k <= 3:
        return python_scalar(src)
    return numpy_scalar(src)


# ---------------------------------------------------------------------------
# Expressions.  Each production returns (kind, setup lines, expression).

BINOPS = ["+", "-", "*", "/", "//", "%", "**", "==", "<", "!=", ">=", "<=", ">", "&", "|", "^", "<<", ">>"]
UFUNC1 = ["negative", "absolute", "sqrt", "exp", "log", "sin", "cos", "tan", "arcsin", "arctan",
          "tanh", "floor", "ceil", "trunc", "rint", "sign", "square", "reciprocal", "isnan",
          "isinf", "isfinite", "signbit", "logical_not", "invert", "exp2", "log2", "log10",
          "log1p", "expm1", "cbrt", "positive", "conjugate", "fabs", "deg2rad", "spacing"]
UFUNC2 = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder",
          "power", "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "copysign",
          "logical_and", "logical_or", "logical_xor", "equal", "less", "greater_equal",
          "bitwise_and", "bitwise_or", "left_shift", "right_shift", "fmod", "heaviside",
          "nextafter", "ldexp", "gcd", "lcm", "float_power", "logaddexp"]
REDUCTIONS = ["sum", "prod", "min", "max", "mean", "std", "var", "argmin", "argmax", "any",
              "all", "cumsum", "cumprod", "ptp", "nansum", "nanmax", "nanmean", "median",
              "count_nonzero"]
REDUCE_DTYPE = {"sum", "prod", "mean", "std", "var", "cumsum", "cumprod", "nansum", "nanmean"}
REDUCE_INITIAL = {"sum", "prod", "min", "max", "nansum", "nanmax"}
REDUCE_WHERE = {"sum", "prod", "min", "max", "mean", "std", "var", "any", "all", "nansum", "nanmean"}


def axis_arg(src: Source, nd: int) -> str | None:
    return src.pick([None, "0", "-1", "1", "(0, 1)", "2", "None"]) if nd or src.chance(2) else None


def prod_binop(src: Source):
    a = array(src)
    op = src.pick(BINOPS)
    src.tag(f"op{op}")
    b = operand(src, a)
    if op == "**" and ("complex" in a.text + b or "j" in b):
        src.tag("complex-power")
    if src.chance(3):
        return "binop", [], f"{b} {op} {a.text}"
    return "binop", [], f"{a.text} {op} {b}"


def prod_scalar_binop(src: Source):
    op = src.pick(BINOPS)
    x, y = numpy_scalar(src), src.pick([numpy_scalar(src), python_scalar(src)])
    if op == "**" and ("complex" in x + y or "j" in y):
        src.tag("complex-power")
    return "scalar-binop", [], f"{x} {op} {y}"


def prod_unary(src: Source):
    a = array(src)
    op = src.pick(["-{}", "+{}", "~{}", "abs({})"])
    return "unary", [], op.format(a.text)


def ufunc_keywords(src: Source, a: Arr) -> list[str]:
    kws = []
    if src.chance(4):
        dt = src.pick(DTYPES)
        src.tag("ufunc-dtype")
        src.tag(dt)
        kws.append(f"dtype=np.{dt}")
    if src.chance(6):
        src.tag("ufunc-where-out")
        kws.append(f"where={array(src, dt='bool', shape=a.shape, view=False).text}")
        out = src.pick(DTYPES)
        # The loop's result (a float for most ufuncs) is cast into out.
        src.meta["store"] = ("float64", out)
        kws.append(f"out=np.zeros({a.shape!r}, dtype=np.{out})")
    return kws


def prod_ufunc1(src: Source):
    a = array(src)
    f = src.pick(UFUNC1)
    src.tag(f)
    args = [a.text] + ufunc_keywords(src, a)
    return "ufunc", [], f"np.{f}({', '.join(args)})"


def prod_ufunc2(src: Source):
    a = array(src)
    f = src.pick(UFUNC2)
    src.tag(f)
    b = operand(src, a)
    if f == "ldexp" and "pyint-big" in src.tags:
        src.tag("ldexp-pyint-big")
    args = [a.text, b] + ufunc_keywords(src, a)
    return "ufunc", [], f"np.{f}({', '.join(args)})"


def prod_reduction(src: Source):
    a = array(src)
    f = src.pick(REDUCTIONS)
    src.tag(f)
    if "[:, ::-1]" in a.text or "[::-1, 1:]" in a.text:
        src.tag("reduce-memory-order")
    if f == "median" and kind_of(a.dtype) == "c":
        src.tag("median-complex")
    args = []
    ax = axis_arg(src, len(a.shape))
    if ax is not None:
        args.append(f"axis={ax}")
    if f not in ("argmin", "argmax", "cumsum", "cumprod", "median", "count_nonzero") and src.chance(3):
        args.append("keepdims=True")
    if f in REDUCE_DTYPE and src.chance(4):
        dt = src.pick(DTYPES)
        src.tag("reduce-dtype")
        if dt == "bool":
            src.tag("reduce-dtype-bool")
        src.meta["store"] = (a.dtype, dt)  # the sum casts the elements to dt
        args.append(f"dtype=np.{dt}")
    if f in REDUCE_INITIAL and src.chance(4):
        src.tag("reduce-initial")
        args.append(f"initial={value(src, a.dtype)}")
    if f in REDUCE_WHERE and src.chance(5):
        src.tag("reduce-where")
        args.append(f"where={array(src, dt='bool', shape=a.shape, view=False).text}")
    if f.startswith("nan") and len(args) > (1 if ax is not None else 0) + ("keepdims=True" in args):
        src.tag("nan-keywords")
    if src.chance(2) and f not in ("nansum", "nanmax", "nanmean", "median", "count_nonzero"):
        return "reduction", [f"a = {a.text}"], f"a.{f}({', '.join(args)})"
    return "reduction", [f"a = {a.text}"], f"np.{f}(a{''.join(', ' + x for x in args)})"


def index_expr(src: Source, a: Arr) -> str:
    nd = len(a.shape)
    n = a.shape[0] if nd else 0
    options = ["0", "-1", "1:", "::-1", "None", "...", "[0, -1]", "[True]", "a > 0", "3",
               "-4", "(0, 0)", "(slice(None), 0)", "(..., None)", "[[0], [1]]", "np.array(0)",
               "10**20", "slice(10**20, None)", "1.0", "[]", "()", f"{n}", f"-{n + 1}"]
    return src.pick(options)


def prod_index(src: Source):
    a = array(src)
    return "index", [f"a = {a.text}"], f"a[{index_expr(src, a)}]"


def prod_setitem(src: Source):
    a = array(src, view=False)
    idx = index_expr(src, a)
    if idx == "()":
        src.tag("setitem-empty-tuple")
    k = src.below(3)
    if idx.startswith("[") and k == 2:
        src.tag("setitem-fancy-array")
    if 0 in a.shape and idx.startswith("["):
        src.tag("setitem-fancy-empty")
    if k == 0:
        v = python_scalar(src)
    elif k == 1:
        v = numpy_scalar(src)
    else:
        shape = src.pick([(), (1,), (1, 1), a.shape[-1:] if a.shape else ()])
        if len(shape) > 1:
            src.tag("setitem-leading-ones")
        v = array(src, shape=shape)
        src.meta["store"] = (v.dtype, a.dtype)
        v = v.text
    return "setitem", [f"a = {a.text}", f"a[{idx}] = {v}"], "a"


def prod_cast(src: Source):
    dt = src.pick(DTYPES)
    if src.chance(2):
        return "cast", [], f"np.asarray({python_scalar(src)}, dtype=np.{dt})"
    a = array(src)
    src.meta["astype"] = (a.dtype, dt)
    return "cast", [], f"{a.text}.astype(np.{dt})"


def prod_choose(src: Source):
    a = array(src)
    k = src.below(4)
    if k == 0:
        return "where", [f"a = {a.text}"], f"np.where(a > 0, a, {operand(src, a)})"
    if k == 1:
        return "select", [f"a = {a.text}"], f"np.select([a > 1, a < 0], [a, {operand(src, a)}], default={python_scalar(src)})"
    if k == 2:
        return "clip", [f"a = {a.text}"], f"np.clip(a, {python_scalar(src)}, {src.pick(['None', python_scalar(src), numpy_scalar(src)])})"
    decimals = src.pick(["", ", 1", ", -1", ", 2"])
    src.meta["round"] = (a.dtype, int(decimals[2:] or 0))
    return "round", [f"a = {a.text}"], f"np.round(a{decimals})"


def prod_manip(src: Source):
    a = array(src)
    opts = ["a.reshape(-1)", "a.ravel()", "np.flip(a)", "a.T", "np.transpose(a)", "np.squeeze(a)",
            "np.expand_dims(a, 0)", "a.flatten()", "np.concatenate([a, a])", "np.stack([a, a])",
            "a.reshape(1, -1)", "np.ravel(a, 'F')", "np.flip(a, 0)", "a.copy()", "np.atleast_2d(a)",
            "np.moveaxis(a, 0, -1)", "np.tile(a, 2)", "np.repeat(a, 2)", "np.diff(a)",
            "np.swapaxes(a, 0, -1)", "a.ravel('C')", "np.roll(a, 1)"]
    return named(src, "manip", a, opts)


def prod_sort(src: Source):
    a = array(src)
    opts = ["np.sort(a)", "np.argsort(a, kind='stable')", "np.unique(a)", "np.sort(a, axis=None)",
            "np.unique(a, return_counts=True)", "np.searchsorted(np.sort(a, axis=None), 1)",
            "np.sort(a, axis=0)", "np.unique(a, return_inverse=True)", "np.argmax(a)"]
    return named(src, "sort", a, opts)


def named(src: Source, kind: str, a: Arr, opts: list[str]):
    """One of `opts` on the array `a`, tagged by its function's name."""
    e = src.pick(opts)
    src.tag(e.split("(")[0])
    return kind, [f"a = {a.text}"], e


def prod_matmul(src: Source):
    dt = src.pick(DTYPES)
    m, k, n = src.pick([1, 2, 3]), src.pick([2, 1, 3, 0]), src.pick([2, 1, 3])
    ashape = src.pick([(m, k), (k,)])
    bshape = src.pick([(k, n), (k,), (k + 1, n)])
    a = array(src, dt=dt, shape=ashape, finite=not src.chance(3), view=False)
    b = array(src, dt=src.pick([dt, src.pick(DTYPES)]), shape=bshape, finite=not src.chance(3), view=False)
    f = src.pick(["{} @ {}", "np.dot({}, {})", "np.matmul({}, {})"])
    src.meta["matmul"] = (a.text, b.text, k)
    return "matmul", [], f.format(a.text, b.text)


PRODUCTIONS = [prod_binop, prod_ufunc2, prod_ufunc1, prod_reduction, prod_index, prod_setitem,
               prod_cast, prod_choose, prod_manip, prod_sort, prod_matmul, prod_unary,
               prod_scalar_binop]


@dataclass
class Program:
    index: int
    choices: list[int]
    kind: str
    setup: list[str]
    expr: str
    tags: set[str] = field(default_factory=set)
    meta: dict = field(default_factory=dict)

    def pending(self) -> str | None:
        """The PENDING entry this program falls under, if any."""
        return next((t for t in PENDING if t in self.tags), None)

    def source(self) -> str:
        return "\n".join(self.setup + [f"r = {self.expr}"])


def generate(choices: list[int] | None, rng: random.Random | None, index: int) -> Program:
    src = Source(rng=rng, replay=choices)
    prod = src.pick(PRODUCTIONS)
    kind, setup, expr = prod(src)
    # A tag also by kind ("complex-nonfinite:matmul"), so PENDING can name
    # the pair that is wrong without leaving out the rest of either.
    # A NaN or an infinity meeting a complex operand anywhere.
    if "nonfinite" in src.tags and ({"complex64", "complex128"} & src.tags or "j" in expr):
        src.tag("complex-nonfinite")
    tags = src.tags | {f"{t}:{kind}" for t in src.tags} | {kind}
    return Program(index, src.record, kind, setup, expr, tags, src.meta)


# ---------------------------------------------------------------------------
# Running a batch of programs in one process.

PREAMBLE = '''import numpy as np


def _show(r):
    if isinstance(r, np.ndarray):
        print("ndarray", r.dtype, r.shape)
        print(repr(r))
    elif isinstance(r, np.generic):
        print("scalar", r.dtype)
        print(repr(r))
    elif isinstance(r, tuple):
        print("tuple", len(r))
        for x in r:
            _show(x)
    else:
        print(type(r).__name__)
        print(repr(r))


_ORDER = (OverflowError, ZeroDivisionError, FloatingPointError, IndexError, KeyError,
          TypeError, ValueError, AttributeError, NameError, NotImplementedError,
          ArithmeticError, LookupError,
          RecursionError, RuntimeError, MemoryError, Exception)


def _cls(e):
    for c in _ORDER:
        if isinstance(e, c):
            return c.__name__
    return "BaseException"

'''

MARK = "@@fuzz "


def batch_script(programs: list[Program]) -> str:
    parts = [PREAMBLE]
    for p in programs:
        body = "\n".join("    " + line for line in p.source().splitlines())
        parts.append(f'print("{MARK}{p.index}")\ntry:\n{body}\n    _show(r)\n'
                     f'except Exception as e:\n    print("raise", _cls(e))\n')
    return "\n".join(parts)


@dataclass
class Runner:
    name: str
    argv: list[str]
    env: dict[str, str]
    timeout: int = 900

    def run(self, programs: list[Program]) -> dict[int, str]:
        """Each program's output; a program during which the process died or
        hung gets `crash: ...`, and the rest run again after it."""
        out: dict[int, str] = {}
        todo = list(programs)
        with tempfile.TemporaryDirectory(prefix="xpush_fuzz_") as tmp:
            path = Path(tmp) / "batch.py"
            while todo:
                path.write_text(batch_script(todo), encoding="utf-8")
                env = dict(os.environ)
                env.update(self.env)
                env.update(PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8", NO_COLOR="1")
                try:
                    proc = subprocess.run(self.argv + [str(path)], env=env, cwd=tmp,
                                          stdin=subprocess.DEVNULL, capture_output=True,
                                          timeout=self.timeout)
                    stdout, rc, why = proc.stdout, proc.returncode, None
                    stderr = proc.stderr.decode("utf-8", "replace")
                except subprocess.TimeoutExpired as e:
                    stdout, rc, why = e.stdout or b"", None, "hang"
                    stderr = ""
                blocks = split_blocks(stdout.decode("utf-8", "replace"))
                done = [p for p in todo if p.index in blocks]
                for p in done:
                    out[p.index] = blocks[p.index]
                if rc == 0 and len(done) == len(todo):
                    break
                # The last program started is the one the process died in.
                last = done[-1] if done else None
                if last is None:
                    raise SystemExit(f"{self.name} did not start ({rc}):\n{stderr}")
                tail = stderr.strip().splitlines()[-1:] or [why or f"exit {rc}"]
                out[last.index] = out[last.index] + f"crash: {why or 'exit ' + str(rc)}: {tail[0]}\n"
                todo = todo[todo.index(last) + 1:]
        return out


def split_blocks(text: str) -> dict[int, str]:
    blocks: dict[int, list[str]] = {}
    cur = None
    for line in text.splitlines(keepends=True):
        if line.startswith(MARK):
            cur = int(line[len(MARK):])
            blocks[cur] = []
        elif cur is not None:
            blocks[cur].append(line)
    return {k: "".join(v) for k, v in blocks.items()}


# ---------------------------------------------------------------------------
# Comparing, classifying, shrinking.


def outcome_class(expected: str, got: str) -> str:
    """What kind of disagreement: both raise but differently, one raises,
    the process died, the result's kind/dtype/shape, or its values."""
    if "crash:" in got:
        return "crash" if "hang" not in got else "hang"
    e_raise, g_raise = expected.startswith("raise"), got.startswith("raise")
    if e_raise and g_raise:
        return "exception class"
    if e_raise:
        return "numpy raises, xpush does not"
    if g_raise:
        return "xpush raises, numpy does not"
    e_head, g_head = expected.split("\n", 1)[0].split(), got.split("\n", 1)[0].split()
    if e_head[:1] != g_head[:1]:
        return "result type (scalar, array, tuple)"
    if e_head[1:2] != g_head[1:2]:
        return "dtype"
    if e_head != g_head:
        return "shape"
    return "values"


# NumPy implementation accidents: (name, predicate over the program and the
# two outputs, reason).  A disagreement one of these matches is reported as
# explained, not as a failure.
def _float_to_int_out_of_range(p: Program, expected: str, got: str) -> bool:
    rnd = p.meta.get("round")
    if rnd and kind_of(rnd[0]) in "iu" and rnd[1] < 0:
        lo, hi = IRANGE[rnd[0]]
        return any(not (lo <= round(int(v), rnd[1]) <= hi) for v in p.meta["values"])
    cast = p.meta.get("astype") or p.meta.get("store")
    if not cast or kind_of(cast[0]) not in "fc" or kind_of(cast[1]) not in "iu":
        return False
    lo, hi = IRANGE[cast[1]]
    reals = [v.real if isinstance(v, complex) else v for v in p.meta["values"]]
    return any(not (lo - 1 < float(v) < hi + 1) for v in reals)


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|inf|nan)")


def _close(expected: str, got: str, rtol: float) -> bool:
    """The numbers of two outputs agree within `rtol` of the largest one
    (a sum that cancels keeps the rounding error of its largest terms)."""
    xs = [float(x) for x in _NUMBER.findall(expected)]
    ys = [float(y) for y in _NUMBER.findall(got)]
    if len(xs) != len(ys):
        return False
    finite = [abs(v) for v in xs + ys if v == v and abs(v) != float("inf")]
    tol = rtol * max(finite, default=0.0)
    return all(x == y or (x != x and y != y) or abs(x - y) <= tol for x, y in zip(xs, ys))


def _blas_float32(p: Program, expected: str, got: str) -> bool:
    if p.kind != "matmul" or not any(d in p.source() for d in ("float32", "float16")):
        return False
    return expected.split("\n", 1)[0] == got.split("\n", 1)[0] and _close(expected, got, 1e-6)


def _blas_float64_order(p: Program, expected: str, got: str) -> bool:
    """A real float64 matmul whose values differ by no more than a sum of
    its products can in some order: |z - z'| <= 2 k u (|a| @ |b|), the
    forward error bound of a k-term dot product (u = 2**-53)."""
    if p.kind != "matmul" or "matmul" not in p.meta or "complex" in p.source():
        return False
    head = expected.split("\n", 1)[0]
    if head != got.split("\n", 1)[0] or "float64" not in head:
        return False
    import numpy as np  # the bound only; the oracle runs in its own process
    a_text, b_text, k = p.meta["matmul"]
    names = {"np": np, "complex": complex}
    try:
        with np.errstate(all="ignore"):
            a = np.abs(np.asarray(eval(a_text, names), dtype=np.float64))
            b = np.abs(np.asarray(eval(b_text, names), dtype=np.float64))
            bound = (2.0 * max(k, 1) * 2.0**-53 * np.matmul(a, b)).ravel().tolist()
    except Exception:
        return False
    # The numbers of the repr, without those of its type names.
    words = re.compile(r"np\.[a-z]+\d*\(|dtype=[a-z]+\d*")
    xs = [float(x) for x in _NUMBER.findall(words.sub("", expected.split("\n", 1)[1]))]
    ys = [float(y) for y in _NUMBER.findall(words.sub("", got.split("\n", 1)[1]))]
    if not (len(xs) == len(ys) == len(bound)):
        return False
    return all(x == y or (x != x and y != y) or abs(x - y) <= t for x, y, t in zip(xs, ys, bound))


def _complex_abs_loop(p: Program, expected: str, got: str) -> bool:
    if not re.search(r"\babs(olute)?\(", p.expr) or "complex" not in p.source():
        return False
    xs = [float(x) for x in _NUMBER.findall(expected)]
    ys = [float(y) for y in _NUMBER.findall(got)]
    # One rounding apart: within a few float32 ulps of each element.
    near = all(x == y or abs(x - y) <= 5e-7 * max(abs(x), abs(y)) for x, y in zip(xs, ys))
    return expected.split("\n", 1)[0] == got.split("\n", 1)[0] and len(xs) == len(ys) and near


def _blas_signed_zero(p: Program, expected: str, got: str) -> bool:
    zero = re.compile(r"[-+](0\.0*(?![0-9]))")
    norm = lambda t: zero.sub(r"\1", t).replace(" ", "")  # noqa: E731
    return p.kind == "matmul" and norm(expected) == norm(got)


def _blas_complex(p: Program, expected: str, got: str) -> bool:
    if p.kind != "matmul" or "complex" not in p.source():
        return False
    return expected.split("\n", 1)[0] == got.split("\n", 1)[0]


def _signed_zero_order(p: Program, expected: str, got: str) -> bool:
    words = ("sort", "median", "unique", "partition", "maximum", "minimum", "fmax", "fmin",
             "clip", "max(", "min(")
    if not any(w in p.expr for w in words):
        return False
    zero = re.compile(r"[-+](0\.0*(?![0-9]))")
    # Spaces and line breaks too: a sign can move a repr's wrap.
    norm = lambda t: zero.sub(r"\1", t).replace(" ", "").replace("\n", "")  # noqa: E731
    return norm(expected) == norm(got)


ACCIDENTS: list[tuple[str, object, str]] = [
    ("numpy-crash", lambda p, expected, got: "crash:" in expected,
     "the oracle itself died: NumPy 2.4.6 segfaults on some ufunc calls with both where= and an "
     "out= of another dtype (np.less(a, -1, where=m, out=np.zeros(.., np.uint8)))"),
    ("signed-zero-order", _signed_zero_order,
     "-0.0 and 0.0 compare equal, so which one a sort, partition or median puts first depends "
     "on NumPy's algorithm (its SIMD sorts are not stable), and which one maximum, minimum, "
     "fmax, fmin or clip returns on its loop (float16's C loop keeps the first operand, the "
     "float32/float64 SIMD loops the second, fmax's SIMD body and scalar tail differ)"),
    ("float-to-int-out-of-range", _float_to_int_out_of_range,
     "a NaN, an infinity or a float out of the integer dtype's range cast with astype, stored "
     "from a float array, summed in an integer dtype=, written into an integer out=, or "
     "rounded to tens and cast back by np.round of an integer array, is C's "
     "undefined behaviour: NumPy's value depends on whether its SIMD loop or its scalar tail "
     "converted that element"),
    ("complex-abs-loop", _complex_abs_loop,
     "the last bit of abs of a complex array: NumPy's SIMD loop (simd_cabsolute, "
     "larger * sqrt(1 + r*r)) takes the elements its loop reaches with a loadable stride, its "
     "scalar loop (npy_hypot, libm's correctly rounded hypot) the others (a reversed view, a "
     "scalar), and the two round apart (|65504+65504j| in complex64)"),
    ("blas-float32-order", _blas_float32,
     "a float32 matmul: OpenBLAS's sdot/sgemm kernels sum in their own order (SIMD lanes), "
     "so the last bit can differ from faer's"),
    ("blas-float64-order", _blas_float64_order,
     "a float64 matmul or dot whose sum cancels: OpenBLAS's ddot/dgemv/dgemm kernels and faer "
     "add the products in their own orders (SIMD lanes, blocks), and the results differ by no "
     "more than the error bound of a k-term sum, 2 k u (|a| @ |b|), checked from the operands"),
    ("blas-signed-zero", _blas_signed_zero,
     "the sign of a zero sum in a matmul or dot: NumPy picks BLAS's dot, gemv or gemm by the "
     "operands' shapes, and whether the sum starts at +0.0 (beta = 0) or at its first product "
     "(-0.0 kept) is that choice's"),
    ("blas-complex", _blas_complex,
     "the values of a complex matmul (its dtype and shape still agree): OpenBLAS's kernels and "
     "faer's group the four real products of each complex product and their sums differently, "
     "so the last bits differ (complex64 prints them, and a sum that cancels keeps them), and "
     "which parts of an infinite product come out NaN differs"),
]


def accident(p: Program, expected: str, got: str) -> str | None:
    for name, pred, _why in ACCIDENTS:
        if pred(p, expected, got):
            return name
    return None


@dataclass
class Disagreement:
    program: Program
    device: str
    expected: str
    got: str
    klass: str


def compare(programs, expected: dict[int, str], got: dict[int, str], device: str) -> tuple[list[Disagreement], collections.Counter]:
    bad, explained = [], collections.Counter()
    for p in programs:
        e, g = expected[p.index], got[p.index]
        if e == g:
            continue
        acc = accident(p, e, g)
        if acc:
            explained[acc] += 1
            continue
        bad.append(Disagreement(p, device, e, g, f"{p.kind}: {outcome_class(e, g)}"))
    return bad, explained


def shrink(d: Disagreement, oracle: Runner, runner: Runner, rounds: int = 30) -> Disagreement:
    """Smaller choice sequences that still disagree the same way, greedily."""
    best = d
    for _ in range(rounds):
        ch = best.program.choices
        cands, seen = [], {tuple(ch)}
        for i in range(len(ch)):
            for new in ([*ch[:i], *ch[i + 1:]], [*ch[:i], 0, *ch[i + 1:]],
                        [*ch[:i], ch[i] // 2, *ch[i + 1:]], [*ch[:i], max(ch[i] - 1, 0), *ch[i + 1:]]):
                if tuple(new) not in seen:
                    seen.add(tuple(new))
                    cands.append(new)
        programs = [p for p in (generate(c, None, k) for k, c in enumerate(cands))
                    if INCLUDE_PENDING or not p.pending()]
        exp, got = oracle.run(programs), runner.run(programs)
        found = None
        for p in sorted(programs, key=lambda q: (len(q.source()), q.choices)):
            e, g = exp[p.index], got[p.index]
            if e != g and f"{p.kind}: {outcome_class(e, g)}" == best.klass and not accident(p, e, g):
                if len(p.source()) <= len(best.program.source()):
                    found = Disagreement(p, d.device, e, g, best.klass)
                    break
        if found is None or found.program.source() == best.program.source() and found.program.choices == best.program.choices:
            break
        best = found
    return best


def show(d: Disagreement) -> str:
    return (f"--- {d.klass} ({d.device}), program {d.program.index} "
            f"choices {d.program.choices}\n{d.program.source()}\n"
            f"numpy:\n{indent(d.expected)}xpush:\n{indent(d.got)}")


def indent(s: str) -> str:
    return "".join("    " + line + "\n" for line in s.splitlines()) or "    (nothing)\n"


# ---------------------------------------------------------------------------
# Robustness: corrupted files for the readers, random token lines for the
# shell. No oracle: every input must end in an error value (or a result),
# never a panic, a hang, or memory the input's size does not justify.

# The address space a robustness child may use: these inputs are a few
# hundred bytes, so an allocation the limit refuses (an abort, which the
# run reports) is one the input's size does not justify. It leaves room
# for the allocator's and the thread pool's reservations on many-core
# machines.
MAX_ADDRESS_SPACE = 16 << 30

BASE_FILES = """
import numpy as np, sys
d = sys.argv[1]
rng = np.random.default_rng(0)
arrays = [np.arange(6.0), np.arange(12, dtype=np.int8).reshape(3, 4), np.zeros((0,), np.uint16),
          np.array([1 + 2j, -3j]), np.ones((2, 3), np.float16).T, np.array([True, False]),
          np.asfortranarray(rng.random((3, 2)).astype(np.float32))]
for i, a in enumerate(arrays):
    np.save(f"{d}/base{i}.npy", a)
np.savez(f"{d}/base_a.npz", x=arrays[0], y=arrays[1])
np.savez_compressed(f"{d}/base_b.npz", x=arrays[3])
np.savetxt(f"{d}/base_c.txt", rng.random((4, 3)))
np.savetxt(f"{d}/base_d.csv", np.arange(6).reshape(2, 3), fmt="%d", delimiter=",")
"""

NPY_EDITS = [(b"(6,)", b"(1000000000000,)"), (b"(6,)", b"(-1,)"), (b"(3, 4)", b"(4611686018427387904, 4)"),
             (b"(6,)", b"(6"), (b"'<f8'", b"'<i3'"), (b"'<f8'", b"'|O'"), (b"'<f8'", b"'<U5'"),
             (b"'<f8'", b"'xx'"), (b"'<f8'", b"'>f8'"), (b"False", b"maybe"), (b"'descr'", b"'desc'"),
             (b"{", b"["), (b"(6,)", b"(2, 3)"), (b"(6,)", b"(7,)")]
TEXT_TOKENS = ["1", "-2.5", "nan", "inf", "1e999", "-0", "0x10", "3j", "#", ",", " ", "  ", "\t",
               "\n", "\r\n", "abc", "1,2", ";", "\x00", "\xff", "9" * 40, "'", '"', "1e-400"]


def corrupt(src: Source, data: bytes, name: str) -> bytes:
    k = src.below(7)
    if k == 0:  # truncated
        return data[:src.below(len(data) + 1)]
    if k == 1:  # bytes flipped
        b = bytearray(data)
        for _ in range(1 + src.below(8)):
            if b:
                b[src.below(len(b))] ^= 1 << src.below(8)
        return bytes(b)
    if k == 2:  # bytes inserted
        at = src.below(len(data) + 1)
        return data[:at] + bytes(src.below(256) for _ in range(1 + src.below(64))) + data[at:]
    if k == 3 and name.endswith(".npy"):  # the header edited
        old, new = src.pick(NPY_EDITS)
        return data.replace(old, new, 1)
    if k == 4 and name.endswith(".npy"):  # the header length or version
        b = bytearray(data)
        if len(b) > 9:
            at = src.pick([6, 7, 8, 9])
            b[at] = src.pick([0, 1, 3, 9, 255])
        return bytes(b)
    if k == 5:  # random bytes
        return bytes(src.below(256) for _ in range(src.below(300)))
    lines = ["".join(src.pick(TEXT_TOKENS) for _ in range(src.below(8))) for _ in range(1 + src.below(6))]
    return "\n".join(lines).encode("utf-8", "surrogateescape").replace(b"\\x00", b"\x00").replace(b"\\xff", b"\xff")


READERS = ["np.load(p)", "np.loadtxt(p)", "np.loadtxt(p, delimiter=',')", "np.genfromtxt(p)",
           "np.frombuffer(open(p, 'rb').read(), dtype=np.float64)",
           "np.frombuffer(open(p, 'rb').read(), dtype=np.int16, offset=3)"]

READ_SCRIPT = "import numpy as np\n"


def robust_files(seed: int, count: int, xpush: list[str], env: dict[str, str]) -> list[str]:
    """Corrupted .npy/.npz/text files through np.load, loadtxt, genfromtxt
    and frombuffer: each ends in a result or an exception."""
    problems = []
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="xpush_fuzz_files_") as tmp:
        subprocess.run([sys.executable, "-c", BASE_FILES, tmp], check=True)
        bases = sorted(p for p in Path(tmp).iterdir())
        lines = [READ_SCRIPT]
        for i in range(count):
            src = Source(rng=rng)
            base = src.pick(bases)
            data = corrupt(src, base.read_bytes(), base.name)
            path = Path(tmp) / f"case{i}{base.suffix}"
            path.write_bytes(data)
            how = src.pick(READERS).replace("(p", f"({str(path)!r}")
            lines.append(f"print({MARK + str(i)!r})\ntry:\n    r = {how}\n"
                         "    if hasattr(r, 'files'):\n        r = [r[k] for k in r.files]\n"
                         "    print('ok')\nexcept Exception as e:\n    print('raise', type(e).__name__)\n")
        script = Path(tmp) / "read_all.py"
        script.write_text("\n".join(lines), encoding="utf-8")
        problems += run_robust(xpush + [str(script)], None, env, count, "files")
    return problems


SHELL_TOKENS = ["x", "y", "a", "np", "np.array", "np.zeros", "(", ")", "[", "]", "{", "}", ":", ",",
                ".", "=", "+", "-", "*", "**", "/", "//", "%", "@", "<", "==", "if", "else", "for",
                "in", "def", "class", "return", "lambda", "yield", "import", "numpy", "as", "try",
                "except", "with", "not", "and", "or", "1", "0", "2.5", "1e308", "10**3", "'s'",
                '"t', 'f"{x}"', "True", "None", "...", "\\", "#", "print", "len", "    ", "x.T",
                "a[0]", "np.int8(3)", "[1, 2]", "3j", "del", "global", "assert", "raise", "pass"]
META = [":time", ":time on", ":time off", ":mode", ":mode float64=cpu", ":mode float64=off",
        ":mode dtype=float32", ":verify on", ":verify report", ":vars", ":help", ":help np.add",
        ":profile on", ":profile report", ":device", ":mem", ":ops add", ":reset", ":timeit -n 2 1+1",
        ":nonsense", ":mode float64=", ":help ("]


def robust_shell(seed: int, count: int, xpush: list[str], env: dict[str, str]) -> list[str]:
    """Random token lines and meta-commands piped into the shell: the
    session must survive every one and reach the last line."""
    rng = random.Random(seed)
    src = Source(rng=rng)
    lines = ["import numpy as np", "a = np.arange(6.0)", "x = 1"]
    for _ in range(count):
        if src.chance(8):
            lines.append(src.pick(META))
        else:
            lines.append(" ".join(src.pick(SHELL_TOKENS) for _ in range(1 + src.below(10))))
    # Close whatever block is open, then the marker the run must reach.
    lines += ["", "", "pass", "", f"print({MARK + 'end'!r})", ""]
    return run_robust(xpush, "\n".join(lines), env, None, "shell")


def limited(argv: list[str], stdin: str | None, env: dict[str, str], cwd: str) -> subprocess.CompletedProcess:
    """`argv` run under the robustness children's address-space limit."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (MAX_ADDRESS_SPACE, MAX_ADDRESS_SPACE))

    full = dict(os.environ)
    full.update(env)
    full.update(NO_COLOR="1")
    return subprocess.run(argv, input=(stdin or "").encode(), capture_output=True,
                          cwd=cwd, env=full, timeout=600, preexec_fn=limit)


def run_robust(argv: list[str], stdin: str | None, env: dict[str, str], count: int | None,
               what: str) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="xpush_fuzz_cwd_") as cwd:
        try:
            proc = limited(argv, stdin, env, cwd)
        except subprocess.TimeoutExpired:
            return [f"{what}: hang (no end within 600 s)"]
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    problems = []
    if proc.returncode != 0:
        problems.append(f"{what}: exit {proc.returncode}: {err.strip().splitlines()[-1:]}")
    if "panicked" in err:
        at = err.index("panicked")
        problems.append(f"{what}: a panic: {err[max(0, at - 200):at + 300]}")
    if count is not None:
        missing = [i for i in range(count) if f"{MARK}{i}\n" not in out]
        if missing:
            problems.append(f"{what}: programs {missing[:5]} never ran (died at the one before)")
    elif f"{MARK}end" not in out:
        problems.append(f"{what}: the session did not reach its last line")
    return problems


# Arrays beyond the robustness children's address space: each creation
# must raise NumPy's `_ArrayMemoryError` with NumPy's message (the oracle
# runs under the same limit), never abort. On the cpu only: an npu
# session's arrays are the device's, whose allocator words its own error.
ALLOC_SCRIPT = """import numpy as np
for text, make in [("zeros", lambda: np.zeros(3 * 10**9)),
                   ("ones", lambda: np.ones((5, 10**9), dtype=np.float32)),
                   ("full", lambda: np.full(3 * 10**9, 7.0)),
                   ("empty", lambda: np.empty((2, 2 * 10**9), dtype=np.int64)),
                   ("broadcast", lambda: np.ones((60000, 1)) + np.ones(60000)),
                   ("beyond", lambda: np.zeros(10**15)),
                   ("arange", lambda: np.arange(3 * 10**9)),
                   ("arange-float", lambda: np.arange(0.0, 3e9, 1.0)),
                   ("linspace", lambda: np.linspace(0, 1, 3 * 10**9)),
                   ("eye", lambda: np.eye(10**5)),
                   ("identity", lambda: np.identity(10**5, dtype=np.int32)),
                   ("tri", lambda: np.tri(2 * 10**5, 10**5)),
                   ("tile", lambda: np.tile(np.ones(3), 10**9)),
                   ("tile-rows", lambda: np.tile(np.ones((2, 1), np.int8), (10**5, 10**5))),
                   ("tile-beyond", lambda: np.tile(np.ones(3), 2**62)),
                   ("repeat", lambda: np.repeat(np.ones(3, np.int8), 10**10)),
                   ("repeat-each", lambda: np.repeat(np.arange(3), [1, 10**10, 2])),
                   ("indices", lambda: np.indices((10**5, 10**5))),
                   ("meshgrid", lambda: np.meshgrid(np.arange(10**5), np.arange(10**5))),
                   ("broadcast-copy", lambda: np.broadcast_to(np.ones(1), (3 * 10**9,)).copy()),
                   ("astype", lambda: np.broadcast_to(np.ones(1), (3 * 10**9,)).astype(np.int64))]:
    try:
        make()
        print(text, "ok")
    except Exception as e:
        print(text, isinstance(e, MemoryError), e)
"""


def robust_alloc(oracle: Runner, runner: Runner) -> list[str]:
    """Arrays beyond the address-space limit raise what NumPy raises."""
    with tempfile.TemporaryDirectory(prefix="xpush_fuzz_alloc_") as tmp:
        path = Path(tmp) / "alloc.py"
        path.write_text(ALLOC_SCRIPT, encoding="utf-8")
        want = limited(oracle.argv + [str(path)], None, oracle.env, tmp)
        got = limited(runner.argv + [str(path)], None, runner.env, tmp)
    out = got.stdout.decode("utf-8", "replace")
    err = got.stderr.decode("utf-8", "replace")
    if got.returncode != 0 or out != want.stdout.decode("utf-8", "replace"):
        return [f"alloc: exit {got.returncode}; NumPy printed\n{indent(want.stdout.decode())}"
                f"xpush printed\n{indent(out)}{indent(err[-2000:])}"]
    return []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--xpush", required=True, help="the xpush binary")
    ap.add_argument("--acl-lib", help="libxpush_acl_sim.so: also run on the npu (float64=cpu)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("--pending", action="store_true", help="include the PENDING features")
    ap.add_argument("--report", action="store_true", help="counts per class; exit 0 regardless")
    ap.add_argument("--shrink", type=int, default=5, help="shrink at most this many disagreements")
    ap.add_argument("--show", type=int, default=20, help="print at most this many disagreements")
    ap.add_argument("--files", type=int, default=300, help="corrupted files for the readers")
    ap.add_argument("--shell", type=int, default=1000, help="random lines for the shell")
    args = ap.parse_args()

    oracle_info = gen_expected.find_oracle()
    print(oracle_info.describe(), file=sys.stderr)
    oracle = Runner("python3", [sys.executable, "-B"], oracle_info.env())
    runners = [Runner("xpush cpu", [args.xpush], {})]
    if args.acl_lib:
        runners.append(Runner("xpush npu", [args.xpush, "--device", "npu", "--dtype", "float64",
                                            "--float64-mode", "cpu"], {"XPUSH_ACL_LIB": args.acl_lib}))
    global INCLUDE_PENDING
    INCLUDE_PENDING = args.pending
    rng = random.Random(args.seed)
    programs, left_out = [], collections.Counter()
    while len(programs) < args.count:
        p = generate(None, rng, len(programs) + sum(left_out.values()))
        why = None if args.pending else p.pending()
        if why:
            left_out[why] += 1
        else:
            programs.append(p)
    expected = oracle.run(programs)
    failures: list[Disagreement] = []
    explained_all = collections.Counter()
    for r in runners:
        got = r.run(programs)
        bad, explained = compare(programs, expected, got, r.name)
        failures += bad
        explained_all.update(explained)
    classes = collections.Counter(d.klass for d in failures)
    print(f"fuzz: seed {args.seed}, {args.count} programs, devices: {', '.join(r.name for r in runners)}; "
          f"{len(failures)} disagreements, {sum(explained_all.values())} explained accidents, "
          f"{sum(left_out.values())} programs left out as PENDING")
    for name, n in sorted(left_out.items()):
        print(f"  pending {name}: {n} left out ({PENDING[name]})")
    for name, n in sorted(explained_all.items()):
        print(f"  accident {name}: {n}")
    for k, n in classes.most_common():
        print(f"  {n:5d}  {k}")
    # One program of each class first (shrunk), then more while --show allows.
    first = {}
    for d in failures:
        first.setdefault(d.klass, d)
    rest = [d for d in failures if first[d.klass] is not d]
    for i, d in enumerate((list(first.values()) + rest)[:args.show]):
        if i < args.shrink:
            d = shrink(d, oracle, next(r for r in runners if r.name == d.device))
        print(show(d))
    problems = []
    for r in runners:
        problems += [f"{r.name}: {p}" for p in robust_files(args.seed, args.files, r.argv, r.env)]
        problems += [f"{r.name}: {p}" for p in robust_shell(args.seed, args.shell, r.argv, r.env)]
        if "--device" not in r.argv:
            problems += [f"{r.name}: {p}" for p in robust_alloc(oracle, r)]
    print(f"robustness: {args.files} corrupted files through the readers, {args.shell} random "
          f"shell lines per device, arrays beyond the address space on the cpu; {len(problems)} problems")
    for p in problems:
        print("  " + p)
    return 0 if (args.report or not failures) and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
