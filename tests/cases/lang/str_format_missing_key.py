print('{a}'.format(a=1))
'{b}'.format(a=1)
