# json.loads: values, nesting, escapes, numbers, and JSONDecodeError messages.
import json
doc = '{"a": [1, 2.5, -3e2, null, true, false], "b": {"c": "x\\ny \\u00e9 \\ud83d\\ude00"}, "big": 123456789012345678901234567890}'
v = json.loads(doc)
print(v, type(v["a"][2]).__name__, v["big"] + 1)
print(json.loads("  [ ]  "), json.loads("{}"), json.loads('"s"'), json.loads("3"), json.loads("NaN"), json.loads("-Infinity"))
print(json.loads('{"k": 1, "k": 2}'), json.loads(b'[1, 2]'))
print(json.loads(json.dumps({"round": [0.1, 1e-7, "trip"]})))
for bad in ['', '[1,]', '{"a" 1}', '{"a": 1,}', '{a: 1}', '[1 2]', '"unterminated', '[1] x', '"bad \\q escape"', '\n\n  {"x": tru}', '"tab\tinside"']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e)
try:
    json.loads("[")
except ValueError as e:
    print("a ValueError too:", type(e).__name__, e)
