# A user context manager: __enter__'s value bound by as, __exit__ told about exceptions.
class Recorder:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, typ, value, tb):
        print("exit", self.name, typ.__name__ if typ else None, value)
        return self.suppress
with Recorder("a") as got:
    print("inside", got)
with Recorder("b", suppress=True):
    raise ValueError("swallowed")
print("after b")
with Recorder("outer"), Recorder("inner") as i:
    print("both", i)
try:
    with Recorder("c"):
        raise KeyError("passes through")
except KeyError as e:
    print("caught", repr(e))
