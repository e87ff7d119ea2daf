# Loop variables stay bound after the loop; assignment in loop body.
for i in range(5):
    pass
print(i)
for ch in 'xyz':
    last = ch
print(ch, last)
for i in [10, 20]:
    i = i * 100
    print(i)
print(i)
total = 0
for x in [1, 2, 3]:
    total += x
print(total, x)
