# globals() and locals(): the module's variables, a function's locals in CPython's order.
x = 1
def f(p, q=2):
    if False:
        print(later)
    first = 10
    later = 20
    def inner():
        return first
    return locals()
d = f(1)
print(list(d), d["p"], d["later"])
def outer():
    captured = 5
    def inner():
        seen = captured
        return locals()
    return inner()
print(outer())
g = globals()
print(g["x"], "f" in g, "len" in g, g["__name__"], type(g))
print(locals() == globals(), sorted(k for k in globals() if not k.startswith("_")))
