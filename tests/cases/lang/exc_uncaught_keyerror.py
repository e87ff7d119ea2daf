raise KeyError("missing key")
