# Elements whose text has several lines (arrays inside an object array, a
# formatter's text with newlines) stay aligned, as _extendLine_pretty does.
import numpy as np

a = np.empty(3, dtype=object)
a[0] = np.eye(2)
a[1] = 5
a[2] = np.arange(3)
print(repr(a))
print(a)
b = np.empty((2, 2), dtype=object)
for i in range(2):
    for j in range(2):
        b[i, j] = np.full((i + 1, 2), j)
print(repr(b))
print(np.array2string(np.arange(3), formatter={'int': lambda x: f'a\nbb{x}'}))
print(np.array2string(np.arange(6), formatter={'int': lambda x: f'a{x}\nbbbbbb'}, max_line_width=20))
print(np.array2string(np.arange(4), formatter={'int': lambda x: f'{x}\n'}))
np.set_printoptions(linewidth=30)
print(repr(a))
