print('{0} {1}'.format('a', 'b'))
'{} {1}'.format('a', 'b')
