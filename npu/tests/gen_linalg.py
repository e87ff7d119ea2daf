#!/usr/bin/env python3
"""Generates npu/tests/data/linalg.tsv and npu/tests/data/fft.tsv from
NumPy: the expected results of npu's linear algebra and FFT functions.

Run from the repository root:  python3 npu/tests/gen_linalg.py

One case per line, tab-separated:  func  args  inputs  expected
- args: `key=value` pairs joined by `;` (the Rust side parses them);
- inputs / expected: arrays joined by ` | `, each `dtype[shape]=v v ...`
  (shape `2,3`, empty for 0-d; floats by repr, which round-trips;
  complex as `re:im`; bools 0/1);
- an error is `ERR <class> <message>`.
Outputs are NumPy's raw results; the test normalises eigenvector phases,
singular-vector signs and QR signs on both sides before comparing.
"""
import os
import warnings

import numpy as np

warnings.simplefilter("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20240611)


def fmt_val(x, kind):
    if kind == "c":
        return f"{float(x.real)!r}:{float(x.imag)!r}"
    if kind == "f":
        return repr(float(x))
    if kind == "b":
        return "1" if x else "0"
    return str(int(x))


def enc(a):
    a = np.asarray(a)
    shape = ",".join(str(d) for d in a.shape)
    vals = " ".join(fmt_val(x, a.dtype.kind) for x in a.ravel())
    return f"{a.dtype.name}[{shape}]={vals}"


def res(f):
    try:
        r = f()
        if not isinstance(r, tuple):
            r = (r,)
        return " | ".join(enc(x) for x in r)
    except Exception as e:  # noqa: BLE001
        return f"ERR {type(e).__name__} {e}"


def arr(shape, dtype="float64", lo=-3, hi=3):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dt.kind in "iu":
        lo2 = 0 if dt.kind == "u" else lo
        return rng.integers(lo2, hi + 1, size=shape).astype(dt)
    if dt.kind == "c":
        return (rng.uniform(lo, hi, size=shape) + 1j * rng.uniform(lo, hi, size=shape)).astype(dt)
    return rng.uniform(lo, hi, size=shape).astype(dt)


def spd(n, dtype="float64", batch=()):
    a = arr(batch + (n, n), dtype)
    h = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    return h.astype(dtype)


def herm(n, dtype="float64"):
    a = arr((n, n), dtype)
    return ((a + np.conj(a.T)) / 2).astype(dtype)


LINALG = []
FFT = []


def case(table, func, args, inputs, f):
    a = ";".join(f"{k}={v}" for k, v in args.items())
    ins = " | ".join(enc(x) for x in inputs)
    table.append("\t".join([func, a, ins, res(f)]))


def L(func, inputs, f, **args):
    case(LINALG, func, args, inputs, f)


def F(func, inputs, f, **args):
    case(FFT, func, args, inputs, f)


FLOATS = ["float32", "float64", "complex64", "complex128"]
INTS = ["int8", "int32", "int64", "uint8", "bool"]

# ---------------------------------------------------------------- matmul
shapes = [
    ((3, 4), (4, 2)), ((4,), (4, 3)), ((2, 4), (4,)), ((5,), (5,)),
    ((2, 3, 4), (4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((3, 4), (2, 4, 3)),
    ((0, 3), (3, 2)), ((2, 0), (0, 3)), ((1, 3, 2), (2, 2)),
]
for dt in FLOATS + ["float16"] + INTS:
    for sa, sb in shapes:
        a, b = arr(sa, dt), arr(sb, dt)
        L("matmul", [a, b], lambda a=a, b=b: np.matmul(a, b))
for da, db in [("int8", "float32"), ("int64", "complex64"), ("bool", "int16"), ("uint8", "int8"), ("float32", "float64")]:
    a, b = arr((2, 3), da), arr((3, 2), db)
    L("matmul", [a, b], lambda a=a, b=b: np.matmul(a, b))
a8 = np.array([[100, 100], [50, 7]], dtype=np.int8)
L("matmul", [a8, a8], lambda: np.matmul(a8, a8))
for sa, sb in [((3,), (2,)), ((2, 3), (2, 3)), ((2, 2, 3), (3, 3, 2)), ((), (3,)), ((3,), ())]:
    a, b = np.ones(sa), np.ones(sb)
    L("matmul", [a, b], lambda a=a, b=b: np.matmul(a, b))

for sa, sb in [((3, 4), (4, 2)), ((4,), (4,)), ((2, 3, 4), (5, 4, 2)), ((3,), (2, 3, 4)), ((), (2, 3)), ((2, 3), (2, 3))]:
    for dt in ["float64", "int32", "complex128"]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("dot", [a, b], lambda a=a, b=b: np.dot(a, b))
for sa, sb in [((3,), (3,)), ((2, 3), (3, 2)), ((2, 2), (4,))]:
    for dt in ["float64", "complex128", "int64"]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("vdot", [a, b], lambda a=a, b=b: np.vdot(a, b))
for sa, sb in [((3,), (3,)), ((2, 3), (4, 3)), ((2, 2, 3), (3,)), ((), (2,)), ((2, 3), (2,))]:
    for dt in ["float64", "int32"]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("inner", [a, b], lambda a=a, b=b: np.inner(a, b))
for sa, sb in [((3,), (4,)), ((2, 2), (3,)), ((), (2,))]:
    for dt in ["float64", "int8", "complex64"]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("outer", [a, b], lambda a=a, b=b: np.outer(a, b))
for sa, sb in [((2,), (3,)), ((2, 2), (2, 3)), ((2, 3), (3,)), ((2, 1, 2), (3, 2)), ((3,), (2, 2))]:
    for dt in ["float64", "int32"]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("kron", [a, b], lambda a=a, b=b: np.kron(a, b))
for sa, sb, ax in [((3, 4, 5), (4, 5, 2), "2"), ((3, 4), (4, 3), "1"), ((2, 3), (4,), "0"),
                   ((3, 4, 5), (4, 3, 2), "1,0/0,1"), ((2, 3), (3, 2), "-1/0"), ((2, 3), (2, 3), "1")]:
    a, b = arr(sa), arr(sb)
    if "/" in ax:
        pa, pb = ax.split("/")
        axes = ([int(x) for x in pa.split(",")], [int(x) for x in pb.split(",")])
    else:
        axes = int(ax)
    L("tensordot", [a, b], lambda a=a, b=b, axes=axes: np.tensordot(a, b, axes), axes=ax)
for spec, shapes_ in [("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("ii", [(3, 3)]), ("ii->i", [(3, 3)]),
                      ("ij->ji", [(2, 3)]), ("ij", [(2, 3)]), ("ji", [(2, 3)]), ("i,i", [(4,), (4,)]), ("i,j->ij", [(2,), (3,)]),
                      ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]), ("...ij,...jk->...ik", [(2, 2, 3), (3, 2)]),
                      ("ijk->", [(2, 3, 4)]), ("iij->j", [(2, 2, 3)]), ("i...->...", [(2, 3, 4)]), ("ij,ij->i", [(2, 3), (2, 3)]),
                      ("ab,bc,cd->ad", [(2, 3), (3, 2), (2, 2)]), ("ij,jk->ik", [(2, 3), (4, 4)])]:
    for dt in ["float64", "int32"]:
        ops = [arr(s, dt) for s in shapes_]
        L("einsum", ops, lambda ops=ops, spec=spec: np.einsum(spec, *ops), spec=spec)
for s in [(2, 3), (4, 2, 3), (3,)]:
    a = arr(s)
    L("matrix_transpose", [a], lambda a=a: np.matrix_transpose(a))
for shapes_ in [[(3,), (3, 4), (4, 2), (2,)], [(2, 3), (3, 4), (4, 2)], [(3,), (3, 2)], [(2, 3), (3, 3), (3,)], [(3,)]]:
    ops = [arr(s) for s in shapes_]
    L("multi_dot", ops, lambda ops=ops: np.linalg.multi_dot(ops))
for dt in ["float64", "int64", "complex128", "float32"]:
    for n in [0, 1, 2, 3, 5, -1, -3]:
        a = arr((3, 3), dt, -2, 2) + (3 * np.eye(3)).astype(dt)
        L("matrix_power", [a], lambda a=a, n=n: np.linalg.matrix_power(a, n), n=n)
a = arr((2, 2, 2))
L("matrix_power", [a], lambda a=a: np.linalg.matrix_power(a, 4), n=4)
L("matrix_power", [np.ones((2, 3))], lambda: np.linalg.matrix_power(np.ones((2, 3)), 2), n=2)

# ------------------------------------------------------------------ norm
vec_ords = ["None", "2", "1", "inf", "-inf", "0", "3", "0.5", "-1", "fro"]
for dt in ["float64", "float32", "complex128", "int64"]:
    v = arr((5,), dt)
    for o in vec_ords:
        ordv = None if o == "None" else (o if o == "fro" else float(o))
        L("norm", [v], lambda v=v, ordv=ordv: np.linalg.norm(v, ordv), ord=o)
mat_ords = ["None", "fro", "nuc", "1", "-1", "2", "-2", "inf", "-inf", "3"]
for dt in ["float64", "float32", "complex128", "int32"]:
    m = arr((3, 4), dt)
    for o in mat_ords:
        ordv = None if o == "None" else (o if o in ("fro", "nuc") else float(o))
        L("norm", [m], lambda m=m, ordv=ordv: np.linalg.norm(m, ordv), ord=o)
t = arr((2, 3, 4))
for o, ax, kd in [("None", "None", 0), ("None", "None", 1), ("2", "1", 0), ("1", "-1", 1), ("fro", "0,2", 0),
                  ("nuc", "1,2", 1), ("inf", "2,1", 0), ("-1", "0,1", 0), ("2", "None", 0), ("None", "0,1,2", 0)]:
    ordv = None if o == "None" else (o if o in ("fro", "nuc") else float(o))
    axv = None if ax == "None" else tuple(int(x) for x in ax.split(","))
    if axv is not None and len(axv) == 1:
        axv = axv[0]
    L("norm", [t], lambda ordv=ordv, axv=axv, kd=kd: np.linalg.norm(t, ordv, axv, bool(kd)), ord=o, axis=ax, keepdims=kd)

# ------------------------------------------------------- det, inv, solve
for dt in FLOATS + ["int64"]:
    for s in [(3, 3), (1, 1), (2, 4, 4), (0, 0), (5, 5)]:
        a = arr(s, dt)
        L("det", [a], lambda a=a: np.linalg.det(a))
        L("slogdet", [a], lambda a=a: tuple(np.linalg.slogdet(a)))
        if s != (0, 0):
            L("inv", [a], lambda a=a: np.linalg.inv(a))
sing = np.array([[1.0, 2.0], [2.0, 4.0]])
for f in ["det", "slogdet", "inv"]:
    fn = {"det": np.linalg.det, "slogdet": lambda x: tuple(np.linalg.slogdet(x)), "inv": np.linalg.inv}[f]
    L(f, [sing], lambda fn=fn: fn(sing))
    L(f, [np.ones((2, 3))], lambda fn=fn: fn(np.ones((2, 3))))
    L(f, [np.ones(3)], lambda fn=fn: fn(np.ones(3)))
    L(f, [np.ones((2, 2), np.float16)], lambda fn=fn: fn(np.ones((2, 2), np.float16)))
for dt in FLOATS + ["int32"]:
    for sa, sb in [((3, 3), (3,)), ((3, 3), (3, 2)), ((2, 3, 3), (3,)), ((2, 3, 3), (2, 3, 1)), ((2, 3, 3), (3, 4)),
                   ((3, 3), (2, 3, 2)), ((4, 1, 2, 2), (3, 2, 1))]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("solve", [a, b], lambda a=a, b=b: np.linalg.solve(a, b))
for sa, sb in [((3, 3), (2,)), ((3, 3), (2, 2)), ((2, 3), (2,))]:
    a, b = arr(sa), arr(sb)
    L("solve", [a, b], lambda a=a, b=b: np.linalg.solve(a, b))
L("solve", [sing, np.ones(2)], lambda: np.linalg.solve(sing, np.ones(2)))
a, b = arr((3, 3), "float32"), arr((3,), "float64")
L("solve", [a, b], lambda: np.linalg.solve(a, b))

# --------------------------------------------------------- factorisations
for dt in FLOATS + ["int64"]:
    for s in [(3, 3), (2, 4, 4), (1, 1)]:
        a = spd(s[-1], dt, s[:-2]) if dt != "int64" else np.array([[4, 2, 0], [2, 5, 1], [0, 1, 3]])
        L("cholesky", [a], lambda a=a: np.linalg.cholesky(a), upper=0)
        L("cholesky", [a], lambda a=a: np.linalg.cholesky(a, upper=True), upper=1)
L("cholesky", [sing], lambda: np.linalg.cholesky(sing), upper=0)
nd = np.array([[1.0, 2.0], [2.0, 1.0]])
L("cholesky", [nd], lambda: np.linalg.cholesky(nd), upper=0)
L("cholesky", [np.ones((2, 3))], lambda: np.linalg.cholesky(np.ones((2, 3))), upper=0)

for dt in FLOATS + ["int64"]:
    for s in [(4, 3), (3, 4), (3, 3), (2, 4, 2)]:
        a = arr(s, dt)
        for mode in ["reduced", "complete", "r"]:
            L("qr", [a], lambda a=a, mode=mode: tuple(np.linalg.qr(a, mode)) if mode != "r" else np.linalg.qr(a, mode), mode=mode)
L("qr", [np.eye(2)], lambda: np.linalg.qr(np.eye(2), "x"), mode="x")

for dt in FLOATS + ["int64"]:
    for s in [(4, 3), (3, 5), (3, 3), (2, 3, 2)]:
        a = arr(s, dt)
        for full in [1, 0]:
            L("svd", [a], lambda a=a, full=full: tuple(np.linalg.svd(a, bool(full))), full=full, uv=1)
        L("svd", [a], lambda a=a: np.linalg.svd(a, compute_uv=False), full=1, uv=0)

for dt in FLOATS + ["int64"]:
    for s in [(3, 3), (4, 4), (2, 3, 3)]:
        a = arr(s, dt)
        L("eig", [a], lambda a=a: tuple(np.linalg.eig(a)))
        L("eigvals", [a], lambda a=a: np.linalg.eigvals(a))
sym = np.array([[2.0, 1.0], [1.0, 3.0]])
L("eig", [sym], lambda: tuple(np.linalg.eig(sym)))
L("eigvals", [sym.astype(np.float32)], lambda: np.linalg.eigvals(sym.astype(np.float32)))
rot = np.array([[0.0, -1.0], [1.0, 0.0]], dtype=np.float32)
L("eig", [rot], lambda: tuple(np.linalg.eig(rot)))
L("eig", [np.ones((2, 3))], lambda: tuple(np.linalg.eig(np.ones((2, 3)))))
for dt in FLOATS:
    for n in [3, 4]:
        h = herm(n, dt)
        for uplo in ["L", "U"]:
            L("eigh", [h], lambda h=h, uplo=uplo: tuple(np.linalg.eigh(h, uplo)), UPLO=uplo)
            L("eigvalsh", [h], lambda h=h, uplo=uplo: np.linalg.eigvalsh(h, uplo), UPLO=uplo)
    a = arr((3, 3), dt)
    L("eigh", [a], lambda a=a: tuple(np.linalg.eigh(a, "U")), UPLO="U")
    L("eigvalsh", [a], lambda a=a: np.linalg.eigvalsh(a), UPLO="L")
hb = np.stack([herm(3), herm(3)])
L("eigh", [hb], lambda: tuple(np.linalg.eigh(hb)), UPLO="L")

for dt in ["float64", "float32", "complex128", "int64"]:
    for sa, sb in [((5, 3), (5,)), ((5, 3), (5, 2)), ((3, 5), (3,)), ((4, 4), (4, 2))]:
        a, b = arr(sa, dt), arr(sb, dt)
        L("lstsq", [a, b], lambda a=a, b=b: tuple(np.linalg.lstsq(a, b)), rcond="None")
a = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])
b = np.array([1.0, 2.0, 3.5])
L("lstsq", [a, b], lambda: tuple(np.linalg.lstsq(a, b)), rcond="None")
L("lstsq", [a, b], lambda: tuple(np.linalg.lstsq(a, b, rcond=0.5)), rcond="0.5")

