def lookup(table, key):
    return table[key]
print(lookup({'a': 1}, 'a'))
print(lookup({'a': 1}, 'b'))
