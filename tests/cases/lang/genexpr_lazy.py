# Nothing runs until an item is asked for, and one item at a time.
def noisy(x):
    print('computing', x)
    return x * 10
g = (noisy(x) for x in range(3))
print('made the generator')
print(next(g))
print('between')
for v in g:
    print('got', v)
print(next((x for x in range(10**18) if x * x > 50)))
print(any(noisy(x) > 0 for x in range(5)))
