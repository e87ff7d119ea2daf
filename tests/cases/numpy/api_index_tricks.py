# NumPy's index tricks: mgrid, ogrid, r_, c_, s_, index_exp.
import numpy as np

print(np.mgrid[0:5], np.mgrid[-1:1:5j], np.mgrid[0:1:0.25], np.mgrid[3:0:-1], np.mgrid[:3])
print(np.mgrid[0:2, 0:3])
print(np.mgrid[-1:1:3j, 0:2])
print(np.mgrid[0:1:0.5, 0:4:2].dtype, np.mgrid[0:4:2, 0:2:3j].dtype, np.mgrid[0:3,].shape, np.mgrid[0:1:1j])
x, y = np.ogrid[0:3, 0:4]
print(x, y, x.shape, y.shape, x + y)
print(np.ogrid[-1:1:5j], np.ogrid[0:2, 0:1:3j])
print(np.ogrid[0:3,])
print(np.r_[np.array([1, 2, 3]), 0, 0, np.array([4, 5, 6])])
print(np.r_[-1:1:6j, [0] * 3, 5, 6])
print(np.r_[1:4], np.r_[1.5, 2, 3], np.r_[[1, 2], [3.5]], np.r_[np.int8(1), 2], np.r_[np.array([1], np.int8), 3])
a = np.array([[0, 1, 2], [3, 4, 5]])
print(np.r_['-1', a, a])
print(np.r_['0,2', [1, 2, 3], [4, 5, 6]])
print(np.r_['0,2,0', [1, 2, 3], [4, 5, 6]])
print(np.r_['1,2,0', [1, 2, 3], [4, 5, 6]])
print(np.r_['0,3,-1', [1, 2], [3, 4]].shape, np.r_['0,3,1', [1, 2], [3, 4]].shape, np.r_['0,3', [1, 2], [3, 4]].shape)
print(np.r_[np.zeros(0)])
print(np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])])
print(np.c_[np.array([[1, 2, 3]]), 0, 0, np.array([[4, 5, 6]])])
print(np.c_[1:4, 4:7], np.c_[0:1:3j, [1, 2, 3]], np.c_[[1, 2], [[3, 4], [5, 6]]])
print(np.s_[2::2], np.s_[1, ::-1], np.s_[...], np.s_[None, 0], np.s_[[1, 2]])
print(np.index_exp[2::2], np.index_exp[1, 2], np.index_exp[...])
z = np.arange(10)
print(z[np.s_[2::2]], z[np.index_exp[3:6]], np.arange(12).reshape(3, 4)[np.s_[1:, ::2]])
for bad in [lambda: np.r_[[1, 2], 'r'], lambda: np.r_['x', [1]], lambda: np.r_['1,2,3,4', [1]],
            lambda: np.r_[[1, 2], [[3, 4]]], lambda: np.c_[[1, 2], [3, 4, 5]], lambda: np.mgrid[0:2, 5], lambda: np.r_[()], lambda: np.r_[np.array([1], np.int8), 300]]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
