# Closures: free variables are read when the lambda runs (late binding),
# defaults when it is made.
late = []
early = []
for i in range(3):
    late.append(lambda: i)
    early.append(lambda i=i: i)
print(late[0](), late[2](), early[0](), early[2]())


def power(n):
    return lambda x: x ** n


cube = power(3)
print(cube(2), power(2)(9))


def counter():
    count = [0]

    def bump():
        count[0] += 1
        return count[0]

    return lambda: (bump(), bump())


print(counter()())
# Nested lambdas, each closing over the one outside.
adder = lambda a: lambda b: lambda c: a + b + c
print(adder(1)(2)(3))
# A default is evaluated once: the same list every call.
grow = lambda item, into=[]: (into.append(item), into)[1]
grow(1)
print(grow(2))
# Rebinding the name a lambda reads changes what it returns.
base = 10
offset = lambda x: x + base
print(offset(1))
base = 20
print(offset(1))
# Recursion through the name the lambda is bound to.
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
