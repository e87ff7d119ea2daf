# copy is shallow; values are shared.
d = {'l': [1]}
e = d.copy()
e['l'].append(2)
e['n'] = 0
print(d, e)
d.clear()
print(d, e, len(d))
