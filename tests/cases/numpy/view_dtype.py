# ndarray.view with a dtype (the bytes read as another type, the last
# axis rescaled when the item size differs), getfield and setfield, with
# NumPy's errors.
import numpy as np


def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


a = np.arange(4, dtype=np.float32)
m = np.arange(12, dtype=np.int32).reshape(3, 4)

print("-- view")
t(lambda: a.view(np.int32))
t(lambda: a.view('u1'))
t(lambda: a.view(np.float64))
t(lambda: a.view(np.int8).shape)
t(lambda: m.view(np.int64))
t(lambda: m.view(np.int16).shape)
t(lambda: m.T.view(np.int64))
t(lambda: m[:, ::2].view(np.int64))
t(lambda: m[::2].view(np.int64))
t(lambda: m.T.view(np.uint32))
t(lambda: m.view(np.float32))
t(lambda: np.array(1.5, dtype=np.float64).view(np.int64))
t(lambda: np.array(1.5, dtype=np.float64).view(np.int32))
t(lambda: np.float64(1.5).view(np.int64))
t(lambda: np.float32(-0.0).view(np.uint32))
t(lambda: np.arange(3).view(np.float32))
t(lambda: np.arange(3, dtype=np.int16).view(np.int32))
t(lambda: np.arange(4, dtype=np.int64).view(np.int8).reshape(4, 8)[:, 0])
t(lambda: a.view())
t(lambda: a.view(np.ndarray))
t(lambda: a.view(type=np.ndarray))
t(lambda: a.view(dtype=np.uint32))
t(lambda: np.array([1, 0, 2], dtype=np.uint8).view(bool))
t(lambda: np.array([1 + 2j]).view(np.float64))
t(lambda: np.array([1., 2.], dtype=np.float64).view(np.complex128))
t(lambda: np.array([1., 2., 3.], dtype=np.float64).view(np.complex128))
t(lambda: np.array([1.0, -2.5, np.inf, np.nan], dtype=np.float16).view(np.uint16))
t(lambda: a.view(3))
v = a.view()
v[0] = 7
t(lambda: a)

print("-- getfield")
t(lambda: a.getfield(np.int16, 2))
t(lambda: a.getfield(np.int16))
t(lambda: a.getfield(np.int32, 2))
t(lambda: a.getfield(np.int64))
t(lambda: a.getfield(np.int16, -2))
t(lambda: np.array([1.0], dtype=np.float64).getfield(np.float32, 4))
t(lambda: m.getfield(np.uint8, 1))
t(lambda: m.view(np.uint8)[0])

print("-- setfield")
b = np.zeros(3, dtype=np.int32)
b.setfield(np.int16(-1), np.int16, 2)
t(lambda: b)
b.setfield([1, 2, 3], np.int8, 0)
t(lambda: b)
t(lambda: b.setfield(1, np.int64, 0))
c = np.zeros(2, dtype=np.float64)
c.setfield(np.float32(1.5), np.float32, 4)
t(lambda: c)
d = np.zeros((2, 2), dtype=np.uint16)
d.setfield(255, np.uint8, 1)
t(lambda: d)
