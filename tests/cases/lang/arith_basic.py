# Basic integer and float arithmetic.
print(1 + 2, 5 - 8, 6 * 7)
print(7 / 2, 6 / 3, -7 / 2, 1 / 4)
print(2 + 3 * 4, (2 + 3) * 4)
print(10 - 4 - 3, 100 / 10 / 5)
print(1.5 + 2.25, 0.5 - 1.25, 1.5 * 4)
print(0 * -1, -0 + 0)
print(3 * -2, -3 * -2)
print(1 / 3 * 3)
a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b)
print(type(6 / 3), type(6 // 3))
