#!/usr/bin/env python3
"""Writes the NumPy-made files npu/tests/io_numpy.rs reads, into
npu/tests/data/io/, and expected.txt: one line per (file, member) with
`name<TAB>dtype<TAB>shape<TAB>hex of the C-order little-endian bytes`.

Also defines `sample(dtype_name, shape)`, the deterministic arrays both this
script and the Rust test build (the Rust side writes them, numpy checks).

Run from the repository root: python3 npu/tests/gen_io.py
"""
import os
import zipfile

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "io")
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "float32", "float64", "complex64", "complex128"]


def sample(name, shape):
    """k-th element: a value built from k that every dtype can hold."""
    n = int(np.prod(shape))
    k = np.arange(n)
    dt = np.dtype(name)
    if dt.kind == "b":
        v = (k % 3) == 1
    elif dt.kind in "iu":
        v = (k * 37 + 5) % 100
        if dt.kind == "i":
            v = v - 50
    elif dt.kind == "f":
        v = (k - 2.5) * 0.75
    else:
        v = (k - 2.5) * 0.75 + 1j * (k * 0.5 - 1)
    return np.asarray(v).astype(dt).reshape(shape)


def le_hex(a):
    a = np.ascontiguousarray(a)
    return a.astype(a.dtype.newbyteorder("<")).tobytes().hex()


def line(name, a):
    a = np.asarray(a)
    shape = "x".join(str(d) for d in a.shape) or "()"
    return f"{name}\t{a.dtype.name}\t{shape}\t{le_hex(a)}"


def main():
    os.makedirs(HERE, exist_ok=True)
    exp = []
    for d in DTYPES:
        a = sample(d, (2, 3))
        np.save(os.path.join(HERE, f"{d}.npy"), a)
        exp.append(line(f"{d}.npy", a))
    # Big-endian, Fortran order, 0-d, empty, 1-d, versions 2.0 and 3.0.
    for d in ["int32", "float64", "complex128", "uint16", "float16"]:
        a = sample(d, (3, 2)).astype(np.dtype(d).newbyteorder(">"))
        np.save(os.path.join(HERE, f"be_{d}.npy"), a)
        exp.append(line(f"be_{d}.npy", a))
    f = np.asfortranarray(sample("float64", (3, 4)))
    np.save(os.path.join(HERE, "fortran.npy"), f)
    exp.append(line("fortran.npy", f))
    f3 = np.asfortranarray(sample("int16", (2, 3, 4)))
    np.save(os.path.join(HERE, "fortran3d.npy"), f3)
    exp.append(line("fortran3d.npy", f3))
    z = np.float64(-7.25)
    np.save(os.path.join(HERE, "scalar.npy"), z)
    exp.append(line("scalar.npy", z))
    e = np.zeros((0, 3), dtype=np.int64)
    np.save(os.path.join(HERE, "empty.npy"), e)
    exp.append(line("empty.npy", e))
    for ver in [(2, 0), (3, 0)]:
        a = sample("float32", (5,))
        with open(os.path.join(HERE, f"v{ver[0]}.npy"), "wb") as fh:
            np.lib.format.write_array(fh, a, version=ver)
        exp.append(line(f"v{ver[0]}.npy", a))
    # npz, stored and deflated.
    a, b = sample("int64", (4,)), sample("complex64", (2, 2))
    np.savez(os.path.join(HERE, "stored.npz"), a, b=b)
    np.savez_compressed(os.path.join(HERE, "deflated.npz"), x=sample("float64", (10, 10)), y=sample("bool", (7,)))
    exp.append(line("stored.npz/arr_0", a))
    exp.append(line("stored.npz/b", b))
    exp.append(line("deflated.npz/x", sample("float64", (10, 10))))
    exp.append(line("deflated.npz/y", sample("bool", (7,))))
    # Text.
    txt = "# a comment\n1 2 3\n4.5 -5 6e2  # trailing\n\n7 8 9\n"
    with open(os.path.join(HERE, "plain.txt"), "w") as fh:
        fh.write(txt)
    exp.append(line("plain.txt", np.loadtxt(os.path.join(HERE, "plain.txt"))))
    exp.append(line("plain.txt:usecols", np.loadtxt(os.path.join(HERE, "plain.txt"), usecols=(0, -1))))
    exp.append(line("plain.txt:skiprows", np.loadtxt(os.path.join(HERE, "plain.txt"), skiprows=2)))
    csv = "h1,h2,h3\n1,2,3\n4,5,6\n"
    with open(os.path.join(HERE, "ints.csv"), "w") as fh:
        fh.write(csv)
    exp.append(line("ints.csv", np.loadtxt(os.path.join(HERE, "ints.csv"), delimiter=",", skiprows=1, dtype=np.int32)))
    exp.append(line("ints.csv:col", np.loadtxt(os.path.join(HERE, "ints.csv"), delimiter=",", skiprows=1, usecols=(1,), ndmin=2)))
    exp.append(line("ints.csv:row", np.loadtxt(os.path.join(HERE, "ints.csv"), delimiter=",", skiprows=2)))
    gen = "a,b,c\n1,,3\n4,5,x\n%7,8,9\n"
    with open(os.path.join(HERE, "missing.csv"), "w") as fh:
        fh.write(gen)
    exp.append(line("missing.csv", np.genfromtxt(os.path.join(HERE, "missing.csv"), delimiter=",", skip_header=1, comments="%")))
    exp.append(line("missing.csv:usecols", np.genfromtxt(os.path.join(HERE, "missing.csv"), delimiter=",", skip_header=1, usecols=(0, 2))))
    # Bad files.
    good = open(os.path.join(HERE, "float64.npy"), "rb").read()
    with open(os.path.join(HERE, "bad_truncated.npy"), "wb") as fh:
        fh.write(good[:-8])
    with open(os.path.join(HERE, "bad_header_eof.npy"), "wb") as fh:
        fh.write(good[:20])
    with open(os.path.join(HERE, "bad_magic.npy"), "wb") as fh:
        fh.write(b"XYZ" + good[3:])
    with open(os.path.join(HERE, "bad_header.npy"), "wb") as fh:
        fh.write(good[:10] + b"{garbage here" + good[23:])
    with open(os.path.join(HERE, "bad_empty.npy"), "wb") as fh:
        pass
    with open(os.path.join(HERE, "expected.txt"), "w") as fh:
        fh.write("\n".join(exp) + "\n")


if __name__ == "__main__":
    main()
