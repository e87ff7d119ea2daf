# __setattr__ defined by the class sees every assignment; object.__setattr__ stores.
class Logged:
    def __init__(self):
        self.x = 1
    def __setattr__(self, name, value):
        print("set", name, value)
        super().__setattr__(name, value)
l = Logged()
l.y = 2
print(l.x, l.y)
