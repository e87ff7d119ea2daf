# str.format: automatic, numbered and keyword fields, attributes, items.
print('{} + {} = {}'.format(1, 2, 3), '{1}{0}{1}'.format('a', 'b'), '{x}-{y}'.format(x=1, y=2))
print('{0.real} {0.imag}'.format(3 + 4j), '{0[1]} {d[k]}'.format([5, 6], d={'k': 'v'}))
print('{:>8.3f}|{:<6}|{:^7}'.format(3.14159, 'ab', 'mid'), '{!r} {!s}'.format('q', 'q'))
print('{:{w}.{p}f}'.format(2.71828, w=10, p=3), '{{literal}} {}'.format('x'))
print('{:,}'.format(10**9), '{:08.3f}'.format(-1.5), '{:%}'.format(0.5), '{:x}'.format(255))
point = {'x': 1, 'y': 2}
print('({x}, {y})'.format(**point), '{0}{0}'.format('ab'))
