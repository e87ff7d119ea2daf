# len and abs.
print(len('hello'), len([1, 2, 3]), len((1,)), len(range(10)), len(''))
print(len([[1, 2], [3]]), len(range(0, 100, 7)))
print(abs(-5), abs(5), abs(0), abs(-2**100))
print(abs(-2.5), abs(-0.0), abs(3 + 4j), abs(-1j))
print(abs(True), abs(False))
print(type(abs(-1)), type(abs(-1.0)), type(abs(1j)))
