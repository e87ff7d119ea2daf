try:
    [][1]
except IndexError:
    print("seen, passing on")
    raise
