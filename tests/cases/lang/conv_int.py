# int() conversions.
print(int('42'), int('-7'), int('+5'), int('0'))
print(int(3.9), int(-3.9), int(0.5), int(-0.5))
print(int(True), int(False), int(7))
print(int(1e20), int(2.0 ** 70))
print(int('123456789012345678901234567890'))
print(int(-0.0), int(1e-9))
print(int(), type(int('3')))
print(int('007'))
