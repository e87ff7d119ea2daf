# xpush: skip-device=npu
# legacy='1.13' 0-d object arrays (repr of the item, a list without list(...)), floatmode='fixed' with sign='+' in scientific notation, get_printoptions after resetting.
import numpy as np
np.set_printoptions(legacy='1.13', floatmode='maxprec')
a = np.empty((), dtype=object); a[()] = [1, 2]
print(repr(a), str(a), repr(np.array([[1, 2], [3]], dtype=object)))
np.set_printoptions(legacy=False, floatmode='fixed', precision=3, sign='+')
print(repr(np.array([1e-5, 1.0])), repr(np.array([1e-5+1j])), np.float64(-2.5), repr(np.float64(2.5)))
np.set_printoptions(floatmode='maxprec', precision=8, sign='-')
print(np.get_printoptions())
