# A generator that yields after GeneratorExit: close() raises RuntimeError.
def ignores():
    ignored = 0
    while True:
        try:
            yield 1
        except GeneratorExit:
            ignored += 1
            print("ignoring", ignored)
            if ignored > 1:
                return
g = ignores()
next(g)
try:
    g.close()
except RuntimeError as e:
    print("RuntimeError:", e)
g.close()
print("closed for good", next(g, "done"))
