print({frozenset({1}): 'ok'})
print({{}: 1})
