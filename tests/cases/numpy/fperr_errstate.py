# xpush: skip-device=npu
# np.errstate, np.seterr and np.geterr; FloatingPointError under 'raise';
# NumPy's RuntimeWarnings recorded by warnings.catch_warnings.
import warnings

import numpy as np


def messages(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            result = f()
        except FloatingPointError as e:
            result = f"FloatingPointError: {e}"
    return result, [(x.category.__name__, str(x.message)) for x in w]


a = np.array([1.0, 0.0, -1.0])
print(messages(lambda: a / 0))
print(messages(lambda: np.log(a)))
print(messages(lambda: np.divmod(a, 0)))
print(messages(lambda: np.array([1, 2]) // 0))
print(messages(lambda: np.array([1e308]) * 10))
print(messages(lambda: np.array([np.inf]) - np.inf))
print(messages(lambda: np.array([np.nan]) + 1))
print(messages(lambda: np.float64(0.0) / 0))
print(messages(lambda: np.int64(2**62) * 4))
print(messages(lambda: np.float32(1e30) * np.float32(1e30)))
print(messages(lambda: np.array([0.0]) ** -1))
print(messages(lambda: np.array([-4.0]) ** 0.5))
print(messages(lambda: np.fmod(a, 0)))
print(messages(lambda: np.tan(np.array([np.pi / 2]))))
print(sorted(np.geterr().items()))
with np.errstate(all="raise"):
    print(messages(lambda: np.log(np.array([0.0]))))
    with np.errstate(divide="ignore"):
        print(messages(lambda: np.log(np.array([0.0, -1.0]))))
    print(messages(lambda: np.sqrt(np.array([-1.0]))))
old = np.seterr(over="ignore", invalid="raise")
print(sorted(old.items()), sorted(np.geterr().items()))
print(messages(lambda: np.exp(np.array([1e4]))))
print(messages(lambda: np.sqrt(np.array([-1.0]))))
np.seterr(**old)
print(np.geterr() == old)
try:
    np.seterr(divide="loud")
except ValueError as e:
    print("ValueError:", e)
with warnings.catch_warnings():
    warnings.simplefilter("error", RuntimeWarning)
    try:
        np.log(np.array([0.0]))
    except RuntimeWarning as e:
        print("raised:", type(e).__name__, e)
    try:
        np.zeros(2) / 0
    except Warning as e:
        print("raised:", type(e).__name__, e)
b = np.array([2.0, 0.0])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    np.log(b, out=b)
    c = np.array([np.nan, 1.0])
    c += 1
    d = np.array([3, 4])
    d //= 0
print(b, c, d, [str(x.message) for x in w])
state = np.errstate(divide="loud")
try:
    with state:
        print("not reached")
except ValueError as e:
    print("ValueError:", e)
