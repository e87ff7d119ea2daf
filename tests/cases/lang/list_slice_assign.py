# Slice assignment can grow, shrink and replace.
a = [0, 1, 2, 3, 4, 5]
a[1:3] = [10, 20, 30]
print(a)
a[:0] = [-2, -1]
print(a)
a[len(a):] = [100]
print(a)
a[2:] = []
print(a)
a[:] = [7, 8, 9]
print(a)
b = [0, 1, 2, 3, 4, 5]
b[::2] = ['x', 'y', 'z']
print(b)
b[1:2] = 'AB'
print(b)
c = [1, 2, 3]
d = c
c[:] = [4]
print(c, d)
e = [1, 2, 3, 4]
e[-2:] = (30, 40, 50)
print(e)
