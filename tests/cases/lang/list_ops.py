# List +, *, in, len.
a = [1, 2]
b = [3]
print(a + b, b + a, a + [])
print(a * 3, [0] * 4, [] * 5, a * 0)
print(2 in a, 3 in a, [1] in [[1], 2])
print(len(a), len([]), len([[1, 2, 3]]))
grid = [[0] * 2] * 2
grid[0][0] = 1
print(grid)
c = a + b
c.append(4)
print(a, b, c)
print(3 * [None])
