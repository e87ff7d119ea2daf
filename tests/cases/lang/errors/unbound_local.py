x = 10
def f():
    print(x)
    x = 5
print('calling')
f()
