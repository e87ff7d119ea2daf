# << and >> incl. negative numbers and big results.
print(1 << 10, 1 << 0, 3 << 4)
print(1 << 64, 1 << 100)
print(-1 << 3, -5 << 2)
print(1024 >> 3, 5 >> 10, 0 >> 3)
print(-16 >> 2, -1 >> 5, -17 >> 2, -1 >> 100)
print(2**100 >> 90, -(2**100) >> 99)
print(True << 3, 8 >> True)
x = 1
x = x << 62
print(x, x << 1, x << 2)
