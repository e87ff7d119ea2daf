# np.get_printoptions() is a dict (indexable, equal to what
# 'with np.printoptions(...) as opts' binds), as NumPy's is.
import numpy as np
from numpy.testing import assert_equal
print(np.get_printoptions())
print(np.get_printoptions()['precision'], type(np.get_printoptions()).__name__)
with np.printoptions(precision=2) as opts:
    assert_equal(opts, np.get_printoptions())
    print(opts['precision'], np.array([1 / 3]))
print(np.get_printoptions()['precision'])
np.set_printoptions(precision=3, suppress=True)
o = np.get_printoptions()
print(o['precision'], o['suppress'])
np.set_printoptions(**{k: v for k, v in o.items() if k in ('precision', 'suppress')})
np.set_printoptions(precision=8, suppress=False)
print(np.get_printoptions() == {'edgeitems': 3, 'threshold': 1000, 'floatmode': 'maxprec', 'precision': 8, 'suppress': False, 'linewidth': 75, 'nanstr': 'nan', 'infstr': 'inf', 'sign': '-', 'formatter': None, 'legacy': False, 'override_repr': None})
