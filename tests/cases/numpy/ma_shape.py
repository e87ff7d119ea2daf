# np.ma's shape functions, clip, where, masked_all, allequal: data and mask moved together.
import numpy as np
import numpy.ma as ma

b = ma.array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]])
print(repr(ma.ravel(b)))
print(repr(ma.transpose(b)))
print(repr(ma.reshape(b, (4,))))
print(repr(ma.reshape(b, (1, 4))))
print(repr(ma.squeeze(ma.array([[1, 2]], mask=[[0, 1]]))))
print(repr(ma.swapaxes(b, 0, 1)))
print(repr(ma.expand_dims(ma.array([1, 2], mask=[0, 1]), 0)))
print(repr(ma.take(b, [0, 3])), repr(ma.take(ma.array([5, 6, 7], mask=[0, 1, 0]), 1)))
print(repr(ma.repeat(ma.array([1, 2], mask=[0, 1]), 2)))
print(repr(ma.copy(b)))
print(repr(ma.ravel([1, 2])))
print(repr(ma.clip(b, 2, 3)))
print(repr(ma.clip([1, 5, 9], 2, 4)))
print(repr(ma.where(b > 2, b, -1)))
print(repr(ma.where([True, False], ma.masked, 5)))
print(repr(ma.where([True, False], 1, ma.array([7, 8], mask=[0, 1]))))
print(repr(ma.where([True, False, True], [1, 2, 3], [4, 5, 6])))
print(ma.where(ma.array([1, 0, 2], mask=[0, 0, 1])))
print(repr(ma.masked_all((2,))), repr(ma.masked_all_like(np.array([1, 2]))))
print(repr(ma.masked_all((2, 2), dtype=int)))
print(repr(ma.allequal(ma.array([1, 2], mask=[0, 1]), [1, 5])))
print(repr(ma.allequal(ma.array([1, 2], mask=[0, 1]), [1, 5], fill_value=False)))
print(repr(ma.allequal([1, 2], [1, 2])), repr(ma.allequal([1, 2], [1, 3])))
print(ma.empty((2, 3)).shape, ma.empty_like([1.0, 2.0]).dtype)
print(repr(ma.identity(2)))
try:
    ma.where([True], 1)
except ValueError as e:
    print("ValueError:", e)
