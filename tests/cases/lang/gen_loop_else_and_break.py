# A for loop's else, break and continue inside a generator.
def search(xs, target):
    for x in xs:
        if x % 2:
            continue
        yield x
        if x == target:
            yield "found"
            break
    else:
        yield "not found"
print(list(search([1, 2, 3, 4, 6], 4)), list(search([2, 4], 9)))
def countdown(n):
    while n:
        yield n
        n -= 1
    else:
        yield "liftoff"
print(list(countdown(3)))
