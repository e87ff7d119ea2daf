# A module outside the script's folder, found through sys.path.
VALUE = 42


def twice(x):
    return 2 * x