for dt in ["float64", "float32", "complex128", "int64"]:
    for s in [(3, 3), (4, 2), (2, 4), (2, 3, 2)]:
        a = arr(s, dt)
        L("pinv", [a], lambda a=a: np.linalg.pinv(a))
        L("matrix_rank", [a], lambda a=a: np.linalg.matrix_rank(a))
for m in [sing, np.zeros((3, 3)), np.array([1.0, 0.0]), np.zeros(3), np.outer([1.0, 2, 3], [1.0, 1, 2])]:
    L("matrix_rank", [m], lambda m=m: np.linalg.matrix_rank(m))
    L("pinv", [m], lambda m=m: np.linalg.pinv(m))
for dt in ["float64", "float32", "complex128"]:
    a = arr((3, 3), dt)
    for p in ["None", "2", "-2", "1", "-1", "inf", "-inf", "fro", "nuc"]:
        pv = None if p == "None" else (p if p in ("fro", "nuc") else float(p))
        L("cond", [a], lambda a=a, pv=pv: np.linalg.cond(a, pv), p=p)
for p in ["1", "inf"]:
    pv = float(p)
    L("cond", [sing], lambda pv=pv: np.linalg.cond(sing, pv), p=p)
ab = arr((2, 3, 3))
L("cond", [ab], lambda: np.linalg.cond(ab), p="None")

