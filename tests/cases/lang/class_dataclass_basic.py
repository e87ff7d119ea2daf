# @dataclass: __init__, __repr__ and __eq__ from the annotated fields.
from dataclasses import dataclass, field
@dataclass
class Particle:
    x: float
    v: float = 0.0
    history: list = field(default_factory=list)
    def step(self, dt):
        self.history.append(self.x)
        self.x += self.v * dt
p = Particle(1.0, 2.0)
p.step(0.5)
p.step(0.5)
print(p, p.history, Particle(1.0) == Particle(1.0, 0.0), Particle(1.0) == Particle(2.0))
print(Particle(x=3), Particle(1, v=4), Particle(0).history is Particle(0).history)
try:
    Particle()
except TypeError as e:
    print(e)
try:
    Particle(1, 2, [], 4)
except TypeError as e:
    print(e)
try:
    Particle(1, w=2)
except TypeError as e:
    print(e)
