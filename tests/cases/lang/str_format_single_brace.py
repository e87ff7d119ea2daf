'x }'.format()
