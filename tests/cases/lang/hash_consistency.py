# Equal values hash equal; hash(x) is what dicts and sets use.
print(hash(1) == hash(1.0) == hash(True), hash(0.5) == hash(1 / 2), hash(2**64) == hash(float(2**64)))
print(hash((1, 2.0)) == hash((1.0, 2)), hash(-0.0) == hash(0.0), hash(1e308 * 10))
print(len({hash(i) for i in range(1000)}), hash(10**30) == 10**30 % (2**61 - 1))
