# True, False and None.
print(True, False, None)
print(repr(True), repr(None))
print(True + True, True * 10, False - 1)
print(True == 1, False == 0, True is True)
print(None is None, None == None, None is not None)
print(True and False, True or False)
x = None
print(x)
print(True / 2, True // 2)
print(1 if True else 2, 1 if None else 2)
