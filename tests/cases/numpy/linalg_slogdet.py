# xpush: rtol=1e-9 atol=1e-12
import numpy as np
sign, logdet = np.linalg.slogdet([[1, 2], [3, 4]])
print(repr(sign), repr(logdet))
sign, logdet = np.linalg.slogdet(np.eye(3) * 10)
print(repr(sign), repr(logdet))
sign, logdet = np.linalg.slogdet([[1, 2], [2, 4]])
print(repr(sign), repr(logdet))
sign, logdet = np.linalg.slogdet(np.array([[[2., 0.], [0., 3.]], [[0., 1.], [1., 0.]]]))
print(sign, logdet)
sign, logdet = np.linalg.slogdet(np.eye(2, dtype=np.float32))
print(sign.dtype, logdet.dtype)
sign, logdet = np.linalg.slogdet(np.array([[2j, 0], [0, 1]]))
print(repr(sign), repr(logdet))
