import numpy as np
# Low-pass filter a noisy signal in the frequency domain.
np.random.seed(1)
n = 64
t = np.arange(n) / n
clean = np.sin(2 * np.pi * 2 * t)
noisy = clean + 0.3 * np.random.randn(n)
spec = np.fft.rfft(noisy)
freqs = np.fft.rfftfreq(n, d=1 / n)
spec[freqs > 4] = 0
smooth = np.fft.irfft(spec, n=n)
print(smooth.shape, smooth.dtype)
print(np.round(np.abs(smooth - clean).max(), 6))
print(np.round(np.abs(noisy - clean).max(), 6))
print(np.abs(smooth - clean).max() < np.abs(noisy - clean).max())
power = np.abs(np.fft.fft(clean)) ** 2
print(int(np.argmax(power[: n // 2])))
