# Loops over ranges.
total = 0
for i in range(101):
    total = total + i
print(total)
for i in range(3, 0, -1):
    print(i, end=' ')
print()
for i in range(0, 20, 5):
    print(i, end=',')
print()
for i in range(0):
    print('never')
print(sum(range(10)), max(range(7)), min(range(2, 9)))
evens = []
for n in range(-4, 5, 2):
    evens.append(n)
print(evens)
