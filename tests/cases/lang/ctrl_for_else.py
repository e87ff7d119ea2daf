# for ... else runs only when the loop did not break.
def find(items, target):
    for i, x in enumerate(items):
        if x == target:
            print('found at', i)
            break
    else:
        print('not found')

find([1, 2, 3], 2)
find([1, 2, 3], 9)
find([], 1)
for n in range(2, 12):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, 'is prime')
