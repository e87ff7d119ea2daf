# xpush: expect-class=SyntaxError
def g(xs):
    return [(yield x) for x in xs]
