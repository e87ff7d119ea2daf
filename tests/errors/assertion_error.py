x = 3
print('checking')
assert x > 5, 'x must exceed 5'
