print(97 in b"abc")
print("a" in b"abc")
