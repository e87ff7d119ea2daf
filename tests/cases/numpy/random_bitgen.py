import numpy as np

R = np.random


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


# SeedSequence: attributes, repr, state, generate_state, spawn
ss = R.SeedSequence(1)
print(repr(ss))
print(ss.entropy, ss.spawn_key, ss.pool_size, ss.n_children_spawned)
print(ss.state)
print(ss.pool)
print(ss.generate_state(3))
print(ss.generate_state(3, np.uint64))
print(ss.generate_state(2, 'uint64'))
print(ss.generate_state(0))
kids = ss.spawn(2)
print(kids)
print(ss)
print(ss.n_children_spawned, ss.spawn(1)[0].spawn_key)
print(kids[1].generate_state(2))
big = R.SeedSequence(2**100 + 12345)
print(big.entropy, big.generate_state(4))
s8 = R.SeedSequence([1, 2, 3, 2**40], spawn_key=(3, 4), pool_size=8)
print(repr(s8))
print(s8.pool, s8.generate_state(10))
print(R.SeedSequence((5, 6)).entropy, R.SeedSequence(np.uint64(7)).generate_state(2))
print(R.SeedSequence(['12', '0x10']).generate_state(2))
print(R.SeedSequence(np.array([1, 2])).generate_state(2))
print(R.SeedSequence([]).generate_state(2))
print(R.SeedSequence(range(3)).generate_state(2))
print(R.SeedSequence(3, n_children_spawned=5).spawn(1)[0].spawn_key)
e = R.SeedSequence()
print(type(e.entropy).__name__, e.generate_state(3).shape, e.generate_state(3).dtype)
print(R.SeedSequence(pool_size=8).entropy < 2**256)

# the bit generators: raw streams, states, seed_seq, spawn
for cls in [R.PCG64, R.PCG64DXSM, R.MT19937, R.Philox, R.SFC64]:
    bg = cls(1)
    print(cls.__name__, isinstance(bg, R.BitGenerator), type(bg).__name__)
    print(str(bg).split(' object')[0])
    print(bg.random_raw(), bg.random_raw(3), bg.random_raw((2, 2)).shape)
    print(bg.random_raw(3, output=False), bg.random_raw(output=False))
    print(bg.random_raw(2))
    print(bg.seed_seq)
    st = bg.state
    a = bg.random_raw(4)
    bg.state = st
    print((bg.random_raw(4) == a).all())
    print(cls([1, 2, 3]).random_raw(2), cls(R.SeedSequence(9)).random_raw(2))
    kids = bg.spawn(2)
    print([type(k).__name__ for k in kids], kids[1].random_raw(2), kids[1].seed_seq.spawn_key)
    print(bg.seed_seq.n_children_spawned)
    g = R.Generator(bg)
    print(g, g.bit_generator is bg)
    print(g.random(3))
    print(g.integers(0, 10, 5), g.integers(0, 2**40, 2), g.integers(0, 200, 3, dtype=np.uint8))
    print(g.standard_normal(3), g.exponential(2.0, 2))
    print(g.choice(10, 4, replace=False), g.permutation(6))
    print(g.gamma(0.5, size=2), g.poisson(4.0, 3), g.binomial(10, 0.3, 3))
    print(g.bytes(5))
    print(bg.random_raw(2))
    print(R.default_rng(cls(3)).random(2))

print(R.PCG64(1).state)
print(R.PCG64DXSM(7).state)
print(R.SFC64(1).state)
print(R.Philox(1).state)
m = R.MT19937(1)
ms = m.state
print(ms['bit_generator'], ms['state']['pos'], ms['state']['key'][:5], ms['state']['key'].dtype)

# 32-bit draws take the halves of a buffered 64-bit word
p = R.PCG64(2)
g = R.Generator(p)
print(g.integers(0, 100, 3, dtype=np.int32), p.state['has_uint32'], p.state['uinteger'])
print(g.random())
for cls in [R.PCG64DXSM, R.Philox, R.SFC64]:
    g = R.Generator(cls(2))
    print(cls.__name__, g.integers(0, 2**31, 3, dtype=np.int32), g.bit_generator.state['has_uint32'])

# Philox counter and key
ph = R.Philox(key=5, counter=2**70)
print(ph.state, ph.seed_seq)
print(ph.random_raw(5))
print(ph.state['buffer'], ph.state['buffer_pos'])
print(R.Philox(counter=[1, 2, 3, 4]).state['state']['counter'] if False else R.Philox(3, counter=7).random_raw(2))

# advance and jumped
for cls in [R.PCG64, R.PCG64DXSM, R.Philox]:
    a = cls(4)
    b = cls(4)
    b.random_raw(10)
    print(cls.__name__, a.advance(10) is a, (a.random_raw(3) == b.random_raw(3)).all())
    print(cls(4).advance(2**200 + 3).random_raw(2), cls(4).advance(-1).random_raw())
    j = cls(4).jumped()
    print(j.random_raw(2), cls(4).jumped(3).random_raw(2), type(j).__name__)
