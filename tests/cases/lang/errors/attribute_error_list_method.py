a = [1]
a.append(2)
print(a)
a.push(3)
