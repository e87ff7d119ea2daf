import numpy as np
print(np.result_type(np.arange(3), 1.5), np.result_type(np.arange(3, dtype=np.int8), np.int16), np.result_type(np.float32, np.int64, 1j))
print(np.result_type(True, 1), np.result_type(1, 1.0), np.result_type(np.uint8, -1))
