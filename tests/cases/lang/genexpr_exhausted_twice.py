# A generator is used up once iterated.
g = (c for c in 'ab')
print(list(g), list(g), sum(x for x in []))
g = (x for x in range(2))
print(next(g), next(g), next(g, 'done'), next(g, 'still done'))
for x in g:
    print('never')
print(type(g).__name__)
