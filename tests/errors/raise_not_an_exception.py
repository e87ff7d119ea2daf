# xpush: expect-class=TypeError
def fail():
    raise "something went wrong"
fail()
