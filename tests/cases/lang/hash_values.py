# hash of numbers is their value modulo 2**61 - 1; tuples mix their items.
print(hash(0), hash(1), hash(-1), hash(-2), hash(2**61), hash(2**61 - 1), hash(-(2**64)))
print(hash(1.0), hash(0.5), hash(-2.5), hash(1e300), hash(1e-300), hash(float('inf')))
print(hash(1 + 2j), hash(3j), hash(True), hash(None) == hash(None))
print(hash((1, 2)), hash(()), hash((1, (2, 3))), hash(('', 0)) == hash(('', 0)))
print(hash(range(1, 10, 2)), hash(range(5)), hash(1.5) == hash(1.5 + 0j))
print(hash('abc') == hash('ab' + 'c'), hash(frozenset({(1, 2), 5})))
