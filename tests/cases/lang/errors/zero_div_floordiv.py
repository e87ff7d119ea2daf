print(7 // 2)
d = 0
print(7 // d)
