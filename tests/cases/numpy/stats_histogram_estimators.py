import numpy as np
x = np.array([1.0, 2.0, 2.5, 3.0, 5.0, 7.0, 7.5, 11.0, 20.0, 21.0, 22.5, 30.0])
for b in ['auto', 'fd', 'doane', 'scott', 'rice', 'sturges', 'sqrt']:
    h, e = np.histogram(x, bins=b)
    print(b, h, e)
