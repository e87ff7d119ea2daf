# raise ... from ... with user classes; __cause__ is kept.
class LowError(Exception):
    pass
class HighError(Exception):
    pass
try:
    try:
        raise LowError("low")
    except LowError as low:
        raise HighError("high") from low
except HighError as e:
    print(e, type(e.__cause__).__name__, e.__cause__)
