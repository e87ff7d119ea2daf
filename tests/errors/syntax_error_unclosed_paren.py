print('never printed')
x = (1 + 2
y = 3
