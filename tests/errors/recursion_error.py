def down(n):
    return down(n + 1)

print('recursing')
down(0)
