# Chained lazy pipelines: nothing is built until the end.
nums = range(1, 21)
evens = (n for n in nums if n % 2 == 0)
squares = (n * n for n in evens)
big = (s for s in squares if s > 50)
print(list(big))
words = ['a', 'bb', 'ccc', 'dd']
lengths = map(len, words)
long_ones = filter(lambda n: n > 1, lengths)
print(sum(long_ones), list(long_ones))
pairs = zip(range(3), map(str, range(3)))
print(dict(pairs))
print(max((len(w), w) for w in words), min(words, key=len), sorted(words, key=lambda w: (-len(w), w)))
