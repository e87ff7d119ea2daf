x = 2.5
print(x)
y = x / 0.0
