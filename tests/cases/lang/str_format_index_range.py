print('{}'.format(1))
'{} {}'.format(1)
