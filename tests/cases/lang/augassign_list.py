# += on a list extends in place; aliases see it.
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
a += (4, 5)
print(b)
a += 'xy'
print(b)
c = a
a = a + [0]
print(len(a), len(c), a is c)
d = [1]
e = d
d *= 3
print(d, e)
t = (1,)
u = t
t += (2,)
print(t, u)
