format(1, 's')
