# str.encode and bytes.decode with the utf-8, ascii and latin-1 codecs.
s = "naïve café €"
u = s.encode()
print(u, len(s), len(u), u.decode() == s, u.decode("utf-8"))
print("café".encode("latin-1"), b"caf\xe9".decode("latin-1"), "abc".encode("ascii"), b"abc".decode("ascii"))
print(s.encode("ascii", "replace"), s.encode("ascii", "ignore"), s.encode("latin-1", "replace"))
print(b"a\xffb".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"), b"\xe2\x82".decode("utf-8", "replace"))
print("x".encode("UTF-8"), "x".encode("utf_8"), b"x".decode("Latin1"), "x".encode(encoding="ascii", errors="strict"))
print(f"{b'data'}", str(b"q"), repr(b"q"), f"{b'x'!r:>6}|")
