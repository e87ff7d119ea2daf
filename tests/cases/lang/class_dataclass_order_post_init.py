# @dataclass(order=True) compares field tuples; __post_init__ runs after __init__.
from dataclasses import dataclass, asdict, astuple, is_dataclass
@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0
    def __post_init__(self):
        self.text = f"{self.major}.{self.minor}.{self.patch}"
vs = [Version(1, 2), Version(1, 10), Version(0, 9, 9), Version(1, 2, 1)]
print(sorted(vs))
print([v.text for v in sorted(vs, reverse=True)], max(vs).text)
print(Version(1) < Version(1, 0, 1), Version(2) >= Version(1, 99), Version(1, 2) <= Version(1, 2))
print(asdict(Version(3, 1)), astuple(Version(3, 1)), is_dataclass(Version), is_dataclass(vs[0]), is_dataclass(1))
