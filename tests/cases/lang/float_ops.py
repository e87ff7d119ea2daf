# Float arithmetic details.
print(0.1 * 3, 0.1 + 0.1 + 0.1)
print(1.0 - 0.9, 3.3 - 1.1)
print(1e308 + 1e308, -1e308 * 2)
print(2.0 ** 1023, 2.0 ** -1074)
print(1 / 7, 22 / 7)
print(1e16 + 1, 1e16 + 2)
print(1.5 * 1.5, 2.25 / 1.5)
x = 0.0
i = 0
while i < 10:
    x = x + 0.1
    i = i + 1
print(x, x == 1.0)
print(-0.0 == 0.0, -0.0 * 1, 0.0 * -1)
print(abs(-0.0))
