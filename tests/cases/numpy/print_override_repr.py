# xpush: skip-device=npu
# override_repr= (repr and np.array_repr, reset by set_printoptions, its errors) and a formatter returning '' (NumPy's ValueError, but not for 0-d or under legacy='1.13').
import numpy as np
np.set_printoptions(override_repr=lambda a: 'ARR' + str(a.shape))
print(repr(np.arange(3)), [np.arange(2)], str(np.arange(2)), np.array_repr(np.arange(2)))
print({'a': np.zeros((2, 2))}, np.get_printoptions()['override_repr'] is not None)
np.set_printoptions(precision=3)
print(repr(np.arange(3)), np.get_printoptions()['override_repr'])
with np.printoptions(override_repr=lambda a: 'X'):
    print(repr(np.ones(2)), repr(np.float64(2)))
print(repr(np.ones(2)))
np.set_printoptions(override_repr=lambda a: 5)
try:
    print(repr(np.arange(3)))
except Exception as e:
    print(type(e).__name__, e)
np.set_printoptions(override_repr=None)
def boom(a):
    raise KeyError('nope')
np.set_printoptions(override_repr=boom)
try:
    print(repr(np.arange(3)))
except Exception as e:
    print(type(e).__name__, e)
np.set_printoptions(override_repr=None, precision=8)
for a in [np.arange(3), np.arange(3.), np.array(4)]:
    for leg in [False, '1.13']:
        try:
            print(repr(np.array2string(a, formatter={'all': lambda x: ''}, legacy=leg)))
        except Exception as e:
            print(type(e).__name__, e)
np.set_printoptions(formatter={'float': lambda x: ''})
try:
    print(repr(np.arange(3.)))
except Exception as e:
    print(type(e).__name__, e)
print(repr(np.arange(3)))
np.set_printoptions(formatter=None)
