# String sets print in a per-process order in CPython; sorted is stable.
words = "the quick brown fox jumps over the lazy dog".split()
unique = set(words)
print(len(unique), sorted(unique), 'the' in unique, 'cat' in unique)
letters = set()
for w in words:
    letters |= set(w)
print(len(letters), ''.join(sorted(letters)))
print(sorted(unique - {'the', 'fox'}), sorted(unique & {'dog', 'cat'}))
