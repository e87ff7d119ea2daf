# The infinite iterators, cut with islice, zip or a break.
import itertools
from itertools import count, cycle, repeat, islice
print(list(islice(count(5, 2), 4)), list(islice(count(1.5, 0.5), 3)), list(zip("abc", count())))
print(list(islice(cycle("ab"), 5)), list(islice(cycle([]), 3)), list(repeat("x", 3)), list(repeat(0, 0)), list(repeat(1, -2)))
for i, c in zip(range(4), cycle("xy")):
    print(i, c, end="; ")
print()
n = 0
for v in count(10, -3):
    if v < 0:
        break
    n += 1
print(n, list(map(pow, range(4), repeat(2))))
