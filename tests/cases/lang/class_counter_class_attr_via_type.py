# Counting instances through a class attribute changed by type(self).
class Tracked:
    created = 0
    def __init__(self):
        type(self).created += 1
        self.id = Tracked.created
class Sub(Tracked):
    pass
objs = [Tracked(), Tracked(), Sub()]
print([o.id for o in objs], Tracked.created, Sub.created)
