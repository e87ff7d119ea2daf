print(hash((1, 2)))
hash([1, 2])
