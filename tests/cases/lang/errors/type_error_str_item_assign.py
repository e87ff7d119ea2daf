s = 'abc'
print(s[0])
s[0] = 'x'
