# xpush: skip-device=npu
# np.real/np.imag are val.real/val.imag: a Python number's own type
import numpy as np
print(repr(np.imag(1 + 1j)), repr(np.real(1 + 1j)), repr(np.real(2.5)), repr(np.imag(3)), repr(np.real([1+2j])), repr(np.real(np.complex128(1+2j))))
print(repr(np.real(np.array(1+2j))), repr(np.imag(np.array([1, 2]))), repr(np.real(True)), repr(np.imag((1j, 2))))
print(isinstance(np.real, np.ufunc), isinstance(np.imag, np.ufunc))
print(repr(np.real(np.float32(2))), repr(np.imag(np.float32(2))))
