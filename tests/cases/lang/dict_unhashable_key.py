d = {}
d[(1, 2)] = 'tuple ok'
print(d)
d[[1, 2]] = 'list key'
