# and / or return one of their operands.
print(0 or 5, 3 or 5, 0 or 0.0, '' or 'x')
print(3 and 4, 0 and 4, [] and 1, 'a' and 'b')
print(None or 0, None and 0)
print(1 and 2 and 3, 1 and 0 and 3)
print(0 or '' or [] or 'last', 0 or '' or None)
print(1 or 2 and 0, (1 or 2) and 0)
print(True and 7, False or [1, 2])
x = [] or [3]
print(x)
