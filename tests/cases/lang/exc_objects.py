# Exception objects: str, repr, args, type, isinstance, identity when re-caught.
e = ValueError("bad value", 42)
print(str(e), repr(e), e.args, type(e), type(e).__name__)
print(repr(ValueError()), str(ValueError()), ValueError().args, repr(KeyError("k")), str(KeyError("k")))
print(isinstance(e, ValueError), isinstance(e, Exception), isinstance(e, (TypeError, LookupError)), isinstance(e, BaseException))
print(ValueError, ZeroDivisionError, BaseException, type(ValueError), ValueError.__name__)
print(e.__class__ is ValueError, ValueError == ValueError, ValueError != TypeError, callable(ValueError))
try:
    raise e
except ValueError as caught:
    print(caught is e, caught.args[1])
errors = [TypeError("t"), KeyError(1), OSError("disk full"), IndexError(1, 2)]
print([str(x) for x in errors], [repr(x) for x in errors])
