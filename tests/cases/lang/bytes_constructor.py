# bytes() and bytearray() from a count, ints, an iterable, a str and an encoding.
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(3)), bytes(x * 2 for x in range(3)))
print(bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"), bytes(b"copy"), bytes(bytearray(b"ba")))
print(bytearray(), bytearray(2), bytearray(b"xy"), bytearray([1, 2]), bytearray("é", "latin-1"))
print(bytes.fromhex("de ad be ef"), bytearray.fromhex("00ff"), b"\x01\xab".hex(), b"abc".hex("-"), b"abcde".hex(":", 2))
print(bytes([True, False]), list(bytes(2)))
