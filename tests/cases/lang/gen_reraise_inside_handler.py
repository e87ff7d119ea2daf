# A bare raise inside a handler that yielded re-raises the handled exception.
def g():
    try:
        1 / 0
    except ZeroDivisionError:
        yield "caught"
        raise
it = g()
print(next(it))
try:
    next(it)
except ZeroDivisionError as e:
    print("re-raised", e)
