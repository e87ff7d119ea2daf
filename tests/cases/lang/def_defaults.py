# Default argument values.
def greet(name, greeting='Hello', punct='!'):
    return greeting + ', ' + name + punct

print(greet('Ann'))
print(greet('Bob', 'Hi'))
print(greet('Cy', 'Yo', '?'))

def power(base, exp=2):
    return base ** exp

print(power(3), power(3, 3), power(2, -1))
n = 10

def show(x=n):
    return x

n = 20
print(show(), show(5))

def acc(x, into=[]):
    into.append(x)
    return into

print(acc(1), acc(2))
print(acc(3, []))
