# Conversions between numeric kinds through builtins.
print(round(3.14159, 2), int(round(2.5)), float(round(7)))
print(str(int(1e3)), int(str(42)) + 1, float(str(0.1)))
print(bool(int('0')), str(bool(1)))
print(int(float('2.9')), int(-float('2.9')))
print(repr(str(1.0)), repr(str(10**20)))
print(abs(int(-4.7)), round(-4.7))
