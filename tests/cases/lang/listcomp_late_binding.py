# Lambdas made in a comprehension see its variable's last value unless a
# default captures it, as in Python.
late = [lambda: i for i in range(3)]
early = [lambda i=i: i for i in range(3)]
print([f() for f in late], [f() for f in early])
adders = [lambda x, n=n: x + n for n in range(1, 4)]
print([add(10) for add in adders])
