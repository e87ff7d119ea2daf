import numpy as np
print(np.frombuffer(b"abcd", dtype=np.int16))
print(np.frombuffer(b"abc", dtype=np.int16))
