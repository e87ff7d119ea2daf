# float64 -> float16 rounds once, to nearest even (a rounding through
# float32 first lands on a float16 midpoint and rounds the other way).
import numpy as np

x = np.array([1.1791992187499996, np.nextafter(1.17919921875, 2.0), 1.17919921875,
              65519.99, 65504.0, 2.0 ** -25, np.nextafter(2.0 ** -25, 1.0), 6e-08,
              0.1, 2 / 3, 1e-300, -1.0004882812500002, -0.0, 3.0000000000000004e-05])
h = x.astype(np.float16)
print(h.tolist())
print(h.view(np.uint16).tolist())
print(np.float16(1.1791992187499996), np.float16(-2.0 ** -25 * 1.5))
print((np.arange(5) * 0.2947998046874999).astype(np.float16).tolist())
