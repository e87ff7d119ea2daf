x = 1
assert x == 1
print('first passed')
assert x == 2
