# sort with default and reverse order.
a = [5, 2, 8, 1, 9, 3]
a.sort()
print(a)
a.sort(reverse=True)
print(a)
s = ['pear', 'Apple', 'banana', 'apple']
s.sort()
print(s)
m = [3, 1.5, -2, True, 0.0]
m.sort()
print(m)
t = [(2, 'b'), (1, 'z'), (2, 'a')]
t.sort()
print(t)
n = [[2, 1], [1, 5], [1, 2]]
n.sort(reverse=True)
print(n)
print([].sort(), a.sort())
e = []
e.sort()
print(e)
