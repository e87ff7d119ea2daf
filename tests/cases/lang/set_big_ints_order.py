# Large and negative ints: the order follows their hashes and the table.
print({2**61, 2**61 + 1, -1, -2, 10**20, 7})
print({-(2**63), 2**63 - 1, 0, 1, -5})
print(set(range(-5, 5)), {i * 8 for i in range(6)})
s = set(range(100))
for i in range(0, 100, 2):
    s.discard(i)
print(s)
