print('never printed')
a = 1 +
if a == 1
b = (2 * ]
