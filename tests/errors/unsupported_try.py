# xpush: expect-class=SyntaxError
try:
    x = 1 / 0
except ZeroDivisionError:
    x = 0
print(x)
