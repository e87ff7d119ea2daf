# xpush: skip-device=npu
# np.strings/np.char isdecimal, isnumeric, istitle, index, rindex
import numpy as np
a = np.array(['12', 'a1', '\u00bd', 'Title Case', '', 'x\ty', '\u0663'])
print(repr(np.strings.isdecimal(a)), repr(np.strings.isnumeric(a)), repr(np.strings.istitle(a)))
print(repr(np.char.isdecimal(a)), repr(np.char.isnumeric(a)), repr(np.char.istitle(a)))
print(repr(np.strings.index(['abc', 'cab'], 'a')), repr(np.strings.rindex(['abca'], 'a')), repr(np.strings.index(['abcab'], 'b', 2)))
print(repr(np.char.index(np.array([['ab'], ['ba']]), 'a')), repr(np.char.rindex(['abab'], 'ab', 0, 3)))
try:
    np.strings.index(['abc', 'x'], 'a')
except Exception as e:
    print(type(e).__name__, e)
try:
    np.char.rindex(['abc'], 'z')
except Exception as e:
    print(type(e).__name__, e)
print(repr(np.strings.istitle(np.array([b'Ab', b'ab']))))
