# xpush: expect-class=ZeroDivisionError
class Ratio:
    def __init__(self, n, d):
        self.n, self.d = n, d
    def __float__(self):
        return self.n / self.d
    def __repr__(self):
        return f"Ratio({self.n / self.d})"
print([Ratio(1, 2)])
print([Ratio(1, 0)])
