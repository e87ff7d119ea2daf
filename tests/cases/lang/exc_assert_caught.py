# AssertionError with and without a message.
def positive(x):
    assert x > 0, f"{x} is not positive"
    return x
for v in [1, -1]:
    try:
        print(positive(v))
    except AssertionError as e:
        print("AssertionError:", e, e.args)
try:
    assert False
except AssertionError as e:
    print(repr(e), e.args, str(e) == "")
