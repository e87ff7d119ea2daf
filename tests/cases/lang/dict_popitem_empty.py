d = {1: 2}
d.popitem()
print(d)
d.popitem()
