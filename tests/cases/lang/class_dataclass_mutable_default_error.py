# A mutable default in a dataclass is a ValueError, as CPython's.
from dataclasses import dataclass
print("defining")
@dataclass
class Bad:
    items: list = []
