# upper / lower.
s = 'Hello, World 42!'
print(s.upper())
print(s.lower())
print(s)
print(''.upper(), 'ABC'.lower(), 'abc'.upper())
print('MiXeD'.lower().upper())
t = 'x'
t = t.upper()
print(t)
