# Counter: counting, most_common, missing keys, update/subtract, total.
from collections import Counter

c = Counter("abracadabra")
print(c)
print(c.most_common(3))
print(c.most_common())
print(c["z"], "z" in c, len(c))
c["a"] += 1
print(c["a"])
c.update("zzz")
c.update({"a": 10})
c.update(b=2)
print(c)
c.subtract("aaa")
print(c)
print(sorted(c.elements())[:6], c.total())
words = "the cat and the hat and the bat".split()
counts = Counter(words)
for word, n in counts.most_common(2):
    print(f"{word:>5}: {n}")
print(type(c), type(c).__name__, isinstance(c, dict), isinstance(c, Counter))
print(Counter(), Counter({}), dict(Counter("aab")))
print(Counter(a=1) == Counter(a=1, b=0), Counter("ab") == {"a": 1, "b": 1})
del c["not there"]
del c["z"]
print("z" in c, c.get("z"), c.get("a"))
print(sorted(Counter("mississippi").items()))
print({**Counter("ab")}, Counter("ab").keys(), Counter("ab").values())
print(c.copy() == c, type(c.copy()).__name__)
