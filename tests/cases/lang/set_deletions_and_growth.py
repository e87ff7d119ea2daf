# Deleted slots are reused and purged as CPython does.
s = set()
for i in range(0, 60, 7):
    s.add(i)
print(s)
for i in range(0, 60, 14):
    s.discard(i)
print(s)
for i in range(100, 130, 3):
    s.add(i)
print(s)
t = set(range(50))
t -= set(range(0, 50, 2))
print(t)
t.difference_update(range(1, 40, 4))
print(t)
