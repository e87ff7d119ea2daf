# while loops, with else and break.
i = 0
while i < 5:
    print(i, end=' ')
    i = i + 1
else:
    print('| else ran, i =', i)
j = 0
while j < 10:
    if j == 3:
        print('break at', j)
        break
    j = j + 1
else:
    print('else should not run')
k = 10
while k < 5:
    print('never')
else:
    print('else on zero iterations')
n = 27
steps = 0
while n != 1:
    if n % 2 == 0:
        n = n // 2
    else:
        n = 3 * n + 1
    steps = steps + 1
print('collatz steps', steps)
