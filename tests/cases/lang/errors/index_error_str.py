s = 'ab'
print(s[1])
print(s[5])
