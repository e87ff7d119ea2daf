# np.pad's docstring examples and the modes NumPy computes from the values:
# linear_ramp with end_values, maximum/minimum/mean/median with stat_length,
# empty, a function filling each padded vector in place, pad_width as a dict;
# NumPy's errors for a mode's foreign keywords.
import numpy as np
import numpy as np
a = [1, 2, 3, 4, 5]
_r = (np.pad(a, (2, 3), 'constant', constant_values=(4, 6))
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2, 3), 'edge')
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2, 3), 'linear_ramp', end_values=(5, -4))
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2,), 'maximum')
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2,), 'mean')
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2,), 'median')
)
if _r is not None: print(repr(_r))
a = [[1, 2], [3, 4]]
_r = (np.pad(a, ((3, 2), (2, 3)), 'minimum')
)
if _r is not None: print(repr(_r))
a = [1, 2, 3, 4, 5]
_r = (np.pad(a, (2, 3), 'reflect')
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2, 3), 'symmetric')
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, (2, 3), 'wrap')
)
if _r is not None: print(repr(_r))
def pad_with(vector, pad_width, iaxis, kwargs):
    pad_value = kwargs.get('padder', 10)
    vector[:pad_width[0]] = pad_value
    vector[-pad_width[1]:] = pad_value
a = np.arange(6)
a = a.reshape((2, 3))
_r = (np.pad(a, 2, pad_with)
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, 2, pad_with, padder=100)
)
if _r is not None: print(repr(_r))
a = np.arange(1, 7).reshape(2, 3)
_r = (np.pad(a, {1: (1, 2)})
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, {-1: 2})
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, {0: (3, 0)})
)
if _r is not None: print(repr(_r))
_r = (np.pad(a, {0: (3, 0), 1: 2})
)
if _r is not None: print(repr(_r))

a = np.array([[1, 2, 9], [4, 7, 6]])
print(np.pad(a, 1, 'mean'), np.pad(a, (1, 2), 'median', stat_length=1))
print(np.pad(a.astype(float), ((0, 1), (2, 0)), 'mean', stat_length=((1, 2), (2, 1))))
print(np.pad(a, 2, 'linear_ramp', end_values=((0, 10), (-5, 5))))
print(np.pad(np.array([1.0, 2.0, 4.0]), 3, 'linear_ramp'))
print(np.pad(np.array([1, 2, 4]), (2, 0), 'maximum', stat_length=2), np.pad(np.array([1, 2, 4]), (0, 2), 'minimum'))
print(np.pad(np.array([1, 2]), 2, 'empty').shape, np.pad(np.arange(4).reshape(2, 2), {-1: (0, 1)}))
for bad in [lambda: np.pad([1, 2], 1, 'edge', end_values=3), lambda: np.pad([1, 2], 1, 'mean', constant_values=3),
            lambda: np.pad([1, 2], 1, 'maximum', stat_length=0), lambda: np.pad(np.zeros((0,)), 1, 'maximum')]:
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)
