# FFT benchmarks of the cpu device: numpy.fft through xpush's port of
# pocketfft (the library NumPy runs, so the same bits). Runs unchanged
# under python3 + numpy and under xpush; prints `NAME SECONDS`, the best
# of REPEAT runs. run_arrays.sh fft.py runs both and prints
# numpy_time / xpush_time.
import numpy as np
from _timing import best

REPEAT = 5

rng = np.random.default_rng(5)
c20 = rng.standard_normal(1 << 20) + 1j * rng.standard_normal(1 << 20)
r1000 = rng.standard_normal((1000, 1000))
r1009 = rng.standard_normal((1000, 1009))
f32 = r1000.astype(np.float32)
img = rng.standard_normal((512, 512))

print("fft_c128_2e20", best(lambda: np.fft.fft(c20), REPEAT))
print("rfft_1000x1000", best(lambda: np.fft.rfft(r1000), REPEAT))
print("irfft_1000x1000", best(lambda: np.fft.irfft(r1000), REPEAT))
print("rfft_1000x1009", best(lambda: np.fft.rfft(r1009), REPEAT))
print("fft_1000x1009", best(lambda: np.fft.fft(r1009), REPEAT))
print("rfft_f32_1000x1000", best(lambda: np.fft.rfft(f32), REPEAT))
print("fft2_512x512", best(lambda: np.fft.fft2(img), REPEAT))
