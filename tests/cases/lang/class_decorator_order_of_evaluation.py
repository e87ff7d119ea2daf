# Decorator expressions are evaluated top to bottom, applied bottom to top.
def tag(name):
    print("evaluating", name)
    def deco(f):
        print("applying", name)
        return f
    return deco
@tag("outer")
@tag("inner")
def f():
    return "f"
print(f())
