# Bytes literals: prefixes, escapes, adjacent literals, repr's quote choice.
print(b"abc", B'abc', rb"\x41\n", Rb'\d+', br"\\")
print(b"\x00\x7f\x80\xff", b"\t\n\r\\", b"\101\102", b"\777", b"\u00e9")
print(b"it's", b'say "hi"', b"both ' and \"", b'')
print(b"con" b"cat" B"enated")
print(b"""triple
quoted""")
print(len(b"\x00\x01\x02"), type(b""), b"" == b'', b"a" != b"b")
