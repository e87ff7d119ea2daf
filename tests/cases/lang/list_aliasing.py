# Names are references: aliasing is visible.
a = [1, 2]
b = a
b.append(3)
print(a, b, a is b)
c = a[:]
c.append(4)
print(a, c)

def add_item(lst, x):
    lst.append(x)

add_item(a, 'x')
print(a, b)

def rebind(lst):
    lst = [0]
    return lst

print(rebind(a), a)
outer = [a, a]
a.append('y')
print(outer)
d = a + []
print(d is a, d == a)
