# xpush: expect-class=SyntaxError
double = lambda v: v * 2
print(double(4))
