# Set comprehensions.
print({n % 4 for n in range(20)})
print({w[0] for w in ['apple', 'avocado', 'banana']} == {'a', 'b'})
print({(i, j) for i in range(2) for j in range(2)})
print({x * x for x in [-2, -1, 0, 1, 2] if x != 0})
