# append, extend, insert.
a = []
a.append(1)
a.append('two')
a.append([3])
print(a, len(a))
a.extend([4, 5])
a.extend((6,))
a.extend('ab')
a.extend(range(2))
print(a)
b = [1, 2, 3]
b.insert(0, 'start')
b.insert(2, 'mid')
b.insert(100, 'end')
b.insert(-1, 'before-end')
print(b)
print(a.append(9))
c = [1]
c.append(c[0] + 1)
print(c)
