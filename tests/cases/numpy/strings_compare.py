# xpush: skip-device=npu
# np.char/np.strings comparisons, compare_chararrays; comparison ufuncs and np.add on strs and lists of strs
import numpy as np
a = np.array(['a ', 'b', 'c  '])
b = np.array(['a', 'b ', 'd'])
print(repr(np.char.equal(a, b)), repr(np.strings.equal(a, b)), repr(np.char.less(a, b)), repr(np.char.not_equal(a, b)))
print(repr(np.char.greater(a, b)), repr(np.char.greater_equal(a, b)), repr(np.char.less_equal(a, b)))
print(repr(np.strings.less(a, b)), repr(np.strings.greater(a, b)), repr(np.strings.not_equal(a, b)), repr(np.strings.greater_equal(a, b)), repr(np.strings.less_equal(a, b)))
print(repr(np.char.compare_chararrays(a, b, '==', True)), repr(np.char.compare_chararrays(a, b, '<', False)))
print(repr(np.char.equal('a ', 'a')), repr(np.char.greater([b'x '], [b'x'])), repr(np.strings.equal('a', 'a')))
print(repr(np.char.equal(np.array(['a\t']), np.array(['a']))), repr(np.char.equal(np.array([' a']), np.array(['a']))))
print(repr(np.char.equal(np.array([['a', 'b ']]), np.array(['a', 'b']))))
for bad in [lambda: np.char.compare_chararrays(a, b, 'x', True), lambda: np.char.equal(np.array([1]), np.array([1])),
            lambda: np.char.compare_chararrays(a, np.array(['a', 'b']), '==', True)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
# NumPy's comparison ufuncs take strs and lists of strs as string arrays
print(repr(np.equal(['a'], ['a'])), repr(np.equal(np.array('a'), 'a')), repr(np.equal('a', 'a')), repr(np.less('a', 'b')), repr(np.not_equal(b'a', b'a')))
print(repr(np.equal(['a', 'b'], 'a')), repr(np.greater([['b'], ['a']], ['a', 'b'])), repr(np.add(['a'], 'b')), repr(np.add('x', ['y', 'zz'])))
