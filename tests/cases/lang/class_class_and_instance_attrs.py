# Class attributes are shared until an instance assigns its own.
class Config:
    options = []
    level = 1
a, b = Config(), Config()
a.options.append("shared")
a.level = 5
print(b.options, a.level, b.level, Config.level)
print(sorted(vars(a)) if False else a.__dict__, b.__dict__)
Config.level = 7
print(a.level, b.level)
