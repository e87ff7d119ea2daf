# String indexing and slicing.
s = 'abcdefgh'
print(s[0], s[3], s[-1], s[-8])
print(s[1:3], s[:3], s[5:], s[:])
print(s[-3:], s[:-3], s[-5:-2])
print(s[::2], s[1::2], s[::-1], s[::-2])
print(s[6:1:-1], s[-1:-4:-1])
print(repr(s[5:2]), repr(s[100:]), s[:100])
print(s[1:-1], s[2:7:3])
print(len(s[2:5]))
print('x'[0], 'xy'[-1])
