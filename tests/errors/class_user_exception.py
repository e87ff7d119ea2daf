# xpush: expect-class=ShapeError
class ShapeError(ValueError):
    pass
def check(shape):
    if len(shape) != 2:
        raise ShapeError(f"expected 2 axes, got {len(shape)}")
check((3, 4))
check((3,))
