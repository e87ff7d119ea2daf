# A script runs as the module __main__, so its main guard runs.
print(__name__)
print(type(__name__).__name__, __name__ == "__main__")


def main():
    # Read from a function: the module's global.
    return "main() ran in " + __name__


if __name__ == "__main__":
    print(main())
else:
    print("imported")
__name__ = "renamed"
print(__name__)
