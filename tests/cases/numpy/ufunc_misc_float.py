import numpy as np
print(np.copysign([1.0, -2.0], [-1.0, 1.0]), np.nextafter(1.0, 2.0) - 1.0, np.ldexp(np.array([1.0, 3.0]), np.array([2, 3])))
print(np.logaddexp(1.0, 2.0), np.logaddexp2(1.0, 2.0), np.heaviside([-1.0, 0.0, 1.0], 0.5), np.sinc([0.0, 0.5, 1.0]))
