seen = set()
seen.add((1, 2))
seen.add([3, 4])
