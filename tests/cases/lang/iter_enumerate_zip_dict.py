# enumerate and zip feeding dicts and loops.
names = ['ann', 'bob', 'cy']
scores = [90, 72, 85]
print(dict(zip(names, scores)), dict(enumerate(names)), {n: i for i, n in enumerate(names, 1)})
for rank, (name, score) in enumerate(sorted(zip(names, scores), key=lambda p: -p[1]), start=1):
    print(rank, name, score)
print(list(zip(*zip(names, scores))), list(map(lambda p: p[0] * p[1], zip([1, 2], [3, 4]))))
