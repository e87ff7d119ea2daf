# format() and f-string specs reach __format__; without one, a spec is a TypeError.
class Celsius:
    def __init__(self, t):
        self.t = t
    def __format__(self, spec):
        if spec == "F":
            return f"{self.t * 9 / 5 + 32:.1f}F"
        return f"{self.t:{spec}}C"
class Plain:
    def __str__(self):
        return "plain"
c = Celsius(21.5)
print(f"{c}", f"{c:F}", format(c, ".2f"), f"{Plain()}", format(Plain()))
f"{Plain():>10}"
