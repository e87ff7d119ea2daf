d = {}
print(d.pop('k', None))
d.pop('k')
