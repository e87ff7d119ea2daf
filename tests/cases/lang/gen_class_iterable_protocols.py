# A class whose __iter__ is a generator, consumed by every builtin that iterates.
class Path:
    def __init__(self, *points):
        self.points = list(points)
    def __iter__(self):
        for p in self.points:
            yield p
    def __len__(self):
        return len(self.points)
    def __reversed__(self):
        return reversed(self.points)
    def segments(self):
        it = iter(self)
        prev = next(it)
        for p in it:
            yield prev, p
            prev = p
path = Path((0, 0), (3, 4), (3, 0))
print(list(path), tuple(path), sorted(path), len(path), (3, 4) in path)
print(dict(enumerate(path)), list(zip(path, "abc")), [x for x, y in path])
print(list(path.segments()), sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in path.segments()))
print(max(path), min(path, key=lambda p: p[1]), set(path) == set(path.points))
a, b, c = path
print(a, b, c, [*path])
