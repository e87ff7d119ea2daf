n = 3
label = 'items: '
print(label)
print(n + label)
