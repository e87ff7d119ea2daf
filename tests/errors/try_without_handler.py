# xpush: expect-class=SyntaxError
try:
    x = 1 / 0
print(x)
