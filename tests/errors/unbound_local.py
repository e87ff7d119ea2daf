total = 0

def add(v):
    total = total + v
    return total

print('adding')
add(1)
