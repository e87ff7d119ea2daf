import numpy as np
f32 = np.arange(4, dtype=np.float32)
print(np.fft.fft(f32).dtype, np.fft.rfft(f32).dtype, np.fft.ifft(f32).dtype)
print(np.fft.irfft(np.fft.rfft(f32)).dtype, np.fft.hfft(f32).dtype, np.fft.ihfft(f32).dtype)
print(np.fft.fft(f32.astype(np.complex64)).dtype)
print(np.fft.fft2(np.ones((2, 2), dtype=np.float32)).dtype)
print(np.fft.fft(np.arange(4)).dtype, np.fft.fft(np.array([True, False])).dtype)
print(np.fft.fft(np.arange(4, dtype=np.int8)).dtype, np.fft.rfft(np.arange(4, dtype=np.uint16)).dtype)
print(np.fft.fft(f32))
