# List indexing and slicing.
a = [10, 20, 30, 40, 50, 60]
print(a[0], a[5], a[-1], a[-6])
print(a[1:3], a[:2], a[4:], a[:])
print(a[::2], a[::-1], a[-2::-2])
print(a[10:], a[3:1], a[-100:2])
b = a[1:4]
b[0] = 99
print(a, b)
print(a[1:5:2], a[5:0:-2])
a[0] = 'first'
a[-1] = [1, 2]
print(a)
print(a[-1][1])
