print('before')
x = 0
print(1 / x)
