print('never printed')
if True:
print('not indented')
