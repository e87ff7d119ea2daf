import numpy as np
print(np.fft.hfft([1, 2, 3]))
print(np.fft.hfft([1, 2j, 3], n=5))
print(np.fft.ihfft([1., 2., 3., 4.]))
print(np.fft.hfft(np.fft.ihfft([1., 2., 3., 4.]), n=4))
print(np.fft.ihfft(np.arange(5)))
