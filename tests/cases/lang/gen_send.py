# send(): the value becomes the result of the yield the generator stopped at.
def running_average():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        total += value
        count += 1
        average = total / count
avg = running_average()
print(next(avg))
for v in [10, 20, 60]:
    print(avg.send(v))
def echo():
    got = yield "first"
    while got is not None:
        got = yield f"got {got}"
e = echo()
print(e.send(None), e.send(1), e.send("x"))
try:
    e.send(None)
except StopIteration:
    print("stopped")
