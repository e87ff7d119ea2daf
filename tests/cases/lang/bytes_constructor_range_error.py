print(bytes([0, 255]))
print(bytes([1, 256]))
