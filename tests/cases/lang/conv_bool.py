# bool() conversions.
print(bool(0), bool(1), bool(-1), bool(2**100))
print(bool(0.0), bool(-0.0), bool(0.5), bool(float('nan')))
print(bool(''), bool('a'), bool(' '), bool('False'))
print(bool([]), bool([0]), bool(()), bool((0,)))
print(bool(None), bool(0j), bool(1j))
print(bool(range(0)), bool(range(1)))
print(bool(), bool(True), type(bool(1)))
