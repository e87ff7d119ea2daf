# A user __repr__ is used inside lists, tuples, dicts and nested containers.
class Tag:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return f"<{self.name}>"
tags = [Tag("a"), Tag("b")]
print(tags)
print((Tag("x"),), {"k": Tag("v")}, {1: [Tag("deep"), (Tag("er"),)]})
print(str(tags), repr(tags), f"{tags}", "%s" % [Tag("pct")])
