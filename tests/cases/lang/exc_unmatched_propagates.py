try:
    int("x")
except (TypeError, KeyError):
    print("wrong handler")
