# Indexing gives ints, slicing gives bytes; iteration yields ints.
data = b"hello world"
print(data[0], data[-1], data[1:5], data[::-2], data[100:], data[:0])
print(list(b"abc"), [x + 1 for x in b"\x00\x01"], tuple(reversed(b"xyz")))
print(sum(b"abc"), max(b"azm"), min(b"azm"), sorted(b"cab"))
print(104 in data, b"wor" in data, b"" in data, 255 in data)
for i, byte in enumerate(b"hi"):
    print(i, byte, chr(byte))
