# Assigning a property without a setter escapes as AttributeError.
class Box:
    @property
    def size(self):
        return 1
b = Box()
print(b.size)
b.size = 2
