path = f"/tmp/xpush_case_{id(object())}_mode.txt"
with open(path, "w") as f:
    f.write("ok")
open(path, "rw")
