data = b"abc"
print(data)
data[0] = 65
