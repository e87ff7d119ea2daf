# try/except catches a runtime error by its class; the program goes on.
def divide(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf")
print(divide(1, 2), divide(1, 0))
try:
    x = int("forty-two")
except ValueError as e:
    print("ValueError:", e)
try:
    [1, 2, 3][10]
except IndexError as e:
    print(type(e).__name__, e, e.args)
try:
    {"a": 1}["b"]
except KeyError as e:
    print(type(e).__name__, e, repr(e))
try:
    None.upper()
except AttributeError as e:
    print(e)
try:
    "a" + 1
except TypeError as e:
    print(e)
print("done")
