def ratio(a, b):
    scaled = a * 10
    return scaled // b

def report(values):
    for v in values:
        print(ratio(100, v))

print('start')
report([5, 2, 0])
