x = 1
print('never printed')
if x = 1:
    print(x)
