import numpy as np
def show(x):
    if np.iscomplexobj(x):
        print(np.round(x.real, 8) + 0.0 + 1j * (np.round(x.imag, 8) + 0.0))
    else:
        print(np.round(x, 8) + 0.0)
a = np.arange(12.).reshape(3, 4)
show(np.fft.fft2(a))
show(np.fft.ifft2(np.fft.fft2(a)).real)
show(np.fft.fft2(a, s=(2, 2)))
show(np.fft.fft2(a, axes=(0,)))
show(np.fft.rfft2(a))
show(np.fft.irfft2(np.fft.rfft2(a)))
print(np.fft.irfft2(np.fft.rfft2(a), s=(3, 4)).shape)
