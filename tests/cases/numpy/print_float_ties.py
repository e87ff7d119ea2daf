# Shortest digits that sit exactly between two candidates that both read
# back: NumPy's Dragon4 takes the even one (4.31640625 -> 4.3164062).
import numpy as np

ties = [-4.31640625, 2774218.25, 1416947.25, 1597515.25, 3840346.75,
        221574.875, 1168721.75, 449159.875, 2284764.75, 0.5, 1.25]
a = np.array(ties, dtype=np.float32)
print(a)
print(repr(a))
for v in ties:
    x = np.float32(v)
    print(repr(x), str(x), x.item())
print(a.astype(np.float16))
print(a * 2)
print(a.reshape(1, -1)[:, :4].T)
