# Augmented assignment on strings.
s = 'ab'
t = s
s += 'cd'
print(s, t)
s *= 2
print(s)
u = ''
for i in range(4):
    u += str(i)
print(u)
v = '-'
v *= 0
print(repr(v))
