# staticmethod and classmethod, through the class and through an instance.
class Temperature:
    scale = "C"
    def __init__(self, degrees):
        self.degrees = degrees
    @staticmethod
    def to_f(c):
        return c * 9 / 5 + 32
    @classmethod
    def freezing(cls):
        return cls(0)
    @classmethod
    def name(cls):
        return cls.__name__ + "/" + cls.scale
class Kelvin(Temperature):
    scale = "K"
t = Temperature.freezing()
print(t.degrees, Temperature.to_f(100), t.to_f(37), Temperature.name(), Kelvin.name(), Kelvin(3).name())
print(type(Kelvin.freezing()).__name__)
