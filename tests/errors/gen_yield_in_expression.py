# xpush: expect-class=SyntaxError
def g():
    return 1
yield 2
