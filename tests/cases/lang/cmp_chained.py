# Chained comparisons evaluate each operand at most once.
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1)
print(1 == 1 < 2, 1 == 1 == 1, 1 == 1 == 2)
print(1 < 2 > 0, 0 <= 0 <= 0 < 1)
print(5 > 4 > 3 > 2 > 1, 5 > 4 > 3 > 2 > 3)

def mid():
    print('mid evaluated')
    return 5

print(1 < mid() < 10)
print(100 < mid() < 10)

def right():
    print('right evaluated')
    return 0

print(5 < 3 < right())
print(1 < 2 < right())
x = 4
print(1 <= x <= 10, 1 <= x <= 3)
print(1 < x != 4)
