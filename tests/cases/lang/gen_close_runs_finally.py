# close() raises GeneratorExit at the yield: finally blocks and except GeneratorExit run.
def resource():
    print("open")
    try:
        yield 1
        yield 2
    finally:
        print("close")
r = resource()
print(next(r))
r.close()
print("after close", next(r, "nothing"))
r2 = resource()
r2.close()
print("closed before start")
def stubborn():
    try:
        yield 1
    except GeneratorExit:
        print("caught GeneratorExit")
        raise
s = stubborn()
next(s)
s.close()
print(list(resource()))
