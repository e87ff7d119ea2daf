# Local versus global scope and the global statement.
x = 'global x'

def local_shadow():
    x = 'local x'
    return x

print(local_shadow(), x)
counter = 0

def bump():
    global counter
    counter = counter + 1
    return counter

bump()
bump()
print(bump(), counter)

def make_global():
    global created
    created = 'made inside'

make_global()
print(created)

def param_shadow(counter):
    counter = counter * 100
    return counter

print(param_shadow(5), counter)
