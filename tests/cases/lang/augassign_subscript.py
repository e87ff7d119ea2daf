# Augmented assignment to subscripts.
a = [1, 2, 3]
a[0] += 10
a[-1] *= 5
print(a)
m = [[1, 2], [3, 4]]
m[1][0] -= 10
m[0][1] **= 3
print(m)
counts = [0] * 5
for v in [1, 3, 3, 4, 1, 1]:
    counts[v] += 1
print(counts)
s = ['a', 'b']
s[0] += 'z'
print(s)
n = [[1]]
n[0] += [2]
print(n)
