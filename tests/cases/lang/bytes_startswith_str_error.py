print(b"abc".startswith(b"a"))
print(b"abc".startswith("a"))
