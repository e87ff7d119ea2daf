print('never printed')
1 = x
