# Unary minus, plus and invert.
x = 5
print(-x, +x, ~x)
print(- -x, -(-x), --x, -+x)
print(~0, ~-1, ~~7)
print(-0.0, +0.0, -1.5)
print(+True, -True, ~True, ~False)
print(-(2 ** 100), ~(2 ** 100))
print(-(1 + 2j))
print(not x, not -x)
y = -3
print(-y, abs(y))
