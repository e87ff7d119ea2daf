# NumPy 2's array-API names are the same objects as the older ones.
import numpy as np

pairs = [
    ("abs", "absolute"), ("acos", "arccos"), ("acosh", "arccosh"),
    ("asin", "arcsin"), ("asinh", "arcsinh"), ("atan", "arctan"),
    ("atanh", "arctanh"), ("atan2", "arctan2"), ("pow", "power"),
    ("bitwise_not", "invert"), ("bitwise_invert", "invert"),
    ("bitwise_left_shift", "left_shift"), ("bitwise_right_shift", "right_shift"),
    ("conj", "conjugate"), ("true_divide", "divide"), ("mod", "remainder"),
    ("concat", "concatenate"), ("permute_dims", "transpose"),
]
for new, old in pairs:
    f = getattr(np, new)
    print(new, f is getattr(np, old), f.__name__)
print(np.acos, np.pow, np.bitwise_invert, np.mod)

x = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
print(np.acos(x))
print(np.asin(x))
print(np.atan(x))
print(np.asinh(x))
print(np.atanh(np.array([-0.5, 0.0, 0.5], dtype=np.float32)))
print(np.acosh(np.array([1.0, 2.0, 10.0])))
print(np.atan2([1.0, -1.0], [-1.0, 2.0]))
print(np.pow(np.arange(5), 3), np.pow(2.0, -1))
print(np.bitwise_left_shift(np.uint8(1), [1, 7]), np.bitwise_right_shift(-8, 1))
print(np.concat([np.ones((2, 2)), np.zeros((1, 2))]))
print(np.concat([[1, 2], [3]], axis=None))
print(np.permute_dims(np.arange(24).reshape(2, 3, 4), (2, 0, 1)).shape)
print(np.pow.__name__, np.acos.__name__)
