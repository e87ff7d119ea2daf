# Iterating over tuples and building them.
t = (3, 1, 4, 1, 5)
s = 0
for v in t:
    s += v
print(s)
acc = ()
for v in t:
    if v > 1:
        acc = acc + (v,)
print(acc)
pairs = ((1, 2), (3, 4))
for a, b in pairs:
    print(a * b)
print(max(t), min(t), sorted(t), len(t))
