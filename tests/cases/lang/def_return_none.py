# Functions without a value return None.
def no_return():
    x = 1

def bare_return():
    return

def early(n):
    if n > 0:
        return 'positive'

print(no_return(), bare_return())
print(early(1), early(-1))
r = no_return()
print(r is None, repr(r))

def two_returns(flag):
    if flag:
        return 1
    else:
        return 2
    print('unreachable')

print(two_returns(True), two_returns(False))
