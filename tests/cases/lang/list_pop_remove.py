# pop (with and without index) and remove.
a = [10, 20, 30, 40, 50]
print(a.pop(), a)
print(a.pop(0), a)
print(a.pop(-2), a)
print(a.pop(1), a)
b = [1, 2, 3, 2, 1]
b.remove(2)
print(b)
b.remove(1)
print(b)
b.remove(1)
print(b)
c = ['x']
print(c.pop(), c, len(c))
