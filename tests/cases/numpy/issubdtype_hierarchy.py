# np.issubdtype over NumPy's scalar type hierarchy: numeric, text, object
# and time dtypes (as dtypes, type codes, NumPy and Python types) against
# every abstract type and some concrete ones.
import numpy as np

subs = [np.float32, 'f8', np.int8, 'u2', np.bool_, bool, int, float, complex, np.complex64,
        'U3', np.str_, str, 'S2', np.bytes_, bytes, 'O', object, np.object_,
        'M8[D]', np.datetime64, 'm8[s]', np.timedelta64, np.dtype('<U5'), np.dtype('datetime64[ms]')]
sups = [np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger, np.inexact,
        np.floating, np.complexfloating, np.flexible, np.character, np.str_, np.bytes_,
        np.object_, np.datetime64, np.timedelta64, np.float64, np.int64, 'U', 'M8', float, str]
for s in subs:
    print(s, ''.join('1' if np.issubdtype(s, t) else '0' for t in sups))

print(np.issubdtype(np.array(['a']).dtype, np.character), np.issubdtype(np.array([1.5]).dtype, np.flexible))
print(np.flexible, np.character, issubclass(np.str_, np.character), issubclass(np.float64, np.flexible))
for bad in (np.flexible, np.character):
    try:
        bad()
    except TypeError as e:
        print('TypeError:', e)
a = np.arange(3)
print(issubclass(a.dtype.type, np.integer), issubclass(a.dtype.type, np.floating), issubclass(np.float64, float),
      issubclass(np.int64, int), issubclass(np.complex128, complex), issubclass(np.float32, float),
      issubclass(np.double, np.float64), issubclass(np.bool_, np.number), issubclass(np.float16, np.inexact),
      issubclass(np.float64, (np.integer, np.floating)), issubclass(np.uint8, np.signedinteger))
try:
    np.number()
except TypeError as e:
    print('TypeError:', e)
