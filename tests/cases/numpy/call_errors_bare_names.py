# xpush: skip-device=npu
# Argument errors of NumPy's functions name them bare, as NumPy's own
# Python functions do: `zeros() got an unexpected keyword argument 'foo'`.
import numpy as np

calls = [
    lambda: np.array([1], foo=1),
    lambda: np.zeros(3, foo=1),
    lambda: np.arange(3, foo=1),
    lambda: np.linalg.norm([1.0], foo=1),
    lambda: np.concatenate([[1]], foo=1),
    lambda: np.fft.fft([1.0], foo=1),
    lambda: np.linspace(0, 1, foo=2),
    lambda: np.sum(np.arange(2), foo=1),
    lambda: np.random.seed(foo=1),
    lambda: np.array2string(np.arange(2), nanstr="x"),
    lambda: np.where(True, foo=1),
    lambda: np.linspace(0, 1, 5, True, False, float, 0, 7),
]
for call in calls:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
