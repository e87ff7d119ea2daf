# Lexicographic string comparison.
print('a' < 'b', 'abc' < 'abd', 'abc' < 'ab')
print('Z' < 'a', '' < 'a', 'ab' < 'abc')
print('apple' == 'apple', 'apple' != 'Apple')
print('10' < '9', '1' < '10')
print('b' > 'abc', 'b' >= 'b', 'a' <= 'a')
print(min('pear', 'apple', 'fig'), max('pear', 'apple', 'fig'))
