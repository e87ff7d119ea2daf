import numpy as np
scores = np.array([0.2, 0.9, 0.4, 0.75, 0.1, 0.6])
top3 = np.argsort(scores)[::-1][:3]
print(top3, scores[top3])
ranks = np.empty(6, dtype=np.int64)
ranks[np.argsort(scores)] = np.arange(6)
print(ranks)
