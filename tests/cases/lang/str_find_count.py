# find, count, index.
s = 'banana'
print(s.find('a'), s.find('na'), s.find('z'), s.find(''))
print(s.find('a', 2), s.find('a', 6))
print(s.count('a'), s.count('an'), s.count('z'), s.count(''))
print(s.index('n'), s.index('ana'))
print('mississippi'.count('ss'), 'mississippi'.find('ssi'))
print('aaa'.count('aa'))
