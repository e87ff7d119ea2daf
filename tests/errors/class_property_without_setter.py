# xpush: expect-class=AttributeError
class Sensor:
    @property
    def reading(self):
        return 42
s = Sensor()
s.reading = 3
