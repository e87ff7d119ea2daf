# __iter__ written as a generator: the common way a class becomes iterable.
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
    def __iter__(self):
        for y in range(self.h):
            for x in range(self.w):
                yield (x, y)
    def row(self, y):
        for x in range(self.w):
            yield x + y * self.w
g = Grid(2, 2)
print(list(g), len(list(g)), (1, 1) in g, list(g.row(1)), max(g))
for cell in Grid(3, 1):
    print(cell)
