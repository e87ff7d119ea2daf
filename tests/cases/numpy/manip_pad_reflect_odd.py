import numpy as np
a = np.array([1, 2, 3, 5])
for mode in ['reflect', 'symmetric']:
    print(mode, np.pad(a, 2, mode=mode, reflect_type='odd'))
    print(mode, np.pad(a, (3, 5), mode=mode, reflect_type='odd'))
    print(mode, np.pad(a, 11, mode=mode, reflect_type='odd'))
    print(mode, np.pad(a, (0, 9), mode=mode, reflect_type='even'))
    print(mode, np.pad(np.array([7]), 3, mode=mode, reflect_type='odd'))
    print(mode, np.pad(np.array([4, 9]), (5, 4), mode=mode, reflect_type='odd'))
b = np.arange(6).reshape(2, 3) ** 2
print(np.pad(b, 1, mode='reflect', reflect_type='odd'))
print(np.pad(b, ((3, 2), (2, 5)), mode='symmetric', reflect_type='odd'))
print(np.pad(b, ((0, 0), (4, 4)), 'reflect', reflect_type='odd'))
f = np.array([0.5, 1.25, 3.0], dtype=np.float32)
r = np.pad(f, 4, mode='symmetric', reflect_type='odd')
print(r, r.dtype)
u = np.pad(np.array([1, 5, 2], dtype=np.uint8), 3, mode='reflect', reflect_type='odd')
print(u, u.dtype)
i8 = np.pad(np.array([100, 120], dtype=np.int8), 3, mode='symmetric', reflect_type='odd')
print(i8, i8.dtype)
c = np.pad(np.array([1 + 2j, 3 - 1j]), 2, mode='symmetric', reflect_type='odd')
print(c)
t = np.pad(np.array([True, False, False]), 2, mode='reflect', reflect_type='odd')
print(t, t.dtype)
print(repr(np.pad(a, 2, mode='reflect', reflect_type='other')))
print(repr(np.pad(np.arange(3.0), 0, mode='reflect', reflect_type='odd')))
try:
    np.pad(np.zeros((0, 2)), 1, mode='reflect', reflect_type='odd')
except ValueError as e:
    print('ValueError', e)
try:
    np.pad(a, 1, mode='edge', reflect_type='odd')
except ValueError as e:
    print('ValueError', e)
