# Nested comprehensions see the loop variables of the ones around them.
pairs = {(a, b) for a in range(3) for b in range(a, 3) if (a + b) % 2 == 0}
print(sorted(pairs))
table = {i: {j: i * j for j in range(3)} for i in range(3)}
print(table)
words = ['apple', 'bob', 'kayak', 'level', 'python']
print({w for w in words if w == w[::-1]} == {'bob', 'kayak', 'level'})
print([[c for c in w if c in 'aeiou'] for w in words[:3]])
def outer(n):
    return [[(i, j) for j in range(i)] for i in range(n)]
print(outer(3))
