# xpush: skip-device=npu
# np.strings functions on bytes arrays map bytes' own methods over the
# cells: case changes, padding, and % formatting.
import numpy as np

a = np.array([b'ab cd', b'hELLO wORLD', b''])
print(repr(np.strings.title(a)), repr(np.strings.capitalize(a)), repr(np.strings.swapcase(a)))
print(repr(np.char.title(np.array([b'ab cd']))), repr(np.strings.upper(a)), repr(np.strings.lower(a)))
print(repr(np.strings.isupper(a)), repr(np.strings.islower(a)))
print(repr(np.strings.center(a, 13, b'*')), repr(np.strings.ljust(a, 7)), repr(np.strings.rjust(a, 7, b'.')))
print(repr(np.strings.zfill(np.array([b'-4', b'12']), 4)))
print(repr(np.strings.mod(np.array([b'%d bytes', b'%d bits']), np.array([8, 64]))))
print(repr(np.strings.mod(np.array([b'<%s>', b'%5s|']), b'x')))
print(repr(np.char.mod(np.array([b'%5.2f', b'%.1e']), [1.5, 255])), repr(np.strings.mod(np.array([b'%x|', b'%c']), np.array([255, 65]))))
print(repr(np.strings.ljust(a, 13, '*')), repr(np.strings.center(np.array(['ab']), 4, b'-')))
try:
    np.strings.ljust(a, 13, 'é')
except Exception as e:
    print(type(e).__name__, e)
print(repr(np.strings.mod(np.array(['%d items']), np.array([3]))))
