# Augmented assignment with every operator on ints.
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 4
print(x)
x //= 5
print(x)
x %= 4
print(x)
x **= 10
print(x)
x <<= 3
print(x)
x >>= 2
print(x)
x &= 0xff
print(x)
x |= 0x100
print(x)
x ^= 0x1ff
print(x)
x /= 4
print(x)
y = -7
y //= 2
print(y)
y %= 3
print(y)
z = 2
z **= 100
print(z)
