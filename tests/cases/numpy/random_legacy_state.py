import numpy as np

np.random.seed(3)
np.random.randn()
s = np.random.get_state()
print(s[0], s[1].dtype, s[1].shape, s[1][:4], s[2:], len(s))
a = np.random.randn(5)
np.random.set_state(s)
b = np.random.randn(5)
print(a)
print((a == b).all())

d = np.random.get_state(legacy=False)
print(sorted(d.keys()), sorted(d['state'].keys()), d['has_gauss'], d['gauss'])
c = np.random.poisson(4, size=6)
np.random.set_state(d)
print(c, np.random.poisson(4, size=6))

np.random.set_state(("MT19937", s[1], s[2]))
print(np.random.randint(0, 1000, size=5), np.random.standard_normal(2))

for bad in [("PCG64",), [1, 2, 3], 5, {"state": 1}, {"bit_generator": "PCG64", "state": {}}]:
    try:
        np.random.set_state(bad)
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
