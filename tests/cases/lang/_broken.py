"""A module that fails while it is imported."""
VALUE = 1


def check(v):
    if v < 10:
        raise ValueError(f"bad config value {v}")


check(VALUE)
