print(dict([(1, 2)]))
dict([(1, 2), 3])
