print('abc'.index('b'))
print('abc'.index('z'))
