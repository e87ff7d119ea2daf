# Comparison operators on numbers.
print(1 < 2, 2 < 1, 1 <= 1, 2 >= 3)
print(1 == 1, 1 != 1, 1 != 2)
print(1.5 > 1, 1 >= 1.0, -1 < 0)
print(2**100 > 2**99, -(2**100) < 0)
print(True > False, True == 1.0)
x = 3
y = 7
print(x < y, x > y, x == y, x != y, x <= y, x >= y)
print((x < y) + (y < x))
print(1j == 1j, 1j != 2j)
