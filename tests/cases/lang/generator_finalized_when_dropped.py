# A suspended generator is closed when its last reference goes (a loop's end, its function's return, a rebound or deleted variable, the script's end): its finally and with exits run.
def lines():
    try:
        for i in range(5):
            yield i
    finally:
        print("generator cleaned up")

for x in lines():
    if x == 2:
        break
print("after loop")

def use_locally():
    g = lines()
    print(next(g), next(g))
    return "returned"

print(use_locally())
print("after function")

def bad():
    try:
        yield 1
    finally:
        yield 2

def run_bad():
    b = bad()
    next(b)

run_bad()
print("after bad")

class Resource:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, *a):
        print("exit", a[0])
        return False

def managed():
    with Resource():
        yield "a"
        yield "b"

for v in managed():
    print(v)
    break
print("end")
g = lines()
next(g)
h = g
del g
print("still referenced")
k = lines()
next(k)
k = None
print("rebound")
j = lines()
next(j)
del j
print("deleted")
