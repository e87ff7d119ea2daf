# A short tour of what xpush runs today: plain Python semantics.
import math


def fib(n):
    """Naive recursion: a classic for timing an interpreter."""
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print("fib(20) =", fib(20))
print("2**100 =", 2**100)
print("0.1 + 0.2 =", 0.1 + 0.2)
print("-7 // 2 =", -7 // 2, " -7 % 2 =", -7 % 2)
words = "the quick brown fox".split()
print(sorted(words, key=len))
total = 0
for i, w in enumerate(words):
    total += i * len(w)
print("weighted length:", total)
print("sqrt(2) =", math.sqrt(2))
