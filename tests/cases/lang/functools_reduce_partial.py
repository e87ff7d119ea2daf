# functools.reduce and functools.partial.
import functools
from functools import reduce, partial
import operator
print(reduce(operator.add, [1, 2, 3]), reduce(lambda a, b: a * b, [1, 2, 3, 4], 10), reduce(operator.add, [], "start"), reduce(max, [3, 9, 2]))
print(reduce(lambda acc, w: acc + len(w), ["ab", "cde"], 0), reduce(operator.concat, [[1], [2, 3], []]))
square = partial(pow, exp=2)
base2 = functools.partial(int, base=2)
print(square(7), base2("1011"), base2("11", base=3), partial(pow, 2)(10), partial(sorted, reverse=True)([3, 1, 2]))
p = partial(print, "log:", sep=" | ")
p("a", "b")
print(p.func is print, p.args, p.keywords, repr(partial(pow, 2, 3)))
def scale(x, factor=1, offset=0):
    return x * factor + offset
f = partial(scale, factor=10)
print(list(map(f, [1, 2])), f(1, offset=5), partial(f, 3)(), callable(f))
