import numpy as np
print(np.frombuffer(b"abc", dtype=np.uint8, count=3))
print(np.frombuffer(b"abc", dtype=np.uint8, count=4))
