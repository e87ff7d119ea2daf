# xpush: expect-class=TypeError
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
p = Point(1, 2)
q = Point(1)
