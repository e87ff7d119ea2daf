# xpush: expect-class=TypeError
total = 0
with 42 as value:
    total += value