print(R.PCG64(4).jumped().state)
print(R.Philox(4).jumped(2).state['state'])
print(R.MT19937(4).jumped().random_raw(3), R.MT19937(4).jumped(2).random_raw(2))
mj = R.MT19937(4)
mj.random_raw(700)
print(mj.jumped().random_raw(3), mj.jumped().state['state']['pos'])

# default_rng with every kind of seed, Generator.spawn
print(R.default_rng(R.SeedSequence(3)).random(2))
print(R.default_rng(R.SFC64(1)).integers(0, 10, 5))
print(R.Generator(R.MT19937(5)).random(3))
gg = R.default_rng(5)
print(R.default_rng(gg) is gg, type(gg.bit_generator).__name__)
print(gg.bit_generator.seed_seq)
ch = gg.spawn(3)
print([c.random() for c in ch])
print(gg.bit_generator.seed_seq.n_children_spawned)
print(ch[0].bit_generator.seed_seq.spawn_key)

# a Generator and its bit generator share their state
bg = R.PCG64(11)
g = R.Generator(bg)
g.random(3)
g2 = R.Generator(bg)
print(g2.random(), g.random(), bg.random_raw())

# MT19937's legacy tuple state, RandomState over an MT19937
mt = R.MT19937(0)
mt.state = ('MT19937', np.arange(624), 3)
print(mt.random_raw(3), mt.state['state']['pos'])
print(R.RandomState(R.MT19937(1)).rand(3))

# errors, as NumPy words them
show('ss neg', lambda: R.SeedSequence(-1))
show('ss float', lambda: R.SeedSequence(1.5))
show('ss str', lambda: R.SeedSequence('x'))
show('ss list neg', lambda: R.SeedSequence([1, -2]))
show('ss list float', lambda: R.SeedSequence([1.0]))
show('ss list str', lambda: R.SeedSequence(['zz']))
show('ss pool', lambda: R.SeedSequence(1, pool_size=3))
show('ss key', lambda: R.SeedSequence(1, spawn_key=(-1,)))
show('ss dtype', lambda: R.SeedSequence(1).generate_state(2, np.int32))
show('ss n neg', lambda: R.SeedSequence(1).generate_state(-1))
show('ss spawn neg', lambda: R.SeedSequence(1).spawn(-1))
show('pcg str', lambda: R.PCG64('x'))
show('pcg neg', lambda: R.PCG64(-1))
show('pcg float', lambda: R.PCG64(1.5))
show('raw neg', lambda: R.PCG64(1).random_raw(-1))
show('raw float', lambda: R.MT19937(1).random_raw(2.5))
show('raw 0', lambda: R.SFC64(1).random_raw(0))
show('raw (2, 0)', lambda: R.SFC64(1).random_raw((2, 0)))
show('base', lambda: R.BitGenerator(1))
show('spawn neg', lambda: R.PCG64(1).spawn(-1))
show('gen spawn neg', lambda: R.default_rng(1).spawn(-1))
show('philox both', lambda: R.Philox(1, key=2))
show('philox key', lambda: R.Philox(key=2**128))
show('philox key neg', lambda: R.Philox(key=-1))
show('philox counter', lambda: R.Philox(counter=-1))
show('philox spawn', lambda: R.Philox(key=5).spawn(1))
show('gen int', lambda: R.Generator(5))
show('gen ss', lambda: R.Generator(R.SeedSequence(1)))
show('rng neg', lambda: R.default_rng(-1))
show('rng str', lambda: R.default_rng('x'))
show('sfc jumped', lambda: R.SFC64(1).jumped)
show('mt advance', lambda: R.MT19937(1).advance)
show('advance float', lambda: R.PCG64(1).advance(2.5))


def set_state(bg, v):
    bg.state = v
    return bg.state


show('pcg <- mt', lambda: set_state(R.PCG64(1), R.MT19937(1).state))
show('pcg <- int', lambda: set_state(R.PCG64(1), 5))
show('mt <- pcg', lambda: set_state(R.MT19937(1), R.PCG64(1).state))
show('sfc <- philox', lambda: set_state(R.SFC64(1), R.Philox(1).state))
show('philox <- sfc', lambda: set_state(R.Philox(1), R.SFC64(1).state))
show('dxsm <- pcg', lambda: set_state(R.PCG64DXSM(1), R.PCG64(1).state))
show('pcg missing', lambda: set_state(R.PCG64(1), {'bit_generator': 'PCG64'}))
show('mt tuple', lambda: set_state(R.MT19937(1), ('MT19937', np.arange(624))))
show('pcg set', lambda: set_state(R.PCG64(1), {'bit_generator': 'PCG64', 'state': {'state': 5, 'inc': 7}, 'has_uint32': 1, 'uinteger': 9}))
