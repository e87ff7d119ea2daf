# A defaultdict without a factory raises KeyError like a dict.
from collections import defaultdict

d = defaultdict(None)
d["a"] = 1
print(d["a"])
print(d["b"])
