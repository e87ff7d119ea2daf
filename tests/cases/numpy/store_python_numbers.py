# Storing numbers into arrays as NumPy 2 checks them: a Python float
# NaN or infinity into an integer dtype raises, a float is truncated and
# must fit like a Python int, a complex into a real dtype is a TypeError,
# a big int into a float or bool dtype is fine. NumPy scalars through
# basic indexing are checked like Python numbers for signed dtypes and
# wrap for unsigned ones; advanced indexing casts them.
import numpy as np


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


attempt("asarray nan int16", lambda: np.asarray(np.nan, dtype=np.int16))
attempt("asarray inf uint64", lambda: np.asarray(-np.inf, dtype=np.uint64))
attempt("asarray 1e10 int16", lambda: np.asarray(1e10, dtype=np.int16))
attempt("asarray 1e300 int16", lambda: np.asarray(1e300, dtype=np.int16))
attempt("asarray -2.5 uint8", lambda: np.asarray(-2.5, dtype=np.uint8))
attempt("asarray -0.5 uint8", lambda: np.asarray(-0.5, dtype=np.uint8))
attempt("asarray 2.5 int16", lambda: np.asarray(2.5, dtype=np.int16))
attempt("asarray 1e19 uint64", lambda: np.asarray(1e19, dtype=np.uint64))
attempt("asarray complex int8", lambda: np.asarray(complex(1, -2), dtype=np.int8))
attempt("asarray complex float16", lambda: np.asarray(1j, dtype=np.float16))
attempt("asarray 2**70 float64", lambda: np.asarray(2**70, dtype=np.float64))
attempt("asarray 2**70 float16", lambda: np.asarray(2**70, dtype=np.float16))
attempt("asarray 2**70 bool", lambda: np.asarray(2**70, dtype=np.bool))
attempt("asarray 2**70 int64", lambda: np.asarray(2**70, dtype=np.int64))
attempt("array list inf int32", lambda: np.array([1.5, np.inf], dtype=np.int32))
attempt("array list complex int8", lambda: np.array([1, 1 + 2j], dtype=np.int8))
attempt("array list 2**70 complex64", lambda: np.array([2**70], dtype=np.complex64))
attempt("array numpy nan int16", lambda: np.array([np.float32(np.nan)], dtype=np.int16))
attempt("array numpy 300 int8", lambda: np.array([np.int64(300)], dtype=np.int8))
attempt("array numpy -1 uint8", lambda: np.array([np.int64(-1), np.float64(-2.5)], dtype=np.uint8))
attempt("asarray numpy nan int16", lambda: np.asarray(np.float64(np.nan), dtype=np.int16))

a = np.zeros(3, dtype=np.int32)
for index in [0, [0, 1], a > -1, slice(None)]:
    for value in [np.inf, np.nan, 1e10, 2.5, 1j, 2**40]:
        b = a.copy()

        def store():
            b[index] = value
            return b

        attempt(f"int32[{index!r}] = {value!r}", store)

for dt in [np.int8, np.uint8, np.uint32]:
    for value in [np.int64(300), np.int64(-1), np.float64(-2.5), np.float64(np.inf), np.float64(np.nan), np.complex128(complex(300, 1))]:
        b = np.zeros(2, dtype=dt)

        def basic():
            b[0] = value
            return b

        c = np.zeros(2, dtype=dt)

        def fancy():
            c[[0]] = value
            return c

        attempt(f"{np.dtype(dt)}[0] = {value!r}", basic)
        attempt(f"{np.dtype(dt)}[[0]] = {value!r}", fancy)

m = np.zeros((1, 3), dtype=np.uint64)


def fancy_out_of_bounds():
    m[[[0], [1]]] = complex(1, -2)


attempt("value checked before fancy bounds", fancy_out_of_bounds)
z = np.array(65535, dtype=np.int32)


def too_many():
    z[[0, -1]] = complex(1, -2)


attempt("index structure checked first", too_many)
e = np.zeros((2, 3), dtype=np.int8)
f = np.zeros(3, dtype=np.complex128)


def sequence_int():
    e[0, 0] = np.array([1], dtype=np.int8)


def sequence_complex():
    f[np.array(0)] = np.array([1.0])


def zero_d_ok():
    e[0, 0] = np.array(7)
    return e[0]


attempt("int element = 1-d array", sequence_int)
attempt("complex element = 1-d array", sequence_complex)
attempt("int element = 0-d array", zero_d_ok)
attempt("0-d int array index", lambda: np.arange(5)[np.array(3)])
