# An uncaught user exception: its traceback names the class as CPython does.
class ValidationError(ValueError):
    pass
def check(x):
    if x < 0:
        raise ValidationError(f"negative: {x}")
    return x
print(check(1))
check(-2)
