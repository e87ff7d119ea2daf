# json.dumps as CPython writes it: separators, indent, sort_keys, escapes, key conversion.
import json
data = {"name": "xpush", "version": 2, "ratio": 0.1 + 0.2, "tags": ["npu", "cpu"], "ok": True, "none": None,
        "nested": {"b": [1, [2, 3], {}], "a": []}}
print(json.dumps(data))
print(json.dumps(data, indent=2))
print(json.dumps(data, sort_keys=True, indent="\t"))
print(json.dumps([1, 2, {"x": 1}], separators=(",", ":")))
print(json.dumps({1: "int", 2.5: "float", True: "bool", None: "none"}))
print(json.dumps("quote \" backslash \\ newline \n tab \t é 漢 😀"))
print(json.dumps("é 漢 😀", ensure_ascii=False))
print(json.dumps([float("nan"), float("inf"), -float("inf"), 1e100, 1.0, -0.0, 10**20]))
print(json.dumps((1, 2)), json.dumps([]), json.dumps({}), json.dumps(""), json.dumps([[]], indent=4))
print(json.dumps({"z": 1, "a": {"y": 2, "b": 3}}, sort_keys=True))
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps({"s": {1, 2}})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): 3, "k": 4}, skipkeys=True))
print(json.dumps({"s": {3, 1, 2}}, default=sorted))
loop = []
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
