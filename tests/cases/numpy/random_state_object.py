# np.random.RandomState: a legacy MT19937 generator object of its own,
# the same streams as NumPy's, independent of the global state and of
# other RandomState objects; its methods, state round trips and errors.
import numpy as np

rs = np.random.RandomState(42)
print(type(rs), isinstance(rs, np.random.RandomState), repr(rs).startswith('RandomState(MT19937) at 0x'))
print(rs.rand(3))
print(rs.randn(2, 2))
print(rs.randint(0, 10, size=5), rs.randint(5))
print(rs.normal(5, 2, size=3), rs.uniform(-1, 1, 2))
print(rs.choice(10, 4, replace=False), rs.choice(['a', 'b', 'c'], 5, p=[0.5, 0.25, 0.25]))
print(rs.permutation(6), rs.random_sample(), rs.random((2,)))
x = np.arange(8)
print(rs.shuffle(x), x)
print(rs.poisson(3, 4), rs.binomial(10, 0.3, 3), rs.exponential(2.0, 2))
print(rs.standard_normal(3), rs.beta(2, 5), rs.gamma(2.0, 1.5, 2))

# The global state and another object are untouched by rs.
np.random.seed(0)
a = np.random.rand(3)
other = np.random.RandomState(0)
rs.rand(100)
print(np.array_equal(other.rand(3), a), np.random.rand(2))

# Seeding, state round trips.
rs.seed(7)
s = rs.get_state()
first = rs.rand(4)
rs.set_state(s)
print(np.array_equal(rs.rand(4), first), s[0], s[1].shape, s[2])
r2 = np.random.RandomState([1, 2, 3])
print(r2.randint(100, size=4), np.random.RandomState(2**31).rand())
print(rs.get_state(legacy=False)['bit_generator'])
# Same seed, same stream as np.random.seed.
np.random.seed(123)
print(np.array_equal(np.random.RandomState(123).randn(5), np.random.randn(5)))
for bad in (lambda: np.random.RandomState(-1), lambda: np.random.RandomState(1.5), lambda: rs.randint(5, 1)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for bad in (lambda: np.random.seed(2.5), lambda: np.random.RandomState(np.float32(3))):
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
print(np.random.choice(['x', 'y', 'z'], 4), np.random.RandomState(3).choice(np.array(['p', 'q'])), np.random.default_rng(1).choice(['u', 'v'], 3))
