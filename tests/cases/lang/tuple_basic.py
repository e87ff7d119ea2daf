# Tuples: repr, indexing, slicing, operators, methods.
t = (1, 2, 3)
print(t, (1,), (), ('a',))
print(t[0], t[-1], t[1:], t[::-1])
print(t + (4,), t * 2, (0,) * 3)
print(2 in t, 5 not in t, len(t), len(()))
print(t.index(2), (1, 1, 2).count(1))
u = 1, 2
print(u, type(u))
v = 5,
print(v, len(v))
print((1, (2, 3)), ((1,),))
print(t == (1, 2, 3), t < (1, 2, 4))
print(tuple([t, t]))
