# Conditional expressions.
x = 5
print('big' if x > 3 else 'small')
print('big' if x > 9 else 'small')
print(1 if 0 else 2 if 0 else 3)
print(1 if 0 else 2 if 1 else 3)
y = 10 if x else 20
print(y)

def a():
    print('a called')
    return 'a'

def b():
    print('b called')
    return 'b'

print(a() if True else b())
print(a() if False else b())
print((1 if x else 2) + 10)
print(abs(-3 if x > 0 else 3))
print([x if x > 2 else 0, 0 if x > 2 else x])
