print(next(iter([1])))
next([1])
