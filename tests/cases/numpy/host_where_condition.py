# np.where with a host-array condition (object or text): the truth of its
# elements, numbers chosen as numbers; one of x and y alone is NumPy's error.
import numpy as np
o = np.array([1, None, 'x', 0], dtype=object)
print(repr(np.where(o, o, 0)), repr(np.where(np.array(['a', '']), 1, 2)), repr(np.where(o, 'y', 'n')))
for args in [(o, o), (o, 0)]:
    try:
        print(repr(np.where(*args)))
    except Exception as e:
        print(type(e).__name__, e)
