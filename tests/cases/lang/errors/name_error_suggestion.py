counter = 5
print(counter)
print(countr + 1)
