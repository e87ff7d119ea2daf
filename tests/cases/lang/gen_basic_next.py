# A generator function: nothing runs until next(); each next() runs to the following yield.
def numbers():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")
g = numbers()
print("made")
print(next(g))
print(next(g))
print(next(g, "exhausted"))
print(next(g, "still exhausted"))
print(list(numbers()))
