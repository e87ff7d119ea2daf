# Arbitrary-precision integers.
a = 2**100
print(a)
print(a + 1, a - 1)
print(a * a)
print(a // 3, a % 3)
print(-a // 7, -a % 7)
print(a // -7, a % -7)
print(a == 2**100, a > 2**99, a < 0)
print(10**30 // 10**15)
print(3**100 - 3**99)
print(-(2**64), abs(-(2**64)))
b = 18446744073709551615
print(b, b + 1, b * 2)
print(2**63, -2**63, 2**63 - 1)
print(a // a, a % a, a - a)
print(123456789123456789 * 987654321987654321)
print(2**200 // 2**100 == 2**100)
c = 1
i = 0
while i < 70:
    c = c * 3
    i = i + 1
print(c)
