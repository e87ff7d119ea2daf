# + and * concatenate and repeat; comparisons are bytewise; bytes hash like str.
a, b = b"ab", b"cd"
print(a + b, a * 3, 2 * b, a * 0, a * -1)
print(a < b, b"ab" < b"abc", b"b" > b"abc", b"ab" <= b"ab", a == b"ab", a == "ab")
print(sorted([b"pear", b"apple", b"fig"]), max(b"x", b"xy"))
print(hash(b"") == 0, hash(b"abc") == hash("abc"), {b"k": 1}[b"k"], {b"a", b"a", b"b"} == {b"a", b"b"})
x = b"a"
x += b"b"
print(x, bool(b""), bool(b"\x00"))
