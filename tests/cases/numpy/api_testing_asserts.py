# numpy.testing's assertions: silent when they hold, NumPy's AssertionError
# message when they do not.
import numpy as np
from numpy import testing as npt

print(npt.assert_allclose([1.0, 2.0], [1.0, 2.0 + 1e-9]), npt.assert_allclose(np.array([1.0, np.nan]), [1.0, np.nan]))
print(npt.assert_array_equal([1, 2], [1, 2]), npt.assert_array_equal(np.arange(3), [0, 1, 2]), npt.assert_array_equal(5, [5, 5]))
print(npt.assert_equal({'a': [1, 2], 'b': (3.0, np.nan)}, {'a': [1, 2], 'b': (3.0, np.nan)}), npt.assert_equal(np.float32(1.5), 1.5))
print(npt.assert_almost_equal(1.0, 1.00000001), npt.assert_almost_equal([1.0, 2.0], [1.0, 2.0000001]), npt.assert_almost_equal(np.inf, np.inf))
print(npt.assert_array_almost_equal([1.0, 2.0], [1.0, 2.0000001]), npt.assert_array_less([1, 2], [2, 3]), npt.assert_(True, "x"))
np.testing.assert_allclose(np.sin(np.pi / 6), 0.5)
cases = [
    lambda: npt.assert_allclose([1.0, 2.0, 3.1], [1, 2, 3]),
    lambda: npt.assert_allclose([1.0, 2.0], [1.0, 2.5], rtol=0.1, err_msg="oops"),
    lambda: npt.assert_allclose([1.0, 2.0], [1.0, 2.0, 3.0]),
    lambda: npt.assert_allclose(1.0, 1.1),
    lambda: npt.assert_allclose([1.0, np.nan], [1.0, 2.0]),
    lambda: npt.assert_allclose(np.arange(12.0).reshape(3, 4), np.zeros((3, 4)), atol=0.5),
    lambda: npt.assert_allclose([1.0, 0.0], [1.0, 1e-3], atol=1e-4),
    lambda: npt.assert_allclose([0.5, 0.0], [0.0, 0.0]),
    lambda: npt.assert_array_equal([1, 2, 3], [1, 2, 4]),
    lambda: npt.assert_array_equal(np.zeros((2, 2)), np.ones((2, 2))),
    lambda: npt.assert_array_equal(np.array([3, 1], dtype=np.uint8), np.array([1, 3], dtype=np.uint8)),
    lambda: npt.assert_array_equal([1, 2], [1, 2], strict=False) or npt.assert_array_equal(np.array([1, 2]), np.array([1.0, 2.0]), strict=True),
    lambda: npt.assert_equal(1, 2),
    lambda: npt.assert_equal([1, 2], [1, 3]),
    lambda: npt.assert_equal({'a': 1}, {'a': 2}),
    lambda: npt.assert_equal(np.array([1, 2]), np.array([1, 3])),
    lambda: npt.assert_equal(0.0, -0.0),
    lambda: npt.assert_equal(1 + 2j, 1 + 3j),
    lambda: npt.assert_equal([1, 2], [1, 2, 3]),
    lambda: npt.assert_almost_equal(1.0, 1.0001),
    lambda: npt.assert_almost_equal(1.0, 1.0001, decimal=3),
    lambda: npt.assert_almost_equal(np.nan, 1.0),
    lambda: npt.assert_array_almost_equal([1.0, 2.0], [1.0, 2.01]),
    lambda: npt.assert_array_less([1, 2], [2, 2]),
    lambda: npt.assert_array_less([1.0, np.inf], [2.0, np.inf]),
    lambda: npt.assert_(False, "msg"),
    lambda: npt.assert_(0),
]
for c in cases:
    try:
        print("passed", c())
    except AssertionError as e:
        print("AssertionError<<" + str(e) + ">>")
