# xpush: expect-class=TypeError
try:
    x = 1 / 0
except "ZeroDivisionError":
    x = 0
