print(float('1.5'))
print(float('x1'))
