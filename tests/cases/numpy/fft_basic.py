# xpush: rtol=1e-9 atol=1e-12
import numpy as np
x = np.array([1., 2., 3., 4.])
print(np.fft.fft(x))
print(np.fft.ifft(np.fft.fft(x)).real)
print(np.fft.fft([1, 0, 0, 0]))
print(np.fft.fft([1, 2, 3], n=5))
print(np.fft.fft([1, 2, 3, 4, 5], n=3))
print(np.fft.fft(np.arange(6).reshape(2, 3), axis=0))
print(np.fft.fft(np.arange(6).reshape(2, 3)))
print(np.fft.fft([1j, 2, -1j]))
