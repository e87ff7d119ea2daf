# The sent value can be unpacked by the assignment that receives it.
def pairs():
    total = 0
    while True:
        a, b = yield total
        total += a * b
p = pairs()
next(p)
print(p.send((2, 3)), p.send((4, 5)))
