import numpy as np
x = np.arange(4.)
print(np.fft.fft(x, norm='ortho'))
print(np.fft.fft(x, norm='forward'))
print(np.fft.fft(x, norm='backward'))
print(np.fft.ifft(x, norm='ortho'))
print(np.fft.ifft(x, norm='forward'))
print(np.fft.rfft(x, norm='ortho'))
print(np.fft.irfft([1, 2, 3], norm='forward'))
