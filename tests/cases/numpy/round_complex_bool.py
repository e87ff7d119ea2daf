# np.round of complex rounds each part as a float (an infinite part stays,
# a zero keeps its sign); of bool it is float16 (rint), and with decimals
# NumPy's TypeError from the scaling multiply or divide.
import numpy as np

c = np.array([complex(-0.0, 0.5), complex(1.5, np.inf), complex(0.0, 1e300), complex(0.1, 1e10)], dtype=np.complex64)
print(repr(np.round(c, 2)))
print(repr(np.round(np.array([complex(0.125, -2.675)]), 2)), repr(np.round(np.array([complex(1234.5, -0.4)]), -2)))
print(repr(np.round(np.array([0.1], dtype=np.float32), 2)), repr(np.round(np.array([0.1 + 0j], dtype=np.complex64), 2)))
print(repr(np.round(np.complex128(2.5 + 3.5j))))
b = np.array([True, False])
print(repr(np.round(b)), repr(np.round(b, 0)), repr(np.round(np.True_)), repr(np.rint(b)))
for d in [1, -1]:
    try:
        np.round(b, d)
    except TypeError as e:
        print("TypeError:", e)
