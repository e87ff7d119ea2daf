# A consumer that stops early leaves the generator suspended; it can be resumed later.
def naturals():
    n = 0
    while True:
        n += 1
        yield n
nat = naturals()
for x in nat:
    if x == 3:
        break
print(next(nat), next(nat))
print(sum(x for x, _ in zip(nat, range(4))))
