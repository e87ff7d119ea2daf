s = {'a'}
s.remove('a')
print(s)
s.remove('a')
