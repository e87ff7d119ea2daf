# Raising an instance of a class that is not an exception is a TypeError.
class NotAnError:
    pass
try:
    raise NotAnError()
except TypeError as e:
    print(e)
try:
    try:
        pass
    finally:
        pass
    1 / 0
except NotAnError:
    print("no")
