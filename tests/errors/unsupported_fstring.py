# xpush: expect-class=SyntaxError
n = 3
print(f'n is {n}')
