# Conditional expressions inside comprehensions and filters.
nums = range(-3, 4)
print(['neg' if n < 0 else 'zero' if n == 0 else 'pos' for n in nums])
print([n if n % 2 else -n for n in nums if n])
print({n: ('even' if n % 2 == 0 else 'odd') for n in range(4)})
print(sum(n for n in nums if n > 0), [abs(n) for n in nums if n < 0 or n > 2])
print([x for x in [0, 1, '', 'a', None, [], [0]] if x])
