# Binary search over a sorted list.
def bsearch(a, x):
    lo = 0
    hi = len(a) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid
        elif a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1

a = list(range(0, 100, 3))
for x in [0, 3, 51, 99, 100, -1, 50]:
    print(x, bsearch(a, x))
