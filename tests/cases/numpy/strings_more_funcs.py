# xpush: skip-device=npu
# The rest of np.strings and np.char: expandtabs (in the width NumPy sizes it
# to), encode/decode, translate, slice, partition/rpartition, and
# np.char's split/rsplit/splitlines into object arrays of lists.
import numpy as np
a = np.array(['a\tbc', 'hello world', 'x=y=z'])
print(repr(np.strings.expandtabs(a)), repr(np.strings.expandtabs(a, 2)), repr(np.char.expandtabs(a, 3)))
print(repr(np.strings.expandtabs(np.array(['a\tb'], dtype='U9'), 4)), repr(np.strings.expandtabs(np.array(['\t\t']), 0)), repr(np.strings.expandtabs(np.array([b'ab\n\tc']))))
print(repr(np.strings.encode(a)), repr(np.strings.encode(np.array(['é']), 'utf-8')), repr(np.char.encode(a, 'ascii')))
b = np.strings.encode(a)
print(repr(np.strings.decode(b)), repr(np.char.decode(b, 'latin-1')))
print(repr(np.strings.partition(a, '=')), repr(np.char.partition(a, '=')), repr(np.strings.rpartition(a, '=')), repr(np.char.rpartition(a, '=')))
print(repr(np.strings.partition(np.array(['ab'], dtype='U7'), 'a')))
print(repr(np.strings.partition(np.array([b'a-b', b'c']), b'-')))
print(repr(np.strings.partition(np.array([['a-b'], ['cbd']]), np.array(['-', 'b']))))
print(repr(np.strings.slice(a, 2)), repr(np.strings.slice(a, 1, 4)), repr(np.strings.slice(a, None, None, -1)), repr(np.strings.slice(a, 0, None, 2)))
print(repr(np.strings.slice(np.array(['hello']), np.array([1, 2]))), repr(np.strings.slice(np.array(['hello'], dtype='U8'), 1)))
print(repr(np.strings.slice(np.array([b'hello', b'ab']), -3, None)), repr(np.strings.slice(a, 2, None)))
t = str.maketrans('abc', 'xyz')
print(repr(np.strings.translate(a, t)), repr(np.strings.translate(np.array(['abc']), {97: 'AAAA'})), repr(np.strings.translate(np.array(['abc']), {97: 'x', 99: None})))
print(repr(np.strings.translate(b, None, b'l')))
print(repr(np.char.split(a)), repr(np.char.split(a, '=', 1)), repr(np.char.rsplit(a, '=', 1)), repr(np.char.splitlines(np.array(['a\nb', 'c\r\nd\n']), 1)))
print(repr(np.char.split(np.array([['a b', 'c'], ['d e f', '']]))))
print(repr(np.strings.replace(np.array(['a']), 'a', '')))
for bad in [lambda: np.strings.slice(a, 0, 3, 0), lambda: np.strings.partition(a, ''), lambda: np.strings.slice(a, 1.5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
# dtype.str and str(dtype) keep a width of 0; repr leaves it out.
d = np.dtype('U')
print(str(d), repr(d), d.str, str(np.dtype('S')), np.dtype('S').str)
print(np.strings.partition(np.array(['ab']), 'x')[1].dtype.str)
