try:
    raise ValueError("first")
finally:
    raise TypeError("second")
