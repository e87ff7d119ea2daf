# collections beside NumPy: namedtuples and deques are sequences NumPy reads.
import json
from collections import Counter, deque, namedtuple

import numpy as np

P = namedtuple("P", "x y")
print(json.dumps(P(1, 2)), json.dumps({"p": P(0.5, [1])}))
labels = np.array([1, 2, 2, 3, 3, 3])
print(Counter(labels.tolist()).most_common(1))
print(Counter(labels))
pts = [P(1.0, 2.0), P(3.0, 4.0)]
print(np.array(pts), np.array(pts).shape)
print(np.mean([p.x for p in pts]), P(*np.array([5, 6])))
win = deque(maxlen=3)
for v in np.arange(6.0):
    win.append(v)
    print(np.mean(win), sum(win), np.array(win))
print(np.array(deque([1, 2, 3])) * 2)
