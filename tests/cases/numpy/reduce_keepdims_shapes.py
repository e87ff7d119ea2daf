import numpy as np
a = np.ones((2, 3, 4))
print(a.sum(axis=(0, 2), keepdims=True).shape, a.max(axis=1, keepdims=True).shape, a.mean(keepdims=True).shape, np.argmax(a, axis=2, keepdims=True).shape)
