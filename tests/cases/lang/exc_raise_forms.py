# raise a class, an instance, bare raise to re-raise, raise ... from.
def check(n):
    if n < 0:
        raise ValueError(f"negative: {n}")
    if n == 0:
        raise ZeroDivisionError
    return 1 / n
for n in [2, 0, -1]:
    try:
        print(check(n))
    except (ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, repr(str(e)))
def reraise():
    try:
        {}["missing"]
    except KeyError:
        print("logging and re-raising")
        raise
try:
    reraise()
except KeyError as e:
    print("outer caught", repr(e))
try:
    try:
        int("x")
    except ValueError as e:
        raise RuntimeError("conversion failed") from e
except RuntimeError as e:
    print(e, type(e.__cause__).__name__, e.__cause__)
try:
    raise TypeError("no cause") from None
except TypeError as e:
    print(e, e.__cause__)
