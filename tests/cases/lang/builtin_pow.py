# pow with two and three arguments.
print(pow(2, 10), pow(2, -1), pow(2.0, 3), pow(-2, 3))
print(pow(3, 4, 5), pow(-2, 3, 5), pow(2, 100, 1000007))
print(pow(7, 0, 13), pow(0, 0), pow(10, 2, 1))
print(pow(2, 1000, 10**9 + 7))
print(pow(2, 0.5), pow(1j, 2))
print(pow(5, 3, -7))
