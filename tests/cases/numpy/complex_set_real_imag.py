# a.real = x and a.imag = x write that part in place (broadcast, cast as
# assignment casts; views write through); a real array has no imaginary
# part to set.
import numpy as np
a = np.array([1+2j, 3+4j]); a.real = 9; print(repr(a)); a.imag = [5, 6]; print(repr(a))
b = np.array([1.0, 2.0]); b.real = [7, 8]; print(repr(b))
try:
    b.imag = 1
except Exception as e:
    print(type(e).__name__, e)
c = np.array([1, 2]); c.real = 2.7; print(repr(c))
v = a[:1]; v.real = 0; print(repr(a))
f = np.array([1+1j], dtype=np.complex64); f.imag = 0.1; print(repr(f))
x = np.sqrt(np.array([1+0j, 4+0j])); x.imag = x.real * 2; print(repr(x))
