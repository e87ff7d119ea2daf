# break and continue in for and while, nested.
for i in range(10):
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print(i, end=' ')
print()
i = 0
while True:
    i = i + 1
    if i < 3:
        continue
    if i >= 6:
        break
    print('while', i)
for a in range(3):
    for b in range(3):
        if b == a:
            continue
        if b > a:
            break
        print(a, b)
print('end')
