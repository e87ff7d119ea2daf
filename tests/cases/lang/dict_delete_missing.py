d = {'a': 1}
del d['a']
print(d)
del d['a']
