list(zip([1], [1, 2], [3], strict=True))
