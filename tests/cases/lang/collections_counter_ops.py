# Counter arithmetic keeps positive counts only, as CPython's.
from collections import Counter

a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=4)
print(a + b)
print(a - b)
print(b - a)
print(a | b)
print(a & b)
print(+Counter(x=-2, y=3), -Counter(x=-2, y=3))
a += Counter(z=1)
print(a)
try:
    Counter("ab") + {"a": 1}
except TypeError as e:
    print("TypeError:", e)
try:
    Counter.fromkeys("ab")
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(Counter([1, 1, 2.0, 2, True]))
print(Counter({"x": 2.5, "y": 1}).most_common(1))
