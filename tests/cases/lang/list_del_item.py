# del on list items and slices.
a = [0, 1, 2, 3, 4, 5, 6, 7]
del a[0]
print(a)
del a[-1]
print(a)
del a[1:3]
print(a)
del a[::2]
print(a)
b = [[1, 2], [3, 4]]
del b[0][1]
print(b)
