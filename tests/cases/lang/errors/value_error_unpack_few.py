a, b, c = 'xyz'
print(a, b, c)
a, b, c = 'xy'
