# The bytes methods beyond the first set: case, padding, tabs, affixes,
# rpartition, splitlines, maketrans/translate, fromhex; bytearray keeps
# its type.
print(b'hELLO wORLD'.capitalize(), b''.capitalize(), b'1abc'.capitalize())
print(b"they're bill's 2nd".title(), b'aB1 \xe9x'.swapcase(), b'\xe9'.upper())
print(b'\x7f'.isascii(), b'\x80'.isascii(), b''.isascii())
print(b'ab1'.islower(), b'aB'.islower(), b'1'.islower(), b'AB1'.isupper(), b'1'.isupper(), b''.isupper())
for t in [b'Ab Cd', b'aB', b'', b'A1 B', b'AB', b'Ab1c', b'1', b'A_B']:
    print(t, t.istitle())
print(b'ab'.center(5), b'ab'.center(5, b'*'), b'ab'.center(6, b'*'), b'abc'.center(6, b'-'), b'ab'.center(-1))
print(b'ab'.ljust(4, b'-'), b'ab'.rjust(4), b'abc'.ljust(2), b'ab'.rjust(3, bytearray(b'.')))
print(b'-42'.zfill(6), b'+4'.zfill(4), b'abc'.zfill(2), b'-'.zfill(3), b''.zfill(2))
print(b'a\tb\n\tc'.expandtabs(), b'a\tb'.expandtabs(4), b'a\tb'.expandtabs(tabsize=0), b'ab\tc\r\td'.expandtabs(-1), b'abc\td'.expandtabs(2))
print(b'abc'.removeprefix(b'ab'), b'abc'.removeprefix(b'x'), b'abc'.removeprefix(b''), b'abc'.removesuffix(b'bc'), b'abc'.removesuffix(bytearray(b'c')))
print(b'a=b=c'.rpartition(b'='), b'abc'.rpartition(b'='), b'a==b'.rpartition(b'=='))
print(b'a\nb\r\nc\rd\x0be\x0cf'.splitlines(), b'a\nb\n'.splitlines(True), b'\n\n'.splitlines(keepends=True), b''.splitlines())
t = bytes.maketrans(b'ab', b'xy')
print(len(t), t[97:99], t[:3])
print(b'abc'.translate(t), b'abc'.translate(None, b'b'), b'abc'.translate(None), b'abcab'.translate(t, delete=b'a'))
print(bytes.fromhex('de ad'), bytes.fromhex(' 0a\t0b '), bytearray.fromhex('0a'), b'x'.fromhex('01'))
ba = bytearray(b'hello world')
print(ba.title(), ba.capitalize(), ba.swapcase(), ba.zfill(13), ba.center(13, b'*'), ba.rpartition(b' '))
print(ba.removeprefix(b'hello '), ba.splitlines(), ba.translate(t), ba.expandtabs(), ba.istitle(), ba.islower())
print(hasattr(bytes, 'maketrans'), hasattr(bytearray, 'maketrans'), hasattr(bytes, 'fromhex'))
for f in [
    lambda: b'ab'.center(5, '*'),
    lambda: b'ab'.center(5, b'**'),
    lambda: b'ab'.ljust(5, 42),
    lambda: b'ab'.zfill(3.0),
    lambda: b'a\tb'.expandtabs(2.0),
    lambda: b'abc'.removeprefix('a'),
    lambda: b'abc'.removesuffix(1),
    lambda: b'abc'.rpartition(b''),
    lambda: b'abc'.rpartition('a'),
    lambda: bytes.maketrans(b'a', b'xy'),
    lambda: bytes.maketrans('a', 'b'),
    lambda: b'abc'.translate(b'x'),
    lambda: b'abc'.translate('x' * 256),
    lambda: b'abc'.translate(None, 'a'),
    lambda: bytes.fromhex(b'de'),
    lambda: bytes.fromhex('d'),
    lambda: bytes.fromhex('0 a'),
    lambda: bytes.fromhex('zz'),
    lambda: bytes.fromhex(1),
]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
