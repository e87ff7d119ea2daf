print(bytes("abc", "ascii"))
print(bytes("abc"))
