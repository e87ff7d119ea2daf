data = b"abc"
print(data[2])
print(data[3])
