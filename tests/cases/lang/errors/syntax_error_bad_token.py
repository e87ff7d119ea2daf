print('never printed')
x = 1 +* 2
