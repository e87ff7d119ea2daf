path = f"/tmp/xpush_case_{id(object())}_t.txt"
with open(path, "w") as f:
    f.write("text")
    f.write(b"bytes")
