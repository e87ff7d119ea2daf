# Changing a dict's size while a loop walks it is an error; changing
# values, or changing it after a break, is fine.
d = {'a': 1, 'b': 2}
for k in d:
    d[k] = d[k] * 10
print(d)
for k in d:
    del d[k]
    break
print(d)
for k in list(d):
    d[k + k] = 0
print(d)
for k in d:
    d['new'] = 1
