# xpush: expect-class=TypeError
def accumulate():
    total = 0
    while True:
        total += yield total
acc = accumulate()
acc.send(1)
