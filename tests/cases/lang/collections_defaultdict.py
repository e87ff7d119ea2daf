# defaultdict: the factory fills a missing key on d[k], not on get/in.
from collections import defaultdict

groups = defaultdict(list)
for w in ["apple", "avocado", "banana", "cherry", "blueberry"]:
    groups[w[0]].append(w)
print(groups)
print(dict(groups), groups.default_factory, list(groups))
counts = defaultdict(int)
for ch in "hello world":
    counts[ch] += 1
print(counts["l"], counts.get("?"), "?" in counts, len(counts))
print(counts["?"], "?" in counts, len(counts))
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["b"] += 1
nested["a"]["c"] += 2
print({k: dict(v) for k, v in nested.items()})
d = defaultdict(list, a=[1])
d2 = d.copy()
d2["b"].append(2)
print(d, d2, type(d2).__name__, isinstance(d, dict))
print(defaultdict(None, {1: 2}), defaultdict(set).default_factory)
plain = defaultdict()
try:
    plain["k"]
except KeyError as e:
    print("KeyError", e)
try:
    defaultdict(1)
except TypeError as e:
    print("TypeError:", e)
d.clear()
d["x"].append(0)
print(d)
