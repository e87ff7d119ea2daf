import numpy as np
def show(x):
    if np.iscomplexobj(x):
        print(np.round(x.real, 8) + 0.0 + 1j * (np.round(x.imag, 8) + 0.0))
    else:
        print(np.round(x, 8) + 0.0)
x = np.array([1., 2., 1., -1., 1.5, 0.])
r = np.fft.rfft(x)
show(r)
print(r.shape)
show(np.fft.irfft(r))
show(np.fft.irfft(r, n=6))
show(np.fft.irfft(r, n=5))
show(np.fft.rfft(np.arange(5)))
show(np.fft.rfft(np.arange(8).reshape(2, 4), axis=0))
print(np.fft.irfft([1, 0, 0]))
