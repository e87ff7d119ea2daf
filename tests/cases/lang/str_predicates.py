# startswith, endswith, isdigit, isalpha.
s = 'filename.py'
print(s.startswith('file'), s.startswith('name'), s.startswith(''))
print(s.endswith('.py'), s.endswith('.rs'), s.endswith(''))
print('12345'.isdigit(), '12a'.isdigit(), ''.isdigit(), '-1'.isdigit())
print('abc'.isalpha(), 'abc1'.isalpha(), ''.isalpha(), 'a b'.isalpha())
print('ABCdef'.isalpha(), '0'.isdigit())
