# Nested lists as matrices.
m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(m[1], m[1][2], m[-1][-1])
m[0][0] = 100
print(m)
t = []
for j in range(3):
    row = []
    for i in range(3):
        row.append(m[i][j])
    t.append(row)
print(t)
total = 0
for row in m:
    for v in row:
        total = total + v
print(total)
deep = [1, [2, [3, [4]]]]
print(deep[1][1][1][0], len(deep))
