a = [0]
a[0] = 1
print(a)
a[1] = 2
