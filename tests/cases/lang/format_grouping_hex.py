print(format(255, '_x'))
format(255, ',x')
