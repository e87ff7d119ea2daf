# xpush: rtol=1e-9 atol=1e-12
import numpy as np
x = np.array([1., 2., 1., -1., 1.5, 0.])
r = np.fft.rfft(x)
print(r)
print(r.shape)
print(np.fft.irfft(r))
print(np.fft.irfft(r, n=6))
print(np.fft.irfft(r, n=5))
print(np.fft.rfft(np.arange(5)))
print(np.fft.rfft(np.arange(8).reshape(2, 4), axis=0))
print(np.fft.irfft([1, 0, 0]))
