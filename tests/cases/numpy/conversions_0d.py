import numpy as np
a = np.array(2.75)
print(float(a), int(a), float(np.float32(1.5)), int(np.int16(-4)))
print(int(np.array([7])), float(np.array([[0.5]])))
print(complex(np.complex64(1+1j)))
