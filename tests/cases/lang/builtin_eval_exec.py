# eval() and exec(): code given as a string, in the module's globals, in a
# dict of names, and in a function's locals.

x = 10
print(eval("x * 2 + 1"))
print(eval("  [i * x for i in range(3)]"))
print(eval("(1,\n 2)"))
print(eval("x + y", {"x": 1, "y": 2}))
print(eval("x + y", {"x": 1}, {"y": 5}))
print(eval("y", None, {"y": 3}))
print(eval(b"x - 1"))

# exec at module level binds module variables.
exec("z = x + 5\ndef twice(v):\n    return 2 * v\n")
print(z, twice(z))
exec("import math; r = math.sqrt(16)")
print(r)
exec("for k in range(3):\n    print('line', k)")

# exec in a dict binds in the dict, with __builtins__ added.
ns = {"a": 3}
exec("b = a * a\nc = len([1, 2])", ns)
print(sorted(ns), ns["b"], ns["c"])
exec("del a", ns)
print("a" in ns)

# A function defined in a namespace keeps reading it.
ns2 = {}
exec("scale = 3\ndef f(v):\n    return v * scale\n", ns2)
print(ns2["f"](7))

# globals() is the module's namespace.
exec("w = 42", globals())
print(w)
g = globals()
exec("w = 43", g)
print(w, g["w"])

# locals given: names are bound there, read from globals first.
loc = {}
exec("p = x + 1", {"x": 100}, loc)
print(loc)

def inside():
    t = 7
    print(eval("t * 6"))
    exec("t = 0")
    print(t)
    return eval("(t, t + 1)")

print(inside())

# Errors inside the string are raised as they are.
for src in ["1 / 0", "undefined_name", "[1][5]"]:
    try:
        eval(src)
    except Exception as e:
        print(type(e).__name__, e)

for src in ["x = 1", "1; 2", "import os", "", "if x:"]:
    try:
        eval(src)
    except SyntaxError as e:
        print("eval", repr(src), type(e).__name__)

for src in ["  y = 1", "def f(:", "return 1"]:
    try:
        exec(src)
    except SyntaxError as e:
        print("exec", repr(src), type(e).__name__)

for call in [lambda: eval(1), lambda: eval("x", 1), lambda: eval("x", {}, 1),
             lambda: exec("x", 1), lambda: exec("x", {}, 1), lambda: exec(None),
             lambda: eval("1", globals={})]:
    try:
        call()
    except TypeError as e:
        print(e)

# Many evals in a loop.
total = 0
for i in range(200):
    total += eval("i * i", {"i": i})
print(total)
print(exec("pass"))
