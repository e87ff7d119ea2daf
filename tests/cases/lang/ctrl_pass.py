# pass in every block position.
def nothing():
    pass

print(nothing())
if True:
    pass
else:
    pass
for i in range(3):
    pass
print(i)
while False:
    pass
x = 1
if x:
    pass
print('after pass')
