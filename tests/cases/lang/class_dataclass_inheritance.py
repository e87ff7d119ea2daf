# Dataclass fields are inherited, the base's first; an eq dataclass is unhashable.
from dataclasses import dataclass
@dataclass
class Base:
    name: str
    weight: float = 1.0
@dataclass
class Node(Base):
    children: tuple = ()
n = Node("root", 2.0, (Node("leaf"),))
print(n)
print(n.children[0].weight, isinstance(n, Base))
try:
    hash(n)
except TypeError as e:
    print(e)
