print('never printed')
print((1, 2)
