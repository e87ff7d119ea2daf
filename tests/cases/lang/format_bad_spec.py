print(format(1.0, '.2f'))
format(1.0, 'abc')
