s = {7}
print(s.pop())
s.pop()
