path = f"/tmp/xpush_case_{id(object())}_closed.txt"
with open(path, "w") as f:
    f.write("x")
print(f.closed)
f.write("more")
