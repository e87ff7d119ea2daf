# Inheritance, method override and super() in a two-level hierarchy.
class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def describe(self):
        return f"{self.name} says {self.speak()}"
class Dog(Animal):
    def speak(self):
        return "woof"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + "!"
for a in [Animal("generic"), Dog("rex"), Puppy("bit", 1)]:
    print(a.describe())
p = Puppy("bit", 1)
print(p.age, isinstance(p, Dog), isinstance(p, Animal), issubclass(Puppy, Animal), issubclass(Animal, Dog))
print([c.__name__ for c in Puppy.__mro__])
print(Puppy.__bases__, Dog.__bases__)
