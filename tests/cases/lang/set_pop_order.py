# pop walks the table from where it stopped.
s = set(range(10, 0, -1))
print([s.pop() for _ in range(4)], s)
s.add(0)
s.add(64)
print(s.pop(), s.pop(), s)
t = {64, 1, 128, 2}
print(t, t.pop(), t)
