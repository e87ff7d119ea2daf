# del unbinds names; rebinding works afterwards.
x = 10
y = x
del x
print(y)
x = 'again'
print(x)
a = [1, 2]
b = a
del a
print(b)
p = 1
q = 2
del p, q
p = 3
print(p)


# del of a builtin's name at module level: the module never bound it
# (NameError, not a crash), and the builtin itself is untouched.
def try_del_builtin():
    try:
        exec_del()
    except NameError as e:
        print("NameError:", e)


def exec_del():
    global abs
    del abs


try_del_builtin()
print(abs(-2))
try:
    del never_bound
except NameError as e:
    print("NameError:", e)
abs = len
del abs
print(abs(-3))


def local_del():
    z = 1
    del z
    try:
        del z
    except NameError as e:
        print(type(e).__name__ + ":", e)


local_del()
