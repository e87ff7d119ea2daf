print(len('ab'))
print(len(5))
