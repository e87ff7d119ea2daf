# The str methods beyond the first set: casefold, expandtabs, format_map,
# the is* predicates over Unicode, maketrans/translate, removeprefix,
# removesuffix and rpartition.
print('ßΣFi'.casefold(), 'ΣΑΣ'.casefold(), 'ﬁ'.casefold(), 'İ'.casefold() == 'i\u0307', 'ABC'.casefold(), 'µ'.casefold())
print(repr('a\tb\n\tc'.expandtabs(4)), repr('a\tb'.expandtabs()), repr('a\tb'.expandtabs(-2)), repr('ab\tc\r\td'.expandtabs(3)), repr('é\tx'.expandtabs(3)))
print('{a}-{b}'.format_map({'a': 1, 'b': 2}), '{a.real}'.format_map({'a': 1}), 'x'.format_map(1), '{a[0]:>3}'.format_map({'a': [7]}))


class Lookup:
    def __getitem__(self, key):
        return key * 2


print('{x}/{y}'.format_map(Lookup()), '%05d|%-05d|%+06.1f|%#06x' % (-42, 7, 2.25, 255))
print('é'.isascii(), 'a~\x7f'.isascii(), ''.isascii())
for t in ['123', '١٢', '½', '²', 'Ⅷ', '一', '℃', '1.5', '', '٣x']:
    print(repr(t), t.isdecimal(), t.isnumeric(), t.isdigit())
for t in ['a1_', '1a', '', '_', 'é', 'Ⅰx', 'a b', 'a-b', 'class', 'x\u0300']:
    print(repr(t), t.isidentifier())
for t in ['ab', 'a\n', '', ' ', '\xa0', '\u200b', 'é', '\x7f', '\u2028', '\U0001f600']:
    print(repr(t), t.isprintable())
for t in ['Ab Cd', 'Hello World', 'HeLLo', 'ǅungla', 'ǅ', '', '1', 'A1b', 'Ab-Cd', "They'Re", 'aB']:
    print(repr(t), t.istitle())
print(str.maketrans('ab', 'xy'), str.maketrans({'a': 'b', 98: None}), str.maketrans('ab', 'xy', 'z'), str.maketrans('', '', 'ab'))
print('abc'.translate({97: 'xy', 98: None, 99: 100}), 'abc'.translate(str.maketrans('abc', 'xyz')), 'abc'.translate('xyz'))
print(repr('abc'.translate([None] * 100)), 'a'.translate({ord('a'): 'b' * 3}), 'héllo'.translate({ord('é'): 'e'}), 'ab'.translate({}))
print('abc'.translate({97: None}), 'x'.maketrans('a', 'b'), b'x'.maketrans(b'a', b'b')[97], bytearray.maketrans(b'a', b'b')[97])
print('abc'.removeprefix('ab'), 'abc'.removeprefix('x'), 'abc'.removeprefix(''), 'abc'.removesuffix('c'), 'abc'.removesuffix('abcd'))
print('a=b=c'.rpartition('='), 'abc'.rpartition('x'), 'aébé'.rpartition('é'), 'a==b'.rpartition('=='))
for f in [
    lambda: '{a}'.format_map({}),
    lambda: '{}'.format_map({}),
    lambda: '{0}'.format_map({}),
    lambda: '{a}'.format_map(1),
    lambda: str.maketrans('a', 'bc'),
    lambda: str.maketrans({'ab': 1}),
    lambda: str.maketrans(1),
    lambda: str.maketrans('a'),
    lambda: str.maketrans({1.5: 1}),
    lambda: str.maketrans('a', 1),
    lambda: str.maketrans('a', 'b', 1),
    lambda: str.maketrans({}, 'a'),
    lambda: 'abc'.translate({97: 1.5}),
    lambda: 'abc'.translate(5),
    lambda: 'abc'.translate({97: 0x110000}),
    lambda: 'abc'.removeprefix(b'a'),
    lambda: 'abc'.removesuffix(None),
    lambda: 'abc'.rpartition(''),
    lambda: 'abc'.rpartition(1),
    lambda: 'a\tb'.expandtabs(2.0),
]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
