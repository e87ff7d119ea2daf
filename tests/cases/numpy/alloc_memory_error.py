# xpush: skip-device=npu
# An array the allocator refuses (here beyond any machine's address space)
# is NumPy's _ArrayMemoryError, a MemoryError naming the size as NumPy's
# _size_to_string does, the shape and the dtype; never an abort. The
# creators and a broadcasting operation's output raise it alike; an array
# beyond the index range is the ValueError. (On an NPU the arrays are
# the device's, whose allocator words its own MemoryError.)
import numpy as np

for make in [lambda: np.zeros(10**15), lambda: np.ones((10**6, 10**9), dtype=np.int8),
             lambda: np.full((2**47,), 1.0), lambda: np.empty((2**40, 1023), dtype=np.int8),
             lambda: np.zeros(2**62, dtype=np.uint8), lambda: np.full((3, 2**48), 7, dtype=np.int16),
             lambda: np.ones((10**8, 1), dtype=np.int8) + np.ones(10**8, dtype=np.int8),
             lambda: np.zeros(2**60)]:
    try:
        make()
        print("ok")
    except MemoryError as e:
        print("MemoryError:", e)
    except ValueError as e:
        print("ValueError:", e)
np.zeros((10**6, 10**9), dtype=np.complex64)
