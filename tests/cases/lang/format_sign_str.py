format('a', '+')