# ------------------------------------------------------------------- fft
for dt in ["float64", "float32", "complex128", "complex64", "int64", "bool", "float16"]:
    for s in [(8,), (7,), (1,), (3, 5), (2, 3, 4)]:
        a = arr(s, dt)
        for norm in ["None", "ortho", "forward"]:
            nv = None if norm == "None" else norm
            F("fft", [a], lambda a=a, nv=nv: np.fft.fft(a, norm=nv), norm=norm)
            F("ifft", [a], lambda a=a, nv=nv: np.fft.ifft(a, norm=nv), norm=norm)
            if dt not in ("complex128", "complex64"):
                F("rfft", [a], lambda a=a, nv=nv: np.fft.rfft(a, norm=nv), norm=norm)
                F("ihfft", [a], lambda a=a, nv=nv: np.fft.ihfft(a, norm=nv), norm=norm)
            F("irfft", [a], lambda a=a, nv=nv: np.fft.irfft(a, norm=nv), norm=norm)
            F("hfft", [a], lambda a=a, nv=nv: np.fft.hfft(a, norm=nv), norm=norm)
for n in [4, 10, 5, 1]:
    for ax in [0, -1]:
        a = arr((6, 5))
        c = arr((6, 5), "complex128")
        F("fft", [c], lambda c=c, n=n, ax=ax: np.fft.fft(c, n, ax), n=n, axis=ax)
        F("ifft", [c], lambda c=c, n=n, ax=ax: np.fft.ifft(c, n, ax), n=n, axis=ax)
        F("rfft", [a], lambda a=a, n=n, ax=ax: np.fft.rfft(a, n, ax), n=n, axis=ax)
        F("irfft", [c], lambda c=c, n=n, ax=ax: np.fft.irfft(c, n, ax), n=n, axis=ax)
        F("hfft", [c], lambda c=c, n=n, ax=ax: np.fft.hfft(c, n, ax), n=n, axis=ax)
        F("ihfft", [a], lambda a=a, n=n, ax=ax: np.fft.ihfft(a, n, ax), n=n, axis=ax)
