print(list(zip([1], [2], strict=True)))
list(zip([1, 2, 3], [1, 2], strict=True))
