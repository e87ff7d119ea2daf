# if / elif / else.
def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    else:
        return 'large'

for v in [-5, 0, 3, 10, 2**64]:
    print(v, classify(v))
x = 7
if x > 5:
    print('gt5')
if x > 100:
    print('gt100')
else:
    print('not gt100')
if x % 2 == 0:
    print('even')
elif x % 3 == 0:
    print('div3')
print('done')
