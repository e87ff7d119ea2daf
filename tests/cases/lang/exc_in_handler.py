try:
    1 / 0
except ZeroDivisionError:
    print("handling")
    [][0]
