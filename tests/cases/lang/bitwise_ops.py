# &, |, ^, ~ on positive and negative ints and bools.
print(12 & 10, 12 | 10, 12 ^ 10)
print(-12 & 10, -12 | 10, -12 ^ 10)
print(-1 & 255, -256 | 15, -1 ^ -1)
print(~5, ~-6, ~0)
print(True & False, True | False, True ^ True)
print(True & 3, True | 2, False ^ 5)
print(2**100 & (2**100 - 1), 2**100 | 1)
print(-(2**70) & 0xffff, (2**70 + 5) ^ 2**70)
print(0xf0 & 0x3c, 0xf0 | 0x0f, 0xff ^ 0x0f)
x = 0b1011
print(bin(x & 0b0110), bin(x | 0b0100), bin(x ^ 0b1111))
