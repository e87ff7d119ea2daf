# An exception unwinds through several calls and builtins to the handler.
def level3(x):
    return {"a": 1}[x]
def level2(x):
    return level3(x) + 1
def level1(x):
    return [level2(x)]
try:
    level1("b")
except KeyError as e:
    print("caught at the top:", e)
def key(v):
    if v == 3:
        raise ValueError("three is not allowed")
    return -v
try:
    sorted([1, 2, 3], key=key)
except ValueError as e:
    print("from a sort key:", e)
try:
    list(map(lambda v: 10 // v, [5, 1, 0]))
except ZeroDivisionError as e:
    print("from map:", e)
try:
    sum(x / (x - 2) for x in range(5))
except ZeroDivisionError as e:
    print("from a generator:", e)
print(level1("a"))
