x = 3
print('checking', x)
assert x > 5, 'x too small: ' + str(x)
