# Functions are values.
def square(x):
    return x * x

def cube(x):
    return x * x * x

def apply(f, v):
    return f(v)

def pick(name):
    if name == 'sq':
        return square
    return cube

print(apply(square, 4), apply(cube, 3))
fs = [square, cube, abs]
for f in fs:
    print(f(-2))
g = pick('cu')
print(g(2), pick('sq')(5))
h = square
print(h(9), h is square)
print(sorted([-3, 1, -2], key=square))
