# reverse, copy, clear.
a = [1, 2, 3, 4]
a.reverse()
print(a)
b = a.copy()
b.append(0)
print(a, b)
c = a
a.clear()
print(a, c, b)
d = [[1], [2]]
e = d.copy()
e[0].append(9)
print(d, e)
print([].copy(), [5].copy())
f = [1, 2]
print(f.reverse(), f)
