# np.bitwise_count: the population count of the absolute value, uint8 results.
import numpy as np

print(repr(np.bitwise_count(0)), repr(np.bitwise_count(-1)), repr(np.bitwise_count(255)))
print(repr(np.bitwise_count(True)))
print(repr(np.bitwise_count(np.array([True, False]))))
print(repr(np.bitwise_count(np.array([-128, 127, 0, 255], dtype=np.int16))))
print(repr(np.bitwise_count(np.array([-128, -1, 127], dtype=np.int8))))
print(repr(np.bitwise_count(np.array([2**63 - 1, -2**63], dtype=np.int64))))
print(repr(np.bitwise_count(np.uint64(2**64 - 1))))
print(repr(np.bitwise_count(np.arange(9, dtype=np.uint32).reshape(3, 3))))
print(repr(np.bitwise_count([[1, 3], [7, 15]])))
out = np.zeros(3, dtype=np.int64)
print(repr(np.bitwise_count(np.array([1, 2, 3]), out=out)), repr(out))
print(np.bitwise_count.nin, np.bitwise_count.nout, np.bitwise_count.types)
print(np.bitwise_count.__name__, repr(np.bitwise_count))
for bad in (1.5, np.array([1.0, 2.0]), 1j, np.array([1, 2], dtype=np.float32)):
    try:
        np.bitwise_count(bad)
    except TypeError as e:
        print(type(e).__name__, e)
