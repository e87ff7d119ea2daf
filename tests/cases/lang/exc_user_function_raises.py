# Raising and catching across lambdas, closures and recursion.
def make_checker(limit):
    def check(v):
        if v > limit:
            raise OverflowError(f"{v} > {limit}")
        return v
    return check
check = make_checker(10)
for v in [5, 50]:
    try:
        print(check(v))
    except OverflowError as e:
        print("too big:", e)
def depth(n):
    if n == 0:
        raise RecursionError("bottom reached")
    return depth(n - 1)
try:
    depth(50)
except RuntimeError as e:
    print(type(e).__name__, e)
def first_error(funcs):
    for i, f in enumerate(funcs):
        try:
            f()
        except Exception as e:
            return i, repr(e)
    return None
print(first_error([lambda: 1, lambda: [][0], lambda: 1 / 0]))
