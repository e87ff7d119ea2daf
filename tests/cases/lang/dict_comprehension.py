# Dict comprehensions: pairs, filters, nested loops, swapping.
squares = {n: n * n for n in range(6)}
print(squares)
print({k: v for k, v in squares.items() if v % 2 == 0})
print({v: k for k, v in {'a': 1, 'b': 2}.items()})
print({(i, j): i * j for i in range(3) for j in range(i)})
print({c: 'abc'.index(c) for c in 'cab'})
k = 'outer'
print({k: k * 2 for k in 'xy'}, k)
