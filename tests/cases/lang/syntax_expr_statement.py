# Expression statements in a script print nothing.
1 + 2
'a string'
[1, 2, 3]
None
x = 5
x
x * 2
print('only this line is printed', x)
len('abc')
