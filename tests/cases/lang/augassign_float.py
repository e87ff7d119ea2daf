# Augmented assignment on floats.
f = 1.5
f += 0.25
print(f)
f -= 2
print(f)
f *= -4
print(f)
f /= 3
print(f)
f **= 2
print(f)
f //= 0.5
print(f)
f %= 3.5
print(f)
g = 10
g /= 4
print(g, type(g))
h = 1
h += 0.5
print(h)
