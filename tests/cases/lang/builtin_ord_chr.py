# ord and chr.
print(ord('a'), ord('A'), ord('0'), ord(' '), ord('\n'))
print(chr(97), chr(65), chr(48), repr(chr(10)))
print(chr(ord('a') + 1), ord(chr(120)))
s = ''
for c in 'HAL':
    s = s + chr(ord(c) + 1)
print(s)
code = 0
for c in 'abc':
    code = code * 256 + ord(c)
print(code)
