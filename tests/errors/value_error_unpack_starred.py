head, *middle, tail = [1]
