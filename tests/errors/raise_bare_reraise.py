# xpush: expect-class=KeyError
config = {"rate": 0.1}
try:
    steps = config["steps"]
except KeyError:
    print("no 'steps' in the config")
    raise
