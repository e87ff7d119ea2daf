import numpy as np
a = np.array([4, 2, 7, 1, 3])
for k in ['quicksort', 'mergesort', 'heapsort', 'stable']:
    print(k, np.sort(a, kind=k), np.argsort(a, kind=k))
print(np.sort(a, stable=True))
