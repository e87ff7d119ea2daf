print(format(7, '05'))
format(7, '.2d')
