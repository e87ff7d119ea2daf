path = f"/tmp/xpush_case_{id(object())}_wo.txt"
with open(path, "w") as f:
    print(f.writable(), f.readable())
    f.read()
