from collections import defaultdict

counts = defaultdict(None, {"a": 1})
print(counts["b"])
