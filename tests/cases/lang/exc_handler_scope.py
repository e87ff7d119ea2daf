# The `as` name is unbound after the handler, as CPython deletes it.
e = "before"
try:
    1 / 0
except ZeroDivisionError as e:
    print("in handler:", e)
print("e" in globals())
def f():
    try:
        raise ValueError("v")
    except ValueError as err:
        msg = str(err)
    return msg, "err" in locals()
print(f())
print(e)
