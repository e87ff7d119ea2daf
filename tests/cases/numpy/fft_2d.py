# xpush: rtol=1e-9 atol=1e-12
import numpy as np
a = np.arange(12.).reshape(3, 4)
print(np.fft.fft2(a))
print(np.fft.ifft2(np.fft.fft2(a)).real)
print(np.fft.fft2(a, s=(2, 2)))
print(np.fft.fft2(a, axes=(0,)))
print(np.fft.rfft2(a))
print(np.fft.irfft2(np.fft.rfft2(a)))
print(np.fft.irfft2(np.fft.rfft2(a), s=(3, 4)).shape)
