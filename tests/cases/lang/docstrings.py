# __doc__: a function's, a method's and a class's docstring (None without
# one; a class's is not inherited), and help() on the user's own.
def area(r):
    """The area of a circle of radius r."""
    return 3.14159 * r * r


def plain(x):
    return x


class Shape:
    """A shape.

    With a second paragraph.
    """

    sides = 0

    def describe(self):
        'What it is.'
        return 'shape'


class Square(Shape):
    sides = 4


print(area.__doc__)
print(plain.__doc__, (lambda: 1).__doc__)
print(repr(Shape.__doc__))
print(Shape().__doc__ == Shape.__doc__, Square.__doc__, Square().__doc__)
print(Shape.describe.__doc__, Shape().describe.__doc__, Square().describe.__doc__)
print(sorted(vars(Square)))
