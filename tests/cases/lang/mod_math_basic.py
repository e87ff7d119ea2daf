# math: sqrt, pi, floor, ceil, gcd, factorial, inf, trunc.
import math
print(math.sqrt(16), math.sqrt(2), math.sqrt(0.25))
print(math.pi, math.e)
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1))
print(type(math.floor(1.5)), math.floor(5), math.ceil(2**70))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.gcd(2**80, 6**40))
print(math.factorial(0), math.factorial(10))
print(math.factorial(30))
print(math.inf, -math.inf, math.inf > 10**308)
print(math.trunc(2.7), math.trunc(-2.7), math.trunc(5))
print(math.floor(-0.5), math.ceil(-0.5))
