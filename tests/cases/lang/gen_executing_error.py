# A generator that calls next() on itself: ValueError: generator already executing.
def selfish():
    yield next(me)
me = selfish()
next(me)
