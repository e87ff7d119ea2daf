import numpy as np
t = np.arange(16) / 16.0
sig = np.sin(2 * np.pi * 3 * t) + 0.5 * np.cos(2 * np.pi * 5 * t)
spec = np.fft.rfft(sig)
mag = np.abs(spec)
print(np.round(mag, 6) + 0.0)
print(np.allclose(np.fft.irfft(spec, n=16), sig))
print(np.allclose(np.fft.ifft(np.fft.fft(sig)).real, sig))
freqs = np.fft.rfftfreq(16, d=1 / 16.0)
print(freqs[mag > 1])
