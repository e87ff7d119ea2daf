# __getattr__ is called only for attributes not found normally.
class Proxy:
    def __init__(self, target):
        self.target = target
    def __getattr__(self, name):
        return getattr(self.target, name)
p = Proxy([3, 1, 2])
p.append(0)
print(p.target, p.count(1), p.target is p.target)
class Defaults:
    x = 1
    def __getattr__(self, name):
        return name.upper()
print(Defaults().x, Defaults().anything)
