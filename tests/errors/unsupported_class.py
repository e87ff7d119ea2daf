# xpush: expect-class=SyntaxError
class Point:
    pass
print(Point)
