s = {1, 2, 3}
for x in list(s):
    s.add(x * 10)
print(sorted(s))
for x in s:
    s.discard(x)
