# The counting idioms of tutorial code.
text = "the quick brown fox jumps over the lazy dog the end"
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
by_len = {}
for w in text.split():
    by_len.setdefault(len(w), []).append(w)
print(by_len)
print(max(counts, key=counts.get), min(counts.values()), sum(counts.values()))
