print('a' + 'b')
print('a' + 1)
