# np.promote_types, np.can_cast, np.result_type, np.min_scalar_type and
# np.common_type where str, bytes, datetime64, timedelta64 or object
# dtypes meet each other and the numbers.
import numpy as np

ds = ['U3', 'U5', 'S2', 'S4', '?', 'i1', 'u1', 'i4', 'i8', 'u8', 'f2', 'f4',
      'f8', 'c8', 'c16', 'M8[D]', 'M8[s]', 'M8', 'm8[D]', 'm8[h]', 'm8[M]',
      'm8', 'O']
for a in ds:
    row = []
    for b in ds:
        try:
            row.append(np.promote_types(a, b).str)
        except TypeError as e:
            row.append(type(e).__name__[:5])
    print(a, ' '.join(row))
for a in ds:
    row = []
    for b in ds:
        row.append(''.join('1' if np.can_cast(a, b, c) else '0'
                           for c in ['no', 'equiv', 'safe', 'same_kind', 'unsafe']))
    print(a, ' '.join(row))


def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)


t(lambda: np.result_type('U3', 'U5'))
t(lambda: np.result_type(np.array(['a']), 'S4'))
t(lambda: np.result_type(np.array(['a']), 1))
t(lambda: np.result_type(np.array(['a']), 1.5))
t(lambda: np.result_type(np.array(['a']), np.int8))
t(lambda: np.result_type(np.array([1], dtype='m8[s]'), 1))
t(lambda: np.result_type(np.array([1], dtype='m8[s]'), 1.5))
t(lambda: np.result_type('M8[D]', 'm8[h]'))
t(lambda: np.result_type(np.array([1], dtype=object), 'U3', 'i4'))
t(lambda: np.result_type(np.array([1], dtype=object), 1.0))
t(lambda: np.result_type('U3', 'i4', 'S30'))
t(lambda: np.promote_types('M8[D]', 'i4'))
t(lambda: np.promote_types('m8[D]', 'm8[M]'))
t(lambda: np.promote_types('U3', 'M8[D]'))
t(lambda: np.promote_types('m8[D]', 'f8'))
t(lambda: np.promote_types(str, np.int16))
t(lambda: np.promote_types(bytes, 'U'))
t(lambda: np.can_cast('U3', 'U2', 'same_kind'))
t(lambda: np.can_cast(np.array(['abc']), 'U2'))
t(lambda: np.can_cast(np.array(['abc']), 'U'))
t(lambda: np.can_cast('i8', str))
t(lambda: np.can_cast(np.float64, object))
t(lambda: np.min_scalar_type('abc'))
t(lambda: np.min_scalar_type(b'ab'))
t(lambda: np.min_scalar_type(np.array(['ab', 'c'])))
t(lambda: np.min_scalar_type(np.datetime64('2020')))
t(lambda: np.common_type(np.array([1], dtype=object)))
t(lambda: np.common_type(np.array([1], dtype='M8[D]')))
t(lambda: np.dtype('S2'))
t(lambda: np.dtype(bytes))
try:
    np.promote_types('M8[D]', 'f8')
except np.exceptions.DTypePromotionError as e:
    print('DTypePromotionError is a TypeError:', isinstance(e, TypeError))
