# float() conversions.
print(float('1e3'), float('3.5'), float('-2'), float('.5'))
print(float(3), float(-7), float(True), float(False))
print(float('inf'), float('-inf'), float('nan'))
print(float('Infinity'), float('-INF'))
print(float(2**60), float(10**20))
print(float(2**53 + 1))
print(float(), float('1_000.5'))
print(float(0.1), type(float(1)))
