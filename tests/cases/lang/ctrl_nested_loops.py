# Nested loops: a multiplication table and pair counts.
for i in range(1, 5):
    row = ''
    for j in range(1, 5):
        row = row + str(i * j) + ' '
    print(row)
count = 0
for a in range(5):
    for b in range(a, 5):
        for c in range(b, 5):
            if a + b + c == 6:
                count = count + 1
print('triples', count)
i = 0
while i < 3:
    j = 0
    while j < i:
        print(i, j)
        j = j + 1
    i = i + 1
