# Found by the fuzzer (seeds 4106-4110): a scalar minus, plus or from a
# complex array with a NaN or an infinite part keeps the other part (on
# the npu CANN's Add/Sub run without multiplying by a complex alpha), and
# a complex product with initial= starts from initial and multiplies
# element by element, as NumPy's loop does.
import numpy as np

z = np.array([complex(1.5, np.nan), complex(np.nan, 1.5), complex(1.5, 1.5)], dtype=np.complex64)
print(repr(2 - z))
print(repr(z - 2))
print(repr(z + 2))
print(repr(2 + z))
print(repr(2.5 - z.astype(np.complex128)))
print(repr(2 - np.array(complex(1.5, 1e+300), dtype=np.complex64)))
print(repr(np.array([1 + 2j]) + np.array([complex(np.nan, 1)])))
print(repr(np.array([1 + 2j]) - np.array([complex(1, np.inf)])))

a = np.array([complex(1.5, 1.5)] * 3, dtype=np.complex64)
print(repr(np.prod(a, initial=complex(0.1, 0.5))))
print(repr(np.prod(a, initial=complex(1.5, np.inf))))
print(repr(np.prod(a.astype(np.complex128), initial=complex(2, 0.5))))
b = np.array([[[complex(1.5, 1.5), complex(1.5, 1.5)]], [[complex(1.5, 1.5), complex(1.5, 1.5)]]], dtype=np.complex64)
print(repr(np.prod(b, axis=2, initial=complex(1.5, np.inf))))
m = np.array([[1 + 1j, 2 - 1j], [0.5j, 3 + 0j]], dtype=np.complex64)
print(repr(np.prod(m, axis=0, initial=2j)))
print(repr(m.prod(initial=1 - 1j, keepdims=True)))
print(repr(np.prod(np.zeros((0, 2), dtype=np.complex64), axis=0, initial=3j)))
