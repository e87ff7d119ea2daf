# Identity and membership with records (is, in), record dtypes equal to their
# specs, and a subarray dtype as a field's format.
import numpy as np
a = np.zeros(2, dtype=[('x', 'i4'), ('y', 'f8')])
r = np.rec.array(a)
print(a is None, a is a, a is not None, r.dtype == [('x', 'i4'), ('y', 'f8')], r.dtype == np.dtype([('x', 'i4'), ('y', 'f8')]))
print(a[0] in a)
print(repr(np.zeros(1, dtype=[('a', ('f8', (2,)))])))
