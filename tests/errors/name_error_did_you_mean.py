counter = 5
print('start')
print(countr + 1)
