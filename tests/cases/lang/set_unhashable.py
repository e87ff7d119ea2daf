s = set()
s.add((1, 2))
print(s)
s.add([1, 2])
