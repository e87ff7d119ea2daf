# Generators made in a function keep its variables alive.
def counter(start, stop):
    step = 2
    return (i for i in range(start, stop, step))
g = counter(1, 10)
print(next(g), next(g), list(g))
def scaled(values, factor):
    return (v * factor for v in values)
print(list(scaled([1, 2, 3], 10)), sum(scaled(range(5), 2)))
def all_pairs(n):
    return ((i, j) for i in range(n) for j in range(n) if i < j)
print(list(all_pairs(4)))
