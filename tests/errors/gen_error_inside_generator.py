# xpush: expect-class=ValueError
def readings(raw):
    for r in raw:
        yield float(r)
values = list(readings(["1.5", "2.0", "n/a"]))
