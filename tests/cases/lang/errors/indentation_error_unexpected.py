print('never printed')
x = 1
    y = 2
