for i in range(3):
    print(i)
a = [1]
for i in range(3):
    print(a[i])