F("fft", [np.ones(3)], lambda: np.fft.fft(np.ones(3), 0), n=0)
F("fft", [np.ones(3)], lambda: np.fft.fft(np.ones(3), norm="bad"), norm="bad")
F("irfft", [np.ones(1, complex)], lambda: np.fft.irfft(np.ones(1, complex)))
nd_cases = [((4, 6), "None", "None"), ((3, 4, 5), "None", "None"), ((3, 4, 5), "None", "0,2"), ((4, 6), "3,8", "None"),
            ((3, 4, 5), "2,6", "-1,0"), ((3, 4, 5), "4", "None"), ((5, 4), "None", "1,0")]
for dt in ["float64", "complex64", "float32", "complex128", "int32"]:
    for s, ss, ax in nd_cases:
        a = arr(s, dt)
        sv = None if ss == "None" else tuple(int(x) for x in ss.split(","))
        axv = None if ax == "None" else tuple(int(x) for x in ax.split(","))
        for norm in ["None", "ortho"]:
            nv = None if norm == "None" else norm
            kw = dict(s=ss, axes=ax, norm=norm)
            F("fftn", [a], lambda a=a, sv=sv, axv=axv, nv=nv: np.fft.fftn(a, sv, axv, nv), **kw)
            F("ifftn", [a], lambda a=a, sv=sv, axv=axv, nv=nv: np.fft.ifftn(a, sv, axv, nv), **kw)
            if not dt.startswith("complex"):
                F("rfftn", [a], lambda a=a, sv=sv, axv=axv, nv=nv: np.fft.rfftn(a, sv, axv, nv), **kw)
            F("irfftn", [a], lambda a=a, sv=sv, axv=axv, nv=nv: np.fft.irfftn(a, sv, axv, nv), **kw)
