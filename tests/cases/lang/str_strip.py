# strip / lstrip / rstrip, with and without chars.
s = '   padded text \t\n'
print(repr(s.strip()))
print(repr(s.lstrip()))
print(repr(s.rstrip()))
print(repr('xxhixx'.strip('x')), repr('xxhixx'.lstrip('x')), repr('xxhixx'.rstrip('x')))
print(repr('abcHELLOcba'.strip('abc')))
print(repr(''.strip()), repr('   '.strip()))
print(repr('no-op'.strip()))
print(repr('..a.b..'.strip('.')))
