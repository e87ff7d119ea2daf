# xpush: skip-device=npu
# copy.copy and copy.deepcopy of numpy.random's objects: a deep copy draws
# the same numbers on its own, a shallow copy of a Generator shares its
# bit generator; the memo keeps one copy of an object seen twice.
import copy
import numpy as np
g = np.random.default_rng(3)
g.random(2)
h = copy.deepcopy(g)
print(g.random(3), h.random(3))
print(h.bit_generator is g.bit_generator, h.bit_generator.seed_seq is g.bit_generator.seed_seq)
c = copy.copy(g)
print(c.integers(0, 10, 4), g.integers(0, 10, 4))
rs = np.random.RandomState(5)
r2 = copy.deepcopy(rs)
print(rs.rand(2), r2.rand(2))
b = np.random.PCG64(3)
b2 = copy.deepcopy(b)
print(b.random_raw(), b2.random_raw())
s = copy.deepcopy(np.random.SeedSequence(5))
print(s.entropy, s.generate_state(2))
pair = copy.deepcopy([g, g])
print(pair[0] is pair[1], pair[0].random() == pair[1].random())
m = np.random.Generator(np.random.MT19937(4))
m2 = copy.deepcopy(m)
print(m.standard_normal(2), m2.standard_normal(2))
