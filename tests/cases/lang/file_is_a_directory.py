try:
    open("/tmp")
except IsADirectoryError as e:
    print(e)
open("/tmp", "w")
