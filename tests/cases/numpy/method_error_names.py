# xpush: skip-device=npu
# Argument errors of NumPy's methods name them as NumPy does: the methods
# of its compiled classes (ndarray and the scalars, Generator,
# RandomState, SeedSequence, the bit generators) bare, the array
# reductions taking where= as the numpy._core._methods functions they run
# (_sum, _amax), the methods of NumPy's Python classes and of CPython's
# types with their class.
import numpy as np


def show(f):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)


g = np.random.default_rng(0)
rs = np.random.RandomState(0)
a = np.arange(3.0)
x = np.float64(1.5)
show(lambda: g.normal(foo=1))
show(lambda: g.choice(foo=1))
show(lambda: g.permutation(foo=1))
show(lambda: rs.normal(foo=1))
show(lambda: rs.rand(foo=1))
show(lambda: np.random.SeedSequence(0).generate_state(foo=1))
show(lambda: np.random.PCG64(0).jumped(foo=1))
show(lambda: g.bit_generator.random_raw(foo=1))
show(lambda: a.sum(foo=1))
show(lambda: a.prod(foo=1))
show(lambda: a.mean(foo=1))
show(lambda: a.var(foo=1))
show(lambda: a.std(foo=1))
show(lambda: a.max(foo=1))
show(lambda: a.min(foo=1))
show(lambda: a.all(foo=1))
show(lambda: a.any(foo=1))
show(lambda: a.astype(foo=1))
show(lambda: a.copy(foo=1))
show(lambda: a.argsort(foo=1))
show(lambda: a.sort(foo=1))
show(lambda: a.astype(float, foo=1))
show(lambda: x.sum(foo=1))
show(lambda: x.max(foo=1))
show(lambda: x.astype(foo=1))
show(lambda: np.matrix([[1.0]]).sum(foo=1))
show(lambda: [].append())
