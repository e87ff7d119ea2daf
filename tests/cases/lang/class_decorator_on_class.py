# A class decorator receives the class and may return it changed.
registry = {}
def register(cls):
    registry[cls.__name__] = cls
    cls.registered = True
    return cls
@register
class Widget:
    pass
@register
class Gadget(Widget):
    pass
print(sorted(registry), Widget.registered, Gadget().registered, registry["Gadget"] is Gadget)
