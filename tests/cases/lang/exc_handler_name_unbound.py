try:
    1 / 0
except ZeroDivisionError as err:
    pass
print(err)
