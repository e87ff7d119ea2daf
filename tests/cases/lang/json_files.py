# json.dump to a file and json.load back, under with.
import json, os
path = "json_files.tmp"
config = {"steps": 100, "dt": 0.01, "names": ["p0", "p1"], "flags": {"verbose": False}}
with open(path, "w") as f:
    json.dump(config, f, indent=2)
with open(path) as f:
    text = f.read()
print(text)
with open(path) as f:
    back = json.load(f)
print(back == config, back)
os.remove(path)
import sys
json.dump([1, "two"], sys.stdout)
print()
