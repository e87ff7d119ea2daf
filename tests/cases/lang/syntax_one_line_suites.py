# Simple statements on the same line as the header.
x = 3
if x > 2: print('inline if')
for i in range(2): print('inline for', i)
while x > 0: x = x - 1
print(x)
def g(v): return v * 2
print(g(21))
if x: print('no')
else: print('inline else')
