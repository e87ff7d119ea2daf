# Bubble sort with swaps by tuple assignment.
def bubble(a):
    a = a[:]
    n = len(a)
    swaps = 0
    for i in range(n):
        done = True
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps += 1
                done = False
        if done:
            break
    return a, swaps

data = [5, 3, 8, 1, 9, 2, 7]
result, swaps = bubble(data)
print(result, swaps, data)
print(bubble([]), bubble([1]))
print(result == sorted(data))
