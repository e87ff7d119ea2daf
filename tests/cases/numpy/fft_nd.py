import numpy as np
def show(x):
    if np.iscomplexobj(x):
        print(np.round(x.real, 8) + 0.0 + 1j * (np.round(x.imag, 8) + 0.0))
    else:
        print(np.round(x, 8) + 0.0)
a = np.arange(24.).reshape(2, 3, 4)
f = np.fft.fftn(a)
print(f.shape)
show(f[0])
show(np.fft.ifftn(f).real[1])
show(np.fft.fftn(a, axes=(1, 2))[1, 0])
print(np.fft.fftn(a, s=(2, 2), axes=(0, 2)).shape)
r = np.fft.rfftn(a)
print(r.shape)
show(r[0, 0])
show(np.fft.irfftn(r, s=a.shape)[1, 2])
print(np.fft.irfftn(r).shape)
print(np.fft.rfftn(a, axes=[0]).shape)
