# lambda: parameters, defaults, keyword calls, the value it makes.
square = lambda x: x * x
print(square(7), square(-1.5))
add = lambda a, b=10: a + b
print(add(1), add(1, 2), add(b=3, a=4))
print((lambda: "no parameters")())
print((lambda x,: x)(5))
print(type(square).__name__, square.__name__)
print(repr(square).startswith("<function <lambda> at 0x"))
# The body is a whole expression: conditionals, boolean ops, calls.
sign = lambda v: 1 if v > 0 else -1 if v < 0 else 0
print([sign(-3), sign(0), sign(8)])
both = lambda a, b: a and b or "neither"
print(both(1, 2), both(0, 2))
print((lambda s: s.upper() + "!")("hi"))
# A lambda as a conditional's value, an argument, a tuple element.
pick = (lambda: "yes") if len("ab") == 2 else (lambda: "no")
print(pick())
pair = (lambda: 1, lambda: 2)
print(pair[0]() + pair[1]())
print(max(["apple", "fig", "banana"], key=lambda w: len(w)))
print(sorted([(1, "b"), (0, "c"), (2, "a")], key=lambda t: t[1]))
print(sorted([5, -7, 3, -1], key=lambda v: abs(v), reverse=True))
