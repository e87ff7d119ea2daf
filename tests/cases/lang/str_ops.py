# String +, *, in, comparisons and len.
a = 'foo'
b = 'bar'
print(a + b, a + '' + b)
print(a * 3, 3 * b, repr(a * 0), repr(a * -2))
print('o' in a, 'oo' in a, 'x' in a, 'x' not in a)
print(len(a), len(''), len(a + b), len('\t\n'))
print(a == 'foo', a < b, a > b)
c = a
c = c + '!'
print(a, c)
print(('ab' + 'cd') * 2)
