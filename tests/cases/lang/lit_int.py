# Integer literals in every base, with separators.
print(0, 7, 42, -42)
print(0x1f, 0XFF, 0xdead_beef)
print(0o17, 0O777, 0o0)
print(0b1010, 0B1111_0000, 0b0)
print(1_000_000, 1_0)
print(-0x10, -0o10, -0b10)
print(0x10 + 0o10 + 0b10 + 10)
print(123456789, 9223372036854775807, -9223372036854775808)
print(9223372036854775807 + 1)
print(-9223372036854775808 - 1)
print(00, 0_0)
x = 0xff
print(x, x + 1, x * 2)
