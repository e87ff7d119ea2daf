# Iteration follows insertion; a re-inserted key goes last.
d = {}
for w in ['x', 'y', 'z', 'w']:
    d[w] = len(d)
del d['y']
d['y'] = 'back'
d['x'] = 'kept place'
print(list(d), d)
for key in d:
    print(key, d[key])
for key, value in d.items():
    print(key, '->', value)
big = {i: i for i in range(100)}
for i in range(0, 100, 3):
    del big[i]
big[0] = 'new'
print(list(big)[:5], list(big)[-3:], len(big))
