try:
    x = 1
except ValueError, TypeError:
    pass
