# xpush: expect-class=SyntaxError
d = {'a': 1}
print(d)