for dt in ["float64", "complex128", "float32"]:
    a = arr((3, 4, 6), dt)
    for f in ["fft2", "ifft2", "rfft2", "irfft2"]:
        if f == "rfft2" and dt.startswith("complex"):
            continue
        fn = getattr(np.fft, f)
        F(f, [a], lambda a=a, fn=fn: fn(a), s="None", axes="None", norm="None")
        F(f, [a], lambda a=a, fn=fn: fn(a, (4, 4), (0, 2)), s="4,4", axes="0,2", norm="None")
F("fftn", [np.ones((2, 3))], lambda: np.fft.fftn(np.ones((2, 3)), (2, 3), (0,)), s="2,3", axes="0", norm="None")
for n in [1, 2, 5, 8, 9]:
    for d in [1.0, 0.1, 2.5]:
        F("fftfreq", [], lambda n=n, d=d: np.fft.fftfreq(n, d), n=n, d=d)
        F("rfftfreq", [], lambda n=n, d=d: np.fft.rfftfreq(n, d), n=n, d=d)
for s in [(5,), (6,), (3, 4), (2, 3, 5)]:
    a = arr(s, "int64")
    for ax in ["None", "0", "-1", "0,-1"]:
        axv = None if ax == "None" else tuple(int(x) for x in ax.split(","))
        if axv is not None and max(abs(x) for x in axv) >= len(s) + (1 if min(axv) < 0 else 0):
            continue
        F("fftshift", [a], lambda a=a, axv=axv: np.fft.fftshift(a, axv), axes=ax)
        F("ifftshift", [a], lambda a=a, axv=axv: np.fft.ifftshift(a, axv), axes=ax)

for name, rows in [("linalg.tsv", LINALG), ("fft.tsv", FFT)]:
    with open(os.path.join(HERE, "data", name), "w") as fh:
        fh.write("\n".join(rows) + "\n")
    print(name, len(rows))
