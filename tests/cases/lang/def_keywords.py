# Keyword arguments.
def box(width, height=1, fill='#'):
    return str(width) + 'x' + str(height) + fill

print(box(2))
print(box(2, 3))
print(box(width=4))
print(box(2, fill='*'))
print(box(fill='.', height=5, width=6))
print(box(1, height=2, fill='+'))

def sub(a, b):
    return a - b

print(sub(b=1, a=10), sub(10, b=1))
print(sorted([3, 1, 2], reverse=True))
print('x', 'y', sep='-', end='\n')
