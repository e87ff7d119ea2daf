import numpy as np
img = np.array([[-10, 50, 300], [128, 0, 255]])
c = np.clip(img, 0, 255).astype(np.uint8)
print(repr(c))
print(repr((c / 255.0).round(3)))
