# A generator reading a file under with: the file stays open between yields.
import os
path = "gen_with_file_lines.tmp"
with open(path, "w") as f:
    f.write("# comment\n1,2\n\n3,4\n# end\n5,6\n")
def records(p):
    with open(p) as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            a, b = line.split(",")
            yield int(a), int(b)
    print("file closed:", fh.closed)
rows = records(path)
print(next(rows))
print(list(rows))
os.remove(path)
