# printf-style formatting of bytes and bytearray (`b'%d bytes' % 8`),
# with bytes' own %s/%b/%r/%a/%c rules and CPython's errors.
print(b'%d bytes' % 8)
print(b'%s-%r' % (b'x', 1))
print(b'%5.2f|%-4s|%x' % (1.5, b'ab', 255))
print(b'%(a)s' % {b'a': b'z'})
print(b'%(a)s and %(b)d' % {b'a': bytearray(b'y'), b'b': 3})
print(b'%b|%s|%a|%r' % (b'q', bytearray(b'ba'), 'é', 'é'))
print(b'%5s|%-5s|%.1s|' % (b'ab', b'cd', b'ef'))
print(b'%c%c%c' % (65, b'B', True))
print(b'%10.3e|%g|%G|%F' % (12345.678, 0.5, 1e20, 2.0))
print(b'%#o %+d % d %05d %-5d|' % (8, 5, 5, -42, 7))
print(b'%#x %X %o' % (255, 255, 8))
print(b'%i %u %.3d' % (3.7, 9, -5))
print(b'\xff%d\x00' % 1, b'100%%' % ())
print(bytearray(b'%d') % 3, type(bytearray(b'%s') % b'x').__name__)
print(b'abc' % {}, b'abc' % [1], b'%s' % (b'only',))
print(b'%d' % 2**70, b'%x' % -255)


class B:
    def __bytes__(self):
        return b'custom'


print(b'<%s>' % B(), b'<%b>' % (B(),))
for fmt, args in [
    (b'%s', 'x'),
    (b'%s', 1.5),
    (b'%b', None),
    (b'%c', 256),
    (b'%c', -1),
    (b'%c', 'a'),
    (b'%c', b'ab'),
    (b'%c', 2.0),
    (b'%d %d', (1,)),
    (b'%d', (1, 2)),
    (b'abc', b'x'),
    (b'%y', 1),
    (b'%(a)s', {'a': b'z'}),
    (b'%(a)s', (1,)),
    (b'%(a', {}),
    (b'%', ()),
    (b'%d', 'x'),
    (b'%d', b'x'),
    (b'%x', 1.5),
    (b'%(a)s', {b'a': 1}),
    (b'%(a)s %s', {b'a': b'x'}),
]:
    try:
        print(fmt % args)
    except Exception as e:
        print(type(e).__name__, e)
# str formatting keeps its own rules beside it.
for fmt, args in [('%b', b'q'), ('abc', b'x'), ('abc', {}), ('%s', {'a': 1}), ('%c', 3.0)]:
    try:
        print(fmt % args)
    except Exception as e:
        print(type(e).__name__, e)
