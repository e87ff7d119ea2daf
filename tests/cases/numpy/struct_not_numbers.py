# Records are not numbers: arithmetic, negation and orderings raise
# NumPy's UFuncTypeError; bool() of one record is whether any field is
# nonzero; a record iterates over its fields; a.fill and np.resize.
import numpy as np
a = np.zeros(3, dtype=[('x', 'i4'), ('y', 'f8')])
for f in [lambda: a + 1, lambda: 1.5 * a, lambda: -a, lambda: abs(a), lambda: a < a, lambda: a + np.arange(3),
          lambda: a['x'] + a, lambda: ~a, lambda: a >= a[0], lambda: a + a,
          lambda: bool(np.zeros(1, 'i4,f8')), lambda: bool(np.ones(1, 'i4,f8')), lambda: bool(np.zeros(1, 'i4,f8')[0]),
          lambda: bool(np.array([(0, 1.)], 'i4,f8')), lambda: bool(np.zeros(1, dtype=[('s', 'U2'), ('o', 'O')])),
          lambda: bool(np.zeros(2, 'i4,f8')), lambda: [tuple(r) for r in a][0]]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
a.fill((1, 2.5))
print(repr(a), repr(np.resize(a, 4)), repr(np.resize(np.array(['a', 'b']), 3)))
