# join and replace.
print(', '.join(['a', 'b', 'c']))
print(''.join(['x', 'y']), '-'.join('abc'))
print('+'.join([]), '+'.join(['only']))
print(' '.join(('tuple', 'works')))
print('hello world'.replace('o', '0'))
print('aaaa'.replace('a', 'b', 2))
print('abc'.replace('', '-'))
print('abcabc'.replace('bc', ''))
print('nothing'.replace('z', 'y'))
words = ['to', 'be', 'or', 'not']
print(' '.join(words).upper())
