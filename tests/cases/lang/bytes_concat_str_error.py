print(b"a" + b"b")
print(b"a" + "b")
