# A lazy pipeline of generators: each stage pulls from the one before.
def source(n):
    for i in range(n):
        print("produce", i)
        yield i
def square(xs):
    for x in xs:
        yield x * x
def evens(xs):
    for x in xs:
        if x % 2 == 0:
            yield x
pipe = evens(square(source(5)))
print("built")
print(next(pipe))
print(list(pipe))
print(sum(x for x in evens(square(range(10)))))
