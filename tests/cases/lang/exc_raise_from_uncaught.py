try:
    {}["k"]
except KeyError as e:
    raise LookupError("lookup failed") from e
