# Chained assignment binds every target to the same object.
a = b = 0
print(a, b)
a = a + 1
print(a, b)
x = y = []
x.append(1)
print(x, y, x is y)
p = q = r = 'same'
print(p, q, r)
m, n = k = (1, 2)
print(m, n, k)
lst = [0, 0]
lst[0] = lst[1] = 5
print(lst)
