# Container protocol: __len__, __getitem__, __setitem__, __delitem__, __contains__, __iter__.
class Grid:
    def __init__(self):
        self.cells = {}
    def __len__(self):
        return len(self.cells)
    def __getitem__(self, key):
        return self.cells.get(key, 0)
    def __setitem__(self, key, value):
        self.cells[key] = value
    def __delitem__(self, key):
        del self.cells[key]
    def __contains__(self, key):
        return key in self.cells
    def __iter__(self):
        return iter(sorted(self.cells))
g = Grid()
g[1, 2] = 5
g[0, 0] = 1
g[1, 2] += 1
print(len(g), g[1, 2], g[9, 9], (0, 0) in g, (3, 3) in g, (3, 3) not in g)
print(list(g), [k for k in g], bool(g))
del g[0, 0]
print(len(g), list(g))
