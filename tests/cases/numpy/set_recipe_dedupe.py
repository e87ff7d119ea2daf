import numpy as np
words = np.array([3, 7, 3, 3, 9, 7])
vals, counts = np.unique(words, return_counts=True)
print(vals[np.argmax(counts)])
order = np.argsort(-counts, kind='stable')
print(vals[order], counts[order])
