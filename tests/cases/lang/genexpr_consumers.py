# Generator expressions consumed by the builtins.
nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(sum(x * x for x in nums), sum((x for x in nums), 100))
print(min(x for x in nums if x > 1), max(-x for x in nums))
print(any(x > 8 for x in nums), all(x > 0 for x in nums), any(x > 9 for x in nums))
print(sorted(x % 4 for x in nums), list(x for x in 'ab'), tuple(x for x in range(3)))
print(set(x % 3 for x in nums) == {0, 1, 2}, dict((x, x + 1) for x in range(2)))
print(' '.join(str(x) for x in nums), ''.join(c for c in 'banana' if c != 'a'))
print(sum(1 for _ in range(1000)), max((len(w), w) for w in ['aa', 'b', 'cc']))
print(list(zip((i for i in range(3)), 'xyz')), list(enumerate(c for c in 'hi')))
