# Structured dtypes in promotion and casting (result_type, promote_types,
# can_cast), and np.unique, np.where, np.append and the stacking
# functions on records.
import numpy as np

a = np.dtype('i4,f8')
b = np.dtype('i8,f8')
c = np.dtype([('x', 'i4'), ('y', 'f8')])
for f in [lambda: np.result_type(a, a), lambda: np.result_type(a, b), lambda: np.promote_types(a, a),
          lambda: np.promote_types(a, b), lambda: np.promote_types(a, c), lambda: np.result_type(a, 'f8'),
          lambda: np.promote_types(a, 'f8'), lambda: np.promote_types(a, np.dtype([('f0', 'i4')])),
          lambda: np.promote_types(a, np.dtype('i4,(2,)f8')), lambda: np.result_type(a, 1),
          lambda: np.promote_types(np.dtype('u1,U2'), np.dtype('i2,U5')),
          lambda: np.can_cast(a, b), lambda: np.can_cast(b, a), lambda: np.can_cast(b, a, 'same_kind'),
          lambda: np.can_cast(b, a, 'unsafe'), lambda: np.can_cast(a, c), lambda: np.can_cast(a, 'f8'),
          lambda: np.can_cast('f8', a), lambda: np.can_cast('f8', a, 'unsafe'), lambda: np.can_cast(a, 'f8', 'unsafe'),
          lambda: np.can_cast(a, a, 'no'), lambda: np.can_cast(a, a, 'equiv'), lambda: np.can_cast(a, np.dtype('i4,(2,)f8')),
          lambda: np.can_cast(np.dtype('f8,i4'), np.dtype('f4,i4'), 'same_kind'), lambda: np.can_cast(np.dtype('f8,i4'), np.dtype('i4,i4'), 'same_kind'),
          lambda: np.min_scalar_type(np.zeros(1, a)), lambda: np.common_type(np.zeros(1, a)),
          lambda: np.result_type(np.zeros(1, a), np.zeros(1, a)), lambda: np.issubdtype(a, np.generic)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

r = np.array([(1, 2.), (1, 2.), (0, 1.), (1, 3.)], dtype=a)
print(repr(np.unique(r)))
u, i, inv, cnt = np.unique(r, return_index=True, return_inverse=True, return_counts=True)
print(repr(u), repr(i), repr(inv), repr(cnt))
print(repr(np.where([True, False], np.zeros(2, a), np.ones(2, a))))
print(repr(np.where(r['f0'] > 0, r, np.array((9, 9.), dtype=a))))
print(repr(np.append(r[:1], r[1:2])))
try:
    np.append(r[:1], [(5, 5.)])
except Exception as e:
    print(type(e).__name__ + ':', e)
print(repr(np.stack([r[:2], r[2:]])), repr(np.vstack([r[:2], r[2:]])), repr(np.hstack([r[:1], r[3:]])))
print(repr(np.concatenate([np.zeros(1, a), np.ones(1, b)])))
print(repr(np.concatenate([r[:1], r[:1]], axis=None)))
names = np.array([('x', 1), ('y', 2), ('x', 1)], dtype=[('k', 'U1'), ('v', 'i2')])
print(repr(np.unique(names)), repr(np.unique(names, return_counts=True)[1]))
