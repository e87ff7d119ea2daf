# An exception inside a generator escapes to the loop that drives it, with its traceback.
def parse(items):
    for s in items:
        yield int(s)
total = 0
for v in parse(["1", "2", "x", "4"]):
    total += v
    print("total", total)
