# The str-like methods of bytes.
line = b"  key=value; other=thing  "
print(line.strip(), line.lstrip(), line.rstrip(), b"xxhixx".strip(b"x"))
print(line.split(), b"a,b,,c".split(b","), b"a b c".split(maxsplit=1), b"a,b,c".rsplit(b",", 1))
print(b"-".join([b"a", b"b", bytearray(b"c")]), b"".join([]), b"hello".replace(b"l", b"L"), b"aaa".replace(b"a", b"b", 2))
print(b"banana".count(b"a"), b"banana".find(b"na"), b"banana".rfind(b"na"), b"banana".find(b"x"), b"banana".index(110))
print(b"hello".startswith(b"he"), b"hello".endswith((b"x", b"lo")), b"hello".startswith(b"l", 2))
print(b"Hello".upper(), b"Hello".lower(), b"123".isdigit(), b"abc".isalpha(), b"a1".isalnum(), b" \t".isspace(), b"".isdigit())
print(b"k=v=w".partition(b"="), b"kv".partition(b"="))
