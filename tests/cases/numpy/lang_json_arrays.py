# json with NumPy data: default= converting arrays, float64 scalars serialized as floats.
import json
import numpy as np
a = np.linspace(0, 1, 5)
print(json.dumps({"a": a.tolist(), "mean": float(a.mean()), "n": int(a.size)}))
print(json.dumps({"a": a}, default=lambda o: o.tolist()))
try:
    json.dumps({"n": np.int64(3)})
except TypeError as e:
    print("TypeError:", e)
back = np.array(json.loads(json.dumps(a.tolist())))
print(back, np.array_equal(back, a))
