# Append mode, print(..., file=f), writelines, and reading back.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_log.txt"
with open(path, "w") as log:
    print("run", 1, sep=": ", file=log)
with open(path, "a") as log:
    for i in range(2, 4):
        print("run", i, sep=": ", file=log)
    log.writelines([f"total {3}\n", "end\n"])
with open(path) as log:
    print(log.read(), end="")
with open(path) as log:
    counts = {}
    for line in log:
        key = line.split(":")[0].strip()
        counts[key] = counts.get(key, 0) + 1
print(counts)
import os
os.remove(path)
print(os.path.exists(path))
