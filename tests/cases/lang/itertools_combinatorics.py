# product, combinations, permutations and groupby, in CPython's order.
from itertools import product, combinations, permutations, groupby
print(list(product("ab", [1, 2])), list(product([0, 1], repeat=2)), list(product()), len(list(product(range(3), repeat=3))))
print(list(combinations("abcd", 2)), list(combinations(range(3), 3)), list(combinations("ab", 3)), list(combinations("abc", 0)))
print(list(permutations("abc", 2)), len(list(permutations(range(4)))), list(permutations("ab", 0)), list(permutations("a", 2)))
print([(k, list(g)) for k, g in groupby("aabbbc")], [(k, list(g)) for k, g in groupby([1, 2, 3, 4], key=lambda x: x % 2 == 0)])
words = sorted(["apple", "avocado", "banana", "blueberry", "cherry"], key=lambda w: w[0])
print({k: len(list(g)) for k, g in groupby(words, key=lambda w: w[0])})
pairs = [(a, b) for a, b in combinations(range(5), 2) if (a + b) % 3 == 0]
print(pairs, sum(1 for p in permutations(range(5), 3) if p[0] < p[1] < p[2]))
