# Generators keep their locals and closures between steps; several run independently.
def counter(start, step):
    def advance(x):
        return x + step
    n = start
    while True:
        yield n
        n = advance(n)
a, b = counter(0, 1), counter(100, 10)
print([next(a) for _ in range(3)], [next(b) for _ in range(3)], next(a))
def make_gens():
    return [(lambda k: (i * k for i in range(3)))(k) for k in (1, 2)]
print([list(g) for g in make_gens()])
