# Truth values of every kind in conditions.
def check(x):
    if x:
        print(repr(x), 'is truthy')
    else:
        print(repr(x), 'is falsy')

check(0)
check(7)
check(-1)
check(0.0)
check(0.1)
check(0j)
check(1j)
check('')
check(' ')
check([])
check([0])
check(())
check((0,))
check(None)
check(True)
check(False)
check(range(0))
check(range(2))
check(2**100)
