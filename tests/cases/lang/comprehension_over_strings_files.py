# Comprehensions over strings and lines.
text = "alpha 1\nbeta 22\ngamma 333\n"
rows = [line.split() for line in text.splitlines()]
print(rows)
table = {name: int(n) for name, n in rows}
print(table, sum(table.values()))
print([c for c in 'Hello World' if c.isupper()], ''.join(ch * 2 for ch in 'abc'))
print([w[::-1] for w in 'one two three'.split()], [len(line) for line in text.split('\n')])
