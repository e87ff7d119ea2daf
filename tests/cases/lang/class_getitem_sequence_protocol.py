# A class with only __getitem__ iterates until IndexError, as CPython's old protocol.
class Squares:
    def __init__(self, n):
        self.n = n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError("out of range")
        return i * i
print(list(Squares(5)), sum(Squares(4)), 9 in Squares(4), 10 in Squares(4))
for x in Squares(3):
    print(x)
