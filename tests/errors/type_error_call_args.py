def area(w, h):
    return w * h

print(area(2, 3))
print(area(2, 3, 4))
