total = 10
count = 0
print('total', total)
mean = total / count
