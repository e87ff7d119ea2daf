# Making, listing, renaming and removing files and directories.
import time
import os
base = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_dir"
os.makedirs(os.path.join(base, "sub", "deeper"))
os.makedirs(base, exist_ok=True)
for name in ["b.txt", "a.txt"]:
    with open(os.path.join(base, name), "w") as f:
        f.write(name * 3)
print(sorted(os.listdir(base)), os.path.isdir(os.path.join(base, "sub")), os.path.getsize(os.path.join(base, "a.txt")))
os.rename(os.path.join(base, "a.txt"), os.path.join(base, "c.txt"))
print(sorted(os.listdir(base)), os.path.exists(os.path.join(base, "a.txt")))
for name in ["b.txt", "c.txt"]:
    os.remove(os.path.join(base, name))
os.rmdir(os.path.join(base, "sub", "deeper"))
os.rmdir(os.path.join(base, "sub"))
print(os.listdir(base))
os.rmdir(base)
print(os.path.exists(base), os.getenv("XPUSH_SURELY_UNSET_VAR"), os.getenv("XPUSH_SURELY_UNSET_VAR", "dflt"))
try:
    os.remove(base)
except FileNotFoundError as e:
    print("FileNotFoundError:", str(e).replace(base, "BASE"))
