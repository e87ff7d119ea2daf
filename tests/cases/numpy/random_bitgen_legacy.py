import numpy as np

# the global legacy state and its bit generator share one MT19937 state
np.random.seed(3)
b = np.random.get_bit_generator()
print(type(b).__name__, b.seed_seq, b is np.random.get_bit_generator())
print(b.random_raw(), np.random.randint(0, 100, 3))
np.random.seed(3)
print(b.random_raw())
g = np.random.Generator(b)
print(g.random(), np.random.rand())
print(b.state['state']['pos'], np.random.get_state()[2])
np.random.set_state(np.random.RandomState(7).get_state())
print(b.random_raw(2))

# a bit generator set in its place, the cached Gaussian dropped
np.random.randn()
print(np.random.get_state()[3])
m = np.random.MT19937(5)
np.random.set_bit_generator(m)
print(np.random.get_state()[3:], np.random.get_bit_generator() is m)
print(np.random.rand(2), m.random_raw(), np.random.randint(10, size=4))
print(np.random.Generator(m).integers(0, 10, 3), np.random.random())

try:
    np.random.set_bit_generator(5)
except AttributeError as e:
    print("AttributeError:", e)

# a RandomState made from an MT19937 draws from that very object
b = np.random.MT19937(1)
rs = np.random.RandomState(b)
print(rs.rand(), b.random_raw(), rs.rand(), rs.randint(0, 10, 3))
print(np.random.Generator(b).random(), rs.standard_normal())
rs.seed(5)
print(b.random_raw(), rs.rand())
rs.set_state(np.random.RandomState(2).get_state())
print(b.state['state']['pos'], b.random_raw(), rs.get_state()[2])
print(str(rs))
